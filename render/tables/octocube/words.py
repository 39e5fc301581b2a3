"""Octocube in the player's language: pieces, spaces, actions and log lines worded from facts
through the message catalogue, so a log re-reads in the other language when the language changes.

The rules give facts (game/octocube/captions.facts, event data); nothing here decides a rule."""
from __future__ import annotations

from typing import Any, Sequence

from game.core import Event
from game.octocube.components import (
    ABYSS_TILES, COIN_VP, COLOUR_MAJORITY, COLOURS, DIRECTIONS, FACES, KIDS_BOARD, OBJECT_MAJORITY, OBJECTS, TILES,
)
from game.octocube.state import EXTRA_ROLL
from render.i18n import t, tn
from render.ui.score_table import NOTHING
from render.ui.theme import player_name


def object_name(obj: str) -> str:
    return t(f"octocube.object.{obj}")


def object_count(obj: str, n: int) -> str:
    """'1 Diamond', '2 Diamonds' (the plural is each object's own word: 'Starfish', 'Amphorae')."""
    return tn("octocube.score.count", n, name=object_name(obj), names=t(f"octocube.objects.{obj}"))


def tile_name(tile_id: int) -> str:
    """What the tile shows: 'Pearl', 'Coin'."""
    tile = TILES[tile_id]
    return t("octocube.coin") if tile.object is None else object_name(tile.object)


def colour_name(tile_id: int) -> str:
    """A tile's background colour; a coin says what it is worth instead."""
    colour = TILES[tile_id].colour
    return t(f"octocube.colour.{colour}") if colour else t("octocube.coin.worth", vp=COIN_VP)


def tile_words(tile_id: int) -> str:
    """'green Pearl', 'Coin'."""
    tile = TILES[tile_id]
    if tile.kind == "coin":
        return t("octocube.coin")
    return t("octocube.tile", colour=colour_name(tile_id), object=tile_name(tile_id))


def tile_a(tile_id: int) -> str:
    """A tile in a sentence: 'a green Pearl', 'a coin'."""
    tile = TILES[tile_id]
    if tile.kind == "coin":
        return t("octocube.coin.a")
    return t("octocube.tile.a", colour=colour_name(tile_id), object=tile_name(tile_id))


def face_name(slot: int) -> str:
    return t(f"octocube.face.{FACES[slot]}")


def direction_name(direction: int) -> str:
    return t(f"octocube.face.{DIRECTIONS[direction]}")


def cell_words(cell: int, size: int) -> str:
    """A space of the play area: rows from the far edge, both counted from 1."""
    row, col = divmod(cell, size)
    return t("octocube.cell", row=row + 1, col=col + 1)


def space_words(slot: int) -> str:
    """A kids board space: 'green Pearl', 'any-colour Pearl', 'white, any object'."""
    obj, colour = KIDS_BOARD[slot]
    if obj is None:
        return t("octocube.space.any_object", colour=t(f"octocube.colour.{colour}"))
    if colour is None:
        return t("octocube.space.any_colour", object=object_name(obj))
    return t("octocube.tile", colour=t(f"octocube.colour.{colour}"), object=object_name(obj))


def join(parts: Sequence[str]) -> str:
    """'a, b and c' in the current language."""
    if len(parts) < 2:
        return "".join(parts)
    return t("octocube.list.sep").join(parts[:-1]) + t("octocube.list.and") + parts[-1]


def arrangement(faces: Sequence[int | None]) -> str:
    """Where a cube's tiles face: ', with a coin on top and a green Pearl facing north'."""
    parts = []
    for slot, tile in enumerate(faces):
        if tile is None:
            continue
        where = FACES[slot] if FACES[slot] in ("top", "bottom") else "side"
        parts.append(t(f"octocube.where.{where}", tile=tile_a(tile), dir=face_name(slot)))
    return t("octocube.with", list=join(parts)) if parts else ""


def _pick(picked: int | None) -> str:
    return t("octocube.pick", tile=tile_a(picked)) if picked is not None else ""


def action_words(f: dict[str, Any], size: int) -> str:
    """An action's facts (game.octocube.captions.facts) as one sentence."""
    who, kind = player_name(f["player"]), f["kind"]
    if kind == "place":
        return t("octocube.do.place", who=who, cell=cell_words(f["cell"], size), turned=arrangement(f["faces"]),
                 pick=_pick(f["picked"]))
    if kind == "roll":
        return t("octocube.do.roll", who=who, dir=direction_name(f["direction"]), pick=_pick(f["picked"]))
    if kind == "pivot":
        return t("octocube.do.pivot", who=who, deg=f["degrees"])
    if kind == "score":
        if not f["tiles"]:
            return t("octocube.do.score_none", who=who)
        which = t("octocube.do.which", faces=join([face_name(s) for s in f["which"]])) if f["which"] else ""
        return t("octocube.do.score", who=who, tiles=join([tile_a(x) for x in f["tiles"]]), which=which, vp=f["vp"])
    if kind == "decline":
        return t("octocube.do.decline_roll" if f["extra_roll"] else "octocube.do.decline_power", who=who)
    if kind == "retrieve":
        return tn("octocube.do.retrieve", f["filled"], who=who)
    if kind == "board":
        return t("octocube.do.board", who=who, tile=tile_a(f["tile"]), space=space_words(f["slot"]))
    if kind == "pile":
        return t("octocube.do.pile", who=who, cell=cell_words(f["cell"], size))
    if kind == "stack":
        return t("octocube.do.stack", who=who, tile=tile_a(f["tile"]))
    if kind == "power":
        cells = [cell_words(c, size) for c in f["cells"]] + ["", ""]
        words = t(f"octocube.power.{f['power']}", a=cells[0], b=cells[1],
                  seat=player_name(f["seat"]) if f["seat"] is not None else "",
                  tile=tile_a(f["board_tile"]) if f["board_tile"] is not None else "",
                  turned=arrangement(f["faces"]) if f["faces"] is not None else "")
        return t("octocube.do.power", who=who, letter=f["power"], words=words)
    return t(f"octocube.do.{kind}", who=who)  # pass


def event_words(event: Event, size: int) -> str:
    """A log line from an event's kind and data; a Score whose VP the viewer may not see (None)
    leaves them out."""
    d, kind = event.data, event.kind
    who = player_name(d["player"]) if "player" in d else ""
    if kind in ("placed", "rolled"):
        pick = _pick(d["picked"])
        if kind == "placed":
            return t("octocube.do.place", who=who, cell=cell_words(d["cell"], size), turned="", pick=pick)
        return t("octocube.do.roll", who=who, dir=direction_name(d["direction"]), pick=pick)
    if kind == "pivoted":
        return t("octocube.do.pivot", who=who, deg=90 * d["quarter_turns"])
    if kind == "scored":
        if not d["tiles"]:
            return t("octocube.do.score_none", who=who)
        tiles = join([tile_words(x) for x in d["tiles"]])
        return t("octocube.log.scored_hidden", who=who, tiles=tiles) if d["vp"] is None else \
            t("octocube.log.scored", who=who, tiles=tiles, vp=d["vp"])
    if kind == "passed":
        return t("octocube.do.pass", who=who)
    if kind == "declined":
        return t("octocube.do.decline_roll" if d["phase"] == EXTRA_ROLL else "octocube.do.decline_power", who=who)
    if kind == "uncovered":
        return t("octocube.log.uncovered", tile=tile_words(d["top"]), cell=cell_words(d["cell"], size))
    if kind == "abyss_placed":
        key = "abyss_shown" if d.get("shown") else "abyss_none" if d["abyss"] == -1 else "abyss"
        letter = ABYSS_TILES[d["abyss"]].power if d.get("shown") else ""  # as seen: "A" or face down
        return t(f"octocube.log.{key}", cell=cell_words(d["cell"], size), letter=letter)
    if kind == "end_triggered":
        return t(f"octocube.log.end.{d['why']}", who=who)
    if kind == "game_over":
        return tn("octocube.log.game_over", len(d["winners"]), names=join([player_name(w) for w in d["winners"]]))
    if kind == "boarded":
        return t("octocube.do.board", who=who, tile=tile_a(d["tile"]), space=space_words(d["slot"]))
    if kind == "piled":
        return t("octocube.do.pile", who=who, cell=cell_words(d["cell"], size))
    if kind == "stacked":
        return t("octocube.do.stack", who=who, tile=tile_a(d["tile"]))
    if kind == "power":
        return t("octocube.log.power", who=who, letter=d["power"])
    return t(f"octocube.log.{kind}", who=who)  # retrieved, final_scoring


def _award(vp: int, places: tuple[int, int]) -> str:
    """A majority's points and the place that earned them; a dash for nothing earned."""
    if not vp:
        return NOTHING
    return t("octocube.end.award", vp=vp, place=t(f"octocube.end.place.{places.index(vp) + 1}"))


def final_rows(breakdown: Sequence[dict[str, Any]], seats: Sequence[int],
               totals: Sequence[float]) -> list[tuple[str, list[str]]]:
    """The final scoring as table rows: VP tokens, coins, each colour row and object column, the total."""
    rows = [(t("octocube.end.tokens"), [str(breakdown[s]["tokens"]) for s in seats]),
            (t("octocube.end.coins"), [str(breakdown[s]["coins"]) for s in seats])]
    rows += [(t("octocube.end.colour", colour=t(f"octocube.colour.{c}")),
              [_award(breakdown[s]["colours"][c], COLOUR_MAJORITY) for s in seats]) for c in COLOURS]
    rows += [(t("octocube.end.object", object=object_name(o)),
              [_award(breakdown[s]["objects"][o], OBJECT_MAJORITY[o]) for s in seats]) for o in OBJECTS]
    return [*rows, (t("octocube.end.total"), [f"{totals[s]:g}" for s in seats])]
