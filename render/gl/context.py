"""The one headless GL context of a process (tests, screenshots, benches)."""
from __future__ import annotations

import functools

import moderngl


@functools.lru_cache(maxsize=1)
def headless_context() -> moderngl.Context:
    """A hidden pyglet window's context on EGL (Mesa llvmpipe without a GPU); one per process."""
    import pyglet

    pyglet.options["headless"] = True
    import pyglet.window  # noqa: F401  (after the option, so EGL is chosen)

    window = pyglet.window.Window(width=16, height=16, visible=False)
    ctx = moderngl.create_context()
    ctx.extra = window  # keep the window (and so the context) alive with the context
    return ctx
