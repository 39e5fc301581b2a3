"""The rules' words are enums (game/cubitos/names.py) whose values are the strings saves, events
and the screen have always used: json writes the same text, a member equals its string, and a
save holding plain strings plays on as the game that wrote it."""
from __future__ import annotations

import json
import random
from enum import Enum

from game.cubitos.names import ActionKind, EventKind, Phase, Stage
from game.cubitos.rules import RULES


def plain(x: object) -> object:
    """``x`` with every enum member turned into the plain string it stands for."""
    if isinstance(x, Enum):
        return str(x.value)
    if isinstance(x, dict):
        return {plain(k): plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    return x


def games(count: int = 6):
    """(state, events of its last move) along seeded random games."""
    for seed in range(count):
        state, chooser = RULES.new_game(2 + seed % 3, 90 + seed, card_set="random"), random.Random(seed)
        while not state.is_over:
            yield state, state.apply(chooser.choice(state.legal_actions()))


def test_events_and_actions_are_written_as_the_same_json_text() -> None:
    kinds: set[str] = set()
    for state, events in games():
        for e in events:
            assert isinstance(e.kind, EventKind) and e.kind == e.kind.value
            kinds.add(e.kind)
            assert json.dumps([e.kind, e.text, e.data]) == json.dumps(plain([e.kind, e.text, e.data]))
        d = state.to_dict()
        assert json.dumps(d, sort_keys=True) == json.dumps(plain(d), sort_keys=True)
        for a in state.legal_actions():
            assert isinstance(a.kind, ActionKind)
            assert json.dumps(a.to_dict(), sort_keys=True) == json.dumps(plain(a.to_dict()), sort_keys=True)
    assert {"rolled", "drew", "moved", "bought", "swords", "won"} <= kinds


def test_the_values_are_the_strings_saves_and_the_screen_know() -> None:
    assert [p.value for p in Phase] == ["roll", "run4", "turn", "over"]
    assert {s.value for s in Stage} == {"draw", "champion", "drawn", "decide", "done", "run4", "ran", "abil", "move", "buy"}
    assert EventKind.START_DIE == "start-die" and EventKind.ENDED_MOVE == "ended-move"
    assert {EventKind.ROLLED: 1}["rolled"] == 1 and f"{Stage.DECIDE}" == "decide" == str(Stage.DECIDE)


def test_a_save_of_plain_strings_plays_on_as_the_game_that_wrote_it() -> None:
    chooser = random.Random(3)
    for step, (state, _) in enumerate(games(3)):
        if step % 97:
            continue
        loaded = RULES.from_dict(json.loads(json.dumps(state.to_dict())))
        assert type(loaded._seats[0].stage) is str and loaded.to_dict() == state.to_dict()
        twin = state.clone()
        for _ in range(30):
            if twin.is_over:
                break
            actions = twin.legal_actions()
            assert loaded.legal_actions() == actions
            i = chooser.randrange(len(actions))
            assert loaded.apply(loaded.legal_actions()[i]) == twin.apply(actions[i])
