"""The start menu: game, number of players, who sits in each seat, variant; Start or watch a demo."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from render.ui import theme
from render.ui.widgets import Overlay, clip, text_width

ROW_H = 34


@dataclass
class MenuChoice:
    """What the menu has chosen so far; the buttons edit it in place."""

    games: list[str]
    seat_kinds: list[str]  # "human", then the bot levels a seat can take
    levels: dict[str, str]  # level -> the bot it means ("medium" -> "greedy")
    variants: dict[str, Sequence[str]]
    game: str = ""
    players: int = 2
    seats: list[str] = field(default_factory=lambda: ["human", "medium", "medium", "medium"])
    variant: str = "basic"

    def __post_init__(self) -> None:
        self.game = self.game or self.games[0]

    def click(self, value: tuple) -> None:
        what, arg = value
        if what == "game":
            self.game = arg
            self.variant = self.variants[arg][0]
        elif what == "players":
            self.players = arg
        elif what == "variant":
            self.variant = arg
        elif what == "seat":
            kinds = self.seat_kinds
            self.seats[arg] = kinds[(kinds.index(self.seats[arg]) + 1) % len(kinds)] \
                if self.seats[arg] in kinds else kinds[0]


class StartMenu(Overlay):
    def build(self, width: int, height: int, choice: MenuChoice, titles: dict[str, str],
              can_continue: bool = False, note: str = "") -> None:
        self.clear()
        w, h = 560, 420
        x, y = (width - w) / 2, (height - h) / 2
        self.rect(0, 0, width, height, (16, 12, 10, 120))
        self.rect(x, y, w, h, theme.PANEL, radius=14, border=theme.PANEL_EDGE)
        self.text("Cubetable", x + w / 2, y + h - 36, size=26, bold=True, colour=theme.ACCENT, anchor_x="center")
        row = y + h - 92
        self._row("Game", x, row, [(titles.get(g, g), ("game", g), g == choice.game) for g in choice.games])
        row -= ROW_H + 8
        self._row("Players", x, row, [(str(n), ("players", n), n == choice.players) for n in (2, 3, 4)])
        row -= ROW_H + 8
        self._row("Variant", x, row,
                  [(v, ("variant", v), v == choice.variant) for v in choice.variants[choice.game]])
        for seat in range(choice.players):
            row -= ROW_H
            kind = choice.seats[seat]
            label = f"{theme.player_label(seat)}: {kind}" + (f" ({choice.levels[kind]})" if kind in choice.levels else "")
            self.text(f"Seat {seat + 1}", x + 30, row + 13, colour=theme.TEXT_DIM)
            self.rect(x + 108, row + 4, 14, 18, theme.player_colour(seat), radius=3, layer=1)
            self.button(label, x + 130, row, 260, 26, ("seat", seat))
        self.text("click a seat to change who plays it", x + 130, row - 14, size=8, colour=theme.TEXT_DIM)
        self.button_row([("Start (Enter)", "start", True), ("Continue (C)", "continue", can_continue),
                         ("Watch a demo (D)", "demo", True), ("Quit (Esc)", "quit", True)], x + w / 2, y + 18, h=32)
        if note:
            self.text(clip(note, w - 20, 9), x + w / 2, y - 14, size=9, colour=theme.ACCENT, anchor_x="center")

    def _row(self, title: str, x: float, y: float, items: list[tuple[str, tuple, bool]]) -> None:
        self.text(title, x + 30, y + 13, colour=theme.TEXT_DIM)
        bx = x + 130
        for text, value, selected in items:
            bw = text_width(text) + 28
            self.button(text, bx, y, bw, 26, value, selected=selected)
            bx += bw + 6
