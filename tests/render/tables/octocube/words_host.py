"""An Octocube table without a window: a match, and a view that only answers what words need."""
from __future__ import annotations

import random

from game.core.match import Match
from game import registry
from render.tables.octocube.table import OctocubeTable

RULES = registry.get("octocube")


class NoView:
    """Stands in for the 3D view: the words never look at pixels."""

    def set_highlights(self, targets, hovered=None) -> None: ...
    def target_pos(self, target) -> tuple[float, float]:
        return 0.0, 0.0


class Host:
    demo = False
    anim_speed = 0.0

    def __init__(self, match: Match) -> None:
        self.match = match
        self.table = OctocubeTable(self, NoView())  # type: ignore[arg-type]

    @property
    def state(self):
        return self.match.state

    def submit(self, action) -> None:
        self.match.apply(action)

    def describe(self, action) -> str:
        return self.table.describe_action(action)

    def eyes(self):
        return None


def host(players: int = 2, variant: str = "basic", seed: int = 1) -> Host:
    return Host(Match(RULES, players, seed, ["random"] * players, variant=variant))


def random_positions(players: int, variant: str, seed: int, plies: int):
    """Plays random moves; yields (host, legal actions) at each position before the move."""
    h = host(players, variant, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state = h.state
        if state.is_over:
            return
        legal = state.legal_actions()
        yield h, legal
        h.submit(rng.choice(legal))
    yield h, []
