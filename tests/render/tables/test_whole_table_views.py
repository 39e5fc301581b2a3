"""The README's promise for the games whose person's camera looks over their own board from close
by (Cubitos, Otys): "films, screenshots, replays and bots' games keep the whole table". A demo, a
game of bots only and the replay viewer all keep the home the table's view fits to the whole table,
which a person's seat trades for a close one."""
from __future__ import annotations

import pytest

from game.core.match import HUMAN
from render.options import Options
from tests.render.replay.test_replay import replay, saved_game

pytestmark = pytest.mark.gl


def _home(app, game: str, seats: list[str], demo: bool = False) -> tuple[float, float]:
    """(distance, pitch) of the home camera of a new game of ``game`` on the screen."""
    options = Options(game=game, seats=seats, seed=2, anim_speed=0.0, save=app.options.save)
    app.start_demo(options) if demo else app.start_game(options)
    home = app.screen.view.camera.home
    return home[2], home[1]


@pytest.mark.parametrize("game", ["cubitos", "otys"])
def test_bots_games_demos_and_replays_keep_the_whole_table_a_person_looks_close(app, tmp_path, game):
    whole = _home(app, game, ["random", "random"])
    assert _home(app, game, [HUMAN, "random"], demo=True) == pytest.approx(whole)  # the demo's bot takes the seat
    saved_game(tmp_path / "g.json", game)
    home = replay(app, tmp_path / "g.json").view.camera.home
    assert (home[2], home[1]) == pytest.approx(whole)
    close = _home(app, game, [HUMAN, "random"])
    assert close[0] < 0.8 * whole[0], (close, whole)  # a person's seat: close over the own board
