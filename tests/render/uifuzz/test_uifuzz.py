"""The screen-level fuzzer: the sweep over every combination finds nothing, and each of its checks
fires on a screen broken on purpose (an action with no gesture, an exception at the table, a
button over a lit piece, a tooltip under a panel, a stale tooltip), with files that reproduce it."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from render.uifuzz.combos import MIXES, combos
from render.uifuzz.run import Fuzzer, choose_kind

pytestmark = pytest.mark.gl


def fuzz(app, tmp_path, only: str, decisions: int | None = 6, seed: int = 1, warmup: int = 10):
    fuzzer = Fuzzer(app, tmp_path / "failures", seed)
    try:
        for c in [c for c in combos() if only in c.name][:1]:
            fuzzer.play(c, 7, decisions, warmup)
    finally:
        fuzzer.close()
    return fuzzer.tally


def test_every_combination_once_finds_nothing(app, tmp_path):
    """Every game × variant × seat count × seat mix, each option's every choice, a Take over."""
    fuzzer = Fuzzer(app, tmp_path / "failures", seed=3)
    try:
        for i, c in enumerate(combos()):
            fuzzer.play(c, 1000 + i, decisions=4, warmup=(i * 7) % 50)
    finally:
        fuzzer.close()
    t = fuzzer.tally
    assert {c.game for c in combos()} == {"octocube", "cubitos", "otys"} and t.games == len(combos())
    assert t.decisions >= 2 * t.games
    assert t.failures == [], "\n".join(t.failures)


def test_a_move_ended_with_steps_left_is_chosen_less_often_than_a_step():
    """A person spends their steps and money: the fuzzer ends a Cubitos move or buying early a
    fifth as often as it takes any other kind (else its games ran 4,000 moves and never ended)."""
    import random

    from game.cubitos import actions
    from render.tables import registry as kits

    forfeits = kits.get("cubitos").forfeits
    kinds = {getattr(v, "kind", None) for v in vars(actions).values() if isinstance(v, type)}
    assert forfeits and forfeits <= kinds  # named as the rules name them
    rng = random.Random(5)
    picks = [choose_kind(["end-move", "step"], forfeits, rng) for _ in range(3000)]
    assert 0.12 < picks.count("end-move") / len(picks) < 0.22
    assert {choose_kind(["end-turn"], forfeits, rng) for _ in range(20)} == {"end-turn"}  # all there is
    assert {choose_kind(["buy", "end-turn", "use"], frozenset(), rng) for _ in range(200)} == {"buy", "end-turn", "use"}


@pytest.mark.long
@pytest.mark.parametrize("game", ["octocube", "cubitos", "otys"])
@pytest.mark.parametrize("mix", MIXES)
def test_twenty_whole_games_of_each_game_and_seat_mix(app, tmp_path, game, mix):
    fuzzer = Fuzzer(app, tmp_path / "failures", seed=11)
    group = [c for c in combos(game) if c.mix == mix and not c.takeover]
    try:
        for i in range(20):
            fuzzer.play(group[i % len(group)], 5000 + i, decisions=None)
    finally:
        fuzzer.close()
    assert fuzzer.tally.games == 20
    assert fuzzer.tally.failures == [], "\n".join(fuzzer.tally.failures)


# ---- each check fires on a screen broken on purpose --------------------------------------------
def test_an_action_the_table_does_not_carry_out_is_unreachable(app, tmp_path, monkeypatch):
    import dataclasses

    from render.tables import registry as kits

    real = kits.get
    idle = dataclasses.replace(real("cubitos"), by_hand=lambda d, action, rng: None)  # no gesture at all
    monkeypatch.setattr(kits, "get", lambda game: idle if game == "cubitos" else real(game))
    t = fuzz(app, tmp_path, "cubitos-2p-hotseat")
    assert t.unreachable == 1 and "the table made nothing" in t.failures[0]


def test_an_exception_at_the_table_is_caught_named_and_reproduced(app, tmp_path, monkeypatch):
    from render.tables.otys.table import OtysTable

    real = OtysTable.describe_target

    def broken(self, target):  # pointing at a contract breaks the tooltip
        if target[0] == "card":
            raise ValueError(f"no {target!r} on the table")
        return real(self, target)

    monkeypatch.setattr(OtysTable, "describe_target", broken)
    monkeypatch.setattr("render.uifuzz.run.EXTRAS", ("hover",))
    t = fuzz(app, tmp_path, "otys-2p-hotseat-variant=basic", decisions=None, warmup=0)
    assert t.exceptions == 1, t.failures
    line = t.failures[0]
    assert "ValueError: no ('card'," in line and "--repro" in line and "render/" in line
    script = sorted((tmp_path / "failures").glob("*.gestures.json"))[0]
    data = json.loads(script.read_text())
    assert data["gestures"] and (script.parent / data["save"]).exists()
    from render.uifuzz.session import repro

    found = repro(app, script)
    assert found and "ValueError" in found[0]


def test_a_button_over_a_lit_piece_is_a_layout_fault(app, tmp_path, monkeypatch):
    from render.tables.clicks import ClickTable

    real = ClickTable.build

    def over_the_first_lit(self, width, height, hint):
        real(self, width, height, hint)
        lit = sorted(self.lit(), key=repr)
        if lit and self.context.buttons:  # the column moved onto a lit piece
            x, y = self.view.target_pos(lit[0])
            b0 = self.context.buttons[0]
            dx, dy = x - b0.x - 5, y - b0.y - 5
            for b in self.context.buttons:
                b.x, b.y = b.x + dx, b.y + dy

    monkeypatch.setattr(ClickTable, "build", over_the_first_lit)
    t = fuzz(app, tmp_path, "cubitos-2p-hotseat")
    assert t.layout >= 1 and "covers the lit target" in t.failures[0], t.failures


def test_a_tooltip_drawn_under_a_panel_is_a_layout_fault(app, tmp_path, monkeypatch):
    from render.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "layers", lambda self: [self.hud, self.preview, self.tooltip, *reversed(self.overlays())])
    monkeypatch.setattr("render.uifuzz.run.EXTRAS", ("hover",))
    t = Fuzzer(app, tmp_path / "f", seed=2)
    try:
        for c in [c for c in combos("otys") if c.mix == "solo"][:4]:
            t.play(c, 3, decisions=10, warmup=5)
    finally:
        t.close()
    assert t.tally.layout >= 1 and any("drawn over the tooltip" in f for f in t.tally.failures), t.tally.failures


def test_a_tooltip_left_from_before_a_move_is_a_layout_fault(app, tmp_path, monkeypatch):
    from render.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "_repoint", lambda self: None)
    real = GameScreen._build_panels

    def keep_old_pointing(self):
        pointing = self.pointing
        real(self)
        if pointing != self.pointing:
            self.pointing = pointing
            self._build_tooltip()

    monkeypatch.setattr(GameScreen, "_build_panels", keep_old_pointing)
    monkeypatch.setattr("render.uifuzz.run.EXTRAS", ("hover",))
    t = fuzz(app, tmp_path, "octocube-2p-hotseat-variant=basic", decisions=20)
    assert t.layout >= 1 and "the tooltip says" in t.failures[0]


def test_the_command_line_prints_one_json_line_and_refuses_a_bad_flag_in_one_line(tmp_path):
    env = os.environ | {"PYGLET_HEADLESS": "1"}
    run = subprocess.run([sys.executable, "-m", "render.uifuzz", "--only", "otys-2p-solo-variant=basic",
                          "--decisions", "2", "--json", "--out", str(tmp_path / "f")],
                         capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr
    totals = json.loads(run.stdout.strip().splitlines()[-1])
    assert set(totals) == {"games", "decisions", "gestures", "unreachable", "exceptions", "layout"}
    assert totals["games"] == 1 and totals["decisions"] == 2 and totals["gestures"] > 0
    assert "uifuzz: 1/1 games" in run.stderr
    bad = subprocess.run([sys.executable, "-m", "render.uifuzz", "--games", "0"], capture_output=True, text=True,
                         env=env, timeout=120)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and not bad.stdout
