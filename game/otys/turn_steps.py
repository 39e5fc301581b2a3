"""The steps of an Otys turn: the key, the sponsor and propellers, the activated diver's uses,
resurfacing and the key onto the hacker track.

Functions of the state, as in ``legal.py``: ``state.py`` keeps the turn machine that calls them,
``market.py`` what a turn does with contracts, reward tokens and the store.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core import Action, Event
from game.core.event import event
from game.otys import actions as A
from game.otys import legal, market
from game.otys.actions import POSITION_NAMES, TOKEN_NAMES, position_name, token_name
from game.otys.data import (COLOURS, DIVERS, FUEL, GOAL, HACKER_FREE, METAL, NEUTRAL_X, OWN_X, PLANT, POSITIONS,
                            UPGRADE_COST, UPGRADE_PRESTIGE)
from game.otys.player import Player

if TYPE_CHECKING:
    from game.otys.state import OtysState


def choose_key(s: OtysState, action: Action, events: list[Event]) -> None:
    if isinstance(action, A.Key):
        level = s.key_level = s.key_token = action.level
        seat = s.turn
        events.append(event("key", f"seat {seat} plays key {level}", {"level": level, "token": level, "seat": seat}))
    else:
        assert isinstance(action, A.XKey)
        s.key_level = action.level
        s.key_token = NEUTRAL_X if action.neutral else OWN_X
        if action.neutral:
            s._board(s.turn).neutral_x -= 1
        s._ev(events, "key", f"plays the {token_name(s.key_token)} key on level {action.level}",
              level=action.level, token=s.key_token)
        sp = s._own_table().sponsors
        sp.insert(0, sp.pop())
        s._ev(events, "sponsors_rotated", "rotates the sponsors: level 5 to level 1", order=sp[:])
    s.stage = "step1"


def apply_step1(s: OtysState, action: Action, events: list[Event]) -> None:
    if isinstance(action, A.Done):
        start_step2(s, events)
        return
    p = s._board(s.turn)
    if isinstance(action, A.Propel):
        src = p.position_of(action.diver)
        p.batteries -= 1
        p.move_diver(src, action.to)
        s._ev(events, "propel", f"spends a battery: {DIVERS[action.diver]} {position_name(src)} -> "
              f"{position_name(action.to)}", diver=action.diver, src=src, dst=action.to, order=p.divers[:])
        return
    s.sponsor_used = True
    level = s.key_level
    sponsor = s._table.sponsors[level - 1]
    advanced = s._table.sides[sponsor]
    data: dict[str, Any] = {"sponsor": sponsor, "side": advanced, "level": level}
    text = f"uses sponsor #{sponsor + 1} ({('basic', 'advanced')[advanced]})"
    if isinstance(action, (A.ReturnKey, A.TakeReward)):  # these tell their own events after this one
        s._ev(events, "sponsor", text, **data)
        if isinstance(action, A.ReturnKey):
            return_key(s, p, action.token, events)
        else:
            market.take_reward(s, p, action.slot, False, events)
        return
    if isinstance(action, A.Upgrade):
        p.credits -= UPGRADE_COST
        p.upgraded[action.diver] = True
        p.prestige += UPGRADE_PRESTIGE
        data.update(diver=action.diver, credits=-UPGRADE_COST, prestige=UPGRADE_PRESTIGE)
    elif isinstance(action, A.MoveResource):
        p.batteries -= 1
        p.res[action.src - 1][action.colour] -= 1
        p.res[action.dst - 1][action.colour] += 1
        data.update(colour=action.colour, src=action.src, dst=action.dst, batteries=-1)
    elif sponsor == 0:
        if advanced:
            s.free = True
        else:
            p.credits += 1
            data["credits"] = 1
    elif sponsor == 1:
        s.twice = True
    elif sponsor == 2:
        p.move_diver(POSITIONS - 1, 0)
        data["order"] = p.divers[:]
    else:
        p.batteries += 1
        data["batteries"] = 1
    data["seat"] = s.turn
    events.append(event("sponsor", f"seat {s.turn} {text}", data))


def start_step2(s: OtysState, events: list[Event]) -> None:
    seat, level = s.turn, s.key_level
    p = s._players[seat]
    s.stage = "step2"
    active = s.active = p.diver_at(level)
    s.uses_left = 2 if s.twice else 1
    events.append(event("activate", f"seat {seat} activates the {DIVERS[active]} on level {level}",
                        {"diver": active, "level": level, "upgraded": p.upgraded[active], "seat": seat}))


def apply_effect(s: OtysState, action: Action, diver: int, owner: int, depth: int, events: list[Event]) -> None:
    """One use of ``diver`` (``owner``'s tile) by the seat to play, on the key's level."""
    p = s._board(s.turn)
    level = s.key_level
    upgraded = s._players[owner].upgraded[diver]
    own = owner == s.turn
    if isinstance(action, A.Gather):
        gather(s, p, diver, action, events)
    elif isinstance(action, A.Sell):
        market.sell(s, p, action, upgraded, events)
    elif isinstance(action, A.Buy):
        market.buy(s, p, action, legal.buy_cost(s, action.row, upgraded, own), events)
    else:
        cost = legal.cost(s, diver, upgraded, own)
        p.credits -= cost
        if isinstance(action, A.Copy) and s.spy_variant and cost:
            s._board(action.seat).credits += cost
        if isinstance(action, A.Draw):
            market.draw_contracts(s, events)
        elif isinstance(action, A.Copy):
            target = s._players[action.seat].diver_at(level)
            if [action.seat, target] not in s.copied:
                s.copied.append([action.seat, target])
            s._ev(events, "copy", f"spies the {DIVERS[target]} of seat {action.seat} on level {level}",
                  target=action.seat, diver=target, level=level, credits=-cost)
            s.pending.append(["copy", action.seat, target, depth + 1])
        elif isinstance(action, A.Improve):
            if action.track:
                p.hacker += 1
            else:
                p.mechanic += 1
            name = ("mechanic", "hacker")[action.track]
            s._ev(events, "improve", f"improves the {name} for {cost} credits", track=name,
                  value=(p.mechanic, p.hacker)[action.track], credits=-cost)
        else:
            assert isinstance(action, A.TakeReward)
            market.take_reward(s, p, action.slot, True, events, cost)


def gather(s: OtysState, p: Player, diver: int, action: A.Gather, events: list[Event]) -> None:
    level = s.key_level
    data: dict[str, Any] = {"diver": diver, "level": level}
    if action.resource:
        p.res[level - 1][diver] += 1
        data["colour"] = diver
    if action.bonus:
        if diver == METAL:
            s._own_table().neutral_pile -= 1
            p.neutral_x += 1
            data["neutral_x"] = 1
        elif diver == PLANT:
            p.credits += 1
            data["credits"] = 1
        elif diver == FUEL:
            p.batteries += 1
            data["batteries"] = 1
        else:
            return_key(s, p, action.bonus, events)
    found = f"finds {COLOURS[diver]} on level {level}" if action.resource else "takes the bonus only"
    s._ev(events, "gather", found, **data)


def return_key(s: OtysState, p: Player, token: int, events: list[Event]) -> None:
    slot = p.track.index(token)
    p.track.pop(slot)
    s._ev(events, "key_returned", f"takes key {token_name(token)} back from the hacker track",
          token=token, slot=slot)


def step3(s: OtysState, action: Action, events: list[Event]) -> None:
    if isinstance(action, A.Oxygen):
        s._board(s.turn).batteries -= 1
        s._ev(events, "oxygen", f"spends a battery: the {DIVERS[s.active]} stays down", diver=s.active)
    else:
        resurface(s, s.turn, s.active, events)
        if s.spy_variant:
            s.pending += [["oxygen", seat, diver] for seat, diver in reversed(s.copied)]
    s.stage = "finish"


def resurface(s: OtysState, seat: int, diver: int, events: list[Event]) -> None:
    p = s._board(seat)
    divers = p.divers
    src = divers.index(diver)
    divers.insert(0, divers.pop(src))
    events.append(event("resurface", f"seat {seat} resurfaces its {DIVERS[diver]} from {POSITION_NAMES[src]}",
                        {"seat": seat, "diver": diver, "src": src, "order": p.divers[:]}))


def finish_turn(s: OtysState, events: list[Event]) -> None:
    p = s._board(s.turn)
    if len(p.track) >= HACKER_FREE[p.hacker]:  # the free spaces left of the Hacker
        returned = p.track + [s.key_token]
        if NEUTRAL_X in returned:
            s._own_table().neutral_pile += returned.count(NEUTRAL_X)
        p.track = []
        s._ev(events, "keys_reset", "fills the hacker track: all keys return", returned=returned)
    else:
        seat, token = s.turn, s.key_token
        p.track.append(token)
        events.append(event("key_to_track", f"seat {seat} puts key {TOKEN_NAMES[token]} on the hacker track",
                            {"token": token, "slot": len(p.track) - 1, "seat": seat}))
    s._reset_turn()
    if not s.end_triggered and any([q.prestige >= GOAL for q in s._players]):
        s.end_triggered = True
        s._ev(events, "end_triggered", f"has {GOAL}+ prestige: this round is the last")
    nxt = (s.turn + 1) % s.num_players
    if s.end_triggered and nxt == s.first:
        s.stage = "over"
        win = s.winners()
        events.append(event("game_over", f"game over: seat {' and '.join(map(str, win))} "
                            f"win{'s' if len(win) == 1 else ''}", {"winners": win, "scores": s.scores()}))
    else:
        s.turn = nxt
        s.stage = "key"
