"""Kids version (EN:149-198): free-turning Roll, Retrieve, the 16-space board, leftover stacks."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import Event
from game.octocube.actions import Retrieve
from game.octocube.components import (
    BOTTOM, COLOURS, KIDS_BOARD, OBJECTS, SEAT_NAMES, TILE_COLOUR, TILE_OBJECT, TILE_TYPE,
)
from game.octocube.geometry import ROTATIONS, rotate

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


def _plan(state: "OctocubeState", p: int) -> tuple[dict[int, int], list[int], list[int]]:
    tiles = [t for t in state.cube_faces[p] if t is not None]
    placed = assign(state.kids_board[p], [t for t in tiles if TILE_OBJECT[t] >= 0])
    on_board = set(placed.values())
    coins = [t for t in tiles if TILE_OBJECT[t] < 0]
    leftovers = [t for t in tiles if TILE_OBJECT[t] >= 0 and t not in on_board]
    return placed, coins, leftovers


def target_cells(state: "OctocubeState", p: int) -> list[int]:
    """Where the leftover stack may go once cube ``p`` has left (EN:185-186)."""
    own = state.cube_cell[p]
    others = {c for q, c in enumerate(state.cube_cell) if q != p and c is not None}
    free = [c for c in range(len(state.stacks)) if c not in others]
    pending = own is not None and not state.stacks[own] and state.abyss[own] is None

    def holds_abyss_tile(c: int) -> bool:
        return state.has_abyss_tile(c) or (c == own and pending and bool(state.abyss_supply))

    abyss = [c for c in free if holds_abyss_tile(c)]
    if abyss:
        return abyss
    stacks = [c for c in free if state.stacks[c]]
    if stacks:
        low = min(len(state.stacks[c]) for c in stacks)
        return [c for c in stacks if len(state.stacks[c]) == low]
    return [c for c in free if state.abyss[c] == -1 or (c == own and pending)]


def retrieve_actions(state: "OctocubeState", p: int) -> list[Retrieve]:
    if not _plan(state, p)[2]:
        return [Retrieve(-1)]
    return [Retrieve(c) for c in target_cells(state, p)]


def retrieve(state: "OctocubeState", p: int, target: int) -> list[Event]:
    """Take the cube home, fill the board, keep coins, and put the leftovers back (EN:171-188)."""
    placed, coins, leftovers = _plan(state, p)
    faces = state.cube_faces[p]
    cell = state.cube_cell[p]
    state.cube_faces[p] = [None] * 6
    board = state.kids_board[p]
    for slot, t in placed.items():
        board[slot] = t
    state.collected[p].extend(coins)
    events = [Event("retrieved", f"{SEAT_NAMES[p]} retrieves the cube and fills {len(placed)} spaces",
                    {"player": p, "cell": cell, "tiles": [t for t in faces if t is not None],
                     "board": sorted(placed.items()), "coins": coins, "leftovers": leftovers, "target": target})]
    events += state.leave(p)
    if leftovers:
        if state.has_abyss_tile(target):
            state.abyss_supply = sorted([*state.abyss_supply, state.abyss[target]])  # type: ignore[list-item]
        state.abyss[target] = None
        state.stacks[target].extend(leftovers)
    if not state.end_triggered and all(t is not None for t in board):
        state.end_triggered = True
        events.append(Event("end_triggered", f"{SEAT_NAMES[p]} completes the board: this round is the last", {}))
    elif not state.end_triggered and not any_board_completable(state):
        state.end_triggered = True
        events.append(Event("end_triggered", "no board can be completed any more: this round is the last", {}))
    return events


def any_board_completable(state: "OctocubeState") -> bool:
    """Whether the tiles still in play could fill every empty space of some player's board."""
    counts = [0] * (max(TILE_TYPE) + 1)
    for st in state.stacks:
        for t in st:
            counts[TILE_TYPE[t]] += 1
    for f in state.cube_faces:
        for t in f:
            if t is not None:
                counts[TILE_TYPE[t]] += 1
    # One stand-in tile per copy, no more copies of a type than spaces it fits.
    pool = [REPRESENTATIVE[k] for k, n in enumerate(counts) if n for _ in range(min(n, len(FIT_SLOTS[k])))]
    return any(len(assign(board, pool)) == sum(t is None for t in board) for board in state.kids_board)
