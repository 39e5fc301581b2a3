"""Leaving a table gives its memory back to the system (render/memory.py)."""
from __future__ import annotations

import os

import pytest

from render import memory
from render.options import Options
from render.soak import resident_mb


@pytest.mark.skipif(memory._trim() is None, reason="the C library has no malloc_trim (not glibc)")
def test_give_back_returns_freed_heap_pages_to_the_system():
    held = [bytes(3000) for _ in range(40_000)]  # 120 MB in blocks malloc takes from its heap, not mmap
    pin = bytes(3000)  # above them: free() alone cannot shrink the heap's top
    del held
    kept = resident_mb()
    assert memory.give_back()
    assert resident_mb() < kept - 60, "the freed heap stayed resident"
    assert len(pin) == 3000


def test_leaving_a_table_gives_memory_back_and_leaving_a_menu_does_not(gl_session, monkeypatch, tmp_path):
    from render.app import App
    from render.screens.game import GameScreen
    from render.screens.base import Screen

    calls = []
    monkeypatch.setattr(memory, "give_back", lambda: calls.append(1) or True)
    app = App(gl_session.extra, gl_session, Options(save=os.devnull), size=(320, 180))
    try:
        app.show_menu()
        app.show(Screen(app))
        assert calls == []
        app.start_game(Options(game="octocube", players=2, seats=["human", "human"], seed=1,
                               save=str(tmp_path / "autosave.json")))
        assert isinstance(app.screen, GameScreen)
        app.show_menu()
        assert calls == [1]
    finally:
        app.close()
