"""Table prints put away, kept to be worn again by a table that bakes the same print: off unless
:func:`start` turns it on (the screen-level fuzzer, render/uifuzz, opens the same table again and
again: a reload, a language switched and back). The window's own program keeps nothing: a table
put away gives its memory back (render/memory.py).

A bake (Tabletop.bake_print) draws its flat pieces unlit from above into a texture and makes its
mipmaps, about a second for a 4096² print on llvmpipe. What it draws is a function of what it is
given, all of it in :func:`inputs`: the atlas's and the wood's pixels, each batch's mesh, mode and
instance rows, the size and extent (the shaders' unlit paths read nothing else). A print baked from
the same inputs is the same texture in all but its GL name, so it is taken instead of drawn again.
"""
from __future__ import annotations

import hashlib
from collections import OrderedDict

import moderngl
import numpy as np

_pool: "PrintPool | None" = None


class PrintPool:
    """The prints baked while the pool is on, each with what it was baked from: those worn (by one
    table or by several at once: a table built while the one it replaces still stands) and up to
    ``budget`` bytes of those nobody wears, the oldest let go first."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._kept: OrderedDict[tuple, moderngl.Texture] = OrderedDict()
        self._worn: dict[tuple, moderngl.Texture] = {}
        self._inputs: dict[moderngl.Texture, tuple] = {}  # a print worn now -> what it was baked from
        self._wearers: dict[moderngl.Texture, set[int]] = {}  # -> the tables wearing it (their ids)

    def take(self, inputs: tuple, wearer: object) -> moderngl.Texture | None:
        tex = self._worn.get(inputs) or self._kept.pop(inputs, None)
        if tex is not None:
            self.note(tex, inputs, wearer)
        return tex

    def note(self, tex: moderngl.Texture, inputs: tuple, wearer: object) -> None:
        self._worn[inputs], self._inputs[tex] = tex, inputs
        self._wearers.setdefault(tex, set()).add(id(wearer))

    def put_away(self, tex: moderngl.Texture, wearer: object) -> None:
        wearers = self._wearers.get(tex)
        if wearers is None:
            tex.release()
            return
        wearers.discard(id(wearer))
        if wearers:
            return
        del self._wearers[tex]
        inputs = self._inputs.pop(tex)
        del self._worn[inputs]
        self._kept[inputs] = tex
        while sum(_bytes(t) for t in self._kept.values()) > self.budget:
            self._kept.popitem(last=False)[1].release()

    def close(self) -> None:
        """Release what nobody wears; what is worn is released by its tables (the pool is off then)."""
        for tex in self._kept.values():
            tex.release()
        self._kept.clear()


def _bytes(tex: moderngl.Texture) -> int:
    """A mipmapped texture's memory: its first level and a third more."""
    w, h = tex.size
    return w * h * tex.components * int(tex.dtype[1:]) * 4 // 3


def start(budget: int) -> None:
    """Keep prints put away, up to ``budget`` bytes of them (until :func:`stop`)."""
    global _pool
    stop()
    _pool = PrintPool(budget)


def stop() -> None:
    """Keep nothing any more: the kept prints are released."""
    global _pool
    if _pool is not None:
        _pool.close()
    _pool = None


def digest(*arrays: np.ndarray) -> bytes | None:
    """The pixels or vertices a print is baked from, in a few bytes; None while the pool is off
    (a table made then is never kept)."""
    if _pool is None:
        return None
    h = hashlib.sha256()
    for a in arrays:
        h.update(repr((a.shape, a.dtype.str)).encode())
        h.update(np.ascontiguousarray(a).tobytes())
    return h.digest()


def inputs(ctx: moderngl.Context, size: int, extent: float, atlas: bytes | None, wood: bytes | None,
           batches: list[tuple[bytes | None, int, np.ndarray]]) -> tuple | None:
    """All a bake draws from (``batches``: each one's mesh digest, mode and instance rows); None
    when the pool is off or a digest is missing."""
    if _pool is None or atlas is None or wood is None or any(mesh is None for mesh, _, _ in batches):
        return None
    return ctx, size, float(extent), atlas, wood, tuple((mesh, mode, digest(rows)) for mesh, mode, rows in batches)


def take(inputs: tuple | None, wearer: object) -> moderngl.Texture | None:
    """A print baked from ``inputs`` before, now worn by ``wearer`` too; None when there is none."""
    return _pool.take(inputs, wearer) if _pool is not None and inputs is not None else None


def note(tex: moderngl.Texture, inputs: tuple | None, wearer: object) -> None:
    """``wearer`` has just baked ``tex`` from ``inputs``: kept when nobody wears it any more."""
    if _pool is not None and inputs is not None:
        _pool.note(tex, inputs, wearer)


def put_away(tex: moderngl.Texture, wearer: object) -> None:
    """``wearer`` wears ``tex`` no more: kept while the pool is on and knows it (released once
    nobody wears it and it is the oldest over the budget), else released."""
    if _pool is not None:
        _pool.put_away(tex, wearer)
    else:
        tex.release()
