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
from game.core.event import event
from game.otys import actions as A
from game.otys import legal, market, memory, turn_steps
from game.otys.components import Table
from game.otys.contracts import CARDS
from game.otys.data import DIVERS
from game.otys.player import Player

Pending = list[int | str]  # a sub-choice on ``pending``: its kind ("keep", "front", "copy", "oxygen"), then numbers
STAGES = ("key", "step1", "step2", "step3", "finish", "over")
TABLE_LENT = 1 << 8  # in ``_lent``, beside one bit per seat


class Remembering(dict[str, Any]):
    """A position written with the seats' memory (``"memory"``). It equals the same position
    written before seats had memories (the final position of an older save file, which a replay
    of its moves is checked against): a dict without ``"memory"`` is compared on the rest."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, dict) and "memory" not in other:
            return {k: v for k, v in self.items() if k != "memory"} == other
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other


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
        self.pending: list[Pending] = []
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
            market.complete(self, action, events)
        elif stage == "key":
            turn_steps.choose_key(self, action, events)
        elif stage == "step1":
            turn_steps.apply_step1(self, action, events)
        elif stage == "step2":
            if isinstance(action, A.Done):
                self.stage = "step3"
            else:
                self.uses_left -= 1
                turn_steps.apply_effect(self, action, self.active, self.turn, 0, events)
        else:
            turn_steps.step3(self, action, events)
        self._settle(events)
        return events

    # ---- applying ----------------------------------------------------------------------
    def _ev(self, events: list[Event], kind: str, text: str, reveal: bool = False, **data: Any) -> None:
        """An event of ``data["seat"]`` (the seat to play by default); ``data["private"]`` holds
        what only that seat may see (the contracts it drew or kept). The events of every turn
        (key, activate, resurface, key to track, sponsor) are made in place, a third faster."""
        data.setdefault("seat", self.turn)
        events.append(event(kind, f"seat {data['seat']} {text}", data, reveal))

    def _apply_pending(self, action: Action, events: list[Event]) -> None:
        top = self.pending.pop()
        kind = top[0]
        if kind == "keep":
            assert isinstance(action, A.Keep)
            market.keep(self, top, action, events)
        elif kind == "oxygen":
            seat, diver = int(top[1]), int(top[2])
            if isinstance(action, A.Oxygen):
                self._board(seat).batteries -= 1
                self._ev(events, "oxygen", f"spends a battery: the {DIVERS[diver]} stays down", seat=seat,
                         diver=diver)
            else:
                turn_steps.resurface(self, seat, diver, events)
        elif not isinstance(action, A.Done):
            if kind == "front":
                assert isinstance(action, A.Front)
                market.apply_front(self, self._board(self.turn), int(top[1]), action.choice, events)
            else:
                turn_steps.apply_effect(self, action, int(top[2]), int(top[1]), int(top[3]), events)

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
                    turn_steps.resurface(self, int(top[1]), int(top[2]), events)
                    continue
                if top[0] in ("front", "copy"):
                    acts = legal.pending_choices(self, top)
                    if len(acts) == 1:
                        self.pending.pop()
                        continue
                    self._legal = acts
                return
            if stage == "finish":
                turn_steps.finish_turn(self, events)
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
                turn_steps.start_step2(self, events)
            elif stage == "step2":
                self.stage = "step3"
            else:
                turn_steps.step3(self, A.RESURFACE, events)

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

    def event_seen_by(self, event: Event, seat: int) -> Event:
        return seen_by(event, seat)

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
        places = memory.hidden_places(s, seat)
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



def seen_by(ev: Event, seat: int) -> Event:
    """``ev`` as ``seat`` may see it (``OtysState.event_seen_by``; the log words events without a
    state): an event's ``private`` data (the contracts drawn or kept) is its own seat's alone."""
    d = ev.data
    if "private" not in d or d["seat"] == seat:
        return ev
    return Event(ev.kind, ev.text, {k: v for k, v in d.items() if k != "private"}, ev.reveal)
