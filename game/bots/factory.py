"""Bots by name: "random", "greedy", "mcts:500" (ms a move), "mcts:500cpu" (ms of the thinking
thread's CPU time, for measuring on a busy machine), "mcts:200it" (fixed iterations),
a level a person picks (easy/medium/hard/expert; "hard:600" is hard thinking 600 ms a move), or a
game's own bots from ``rules.extra_bots()``.
"learned" takes the budgets "mcts" takes (learned:300, learned:200it) and optionally a weights
file after "@" (learned:200it@octocube-2p.json) instead of the shipped ones.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from game.bots.base import Bot
from game.bots.greedy import GreedyBot
from game.bots.learned import LearnedBot, model_for
from game.bots.mcts import MctsBot
from game.bots.random_bot import RandomBot
from game.core import GameRules

# hard and expert search with the learned evaluation at the leaves (docs/bots.md, "A learned evaluation")
LEVELS = {"easy": "random", "medium": "greedy", "hard": "learned:300", "expert": "learned:1000"}
SEARCHING = ("mcts", "learned")  # the bots that take a budget (ms, cpu or it)
DEFAULT_MCTS_MS = 500
MCTS_UNITS = ("it", "cpu", "ms")
# The most a move may think: an hour (scripts/bench keeps a search busy that long), or ten million
# iterations. More is a typing slip, and a budget past what a clock or a timer can hold would make
# the bot think for ever (or kill its watchdog).
MAX_MCTS_MS = 3_600_000
MAX_MCTS_ITERATIONS = 10_000_000

Factory = Callable[[GameRules, int, int, "str | None"], Bot]


def _random(rules: GameRules, seat: int, seed: int, arg: str | None) -> Bot:
    _no_argument("random", arg)
    return RandomBot(rules, seat, seed)


def _greedy(rules: GameRules, seat: int, seed: int, arg: str | None) -> Bot:
    _no_argument("greedy", arg)
    return GreedyBot(rules, seat, seed)


def _mcts(rules: GameRules, seat: int, seed: int, arg: str | None) -> Bot:
    return MctsBot(rules, seat, seed, **_budget("mcts", arg))


def _learned(rules: GameRules, seat: int, seed: int, arg: str | None, fallback: bool = False) -> Bot:
    budget, at, file = (arg or "").partition("@")
    path = Path(file) if at else None
    model = model_for(rules, None, path) if path else None  # a bad file: one line now
    return LearnedBot(rules, seat, seed, model=model, path=path, fallback=fallback, **_budget("learned", budget or None))


def _budget(name: str, arg: str | None) -> dict[str, Any]:
    """The search's keyword arguments for a budget: wall milliseconds (500), CPU milliseconds
    (500cpu) or iterations (200it)."""
    if arg is None:
        return {"budget_ms": DEFAULT_MCTS_MS}
    text = arg.strip().lower()
    unit = next((u for u in MCTS_UNITS if text.endswith(u)), "ms")
    number = text.removesuffix(unit)
    most = MAX_MCTS_ITERATIONS if unit == "it" else MAX_MCTS_MS
    if not (number.isascii() and number.isdigit()) or len(number) > 12 or not 0 < int(number) <= most:
        raise ValueError(f"bad {name} budget {arg!r}: give milliseconds ({name}:500), CPU milliseconds "
                         f"({name}:500cpu) or iterations ({name}:200it), at most {MAX_MCTS_MS} ms "
                         f"or {MAX_MCTS_ITERATIONS} iterations")
    if unit == "it":
        return {"iterations": int(number)}
    return {"budget_ms": int(number), "cpu_clock": unit == "cpu"}


def _no_argument(name: str, arg: str | None) -> None:
    if arg is not None:
        raise ValueError(f"bot {name!r} takes no argument, got {name}:{arg}")


GENERIC: dict[str, Factory] = {"random": _random, "greedy": _greedy, "mcts": _mcts, "learned": _learned}


def bot_names(rules: GameRules) -> list[str]:
    """Every bot name ``make_bot`` accepts for ``rules`` (levels included)."""
    return [*GENERIC, *_extra(rules), *LEVELS]


def _extra(rules: GameRules) -> dict[str, Factory]:
    hook = rules.extra_bots
    return dict(hook()) if hook else {}


def level_searches(level: str) -> bool:
    """Whether the level named ``level`` is a search (takes a budget: "hard", "expert")."""
    return LEVELS.get(level, "").partition(":")[0] in SEARCHING


def _resolved(spec: str) -> tuple[str, bool]:
    """The bot spec ``spec`` stands for, and whether it names a level: a level alone ("hard") is
    its bot and budget ("learned:300"); a searching level with a budget of its own ("hard:600",
    the settings' thinking time) is its bot with that budget."""
    text = spec.strip()
    head, colon, arg = text.partition(":")
    level = LEVELS.get(head.lower())
    if level is None:
        return text, False
    if not colon:
        return level, True
    if not level_searches(head.lower()):
        raise ValueError(f"level {head!r} does not search and takes no budget, got {text}")
    return f"{level.partition(':')[0]}:{arg}", True


def budget_ms(spec: str) -> float | None:
    """The milliseconds (wall or CPU) a move of ``spec`` may think, None for a bot with no clock
    (fixed iterations, bots that do not search): what a watchdog on its thinking starts from."""
    text = _resolved(spec)[0]
    name, _, arg = text.partition(":")
    arg = arg.partition("@")[0].lower()  # a learned bot's weights file says nothing of its time
    if name.lower() not in SEARCHING or arg.endswith("it"):
        return None
    return float(arg.removesuffix("cpu").removesuffix("ms") or DEFAULT_MCTS_MS)


def fixed_iterations(spec: str, per_ms: float) -> str:
    """``spec`` (a level or a bot) with a timed MCTS budget turned into ``per_ms`` iterations a
    millisecond (at least one), so that a level can be measured reproducibly on any CPU; other
    bots are returned unchanged."""
    text, level = _resolved(spec)
    ms = budget_ms(text)
    if ms is None:
        return text
    name, _, arg = text.partition(":")
    at, file = arg.partition("@")[1:]
    if level:  # still the level ("hard:150it"): it judges as the level does, weights or not
        name = spec.strip().partition(":")[0]
    return f"{name.lower()}:{max(1, round(ms * per_ms))}it{at}{file}"


def make_bot(spec: str, rules: GameRules, seat: int, seed: int) -> Bot:
    """The bot ``spec`` names, for ``seat``, with its own generator seeded by ``seed``.

    Raises ValueError (one line) for a spec that names no bot or carries a bad argument.
    """
    text, level = _resolved(spec)
    name, _, arg = text.partition(":")
    name = name.lower()
    if level and name == "learned":  # a level always plays: the hand-written evaluation where no weights serve
        return _learned(rules, seat, seed, arg or None, fallback=True)
    factories = {**GENERIC, **_extra(rules)}
    if name not in factories:
        raise ValueError(f"unknown bot {spec!r}; choose one of {', '.join(bot_names(rules))}")
    return factories[name](rules, seat, seed, arg if ":" in text else None)
