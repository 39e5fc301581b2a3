"""Finds the positions of ``level_positions.json``: decisions where a long search clearly prefers
a move that ``hard`` plays and ``medium`` does not (or ``expert`` plays and ``hard`` mostly
does not). Not a test; run by hand, then keep a position with ``keep``:

    python -m tests.game.find_level_positions find GAME --games 6 --offset 0 [--level expert] --out /tmp/found.json
    python -m tests.game.find_level_positions keep GAME /tmp/found.json g1p17 hard

Positions come from seeded two-player games of greedy against greedy (Cubitos on Race 1), a
quarter of the decisions with two to sixty moves that the rules' ``expert_move`` leaves to the
bot. A position is a candidate when the level below (``medium`` for ``--level hard``, ``hard``
for ``--level expert``) plays the same move with seeds 1-3, the level (seed 1) plays another, and
two searches of ``--oracle`` iterations (seeds 11 and 12) of the levels' own kind (judged by the
learned value where the levels use it, ``game.bots.weights.FOR_LEVELS``, since 7 Dec 2026; else
by the hand-written evaluation) agree on a move that is not the one below's; ``gap``
is the least lead, in the search's win-chance units, of that move's mean reward over the other's.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game import registry
from game.bots import make_bot
from game.bots.base import expert_move
from game.bots.factory import fixed_iterations
from game.bots.learned import LearnedBot
from game.core import Action, GameRules, GameState, Rng

DATA = Path(__file__).with_name("data") / "level_positions.json"
PER_MS = 0.5  # iterations a millisecond of a level's budget, as in the blunder tests
OPTIONS = {"cubitos": {"card_set": "race1"}}
HITS_SEEDS = range(1, 11)


def hits(rules: GameRules, state: GameState, spec: str, move: Action, seeds=HITS_SEEDS) -> int:
    """How many of ``seeds`` make the bot ``spec`` play ``move``."""
    return sum(make_bot(spec, rules, state.current_player, seed).choose(state) == move for seed in seeds)


BELOW = {"hard": "medium", "expert": "hard"}


def candidates(name: str, games: int, offset: int, oracle: int, level: str = "hard") -> list[dict[str, Any]]:
    rules, found, pick = registry.get(name), [], Rng(99)
    for g in range(offset, offset + games):
        s = rules.new_game(players=2, seed=1000 + g, **OPTIONS.get(name, {}))
        bots = [make_bot("greedy", rules, p, 7 + p + 10 * (g - offset)) for p in range(2)]
        ply = 0
        while not s.is_over:
            legal = s.legal_actions()
            if 2 <= len(legal) <= 60 and pick.random() < 0.25 and expert_move(rules, s, legal, Rng(1)) is None:
                record = judge(rules, s, level, oracle)
                if record is not None:
                    record["id"] = f"g{g}p{ply}"
                    found.append(record)
                    print(record["id"], record["below_move"], "->", record["note"], f"gap {record['gap']}", flush=True)
            s.apply(bots[s.current_player].choose(s))
            ply += 1
    return found


def judge(rules: GameRules, s: GameState, level: str, oracle: int) -> dict[str, Any] | None:
    lower = fixed_iterations(BELOW[level], PER_MS)
    moves = {make_bot(lower, rules, s.current_player, seed).choose(s) for seed in (1, 2, 3)}
    if len(moves) != 1 or make_bot(fixed_iterations(level, PER_MS), rules, s.current_player, 1).choose(s) in moves:
        return None
    below = moves.pop()
    roots = [LearnedBot(rules, s.current_player, seed, iterations=oracle, fallback=True).search(s) for seed in (11, 12)]
    best = {max(r.children.items(), key=lambda kv: kv[1].visits)[0] for r in roots}
    if len(best) != 1 or below in best:
        return None
    move = best.pop()

    def mean(root, a):
        child = root.children.get(a)
        return child.reward / child.visits if child else 0.0

    gap = min(mean(r, move) - mean(r, below) for r in roots)
    return {"note": str(move), "below_move": str(below), "gap": round(gap, 3),
            "state": s.to_dict(), "move": move.to_dict()}


def keep(name: str, found: Path, ident: str, level: str) -> None:
    """Adds position ``ident`` of ``found`` to the data file as a ``level`` position, with the hit
    counts of the bots it separates (printed, so a weak separation is seen before it is kept)."""
    rules = registry.get(name)
    record = next(r for r in json.loads(found.read_text()) if r["id"] == ident)
    state, move = rules.from_dict(record["state"]), rules.action_from_dict(record["move"])
    for spec in (BELOW[level], level, "learned:3it", "mcts:3it"):
        print(spec, hits(rules, state, fixed_iterations(spec, PER_MS), move), "of", len(HITS_SEEDS))
    data = json.loads(DATA.read_text()) if DATA.exists() else {}
    data.setdefault(name, []).append({"id": ident, "level": level, **record})
    DATA.write_text(json.dumps(data, indent=1) + "\n")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    f = sub.add_parser("find")
    f.add_argument("game")
    f.add_argument("--games", type=int, default=6)
    f.add_argument("--offset", type=int, default=0)
    f.add_argument("--oracle", type=int, default=4000)
    f.add_argument("--level", choices=("hard", "expert"), default="hard")
    f.add_argument("--out", type=Path, required=True)
    k = sub.add_parser("keep")
    k.add_argument("game")
    k.add_argument("found", type=Path)
    k.add_argument("id")
    k.add_argument("level", choices=("hard", "expert"))
    a = p.parse_args()
    if a.command == "find":
        a.out.write_text(json.dumps(candidates(a.game, a.games, a.offset, a.oracle, a.level)))
    else:
        keep(a.game, a.found, a.id, a.level)


if __name__ == "__main__":
    main()
