"""Building exact Otys positions for unit tests, starting from a real set-up."""
from __future__ import annotations

from game.core import Action, Event
from game.otys import actions as A
from game.otys.data import STORE_ROWS, SURFACE
from game.otys.player import Player
from game.otys.rules import RULES
from game.otys.state import OtysState


def game(players: int = 2, seed: int = 1, sponsors: str = "basic", spy_variant: bool = False) -> OtysState:
    return RULES.new_game(players=players, seed=seed, sponsors=sponsors, spy_variant=spy_variant)


def me(s: OtysState) -> Player:
    return s.players[s.turn]


def place_diver(p: Player, diver: int, level: int) -> None:
    """Swap ``diver`` onto ``level`` (-2..0 = S1..S3), leaving the other divers where they are."""
    src, dst = p.position_of(diver), level + SURFACE - 1
    p.divers[src], p.divers[dst] = p.divers[dst], p.divers[src]


def place_sponsor(s: OtysState, sponsor: int, level: int, advanced: bool = False) -> None:
    """Sponsor id (0..4 = #1..#5) onto ``level`` with the chosen side."""
    sp = s.table.sponsors
    i = sp.index(sponsor)
    sp[i], sp[level - 1] = sp[level - 1], sp[i]
    s.table.sides[sponsor] = int(advanced)
    s._legal = None


def column(filled: int) -> list[bool]:
    """A Store column whose top ``filled`` spaces hold a resource (as set-up and sales leave it)."""
    return [row < filled for row in range(STORE_ROWS)]


def play(s: OtysState, *actions: Action) -> list[Event]:
    events: list[Event] = []
    for a in actions:
        events += s.apply(a)
    return events


def fresh(s: OtysState) -> OtysState:
    """After editing a position by hand: drop the cached legal actions."""
    s._legal = None
    return s


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


DONE, SPONSOR, RESURFACE, OXYGEN = A.DONE, A.SPONSOR, A.RESURFACE, A.OXYGEN


def put_reward(s: OtysState, level: int, slot: int, token: int) -> None:
    """Swap reward ``token`` (from the bag or the display) into a Colony display slot."""
    t = s.table
    old = t.display[level - 1][slot]
    if token in t.bag:
        t.bag[t.bag.index(token)] = old
    else:
        row = next(r for r in t.display if token in r)
        row[row.index(token)] = old
    t.display[level - 1][slot] = token
    fresh(s)


def give_reward(s: OtysState, seat: int, level: int, token: int) -> None:
    """Put reward ``token`` (from the bag or the display) on ``seat``'s board at ``level``."""
    t = s.table
    if token in t.bag:
        t.bag.remove(token)
    else:
        row = next(r for r in t.display if token in r)
        row[row.index(token)] = t.bag.pop()
    s.players[seat].rewards[level - 1] = token
    fresh(s)


def hand_card(s: OtysState, seat: int, card: int) -> None:
    """Move contract ``card`` from the deck (or a public slot, refilled) into ``seat``'s hand."""
    t = s.table
    if card in t.public:
        t.public[t.public.index(card)] = t.deck.pop()
        t.deck_owner.pop()
    else:
        i = t.deck.index(card)
        t.deck.pop(i)
        t.deck_owner.pop(i)
    s.players[seat].hand.append(card)
    fresh(s)


def turn_on(s: OtysState, level: int, diver: int, sponsor: int = 0, advanced: bool = False,
            batteries: int = 0) -> Player:
    """The seat to play gets ``diver`` on ``level`` under the chosen sponsor, plays that key and
    uses the sponsor unless it needs a choice, so that the diver is next."""
    p = me(s)
    place_diver(p, diver, level)
    place_sponsor(s, sponsor, level, advanced)
    p.batteries = batteries
    play(s, A.Key(level))
    return p
