"""The tables the screen-level fuzzer sits at: every game, each of its menu options' choices,
every number of seats and every mix of people and bots, and a replay's Take over."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from game import registry
from game.core.match import HUMAN
from render.tables import registry as kits

BOT = "random"  # the bots' seats: their strength is not what is tested, their speed is
MIXES = ("solo", "hotseat", "mixed")  # a person against bots, all people, people and bots


@dataclass(frozen=True)
class Combo:
    game: str
    players: int
    mix: str
    chosen: tuple[tuple[str, Any], ...] = ()  # the menu's choices (option name, value)
    takeover: bool = False  # the game starts from a replay's Take over
    options: dict[str, Any] = field(default_factory=dict, compare=False)  # new_game's keywords

    @property
    def seats(self) -> list[str]:
        if self.mix == "solo":
            return [HUMAN] + [BOT] * (self.players - 1)
        if self.mix == "hotseat":
            return [HUMAN] * self.players
        return [HUMAN, BOT] * (self.players // 2) + [HUMAN] * (self.players % 2)

    @property
    def name(self) -> str:
        words = [self.game, f"{self.players}p", self.mix, *(f"{k}={v}" for k, v in self.chosen if v is not None)]
        return "-".join(str(w).replace(",", "+").replace(" ", "_") for w in words + (["takeover"] if self.takeover else []))


def _choices(game: str) -> list[tuple[str, list[Any]]]:
    """Each menu option of the game with every value it offers (custom picks: their first cards)."""
    kit = kits.get(game)
    out = []
    for opt in kit.menu_options:
        if opt.shown_when is not None:
            continue
        out.append((opt.name, [value for _, value in opt.choices]))
    return out


def _pick_defaults(game: str) -> dict[str, Any]:
    """A custom pick's own options (one card per colour), at their first choice."""
    return {o.name: o.choices[0][1] for o in kits.get(game).menu_options if o.shown_when is not None}


def combos(game: str | None = None) -> list[Combo]:
    """Every seat count and mix of every game, with each option's every choice at least once (the
    first option, the variant, at every seat count and mix), and one replay's Take over per game."""
    out: list[Combo] = []
    for g in [game] if game else kits.games():
        options = _choices(g)
        tables = [(p, m) for p in (2, 3, 4) for m in MIXES if not (m == "mixed" and p == 2)]
        crossed = bool(options) and options[0][0] == "variant"  # each variant at every seat count and mix
        first = options[0][1] if crossed else [None]
        plan = list(itertools.product(first, tables))
        rest = [values for _, values in (options[1:] if crossed else options)]
        names = [name for name, _ in (options[1:] if crossed else options)]
        n = max([len(plan), *map(len, rest)])
        for i in range(n):
            value, (players, mix) = plan[i % len(plan)]
            chosen: tuple[tuple[str, Any], ...] = ((options[0][0], value),) if crossed else ()
            chosen += tuple((name, values[i % len(values)]) for name, values in zip(names, rest))
            out.append(_combo(g, players, mix, chosen))
        out += _covering(g, [c for c in out if c.game == g])
        out.append(_combo(g, 2, "solo", out[-1].chosen, takeover=True))
    return out


def _valid(game: str, players: int, chosen: tuple) -> dict[str, Any] | None:
    """new_game's keywords for the menu's choices, or None when they do not go together."""
    picked = {k: v for k, v in (dict(chosen) | _pick_defaults(game)).items() if v is not None}
    options = kits.get(game).new_game_options(picked)
    try:
        registry.get(game).new_game(players=players, seed=1, **options)
    except ValueError:
        return None
    return options


def _combo(game: str, players: int, mix: str, chosen: tuple, takeover: bool = False) -> Combo:
    """The combo, less the later choices that do not go with the earlier ones (laps on a track
    without laps: the start menu refuses them too)."""
    while (options := _valid(game, players, chosen)) is None and len(chosen) > 1:
        chosen = chosen[:-1]
    if options is None:
        raise ValueError(f"no {game} options go with {chosen}")
    return Combo(game, players, mix, chosen, takeover, options)


def _covering(game: str, seen: list[Combo]) -> list[Combo]:
    """A combo for every choice that no combo in ``seen`` holds yet, the other options changed as
    little as a player would need to (laps 3 wants a track with laps)."""
    values = dict(_choices(game))
    have = {(n, repr(v)) for c in seen for n, v in c.chosen}
    out: list[Combo] = []
    base = seen[0].chosen
    for name, vs in values.items():
        for v in vs:
            if v is None or (name, repr(v)) in have:
                continue
            others = [n for n in values if n != name and n != "variant"]
            alts = sorted(itertools.product(*(values[n] for n in others)),
                          key=lambda alt: sum(a is not None for a in alt))
            for alt in alts:
                chosen = tuple((n, v if n == name else dict(zip(others, alt)).get(n, dict(base).get(n)))
                               for n in values)
                if _valid(game, 2, chosen) is not None:
                    out.append(_combo(game, 2, "solo", chosen))
                    have |= {(n, repr(x)) for n, x in chosen}
                    break
    return out
