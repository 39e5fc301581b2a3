"""One headless GL context for the whole session; tests marked ``gl`` get it with the GL error
flag checked before and after (an error left by an earlier test fails that test, not this one)."""
from __future__ import annotations

import moderngl
import pytest

from render.gl.context import headless_context


@pytest.fixture(scope="session")
def gl_session() -> moderngl.Context:
    return headless_context()


@pytest.fixture(autouse=True)
def _gl_error_check(request):
    if request.node.get_closest_marker("gl") is None:
        yield
        return
    ctx = request.getfixturevalue("gl_session")
    stale = ctx.error
    yield
    assert stale == "GL_NO_ERROR", f"GL error left before this test: {stale}"
    assert ctx.error == "GL_NO_ERROR", f"GL error during {request.node.name}"


@pytest.fixture
def ctx(gl_session) -> moderngl.Context:
    return gl_session
