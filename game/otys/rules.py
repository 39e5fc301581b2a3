"""Otys behind the game contract: ``RULES`` (registry name "otys")."""
from __future__ import annotations

from typing import Any

from game.core import Action, GameRules, GameState, SaveError
from game.otys import captions, features
from game.otys import evaluate as _evaluate
from game.otys.actions import CODEC
from game.otys.data import MAX_PLAYERS, MIN_PLAYERS
from game.otys.setup import SPONSOR_SETTINGS, new_state
from game.otys.state import OtysState


class OtysRules(GameRules):
    name = "otys"
    title = "Otys"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    variants = SPONSOR_SETTINGS  # the variant names the sponsor sides
    codec = CODEC

    def new_game(self, players: int, seed: int, variant: str | None = None, **options: Any) -> OtysState:
        """Options: ``sponsors`` = "basic" (first game, default) | "advanced" | "random" | five sides
        like "babab"; ``spy_variant`` = the designer's Spy variant (R:134)."""
        unknown = set(options) - {"sponsors", "spy_variant"}
        if unknown:
            raise ValueError(f"unknown Otys option {sorted(unknown)[0]!r}; Otys takes sponsors and spy_variant")
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Otys takes 2-4 players, got {players!r}")
        sponsors = options.get("sponsors", variant or "basic")
        if variant is not None and variant != sponsors:
            raise ValueError(f"variant {variant!r} and sponsors {sponsors!r} disagree")
        spy_variant = options.get("spy_variant", False)
        if not isinstance(spy_variant, bool):
            raise ValueError(f"spy_variant must be true or false, got {spy_variant!r}")
        return new_state(players, int(seed), sponsors, spy_variant)

    def from_dict(self, d: dict[str, Any]) -> OtysState:
        try:
            return OtysState.from_dict(d)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
            raise SaveError(f"damaged Otys state: {e}") from None

    def evaluate(self, state: GameState, seat: int) -> float:
        assert isinstance(state, OtysState)
        return _evaluate.evaluate(state, seat)

    def evaluate_all(self, state: GameState) -> list[float]:
        assert isinstance(state, OtysState)
        return _evaluate.evaluate_all(state)

    feature_names = features.NAMES

    def features_all(self, state: OtysState) -> list[list[float]]:
        """The learned evaluation's hook: a row of ``feature_names`` per seat, from its own view."""
        return features.features_all(state)

    def describe_action(self, state: GameState, action: Action) -> str:
        assert isinstance(state, OtysState)
        return captions.describe(state, action)


RULES = OtysRules()
