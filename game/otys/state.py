"""An Otys position and its turn machine.

A turn is a sequence of decisions by the same seat, in stages: ``key`` (choose a key), ``step1``
(sponsor and propellers, then Done), ``step2`` (the activated diver, once or twice, then Done),
``step3`` (resurface or stay down). Sub-choices (which contract to keep, a reward token's front,
a copied diver's effect, an opponent's oxygen in the designer's Spy variant) stack on
``pending``; the top one decides what is legal. Contracts may be completed in any stage.
An optional part with nothing left to choose is passed over without asking.
"""
from __future__ import annotations

from typing import Any

from game.core import Action, Event, GameState, IllegalAction, Rng
from game.otys import actions as A
from game.otys import legal
from game.otys.actions import POSITION_NAMES, TOKEN_NAMES, position_name, token_name
from game.otys.components import Table, reward_name
from game.otys.contracts import CARDS
from game.otys.data import (BACK_CREDITS, BACK_PRESTIGE, COLOURS, CONTRACT_DRAW, DIVERS, FRONT_PRESTIGE, FUEL, GOAL,
                            HACKER_FREE, METAL, NEUTRAL_X, OWN_X, PLANT, POSITIONS, REWARDS, SELL_CREDITS,
                            SELL_PRESTIGE, UPGRADE_COST, UPGRADE_PRESTIGE)
from game.core.event import event
from game.otys.player import Player

STAGES = ("key", "step1", "step2", "step3", "finish", "over")
TABLE_LENT = 1 << 8  # in ``_lent``, beside one bit per seat


class Remembering(dict):  # type: ignore[type-arg]
    """A position written with the seats' memory (``"memory"``). It equals the same position
    written before seats had memories (the final position of an older save file, which a replay
    of its moves is checked against): a dict without ``"memory"`` is compared on the rest."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, dict) and "memory" not in other:
            return {k: v for k, v in self.items() if k != "memory"} == other
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]


class OtysState(GameState):
    """Boards and table are copied on write: a clone shares them with its original, and either
    side copies one (``_board``, ``_own_table``) before its first change, so a search copies only
    what its moves touch. The rules read ``_players`` and ``_table`` and change only what those
    two give; ``players`` and ``table`` hand out this state's own copies, safe to change."""

    def __init__(self, players: list[Player], table: Table, rng: Rng, first: int, spy_variant: bool) -> None:
        self.num_players = len(players)
        self._players = players
        self._table = table
        self._lent = 0  # bits of what a clone may share: a seat's board (1 << seat), TABLE_LENT
        self.rng = rng
        self.first = first
        self.spy_variant = spy_variant
        self.turn = first
        self.stage = "key"
        self.pending: list[list[int | str]] = []
        self.end_triggered = False
        # Per seat, per contract card: the pool of cards it cannot tell apart from what it has
        # seen (0 = never seen; a rebuilt deck's cards share one pool, ...). None while every card
        # is in pool 0 for every seat. Tuples, replaced and never changed, so clones share them.
        self.memory: tuple[tuple[int, ...], ...] | None = None
        self._reset_turn()
        self._legal: list[Action] | None = None

    def _reset_turn(self) -> None:
        self.key_level = 0
        self.key_token = -1
        self.sponsor_used = False
        self.free = False  # sponsor #1 advanced this turn
        self.twice = False  # sponsor #2 basic this turn
        self.uses_left = 0
        self.active = -1  # the activated diver
        self.copied: list[list[int]] = []  # [seat, diver] used through the spy this turn

    # ---- copy on write --------------------------------------------------------------------
    @property
    def players(self) -> list[Player]:
        for seat in range(self.num_players):
            self._board(seat)
        return self._players

    @property
    def table(self) -> Table:
        return self._own_table()

    def _board(self, seat: int) -> Player:
        """``seat``'s board, about to change: copied first while a clone may share it."""
        bit = 1 << seat
        if self._lent & bit:
            self._lent ^= bit
            self._players[seat] = self._players[seat].clone()
        return self._players[seat]

    def _own_table(self) -> Table:
        """The table, about to change: copied first while a clone may share it."""
        if self._lent & TABLE_LENT:
            self._lent ^= TABLE_LENT
            self._table = self._table.clone()
        return self._table

    # ---- the contract -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.stage == "over":
            return -1
        if self.pending and self.pending[-1][0] == "oxygen":
            return int(self.pending[-1][1])
        return self.turn

    @property
    def is_over(self) -> bool:
        return self.stage == "over"  # where ``current_player`` is -1, without asking it

    def scores(self) -> list[float]:
        return [float(p.prestige) for p in self._players]

    def winners(self) -> list[int]:
        """Most prestige, then most resources left in the search zone, then shared (R:82)."""
        best = max((p.prestige, p.resources()) for p in self._players)
        return [i for i, p in enumerate(self._players) if (p.prestige, p.resources()) == best]

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = legal.legal_actions(self)
        return list(self._legal)

    def apply(self, action: Action) -> list[Event]:
        acts = self._legal
        if acts is None:
            acts = legal.legal_actions(self)
        for offered in acts:  # the actions are made once: the one played is most often one of these
            if offered is action:
                break
        else:
            if action not in acts:  # an equal action made elsewhere (a save, a test)
                self._legal = acts
                raise IllegalAction.not_now(action) if self.stage != "over" else IllegalAction("the game is over")
        self._legal = None
        events: list[Event] = []
        stage = self.stage
        if self.pending:
            self._apply_pending(action, events)
        elif isinstance(action, A.Complete):
            self._complete(action, events)
        elif stage == "key":
            self._choose_key(action, events)
        elif stage == "step1":
            self._apply_step1(action, events)
        elif stage == "step2":
            if isinstance(action, A.Done):
                self.stage = "step3"
            else:
                self.uses_left -= 1
                self._apply_effect(action, self.active, self.turn, 0, events)
        else:
            self._step3(action, events)
        self._settle(events)
        return events

    # ---- applying ----------------------------------------------------------------------
    def _ev(self, events: list[Event], kind: str, text: str, reveal: bool = False, **data: Any) -> None:
        """An event of ``data["seat"]`` (the seat to play by default); ``data["private"]`` holds
        what only that seat may see (the contracts it drew or kept). The events of every turn
        (key, activate, resurface, key to track, sponsor) are made in place, a third faster."""
        data.setdefault("seat", self.turn)
        events.append(event(kind, f"seat {data['seat']} {text}", data, reveal))

    def _choose_key(self, action: Action, events: list[Event]) -> None:
        level = self.key_level = action.level  # type: ignore[attr-defined]
        if isinstance(action, A.Key):
            self.key_token = level
            seat = self.turn
            events.append(event("key", f"seat {seat} plays key {level}", {"level": level, "token": level, "seat": seat}))
        else:
            assert isinstance(action, A.XKey)
            self.key_token = NEUTRAL_X if action.neutral else OWN_X
            if action.neutral:
                self._board(self.turn).neutral_x -= 1
            self._ev(events, "key", f"plays the {token_name(self.key_token)} key on level {action.level}",
                     level=action.level, token=self.key_token)
            sp = self._own_table().sponsors
            sp.insert(0, sp.pop())
            self._ev(events, "sponsors_rotated", "rotates the sponsors: level 5 to level 1", order=sp[:])
        self.stage = "step1"

    def _apply_step1(self, action: Action, events: list[Event]) -> None:
        if isinstance(action, A.Done):
            self._start_step2(events)
            return
        p = self._board(self.turn)
        if isinstance(action, A.Propel):
            src = p.position_of(action.diver)
            p.batteries -= 1
            p.move_diver(src, action.to)
            self._ev(events, "propel", f"spends a battery: {DIVERS[action.diver]} {position_name(src)} -> "
                     f"{position_name(action.to)}", diver=action.diver, src=src, dst=action.to, order=p.divers[:])
            return
        self.sponsor_used = True
        level = self.key_level
        sponsor = self._table.sponsors[level - 1]
        advanced = self._table.sides[sponsor]
        data: dict[str, Any] = {"sponsor": sponsor, "side": advanced, "level": level}
        text = f"uses sponsor #{sponsor + 1} ({('basic', 'advanced')[advanced]})"
        if isinstance(action, (A.ReturnKey, A.TakeReward)):  # these tell their own events after this one
            self._ev(events, "sponsor", text, **data)
            if isinstance(action, A.ReturnKey):
                self._return_key(p, action.token, events)
            else:
                self._take_reward(p, action.slot, False, events)
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
                self.free = True
            else:
                p.credits += 1
                data["credits"] = 1
        elif sponsor == 1:
            self.twice = True
        elif sponsor == 2:
            p.move_diver(POSITIONS - 1, 0)
            data["order"] = p.divers[:]
        else:
            p.batteries += 1
            data["batteries"] = 1
        data["seat"] = self.turn
        events.append(event("sponsor", f"seat {self.turn} {text}", data))

    def _start_step2(self, events: list[Event]) -> None:
        seat, level = self.turn, self.key_level
        p = self._players[seat]
        self.stage = "step2"
        active = self.active = p.diver_at(level)
        self.uses_left = 2 if self.twice else 1
        events.append(event("activate", f"seat {seat} activates the {DIVERS[active]} on level {level}",
                            {"diver": active, "level": level, "upgraded": p.upgraded[active], "seat": seat}))

    def _apply_effect(self, action: Action, diver: int, owner: int, depth: int, events: list[Event]) -> None:
        """One use of ``diver`` (``owner``'s tile) by the seat to play, on the key's level."""
        p = self._board(self.turn)
        level = self.key_level
        upgraded = self._players[owner].upgraded[diver]
        own = owner == self.turn
        if isinstance(action, A.Gather):
            self._gather(p, diver, action, events)
        elif isinstance(action, A.Sell):
            self._sell(p, action, upgraded, events)
        elif isinstance(action, A.Buy):
            cost = legal.buy_cost(self, action.row, upgraded, own)
            self._own_table().store[action.colour][action.row] = False
            p.credits -= cost
            p.res[level - 1][action.colour] += 1
            self._ev(events, "buy", f"buys {COLOURS[action.colour]} from store row {action.row + 1} for {cost} "
                     f"credits onto level {level}", colour=action.colour, row=action.row, level=level, credits=-cost)
        else:
            cost = legal.cost(self, diver, upgraded, own)
            p.credits -= cost
            if isinstance(action, A.Copy) and self.spy_variant and cost:
                self._board(action.seat).credits += cost
            if isinstance(action, A.Draw):
                self._draw_contracts(p, events)
            elif isinstance(action, A.Copy):
                target = self._players[action.seat].diver_at(level)
                if [action.seat, target] not in self.copied:
                    self.copied.append([action.seat, target])
                self._ev(events, "copy", f"spies the {DIVERS[target]} of seat {action.seat} on level {level}",
                         target=action.seat, diver=target, level=level, credits=-cost)
                self.pending.append(["copy", action.seat, target, depth + 1])
            elif isinstance(action, A.Improve):
                if action.track:
                    p.hacker += 1
                else:
                    p.mechanic += 1
                name = ("mechanic", "hacker")[action.track]
                self._ev(events, "improve", f"improves the {name} for {cost} credits", track=name,
                         value=(p.mechanic, p.hacker)[action.track], credits=-cost)
            else:
                assert isinstance(action, A.TakeReward)
                self._take_reward(p, action.slot, True, events, cost)

    def _gather(self, p: Player, diver: int, action: A.Gather, events: list[Event]) -> None:
        level = self.key_level
        data: dict[str, Any] = {"diver": diver, "level": level}
        if action.resource:
            p.res[level - 1][diver] += 1
            data["colour"] = diver
        if action.bonus:
            if diver == METAL:
                self._own_table().neutral_pile -= 1
                p.neutral_x += 1
                data["neutral_x"] = 1
            elif diver == PLANT:
                p.credits += 1
                data["credits"] = 1
            elif diver == FUEL:
                p.batteries += 1
                data["batteries"] = 1
            else:
                self._return_key(p, action.bonus, events)
        found = f"finds {COLOURS[diver]} on level {level}" if action.resource else "takes the bonus only"
        self._ev(events, "gather", found, **data)

    def _sell(self, p: Player, action: A.Sell, upgraded: bool, events: list[Event]) -> None:
        level, c = self.key_level, action.colour
        row = self._table.sale_row(c)
        self._own_table().store[c][row] = True
        p.res[level - 1][c] -= 1
        credits = prestige = 0
        if action.prestige:
            prestige = SELL_PRESTIGE[row] + upgraded
        else:
            credits = SELL_CREDITS[row] + upgraded
        p.credits += credits
        p.prestige += prestige
        gain = f"{prestige} prestige" if action.prestige else f"{credits} credits"
        self._ev(events, "sell", f"sells {COLOURS[c]} from level {level} to store row {row + 1} for {gain}",
                 colour=c, row=row, level=level, credits=credits, prestige=prestige)

    def _return_key(self, p: Player, token: int, events: list[Event]) -> None:
        slot = p.track.index(token)
        p.track.pop(slot)
        self._ev(events, "key_returned", f"takes key {token_name(token)} back from the hacker track",
                 token=token, slot=slot)

    def _draw_contracts(self, p: Player, events: list[Event]) -> None:
        cards: list[int] = []
        known: list[tuple[int, int]] = []  # (seat, card): cards a seat put under the deck, drawn by another
        table = self._own_table()
        for _ in range(CONTRACT_DRAW):
            if not table.deck:
                if table.contract_discard:
                    self._remember_rebuild(table.contract_discard)
            elif table.deck_owner[-1] >= 0 and table.deck_owner[-1] != self.turn:
                known.append((table.deck_owner[-1], table.deck[-1]))
            card = table.draw_contract(self.rng, events)
            if card < 0:
                break
            cards.append(card)
        if known:
            self._remember_drawn(known)
        self._ev(events, "contracts_drawn", f"draws {len(cards)} contracts", reveal=True, count=len(cards),
                 private={"cards": cards})
        self.pending.append(["keep", self.turn, *cards])

    def _take_reward(self, p: Player, slot: int, explorer: bool, events: list[Event], cost: int = 0) -> None:
        """Explorer: the token goes onto this level's reward space; sponsor #2 advanced: discarded."""
        level = self.key_level
        table = self._own_table()
        token = table.display[level - 1][slot]
        data: dict[str, Any] = {"level": level, "slot": slot, "token": token, "explorer": explorer, "credits": -cost}
        if explorer:
            data["replaced"] = p.rewards[level - 1]
            text = f"explores for the {reward_name(token)} reward token on level {level}"
        else:
            table.reward_discard.append(token)
            text = f"uses the {reward_name(token)} reward token of level {level}"
        self._ev(events, "reward_taken", text, **data)
        table.refill_display(level, slot, self.rng, events)
        if explorer:
            if p.rewards[level - 1] >= 0:
                table.reward_discard.append(p.rewards[level - 1])
            p.rewards[level - 1] = token
        self.pending.append(["front", token])

    def _apply_front(self, p: Player, token: int, choice: int, events: list[Event]) -> None:
        front = REWARDS[token][0]
        level = self.key_level
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
        self._ev(events, "front", f"uses the front of the {reward_name(token)} token", **data)
        if front == "draw":
            self._draw_contracts(p, events)

    def _apply_pending(self, action: Action, events: list[Event]) -> None:
        top = self.pending.pop()
        kind = top[0]
        if kind == "keep":
            assert isinstance(action, A.Keep)
            seat, cards = int(top[1]), [int(c) for c in top[2:]]
            cards.remove(action.card)
            self._board(seat).hand.append(action.card)
            self._own_table().to_bottom(cards, seat)
            self._ev(events, "contract_kept", f"keeps one contract and puts {len(cards)} under the deck",
                     returned=len(cards), private={"card": action.card})
        elif kind == "oxygen":
            seat, diver = int(top[1]), int(top[2])
            if isinstance(action, A.Oxygen):
                self._board(seat).batteries -= 1
                self._ev(events, "oxygen", f"spends a battery: the {DIVERS[diver]} stays down", seat=seat,
                         diver=diver)
            else:
                self._resurface(seat, diver, events)
        elif not isinstance(action, A.Done):
            if kind == "front":
                self._apply_front(self._board(self.turn), int(top[1]), action.choice, events)  # type: ignore
            else:
                self._apply_effect(action, int(top[2]), int(top[1]), int(top[3]), events)

    def _step3(self, action: Action, events: list[Event]) -> None:
        if isinstance(action, A.Oxygen):
            self._board(self.turn).batteries -= 1
            self._ev(events, "oxygen", f"spends a battery: the {DIVERS[self.active]} stays down", diver=self.active)
        else:
            self._resurface(self.turn, self.active, events)
            if self.spy_variant:
                self.pending += [["oxygen", seat, diver] for seat, diver in reversed(self.copied)]
        self.stage = "finish"

    def _resurface(self, seat: int, diver: int, events: list[Event]) -> None:
        p = self._board(seat)
        divers = p.divers
        src = divers.index(diver)
        divers.insert(0, divers.pop(src))
        events.append(event("resurface", f"seat {seat} resurfaces its {DIVERS[diver]} from {POSITION_NAMES[src]}",
                            {"seat": seat, "diver": diver, "src": src, "order": p.divers[:]}))

    def _complete(self, action: A.Complete, events: list[Event]) -> None:
        p = self._board(self.turn)
        table = self._own_table()
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
        self._ev(events, "contract", f"completes {'public' if public else 'private'} contract {action.card + 1} "
                 f"({card.text}) on level {action.level} for {card.prestige} prestige", **data)
        if public:
            slot = table.public.index(action.card)
            table.public[slot] = -1
            if not table.deck:  # the refill rebuilds the deck from the discards, this card too
                self._remember_rebuild(table.contract_discard)
            table.refill_public(slot, self.rng, events)
        else:
            p.hand.remove(action.card)

    # ---- what each seat has seen ----------------------------------------------------------
    def _pools(self) -> list[list[int]]:
        """Every seat's pools, ready to change (the memory's tuples are never changed)."""
        if self.memory is None:
            return [[0] * len(CARDS) for _ in range(self.num_players)]
        return [list(m) for m in self.memory]

    def _remember_rebuild(self, cards: list[int]) -> None:
        """The face-up discards become the deck (rulings, Q 12): every seat saw which cards they
        are, and from now on tells them apart from the cards it never saw, but not from one another."""
        if not cards:
            return
        pools = self._pools()
        pool = 1 + max(map(max, pools))
        for row in pools:
            for card in cards:
                row[card] = pool
        self.memory = tuple(map(tuple, pools))

    def _remember_drawn(self, known: list[tuple[int, int]]) -> None:
        """Another seat drew cards a seat had put under the deck: that seat knows they went into
        this draw (so into the drawer's hand or back under the deck): a pool of their own."""
        pools = self._pools()
        pool = 1 + max(map(max, pools))
        for seat, card in known:
            pools[seat][card] = pool
        self.memory = tuple(map(tuple, pools))

    def knowledge(self, seat: int) -> dict[str, Any]:
        """The observation, and per place ``seat`` cannot see into, which pool each card there
        comes from (a card it put under the deck: the card itself). A re-dealt world must agree."""
        d = self.observation(seat)
        pools = self.memory[seat] if self.memory is not None else (0,) * len(CARDS)
        t = self._table
        d["deck_known"] = [["card", card] if owner == seat else ["pool", pools[card]]
                           for card, owner in zip(t.deck, t.deck_owner)]
        d["hands_known"] = [None if i == seat else sorted(pools[c] for c in p.hand)
                            for i, p in enumerate(self._players)]
        d["choosing_known"] = [None if top[0] != "keep" or top[1] == seat else
                               sorted(pools[int(c)] for c in top[2:]) for top in self.pending]
        return d

    def _finish_turn(self, events: list[Event]) -> None:
        p = self._board(self.turn)
        if len(p.track) >= HACKER_FREE[p.hacker]:  # the free spaces left of the Hacker
            returned = p.track + [self.key_token]
            if NEUTRAL_X in returned:
                self._own_table().neutral_pile += returned.count(NEUTRAL_X)
            p.track = []
            self._ev(events, "keys_reset", "fills the hacker track: all keys return", returned=returned)
        else:
            seat, token = self.turn, self.key_token
            p.track.append(token)
            events.append(event("key_to_track", f"seat {seat} puts key {TOKEN_NAMES[token]} on the hacker track",
                                {"token": token, "slot": len(p.track) - 1, "seat": seat}))
        self._reset_turn()
        if not self.end_triggered and any([q.prestige >= GOAL for q in self._players]):
            self.end_triggered = True
            self._ev(events, "end_triggered", f"has {GOAL}+ prestige: this round is the last")
        nxt = (self.turn + 1) % self.num_players
        if self.end_triggered and nxt == self.first:
            self.stage = "over"
            win = self.winners()
            events.append(event("game_over", f"game over: seat {' and '.join(map(str, win))} "
                                f"win{'s' if len(win) == 1 else ''}", {"winners": win, "scores": self.scores()}))
        else:
            self.turn = nxt
            self.stage = "key"

    def _settle(self, events: list[Event]) -> None:
        """Pass over optional parts that offer nothing but Done, and finish the turn. The legal
        actions worked out on the way are kept for ``apply`` and ``legal_actions``."""
        while True:
            stage = self.stage
            if stage == "over":
                return
            if self.pending:
                top = self.pending[-1]
                if top[0] == "oxygen" and not self._players[int(top[1])].batteries:
                    self.pending.pop()
                    self._resurface(int(top[1]), int(top[2]), events)
                    continue
                if top[0] in ("front", "copy"):
                    acts = legal.pending_choices(self, top)
                    if len(acts) == 1:
                        self.pending.pop()
                        continue
                    self._legal = acts
                return
            if stage == "finish":
                self._finish_turn(events)
                continue
            if stage == "step2" and not self.uses_left:
                self.stage = "step3"
                continue
            if stage == "key":
                return
            acts = legal.legal_actions(self)
            if len(acts) > 1:
                self._legal = acts
                return
            if stage == "step1":
                self._start_step2(events)
            elif stage == "step2":
                self.stage = "step3"
            else:
                self._step3(A.RESURFACE, events)

    # ---- copies, views, files ----------------------------------------------------------
    def clone(self) -> "OtysState":
        s = OtysState.__new__(OtysState)
        s.__dict__.update(self.__dict__)
        s._players = self._players[:]
        self._lent = s._lent = TABLE_LENT | ((1 << self.num_players) - 1)
        s.rng = self.rng.clone()
        s.pending = [top[:] for top in self.pending] if self.pending else []
        s.copied = self.copied[:]  # its pairs are never changed, only replaced
        return s  # ``_legal`` is shared: it is replaced, never changed

    _TURN = ("turn", "first", "stage", "end_triggered", "spy_variant", "key_level", "key_token", "sponsor_used",
             "free", "twice", "uses_left", "active")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {name: getattr(self, name) for name in self._TURN}
        d.update(players=[p.to_dict() for p in self._players], table=self._table.to_dict(),
                 pending=[top[:] for top in self.pending], copied=[c[:] for c in self.copied],
                 rng=self.rng.to_dict())
        if self.memory is not None:  # only once some seat remembers something
            d = Remembering(d)
            d["memory"] = [list(m) for m in self.memory]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "OtysState":
        s = cls([Player.from_dict(p) for p in d["players"]], Table.from_dict(d["table"]), Rng.from_dict(d["rng"]),
                int(d["first"]), bool(d["spy_variant"]))
        for name in cls._TURN:
            value = d[name]
            setattr(s, name, value if isinstance(value, str) else (bool(value) if isinstance(value, bool)
                                                                    else int(value)))
        s.pending = [[v if isinstance(v, str) else int(v) for v in top] for top in d["pending"]]
        s.copied = [[int(v) for v in c] for c in d["copied"]]
        if s.stage not in STAGES or not 2 <= s.num_players <= 4 or s.turn not in range(s.num_players):
            raise ValueError("bad turn")
        if any(not top or top[0] not in ("keep", "front", "copy", "oxygen") for top in s.pending):
            raise ValueError("bad pending choice")
        if d.get("memory") is not None:
            s.memory = tuple(tuple(int(v) for v in m) for m in d["memory"])
            if len(s.memory) != s.num_players or any(len(m) != len(CARDS) or min(m) < 0 for m in s.memory):
                raise ValueError("bad memory")
        return s

    def observation(self, seat: int) -> dict[str, Any]:
        """All but the other hands, the deck order, the bag and cards another seat is choosing from."""
        d = self.to_dict()
        for i, p in enumerate(d["players"]):
            if i != seat:
                p["hand"] = len(p["hand"])
        table = d["table"]
        table["deck"] = len(table["deck"])
        table["bag"] = len(table["bag"])
        del table["deck_owner"], d["rng"]
        d.pop("memory", None)  # what the others remember is theirs; ``knowledge`` says this seat's
        d["pending"] = [top if top[0] != "keep" or top[1] == seat else top[:2] + [len(top) - 2]
                        for top in d["pending"]]
        d["seat"] = seat
        return d

    def determinize(self, seat: int, rng: Rng) -> "OtysState":
        """Re-deal what ``seat`` cannot know: among the places it cannot see into, the cards of
        each pool of its memory among the places that pool's cards fill (cards it never saw among
        theirs, a rebuilt deck's cards among theirs); cards it put under the deck itself stay where
        it put them. The bag and the game's RNG are re-drawn."""
        s = self.clone()
        t = s._own_table()
        for i, p in enumerate(s._players):
            if i != seat and p.hand:
                s._board(i)
        places = _hidden_places(s, seat)
        cards = [where[i] for where, i in places]
        pools = self.memory[seat] if self.memory is not None else None
        if pools is None or not any(pools[c] for c in cards):
            rng.shuffle(cards)  # one pool: the re-deal every seeded world has always had
        else:
            for pool in sorted({pools[c] for c in cards}):
                slots = [k for k, c in enumerate(cards) if pools[c] == pool]
                dealt = [cards[k] for k in slots]
                rng.shuffle(dealt)
                for k, card in zip(slots, dealt):
                    cards[k] = card
        for (where, i), card in zip(places, cards):
            where[i] = card
        rng.shuffle(t.bag)
        s.rng = Rng(rng.next_u64())
        s._legal = None
        return s

    def __repr__(self) -> str:
        return f"<Otys {self.num_players}p seat {self.turn} {self.stage} prestige {self.scores()}>"


def _hidden_places(state: OtysState, seat: int) -> list[tuple[list[int], int]]:
    """The card slots of ``state`` that ``seat`` cannot see into, in a fixed order: the deck (but
    the cards it put under it itself), the other hands, the cards others are choosing from."""
    t = state._table
    places: list[tuple[list[int], int]] = [(t.deck, i) for i, owner in enumerate(t.deck_owner) if owner != seat]
    for i, p in enumerate(state._players):
        if i != seat and p.hand:
            places += [(p.hand, j) for j in range(len(p.hand))]
    for top in state.pending:
        if top[0] == "keep" and top[1] != seat:
            places += [(top, j) for j in range(2, len(top))]  # type: ignore[misc]
    return places
