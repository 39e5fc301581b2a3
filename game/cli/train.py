"""``train``: a learned evaluation from self-play (issue 41), reproducible from its seed.

Generation 0 is played by ``greedy`` with a few random moves (so the sample holds positions
greedy alone would never reach); each later generation by the ``learned`` bot at a fixed number
of iterations, searching with the model fitted to every generation before it. From each game a
few decisions are sampled, with every seat's features and the seats' final shares; the model is
fitted to them all (game/bots/value_fit.py) and written where ``--out`` says.

Every game follows from its numbers alone (seed, generation, index: the deal, the bots' and the
sampling's generators), the games come back in order, and the fit has no random start, so the
same command writes the same bytes with any ``--jobs``, on a cluster, and after a resume. The
finished games are kept one line each in FILE.positions.jsonl beside ``--out``; run again, the
command plays only those still missing.
"""
from __future__ import annotations

import argparse
import datetime
import os
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from game.bots.base import outcome
from game.bots.greedy import GreedyBot
from game.bots.learned import LearnedBot
from game.bots.value_fit import Position, fit
from game.bots.value_model import WEIGHTS_PACKAGE, ValueModel, parse, shipped_name
from game.cli import tournament_log
from game.cli.common import UsageError, add_cluster_argument, add_game_argument
from game.cli.runner import bot_seed
from game.cli.stats import Progress
from game.core import GameRules, Rng, cluster
from game.core.errors import one_line
from game import registry

NOISE = 0.1  # the share of generation 0's decisions played at random
SAMPLES = 10  # decisions kept from each game: more from one game would be alike
# A self-play game still running after this many actions is dropped as an error: a model fitted
# to a few games can weigh progress the wrong way, and its bots then stall a Cubitos race for ever
# (seen: round 127 of a 3-game run). Real games end within a fifth of it.
MAX_ACTIONS = 4000
GENERATION_STRIDE = 1_000_000  # deal seeds a generation apart; --games stays below it
MAX_ERROR_LINES = 5

Unit = tuple[GameRules, int, dict[str, Any], int, "str | None", int]  # rules, players, options, deal, model, iterations
Record = dict[str, Any]  # {"positions": [...], "result": [...]} of a game, or {"error": ...}


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_argument(p)
    p.add_argument("--players", type=int, default=2, help="number of seats (default 2)")
    p.add_argument("--games", type=int, default=200, help="self-play games a generation (default 200)")
    p.add_argument("--generations", type=int, default=2,
                   help="generation 0 by greedy, then each by the learned bot of the ones before (default 2)")
    p.add_argument("--iterations", type=int, default=50,
                   help="search iterations a move of the learned bot in later generations (default 50)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--variant", help="the game's variant (default: the game's own)")
    p.add_argument("--card-set", dest="card_set", help="Cubitos card set")
    p.add_argument("--out", help="the weights file (default: the one shipped for the game and players, "
                                 f"in {WEIGHTS_PACKAGE.replace('.', '/')}/)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="games played at once, each in its own process (default: cores)")
    add_cluster_argument(p)


def run(args: argparse.Namespace) -> int:
    try:
        rules = registry.get(args.game)
    except KeyError as e:
        raise UsageError(e.args[0]) from None
    if rules.features_all is None:
        raise UsageError(f"{rules.name} gives no features for a learned evaluation")
    options = {k: v for k, v in (("variant", args.variant), ("card_set", args.card_set)) if v is not None}
    try:
        rules.new_game(players=args.players, seed=args.seed, **options)
    except (TypeError, ValueError) as e:
        raise UsageError(one_line(e)) from None
    for flag, value, least in (("--games", args.games, 1), ("--generations", args.generations, 1),
                               ("--iterations", args.iterations, 1), ("--jobs", args.jobs, 1)):
        if value < least:
            raise UsageError(f"{flag} must be at least {least}")
    if args.games >= GENERATION_STRIDE:
        raise UsageError(f"--games must be below {GENERATION_STRIDE}")
    out = Path(args.out) if args.out else Path(__file__).parents[1] / "bots" / "weights" / shipped_name(
        rules.name, args.players)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)  # before any game: a bad --out costs one line, not the run
    except OSError as e:
        raise UsageError(f"cannot make the folder of {out}: {e.strerror or e}") from None
    run_ = Run(rules, args.players, options, args.games, args.generations, args.iterations, args.seed)
    try:
        model, errors = train(run_, out.with_name(out.name + ".positions.jsonl"), args.jobs, args.cluster)
    except tournament_log.LogError as e:
        raise UsageError(one_line(e)) from None
    _write(out, model.to_json())
    f = model.made["fit"]
    print(f"{rules.name}, {args.players} players: {model.made['sample']['positions']} positions of "
          f"{model.made['sample']['games']} games; held-out log loss {f['held_out_log_loss']} "
          f"(equal shares {f['held_out_baseline']}), winner picked {f['held_out_accuracy']}; wrote {out}")
    for line in errors[:MAX_ERROR_LINES]:
        print(f"  error {line}")
    return 1 if errors else 0


class Run:
    """What a training run's games and weights follow from."""

    def __init__(self, rules: GameRules, players: int, options: dict[str, Any], games: int, generations: int,
                 iterations: int, seed: int) -> None:
        self.rules, self.players, self.options = rules, players, options
        self.games, self.generations, self.iterations, self.seed = games, generations, iterations, seed

    def header(self) -> dict[str, Any]:
        return {"train": {"game": self.rules.name, "players": self.players, "options": self.options,
                          "games": self.games, "generations": self.generations,
                          "iterations": self.iterations, "seed": self.seed}}

    def command(self) -> str:
        """The command that makes these weights (where they are written and how fast aside)."""
        words = ["python -m game train", f"--game {self.rules.name}", f"--players {self.players}"]
        words += [f"--{k.replace('_', '-')} {v}" for k, v in sorted(self.options.items())]
        words += [f"--games {self.games}", f"--generations {self.generations}",
                  f"--iterations {self.iterations}", f"--seed {self.seed}"]
        return " ".join(words)

    def deal(self, generation: int, game: int) -> int:
        return self.seed + generation * GENERATION_STRIDE + game


def train(r: Run, log: Path, jobs: int = 1, on: str | None = None) -> tuple[ValueModel, list[str]]:
    """Play every generation (what ``log`` holds is not played again) and fit the final model."""
    kept = tournament_log.read_records(log, r.header(), _record, "training log",
                                       lambda first: "another training run; give another --out")
    progress = Progress(r.games * r.generations)
    positions: list[Position] = []
    errors: list[str] = []
    model: ValueModel | None = None
    with ExitStack() as stack:
        out = stack.enter_context(tournament_log.open_for_append(log, r.header()))
        for generation in range(r.generations):
            missing = [g for g in range(r.games) if (generation, g) not in kept]
            text = model.to_json() if model else None
            units = [(r.rules, r.players, r.options, r.deal(generation, g), text, r.iterations) for g in missing]
            with cluster.results(play_unit, units, jobs, on) as fresh:
                for g in range(r.games):
                    record = kept.get((generation, g))
                    if record is None:
                        record = next(fresh)
                        tournament_log.write_record(out, {"generation": generation, "game": g, **record})
                    if "error" in record:
                        errors.append(f"generation {generation} game {g}: {record['error']}")
                    else:
                        number = generation * r.games + g
                        positions += [Position(rows, record["result"], number) for rows in record["positions"]]
                    progress.update(generation * r.games + g + 1, f"generation {generation}")
            model = _model(r, positions, generation + 1)
    progress.close()
    assert model is not None, "a run has at least one generation"
    return model, errors


def _model(r: Run, positions: list[Position], generations: int) -> ValueModel:
    if not positions:
        raise UsageError("no game of the run finished, so there is nothing to learn from")
    fitted = fit(positions)
    made = {
        "command": r.command(), "seed": r.seed, "date": _date(), "options": r.options,
        "sample": {"games": len({p.game for p in positions}), "positions": len(positions),
                   "generations": generations, "iterations": r.iterations},
        "fit": {"held_out_log_loss": fitted.held_out_log_loss, "held_out_baseline": fitted.held_out_baseline,
                "held_out_accuracy": fitted.held_out_accuracy},
    }
    return ValueModel(r.rules.name, r.players, tuple(r.rules.feature_names), tuple(fitted.weights), made)


def _date() -> str:
    """Today (UTC), or the day of SOURCE_DATE_EPOCH when it is set (the reproducible-builds
    convention), so a check that the command remakes a file byte for byte can fix the date too."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = datetime.datetime.fromtimestamp(int(epoch), datetime.UTC) if epoch else datetime.datetime.now(datetime.UTC)
    return when.strftime("%Y-%m-%d")


def _record(d: Any) -> tuple[tuple[int, int], Record]:
    key = (int(d["generation"]), int(d["game"]))
    if "error" in d:
        return key, {"error": str(d["error"])}
    positions = [[[float(x) for x in row] for row in rows] for rows in d["positions"]]
    return key, {"positions": positions, "result": [float(x) for x in d["result"]]}


def play_unit(unit: Unit) -> Record:
    """One self-play game's sampled positions and result, or what went wrong with it in one line."""
    try:
        return play(*unit)
    except Exception as e:  # noqa: BLE001 - a game that breaks is one line of the report; the others go on
        return {"error": f"{type(e).__name__}: {one_line(e)}"}


def play(rules: GameRules, players: int, options: dict[str, Any], deal: int, model_text: str | None,
         iterations: int) -> Record:
    """Play game ``deal``: greedy with noise, or the learned bot searching with ``model_text``."""
    state = rules.new_game(players=players, seed=deal, **options)
    chance = Rng(bot_seed(deal, players))  # the noise's and the sampling's, apart from every bot's
    if model_text is None:
        bots: list[Any] = [GreedyBot(rules, seat, bot_seed(deal, seat)) for seat in range(players)]
        noise = NOISE
    else:
        model = parse(model_text, "the model", rules.name, players, rules.feature_names)
        bots = [LearnedBot(rules, seat, bot_seed(deal, seat), model=model, iterations=iterations)
                for seat in range(players)]
        noise = 0.0
    features = rules.features_all
    assert features is not None, "train checks the rules give features"
    seen: list[list[list[float]]] = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        legal = state.legal_actions()
        if len(legal) > 1:
            seen.append(features(state))
        if noise and len(legal) > 1 and chance.random() < noise:
            action = chance.choice(legal)
        else:
            action = bots[state.current_player].choose(state)
        state.apply(action)
    else:
        raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
    return {"positions": _sample(seen, chance), "result": outcome(state)}


def _sample(seen: list[list[list[float]]], rng: Rng) -> list[list[list[float]]]:
    """At most :data:`SAMPLES` of the positions, chosen at random, in the order they came."""
    if len(seen) <= SAMPLES:
        return seen
    order = list(range(len(seen)))
    rng.shuffle(order)
    return [seen[i] for i in sorted(order[:SAMPLES])]


def _write(path: Path, text: str) -> None:
    """Write through a temporary file, so a stop never leaves half a weights file."""
    try:
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror or e}") from None
