"""Card tooltip words: one short line per card in each language, and none of it lifted from the
rulebook (no run of 8 words in a row shared with it, ignoring case and punctuation). The rulebook
lies beside the checkout (../shared), not in it: what the check needs ships as the hashes of the
rulebook's runs (rulebook_runs.txt), which say nothing of its words, and match it wherever it lies."""
import hashlib
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
FINGERPRINT = Path(__file__).with_name("rulebook_runs.txt")


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def runs(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


def digest(run: tuple[str, ...]) -> str:
    return hashlib.sha1(" ".join(run).encode()).hexdigest()[:12]


def fingerprint(text: str) -> list[str]:
    """The sorted hashes of every run of RUN words: `python -c` this on the rulebook to renew it."""
    return sorted({digest(r) for r in runs(text)})


def shipped() -> set[str]:
    return {line for line in FINGERPRINT.read_text(encoding="ascii").splitlines() if line and line[0] != "#"}


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
    book = shipped()
    assert len(book) > 5000  # the whole rulebook's runs, not a stub
    if RULEBOOK.exists():  # beside a checkout, the shipped hashes are the rulebook's own
        assert set(fingerprint(RULEBOOK.read_text(encoding="utf-8"))) == book
    for key, text in catalogue("en").items():
        if key.startswith("cubitos.card_text."):
            shared = [" ".join(r) for r in runs(text) if digest(r) in book]
            assert not shared, (key, shared)


def test_the_check_finds_a_line_lifted_from_the_rulebook() -> None:
    """Eight words in a row of the rulebook's are caught from the shipped hashes alone, in any
    case and punctuation; words of our own are not."""
    book = shipped()
    lifted = "Gray dice, look a lot nicer in this SET!"  # the rulebook's card-set notes
    ours = "Gray dice look rather nicer in this set now"
    assert {digest(r) for r in runs(lifted)} <= book
    assert not {digest(r) for r in runs(ours)} & book
