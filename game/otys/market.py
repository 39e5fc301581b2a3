"""What an Otys turn does with contracts, reward tokens and the store: selling, drawing and
keeping contracts, taking a reward token and using its front, completing a contract.

Functions of the state, called by the steps of a turn (``turn_steps.py``) and its machine (``state.py``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core import Event
from game.otys import actions as A
from game.otys import memory
from game.otys.components import reward_name
from game.otys.contracts import CARDS
from game.otys.data import (BACK_CREDITS, BACK_PRESTIGE, COLOURS, CONTRACT_DRAW, FRONT_PRESTIGE, REWARDS,
                            SELL_CREDITS, SELL_PRESTIGE)
from game.otys.player import Player

if TYPE_CHECKING:
    from game.otys.state import OtysState, Pending


def sell(s: OtysState, p: Player, action: A.Sell, upgraded: bool, events: list[Event]) -> None:
    level, c = s.key_level, action.colour
    row = s._table.sale_row(c)
    s._own_table().store[c][row] = True
    p.res[level - 1][c] -= 1
    credits = prestige = 0
    if action.prestige:
        prestige = SELL_PRESTIGE[row] + upgraded
    else:
        credits = SELL_CREDITS[row] + upgraded
    p.credits += credits
    p.prestige += prestige
    gain = f"{prestige} prestige" if action.prestige else f"{credits} credits"
    s._ev(events, "sell", f"sells {COLOURS[c]} from level {level} to store row {row + 1} for {gain}",
          colour=c, row=row, level=level, credits=credits, prestige=prestige)


def buy(s: OtysState, p: Player, action: A.Buy, cost: int, events: list[Event]) -> None:
    level = s.key_level
    s._own_table().store[action.colour][action.row] = False
    p.credits -= cost
    p.res[level - 1][action.colour] += 1
    s._ev(events, "buy", f"buys {COLOURS[action.colour]} from store row {action.row + 1} for {cost} "
          f"credits onto level {level}", colour=action.colour, row=action.row, level=level, credits=-cost)


def draw_contracts(s: OtysState, events: list[Event]) -> None:
    cards: list[int] = []
    known: list[tuple[int, int]] = []  # (seat, card): cards a seat put under the deck, drawn by another
    table = s._own_table()
    for _ in range(CONTRACT_DRAW):
        if not table.deck:
            if table.contract_discard:
                memory.remember_rebuild(s, table.contract_discard)
        elif table.deck_owner[-1] >= 0 and table.deck_owner[-1] != s.turn:
            known.append((table.deck_owner[-1], table.deck[-1]))
        card = table.draw_contract(s.rng, events)
        if card < 0:
            break
        cards.append(card)
    if known:
        memory.remember_drawn(s, known)
    s._ev(events, "contracts_drawn", f"draws {len(cards)} contracts", reveal=True, count=len(cards),
          private={"cards": cards})
    s.pending.append(["keep", s.turn, *cards])


def keep(s: OtysState, top: Pending, action: A.Keep, events: list[Event]) -> None:
    """The drawer keeps one of the contracts on ``top`` (a pending "keep") and puts the rest under the deck."""
    seat, cards = int(top[1]), [int(c) for c in top[2:]]
    cards.remove(action.card)
    s._board(seat).hand.append(action.card)
    s._own_table().to_bottom(cards, seat)
    s._ev(events, "contract_kept", f"keeps one contract and puts {len(cards)} under the deck",
          returned=len(cards), private={"card": action.card})


def take_reward(s: OtysState, p: Player, slot: int, explorer: bool, events: list[Event], cost: int = 0) -> None:
    """Explorer: the token goes onto this level's reward space; sponsor #2 advanced: discarded."""
    level = s.key_level
    table = s._own_table()
    token = table.display[level - 1][slot]
    data: dict[str, Any] = {"level": level, "slot": slot, "token": token, "explorer": explorer, "credits": -cost}
    if explorer:
        data["replaced"] = p.rewards[level - 1]
        text = f"explores for the {reward_name(token)} reward token on level {level}"
    else:
        table.reward_discard.append(token)
        text = f"uses the {reward_name(token)} reward token of level {level}"
    s._ev(events, "reward_taken", text, **data)
    table.refill_display(level, slot, s.rng, events)
    if explorer:
        if p.rewards[level - 1] >= 0:
            table.reward_discard.append(p.rewards[level - 1])
        p.rewards[level - 1] = token
    s.pending.append(["front", token])


def apply_front(s: OtysState, p: Player, token: int, choice: int, events: list[Event]) -> None:
    front = REWARDS[token][0]
    level = s.key_level
    data: dict[str, Any] = {"token": token, "front": front}
    if front == "resource":
        p.res[level - 1][choice] += 1
        data.update(colour=choice, level=level)
    elif front == "battery":
        p.batteries += 1
    elif front == "upgrade":
        p.upgraded[choice] = True
        data["diver"] = choice
    elif front == "prestige":
        p.prestige += FRONT_PRESTIGE
        data["prestige"] = FRONT_PRESTIGE
    s._ev(events, "front", f"uses the front of the {reward_name(token)} token", **data)
    if front == "draw":
        draw_contracts(s, events)


def complete(s: OtysState, action: A.Complete, events: list[Event]) -> None:
    p = s._board(s.turn)
    table = s._own_table()
    card = CARDS[action.card]
    have = p.res[action.level - 1]
    for c, n in enumerate(action.use):
        have[c] -= n
    p.prestige += card.prestige
    p.credits += card.credits
    p.batteries += card.batteries
    data: dict[str, Any] = {"card": action.card, "level": action.level, "use": list(action.use),
                            "prestige": card.prestige, "credits": card.credits, "batteries": card.batteries}
    token = p.rewards[action.level - 1]
    if token >= 0:  # the permanent effect never hurts, so it is always taken
        if REWARDS[token][2] == "credits":
            p.credits += BACK_CREDITS
            data["reward_credits"] = BACK_CREDITS
        else:
            p.prestige += BACK_PRESTIGE
            data["reward_prestige"] = BACK_PRESTIGE
    table.contract_discard.append(action.card)
    public = action.card in table.public
    data["public"] = public
    s._ev(events, "contract", f"completes {'public' if public else 'private'} contract {action.card + 1} "
          f"({card.text}) on level {action.level} for {card.prestige} prestige", **data)
    if public:
        slot = table.public.index(action.card)
        table.public[slot] = -1
        if not table.deck:  # the refill rebuilds the deck from the discards, this card too
            memory.remember_rebuild(s, table.contract_discard)
        table.refill_public(slot, s.rng, events)
    else:
        p.hand.remove(action.card)
