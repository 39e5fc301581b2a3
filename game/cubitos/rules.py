"""Cubitos behind the game contract: ``RULES.new_game(players, seed, card_set=, track=, laps=)``."""
from __future__ import annotations

from typing import Any, Callable

from game.core import Action, GameRules, GameState, Rng, SaveError
from game.cubitos import bots, cards, evaluation, features, planning
from game.cubitos.actions import CODEC
from game.cubitos.board import build, track_names
from game.cubitos.dice import ABILITY_COLOURS
from game.cubitos.state import CubitosState, Setup, new_state, state_from_dict
from game.cubitos.tracks import LAP_TRACKS

RANDOM_SET = "random"
DEFAULT_TRACK = "nothing-goes-right"
MAX_LAPS = 5


def plain(name: str) -> str:
    """A name without case, spaces or dashes: "Grand Finale" = "grand-finale" = "grandfinale"."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


SET_NAMES = {plain(n): n for n in cards.SETS}
TRACK_NAMES = {plain(n): n for n in track_names()}


def choose_cards(card_set: Any, seed: int) -> tuple[str, dict[str, str]]:
    """(set name, colour -> card) from a set name, "random", or 8 card names (a list or "a,b,...")."""
    if card_set is None:
        card_set = "race1"
    if isinstance(card_set, str) and plain(card_set) in SET_NAMES:
        name = SET_NAMES[plain(card_set)]
        return name, cards.card_set_from(cards.SETS[name][0])
    if isinstance(card_set, str) and plain(card_set) == RANDOM_SET:
        rng = Rng(seed ^ 0x5EED_CA4D)
        by_colour = {c: [x.name for x in cards.CARDS if x.colour == c] for c in ABILITY_COLOURS}
        return RANDOM_SET, cards.card_set_from(rng.choice(by_colour[c]) for c in ABILITY_COLOURS)
    names = card_set.split(",") if isinstance(card_set, str) else card_set
    if not isinstance(names, (list, tuple)) or len(names) < 2:
        raise ValueError(f"unknown card set {card_set!r}; choose one of {', '.join(cards.SETS)}, random, "
                         "or 8 card names separated by commas")
    return "custom", cards.card_set_from(n.strip() for n in names)


def make_setup(players: int, seed: int, card_set: Any = None, track: str | None = None,
               laps: int | None = None) -> Setup:
    if not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"Cubitos takes 2-4 players, not {players!r}")
    set_name, chosen = choose_cards(card_set, seed)
    suggested, set_laps = cards.SETS.get(set_name, (None, DEFAULT_TRACK, 1))[1:]
    track = TRACK_NAMES.get(plain(track), track) if track else suggested
    if track not in track_names():
        raise ValueError(f"unknown Cubitos track {track!r}; choose one of {', '.join(track_names())}")
    if laps is None:
        laps = set_laps if track == suggested else 1
    laps = int(laps)
    if not 1 <= laps <= (MAX_LAPS if track in LAP_TRACKS else 1):
        raise ValueError(f"laps must be 1{f'-{MAX_LAPS}' if track in LAP_TRACKS else ''} on {track}, not {laps}")
    return Setup(players, set_name, chosen, track, build(track), laps)


class CubitosRules(GameRules):
    name = "cubitos"
    title = "Cubitos"
    codec = CODEC
    options = ("card_set", "track", "laps")
    # The search's root seeding counts as 30 visits: at the hard level's few hundred iterations the
    # rolls' noise otherwise overrules the averaged one-ply view (docs/bots.md, "Where Cubitos stands").
    search_prior_visits = 30

    def new_game(self, players: int, seed: int, variant: str | None = None, **options: Any) -> CubitosState:
        if variant not in (None, "basic"):
            raise ValueError(f"Cubitos has no variant {variant!r}; use card_set= and track=")
        unknown = set(options) - set(self.options)
        if unknown:
            raise ValueError(f"unknown Cubitos option {sorted(unknown)[0]!r}; use {', '.join(self.options)}")
        return new_state(make_setup(players, seed, **options), seed)

    def from_dict(self, d: dict[str, Any]) -> CubitosState:
        try:
            setup = make_setup(int(d["players"]), 0, list(d["cards"]), d["track"], int(d["laps"]))
            setup.set_name = str(d["set"])
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"damaged Cubitos state: {e}") from None
        return state_from_dict(d, setup)

    def evaluate(self, state: GameState, seat: int) -> float:
        return evaluation.evaluate(state, seat)  # type: ignore[arg-type]  # the rules are handed their own game's states only

    def evaluate_all(self, state: GameState) -> list[float]:
        return evaluation.evaluate_all(state)  # type: ignore[arg-type]  # the rules are handed their own game's states only

    feature_names = features.NAMES

    def features_all(self, state: CubitosState) -> list[list[float]]:
        """The learned evaluation's hook: a row of ``feature_names`` per seat, from its own view."""
        return features.features_all(state)

    def describe_action(self, state: GameState, action: Action) -> str:
        return bots.describe(state, action)  # type: ignore[arg-type]  # the rules are handed their own game's states only

    def bust_chance(self, state: CubitosState, seat: int | None = None, back: tuple[str, ...] = ()) -> float:
        """The exact chance that ``seat`` (default: whoever decides) busts by pushing now."""
        return evaluation.bust_chance(state, state.current_player if seat is None else seat, back)

    def expert_move(self, state: GameState, seat: int, rng: Rng) -> Action | None:
        """Push or pass from the exact bust chance (as the ``odds`` bot), and a move's step from the
        whole move planned to its end (planning.py): decisions that search at a small budget and
        one ply judge worse; every other decision is left to the bot."""
        push = bots.odds_push_or_pass(state)  # type: ignore[arg-type]  # the rules are handed their own game's states only
        return push if push is not None else planning.best_move_action(state)  # type: ignore[arg-type]  # the rules are handed their own game's states only

    def extra_bots(self) -> dict[str, Callable[..., Any]]:
        return {"threshold": bots.threshold_bot, "odds": bots.odds_bot}


RULES = CubitosRules()
