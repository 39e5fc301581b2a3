"""A count of the GL objects a moderngl context holds, by kind, for the soak (scripts/soak).

moderngl keeps no list of live objects (in its default gc mode a dropped object is neither released
nor remembered), so the census wraps the context's factory methods and remembers what they made;
an object counts as live until it is released, whether or not Python still refers to it.
"""
from __future__ import annotations

import functools
from collections import Counter
from typing import Any, Callable

import moderngl

# the context's factories, by the kind of object they make
FACTORIES = {
    "buffer": "buffers", "texture": "textures", "texture_array": "textures", "texture3d": "textures",
    "texture_cube": "textures", "depth_texture": "textures", "vertex_array": "vertex_arrays",
    "program": "programs", "framebuffer": "framebuffers", "renderbuffer": "renderbuffers",
    "depth_renderbuffer": "renderbuffers", "sampler": "samplers", "query": "queries",
    "compute_shader": "programs",
}
KINDS = tuple(dict.fromkeys(FACTORIES.values()))
PRUNE_AT = 4096  # remembered objects before the released ones are forgotten (objects made every frame)


def released(obj: Any) -> bool:
    """moderngl swaps an object's handle for an InvalidObject when it is released."""
    return isinstance(getattr(obj, "mglo", None), moderngl.InvalidObject)


class Census:
    """Installed on one context; ``live()`` counts what its factories made and nobody released."""

    def __init__(self, ctx: moderngl.Context) -> None:
        self._made: dict[int, tuple[str, Any]] = {}
        self._prune_at = PRUNE_AT
        self._ctx = ctx
        for name, kind in FACTORIES.items():
            if hasattr(ctx, name):
                setattr(ctx, name, self._counting(getattr(ctx, name), kind))

    def detach(self) -> None:
        """The context's own factories again (a shared context, e.g. the tests')."""
        for name in FACTORIES:
            self._ctx.__dict__.pop(name, None)

    def _counting(self, make: Callable[..., Any], kind: str) -> Callable[..., Any]:
        @functools.wraps(make)
        def made(*args: Any, **kwargs: Any) -> Any:
            obj = make(*args, **kwargs)
            self._made[id(obj)] = (kind, obj)  # the object is kept: a dropped, unreleased one still counts
            if len(self._made) >= self._prune_at:
                self._prune()
                self._prune_at = max(PRUNE_AT, 2 * len(self._made))
            return obj
        return made

    def _prune(self) -> None:
        self._made = {k: v for k, v in self._made.items() if not released(v[1])}

    def live(self) -> dict[str, int]:
        """Unreleased objects by kind (every kind named, zeros too)."""
        self._prune()
        counts = Counter(kind for kind, _ in self._made.values())
        return {kind: counts[kind] for kind in KINDS}
