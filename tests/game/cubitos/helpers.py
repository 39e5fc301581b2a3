"""Build exact Cubitos positions for tests: dice on chosen faces in chosen zones, rigged rolls."""
from __future__ import annotations

from game.core import Action, Rng
from game.cubitos.dice import FACES
from game.cubitos.rules import RULES
from game.cubitos.state import ACTIVE, DISCARD, DRAW, ROLL, CubitosState

ZONE = {"draw": DRAW, "roll": ROLL, "active": ACTIVE, "discard": DISCARD}


class Rigged(Rng):
    """The state's Rng with the next rolls fixed: ``faces`` (indexes) first, then seeded chance."""

    __slots__ = ("faces",)

    def __init__(self, faces: list[int]) -> None:
        super().__init__(7)
        self.faces = list(faces)

    def randrange(self, n: int) -> int:
        return self.faces.pop(0) if self.faces else super().randrange(n)

    def clone(self) -> "Rigged":
        twin = Rigged(self.faces)
        twin.state = self.state
        return twin


def game(card_set: str = "race1", players: int = 2, seed: int = 1, **options) -> CubitosState:
    return RULES.new_game(players=players, seed=seed, card_set=card_set, **options)


def empty(s: CubitosState, p: int) -> None:
    """Return all of ``p``'s dice but the start die to the trays."""
    for zone in s.seats[p].zones:
        for d in list(zone):
            if d != s.setup.start_die:
                s.move_die(d, s.trays[s.colour(d)])


def put(s: CubitosState, p: int, colour: str, zone: str, face: str = "", n: int = 1) -> list[int]:
    """Move ``n`` ``colour`` dice from the tray to ``p``'s ``zone``, showing ``face`` ("" = blank)."""
    ids = []
    for _ in range(n):
        d = s.trays[colour][-1]
        s.move_die(d, s.seats[p].zones[ZONE[zone]])
        s.face[d] = FACES[colour].index(face)
        ids.append(d)
    s._legal = None
    return ids


def rig(s: CubitosState, *rolls: tuple[str, str]) -> None:
    """Rig the next rolls: (colour, face) pairs in the order the dice will be rolled."""
    s.rng = Rigged([FACES[c].index(f) for c, f in rolls])


def at_decision(s: CubitosState, p: int) -> None:
    """Put ``p`` at a push/pass decision of the Roll Phase, everyone else done with it."""
    s.phase, s.actor = "roll", -1
    for q, seat in enumerate(s.seats):
        seat.stage, seat.now, seat.tasks = ("decide" if q == p else "done"), [], []
    s._legal = None


def at_run(s: CubitosState, p: int, stage: str = "abil", hold: bool = True) -> None:
    """Put ``p`` in its Run turn (``stage`` "abil", "move" or "buy"), after the swords.

    With ``hold`` the seat keeps 4 credits, so that its turn never ends by itself (converting
    stays a choice) and its state can be inspected; without it the turn ends as soon as
    nothing is left to decide, and the round with it.
    """
    s.phase, s.turn = "turn", p
    for q, seat in enumerate(s.seats):
        seat.stage, seat.now, seat.tasks = (stage if q == p else "done"), [], []
    if hold:
        s.seats[p].credits += 4
    s._legal = None


def zone_colours(s: CubitosState, p: int, zone: str) -> list[str]:
    return sorted(s.colour(d) for d in s.seats[p].zones[ZONE[zone]])


def uses(s: CubitosState, card: str | None = None) -> list[Action]:
    return [a for a in s.legal_actions() if a.kind == "use" and (card is None or a.card == card)]


def do(s: CubitosState, text: str):
    """Apply the one legal action whose str is ``text``."""
    match = [a for a in s.legal_actions() if str(a) == text]
    assert match, f"{text!r} not legal; legal: {[str(a) for a in s.legal_actions()]}"
    return s.apply(match[0])

