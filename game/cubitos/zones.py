"""Where a die can be, what marks it used, and the order its kinds are offered in: the plain data
every rules module shares (here rather than in state.py, so that the cards' modules need not
import the position, which imports the round's flow)."""
from __future__ import annotations

from itertools import combinations

from game.cubitos.dice import ABILITY_COLOURS, GRAYS, START

ZONES = ("draw", "roll", "active", "discard")
DRAW, ROLL, ACTIVE, DISCARD = range(4)
# Die ``used`` bits: the Now part, the Run/Active part, Captain Bark's fan part.
USED_NOW, USED_RUN, USED_FAN = 1, 2, 4
KIND_ORDER = (*GRAYS, START, *ABILITY_COLOURS)

_RANK = {c: i for i, c in enumerate(KIND_ORDER)}
COLOUR_RANK = {c: (i, c) for c, i in _RANK.items()}  # kind_rank of a colour, for sorting in C
_KEY_RANK: dict[str, tuple[int, str]] = {}  # a memo: the keys are few and ranked over and over


def kind_rank(key: str) -> tuple[int, str]:
    """Where a die key ("red", "red:pow", "discard/red") comes in the offered order."""
    rank = _KEY_RANK.get(key)
    if rank is None:
        rank = _KEY_RANK[key] = (_RANK.get(key.split("/")[-1].split(":")[0], 99), key)
    return rank


def multisets(kinds: dict[str, int], size: int | None) -> list[tuple[str, ...]]:
    """Every multiset of ``kinds`` (with their counts as bounds) of ``size`` dice, or of any size;
    in kind order, fewest of each kind first (the order they are offered in)."""
    names = sorted(kinds, key=kind_rank)
    if size is not None:
        # Of one size (a card's choice of dice, asked for again and again): the distinct
        # combinations of the dice, each kind at most ``size`` times, made in C. Those come in
        # the reverse of the offered order: most of the first kind first.
        pool = [name for name in names for _ in range(min(kinds[name], size))]
        out = list(dict.fromkeys(combinations(pool, size)))
        out.reverse()
        return out
    out = [()]
    for name in names:
        out = [acc + (name,) * c for acc in out for c in range(kinds[name] + 1)]
    return out
