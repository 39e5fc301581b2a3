"""Giving memory back to the system when a table is put away.

A table builds large arrays (meshes, textures, text) and frees them when it closes, but glibc's
allocator keeps freed heap pages for reuse, so the process's resident size only ever climbs to the
largest table seen. ``give_back`` collects cycles and asks the allocator to return free pages
(``malloc_trim``); elsewhere than glibc it only collects.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import gc
from functools import cache
from typing import Callable


@cache
def _trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, Windows, musl)."""
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None


def give_back() -> bool:
    """Free what the last table left to the collector and return free heap pages to the system;
    True when the allocator was asked."""
    gc.collect()
    trim = _trim()
    if trim is None:
        return False
    trim(0)
    return True
