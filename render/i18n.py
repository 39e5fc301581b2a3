"""The words a player reads, chosen at the screen from a message catalogue per language.

Catalogues are JSON files ``assets/i18n/<lang>/<domain>.json`` (read through importlib.resources as
the package ``render.assets``), flat maps from a dotted key to a ``str.format`` template. Every
domain's file is merged into one catalogue per language; a key missing in one language falls back
to English. ``xx`` is a pseudo language made from English (every template wrapped in ⟪ ⟫), so a
test can render every screen and find words that bypass the catalogue.

The rules never choose words: they produce events and actions with data, and the screen turns
them into text through :func:`t` whenever it draws, so a log re-reads in the other language.
"""
from __future__ import annotations

import contextlib
import functools
import json
import locale
import os
import re
import sys
import unicodedata
from importlib.resources import files
from typing import Any, Iterator

LANGUAGES = ("en", "ja")  # what a player may choose
NAMES = {"en": "English", "ja": "日本語"}  # each language in its own words
PSEUDO = "xx"
OPEN, CLOSE = "⟪", "⟫"
LATIN_FONT = "DejaVu Sans"
# Fonts with Japanese glyphs, first found wins: Linux distributions, then macOS, then Windows.
CJK_FONTS = ("Noto Sans CJK JP", "Noto Sans JP", "Source Han Sans JP", "IPAexGothic", "IPAGothic",
             "TakaoGothic", "VL Gothic", "Droid Sans Fallback", "Hiragino Sans", "Hiragino Kaku Gothic ProN",
             "Yu Gothic", "Meiryo", "MS Gothic")

# Characters set in the Japanese font; everything else (Latin, digits, marks like ● ★) stays in the
# Latin font, which also suits CJK fonts that carry no Latin letters (Droid Sans Fallback).
CJK_RANGES = ((0x2E80, 0x2FDF), (0x3000, 0x30FF), (0x31F0, 0x31FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
              (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF))
_CJK = re.compile("[" + "".join(f"\\u{a:04x}-\\u{b:04x}" for a, b in CJK_RANGES) + "]+")

_state: dict[str, str | None] = {"lang": "en", "cjk": None}


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """Every domain file of ``lang`` merged (``xx``: English, wrapped)."""
    if lang == PSEUDO:
        return {k: f"{OPEN}{v}{CLOSE}" for k, v in catalogue("en").items()}
    out: dict[str, str] = {}
    folder = files("render.assets") / "i18n" / lang
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            out.update(json.loads(entry.read_text(encoding="utf-8")))
    return out


def language() -> str:
    return _state["lang"] or "en"


def font() -> str:
    """The font labels are set in; :func:`cjk_spans` tells which stretches need :func:`cjk_face`."""
    return LATIN_FONT


def cjk_face() -> str | None:
    """The Japanese font in use (None while the screen speaks English)."""
    return _state["cjk"]


def cjk_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each stretch of ``text`` to set in the Japanese font ([] when none is in use)."""
    if _state["cjk"] is None:
        return []
    return [m.span() for m in _CJK.finditer(text)]


def is_cjk(ch: str) -> bool:
    return bool(_CJK.match(ch))


def t(key: str, **args: Any) -> str:
    """The template of ``key`` in the current language, filled with ``args``."""
    lang = _state["lang"]
    template = catalogue(lang).get(key)
    if template is None:
        template = catalogue("en").get(key)
        if template is None:
            raise KeyError(f"no message {key!r} in the catalogue")
    return template.format(**args) if args else template


def slug(name: str) -> str:
    """A name (a card, a set, a track) as a catalogue key part: "Piña Cubelada" -> "pina_cubelada"."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "_", plain).strip("_")


def tn(key: str, n: int, **args: Any) -> str:
    """Like :func:`t` for a count: ``key.one`` when ``n`` is 1 and the language has it, else ``key``."""
    one = f"{key}.one"
    return t(one if n == 1 and one in catalogue("en") else key, n=n, **args)


def cjk_font() -> str | None:
    """The first installed font with Japanese glyphs, looked up by name through pyglet."""
    import pyglet.font

    return next((name for name in CJK_FONTS if pyglet.font.have_font(name)), None)


def set_language(lang: str) -> str:
    """Speak ``lang`` from now on; returns the language really chosen. Japanese without a font that
    has its glyphs says so in one line on stderr and stays English."""
    if lang not in (*LANGUAGES, PSEUDO):
        raise ValueError(f"unknown language {lang!r} (choose {' or '.join(LANGUAGES)})")
    face = cjk_font()  # in every language: the language button names 日本語 in its own script
    if lang == "ja":
        if face is None:
            print("cubetable: no font with Japanese glyphs is installed (e.g. Noto Sans CJK JP); "
                  "showing English", file=sys.stderr)
            lang = "en"
    _state["lang"], _state["cjk"] = lang, face
    return lang


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """``lang`` spoken within, whatever is spoken around (an atlas of one language painted a piece
    at a time while the person may switch to another)."""
    was = _state["lang"]
    _state["lang"] = lang
    try:
        yield
    finally:
        _state["lang"] = was


def system_language() -> str:
    """The system locale's language when we speak it, else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        if value := os.environ.get(var):
            return "ja" if value.lower().startswith("ja") else "en"
    code = (locale.getlocale()[0] or "").lower()
    return "ja" if code.startswith("ja") else "en"
