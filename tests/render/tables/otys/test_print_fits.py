"""Every word printed on an Otys diver tile, sponsor tile and contract lies whole on the piece, on
its plain ground (never over an icon or the frame) and apart from the other words: each stamp's
ink is caught as it is painted and compared with the print painted without words (issue 35: the
old tiles read "NGINEER" over their icon disc and "#2 …er twice", the number over the gift)."""
from __future__ import annotations

import numpy as np
import pytest

from game.otys.contracts import CARDS
from game.otys.data import DIVERS, SPONSORS
from render import i18n
from render.tables.otys import art

EDGE = 0.03  # the outer part of a print (its frame): words keep inside it


class _Probe:
    """A canvas that only keeps what a stamp paints."""

    def __init__(self, size: int, inks: list) -> None:
        self.size, self._inks = size, inks

    def paint(self, cover: np.ndarray, colour) -> None:
        self._inks.append(cover > 0.35)


def _inks(monkeypatch, paint) -> tuple[np.ndarray, list[np.ndarray]]:
    """The print painted without words, and the ink of each word."""
    real, inks = art.stamp, []
    monkeypatch.setattr(art, "stamp", lambda c, text, *a, **k: real(_Probe(c.size, inks), text, *a, **k))
    bare = paint()
    monkeypatch.setattr(art, "stamp", real)
    return bare.astype(int), inks


def _prints():
    yield from ((f"diver {d} {u}", lambda d=d, u=u: art.diver_tile(d, u)) for d in range(len(DIVERS)) for u in (0, 1))
    yield from ((f"sponsor {s} {a}", lambda s=s, a=a: art.sponsor_tile(s, a)) for s in range(SPONSORS) for a in (0, 1))
    yield from ((f"contract {c}", lambda c=c: art.contract(c)) for c in range(len(CARDS)))


def _grounds(bare: np.ndarray) -> np.ndarray:
    """The print's plain colours: those covering a large part of it."""
    colours, counts = np.unique(bare[..., :3].reshape(-1, 3), axis=0, return_counts=True)
    return colours[counts > 0.2 * counts.sum()]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_word_lies_whole_on_plain_ground_apart_from_the_others(monkeypatch, lang):
    if lang == "ja" and i18n.cjk_font() is None:
        pytest.skip("no CJK font on this machine")
    bad = []
    try:
        i18n.set_language(lang)
        for name, paint in _prints():
            bare, inks = _inks(monkeypatch, paint)
            h, w = bare.shape[:2]
            edge = np.zeros((h, w), bool)
            e = int(round(EDGE * w / 2))
            edge[:e], edge[-e:], edge[:, :e], edge[:, -e:] = True, True, True, True
            grounds = _grounds(bare)
            for i, ink in enumerate(inks):
                if (ink & edge).any():
                    bad.append(f"{name}: word {i} reaches the edge (clipped)")
                under = bare[ink][:, :3]
                plain = (np.abs(under[:, None] - grounds[None]).max(axis=2) <= 24).any(axis=1)
                if under.size and plain.mean() < 0.97:
                    bad.append(f"{name}: word {i} lies {100 * (1 - plain.mean()):.0f}% over an icon or the frame")
                for j in range(i):
                    if (ink & inks[j]).sum() > 3:
                        bad.append(f"{name}: words {j} and {i} overlap")
    finally:
        i18n.set_language("en")
    assert not bad, "\n".join(bad[:20]) + f"\n({len(bad)} in all)"
