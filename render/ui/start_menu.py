"""The start menu: game, number of players, who sits in each seat, variant; Start or watch a demo."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from render.tables.kit import MenuOption
from render.ui import theme
from render.ui.widgets import Overlay, clip, text_width

ROW_H = 34


@dataclass
class MenuChoice:
    """What the menu has chosen so far; the buttons edit it in place."""

    games: list[str]
    seat_kinds: list[str]  # "human", then the bot levels a seat can take
    levels: dict[str, str]  # level -> the bot it means ("medium" -> "greedy")
    options: dict[str, Sequence[MenuOption]]  # per game: its own options (variant, card set, track…)
    game: str = ""
    players: int = 2
    seats: list[str] = field(default_factory=lambda: ["human", "medium", "medium", "medium"])
    chosen: dict[str, Any] = field(default_factory=dict)  # the game's options: name -> value

    def __post_init__(self) -> None:
        self.game = self.game or self.games[0]
        self._defaults()

    def _defaults(self) -> None:
        self.chosen = {o.name: o.choices[0][1] for o in self.options[self.game]}

    def click(self, value: tuple) -> None:
        what, arg = value
        if what == "game":
            self.game = arg
            self._defaults()
        elif what == "players":
            self.players = arg
        elif what == "option":
            name, choice = arg
            self.chosen[name] = choice
        elif what == "seat":
            kinds = self.seat_kinds
            self.seats[arg] = kinds[(kinds.index(self.seats[arg]) + 1) % len(kinds)] \
                if self.seats[arg] in kinds else kinds[0]


class StartMenu(Overlay):
    def build(self, width: int, height: int, choice: MenuChoice, titles: dict[str, str],
              can_continue: bool = False, note: str = "") -> None:
        self.clear()
        w = 640
        rows = [("Game", [(titles.get(g, g), ("game", g), g == choice.game) for g in choice.games]),
                ("Players", [(str(n), ("players", n), n == choice.players) for n in (2, 3, 4)])]
        rows += [(o.label, [(text, ("option", (o.name, value)), value == choice.chosen[o.name])
                            for text, value in o.choices]) for o in choice.options[choice.game]]
        laid = [(title, _lines(items, w - 150)) for title, items in rows]
        h = 170 + sum(len(lines) * ROW_H + 8 for _, lines in laid) + ROW_H * choice.players
        x, y = (width - w) / 2, max(4, (height - h) / 2)
        self.rect(0, 0, width, height, (16, 12, 10, 120))
        self.rect(x, y, w, h, theme.PANEL, radius=14, border=theme.PANEL_EDGE)
        self.text("Cubetable", x + w / 2, y + h - 36, size=26, bold=True, colour=theme.ACCENT, anchor_x="center")
        row = y + h - 92 + ROW_H + 8
        for title, lines in laid:
            row -= ROW_H + 8
            self.text(title, x + 30, row + 13, colour=theme.TEXT_DIM)
            for i, line in enumerate(lines):
                if i:
                    row -= ROW_H
                self._row(x, row, line)
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

    def _row(self, x: float, y: float, items: list[tuple[str, tuple, bool]]) -> None:
        bx = x + 130
        for text, value, selected in items:
            bw = _button_width(text)
            self.button(text, bx, y, bw, 26, value, selected=selected)
            bx += bw + 6


def _button_width(text: str) -> float:
    return text_width(text) + 28


def _lines(items: list[tuple[str, tuple, bool]], room: float) -> list[list[tuple[str, tuple, bool]]]:
    """Buttons in lines no wider than ``room`` (a game with many card sets wraps its row)."""
    lines: list[list[tuple[str, tuple, bool]]] = [[]]
    used = 0.0
    for item in items:
        bw = _button_width(item[0]) + 6
        if lines[-1] and used + bw > room:
            lines.append([])
            used = 0.0
        lines[-1].append(item)
        used += bw
    return lines
