"""The generic fuzzer (game.core.fuzz): every game, variant and player count played at random and
checked after every action; it finds planted bugs, and a failure replays from its save file."""
from __future__ import annotations

import json

import pytest

from game import registry
from game.cli import main
from game.core import IllegalAction, fuzz
from game.core.match import Match

registry.register("toy", "tests.game.toy")
SAMPLE = 200  # checked actions per setting in the default run; --long checks 100,000
LONG = 100_000
LONG_DEEP_EVERY = 16  # the deep checks on one action in 16 keep the long run within reach


@pytest.mark.parametrize("case", fuzz.cases(), ids=lambda c: c.label)
def test_every_setting_survives_a_checked_sample(case: fuzz.Case) -> None:
    tally = fuzz.Fuzzer(case).run(SAMPLE, seed=1)
    assert not tally.failures, tally.failures[0].line()
    assert tally.actions >= SAMPLE


@pytest.mark.long
def test_a_hundred_thousand_actions_per_setting() -> None:
    results = fuzz.run(fuzz.cases(), LONG, seed=1, jobs=2, deep_every=LONG_DEEP_EVERY)
    failures = [f.line() for t in results.values() for f in t.failures]
    assert not failures, failures
    assert all(t.actions >= LONG for t in results.values())


def test_every_game_plugs_in_invariants_and_rare_actions() -> None:
    for name in ("octocube", "cubitos", "otys"):
        hooks = fuzz.hooks(registry.get(name))
        assert hooks is not None and callable(hooks.problems) and callable(hooks.is_rare), name


def test_the_invariants_name_what_is_broken() -> None:
    from game.cubitos import invariants as cubitos
    from game.otys import invariants as otys

    c = registry.get("cubitos").new_game(players=2, seed=1)
    assert cubitos.problems(c) == []
    c.seats[1].credits = -1
    next(z for z in c.seats[0].zones if z).append(0)  # die 0 now in two places
    assert cubitos.problems(c) == ["a die is lost, doubled or invented", "seat 1: credits went negative"]
    o = registry.get("otys").new_game(players=2, seed=1)
    assert otys.problems(o) == []
    o.players[0].hand.append(o.table.deck[0])
    o.players[1].res[0][0] = -1
    assert otys.problems(o) == ["seat 1's level 0 holds " + str(o.players[1].res[0]), "a contract is lost or doubled"]


def test_a_seed_gives_the_same_run_whatever_the_jobs() -> None:
    chosen = fuzz.cases(["octocube"])[:2]  # worker processes know the registry's own games
    one = fuzz.run(chosen, 150, seed=5, jobs=1)
    two = fuzz.run(chosen, 150, seed=5, jobs=2)
    assert [(t.actions, t.games) for t in one.values()] == [(t.actions, t.games) for t in two.values()]


def _toy(monkeypatch: pytest.MonkeyPatch, name: str, replacement) -> fuzz.Tally:
    from tests.game import toy

    monkeypatch.setattr(toy.ToyState, name, replacement)
    return fuzz.Fuzzer(fuzz.Case("toy", "basic", 2)).run(300, seed=2)


def test_a_round_trip_that_loses_something_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.game import toy

    plain = toy.ToyRules.from_dict

    def forgetful(rules: toy.ToyRules, d: dict) -> toy.ToyState:
        s = plain(rules, d)
        s.turn = 0
        return s

    monkeypatch.setattr(toy.ToyRules, "from_dict", forgetful)
    tally = fuzz.Fuzzer(fuzz.Case("toy", "basic", 2)).run(300, seed=2)
    assert tally.failures and "from_dict" in tally.failures[0].problem


def test_an_illegal_action_that_is_accepted_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.game import toy

    offered, plain = toy.ToyState.legal_actions, toy.ToyState.apply

    def lax(s: toy.ToyState, action):  # takes "add 2" even where it is not offered
        if action == toy.Add(2):
            s.totals[s.turn] += 2
            s.turn = (s.turn + 1) % s.num_players
            return [toy.Event("added", "added 2")]
        return plain(s, action)

    monkeypatch.setattr(toy.ToyState, "apply", lax)
    tally = _toy(monkeypatch, "legal_actions", lambda s: [a for a in offered(s) if a != toy.Add(2)]
                 if s.totals[0] % 2 else offered(s))
    assert tally.failures and "illegal action add 2 was accepted" in tally.failures[0].problem


def test_a_clone_that_shares_its_totals_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.game import toy

    def shallow(s: toy.ToyState) -> toy.ToyState:
        c = toy.ToyState(s.num_players, s.rng.clone())
        c.totals, c.turn = s.totals, s.turn
        return c

    tally = _toy(monkeypatch, "clone", shallow)
    assert tally.failures and "clone" in tally.failures[0].problem


def test_an_undo_that_gives_another_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = Match.undo

    def sloppy(match: Match) -> bool:
        done = plain(match)
        if done:
            match.state.totals[0] += 1  # type: ignore[attr-defined]
        return done

    monkeypatch.setattr(Match, "undo", sloppy)
    monkeypatch.setattr(fuzz, "UNDO_CHANCE", (0.5, 0.5))
    tally = fuzz.Fuzzer(fuzz.Case("toy", "basic", 2)).run(300, seed=3)
    assert tally.failures and "undo" in tally.failures[0].problem


def test_undo_is_checked_and_never_crosses_a_reveal(monkeypatch: pytest.MonkeyPatch) -> None:
    undone: list[int] = []
    plain = Match.undo

    def counted(match: Match) -> bool:
        done = plain(match)
        undone.append(done)
        return done

    monkeypatch.setattr(Match, "undo", counted)
    monkeypatch.setattr(fuzz, "UNDO_CHANCE", (0.3, 0.3))
    tally = fuzz.Fuzzer(fuzz.Case("toy", "basic", 3)).run(500, seed=4)
    assert not tally.failures and True in undone and False in undone  # some undone, some refused (a roll)


def _crashing_apply():
    """The toy's apply with a planted crash once seat 1 reaches 6."""
    from tests.game import toy

    plain = toy.ToyState.apply

    def crashing(s: toy.ToyState, action):
        if s.totals[1] >= 6:
            raise ZeroDivisionError("planted")
        return plain(s, action)
    return crashing


def test_a_failure_is_a_save_file_that_verify_replays(monkeypatch: pytest.MonkeyPatch, tmp_path, capsys) -> None:
    tally = _toy(monkeypatch, "apply", _crashing_apply())
    failure = tally.failures[0]
    assert failure.problem == "ZeroDivisionError: planted"
    failure.save(tmp_path / "bug.json")
    saved = json.loads((tmp_path / "bug.json").read_text())
    assert saved["seed"] == failure.seed and len(saved["actions"]) == len(failure.actions)
    assert main(["verify", str(tmp_path / "bug.json")]) == 2
    assert "ZeroDivisionError: planted" in capsys.readouterr().err  # the replay meets the same crash


def test_near_misses_are_well_formed_and_differ_in_one_field() -> None:
    from tests.game.toy import Add, Roll

    assert fuzz.near_misses(Add(1), [Add(2), Roll(), Add(1)]) == [Add(2)]
    with pytest.raises(IllegalAction):
        registry.get("toy").new_game(players=2, seed=1).apply(Add(3))


def test_the_command_prints_rates_and_totals(capsys, tmp_path) -> None:
    assert main(["fuzz", "--game", "toy", "--actions", "50", "--jobs", "1", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "toy/basic/2p" in out and "actions/s" in out and "0 failures" in out.splitlines()[-1]
    assert main(["fuzz", "--game", "chess"]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_a_failure_that_cannot_be_saved_is_still_reported(monkeypatch: pytest.MonkeyPatch, tmp_path, capsys) -> None:
    from tests.game import toy

    monkeypatch.setattr(toy.ToyState, "apply", _crashing_apply())

    def full_disk(self, path) -> None:  # the folder was fine at the start; the disk filled since
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fuzz.Failure, "save", full_disk)
    assert main(["fuzz", "--game", "toy", "--actions", "200", "--jobs", "1", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "FAILED toy/" in err and "ZeroDivisionError: planted" in err and "no replay saved" in err
    assert "No space left on device" in err and "Traceback" not in err and not list(tmp_path.iterdir())


# ---- issue 37: each check the fuzzer claims fires on a toy game broken on purpose ----------------
def _toy_with_hooks(monkeypatch: pytest.MonkeyPatch, problems) -> fuzz.Tally:
    import types

    monkeypatch.setattr(fuzz, "hooks", lambda rules: types.SimpleNamespace(problems=problems, is_rare=lambda a: False))
    return fuzz.Fuzzer(fuzz.Case("toy", "basic", 2)).run(300, seed=2)


def test_pieces_lost_are_caught_by_the_games_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """A toy whose "add 2" loses a point (a piece gone): the toy's conservation invariant (the
    total equals what the events added) fires, named, and the failing moves end at the loss."""
    from tests.game import toy

    plain = toy.ToyState.apply

    def losing(s: toy.ToyState, action):
        events = plain(s, action)
        s.added = getattr(s, "added", 0) + (action.n if isinstance(action, toy.Add) else 0)
        if action == toy.Add(2) and sum(s.totals) > 4:
            s.totals[(s.turn - 1) % s.num_players] -= 1
        return events

    def conserved(s: toy.ToyState) -> list[str]:
        return [] if min(s.totals) >= 0 and sum(s.totals) >= getattr(s, "added", 0) else ["a point was lost"]

    monkeypatch.setattr(toy.ToyState, "apply", losing)
    tally = _toy_with_hooks(monkeypatch, conserved)
    assert tally.failures and tally.failures[0].problem == "invariant: a point was lost"
    assert tally.failures[0].actions[-1] == toy.Add(2)
    monkeypatch.setattr(toy.ToyState, "apply", plain)
    assert not fuzz.Fuzzer(fuzz.Case("toy", "basic", 2)).run(300, seed=2).failures


def test_legal_actions_empty_before_the_end_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.game import toy

    offered = toy.ToyState.legal_actions
    tally = _toy(monkeypatch, "legal_actions", lambda s: [] if s.totals[0] == 5 else offered(s))
    assert tally.failures and tally.failures[0].problem == "legal_actions is empty before the end, or not after it"


def test_a_crash_outside_the_deep_checks_is_a_failure_with_its_type_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules crash in ``legal_actions`` (no deep check runs it on a clone first): the fuzzer's
    own catch-all names the crash and keeps the moves that lead to it."""
    from tests.game import toy

    offered = toy.ToyState.legal_actions

    def crashing(s: toy.ToyState):
        if sum(s.totals) >= 7:
            raise KeyError("planted")
        return offered(s)

    monkeypatch.setattr(toy.ToyState, "legal_actions", crashing)
    tally = fuzz.Fuzzer(fuzz.Case("toy", "basic", 2), deep_every=10**9).run(300, seed=2)
    failure = tally.failures[0]
    assert failure.problem == "KeyError: 'planted'"
    replay = registry.get("toy").new_game(players=2, seed=failure.seed)
    for a in failure.actions:
        replay.apply(a)
    assert sum(replay.totals) >= 7  # the saved moves reach the crash
