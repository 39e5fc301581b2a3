"""Otys component data: every number the rules read, in one place.

Values marked DESIGN in ``shared/data/otys.md`` (contracts, reward mix, Store rows, Mechanic
reach, Hacker geometry) are placeholders; docs/rulings/otys.md lists them so they can be
corrected here and nowhere else.
"""
from __future__ import annotations

# ---- players ---------------------------------------------------------------------------
MIN_PLAYERS, MAX_PLAYERS = 2, 4

# ---- resources ---------------------------------------------------------------------------
COLOURS = ("metal", "plant", "fuel", "tech")  # blue, green, black, white (R:110)
LETTERS = "MPFT"  # contract notation, index = colour

# ---- player board (CONFIRMED R:73; INFERRED 3 surface spaces, data §2) -----------------
LEVELS = 5
SURFACE = 3  # positions S1-S3 above level 1
POSITIONS = SURFACE + LEVELS  # the diver column, top (S1) first
CAPACITY = (3, 3, 4, 5, 6)  # resource spaces on levels 1..5
START_CREDITS = 3
START_BATTERIES = 1

# ---- divers (CONFIRMED R:109-151) -------------------------------------------------------
DIVERS = ("metal expert", "plant expert", "fuel expert", "tech expert", "trader", "spy", "engineer", "explorer")
METAL, PLANT, FUEL, TECH, TRADER, SPY, ENGINEER, EXPLORER = range(8)
EXPERTS = (METAL, PLANT, FUEL, TECH)  # expert d finds colour d
SPY_COST = 1
ENGINEER_COST = 1
EXPLORER_COST = (2, 1)  # basic, upgraded

# ---- keys (R:14-15, R:28, R:40; neutral count INFERRED data §1) -------------------------
OWN_X = 6  # token id of a player's own X key on the Hacker track; 1..5 are numbered keys
NEUTRAL_X = 0  # token id of a neutral X key on the Hacker track
NEUTRAL_X_KEYS = 12

# ---- technician tracks (DESIGN values, data §5) ----------------------------------------
MAX_IMPROVEMENTS = 3  # R:142
MECHANIC_REACH = (1, 2, 3, 4)  # max propeller move after 0..3 improvements; 1 CONFIRMED, rest DESIGN
HACKER_FREE = (5, 4, 3, 2)  # free Hacker-track spaces left of the tile after 0..3 improvements

# ---- sponsors (R:87-103) ----------------------------------------------------------------
SPONSORS = 5
SPONSOR_TEXT = (
    ("gain 1 credit", "no credits for trader/spy/engineer/explorer this turn"),
    ("use the diver twice", "use a reward token's front"),
    ("return one own key from the hacker track", "resurface the diver on level 5"),
    ("pay 2 credits: upgrade the activated diver, +1 prestige", "pay 2 credits: upgrade a surface diver, +1 prestige"),
    ("gain 1 battery", "gain 1 battery, or pay 1 battery to move a resource"),
)
UPGRADE_COST = 2  # sponsor #4
UPGRADE_PRESTIGE = 1

# ---- store (DESIGN rows, data §6): one column per colour, rows top first ----------------
STORE_ROWS = 3
SELL_CREDITS = (3, 2, 1)
SELL_PRESTIGE = (1, 0, 0)
BUY_COST = (3, 2, 1)
STORE_SETUP = (2, 1, 1)  # resources of three different colours (R:38)

# ---- contracts (DESIGN list, data §7) -------------------------------------------------
# (type, need, prestige, bonus): specific needs name resources, free needs are counts of
# different colours; bonus "C" = 1 credit, "B" = 1 battery.
CONTRACTS = (
    ("specific", "MP", 1, "C"), ("specific", "MF", 1, ""), ("specific", "MT", 1, "B"),
    ("specific", "PF", 1, "B"), ("specific", "PT", 1, ""), ("specific", "FT", 1, "C"),
    ("specific", "MPF", 2, "C"), ("specific", "MPT", 2, ""), ("specific", "MFT", 2, ""),
    ("specific", "PFT", 2, "B"), ("specific", "MMP", 2, ""), ("specific", "PPF", 2, ""),
    ("specific", "FFT", 2, ""), ("specific", "TTM", 2, "C"), ("specific", "MPFT", 3, "CB"),
    ("specific", "MMFF", 3, ""),
    ("free", "111", 1, "C"), ("free", "111", 1, "C"), ("free", "21", 1, "B"), ("free", "21", 1, "B"),
    ("free", "22", 2, ""), ("free", "22", 2, ""), ("free", "31", 2, "C"), ("free", "1111", 2, "B"),
    ("free", "211", 2, ""), ("free", "211", 2, ""), ("free", "221", 3, ""), ("free", "221", 3, ""),
    ("free", "32", 3, "C"), ("free", "222", 4, ""), ("free", "321", 4, "B"), ("free", "2211", 5, ""),
)
PUBLIC_CONTRACTS = {2: 2, 3: 3, 4: 3}  # by player count (R:39)
CONTRACT_DRAW = 4  # spy and reward token: draw 4, keep 1 (R:131)

# ---- reward tokens (DESIGN mix, data §8) ----------------------------------------------
# (front, argument, back): front "resource" takes a colour pair; back "credits" = orange
# (+2 credits), "prestige" = green (+1 prestige) per contract completed on that level.
_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
Reward = tuple[str, tuple[int, ...], str]
REWARDS: tuple[Reward, ...] = (
    tuple(("resource", pair, back) for pair in _PAIRS for back in ("credits", "prestige"))
    + (("battery", (), "credits"),) * 3 + (("battery", (), "prestige"),) * 2
    + (("draw", (), "credits"),) * 2 + (("draw", (), "prestige"),) * 3
    + (("upgrade", (), "credits"),) * 2 + (("upgrade", (), "prestige"),) * 3
    + (("prestige", (), "credits"),) * 3 + (("prestige", (), "prestige"),) * 2
)
REWARDS_PER_LEVEL = 2
BACK_CREDITS = 2
BACK_PRESTIGE = 1
FRONT_PRESTIGE = 1  # a reward token's prestige front

# ---- the end (R:44, R:82) --------------------------------------------------------------
GOAL = 18
