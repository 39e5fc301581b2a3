"""Games holding a given card, and a roll that lands one die for its Now ability."""
from __future__ import annotations

from game.cubitos import cards
from game.cubitos.actions import Push
from game.cubitos.state import CubitosState
from tests.game.cubitos.helpers import at_decision, do, empty, game, put, rig


def card_game(card: str, players: int = 2) -> CubitosState:
    """A game with a named set holding ``card``; every player's dice back in the trays."""
    name = next(n for n, (names, _, _) in cards.SETS.items() if card in names)
    s = game(name, players=players)
    for p in range(players):
        empty(s, p)
    s.move_die(s.setup.start_die, s.seats[(s.start + 1) % players if players > 1 else 0].zones[1])
    s.move_die(s.setup.start_die, s.seats[players - 1].zones[1])
    return s


def now_roll(s: CubitosState, p: int, colour: str, face: str) -> None:
    """``p`` pushes one ``colour`` die that lands on ``face``."""
    put(s, p, colour, "roll")
    at_decision(s, p)
    rig(s, (colour, face))
    s.apply(Push())


def end_move_on(s: CubitosState, p: int, reward: tuple) -> None:
    """``p`` (in its Run turn, before moving) steps onto a space paying ``reward`` and ends the move."""
    b = s.board
    space = next(n for n in range(b.size) if b.rewards[n] == reward and not b.water[n])
    seat = s.seats[p]
    seat.node = seat.start_node = next(m for m in range(b.size) if space in b.steps(m) and not b.water[m])
    seat.move = 1
    s._legal = None
    do(s, f"step {b.labels[space]}")
    do(s, "end move")
