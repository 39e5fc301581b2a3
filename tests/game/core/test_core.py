import json

import pytest

from game import registry
from game.core import IllegalAction, Rng, SaveError
from game.core.match import Match
from tests.game import toy

registry.register("toy", "tests.game.toy")


def test_rng_is_deterministic_and_clonable():
    a, b = Rng(7), Rng(7)
    assert [a.randrange(100) for _ in range(20)] == [b.randrange(100) for _ in range(20)]
    c = a.clone()
    assert a.next_u64() == c.next_u64()
    items = list(range(10))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_action_round_trip_and_str():
    a = toy.Add(2)
    assert toy.RULES.action_from_dict(json.loads(json.dumps(a.to_dict()))) == a
    assert str(a) == "add 2"
    with pytest.raises(SaveError):
        toy.RULES.action_from_dict({"kind": "fly"})


def test_registry_unknown_game_is_one_line():
    with pytest.raises(KeyError, match="unknown game"):
        registry.get("chess")


def test_match_rejects_illegal_and_keeps_state():
    m = Match(toy.RULES, 2, seed=1)
    before = m.state.to_dict()
    with pytest.raises(IllegalAction):
        m.apply(toy.Add(5))
    assert m.state.to_dict() == before and m.history == []


def test_undo_steps_back_over_own_move_and_bot_reply_not_over_roll():
    m = Match(toy.RULES, 2, seed=1, seats=["human", "random"])
    m.apply(toy.Add(1))  # person
    m.apply(toy.Add(2))  # bot
    assert m.can_undo()
    assert m.undo()
    assert m.history == [] and m.state.totals == [0, 0]
    m.apply(toy.Add(1))
    m.apply(toy.Roll())  # bot rolls a die: undo may not cross it
    assert not m.can_undo() and not m.undo()
    assert len(m.history) == 2


def test_save_load_round_trip(tmp_path):
    m = Match(toy.RULES, 3, seed=9, seats=["human", "random", "random"])
    for a in [toy.Add(1), toy.Roll(), toy.Add(2), toy.Roll()]:
        m.apply(a)
    path = tmp_path / "s.json"
    m.save(path)
    back = Match.load(path)
    assert back.state == m.state and back.history == m.history and back.seats == m.seats


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "not a save file"),
        ('{"format": "other"}', "not a Cubetable save file"),
        ('{"format": "cubetable-save", "version": 99}', "version"),
    ],
)
def test_damaged_save_gives_one_line_error(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=message) as e:
        Match.load(path)
    assert "\n" not in str(e.value)


def test_save_with_illegal_or_tampered_moves_is_refused(tmp_path):
    m = Match(toy.RULES, 2, seed=4)
    m.apply(toy.Add(2))
    path = tmp_path / "s.json"
    m.save(path)
    d = json.loads(path.read_text())
    d["final"]["totals"][0] = 9
    path.write_text(json.dumps(d))
    with pytest.raises(SaveError, match="final position"):
        Match.load(path)
    d["actions"][0] = {"kind": "add", "n": 7}
    path.write_text(json.dumps(d))
    with pytest.raises(SaveError, match="not legal"):
        Match.load(path)


def test_autosave_is_atomic_and_current(tmp_path):
    path = tmp_path / "auto.json"
    m = Match(toy.RULES, 2, seed=2, autosave=path)
    m.apply(toy.Add(1))
    assert Match.load(path).history == [toy.Add(1)]
    assert [p.name for p in tmp_path.iterdir()] == ["auto.json"]


def test_an_autosave_that_cannot_be_written_leaves_the_game_going(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("keep me")
    m = Match(toy.RULES, 2, seed=2, autosave=blocker / "auto.json")
    m.apply(toy.Add(1))  # the move is made; the autosave's failure is kept, one line, not raised
    assert m.history == [toy.Add(1)] and m.autosave_error  # the reason, such as "Not a directory"
    assert "\n" not in m.autosave_error and blocker.read_text() == "keep me"
    m.autosave = tmp_path / "auto.json"  # writable again: the next move saves the whole game
    m.apply(toy.Add(2))
    assert m.autosave_error == "" and Match.load(tmp_path / "auto.json").history == [toy.Add(1), toy.Add(2)]


def test_default_determinize_reseeds_chance_and_leaves_state_alone():
    """The documented method alone gives a fair world: same position, future dice from ``rng``."""
    state = toy.RULES.new_game(players=2, seed=5)
    state.totals = [3, 4]
    before = state.to_dict()
    world = state.determinize(0, Rng(1))
    assert state.to_dict() == before
    assert world.totals == state.totals and world.rng.state != state.rng.state
    rolls = set()
    for seed in range(20):
        w = state.determinize(0, Rng(seed))
        w.apply(toy.Roll())
        rolls.add(w.totals[0])
    assert rolls == {4, 5, 6}


def test_default_determinize_reseeds_rngs_held_in_slots():
    class Slotted(toy.ToyState):
        __slots__ = ("spare",)

        def clone(self):
            s = Slotted(self.num_players, self.rng.clone())
            s.spare = self.spare.clone()
            return s

    state = Slotted(2, Rng(3))
    state.spare = Rng(4)
    world = state.determinize(0, Rng(9))
    assert world.rng.state != 3 and world.spare.state != 4
    assert state.rng.state == 3 and state.spare.state == 4
