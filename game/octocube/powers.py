"""Advanced version (EN:200-224): Abyss powers B-I, their targets and their refusal conditions.

``Power(cell, letter, args)``: B (board tile), C (destination), D (source stack), E (orientation),
F (adjacent stack, board tile), G (opponent), H (two spaces), I (opponent).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.core import Event
from game.octocube.actions import Power
from game.octocube.components import ABYSS_TILES, SEAT_NAMES, TILE_OBJECT, TILE_TYPE, TOP
from game.octocube.geometry import ROTATIONS, distinct_orientations, faces_pattern, rotate

if TYPE_CHECKING:
    from game.octocube.state import OctocubeState


def _board_tiles(state: "OctocubeState", p: int, unlike: int | None = None) -> list[int]:
    """One object tile of each type on the board (identical tiles mean the same), skipping ``unlike``'s type."""
    seen = {-1 if unlike is None else TILE_TYPE[unlike]}
    out = []
    for t in sorted(state.collected[p]):
        if TILE_OBJECT[t] >= 0 and TILE_TYPE[t] not in seen:
            seen.add(TILE_TYPE[t])
            out.append(t)
    return out


def _free_cells(state: "OctocubeState") -> list[int]:
    return [c for c in range(len(state.stacks)) if c not in state.cube_cell]


def _rivals(state: "OctocubeState", p: int) -> list[int]:
    return [q for q, c in enumerate(state.cube_cell) if q != p and c is not None]


def _options(state: "OctocubeState", p: int, letter: str) -> list[tuple[int, ...]]:
    faces = state.cube_faces[p]
    cell = state.cube_cell[p]
    top = faces[TOP]
    if letter == "B":  # EN:217: the cube top must have a matching board space, so no coin
        return [] if top is None or TILE_OBJECT[top] < 0 else [(t,) for t in _board_tiles(state, p, top)]
    if letter == "C":  # EN:218
        return [(c,) for c in _free_cells(state)]
    if letter == "D":  # EN:219: visible = top of a stack no cube covers
        return [] if top is not None else [(c,) for c in _free_cells(state) if state.stacks[c]]
    if letter == "E":  # EN:220: a new arrangement only
        return [(o,) for o in distinct_orientations(faces_pattern(tuple(faces)))[1:]]
    if letter == "F":  # EN:221: the stack top must have a matching board space, so no coin
        assert cell is not None, "an adjacent stack is next to a cube on the table"
        adjacent = [n for _, n in state.free_neighbours(cell)
                    if state.stacks[n] and TILE_OBJECT[state.stacks[n][-1]] >= 0]
        return [(n, t) for n in adjacent for t in _board_tiles(state, p, state.stacks[n][-1])]
    if letter == "G":  # EN:222
        return [(q,) for q in _rivals(state, p)]
    if letter == "H":  # EN:223, ruling: Abyss tiles count as stack material, empty spaces do not
        spaces = [c for c in _free_cells(state) if state.stacks[c] or state.has_abyss_tile(c)]
        return [(a, b) for i, a in enumerate(spaces) for b in spaces[i + 1:] if not _look_alike(state, a, b)]
    if letter == "I":  # EN:224
        if top is None:
            return []
        return [(q,) for q in _rivals(state, p)
                if (theirs := state.cube_faces[q][TOP]) is not None and TILE_TYPE[theirs] != TILE_TYPE[top]]
    raise ValueError(f"no power {letter!r}")


def _look_alike(state: "OctocubeState", a: int, b: int) -> bool:
    """Two one-tile stacks of one type: swapping them changes nothing anyone could ever tell."""
    sa, sb = state.stacks[a], state.stacks[b]
    return (len(sa) == len(sb) == 1 and TILE_TYPE[sa[0]] == TILE_TYPE[sb[0]]
            and state.abyss[a] == state.abyss[b])


def actions_for(state: "OctocubeState", p: int, cell: int, tile: int) -> list[Power]:
    """Every use of the power of Abyss tile ``tile`` lying on ``cell``; empty when it can't be used."""
    letter = ABYSS_TILES[tile].power
    return [Power(cell, letter, args) for args in _options(state, p, letter)]


def _offers(state: "OctocubeState", cell: int) -> dict[str, tuple[int, int]]:
    """Letter -> the first adjacent face-up Abyss tile with it, as (its space, the tile): same
    letters do the same thing."""
    out: dict[str, tuple[int, int]] = {}
    for _, n in state.neighbours(cell):
        tile = state.abyss[n]
        if tile is not None and tile >= 0:
            out.setdefault(ABYSS_TILES[tile].power, (n, tile))
    return out


def adjacent_actions(state: "OctocubeState", p: int, cell: int) -> list[Power]:
    """Powers of face-up Abyss tiles next to the cube, used instead of an action (EN:211)."""
    return [a for n, tile in _offers(state, cell).values() for a in actions_for(state, p, n, tile)]


def allows(state: "OctocubeState", p: int, action: Power, rolled_onto: bool) -> bool:
    """Whether ``action`` is legal: the tile just rolled onto, or else an offered adjacent tile."""
    cell = state.cube_cell[p]
    assert cell is not None, "only a cube on the table uses a power"
    offer = None if rolled_onto else _offers(state, cell).get(action.power)
    offered = cell if rolled_onto else offer[0] if offer else None
    if action.cell != offered:
        return False
    tile = state.abyss[action.cell]
    if tile is None or tile < 0:
        return False
    return ABYSS_TILES[tile].power == action.power and action.args in _options(state, p, action.power)


def use(state: "OctocubeState", p: int, action: Power) -> list[Event]:
    events: list[Event] = []
    reveal = _EFFECTS[action.power](state, p, action.args, events)
    data = {"player": p, "cell": action.cell, "power": action.power, "args": list(action.args),
            "cube_cell": state.cube_cell[p], "faces": list(state.cube_faces[p])}
    text = f"{SEAT_NAMES[p]} uses power {action.power}"
    return [Event("power", text, data, reveal=reveal), *events]


def _to_board(state: "OctocubeState", p: int, give: int, take: int) -> None:
    board = state.own_collected(p)
    board.remove(take)
    board.append(give)


def _swap_top_with_board(state: "OctocubeState", p: int, args: tuple[int, ...], events: list[Event]) -> bool:
    faces = state.cube_faces[p]
    top = faces[TOP]
    assert top is not None, "power B swaps the tile on top of the cube"
    _to_board(state, p, top, args[0])
    faces[TOP] = args[0]
    return False


def _move_cube(state: "OctocubeState", p: int, args: tuple[int, ...], events: list[Event]) -> bool:
    events += state.leave(p)
    picked, reveal = state.arrive(p, args[0])
    return reveal


def _take_visible(state: "OctocubeState", p: int, args: tuple[int, ...], events: list[Event]) -> bool:
    stack = state.own_stack(args[0])
    state.cube_faces[p][TOP] = stack.pop()
    known = state.own_known()
    known[args[0]] = max(known[args[0]] - 1, 1 if stack else 0)  # its next tile comes into view
    if not stack and state.abyss[args[0]] is None:
        events += state.lay_abyss(args[0])
    return bool(stack)


def _reorient(state: "OctocubeState", p: int, args: tuple[int, ...], events: list[Event]) -> bool:
    state.cube_faces[p] = rotate(state.cube_faces[p], ROTATIONS[args[0]])
    return state.pick_up(p)[1]


def _swap_adjacent_with_board(state: "OctocubeState", p: int, args: tuple[int, ...], events: list[Event]) -> bool:
    stack = state.own_stack(args[0])
    _to_board(state, p, stack.pop(), args[1])
    stack.append(args[1])
    return False


def _swap_cubes(state: "OctocubeState", p: int, args: tuple[int, ...], events: list[Event]) -> bool:
    q = args[0]
    mine, theirs = state.cube_cell[p], state.cube_cell[q]
    assert mine is not None and theirs is not None, "power G swaps two cubes on the table"
    events += state.leave(p) + state.leave(q)
    reveals = [state.arrive(p, theirs)[1], state.arrive(q, mine)[1]]
    return any(reveals)


def _swap_stacks(state: "OctocubeState", p: int, args: tuple[int, ...], events: list[Event]) -> bool:
    a, b = args
    state.own_stack(a), state.own_stack(b)  # both private, so ownership need not move with them
    state.stacks[a], state.stacks[b] = state.stacks[b], state.stacks[a]
    known = state.own_known()
    known[a], known[b] = known[b], known[a]
    state.abyss[a], state.abyss[b] = state.abyss[b], state.abyss[a]
    return False


def _swap_tops(state: "OctocubeState", p: int, args: tuple[int, ...], events: list[Event]) -> bool:
    mine, theirs = state.cube_faces[p], state.cube_faces[args[0]]
    mine[TOP], theirs[TOP] = theirs[TOP], mine[TOP]
    return False


_EFFECTS: dict[str, Callable[["OctocubeState", int, tuple[int, ...], list[Event]], bool]] = {
    "B": _swap_top_with_board,
    "C": _move_cube,
    "D": _take_visible,
    "E": _reorient,
    "F": _swap_adjacent_with_board,
    "G": _swap_cubes,
    "H": _swap_stacks,
    "I": _swap_tops,
}
