"""Shader programs loaded from the repository's shaders/ folder."""
from __future__ import annotations

from pathlib import Path

import moderngl

SHADER_DIR = Path(__file__).resolve().parents[2] / "shaders"


def load_program(ctx: moderngl.Context, name: str) -> moderngl.Program:
    """Compile shaders/<name>.vert + shaders/<name>.frag."""
    try:
        vert = (SHADER_DIR / f"{name}.vert").read_text()
        frag = (SHADER_DIR / f"{name}.frag").read_text()
    except OSError as e:
        raise FileNotFoundError(f"shader {name!r} missing in {SHADER_DIR}: {e.strerror}") from None
    return ctx.program(vertex_shader=vert, fragment_shader=frag)
