"""Racetracks and the fan track (data file §4, §5).

Nothing Goes Right is SOURCED from one fan build (hex map below). The three point-to-point tracks
and the fan track contents are DESIGN; edit them here. Formats are described in board.py.
"""
from __future__ import annotations

# Hex map: row 0 at the bottom; a two-character cell at column x (first header digit pair = x).
NOTHING_GOES_RIGHT = """\
10            4=  4.  43  4.  33  3-  32  3.  2.  2.  2=  2.  2*
 9          5.  5.  4.  4.  4.  3.  3.  3~  3~  2.  2.  2.  2.  2.
 8        5+  5.  5.  5.  4.  4.  4.  3.  3.  3~  2.  2.  2.  2.  22
 7      6.  5~  5~  5.  5.  4.  4~  3.  3-  3.  2.  2.  2.  2.  2-  2.
 6    63  6.  6.  5.  5.  5.  4~  4~  3.  3.  3.  2.  2.  2.  2.  2.  1F
 5  6.  6-  6.  ##  ##  ##  ##  ##  ##  ##  ##  ##  ##  ##  ##  1.  1-  1.
 4    64  6.  6.  7.  7.  7.  8.  8.  SS  SS  0.  0.  01  1~  1.  1.  12
 3      6.  6.  7~  7~  7.  7.  8.  8.  SS  0.  0.  01  0.  1.  1.  1.
 2        64  7.  7+  7~  7.  7.  8.  SS  SS  0~  0~  0~  1.  1.  1F
 1          7.  7.  7.  7.  7.  7.  8.  SS  02  0~  0~  0.  1.  1.
 0            77  7.  77  7.  7+  7.  SS  SS  0.  0.  0-  0.  12
"""

AHEAD_OF_THE_CURVE = """\
01: .    .    .    .
02: .    .    .    .
03: .    .    .    c1
04: L    .    .    .
05: .    .    c1   .
---- red line 1 ----
06: .    F    .    ~
07: .    .    .    ~
08: c2   .    .    .
09: .    .    L    .
10: .    .    .    .
---- red line 2 ----
11: .    .    .    c2
12: J    .    .    .
13: .    .    g4   .
14: .    .    .    m4>A
15: .    F    .    .
---- red line 3 ----
16: .    ~    .    .
17: .    ~    .    F
18: L    .    .    .
19: .    .    c3   .
20: .    .    .    .
---- red line 4 ----
21: .    LF   .    .
22: .    .    .    @A
23: c3   .    .    .
24: .    .    .    .
25: .    .    .    c4
---- red line 5 ----
26: $4>B .    .    .
27: .    .    ~    ~
28: .    .    .    .
29: .    .    F    .
30: .    L    .    .
---- red line 6 ----
31: .    .    .    J
32: .    .    L    .
33: .    .    c4   .
34: @B   .    .    .
35: .    .    .    g6
---- red line 7 ----
36: F    .    .    .
37: .    ~    .    .
38: .    .    c5   .
39: .    .    .    .
---- red line 8 ----
40: .    c6   .    .
41: .    .    .    LL
42: .    .    F    .
"""

TESTING_THE_WATERS = """\
01: .    .    .    .    .
02: .    .    .    .    .
03: .    c1   .    .    .
04: .    .    .    ~    .
05: .    .    .    L    .
---- red line 1 ----
06: .    .    .    .    c2
07: F    .    .    .    .
08: .    .    .    .    .
09: .    .    $4>A .    .
10: .    ~    ~    ~    .
---- red line 2 ----
11: c3   ~    ~    ~    g4
12: L    ~    ~    ~    .
13: .    .    .    .    .
14: .    .    .    .    .
---- red line 3 ----
15: .    .    @A   .    .
16: .    .    .    c2   .
17: ~    .    .    .    .
18: ~    .    F    .    .
19: .    .    .    .    L
---- red line 4 ----
20: .    m5>B .    .    .
21: .    .    .    .    .
22: c3   .    .    .    ~
23: .    .    LF   .    ~
24: .    .    .    .    .
---- red line 5 ----
25: .    .    ~    ~    .
26: g4   .    ~    ~    .
27: .    .    ~    ~    c4
28: .    L    ~    ~    .
29: .    .    .    .    .
---- red line 6 ----
30: .    @B   .    .    .
31: .    .    .    c4   .
32: ~    .    .    .    F
33: ~    .    J    .    .
34: .    .    .    L    .
---- red line 7 ----
35: .    c5   .    .    .
36: .    .    .    .    .
37: .    .    G    .    .
---- red line 8 ----
38: .    .    .    .    .
39: LL   .    .    c6   .
40: .    .    .    .    .
"""

STILL_WATERS_RUN_DEEP = """\
01: .    .    .    .    .
02: .    .    .    .    .
03: .    .    c1   .    .
04: .    L    ~    .    .
05: .    .    ~    .    c2
---- red line 1 ----
06: F    .    ~    .    .
07: .    .    ~    L    .
08: .    $3>A ~    .    .
09: .    .    ~    .    .
10: c2   .    ~    .    J
---- red line 2 ----
11: .    .    ~    .    .
12: .    .    .    .    .
13: .    c3   ~    .    .
14: .    @A   ~    g5   .
15: .    .    ~    .    .
---- red line 3 ----
16: L    .    ~    .    .
17: .    .    ~    $5>B .
18: .    .    ~    .    c3
19: .    F    ~    .    .
20: .    .    .    .    .
---- red line 4 ----
21: c4   .    ~    .    L
22: .    .    ~    .    .
23: .    .    ~    F    .
24: .    m4>C ~    .    .
25: .    .    ~    .    .
---- red line 5 ----
26: .    L    ~    .    c4
27: .    .    ~    @B   .
28: .    .    .    .    .
29: ~    .    ~    .    .
30: J    .    ~    c5   .
---- red line 6 ----
31: .    .    ~    .    .
32: .    LF   ~    .    ~
33: .    @C   ~    .    ~
34: c5   .    ~    L    .
---- red line 7 ----
35: .    .    ~    .    .
36: .    .    ~    .    G
37: .    .    .    .    .
---- red line 8 ----
38: .    g6   .    .    .
39: .    .    .    .    LL
40: .    .    .    .    .
"""

# name -> (layout, kind)
TRACKS: dict[str, tuple[str, str]] = {
    "nothing-goes-right": (NOTHING_GOES_RIGHT, "hex"),
    "ahead-of-the-curve": (AHEAD_OF_THE_CURVE, "lanes"),
    "testing-the-waters": (TESTING_THE_WATERS, "lanes"),
    "still-waters-run-deep": (STILL_WATERS_RUN_DEEP, "lanes"),
}
# Grand Finale joins two tracks; crossing from the first finish to the second start costs money.
JOINED: dict[str, tuple[tuple[str, ...], int]] = {
    "grand-finale": (("still-waters-run-deep", "testing-the-waters"), 1),
}
LAP_TRACKS = ("nothing-goes-right",)

# Fan track spaces 1..13 (DESIGN contents): (draw tokens, credits); the bleachers are space 0.
FAN_SPACES: tuple[tuple[int, int], ...] = (
    (0, 0), (0, 1), (1, 0), (0, 2), (1, 0), (0, 2), (1, 0), (0, 3), (1, 0), (0, 4), (1, 0), (0, 5), (1, 0), (0, 6),
)
FAN_MAX = 13
