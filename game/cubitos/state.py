"""The Cubitos position: dice in zones and trays, runners, tokens, and whose decision it is.

Every die has an id and sits in exactly one list: a player's Draw, Roll, Active or Discard
Zone, or the tray of its colour (the gray pile is the trays "lgray" and "dgray"). The flow of a
round (draw, roll, push or pass, run, move, buy) is in flow.py and the modules it names; the
cards in abilities.py and the modules it names.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.core import Action, Event, GameState, IllegalAction, Rng, SaveError
from game.cubitos import abilities, cards, effects, flow, owed, phases
from game.cubitos.actions import Step, made
from game.cubitos.board import Board, build
from game.cubitos.dice import ABILITY_COLOURS, BOX_DICE, FACE_KEYS, FACES, GRAYS, SHOWS_SYMBOL, START, START_DICE, TRAY_DICE
from game.cubitos.names import Phase, Window
from game.cubitos.seat import Seat
# The zones' names and indices are the position's words: render/ and the tests import them from here.
from game.cubitos.zones import ACTIVE, DISCARD, DRAW, ROLL, ZONES

__all__ = ["ACTIVE", "DISCARD", "DRAW", "ROLL", "ZONES", "CubitosState", "Seat", "Setup", "new_state", "state_from_dict"]

# CubitosState._lent bits: seat p is 1 << p (at most 4 seats), then the per-die lists and the trays.
SEATS_LENT = 0b1111
FACE_LENT, USED_LENT, TRAYS_LENT = 1 << 4, 1 << 5, 1 << 6
ALL_LENT = SEATS_LENT | FACE_LENT | USED_LENT | TRAYS_LENT
# A member ``apply`` compares with at every step, bound once (names.py says why).
_ROLL = Phase.ROLL
CARD_COLOUR = {c.name: c.colour for c in cards.CARDS}  # card -> its colour, looked up by every scan for its dice


@dataclass
class Setup:
    """What never changes during a game; shared by clones."""

    players: int
    set_name: str
    card_set: dict[str, str]  # colour -> card name
    track: str
    board: Board
    laps: int
    colour: list[str] = field(default_factory=list)  # per die id
    start_die: int = -1
    # Tables the rules work out once a game from the dice and cards (abilities.window_dice).
    tables: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    _affordable: dict[int, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)  # by budget
    # Worked out from the card set and board (which never change) by ``__post_init__``, as the rules
    # ask for them every turn: plain attributes, set in one order, read as quickly as a field.
    in_play: tuple[str, ...] = field(init=False, compare=False, repr=False)  # the ability colours in play, in order
    cards: tuple[str, ...] = field(init=False, compare=False, repr=False)  # their cards: a key for tables per card set
    steps: tuple[Action, ...] = field(init=False, compare=False, repr=False)  # the step into each space, shared
    costs: dict[str, int] = field(init=False, compare=False, repr=False)  # colour -> a die's cost (``cards.cost``)

    def __post_init__(self) -> None:
        self.in_play = tuple(c for c in ABILITY_COLOURS if c in self.card_set)
        self.cards = tuple(self.card_set[c] for c in self.in_play)
        self.steps = tuple(made(Step, label) for label in self.board.labels)
        self.costs = {c: cards.cost(c, self.card_set) for c in (*GRAYS, *self.in_play)}

    def card(self, colour: str) -> str:
        return self.card_set.get(colour, "")

    def cost(self, colour: str) -> int:
        return self.costs[colour]

    def colours(self) -> list[str]:
        """The ability colours in play, in a fixed order."""
        return list(self.in_play)

    def affordable(self, budget: int) -> tuple[str, ...]:
        """The colours in play that ``budget`` buys a die of, in order; kept per budget (a buy
        asks every turn)."""
        got = self._affordable.get(budget)
        if got is None:
            got = self._affordable[budget] = tuple(c for c in self.in_play if self.costs[c] <= budget)
        return got

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle carries: the fields without the tables worked out from them (made again
        when asked for), and the board by name when it is the one ``build`` shares."""
        state = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.compare}
        if _shared_board(self.board):
            state["board"] = self.board.name
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        if isinstance(state["board"], str):
            state["board"] = build(state["board"])
        self.__dict__.update(state, tables={}, _affordable={})
        self.__post_init__()


def _shared_board(board: Board) -> bool:
    try:
        return build(board.name) is board
    except ValueError:  # a board built by hand, not a track's
        return False


class CubitosState(GameState):
    """Seats, trays and the dice's faces and used bits are copied on write: a clone shares them
    with its original, and either side copies one (``own``, ``own_face``, ``own_used``,
    ``own_trays``) before its first change, so a search copies only what its moves touch. The
    rules read ``_seats``, ``_face``, ``_used`` and ``_trays``; the public ``seats``, ``face``,
    ``used`` and ``trays`` first make this state's own copies, so code outside the rules that
    changes what it reads (tests setting up a position) still changes only this state."""

    def __init__(self, setup: Setup, rng: Rng) -> None:
        self.setup = setup
        self.board = setup.board
        self.num_players = setup.players
        self.rng = rng
        n = len(setup.colour)
        self._face = [0] * n
        self._used = [0] * n
        self._trays: dict[str, list[int]] = {}
        self.temp: list[int] = []  # free dice lost at the end of the round (Cubasaurus, Broken Cow)
        self._seats: list[Seat] = []
        self._lent = 0  # bits of what a clone may share: a seat (1 << seat), FACE_LENT, USED_LENT, TRAYS_LENT
        self.round = 1
        self.start = 0
        self.phase: str = Phase.ROLL
        self.actor = -1
        self.turn = 0
        self.swords: list[int] = [0] * setup.players
        self.most = -1
        self.tiebreak = 0
        self.winner: list[int] = []
        self._legal: Sequence[Action] | None = None  # cached until the next change; never changed
        self._decider = -1  # whose the cached legal actions are: valid while ``_legal`` is set

    # ---- copy on write ----------------------------------------------------------------
    def own(self, p: int) -> Seat:
        """``p``'s seat, about to change: copied first while a clone may share it."""
        lent = self._lent
        if lent and lent & 1 << p:  # nothing lent, the usual case outside a search, is tested first
            self._lent = lent ^ 1 << p
            self._seats[p] = self._seats[p].clone()
        return self._seats[p]

    def clear_used(self) -> None:
        """Every die's used bits back to nothing (a new round), in a list of this state's own."""
        self._used, self._lent = [0] * len(self._used), self._lent & ~USED_LENT

    def own_seats(self) -> list[Seat]:
        """Every seat, about to change (a phase change): ``own`` for each."""
        if self._lent & SEATS_LENT:
            for p in range(self.num_players):
                self.own(p)
        return self._seats

    def own_face(self) -> list[int]:
        if self._lent & FACE_LENT:
            self._lent ^= FACE_LENT
            self._face = self._face[:]
        return self._face

    def own_used(self) -> list[int]:
        if self._lent & USED_LENT:
            self._lent ^= USED_LENT
            self._used = self._used[:]
        return self._used

    def own_trays(self) -> dict[str, list[int]]:
        if self._lent & TRAYS_LENT:
            self._lent ^= TRAYS_LENT
            self._trays = {c: ids[:] for c, ids in self._trays.items()}
        return self._trays

    # The public views below are how code outside the rules edits a position by hand, so they
    # also drop the cached legal actions and decider.
    @property
    def seats(self) -> list[Seat]:
        """Every seat, this state's own (see the class docstring)."""
        self._legal = None
        return self.own_seats()

    @property
    def face(self) -> list[int]:
        """The face each die shows, by id (an index into its colour's FACES)."""
        self._legal = None
        return self.own_face()

    @property
    def used(self) -> list[int]:
        """Each die's used bits (USED_NOW, USED_RUN, USED_FAN), by id."""
        self._legal = None
        return self.own_used()

    @property
    def trays(self) -> dict[str, list[int]]:
        """colour -> the ids of the dice in its tray."""
        self._legal = None
        return self.own_trays()

    # ---- contract ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._decider if self._legal is not None else flow.current(self)

    @property
    def is_over(self) -> bool:
        """``current_player == -1``, read here without a second property call (asked every move)."""
        return (self._decider if self._legal is not None else flow.current(self)) == -1

    def actions(self) -> Sequence[Action]:
        """The cached legal actions, not to be changed by the caller."""
        if self._legal is None:
            p = self._decider = flow.current(self)
            self._legal = flow.legal(self, p)
        return self._legal

    def legal_actions(self) -> list[Action]:
        acts = self._legal
        return list(acts if acts is not None else self.actions())

    def apply(self, action: Action) -> list[Event]:
        acts = self._legal
        if acts is None:
            acts = self.actions()
        for legal in acts:
            if legal is action:  # the usual case: an action taken from the list; no __eq__ calls
                break
        else:
            if action not in acts:
                raise IllegalAction.not_now(action)
        events: list[Event] = []
        p = self._decider
        while True:  # the action, then each single-choice step ``settle`` hands back
            seat = self.own(p) if self._lent else self._seats[p]
            self._legal = None
            if seat.now or seat.tasks:
                owed.owed(self, p, action, seat, events)
            else:  # the usual case: a decision of the round
                flow.DECISIONS[type(action)](self, p, action, seat, events)
            if self.phase == _ROLL:  # a seat keeps the turn while it owes choices
                self.actor = p if (seat.now or seat.tasks) else -1
            if self._legal is not None:  # the step left the next decision
                return events
            forced = flow.settle(self, events)
            if forced is None:
                return events
            action, p = forced, self._decider

    def clone(self) -> "CubitosState":
        s = CubitosState.__new__(CubitosState)
        s.setup, s.board, s.num_players = self.setup, self.board, self.num_players
        s.rng = self.rng.clone()
        s._face, s._used, s._trays, s._seats = self._face, self._used, self._trays, self._seats[:]
        s._lent = self._lent = ALL_LENT
        s.temp = self.temp[:]
        s.round, s.start, s.phase, s.actor, s.turn = self.round, self.start, self.phase, self.actor, self.turn
        s.swords, s.most, s.tiebreak, s.winner = self.swords[:], self.most, self.tiebreak, self.winner[:]
        s._legal, s._decider = self._legal, self._decider  # replaced, never changed
        return s

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without ``board``, which is ``setup.board``."""
        state = self.__dict__.copy()
        del state["board"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.board = self.setup.board

    def determinize(self, seat: int, rng: Rng) -> "CubitosState":
        """Nothing is hidden in Cubitos (rulings: "hidden information"); only chance is re-seeded."""
        s = self.clone()
        s.rng = Rng(rng.next_u64())
        return s

    def scores(self) -> list[float]:
        return [float(self.progress(p)) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return list(self.winner) if self.phase == Phase.OVER else super().winners()

    def observation(self, seat: int) -> dict[str, Any]:
        """Everything but the random-number state, from which the next rolls could be foreseen."""
        d = self.to_dict()
        del d["rng"]
        return d

    def to_dict(self) -> dict[str, Any]:
        st = self.setup
        return {
            "players": st.players, "set": st.set_name, "cards": [st.card_set[c] for c in st.colours()],
            "track": st.track, "laps": st.laps, "colour": list(st.colour), "rng": self.rng.to_dict(),
            "face": list(self._face), "used": list(self._used), "trays": {c: list(v) for c, v in self._trays.items()},
            "temp": list(self.temp), "seats": [p.to_dict() for p in self._seats], "round": self.round,
            "start": self.start, "phase": self.phase, "actor": self.actor, "turn": self.turn,
            "swords": list(self.swords), "most": self.most, "tiebreak": self.tiebreak, "winner": list(self.winner),
        }

    # ---- dice -------------------------------------------------------------------------
    def colour(self, die: int) -> str:
        return self.setup.colour[die]

    def face_name(self, die: int) -> str:
        return FACES[self.setup.colour[die]][self._face[die]]

    def key(self, die: int, zone: int) -> str:
        """The die's kind as actions name it (face included in the Active Zone)."""
        c = self.setup.colour[die]
        return FACE_KEYS[c][self._face[die]] if zone == ACTIVE else c

    def find(self, p: int, zone: int, key: str, exclude: tuple[int, ...] = ()) -> int:
        """A die of kind ``key`` in ``p``'s ``zone`` (unused ones first); -1 if none."""
        best, used = -1, self._used
        if zone == ACTIVE:  # a die's kind is its colour and face (``key``, looked up here)
            colours, face = self.setup.colour, self._face
            for d in self._seats[p].zones[zone]:
                if d not in exclude and FACE_KEYS[colours[d]][face[d]] == key:
                    if not used[d]:
                        return d
                    best = d
            return best
        colour = self.setup.colour  # off the Active Zone a die's kind is its colour
        for d in self._seats[p].zones[zone]:
            if colour[d] == key and d not in exclude:
                if not used[d]:
                    return d
                best = d
        return best

    def kinds(self, p: int, zone: int, movable: bool = True) -> dict[str, int]:
        """key -> count of ``p``'s dice in ``zone`` (the start player die left out when ``movable``),
        in the order the kinds first appear."""
        dice = self._seats[p].zones[zone]
        if zone == ACTIVE:
            out: dict[str, int] = {}
            start = self.setup.start_die if movable else -1
            for d in dice:
                if d != start:
                    k = self.key(d, zone)
                    out[k] = out.get(k, 0) + 1
            return out
        # Off the Active Zone a kind is a colour: counted in C, a kind at a time (they are few).
        colours = list(map(self.setup.colour.__getitem__, dice))
        out = dict.fromkeys(colours, 0)
        for k in out:
            out[k] = colours.count(k)
        if movable and START in out:  # the start player die is the one die of its colour
            del out[START]
        return out

    def any_die(self, p: int) -> list[str]:
        """zone/key of every kind of ``p``'s dice that may be lost or given (never the start die)."""
        return [f"{ZONES[z]}/{k}" for z in range(4) for k in self.kinds(p, z)]

    def locate(self, die: int, p: int = 0) -> list[int]:
        """The list that holds ``die``, this state's own: the caller takes the die out. Seat ``p``,
        the likely one, is looked through first."""
        seats = self._seats
        for q in (p, *range(len(seats))):
            for z, zone in enumerate(seats[q].zones):
                if die in zone:
                    return self.own(q).zones[z] if self._lent else zone
        return self.own_trays()[self.setup.colour[die]]

    def move_die(self, die: int, to: list[int], p: int = 0) -> None:
        """Move ``die`` onto ``to``, a list of this state's own (``own``, ``own_trays``); ``p`` is
        the seat likely to hold it (``locate``)."""
        self.locate(die, p).remove(die)
        to.append(die)

    def count_active(self, p: int, colour: str) -> int:
        return sum(1 for d in self._seats[p].zones[ACTIVE] if self.setup.colour[d] == colour)

    def card_dice(self, p: int, card: str, bit: int = 0, zone: int = ACTIVE) -> list[int]:
        """``p``'s dice in ``zone`` showing the symbol of ``card`` whose ``bit`` is still unused."""
        colour = CARD_COLOUR[card]
        if self.setup.card_set.get(colour) != card:
            return []
        out, colours, symbol, face, used = [], self.setup.colour, SHOWS_SYMBOL[colour], self._face, self._used
        for d in self._seats[p].zones[zone]:
            if colours[d] == colour and symbol[face[d]] and not used[d] & bit:
                out.append(d)
        return out

    # ---- track ------------------------------------------------------------------------
    def progress(self, p: int) -> int:
        """Steps covered: laps and distance on the track, plus distance beyond the finish."""
        seat, b = self._seats[p], self.board
        if b.lap:  # a space beside the start but far round the lap (1.20) counts as the start
            pot = b.pot_all(seat.node) if b.water[seat.node] else b.pot_land(seat.node)
            return seat.laps * b.lap_length + max(0, b.lap_length - pot)
        here = b.dist_all[seat.node] if b.water[seat.node] else b.dist_land[seat.node]
        return b.finish_distance() - here + seat.beyond

    def line_index(self, p: int) -> int:
        """Red lines passed since the start (8 per lap on a lap track)."""
        seat = self._seats[p]
        return self.board.line[seat.node] + 8 * seat.laps

    def beyond(self, p: int) -> int:
        """Distance beyond the start once finished (rulings: "the end")."""
        seat, b = self._seats[p], self.board
        if b.lap:
            return (seat.laps - self.setup.laps) * b.lap_length + b.from_start[seat.node]
        return seat.beyond


def new_state(setup: Setup, seed: int) -> CubitosState:
    """Set-up (RB:187-242): dice to players and trays, runners on the start, a random start player."""
    colour: list[str] = []
    for c, n in BOX_DICE.items():
        colour += [c] * n
    for c in setup.colours():
        colour += [c] * TRAY_DICE
    colour.append(START)
    setup.colour, setup.start_die = colour, len(colour) - 1
    s = CubitosState(setup, Rng(seed))
    for window in Window:  # the per-die tables the rules look up every turn, made now rather than mid-game
        abilities.window_dice(s, window)
    effects.rolled_table(s)
    s._seats = [Seat(setup.board.start) for _ in range(setup.players)]
    ids = {c: [i for i, x in enumerate(colour) if x == c] for c in set(colour)}
    for c in (*GRAYS, *setup.colours()):
        s._trays[c] = list(ids[c])
    for seat in s._seats:
        for c, n in START_DICE.items():
            for _ in range(n):
                seat.zones[DRAW].append(s._trays[c].pop())
    s.start = s.rng.randrange(setup.players)
    s._seats[s.start].zones[ROLL].append(setup.start_die)
    events: list[Event] = []
    phases.begin_round(s, events)
    forced = flow.settle(s, events)  # the first draw and roll need no decision when every die is gray
    if forced is not None:
        s.apply(forced)
    return s


def state_from_dict(d: dict[str, Any], setup: Setup) -> CubitosState:
    try:
        setup.colour = [str(c) for c in d["colour"]]
        setup.start_die = setup.colour.index(START)
        s = CubitosState(setup, Rng.from_dict(d["rng"]))
        s._face, s._used = [int(x) for x in d["face"]], [int(x) for x in d["used"]]
        s._trays = {str(c): [int(i) for i in v] for c, v in d["trays"].items()}
        s.temp = [int(i) for i in d["temp"]]
        s._seats = [Seat.from_dict(x) for x in d["seats"]]
        s.round, s.start, s.phase = int(d["round"]), int(d["start"]), str(d["phase"])
        s.actor, s.turn, s.most, s.tiebreak = int(d["actor"]), int(d["turn"]), int(d["most"]), int(d["tiebreak"])
        s.swords, s.winner = [int(x) for x in d["swords"]], [int(x) for x in d["winner"]]
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise SaveError(f"damaged Cubitos state: {e!r}") from None
    return s

