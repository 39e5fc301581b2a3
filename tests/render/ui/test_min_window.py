"""The smallest window the program allows (theme.MIN_WINDOW): a smaller --size for a window is
refused in one line, a smaller remembered window opens at the least size, pictures may be smaller."""
from __future__ import annotations

import pytest

from render.cli import UsageError, window_size
from render.ui import theme


def test_a_window_smaller_than_the_least_is_refused_or_grown():
    least = theme.MIN_WINDOW
    assert least == (1024, 600)
    with pytest.raises(UsageError, match="smaller than the smallest window, 1024x600"):
        window_size((800, 600), given=True)
    with pytest.raises(UsageError):
        window_size((1280, 480), given=True)
    assert window_size((800, 480), given=False) == least  # settings.json's last window
    assert window_size((1024, 600), given=True) == least
    assert window_size((1920, 1080), given=True) == (1920, 1080)


def test_the_window_refuses_to_be_made_smaller(monkeypatch):
    from render import app

    class Window:  # no second GL context in the test run: only what open_window asks of the window
        def __init__(self, *args, **kwargs) -> None:
            self.least = None

        def set_minimum_size(self, w: int, h: int) -> None:
            self.least = (w, h)

    monkeypatch.setattr(app.pyglet.window, "Window", Window)
    monkeypatch.setattr(app.moderngl, "create_context", lambda: None)
    window, _ = app.open_window(1280, 720, visible=False)
    assert window.least == theme.MIN_WINDOW
