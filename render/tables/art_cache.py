"""Painted atlases kept on disk between runs: painting one with numpy takes seconds, loading it a
fraction of one, so a game's first frame does not wait for its art after the first time.

A file is named by a hash of the code and data that paint the atlas, so any change to them paints
afresh. The file holds the image's shape, a digest of its pixels and the pixels zlib-compressed;
a file that is not exactly that (a folder or a device in its place, another shape, a decompression
bomb, pixels that do not match the digest) is ignored and painted over.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import os
import struct
import zlib
from pathlib import Path
from typing import Callable

import numpy as np

from game.core.savefile import read_regular
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


MAGIC = b"CTATLAS2"  # the file's first bytes: then the shape, the pixels' digest, the zlib-compressed pixels
_HEAD = struct.Struct("<B4I32s")  # rank, up to four sizes, sha256 of the pixels


def _pack(image: np.ndarray) -> bytes:
    pixels = np.ascontiguousarray(image).tobytes()
    dims = tuple(image.shape) + (0,) * (4 - image.ndim)
    return MAGIC + _HEAD.pack(image.ndim, *dims, hashlib.sha256(pixels).digest()) + zlib.compress(pixels, 1)


def _load(path: Path, shape: tuple[int, ...]) -> np.ndarray | None:
    """The image in ``path`` if it is exactly a sound copy of ``shape``: a regular file of a sane
    size, the shape in its header, pixels that inflate to no more than that shape holds (a
    decompression bomb stops there) and match the digest. None otherwise: it is painted over."""
    size = int(np.prod(shape))
    try:
        data = read_regular(path, max_bytes=size + size // 100 + 4096)  # zlib's worst case and the header
    except OSError:
        return None
    head = len(MAGIC) + _HEAD.size
    if len(shape) > 4 or len(data) < head or not data.startswith(MAGIC):
        return None
    rank, *dims, digest = _HEAD.unpack_from(data, len(MAGIC))
    if (rank, tuple(dims[:rank])) != (len(shape), tuple(shape)):
        return None
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(data[head:], size + 1)
    except zlib.error:
        return None
    if len(raw) != size or not inflate.eof or inflate.unconsumed_tail or hashlib.sha256(raw).digest() != digest:
        return None
    return np.frombuffer(raw, np.uint8).reshape(shape).copy()


def _store(older: str, path: Path, image: np.ndarray) -> None:
    """Write ``image`` whole or not at all (a temporary file renamed into place, removed when the
    rename fails: a folder where the file goes); drop the files an older version of the code left
    (the glob ``older``). A cache that cannot be written is no error."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(_pack(image))
        os.replace(tmp, path)
        for old in path.parent.glob(older):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


def _path(name: str, key: str, lang: str) -> tuple[Path, str]:
    """Where the atlas ``name`` painted by the code ``key`` in the language ``lang`` is kept, and the
    glob of its files for any code in that language. Atlases print words, so each language keeps
    its own file, keyed by its catalogue too."""
    words = hashlib.sha256(json.dumps(i18n.catalogue(lang), sort_keys=True).encode()).hexdigest()[:8]
    return cache_dir() / f"{name}-{key}-{lang}{words}{SUFFIX}", f"{name}-*-{lang}*{SUFFIX}"


def load(name: str, key: str, shape: tuple[int, ...], lang: str) -> np.ndarray | None:
    """The atlas ``name`` as the code ``key`` painted it in ``lang``, if the cache holds a sound copy
    of ``shape``."""
    return _load(_path(name, key, lang)[0], shape)


def keep(name: str, key: str, image: np.ndarray, lang: str) -> None:
    """Keep the painted ``image`` for the next run (nothing happens when the cache cannot be written)."""
    path, older = _path(name, key, lang)
    _store(older, path, image)


def cached_image(name: str, key: str, shape: tuple[int, ...], paint: Callable[[], np.ndarray]) -> np.ndarray:
    """The uint8 image of ``shape`` that ``paint`` makes in the language spoken, from the cache when a
    sound copy is there."""
    lang = i18n.language()
    image = load(name, key, shape, lang)
    if image is None:
        image = paint()
        if image.shape != shape or image.dtype != np.uint8:
            raise ValueError(f"{name} atlas painted as {image.shape} {image.dtype}, expected {shape} uint8")
        keep(name, key, image, lang)
    return image
