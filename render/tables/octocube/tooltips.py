"""What the piece under the pointer is (a tooltip) and, on a legal target of the person to move,
what the move would do: the tile the cube would pick up, what the own cube can do now."""
from __future__ import annotations

from typing import Any

from game.core import Action
from game.octocube.actions import Roll
from game.octocube.components import ABYSS_TILES, TILES
from game.octocube.state import OctocubeState
from render.i18n import t, tn
from render.tables.octocube.gestures import OctocubeGestures
from render.tables.octocube.words import (cell_words, direction_name, face_name, space_words, tile_a,
                                          tile_words)
from render.ui.theme import player_name

# The order in which a cube's possible actions are listed.
ACTION_ORDER = ("place", "roll", "pivot", "score", "pass", "decline", "retrieve", "power", "board", "pile",
                "stack")


def action_list(kinds: set[str]) -> str:
    """'you can roll · pivot · score' for the kinds of action offered."""
    ordered = sorted(kinds, key=lambda k: ACTION_ORDER.index(k) if k in ACTION_ORDER else len(ACTION_ORDER))
    return t("octocube.can.list", list=" · ".join(t(f"octocube.act.{k}") for k in ordered))


def describe_piece(state: OctocubeState, target: tuple) -> str:
    """What a piece under the pointer is, as the table shows it to everyone."""
    kind = target[0]
    if kind == "cell":
        return _cell(state, target[1])
    seat = target[1]
    name = player_name(seat)
    if kind == "cube":
        held = [t("octocube.tip.held", face=face_name(f), tile=tile_words(x))
                for f, x in enumerate(state.cube_faces[seat]) if x is not None]
        return t("octocube.tip.cube", name=name, tiles=t("octocube.list.sep").join(held) if held else t("octocube.tip.no_tiles"))
    if kind == "face":
        tile = state.cube_faces[seat][target[2]]
        return t("octocube.tip.face", name=name, face=face_name(target[2]),
                 tile=tile_words(tile) if tile is not None else t("octocube.empty"))
    if kind == "board_tile":
        same = sum(1 for x in state.collected[seat] if TILES[x][1:] == TILES[target[2]][1:])
        return t("octocube.tip.board_tile", tile=tile_words(target[2]), n=same, name=name)
    if kind == "board_space":
        return t("octocube.tip.board_space", name=name, space=space_words(target[2]))
    if kind == "area":
        return tn("octocube.tip.area", len(state.collected[seat]), name=name)
    return ""


def _cell(state: OctocubeState, cell: int) -> str:
    where = cell_words(cell, state.size)
    stack = state.stacks[cell]
    if stack and cell in state.cube_cell:  # the stack's top under a cube is nobody's to see
        return tn("octocube.tip.covered", len(stack), cell=where, name=player_name(state.cube_cell.index(cell)))
    if stack:
        return tn("octocube.tip.stack", len(stack), cell=where, tile=tile_words(stack[-1]))
    abyss = state.abyss[cell]
    if abyss is None or abyss == -1:
        return t("octocube.tip.empty_space", cell=where)
    if state.variant == "advanced":
        return t("octocube.tip.abyss_power", cell=where, letter=ABYSS_TILES[abyss].power)
    return t("octocube.tip.abyss", cell=where)


def preview(state: OctocubeState, g: OctocubeGestures, target: tuple, describe: Any) -> str:
    """What the person to move would do on ``target`` (empty when it is no legal target of theirs)."""
    if target == ("cube", g.seat):
        kinds = {a.kind for a in g.legal}
        return action_list(kinds) if kinds else ""
    actions = g.click(target)
    if not actions:
        return ""
    if all(a.kind == "place" for a in actions):
        return _place_preview(state, actions)
    if all(isinstance(a, Roll) for a in actions):
        roll = actions[0]
        assert isinstance(roll, Roll)
        picked = _picked(state, roll)
        dir_ = direction_name(roll.direction)
        return t("octocube.tip.roll", dir=dir_, tile=tile_a(picked)) if picked is not None \
            else t("octocube.tip.roll_none", dir=dir_)
    return t("octocube.can.click", action=describe(actions[0]), more="" if len(actions) == 1
             else t("octocube.can.more", n=len(actions) - 1))


def _picked(state: OctocubeState, action: Action) -> int | None:
    """The tile the cube would pick up: the one that meets its bottom face on arrival."""
    events = state.clone().apply(action)
    return next((e.data["picked"] for e in events if e.kind in ("placed", "rolled")), None)


def _place_preview(state: OctocubeState, places: list[Action]) -> str:
    picks = [_picked(state, a) for a in places]
    tile = next((x for x in picks if x is not None), None)
    if tile is None:
        return t("octocube.tip.place_none")
    return t("octocube.tip.place" if None not in picks else "octocube.tip.place_if", tile=tile_a(tile))


def describe_target(state: OctocubeState, target: tuple, g: OctocubeGestures | None, describe: Any) -> str:
    """The piece and, for the person to move, what they may do with it now."""
    what = describe_piece(state, target)
    more = preview(state, g, target, describe) if g is not None else ""
    return t("octocube.tip.then", what=what, preview=more) if more and what else what or more
