"""Lines of text broken to a width: at spaces, and between two Japanese characters where a line may
break (pyglet wraps only at spaces, so the Japanese chances are marked for it with zero-width spaces)."""
from __future__ import annotations

import re

from render import i18n
from render.ui import theme
from render.ui.widgets import text_width

ZWSP = "\u200b"
# A line may break between two Japanese characters, except before closing marks and small kana
# or after an opening bracket.
_NO_BREAK_BEFORE = "、。，．・：；？！ー」』）〕］｝〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
_NO_BREAK_AFTER = "「『（〔［｛〈《"
_BREAK = re.compile(f"(?<=[^{_NO_BREAK_AFTER}])(?=[^{_NO_BREAK_BEFORE}])")


def breakable(text: str) -> str:
    """``text`` with a zero-width space wherever a line may break inside Japanese."""
    out = []
    for i, ch in enumerate(text):
        if i and i18n.is_cjk(ch) and i18n.is_cjk(text[i - 1]) and _BREAK.match(text, i):
            out.append(ZWSP)
        out.append(ch)
    return "".join(out)


def wrap(text: str, px: float, size: float = theme.FONT_SIZE, bold: bool = False) -> list[str]:
    """``text`` as lines each no wider than ``px`` as a label draws them (a single word wider than
    ``px`` keeps a line of its own)."""
    if text_width(text, size, bold) <= px:
        return [text]
    chunks = [c for c in re.split(f"(?<={ZWSP})|(?<= )(?=\\S)", breakable(text)) if c]  # each ends where a line may
    lines: list[str] = []
    line = ""
    for chunk in chunks:
        if line and text_width((line + chunk).replace(ZWSP, "").rstrip(), size, bold) > px:
            lines.append(line.replace(ZWSP, "").rstrip())
            line = ""
        line += chunk
    if line.replace(ZWSP, "").strip():
        lines.append(line.replace(ZWSP, "").rstrip())
    return lines


def shorten_words(text: str, px: float, size: float = theme.FONT_SIZE, bold: bool = False) -> str:
    """``text`` with each word wider than ``px`` (a file's path, which no line can break) shortened
    in its middle to fit, so that its start and its end (the file's name) still show: a status line
    that wraps at spaces then fits its room."""
    if text_width(text, size, bold) <= px:
        return text
    return " ".join(_middle_unbreakable(word, px, size, bold) for word in text.split(" "))


def _middle_unbreakable(word: str, px: float, size: float, bold: bool) -> str:
    """A "word" of Japanese breaks between its characters: only the pieces no line can break are
    shortened (a Japanese sentence wraps whole rather than losing its middle)."""
    return "".join(_middle(piece, px, size, bold) for piece in breakable(word).split(ZWSP))


def _middle(word: str, px: float, size: float, bold: bool) -> str:
    if text_width(word, size, bold) <= px:
        return word
    keep = len(word) - 1
    while keep > 1:
        head, tail = word[:keep // 3], word[len(word) - (keep - keep // 3):]
        if text_width(f"{head}…{tail}", size, bold) <= px:
            return f"{head}…{tail}"
        keep -= 1
    return "…"
