"""One headless GL context for the whole session; tests marked ``gl`` get it with the GL error
flag checked before and after (an error left by an earlier test fails that test, not this one)."""
from __future__ import annotations

import moderngl
import pytest

from render.gl.context import headless_context
from render.options import Options

SIZE = (1280, 720)  # the app's offscreen size in the screen tests


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


@pytest.fixture
def app(gl_session, tmp_path):
    """The app on the session's GL context, drawing offscreen at SIZE (GL errors checked above)."""
    from render.app import App

    from render import i18n

    a = App(gl_session.extra, gl_session, Options(save=str(tmp_path / "autosave.json"), anim_speed=0.0), size=SIZE)
    yield a
    a.close()
    i18n.set_language("en")  # a test that switched it (the fuzzer does) leaves the next one in English


@pytest.fixture
def new_app(gl_session):
    """Starts of the program in one test: ``new_app(options)`` is a fresh App on the session's GL
    context; each is closed at the end, and the language and marks the settings set put back."""
    from render.app import App
    from render import i18n
    from render.ui import theme

    apps = []

    def make(options: Options):
        a = App(gl_session.extra, gl_session, options, size=SIZE)
        apps.append(a)
        return a
    yield make
    for a in apps:
        a.close()
    i18n.set_language("en")
    theme.show_marks(True)


@pytest.fixture
def restart(new_app, tmp_path, monkeypatch):
    """A fresh App, as a new start of the program: its options from ``argv`` (parsed as the command
    line is) and settings.json, kept in tmp_path."""
    from render.cli import build_parser, make_options

    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))
    return lambda *argv: new_app(make_options(build_parser().parse_args(["--save", str(tmp_path / "game.json"), *argv])))
