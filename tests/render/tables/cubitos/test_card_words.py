"""Card tooltip words: one short line per card, a phrase per timing, and none of it lifted from the
rulebook (no run of 8 words in a row shared with it, ignoring case and punctuation)."""
import re
from pathlib import Path

import pytest

from game.cubitos.cards import CARDS
from render.tables.cubitos.card_words import CARD_WORDS, TIMING_WORDS

RULEBOOK = Path(__file__).resolve().parents[5] / "shared" / "rules" / "cubitos.en.txt"  # ../shared beside the checkout
MAX_CHARS = 120
RUN = 8


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def runs(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


def test_every_card_has_a_short_entry() -> None:
    for card in CARDS:
        text = CARD_WORDS.get(card.name, "")
        assert text.strip(), card.name
        assert len(text) <= MAX_CHARS, (card.name, len(text))


def test_no_entry_for_unknown_cards() -> None:
    assert set(CARD_WORDS) <= {card.name for card in CARDS}


def test_every_timing_has_words() -> None:
    for timing in {card.timing for card in CARDS}:
        assert TIMING_WORDS.get(timing, "").strip(), timing


def test_no_entry_copies_the_rulebook() -> None:
    if not RULEBOOK.exists():
        pytest.skip(f"rulebook text not found at {RULEBOOK}")
    book = runs(RULEBOOK.read_text(encoding="utf-8"))
    for key, text in [*CARD_WORDS.items(), *TIMING_WORDS.items()]:
        shared = runs(text) & book
        assert not shared, (key, [" ".join(r) for r in shared])
