"""Where the words and icons of Otys' prints go, as data: art paints by these boxes, and the
readability test measures them on the table (a word's cap height there is its height here times
the font's cap ratio, times the piece's size).

A box is (centre x, centre y, height, widest) in canvas units: -1..1 across the print whatever
its piece's shape, y up (the far edge of the piece from its reader). An icon is (centre x,
centre y, half width, half height) in the same units.
"""
from __future__ import annotations

Box = tuple[float, float, float, float]

# A diver tile (2:1): the role's icon disc at the left, the name right of it, on the upgraded side
# the name higher and "★ UPGRADED" under it.
DIVER_ICON: Box = (-0.69, 0.0, 0.27, 0.54)
DIVER_NAME: Box = (0.29, 0.0, 0.66, 1.3)
DIVER_NAME_UP: Box = (0.29, 0.27, 0.6, 1.3)
DIVER_UPGRADED: Box = (0.29, -0.5, 0.36, 1.3)
# A sponsor tile (1.8:1): its number at the left, its side and what it gives right of it (the
# gift in two lines when it has a space to break at).
SPONSOR_NUMBER: Box = (-0.66, 0.0, 0.84, 0.56)
SPONSOR_SIDE: Box = (0.3, 0.6, 0.3, 1.24)
SPONSOR_GIFT: Box = (0.3, -0.25, 0.44, 1.24)
SPONSOR_GIFT_LINES: tuple[Box, Box] = ((0.3, 0.07, 0.42, 1.24), (0.3, -0.55, 0.42, 1.24))
# A contract (portrait): a small star and the Prestige large in the header band, its bonus at the
# right; the needs below; its number small at the bottom.
CARD_STAR: Box = (-0.66, 0.62, 0.19, 0.19)
CARD_PRESTIGE: Box = (-0.13, 0.62, 0.56, 0.5)
CARD_BONUS_ONE: Box = (0.47, 0.62, 0.38, 0.8)
CARD_BONUS: tuple[Box, Box] = ((0.47, 0.76, 0.28, 0.8), (0.47, 0.47, 0.28, 0.8))
CARD_COUNTS: Box = (0.0, -0.1, 0.46, 1.8)
CARD_DIFFERENT: Box = (0.0, -0.55, 0.24, 1.6)
CARD_NUMBER: Box = (0.62, -0.82, 0.14, 0.6)
