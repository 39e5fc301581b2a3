"""The README's option table and Recording paragraph, flag by flag where no other test holds one:
--guide / --no-guide (default: as last chosen), --record without PyAV (one line; a PNG folder still
records), --record's --anim-speed, and --screenshot's --show guide2 and --lang ja."""
from __future__ import annotations

import sys

import pytest

from game import registry
from game.bots import make_bot
from game.core.match import Match
from render import settings
from render.cli import main
from tests.render.screens.test_app_screens import wait_for

pytestmark = pytest.mark.gl


def suggests(app) -> bool:
    """Whether the table suggests the person's move by itself (the first-game guide's caption)."""
    app.start_game(app.options)
    screen = app.screen
    wait_for(app, lambda: screen.table.active)
    for _ in range(30):
        app.tick(1 / 60)
    wait_for(app, lambda: not screen.worker.busy)
    app.tick(1 / 60)
    return screen.hint_action is not None and screen.caption.startswith("Suggested: ")


def test_guide_and_no_guide_and_the_default_is_as_last_chosen(restart):
    seats = ("--game", "octocube", "--seats", "human,random", "--seed", "4", "--anim-speed", "0")
    assert suggests(restart(*seats, "--guide"))
    assert not suggests(restart(*seats))  # never chosen: off
    settings.save(guide=True)  # the menu's "First game: Guide me" chosen last
    assert suggests(restart(*seats))
    assert not suggests(restart(*seats, "--no-guide"))


@pytest.fixture
def save(tmp_path) -> str:
    """A two-seat Octocube game of 3 random moves, saved."""
    match = Match(registry.get("octocube"), 2, 5, ["random", "greedy"])
    bot = make_bot("random", match.rules, 0, 5)
    for _ in range(3):
        match.apply(bot.choose(match.state))
    path = str(tmp_path / "game.json")
    match.save(path)
    return path


def film(save, out, *argv) -> int:
    return main(["--replay", save, "--record", str(out), "--size", "160x90", "--fps", "8", *argv])


def test_without_pyav_a_film_says_in_one_line_how_to_add_it_and_a_png_folder_still_records(
        save, tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "av", None)  # PyAV not installed
    for name in ("game.mp4", "game.gif"):
        assert film(save, tmp_path / name, "--anim-speed", "0") == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cubetable[record]" in err
        assert not (tmp_path / name).exists()
    assert film(save, tmp_path / "frames", "--anim-speed", "0") == 0
    names = sorted(p.name for p in (tmp_path / "frames").iterdir())
    assert names[0] == "frame-000001.png" and len(names) > 8


def test_record_anim_speed_plays_the_moves_faster_or_slower(save, tmp_path):
    lengths = {}
    for speed in ("0.5", "1", "2"):
        out = tmp_path / f"at-{speed.replace('.', '_')}"
        assert film(save, out, "--anim-speed", speed) == 0
        lengths[speed] = len(list(out.iterdir()))
    still = tmp_path / "still"
    assert film(save, still, "--anim-speed", "0") == 0
    assert lengths["0.5"] > lengths["1"] > lengths["2"] > len(list(still.iterdir()))


def test_screenshot_show_guide2_is_the_guides_second_page_and_lang_ja_draws_in_japanese(tmp_path, monkeypatch):
    from render import i18n
    from render.gl.png import read_png

    def shot(name, *argv):
        out = tmp_path / f"{name}.png"
        assert main(["--game", "octocube", "--players", "4", "--seed", "3", "--after", "20",
                     "--size", "1024x600", *argv, "--screenshot", str(out)]) == 0
        return read_png(out)
    table, guide, guide2 = shot("table"), shot("guide", "--show", "guide"), shot("guide2", "--show", "guide2")
    assert (guide != table).any() and (guide2 != guide).any(axis=2).mean() > 0.02
    assert (shot("guide-again", "--show", "guide") == guide).all()  # the page, not a picture drawn at random
    if i18n.cjk_font() is None:
        pytest.skip("no CJK font on this machine")
    monkeypatch.setenv("CUBETABLE_CONFIG_DIR", str(tmp_path / "config"))
    try:
        assert (shot("ja", "--lang", "ja", "--show", "guide") != guide).any(axis=2).mean() > 0.02
    finally:
        i18n.set_language("en")


def test_a_gif_keeps_to_the_256_colours_of_its_first_frame(save, tmp_path):
    import av
    import numpy as np

    out = tmp_path / "game.gif"
    assert film(save, out, "--anim-speed", "2") == 0
    with av.open(str(out)) as container:
        colours = [{tuple(c) for c in np.unique(f.to_ndarray(format="rgb24").reshape(-1, 3), axis=0)}
                   for f in container.decode(video=0)]
    used = set().union(*colours)
    assert len(colours) > 8 and len(used) <= 256, f"{len(used)} colours over the film: not one palette of 256"
    assert len(colours[0]) > 16  # the table's own colours, not a handful
