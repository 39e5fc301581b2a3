"""Racetracks as graphs of spaces, built from the layouts in tracks.py.

Hex layout (Nothing Goes Right): a two-character cell per space, line index digit + feature
(`.` open, `~` water, digit = credits, `-` lose a die, `=` lose 2 dice, `*` lose a die + fan,
`+` gain any die, `F` fan; `##` infield, `SS` the one start/finish space). Neighbours: (r, x±2),
(r±1, x±1).

Lane layout: `NN: tok tok ...` per step, `---- red line k ----` between steps. Tokens: `.` open,
`~` water, `cN` credits, `F` fan, `L`/`LL` lose dice, `LF` lose a die + fan, `G` gain any die,
`gN` gain a die costing <= N, `J` jet pack, `$N>A` / `mN>A` money / movement shortcut to `@A`.
Neighbours: (s±1, l); odd l: (s, l±1), (s+1, l±1); even l: (s-1, l±1), (s, l±1).

Runners follow the printed track (docs/rulings/cubitos.md, "moving"): every space carries its
place along it (`order`: the step number on a lane track; on the hex oval, minus the distance to
the finish, over land for land spaces, over any space for water) and a step never goes to a
smaller one; the oval's start space is left toward section 0 and entered from sections 7-8. Distances to the finish over land (`dist_land`) and
over any space (`dist_all`) measure progress.
"""
from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from game.cubitos import tracks
from game.cubitos.names import Reward, SpaceEffect

INF = 10**6
LINES_PER_TRACK = 8
TRACK_STEPS = 1000  # step numbers of a joined course's second track start above the first's


@dataclass
class Board:
    name: str
    labels: list[str] = field(default_factory=list)
    water: list[bool] = field(default_factory=list)
    line: list[int] = field(default_factory=list)
    rewards: list[tuple[tuple[str, int], ...]] = field(default_factory=list)
    # movement effect (a SpaceEffect): (MONEY, cost, dest) / (MOVE, cost, dest) / (JET, 0, -1) / (CROSS, cost, dest) / None
    effect: list[tuple[str, int, int] | None] = field(default_factory=list)
    adj: list[list[int]] = field(default_factory=list)
    start: int = 0
    finish: int = 0
    lap: bool = False
    lap_entries: frozenset[int] = frozenset()  # lap track: spaces from which entering start/finish ends a lap
    track_end_line: list[int] = field(default_factory=list)  # line index at the end of this space's track
    dist_land: list[int] = field(default_factory=list)
    dist_all: list[int] = field(default_factory=list)
    lap_length: int = 0  # lap track: steps from the start round to the finish
    order: list[float] = field(default_factory=list)  # place along the printed track
    ahead: list[list[int]] = field(default_factory=list)  # the spaces a step may enter, per space
    from_start: list[int] = field(default_factory=list)  # fewest steps from the start (lap tracks)

    def add(self, label: str, order: float, water: bool = False, line: int = 0, rewards: tuple[Any, ...] = (),
            effect: tuple[str, int, int] | None = None) -> int:
        self.labels.append(label)
        self.order.append(order)
        self.water.append(water)
        self.line.append(line)
        self.rewards.append(rewards)
        self.effect.append(effect)
        self.adj.append([])
        return len(self.labels) - 1

    def link(self, a: int, b: int) -> None:
        if b not in self.adj[a]:
            self.adj[a].append(b)
            self.adj[b].append(a)

    def node(self, label: str) -> int:
        if not hasattr(self, "_index"):
            self._index = {lab: i for i, lab in enumerate(self.labels)}
        return self._index[label]

    @property
    def size(self) -> int:
        return len(self.labels)

    def pot_land(self, node: int) -> int:
        """Distance to the finish of a runner standing on ``node`` (the start space counts as a start)."""
        if self.lap and node == self.start:
            return self.lap_length
        return self.dist_land[node] if not self.water[node] else INF

    def pot_all(self, node: int) -> int:
        if self.lap and node == self.start:
            return self.lap_length
        return self.dist_all[node]

    def steps(self, node: int) -> list[int]:
        """Spaces a runner on ``node`` may step into (direction rule applied, water included)."""
        return self.ahead[node]

    def forward(self, a: int, b: int) -> bool:
        """May a runner step from ``a`` to the adjacent ``b``? Never back along the printed track; a
        lap's start space is left toward the first section and entered from the last."""
        if self.lap and b == self.start:
            return a in self.lap_entries
        if self.lap and a == self.start:
            return b not in self.lap_entries
        return self.order[b] >= self.order[a]

    def near(self, node: int, reach: int) -> list[int]:
        """Spaces 1..reach steps away in any direction, water included (Bob)."""
        seen = {node: 0}
        queue = deque([node])
        while queue:
            a = queue.popleft()
            if seen[a] == reach:
                continue
            for b in self.adj[a]:
                if b not in seen:
                    seen[b] = seen[a] + 1
                    queue.append(b)
        return sorted(n for n, d in seen.items() if d > 0)

    def finish_distance(self) -> int:
        """Steps from the start to the finish over land (one lap on a lap track)."""
        return self.lap_length if self.lap else self.dist_land[self.start]


_FAN, _LOSE, _GAIN = Reward.FAN, Reward.LOSE, Reward.GAIN
_REWARD_TOKENS = {"F": ((_FAN, 1),), "L": ((_LOSE, 1),), "LL": ((_LOSE, 2),),
                  "LF": ((_LOSE, 1), (_FAN, 1)), "G": ((_GAIN, 99),)}
_HEX_REWARDS = {"-": ((_LOSE, 1),), "=": ((_LOSE, 2),), "*": ((_LOSE, 1), (_FAN, 1)),
                "+": ((_GAIN, 99),), "F": ((_FAN, 1),)}


def _lanes(board: Board, text: str, prefix: str, line0: int, order0: int) -> tuple[int, int]:
    """Add a lane track's spaces to ``board``, its steps numbered from ``order0``; returns its
    (start, finish) nodes."""
    cells: dict[tuple[int, int], int] = {}
    marks: dict[str, int] = {}
    jumps: list[tuple[int, str, int, str]] = []
    line = line0
    last = 0
    start = board.add(f"{prefix}start", order0, line=line0)
    for raw in text.splitlines():
        if raw.startswith("----"):
            line += 1
            continue
        head, _, rest = raw.partition(":")
        step = int(head)
        last = step
        for lane, tok in enumerate(rest.split()):
            if tok == "x":
                continue
            label = f"{prefix}{step}.{lane}"
            rewards: tuple[Any, ...] = ()
            effect = None
            water = tok == "~"
            m = re.fullmatch(r"([$m])(\d+)>(\w)", tok)
            if m:
                jumps.append((len(board.labels), SpaceEffect.MONEY if m[1] == "$" else SpaceEffect.MOVE, int(m[2]), m[3]))
            elif tok == "J":
                effect = (SpaceEffect.JET, 0, -1)
            elif tok.startswith("c"):
                rewards = ((Reward.CREDITS, int(tok[1:])),)
            elif tok.startswith("g"):
                rewards = ((Reward.GAIN, int(tok[1:])),)
            elif tok in _REWARD_TOKENS:
                rewards = _REWARD_TOKENS[tok]
            elif tok not in (".", "~") and not tok.startswith("@"):
                raise ValueError(f"unknown track token {tok!r} in {label}")
            node = board.add(label, order0 + step, water, line, rewards, effect)
            cells[(step, lane)] = node
            if tok.startswith("@"):
                marks[tok[1:]] = node
    for node, kind, cost, mark in jumps:
        board.effect[node] = (kind, cost, marks[mark])
    finish = board.add(f"{prefix}finish", order0 + last + 1, line=line)
    for (s, lane), node in cells.items():
        near = [(s + 1, lane), (s - 1, lane), (s, lane - 1), (s, lane + 1)]
        near += [(s + 1, lane - 1), (s + 1, lane + 1)] if lane % 2 else [(s - 1, lane - 1), (s - 1, lane + 1)]
        for key in near:
            if key in cells:
                board.link(node, cells[key])
        if s == 1:
            board.link(start, node)
        if s == last:
            board.link(node, finish)
    return start, finish


def _hex(board: Board, text: str) -> None:
    grid = {(int(raw[:2]), (i - 4) // 2): raw[i:i + 2] for raw in text.splitlines()
            for i in range(4, len(raw) - 1, 2) if raw[i:i + 2].strip()}
    cells: dict[tuple[int, int], int] = {}
    start = board.add("start/finish", -1.0)
    for (row, x), code in grid.items():
        if code == "##":
            continue
        if code == "SS":
            cells[(row, x)] = start
            continue
        digit, feature = int(code[0]), code[1]
        rewards = ((Reward.CREDITS, int(feature)),) if feature.isdigit() else _HEX_REWARDS.get(feature, ())
        cells[(row, x)] = board.add(f"{row}.{x}", 0.0, feature == "~", digit, rewards)  # order: build()
    for (r, x), node in cells.items():
        for key in ((r, x - 2), (r, x + 2), (r - 1, x - 1), (r - 1, x + 1), (r + 1, x - 1), (r + 1, x + 1)):
            other = cells.get(key)
            if other is not None and other != node:
                board.link(node, other)
    board.start = board.finish = start
    board.lap = True
    board.lap_entries = frozenset(n for n in board.adj[start] if board.line[n] >= LINES_PER_TRACK - 1)


def _reach(board: Board) -> list[int]:
    """Fewest moves from the start to each space along the direction rule, water and movement
    effects (shortcuts, the Grand Finale crossing) included."""
    dist = [INF] * board.size
    dist[board.start] = 0
    queue = deque([board.start])
    while queue:
        a = queue.popleft()
        eff = board.effect[a]
        for b in board.ahead[a] + ([eff[2]] if eff and eff[2] >= 0 else []):
            if dist[b] == INF and b != board.start:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


def _distances(board: Board, land: bool) -> list[int]:
    """Steps to the finish; a Grand Finale crossing counts 0, a lap ends only from its far side."""
    dist = [INF] * board.size
    dist[board.finish] = 0
    queue = deque([board.finish])
    while queue:
        a = queue.popleft()
        back = board.lap_entries if (board.lap and a == board.start) else board.adj[a]
        for b in back:
            if board.lap and b == board.start or (land and board.water[b]):
                continue
            if dist[b] > dist[a] + 1:
                dist[b] = dist[a] + 1
                queue.append(b)
        for b in range(board.size):  # crossings lead into ``a``
            eff = board.effect[b]
            if eff and eff[0] == SpaceEffect.CROSS and eff[2] == a and dist[b] > dist[a]:
                dist[b] = dist[a]
                queue.appendleft(b)
    return dist


@lru_cache(maxsize=None)
def build(name: str) -> Board:
    """The board called ``name`` (a track or a joined course); ValueError if unknown."""
    board = Board(name)
    if name in tracks.TRACKS:
        text, kind = tracks.TRACKS[name]
        if kind == "hex":
            _hex(board, text)
        else:
            board.start, board.finish = _lanes(board, text, "", 0, 0)
    elif name in tracks.JOINED:
        parts, price = tracks.JOINED[name]
        ends = []
        for k, part in enumerate(parts):
            ends.append(_lanes(board, tracks.TRACKS[part][0], f"{k + 1}:", LINES_PER_TRACK * k, TRACK_STEPS * k))
        for (_, fin), (nxt, _) in zip(ends, ends[1:]):
            board.effect[fin] = (SpaceEffect.CROSS, price, nxt)
        board.start, board.finish = ends[0][0], ends[-1][1]
    else:
        raise ValueError(f"unknown Cubitos track {name!r}; choose one of {', '.join(track_names())}")
    board.track_end_line = [LINES_PER_TRACK] * board.size
    if name in tracks.JOINED:
        for k, (first, last) in enumerate(ends):
            board.track_end_line[first:last + 1] = [LINES_PER_TRACK * (k + 1)] * (last + 1 - first)
    board.dist_land = _distances(board, True)
    board.dist_all = _distances(board, False)
    if board.lap:  # round the oval's bends no row or angle leads everywhere; the way to the finish does
        board.order = [-float(board.dist_all[n] if board.water[n] else board.dist_land[n]) for n in range(board.size)]
    board.ahead = [[b for b in board.adj[a] if board.forward(a, b)] for a in range(board.size)]
    board.from_start = _reach(board)
    if board.lap:
        board.lap_length = 1 + min(board.dist_land[n] for n in board.adj[board.start] if n not in board.lap_entries)
    return board


def track_names() -> list[str]:
    return [*tracks.TRACKS, *tracks.JOINED]
