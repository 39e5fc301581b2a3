"""The start menu: game, number of players, who sits in each seat, variant, language, the first-game
guide; Start or watch a demo. Option labels and choices are catalogue keys (render.i18n)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from render import i18n
from render.i18n import t
from render.ui import theme
from render.ui.widgets import Overlay, row_width, text_width
from render.ui.wrapping import wrap

MENU_W = 760  # the menu's width, wider only for longer words
MARGIN = 8  # the window's edge the menu keeps clear
SEAT_W = 260


@dataclass(frozen=True)
class MenuOption:
    """One of a game's options in the start menu: the ``new_game`` keyword and its choices (each
    kit lists its own; the menu knows no kit)."""

    name: str  # "variant", "card_set", "track", "laps"
    label: str
    choices: Sequence[tuple[str, Any]]  # (button text, value)
    shown_when: tuple[str, Any] | None = None  # (another option, its value): offered only then
    cycle: bool = False  # one button that steps through the choices (a long list in little room)


@dataclass(frozen=True)
class Spacing:
    """How closely the menu's rows are packed: ``head`` is the room for the title above them."""

    row: int
    gap: int
    head: int
    title: int
    wide: bool = False  # as wide as the window: fewer rows wrap
    seat_columns: int = 1


SPACINGS = (Spacing(34, 8, 80, 26), Spacing(30, 4, 64, 22), Spacing(30, 4, 64, 22, wide=True),
            Spacing(30, 4, 64, 22, wide=True, seat_columns=2),
            Spacing(28, 2, 50, 20, wide=True, seat_columns=2))  # 1024x600 with two rows of buttons below


@dataclass
class MenuChoice:
    """What the menu has chosen so far; the buttons edit it in place."""

    games: list[str]
    seat_kinds: list[str]  # "human", then the bot levels a seat can take
    options: Mapping[str, Sequence[MenuOption]]  # per game: its own options (variant, card set, track…)
    game: str = ""
    players: int = 2
    seats: list[str] = field(default_factory=lambda: ["human", "medium", "medium", "medium"])
    chosen: dict[str, Any] = field(default_factory=dict)  # the game's options: name -> value
    guide: bool = False  # a first game: the next sensible move is suggested (settings.json keeps it)

    def __post_init__(self) -> None:
        self.game = self.game or self.games[0]
        self._defaults()

    def _defaults(self) -> None:
        self.chosen = {o.name: o.choices[0][1] for o in self.options[self.game]}

    def restore(self, last: dict[str, Any]) -> None:
        """The choices of the last start (settings.json), as far as they still make sense."""
        if last.get("game") not in self.games:
            return
        self.game = last["game"]
        self._defaults()
        if last.get("players") in (2, 3, 4):
            self.players = last["players"]
        seats = last.get("seats")
        if isinstance(seats, list) and len(seats) == 4 and all(s in self.seat_kinds for s in seats):
            self.seats = list(seats)
        chosen = last.get("chosen")
        chosen = chosen if isinstance(chosen, dict) else {}
        for option in self.options[self.game]:
            if option.name in chosen and any(chosen[option.name] == v for _, v in option.choices):
                self.chosen[option.name] = chosen[option.name]

    def shown(self) -> list[MenuOption]:
        """The current game's options on offer now (a custom set's picks only for a custom set)."""
        return [o for o in self.options[self.game]
                if o.shown_when is None or self.chosen.get(o.shown_when[0]) == o.shown_when[1]]

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
        elif what == "cycle":
            values = [v for _, v in next(o for o in self.options[self.game] if o.name == arg).choices]
            self.chosen[arg] = values[(values.index(self.chosen[arg]) + 1) % len(values)]
        elif what == "guide":
            self.guide = arg
        elif what == "seat":
            kinds = self.seat_kinds
            self.seats[arg] = kinds[(kinds.index(self.seats[arg]) + 1) % len(kinds)] \
                if self.seats[arg] in kinds else kinds[0]


class StartMenu(Overlay):
    def build(self, width: int, height: int, choice: MenuChoice, can_continue: bool = False,
              note: str = "") -> None:
        self.clear()
        rows: list[tuple[str, list[tuple[str, tuple, bool]]]] = [(t("start.game"), [(t(f"{g}.title"), ("game", g), g == choice.game) for g in choice.games]),
                (t("start.players"), [(str(n), ("players", n), n == choice.players) for n in (2, 3, 4)])]
        shown = choice.shown()
        rows += [(t(o.label), [(t(text), ("option", (o.name, value)), value == choice.chosen[o.name])
                               for text, value in o.choices]) for o in shown if not o.cycle]
        cycles = [o for o in shown if o.cycle]
        rows += [(t("start.guide"), [(t(f"start.guide.{k}"), ("guide", on), on == choice.guide)
                                     for k, on in (("off", False), ("on", True))]),
                 (t("start.language"), [(i18n.NAMES[lang], ("lang", lang), lang == i18n.language())
                                        for lang in i18n.LANGUAGES])]
        col = max([130.0] + [text_width(title) + 44 for title, _ in rows])  # where the buttons start
        actions = [(t("start.start"), "start", True), (t("start.continue"), "continue", can_continue),
                   (t("start.host"), "host", True), (t("start.join"), "join", True),
                   (t("replay.menu_button"), "replays", True), (t("start.demo"), "demo", True),
                   (t("start.settings"), "settings", True), (t("start.quit"), "quit", True)]
        seats = [t("start.seat_label", player=theme.player_label(seat), kind=theme.bot_label(choice.seats[seat]))
                 for seat in range(choice.players)]
        seat_w = max([SEAT_W] + [_button_width(label) for label in seats])
        for sp in SPACINGS:  # roomy first; a low window packs the rows closer, then the seats side by side
            w = min(width - 2 * MARGIN, max(MENU_W, row_width(actions) + 40, width if sp.wide else 0))
            feet = [actions] if row_width(actions) <= w - 40 else [actions[:4], actions[4:]]  # to play, then the rest
            notes = wrap(note, w - 40, 9) if note else []
            laid = [(title, _lines(items, w - col - 20)) for title, items in rows]
            if cycles:  # stepping buttons, "white: Smelly Cat", a click shows the next choice
                laid.insert(len(laid) - 2, (t("start.cards"), _lines(
                    [(f"{t(o.label)}: {t(_label_of(o, choice.chosen[o.name]))}", ("cycle", o.name), False)
                     for o in cycles], w - col - 20)))
            across = sp.seat_columns if 2 * (col + seat_w) + 40 <= w else 1
            seat_rows = -(-choice.players // across)
            foot = 78 + 40 * (len(feet) - 1) + 14 * len(notes)
            h = sp.head + sum(len(lines) * sp.row + sp.gap for _, lines in laid) + sp.row * seat_rows + foot
            if h <= height - 2 * MARGIN:
                break
        x, y = (width - w) / 2, max(MARGIN, (height - h) / 2)
        self.rect(0, 0, width, height, (16, 12, 10, 120))
        self.rect(x, y, w, h, theme.PANEL, radius=14, border=theme.PANEL_EDGE)
        self.text(t("app.name"), x + w / 2, y + h - sp.head / 2 + 8, size=sp.title, bold=True, colour=theme.ACCENT,
                  anchor_x="center")
        about_w = _button_width(t("start.about"))
        self.button(t("start.about"), x + w - about_w - 16, y + h - 44, about_w, 26, "about")  # version, licences
        row = y + h - sp.head + sp.row + sp.gap
        for title, lines in laid:
            row -= sp.row + sp.gap
            self.text(title, x + 30, row + 13, colour=theme.TEXT_DIM)
            for i, line in enumerate(lines):
                if i:
                    row -= sp.row
                self._row(x + col, row, line)
        below = row - sp.row * seat_rows
        for seat, label in enumerate(seats):
            sx = x + (w / 2 if seat % across else 0)
            sy = row - sp.row * (seat // across + 1)
            self.text(t("start.seat", n=seat + 1), sx + 30, sy + 13, colour=theme.TEXT_DIM)
            self.rect(sx + col - 22, sy + 4, 14, 18, theme.player_colour(seat), radius=3, layer=1)
            self.button(label, sx + col, sy, seat_w, 26, ("seat", seat))
        self.text(t("start.seat_hint"), x + col, below - 14, size=8, colour=theme.TEXT_DIM)
        for i, note_line in enumerate(notes):  # why Continue or a replay failed, above the buttons
            self.text(note_line, x + w / 2, y + 58 + 40 * (len(feet) - 1) + 14 * (len(notes) - 1 - i), size=9,
                      colour=theme.ACCENT, anchor_x="center")
        for i, foot_row in enumerate(feet):
            self.button_row(foot_row, x + w / 2, y + 18 + 40 * (len(feet) - 1 - i), h=32)

    def _row(self, bx: float, y: float, items: list[tuple[str, tuple, bool]]) -> None:
        for text, value, selected in items:
            bw = _button_width(text)
            self.button(text, bx, y, bw, 26, value, selected=selected)
            bx += bw + 6


def _label_of(option: MenuOption, value: Any) -> str:
    return next(text for text, v in option.choices if v == value)


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
