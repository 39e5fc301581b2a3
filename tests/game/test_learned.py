"""The learned evaluation (issue 41): features a seat may know, ``train`` reproducible from its
seed, weights that fail in one line, the ``learned`` bot playing every game, and the levels
searching with it where its weights ship."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import registry
from game.bots import make_bot
from game.bots.factory import budget_ms, fixed_iterations
from game.bots.learned import LearnedBot, model_for
from game.bots.mcts import MctsBot
from game.bots.weights import FOR_LEVELS
from game.bots.value_model import ModelError, load
from game.cli import main, train
from game.core import Rng

GAMES = registry.shipped()


def _positions(name: str, players: int, count: int) -> list:
    """Positions of a random game of ``name``, spread over it."""
    rules, rng = registry.get(name), random.Random(players)
    state, seen = rules.new_game(players=players, seed=3), []
    while not state.is_over:
        if len(state.legal_actions()) > 1:
            seen.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return seen[:: max(1, len(seen) // count)]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_features_see_nothing_a_seat_cannot(name, players):
    """Worlds a seat cannot tell apart (``determinize`` re-deals what it cannot see) give it the
    same features: its row never reads another seat's hand, a face-down tile or the RNG."""
    rules, redealt = registry.get(name), 0
    for state in _positions(name, players, 12):
        rows = rules.features_all(state)
        assert len(rows) == players and all(len(r) == len(rules.feature_names) for r in rows)
        for seat in range(players):
            for k in range(3):
                twin = state.determinize(seat, Rng(100 + k))
                redealt += twin.to_dict() != state.to_dict()
                assert rules.features_all(twin)[seat] == rows[seat], (seat, k)
    assert redealt  # the twins did differ in what the seats cannot see


def _train(tmp_path: Path, folder: str, *extra: str) -> bytes:
    out = tmp_path / folder / "weights.json"
    argv = ["train", "--game", "cubitos", "--games", "4", "--generations", "1", "--seed", "5", "--out", str(out), *extra]
    assert main(argv) == 0
    return out.read_bytes()


def test_train_writes_the_same_bytes_from_the_same_seed_with_any_jobs_and_after_a_stop(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    first = _train(tmp_path, "a", "--jobs", "1")
    assert _train(tmp_path, "b", "--jobs", "2") == first
    log = tmp_path / "a" / "weights.json.positions.jsonl"
    lines = log.read_text().splitlines(keepends=True)
    log.write_text("".join(lines[:3]) + lines[3][:20])  # stopped during the fourth game, mid-write
    assert _train(tmp_path, "a", "--jobs", "1") == first
    made = json.loads(first)
    assert made["seed"] == 5 and made["date"] == "2027-01-15" and made["sample"]["games"] == 4
    assert made["command"].startswith("python -m game train --game cubitos --players 2 --games 4")


def test_a_later_generation_samples_games_of_the_learned_bot():
    rules = registry.get("octocube")
    model = model_for(rules, 2)
    record = train.play(rules, 2, {}, 7, model.to_json(), 2)
    assert len(record["positions"]) == train.SAMPLES and sum(record["result"]) == 1.0
    assert record == train.play(rules, 2, {}, 7, model.to_json(), 2)


@pytest.mark.parametrize("text", ["", "{\"format\": 1", "[]", '{"format": 1, "game": "cubitos", "players": 2}'])
def test_damaged_weights_are_one_line(tmp_path, capsys, text):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    argv = ["tournament", "--game", "cubitos", "--seats", f"learned:5it@{bad},greedy", "--games", "1"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.json" in err


def test_missing_weights_are_one_line(tmp_path):
    rules = registry.get("otys")
    with pytest.raises(ModelError, match="no weights file"):
        model_for(rules, 2, tmp_path / "none.json")
    with pytest.raises(ModelError, match="no learned weights ship for otys at 9 players"):
        model_for(rules, 9)
    octocube = registry.get("octocube")
    with pytest.raises(ModelError, match="weights for otys at 2 players, not octocube"):
        load("octocube", 2, octocube.feature_names, _shipped("otys"))


def _shipped(name: str) -> Path:
    return Path(__file__).parents[2] / "game" / "bots" / "weights" / f"{name}-2p.json"


def test_learned_specs_take_mcts_budgets():
    rules = registry.get("octocube")
    bot = make_bot("learned:7it", rules, 0, 1)
    assert isinstance(bot, LearnedBot) and bot.iterations == 7
    assert budget_ms("learned:300cpu") == 300.0 and budget_ms("learned:200it") is None
    assert fixed_iterations("learned:300", 0.5) == "learned:150it"
    assert fixed_iterations("mcts:300", 0.5) == "mcts:150it"
    with pytest.raises(ValueError, match="bad learned budget"):
        make_bot("learned:fast", rules, 0, 1)


@pytest.mark.parametrize("name", GAMES)
def test_the_learned_bot_plays_legal_moves_and_again_the_same_ones(name):
    rules = registry.get(name)
    games = []
    for _ in range(2):
        state, moves = rules.new_game(players=2, seed=9), []
        bots = [make_bot("learned:8it", rules, seat, 40 + seat) for seat in range(2)]
        for _ in range(40):
            if state.is_over:
                break
            action = bots[state.current_player].choose(state)
            assert action in state.legal_actions()
            moves.append(str(action))
            state.apply(action)
        games.append(moves)
    assert games[0] == games[1] and len(games[0]) > 10


SHIPPED = {("octocube", 2), ("cubitos", 2), ("cubitos", 3), ("cubitos", 4), ("otys", 2), ("otys", 3)}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_levels_judge_by_the_learned_value_where_it_was_better_and_by_hand_elsewhere(name, players):
    """hard and expert are the learned search; only where the learned value beat the hand-written
    one at the levels' budget (FOR_LEVELS) do they use it, elsewhere they search with the
    hand-written evaluation rather than fail; ``learned`` named as a spec uses any shipped weights
    and fails in one line where none ship."""
    assert FOR_LEVELS <= SHIPPED
    rules = registry.get(name)
    state = _positions(name, players, 4)[2]
    for level in ("hard", "expert", fixed_iterations("expert", 0.01)):
        bot = make_bot(level, rules, state.current_player, 1)
        assert isinstance(bot, LearnedBot)
        bot.iterations = 6
        assert bot.search(state).visits > 0 and bot.choose(state) in state.legal_actions()
        assert (bot.model is not None) == ((name, players) in FOR_LEVELS)
        hand_written = MctsBot.leaf_reward(bot, state)
        if bot.model is not None:
            assert bot.model.players == players
            assert bot.leaf_reward(state) == bot.model.shares(rules.features_all(state))
        else:  # (each call moves the squash's width a little: it learns the evaluation's scale)
            assert bot.leaf_reward(state) == pytest.approx(hand_written, abs=1e-2)
    learned = make_bot("learned:6it", rules, state.current_player, 1)
    if (name, players) in SHIPPED:
        learned.search(state)
        assert learned.model is not None and learned.model.players == players
    else:
        with pytest.raises(ModelError, match=f"no learned weights ship for {name} at {players} players"):
            learned.choose(state)


def test_a_level_with_its_own_thinking_time_is_still_the_level():
    """The settings give hard and expert their thinking time ("hard:600"): still the level, so a
    game with no weights for its players is searched by hand rather than a bot breaking down."""
    rules = registry.get("octocube")
    state = _positions("octocube", 3, 4)[2]
    bot = make_bot("hard:600", rules, state.current_player, 1)
    assert isinstance(bot, LearnedBot) and bot.fallback and bot.budget_ms == 600 and bot.iterations is None
    bot.iterations = 5
    assert bot.choose(state) in state.legal_actions()
    assert budget_ms("hard:600") == 600.0 and budget_ms("expert:2000cpu") == 2000.0 and budget_ms("hard") == 300.0
    assert fixed_iterations("hard:600", 0.5) == "hard:300it" and fixed_iterations("hard", 0.5) == "hard:150it"
    assert fixed_iterations("learned:300", 0.5) == "learned:150it" and budget_ms("hard:150it") is None
    with pytest.raises(ValueError, match="level 'medium' does not search"):
        make_bot("medium:5", rules, 0, 1)
