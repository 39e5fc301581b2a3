"""Painted atlases kept on disk between runs: painting one with numpy takes seconds, loading it a
fraction of one, so a game's first frame does not wait for its art after the first time.

A file is named by a hash of the code and data that paint the atlas, so any change to them paints
afresh. The pixels are stored zlib-compressed, whose checksum catches a damaged file; a file that
does not load as exactly the expected image is ignored and painted over.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import os
import zlib
from pathlib import Path
from typing import Callable

import numpy as np

from render import i18n
from render.paths import user_dir

SUFFIX = ".atlas"


def cache_dir() -> Path:
    return user_dir("cache")


def source_key(*modules: str) -> str:
    """A short hash of the source files of the named modules (the code and data that paint an atlas)."""
    h = hashlib.sha256()
    for name in modules:
        h.update(Path(importlib.import_module(name).__file__ or "").read_bytes())
    return h.hexdigest()[:20]


def _load(path: Path, shape: tuple[int, ...]) -> np.ndarray | None:
    try:
        raw = zlib.decompress(path.read_bytes())
    except (OSError, zlib.error):
        return None
    if len(raw) != int(np.prod(shape)):
        return None
    return np.frombuffer(raw, np.uint8).reshape(shape).copy()


def _store(older: str, path: Path, image: np.ndarray) -> None:
    """Write ``image`` whole or not at all (a temporary file renamed into place); drop the files an
    older version of the code left (the glob ``older``). A cache that cannot be written is no error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(zlib.compress(np.ascontiguousarray(image).tobytes(), 1))
        os.replace(tmp, path)
        for old in path.parent.glob(older):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass


def cached_image(name: str, key: str, shape: tuple[int, ...], paint: Callable[[], np.ndarray]) -> np.ndarray:
    """The uint8 image of ``shape`` that ``paint`` makes, from the cache when a sound copy is there.
    Atlases print words, so each language keeps its own file, keyed by its catalogue too."""
    lang = i18n.language()
    words = hashlib.sha256(json.dumps(i18n.catalogue(lang), sort_keys=True).encode()).hexdigest()[:8]
    path = cache_dir() / f"{name}-{key}-{lang}{words}{SUFFIX}"
    image = _load(path, shape)
    if image is None:
        image = paint()
        if image.shape != shape or image.dtype != np.uint8:
            raise ValueError(f"{name} atlas painted as {image.shape} {image.dtype}, expected {shape} uint8")
        _store(f"{name}-*-{lang}*{SUFFIX}", path, image)
    return image
