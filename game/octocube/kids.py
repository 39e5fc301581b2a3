"""Kids version (EN:149-198): free-turning Roll, Retrieve, the 16-space board, leftover stacks.

Retrieve goes in steps, each asked only when it has a choice: board spaces (BOARD), the space
for the leftover stack (PILE), the order of that stack (ORDER). Tiles wait on the cube at home.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Event
from game.octocube.actions import Board, Pile, Stack
from game.octocube.components import (
    BOTTOM, COLOURS, KIDS_BOARD, OBJECTS, SEAT_NAMES, TILE_COLOUR, TILE_OBJECT, TILE_TYPE, space_name, tile_name,
)
from game.octocube.geometry import ROTATIONS, cell_name, rotate
from game.octocube.phases import BOARD, MAIN, ORDER, PILE, Step

if TYPE_CHECKING:
    from game.octocube.state import OctocubeState

SLOT_OBJECT = tuple(-1 if o is None else OBJECTS.index(o) for o, _ in KIDS_BOARD)
SLOT_COLOUR = tuple(-1 if c is None else COLOURS.index(c) for _, c in KIDS_BOARD)


def empty_face_down(faces: list[int | None]) -> list[int | None]:
    """The cube turned the first way (rotation table order) that puts an empty face down (EN:165)."""
    if faces[BOTTOM] is None:
        return faces
    for perm in ROTATIONS:
        if faces[perm.index(BOTTOM)] is None:
            return rotate(faces, perm)
    return faces


def fits(tile: int, slot: int) -> bool:
    o = TILE_OBJECT[tile]
    if o < 0:
        return False
    return SLOT_OBJECT[slot] in (-1, o) and SLOT_COLOUR[slot] in (-1, TILE_COLOUR[tile])


REPRESENTATIVE: dict[int, int] = {TILE_TYPE[t]: t for t in reversed(range(len(TILE_TYPE)))}
# Per tile type, the board spaces it may go on, most specific first (the board's own order).
FIT_SLOTS: dict[int, tuple[int, ...]] = {
    TILE_TYPE[t]: tuple(slot for slot in range(len(KIDS_BOARD)) if fits(t, slot)) for t in range(len(TILE_TYPE))
}


def assign(board: list[int | None], tiles: list[int]) -> dict[int, int]:
    """Slot -> tile for as many tiles as fit (maximum matching); specific spaces are tried first."""
    match: dict[int, int] = {}

    def augment(t: int, seen: set[int]) -> bool:
        for slot in FIT_SLOTS[TILE_TYPE[t]]:
            if board[slot] is None and slot not in seen:
                seen.add(slot)
                if slot not in match or augment(match[slot], seen):
                    match[slot] = t
                    return True
        return False

    room = sum(t is None for t in board)
    for t in tiles:
        if len(match) == room:
            break
        augment(t, set())
    return match


Result = frozenset[tuple[int, int]]  # (board space, tile type) pairs of one way to fill the board


def completions(board: list[int | None], tiles: list[int]) -> set[Result]:
    """Every distinct way to lay ``tiles`` on ``board`` until none of the rest fits a free space.

    A tile is set aside only when no free space fits it at the end (EN:183: "no longer valid
    spaces"), so a player may fill fewer spaces than possible but never skip one that fits.
    """
    ordered = sorted(tiles, key=lambda t: TILE_TYPE[t])
    out: set[Result] = set()

    def walk(i: int, used: list[int], skipped: list[int], floor: int) -> None:
        if i == len(ordered):
            if not any(board[s] is None and s not in used for t in skipped for s in FIT_SLOTS[TILE_TYPE[t]]):
                out.add(frozenset((s, TILE_TYPE[ordered[k]]) for k, s in enumerate(used) if s >= 0))
            return
        kind = TILE_TYPE[ordered[i]]
        same = i > 0 and TILE_TYPE[ordered[i - 1]] == kind
        low = floor if same else -1  # identical tiles take spaces in rising order: no repeats
        for slot in FIT_SLOTS[kind]:
            if board[slot] is None and slot not in used and slot > low:
                walk(i + 1, [*used, slot], skipped, slot)
        walk(i + 1, [*used, -1], [*skipped, ordered[i]], len(KIDS_BOARD))

    walk(0, [], [], -1)
    return out


def _held(state: "OctocubeState", p: int) -> list[int]:
    return [t for t in state.cube_faces[p] if t is not None]


# Faces in the order a tile of a kind is taken from them: the bottom last, as a hand reaches it last.
_REACH = (*(f for f in range(6) if f != BOTTOM), BOTTOM)


def _face_of(state: "OctocubeState", p: int, kind: int) -> int:
    faces = state.cube_faces[p]
    return next(f for f in _REACH if (t := faces[f]) is not None and TILE_TYPE[t] == kind)


def _results(state: "OctocubeState", p: int) -> set[Result]:
    return completions(state.kids_board[p], _held(state, p))


def board_actions(state: "OctocubeState", p: int) -> list[Board]:
    """One action per (tile type, space) that some ways of filling the board use and others don't."""
    results = _results(state, p)
    common = frozenset.intersection(*results)
    pairs = sorted(frozenset.union(*results) - common)
    return [Board(_face_of(state, p, kind), slot) for slot, kind in pairs]


def stack_actions(state: "OctocubeState", p: int) -> list[Stack]:
    kinds = sorted({TILE_TYPE[t] for t in _held(state, p)})
    return [Stack(_face_of(state, p, k)) for k in kinds]


def pile_actions(state: "OctocubeState", p: int) -> list[Pile]:
    return [Pile(c) for c in target_cells(state, p)]


def target_cells(state: "OctocubeState", p: int) -> list[int]:
    """Where the leftover stack may go, the cube being home (EN:185-186)."""
    free = [c for c in range(len(state.stacks)) if c not in state.cube_cell]
    abyss = [c for c in free if state.has_abyss_tile(c)]
    if abyss:
        return abyss
    stacks = [c for c in free if state.stacks[c]]
    if stacks:
        low = min(len(state.stacks[c]) for c in stacks)
        return [c for c in stacks if len(state.stacks[c]) == low]
    return [c for c in free if state.abyss[c] == -1]


def retrieve(state: "OctocubeState", p: int) -> Step:
    """Take the cube home and keep its coins (EN:171-181); then the board, as far as it is forced."""
    cell = state.cube_cell[p]
    faces = state.cube_faces[p]
    coins = [t for t in faces if t is not None and TILE_OBJECT[t] < 0]
    state.cube_faces[p] = [None if t in coins else t for t in faces]
    state.own_collected(p).extend(coins)
    events = [Event("retrieved", f"{SEAT_NAMES[p]} retrieves the cube",
                    {"player": p, "cell": cell, "tiles": [t for t in faces if t is not None], "coins": coins})]
    events += state.leave(p)
    return _fill(state, p, events)


def board(state: "OctocubeState", p: int, action: Board) -> Step:
    events = [_lay(state, p, action.face, action.slot)]
    return _fill(state, p, events)


def _lay(state: "OctocubeState", p: int, face: int, slot: int) -> Event:
    t = state.cube_faces[p][face]
    assert t is not None, "a tile is laid from a face that holds one"
    state.cube_faces[p][face] = None
    state.own_kids_board(p)[slot] = t
    return Event("boarded", f"{SEAT_NAMES[p]} puts the {tile_name(t)} on the {space_name(slot)} space",
                 {"player": p, "tile": t, "slot": slot, "faces": list(state.cube_faces[p])})


def _fill(state: "OctocubeState", p: int, events: list[Event]) -> Step:
    """Lay what every remaining way of filling the board lays; ask (BOARD) while ways differ."""
    results = _results(state, p)
    for slot, kind in sorted(frozenset.intersection(*results)):
        events.append(_lay(state, p, _face_of(state, p, kind), slot))
    if len(results) > 1:
        return BOARD, events
    if not _held(state, p):
        return _done(state, p, events)
    targets = target_cells(state, p)
    if len(targets) > 1:
        return PILE, events
    return pile(state, p, Pile(targets[0]), events)


def pile(state: "OctocubeState", p: int, action: Pile, events: list[Event] | None = None) -> Step:
    """Start the leftover stack on the chosen space: its Abyss tile goes back to the supply (EN:185)."""
    events = [] if events is None else events
    target = action.cell
    tile = state.abyss[target]
    if tile is not None and tile >= 0:
        state.abyss_supply = sorted([*state.abyss_supply, tile])
    state.abyss[target] = None
    state.pile_cell = target
    events.append(Event("piled", f"{SEAT_NAMES[p]} puts the leftovers on {cell_name(target, state.size)}",
                        {"player": p, "cell": target, "leftovers": _held(state, p)}))
    return _stack_rest(state, p, events)


def stack(state: "OctocubeState", p: int, action: Stack) -> Step:
    return _stack_rest(state, p, [_stack_one(state, p, action.face)])


def _stack_one(state: "OctocubeState", p: int, face: int) -> Event:
    t, cell = state.cube_faces[p][face], state.pile_cell
    assert t is not None and cell is not None, "a tile is stacked from a face that holds one, on the pile's space"
    state.cube_faces[p][face] = None
    state.own_stack(cell).append(t)
    state.own_known()[cell] += 1  # everyone saw it go on
    return Event("stacked", f"{SEAT_NAMES[p]} adds the {tile_name(t)} to the leftover stack",
                 {"player": p, "tile": t, "cell": cell, "faces": list(state.cube_faces[p])})


def _stack_rest(state: "OctocubeState", p: int, events: list[Event]) -> Step:
    """Ask the order (ORDER) while tiles of more than one type are left; alike tiles go in any order."""
    if len({TILE_TYPE[t] for t in _held(state, p)}) > 1:
        return ORDER, events
    for face, t in enumerate(state.cube_faces[p]):
        if t is not None:
            events.append(_stack_one(state, p, face))
    state.pile_cell = None
    return _done(state, p, events)


def _done(state: "OctocubeState", p: int, events: list[Event]) -> Step:
    board_tiles = state.kids_board[p]
    if not state.end_triggered and all(t is not None for t in board_tiles):
        state.end_triggered = True
        events.append(Event("end_triggered", f"{SEAT_NAMES[p]} completes the board: this round is the last",
                            {"why": "board", "player": p}))
    elif not state.end_triggered and not any_board_completable(state):
        state.end_triggered = True
        events.append(Event("end_triggered", "no board can be completed any more: this round is the last",
                            {"why": "blocked"}))
    return MAIN, events


def any_board_completable(state: "OctocubeState") -> bool:
    """Whether the tiles still in play could fill every empty space of some player's board."""
    counts = [0] * (max(TILE_TYPE) + 1)
    for st in state.stacks:
        for t in st:
            counts[TILE_TYPE[t]] += 1
    for f in state.cube_faces:
        for tile in f:
            if tile is not None:
                counts[TILE_TYPE[tile]] += 1
    # One stand-in tile per copy, no more copies of a type than spaces it fits.
    pool = [REPRESENTATIVE[k] for k, n in enumerate(counts) if n for _ in range(min(n, len(FIT_SLOTS[k])))]
    return any(len(assign(board, pool)) == sum(t is None for t in board) for board in state.kids_board)
