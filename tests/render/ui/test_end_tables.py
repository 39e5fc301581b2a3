"""The end-of-game table of each game after a random game: every category a row, the totals the
state's scores, the winner marked, and T hiding the panel to show the final position."""
from __future__ import annotations

import random

import numpy as np
import pytest
from pyglet.window import key

from game import registry
from game.core.match import Match
from game.octocube.components import COLOURS, OBJECTS
from render.i18n import t
from render.options import Options
from render.ui import theme
from render.ui.score_table import LOOK, NOTHING, SHOW, STAR, ScoreTable
from tests.render.screens.test_app_screens import button, frames, send

pytestmark = pytest.mark.gl


def finished(app, game: str, seed: int, **options):
    """A random game played to its end at the rules level, then shown on the game screen."""
    rules = registry.get(game)
    match = Match(rules, 2, seed, ["human", "human"], **options)
    pick = random.Random(seed)
    while not match.state.is_over:
        match.apply(pick.choice(match.state.legal_actions()))
    app.start_game(Options(game=game, players=2, seats=["human", "human"], seed=seed, anim_speed=0.0,
                           save=app.options.save, game_options=options), match)
    app.tick(0)
    return app.screen


def cells(rows, label: str) -> list[str]:
    return next(list(c) for lab, c in rows if lab == label)


def points(cell: str) -> int:
    """A cell's points: its leading number ("5 (1st)"), nothing for a dash."""
    return 0 if cell == NOTHING else int(cell.split()[0].split("（")[0])


def check_common(screen, rows, seats) -> None:
    """Totals are the state's scores; every row label and the winner's star are on the panel."""
    state = screen.state
    scores = state.scores()
    assert sorted(seats) == list(range(state.num_players))
    assert rows[-1][1] == [f"{scores[s]:g}" for s in seats]
    shown = screen.score_table.texts()
    assert shown[0] == t("banner.final")
    assert all(label in shown for label, _ in rows)
    for s in range(state.num_players):
        assert ((STAR + theme.player_label(s)) in shown) == (s in state.winners())
    assert any(t("score.winner", who=theme.player_label(w)) in line for w in state.winners() for line in shown)
    assert {b.value for b in screen.score_table.buttons} == {"new", "menu", LOOK}


def test_octocube_lists_tokens_coins_each_colour_row_and_object_column(app):
    screen = finished(app, "octocube", 3)
    seats, rows = screen.table.final_table()
    labels = [label for label, _ in rows]
    assert labels == [t("octocube.end.tokens"), t("octocube.end.coins"),
                      *(t("octocube.end.colour", colour=t(f"octocube.colour.{c}")) for c in COLOURS),
                      *(t("octocube.end.object", object=t(f"octocube.object.{o}")) for o in OBJECTS),
                      t("octocube.end.total")]
    for i, s in enumerate(seats):  # the categories add up to the total
        assert sum(points(c[i]) for _, c in rows[:-1]) == screen.state.scores()[s]
    places = {t("octocube.end.place.1"), t("octocube.end.place.2")}
    awards = [c for _, cs in rows[2:-1] for c in cs if c != NOTHING]
    assert awards and all(any(p in c for p in places) for c in awards)
    check_common(screen, rows, seats)


def test_a_kids_octocube_game_without_final_scoring_gets_the_total_alone(app):
    screen = finished(app, "octocube", 3, variant="kids")
    seats, rows = screen.table.final_table()
    assert [label for label, _ in rows] == [t("score.total")]
    check_common(screen, rows, seats)


def test_cubitos_lists_the_finish_the_distance_beyond_it_and_the_steps(app):
    screen = finished(app, "cubitos", 4)
    seats, rows = screen.table.final_table()
    state = screen.state
    assert cells(rows, t("cubitos.end.beyond"))[0] == str(state.beyond(seats[0]))  # the winner finished
    assert cells(rows, t("cubitos.end.finished"))[0] == t("cubitos.end.yes")
    assert rows[-1][0] == t("cubitos.end.steps")
    assert state.winners() == [seats[0]]
    check_common(screen, rows, seats)


def test_otys_lists_prestige_by_source_and_the_tie_break(app):
    screen = finished(app, "otys", 5)
    seats, rows = screen.table.final_table()
    sources = [t(f"otys.end.{s}") for s in ("contracts", "keys", "sponsors", "store")]
    labels = [label for label, _ in rows]
    assert labels == [*sources, t("otys.end.left"), t("otys.end.total")]  # nothing left unexplained
    for i, s in enumerate(seats):
        assert sum(int(cells(rows, label)[i]) for label in sources) == screen.state.players[s].prestige
    assert int(cells(rows, t("otys.end.contracts"))[0]) > 0
    check_common(screen, rows, seats)


def test_t_hides_the_panel_to_show_the_table_and_brings_it_back(app):
    screen = finished(app, "otys", 5)
    h, w = app.height, app.width
    centre = (slice(h // 2 - 60, h // 2 + 60), slice(w // 2 - 150, w // 2 + 150))
    shown = frames(app, 2)[centre].astype(int)
    assert screen._modal()
    send(app, "on_key_press", key.T, 0)
    app.tick(0)
    assert not screen.score_table.shown and not screen._modal()  # tooltips come back over the table
    assert [b.value for b in screen.score_table.buttons] == [SHOW]
    hidden = frames(app, 2)[centre].astype(int)
    assert np.abs(shown - hidden).mean() > 10
    send(app, "on_key_press", key.T, 0)
    app.tick(0)
    assert screen.score_table.shown and button(screen.score_table, LOOK)
    assert np.abs(frames(app, 2)[centre].astype(int) - shown).mean() < 1


def test_the_table_fits_small_windows_and_clips_long_labels(gl_session):
    long = "a category with a very long name " * 4
    table = ([0, 1, 2, 3], [(long, ["10", "20", "30", "40"]), ("Total", ["1", "2", "3", "4"])])
    for size in ((1280, 720), (1024, 640)):
        panel = ScoreTable()
        panel.build(*size, table, [1], [("New game (N)", "new"), ("Menu (Esc)", "menu")])
        x0, y0, x1, y1 = panel.bounds
        assert 0 <= x0 and x1 <= size[0] and 0 <= y0 and y1 <= size[1]
        assert long not in panel.texts() and any(s.endswith("…") for s in panel.texts())
