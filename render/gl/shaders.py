"""Shader programs, read through importlib.resources from the package render.shaders (the top-level
shaders/ folder, which setup.py maps there), so an installed wheel finds them as a checkout does."""
from __future__ import annotations

from importlib.resources import files

import moderngl

SHADERS = files("render.shaders")


def load_program(ctx: moderngl.Context, name: str) -> moderngl.Program:
    """Compile shaders/<name>.vert + shaders/<name>.frag."""
    try:
        vert = (SHADERS / f"{name}.vert").read_text()
        frag = (SHADERS / f"{name}.frag").read_text()
    except OSError as e:
        raise FileNotFoundError(f"shader {name!r} missing in {SHADERS}: {e.strerror}") from None
    return ctx.program(vertex_shader=vert, fragment_shader=frag)
