"""The Octocube position: set-up, the game contract (legal actions, apply, clone, views, saves)
and the changes every move is made of (a cube arriving and leaving, copy-on-write rows).

What may be played is in ``legal.py``, what each action does in ``moves.py``, scoring tiles and
the end in ``score_and_end.py``.

Public attributes follow the state API agreed with the view and input code; views
read them and never write. Tiles under a cube are already on its bottom face (magnetization on
arrival); an emptied space gets its Abyss tile when the cube leaves it.
"""
from __future__ import annotations

from typing import Any, Sequence, TypeVar

from game.core import Action, Event, GameState, IllegalAction, Rng
from game.core.event import event
from game.octocube import legal, moves, score_and_end
from game.octocube.components import (
    ABYSS_A, ABYSS_SUPPLY, ABYSS_TILES, BOTTOM, GRID_SIZE, KIDS_BOARD, NUM_TILES, STACK_LAYOUTS, TILE_NAMES,
)
from game.octocube.geometry import CELL_NAMES, grid
from game.octocube.phases import BOARD, EXTRA_ROLL, HOME_PHASES, MAIN, ORDER, PHASES, PILE, POWER, RETRIEVE
from game.octocube.scoring import final_totals

# The phases are named in phases.py; render/ and the tests have always found them here.
__all__ = ["BOARD", "EXTRA_ROLL", "FACE_DOWN", "HOME_PHASES", "MAIN", "ORDER", "PHASES", "PILE", "POWER", "RETRIEVE",
           "TILE_A", "VARIANTS", "OctocubeState", "Remembering"]

VARIANTS = ("basic", "kids", "advanced")
T = TypeVar("T")  # what a copy-on-write row holds
FACE_DOWN = "face down"  # an Abyss tile of the basic and kids games, as the observation shows it
TILE_A = "A"  # tile A there: its Abyss side is marked A (data §6), so the table always sees which it is


class Remembering(dict[str, Any]):
    """A position written with the memory of seen tiles (``"known"``). It equals the same position
    written before that memory existed (the final position of an older save file, which a replay
    of its moves is checked against): a dict without ``"known"`` is compared on the rest."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, dict) and "known" not in other:
            return {k: v for k, v in self.items() if k != "known"} == other
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other


class OctocubeState(GameState):
    def __init__(self, variant: str, players: int, rng: Rng) -> None:
        self.variant = variant
        self.num_players = players
        self.size = GRID_SIZE[players]
        cells = self.size * self.size
        self.stacks: list[list[int]] = [[] for _ in range(cells)]
        self.abyss: list[int | None] = [None] * cells
        self.cube_cell: list[int | None] = [None] * players
        self.cube_faces: list[list[int | None]] = [[None] * 6 for _ in range(players)]
        self.collected: list[list[int]] = [[] for _ in range(players)]
        self.kids_board: list[list[int | None]] = [[None] * len(KIDS_BOARD) for _ in range(players)]
        self.vp: list[int] = [0] * players
        self.abyss_supply: list[int] = []
        self.first_player = 0
        self.turn = 0
        self.phase = MAIN
        self.pile_cell: int | None = None  # where the kids leftover stack is being built (ORDER)
        self.end_triggered = False
        self.over = False
        self.rng = rng
        self._legal: Sequence[Action] | None = None  # never changed once built, so clones share it
        self._legal_pattern: tuple[int, ...] | None = None  # the faces_pattern _legal was built from, if any
        self._owned: set[int] = set()  # rows of stacks/collected/kids_board no clone shares (own_*)
        # Per space, how many tiles from the top of its stack every seat has seen and that have not
        # moved since (a top under a cube that picked nothing up, a kids leftover stack): the memory
        # of reveals ``determinize`` keeps. Shared by clones until one changes it (own_known).
        self.known: list[int] = [0] * cells

    # ---- set-up ----------------------------------------------------------------------
    def deal(self) -> None:
        """Stacks from the shuffled 84 tiles, Abyss tiles, first player (EN:17-42, ruling 3)."""
        tiles = list(range(NUM_TILES))
        self.rng.shuffle(tiles)
        layout = STACK_LAYOUTS[self.num_players]
        for cell in range(self.size * self.size):
            height = layout[cell // self.size][cell % self.size]
            if height is None:
                continue
            self.stacks[cell], tiles = tiles[:height], tiles[height:]
            self.known[cell] = 1  # every top is seen at set-up
        ids = list(range(len(ABYSS_TILES)))
        if self.variant != "advanced":
            ids.remove(ABYSS_A)
        self.rng.shuffle(ids)
        if self.size == 5:
            centre = self.size * self.size // 2
            self.abyss[centre] = ids.pop(0) if self.variant == "advanced" else ABYSS_A
        self.abyss_supply = sorted(ids[: ABYSS_SUPPLY[self.num_players]])
        self.first_player = self.turn = self.rng.randrange(self.num_players)

    # ---- contract --------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.over else self.turn

    @property
    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        if self.variant == "kids":
            return [float(sum(t is not None for t in board)) for board in self.kids_board]
        return [float(v) for v in final_totals(self.collected, self.vp)]

    def winners(self) -> list[int]:
        """Best score, then most object tiles (EN:147); kids: complete board, then coins (EN:196-198)."""
        return score_and_end.winners_of(self, self.scores())

    def clone(self) -> "OctocubeState":
        s = OctocubeState.__new__(OctocubeState)
        s.variant, s.num_players, s.size = self.variant, self.num_players, self.size
        # Stacks, boards and kids boards change a row at a time: both states share the rows
        # until one changes one (copy-on-write through own_stack, own_collected, own_kids_board).
        s.stacks, s.collected, s.kids_board = self.stacks[:], self.collected[:], self.kids_board[:]
        self._owned, s._owned = set(), set()
        s.abyss = self.abyss[:]
        s.known = self.known
        s.cube_cell = self.cube_cell[:]
        s.cube_faces = list(map(list, self.cube_faces))
        s.vp = self.vp[:]
        s.abyss_supply = self.abyss_supply[:]
        s.first_player, s.turn, s.phase, s.pile_cell = self.first_player, self.turn, self.phase, self.pile_cell
        s.end_triggered, s.over = self.end_triggered, self.over
        s.rng = Rng(self.rng.state)  # Rng.clone without the extra call
        s._legal, s._legal_pattern = self._legal, self._legal_pattern
        return s

    # ---- queries ---------------------------------------------------------------------
    def neighbours(self, cell: int) -> tuple[tuple[int, int], ...]:
        return grid(self.size)[0][cell]

    def occupant(self, cell: int) -> int | None:
        for p, c in enumerate(self.cube_cell):
            if c == cell:
                return p
        return None

    def has_abyss_tile(self, cell: int) -> bool:
        a = self.abyss[cell]
        return a is not None and a >= 0

    def free_neighbours(self, cell: int) -> list[tuple[int, int]]:
        occupied = self.cube_cell
        return [(d, n) for d, n in self.neighbours(cell) if n not in occupied]

    # ---- legal actions ---------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        acts = self._legal
        if acts is None:
            acts = self._legal = legal.compute(self)
        return list(acts)

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is in ``legal_actions()``, without building that list (apply's check)."""
        if self.phase in HOME_PHASES:
            return action in self.legal_actions()
        check = legal.CHECKS.get(type(action))
        return check is not None and check(self, action)

    # ---- apply -----------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        if self.over:
            raise IllegalAction("the game is over")
        if not self.allows(action):
            raise IllegalAction.not_now(action)
        self._legal = None
        next_phase, events = moves.EFFECTS[type(action)](self, self.turn, action)
        self.phase = next_phase
        if next_phase == MAIN:
            self.turn = turn = (self.turn + 1) % self.num_players
            if self.end_triggered and turn == self.first_player:
                events += score_and_end.finish(self)
        return events

    # ---- copy-on-write rows (every change to a stack, board or kids board goes through these) --
    def own_stack(self, cell: int) -> list[int]:
        """The stack on ``cell``, ready to change: a private copy if a clone may share it."""
        return self._own(self.stacks, cell, cell)

    def own_collected(self, p: int) -> list[int]:
        return self._own(self.collected, p, _COLLECTED_ROW + p)

    def own_kids_board(self, p: int) -> list[int | None]:
        return self._own(self.kids_board, p, _KIDS_BOARD_ROW + p)

    def own_known(self) -> list[int]:
        """The memory of seen tiles, ready to change: a private copy if a clone may share it."""
        if _KNOWN_ROW not in self._owned:
            self._owned.add(_KNOWN_ROW)
            self.known = self.known[:]
        return self.known

    def _own(self, rows: list[list[T]], i: int, key: int) -> list[T]:
        owned = self._owned
        if key in owned:
            return rows[i]
        owned.add(key)
        row = rows[i] = rows[i][:]
        return row

    # ---- movement helpers (also used by powers and kids) -----------------------------------
    def arrive(self, p: int, cell: int) -> tuple[int | None, bool]:
        """Put cube ``p`` on ``cell``; an empty bottom face takes the top tile (data ruling 1).

        Returns the tile picked up and whether a new top tile came into view.
        """
        self.cube_cell[p] = cell
        return self.pick_up(p)

    def pick_up(self, p: int) -> tuple[int | None, bool]:
        faces = self.cube_faces[p]
        cell = self.cube_cell[p]
        assert cell is not None, "only a cube on the table picks up"
        stack = self.stacks[cell]
        if faces[BOTTOM] is not None or not stack:
            return None, False
        if cell not in self._owned:
            stack = self.own_stack(cell)
        faces[BOTTOM] = stack.pop()
        if self.known[cell]:
            self.own_known()[cell] -= 1
        return faces[BOTTOM], bool(stack)

    def leave(self, p: int) -> list[Event]:
        """Take cube ``p`` off its space: the stack's top comes into view (a reveal: undo never
        steps back over it), or an emptied space gets its Abyss tile now (ruling 6)."""
        cell = self.cube_cell[p]
        self.cube_cell[p] = None
        if cell is None:
            return []
        stack = self.stacks[cell]
        if stack:
            top = stack[-1]
            if not self.known[cell]:
                self.own_known()[cell] = 1
            return [event("uncovered", f"{TILE_NAMES[top]} comes into view on {CELL_NAMES[self.size][cell]}",
                          {"cell": cell, "top": top}, True)]
        if self.abyss[cell] is not None:
            return []
        return self.lay_abyss(cell)

    def lay_abyss(self, cell: int) -> list[Event]:
        """Lay a random supply Abyss tile (ruling 4) or mark an empty space (-1, ruling 5)."""
        supply = self.abyss_supply
        tile = supply.pop(self.rng.randrange(len(supply))) if supply else -1
        self.abyss[cell] = tile
        shown = self.variant == "advanced" and tile >= 0
        text = "an empty space remains" if tile < 0 else (
            f"an Abyss tile ({ABYSS_TILES[tile].power}) is laid" if shown else "an Abyss tile is laid")
        events = [event("abyss_placed", f"{text} on {CELL_NAMES[self.size][cell]}",
                        {"cell": cell, "abyss": tile, "shown": shown}, shown)]
        if tile >= 0 and not supply and self.variant != "kids" and not self.end_triggered:
            self.end_triggered = True
            events.append(event("end_triggered", "the last Abyss tile is placed: this round is the last",
                                {"why": "abyss"}))
        return events

    # ---- views, saves, bots --------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        """Only the tops of stacks no cube covers are visible; other seats' VP tokens lie face down
        until the game is over (they are turned over to count); the supply shows its size. Abyss
        tiles lie Abyss side up: tile A shows as ``"A"`` wherever it lies, the others as alike."""
        d = self.to_dict()
        del d["rng"]
        d["stacks"] = [{"height": len(s), "top": s[-1] if s and c not in self.cube_cell else None}
                       for c, s in enumerate(self.stacks)]
        d["vp"] = [v if i == seat or self.over else None for i, v in enumerate(self.vp)]
        d["abyss_supply"] = len(self.abyss_supply)
        if self.variant != "advanced":  # Abyss side up: only tile A's side says which tile it is
            d["abyss"] = [TILE_A if t == ABYSS_A else FACE_DOWN if t is not None and t >= 0 else t
                          for t in self.abyss]
        d["seat"] = seat
        return d

    def event_seen_by(self, event: Event, seat: int) -> Event:
        """As the observation: another seat's Score leaves its VP out (the tokens lie face down
        until the game is over), and an Abyss tile laid Abyss side up is told as the observation
        shows it (tile A, or face down)."""
        d = event.data
        if event.kind == "scored" and d["player"] != seat and not self.over and d["vp"] is not None:
            return Event("scored", event.text.rpartition(" for ")[0], {**d, "vp": None}, event.reveal)
        if event.kind == "abyss_placed" and not d["shown"] and type(d["abyss"]) is int and d["abyss"] >= 0:
            face = TILE_A if d["abyss"] == ABYSS_A else FACE_DOWN
            return Event("abyss_placed", event.text, {**d, "abyss": face}, event.reveal)
        return event

    def to_dict(self) -> dict[str, Any]:
        return Remembering({
            "game": "octocube",
            "variant": self.variant,
            "players": self.num_players,
            "stacks": [list(s) for s in self.stacks],
            "abyss": list(self.abyss),
            "cube_cell": list(self.cube_cell),
            "cube_faces": [list(f) for f in self.cube_faces],
            "collected": [list(c) for c in self.collected],
            "kids_board": [list(b) for b in self.kids_board],
            "vp": list(self.vp),
            "abyss_supply": list(self.abyss_supply),
            "first_player": self.first_player,
            "turn": self.turn,
            "phase": self.phase,
            "pile_cell": self.pile_cell,
            "end_triggered": self.end_triggered,
            "over": self.over,
            "rng": self.rng.to_dict(),
            "known": list(self.known),
        })

    def knowledge(self, seat: int) -> dict[str, Any]:
        """The observation and the tiles every seat has seen on each stack, from the top down,
        that are still there (under a cube too): the worlds ``determinize`` gives keep them."""
        d = self.observation(seat)
        d["known_tiles"] = [st[max(len(st) - k, 0):] if k else [] for st, k in zip(self.stacks, self.known)]
        return d

    def determinize(self, seat: int, rng: Rng) -> "OctocubeState":
        """Re-deal the unseen tiles (below what every seat has seen of each stack: its top, and
        more where a cube covered a seen top or a kids leftover stack was built), keeping heights,
        and the unseen Abyss tiles."""
        s = self.clone()
        hidden: list[int] = []
        unseen = [max(len(st) - k, 0) for st, k in zip(self.stacks, self.known)]
        for st, n in zip(self.stacks, unseen):
            hidden += st[:n]
        rng.shuffle(hidden)
        stacks, i = [], 0
        for st, n in zip(self.stacks, unseen):
            j = i + n
            stack = hidden[i:j]
            if n < len(st):
                stack += st[n:]
            stacks.append(stack)
            i = j
        s.stacks = stacks
        if self.variant == "advanced":  # elsewhere the supply tiles are alike
            unseen = [a for a in range(len(ABYSS_TILES)) if a not in s.abyss]
            rng.shuffle(unseen)
            s.abyss_supply = sorted(unseen[: len(s.abyss_supply)])
        s.rng = Rng(rng.next_u64())
        s._legal = None
        s._owned = set(range(len(s.stacks)))
        return s



_COLLECTED_ROW, _KIDS_BOARD_ROW, _KNOWN_ROW = 1000, 2000, 3000  # _owned keys past any cell
