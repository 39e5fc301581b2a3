"""The end-of-game table: one column per seat, one row per scoring category, the total last.

A grid reads faster than a sentence per seat when people compare how each of them scored; the
winner's column is marked by a star and bold type, never by colour alone. Hidden, the panel leaves
one small button so the final position on the table can be looked at and the scores brought back.
"""
from __future__ import annotations

from typing import Any, Sequence

from render.i18n import t
from render.ui import theme
from render.ui.widgets import Overlay, clip, rebuilt_on_change, text_width

ScoreRow = tuple[str, Sequence[str]]  # a category's words and one cell per column
FinalTable = tuple[Sequence[int], Sequence[ScoreRow]]  # seats in the order shown, rows with the total last

ROW_H = 20
HEAD_H = 26
LABEL_MAX = 240  # longer category words are clipped
COLUMN_MIN = 64
MARGIN = 40  # kept free on each side of the screen
STAR = "★ "
NOTHING = "—"  # a cell of a category that gave the seat nothing

LOOK, SHOW = "look", "show"  # button values: hide the panel, bring it back


def ranked(scores: Sequence[float]) -> list[int]:
    """Seats best first (ties in seat order): the columns' order."""
    return sorted(range(len(scores)), key=lambda s: -scores[s])


class ScoreTable(Overlay):
    """The final scores as a grid with New game, Menu and "look at the table" buttons."""

    shown = False  # the panel is up (hidden: only the small button that brings it back)

    def clear(self) -> None:
        super().clear()
        self.shown = False

    @rebuilt_on_change
    def build(self, width: int, height: int, table: FinalTable, winners: Sequence[int],
              buttons: Sequence[tuple[str, Any]], hidden: bool = False) -> None:
        self.clear()
        self.shown = not hidden
        if hidden:
            text = t("score.show")
            w = text_width(text) + 26
            self.button(text, width - w - theme.PAD, theme.KEYS_HEIGHT + theme.PAD, w, 28, SHOW)
            return
        seats, rows = table
        heads = [(STAR if s in winners else "") + theme.player_label(s) for s in seats]
        label_w = min(max([text_width(r[0]) for r in rows] + [0]), LABEL_MAX) + 2 * theme.PAD
        cell_w = max([text_width(h, bold=True) for h in heads]
                     + [text_width(c, bold=True) for _, cells in rows for c in cells] + [COLUMN_MIN]) + 2 * theme.PAD
        room = width - 2 * MARGIN - 2 * theme.PAD
        if label_w + cell_w * len(seats) > room:  # a narrow window: the labels give way first
            label_w = max(room - cell_w * len(seats), room / (len(seats) + 2))
            cell_w = (room - label_w) / max(len(seats), 1)
        all_buttons = [*buttons, (t("score.look"), LOOK)]
        grid_w = label_w + cell_w * len(seats)
        w = max(grid_w, sum(text_width(b) + 26 + theme.PAD for b, _ in all_buttons)) + 2 * theme.PAD
        h = 40 + HEAD_H + ROW_H * len(rows) + 26 + 44
        x, y = (width - w) / 2, max((height - h) / 2, theme.KEYS_HEIGHT + 4)
        top = y + h
        colour = theme.player_colour(winners[0]) if winners else theme.PANEL_EDGE
        self.rect(x, y, w, h, theme.PANEL, radius=12, border=colour)
        self.text(t("banner.final"), x + w / 2, top - 22, size=16, bold=True, colour=theme.ACCENT, anchor_x="center")
        gx = x + (w - grid_w) / 2
        grid_top = top - 40
        for i, s in enumerate(seats):
            cx = gx + label_w + cell_w * i
            if s in winners:  # the winner's column stands out in light as well as in its star and bold type
                self.rect(cx + 2, grid_top - HEAD_H - ROW_H * len(rows), cell_w - 4, HEAD_H + ROW_H * len(rows),
                          theme.player_colour(s, 50), radius=4)
            self.text(clip(heads[i], cell_w - 8), cx + cell_w / 2, grid_top - HEAD_H / 2, bold=s in winners,
                      colour=theme.player_colour(s), anchor_x="center")
        for r, (label, cells) in enumerate(rows):
            cy = grid_top - HEAD_H - ROW_H * r - ROW_H / 2
            total = r == len(rows) - 1
            if total:
                self.rect(gx, cy + ROW_H / 2, grid_w, 1, theme.PANEL_EDGE, layer=1)
            self.text(clip(label, label_w - theme.PAD), gx + theme.PAD, cy, bold=total,
                      colour=theme.TEXT if total else theme.TEXT_DIM)
            for i, (s, cell) in enumerate(zip(seats, cells)):
                self.text(clip(cell, cell_w - 8), gx + label_w + cell_w * (i + 0.5), cy, bold=total or s in winners,
                          anchor_x="center")
        if winners:
            names = t("score.and").join(theme.player_label(s) for s in winners)
            self.text(t("score.winner", who=names), x + w / 2, y + 56, bold=True, colour=colour, anchor_x="center")
        self.button_row([(b, v, True) for b, v in all_buttons], x + w / 2, y + 10, h=30)
