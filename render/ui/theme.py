"""Colours, fonts and sizes of the 2D layer, in one place so every panel looks alike, and the
words for the seats (colour names, who plays them)."""
from __future__ import annotations

from render.i18n import catalogue, t

FONT_SIZE = 11
TITLE_SIZE = 14

# Okabe-Ito, colour-blind safe; each seat also has a mark so colour is never the only cue.
PLAYER_COLOURS: tuple[tuple[int, int, int], ...] = ((230, 159, 0), (86, 180, 233), (0, 158, 115), (213, 94, 0))
PLAYER_MARKS = ("●", "■", "▲", "◆")

PANEL = (24, 20, 18, 215)        # dark translucent wood-brown, reads over the table
PANEL_EDGE = (120, 96, 70, 255)
BORDER_REACH = 2  # pixels a bordered panel's drawn bounds reach beyond its rectangle
TEXT = (245, 238, 226, 255)
TEXT_DIM = (190, 178, 160, 255)
BUTTON = (70, 56, 44, 235)
BUTTON_HOVER = (110, 86, 62, 245)
BUTTON_ON = (196, 140, 58, 255)
BUTTON_OFF = (50, 44, 40, 200)
ACCENT = (240, 200, 110, 255)

HUD_HEIGHT = 34
KEYS_HEIGHT = 24
PAD = 8

# The smallest window the program allows (a small laptop's screen, less its task bar): every screen
# is laid out to fit it, the window refuses to shrink below it, and a smaller --size is refused.
MIN_WINDOW = (1024, 600)


def table_rect(width: int, height: int) -> tuple[float, float, float, float]:
    """The part of the window the table shows through: above the key line, below the HUD bar."""
    return 0.0, float(KEYS_HEIGHT), float(width), float(height - HUD_HEIGHT)


def player_name(seat: int) -> str:
    """A seat's colour name in the current language ("Orange")."""
    return t(f"seat.{seat}")


def bot_label(spec: str) -> str:
    """Who plays a seat in words: "Medium" for a level, "search bot 500" for "mcts:500"."""
    if f"level.{spec}" in catalogue("en"):
        return t(f"level.{spec}")
    if spec == "human":
        return t("kind.human")
    name, _, budget = spec.partition(":")
    base = t(f"bot.{name}") if f"bot.{name}" in catalogue("en") else name
    return t("bot.with_budget", bot=base, budget=budget) if budget else base


_marks = [True]  # the settings panel may turn the marks off


def show_marks(on: bool) -> None:
    _marks[0] = on


def mark(seat: int) -> str:
    """A seat's shape (● ■ ▲ ◆) before its name, unless the player turned marks off."""
    return f"{PLAYER_MARKS[seat]} " if _marks[0] else ""


def player_label(seat: int) -> str:
    """'● Orange' — a name and a mark, so colour is never the only cue (unless marks are off)."""
    return f"{mark(seat)}{player_name(seat)}"


def player_colour(seat: int, alpha: int = 255) -> tuple[int, int, int, int]:
    return (*PLAYER_COLOURS[seat], alpha)
