"""Card tooltip words: one short line per card in each language, and none of it lifted from the
rulebook (no run of 8 words in a row shared with it, ignoring case and punctuation)."""
import re
from pathlib import Path

import pytest

from game.cubitos.cards import CARDS
from render.i18n import catalogue
from render.tables.cubitos.words import slug

RULEBOOK = Path(__file__).resolve().parents[5] / "shared" / "rules" / "cubitos.en.txt"  # ../shared beside the checkout
MAX_CHARS = 120
MAX_CHARS_JA = 70
RUN = 8


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def runs(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


@pytest.mark.parametrize("lang, most", [("en", MAX_CHARS), ("ja", MAX_CHARS_JA)])
def test_every_card_has_a_short_entry(lang, most) -> None:
    for card in CARDS:
        text = catalogue(lang).get(f"cubitos.card_text.{slug(card.name)}", "")
        assert text.strip(), card.name
        assert len(text) <= most, (card.name, len(text))


def test_no_entry_for_unknown_cards() -> None:
    known = {slug(card.name) for card in CARDS}
    assert {k.split(".")[-1] for k in catalogue("en") if k.startswith("cubitos.card_text.")} == known


def test_no_entry_copies_the_rulebook() -> None:
    if not RULEBOOK.exists():
        pytest.skip(f"rulebook text not found at {RULEBOOK}")
    book = runs(RULEBOOK.read_text(encoding="utf-8"))
    for key, text in catalogue("en").items():
        if key.startswith("cubitos.card_text."):
            shared = runs(text) & book
            assert not shared, (key, [" ".join(r) for r in shared])
