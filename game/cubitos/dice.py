"""Dice: colours and the six faces of each (data file §2).

Face names: "" blank (a miss), "$" 1 money, "$2"/"$3" money, "m" 1 movement, "c" 1 credit,
"sym" the colour's ability symbol, "pow" its power symbol.
"""
from __future__ import annotations

LIGHT, DARK, START = "lgray", "dgray", "start"
GRAYS = (LIGHT, DARK)
ABILITY_COLOURS = ("white", "brown", "red", "orange", "yellow", "green", "blue", "purple")

FACES: dict[str, tuple[str, ...]] = {
    LIGHT: ("$", "", "", "", "", ""),
    DARK: ("$", "m", "", "", "", ""),
    START: ("m", "$2", "c", "", "", ""),
    "white": ("sym", "m", "m", "", "", ""),
    "brown": ("sym", "$3", "", "", "", ""),
    "red": ("sym", "pow", "", "", "", ""),
    "orange": ("sym", "pow", "", "", "", ""),
    "yellow": ("sym", "pow", "", "", "", ""),
    "green": ("sym", "pow", "m", "", "", ""),  # power rock: open question 1
    "blue": ("sym", "pow", "$2", "", "", ""),
    "purple": ("sym", "", "", "", "", ""),
}

# What a plain face yields: (money, movement, credits).
FACE_GAIN: dict[str, tuple[int, int, int]] = {
    "$": (1, 0, 0), "$2": (2, 0, 0), "$3": (3, 0, 0), "m": (0, 1, 0), "c": (0, 0, 1),
}

SYMBOLS = ("sym", "pow")
# colour -> whether each face index shows a symbol (plain or power): a scan of dice tests a face by index.
SHOWS_SYMBOL: dict[str, tuple[bool, ...]] = {c: tuple(f in SYMBOLS for f in faces) for c, faces in FACES.items()}

# A die's kind in the Active Zone, colour:face ("red:pow", "lgray:blank"), by colour and face index:
# how actions and the roll's event name it.
FACE_KEYS: dict[str, tuple[str, ...]] = {c: tuple(f"{c}:{f or 'blank'}" for f in faces) for c, faces in FACES.items()}

# Dice per player at set-up, dice in the box, dice per ability tray.
START_DICE = {LIGHT: 7, DARK: 2}
BOX_DICE = {LIGHT: 28, DARK: 12}
TRAY_DICE = 10


def miss_chance(colour: str) -> float:
    """Chance that one roll of a ``colour`` die shows a blank."""
    faces = FACES[colour]
    return faces.count("") / len(faces)
