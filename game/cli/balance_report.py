"""The balance report's figures from finished games, and the Markdown (with optional plots) they make.

Every rate is compared with a fair share, the rate a seat would have if nothing but chance decided
(1/players); the 95% Wilson interval says whether the difference is more than the sample's noise.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Union

from game.cli import balance_plots
from game.cli.stats import mean, wilson
from game.core import GameRules

if TYPE_CHECKING:
    from game.cli.balance import Played

MIN_SAMPLE = 30  # fewer games or seats than this: the report says it is too few to say anything
POSITIONS = ("1st", "2nd", "3rd", "4th")
CHOSEN_NOTE = ("These are chosen, not dealt: a high rate can mean the thing is strong, or that seats "
               "already doing well could afford it (and a bot that never values it seldom takes it).")
NO_PLOTS = "Plots skipped: matplotlib is not installed (`pip install .[plots]`)."


@dataclass
class Rate:
    """One row: ``wins`` of ``count`` games or seats, against the ``fair`` share."""

    what: str
    count: int
    wins: float
    fair: float
    cells: tuple[str, ...] = ()  # the table's extra columns

    @property
    def rate(self) -> float:
        return self.wins / self.count if self.count else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.count)


@dataclass
class RateTable:
    title: str
    unit: str  # what ``count`` counts: "games" or "seats"
    rows: list[Rate]
    extra: tuple[str, ...] = ()  # headers of the extra columns
    note: str = ""


@dataclass
class FactTable:
    title: str
    headers: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)


Sections = list[Union[RateTable, FactTable]]


def sections(games: list["Played"]) -> Sections:
    counts = sorted({g.players for g in games})
    by_count = {n: [g for g in games if g.players == n] for n in counts}
    out: Sections = [_positions(n, by_count[n]) for n in counts]
    out.append(_lengths(by_count))
    categories = sorted({c for g in games for c in g.facts.get("labels", {})})
    out += [_by_label(c, by_count) for c in categories]
    seat_categories = sorted({c for g in games for c in g.facts.get("seat_labels", {})})
    out += [_by_seat_label(c, games) for c in seat_categories]
    return out


def position(g: "Played", seat: int) -> int:
    """0 for the seat that played first, 1 for the next, ..."""
    return (seat - g.first) % g.players


def _position_wins(games: list["Played"], n: int) -> list[float]:
    wins = [0.0] * n
    for g in games:
        for w in g.winners:
            wins[position(g, w)] += 1.0 / len(g.winners)
    return wins


def _positions(n: int, games: list["Played"]) -> RateTable:
    wins = _position_wins(games, n)
    rows = [Rate(f"{POSITIONS[k]} to play", len(games), wins[k], 1.0 / n) for k in range(n)]
    return RateTable(f"{n} players: win rate by seat position", "games", rows)


def _measures(games: list["Played"]) -> list[str]:
    return sorted({m for g in games for m in g.facts.get("measures", {})})


def _lengths(by_count: dict[int, list["Played"]]) -> FactTable:
    games = [g for gs in by_count.values() for g in gs]
    measures = _measures(games)
    t = FactTable("Game length and score spread",
                  ("players", "games", "mean actions", *(f"mean {m}" for m in measures),
                   "mean margin 1st-2nd", "mean spread 1st-last", "shared wins"))
    for n, gs in by_count.items():
        ranked = [sorted(g.scores, reverse=True) for g in gs]
        t.rows.append((str(n), str(len(gs)), f"{mean([g.actions for g in gs]):.1f}",
                       *(f"{mean([g.facts['measures'][m] for g in gs if m in g.facts.get('measures', {})]):.1f}"
                         for m in measures),
                       f"{mean([s[0] - s[1] for s in ranked]):.2f}", f"{mean([s[0] - s[-1] for s in ranked]):.2f}",
                       str(sum(len(g.winners) > 1 for g in gs))))
    return t


def _by_label(category: str, by_count: dict[int, list["Played"]]) -> RateTable:
    """The first player's win rate for each value of a game-wide label, per player count."""
    rows = []
    for n, gs in by_count.items():
        values = sorted({g.facts["labels"][category] for g in gs if category in g.facts.get("labels", {})})
        for v in values:
            these = [g for g in gs if g.facts.get("labels", {}).get(category) == v]
            wins = _position_wins(these, n)
            split = "/".join(f"{100 * w / len(these):.0f}" for w in wins)
            rows.append(Rate(f"{v}, {n} players", len(these), wins[0], 1.0 / n,
                             (split, f"{mean([g.actions for g in these]):.0f}")))
    return RateTable(f"First player's win rate by {category}", "games", rows,
                     ("win % by position", "mean actions"))


def _by_seat_label(category: str, games: list["Played"]) -> RateTable:
    """For each label a seat may have: how often seats had it and how often those seats won."""
    offered: dict[str, list[float]] = defaultdict(list)  # label -> fair share of each seat offered it
    had: dict[str, list[tuple[float, float]]] = defaultdict(list)  # label -> (win share, fair share) per seat
    others: dict[str, float] = defaultdict(float)  # wins of seats offered the label that did not take it
    for g in games:
        seats = g.facts.get("seat_labels", {}).get(category)
        if seats is None:
            continue
        labels = g.facts.get("offered", {}).get(category) or sorted({x for s in seats for x in s})
        for seat, taken in enumerate(seats):
            won = 1.0 / len(g.winners) if seat in g.winners else 0.0
            for label in labels:
                offered[label].append(1.0 / g.players)
                if label in taken:
                    had[label].append((won, 1.0 / g.players))
                else:
                    others[label] += won
    rows = []
    for label, fairs in offered.items():
        seats = had.get(label, [])
        rest = len(fairs) - len(seats)
        other_rate = f"{100 * others[label] / rest:.1f}%" if rest else "-"
        rows.append(Rate(label, len(seats), sum(w for w, _ in seats), mean([f for _, f in seats] or fairs),
                         (str(len(fairs)), f"{100 * len(seats) / len(fairs):.0f}%", other_rate)))
    rows.sort(key=lambda r: (-r.rate, r.what))
    return RateTable(f"Win rate of seats by {category}", "seats", rows,
                     ("seats offered", "share taken", "win rate of the others"), CHOSEN_NOTE)


# ---- words ---------------------------------------------------------------------------------
def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def verdict(t: RateTable) -> str:
    """What stands out in plain words, and what the sample is too small to say."""
    few = [r.what for r in t.rows if r.count < MIN_SAMPLE]
    high = [r for r in t.rows if r.count >= MIN_SAMPLE and r.interval[0] > r.fair]
    low = [r for r in t.rows if r.count >= MIN_SAMPLE and r.interval[1] < r.fair]
    parts = []
    if high:
        parts.append("Above a fair share beyond chance: " + _list(high) + ".")
    if low:
        parts.append("Below a fair share beyond chance: " + _list(low) + ".")
    if not high and not low:
        parts.append("Nothing differs from a fair share by more than chance at this sample size.")
    if few:
        parts.append(f"Too few {t.unit} (under {MIN_SAMPLE}) to say anything about: {', '.join(few)}.")
    return " ".join(parts)


def _list(rows: list[Rate]) -> str:
    return "; ".join(f"{r.what} ({pct(r.rate)} against {pct(r.fair)})" for r in rows)


def markdown_table(t: RateTable | FactTable) -> list[str]:
    if isinstance(t, FactTable):
        return [_row(t.headers), _row(tuple("---" for _ in t.headers)), *(_row(r) for r in t.rows)]
    headers = ("what", t.unit, "wins", "rate", "95% interval", "fair share", *t.extra)
    lines = [_row(headers), _row(tuple("---" for _ in headers))]
    for r in t.rows:
        low, high = r.interval
        lines.append(_row((r.what, str(r.count), wins_text(r.wins), pct(r.rate), f"{pct(low)}-{pct(high)}",
                           pct(r.fair), *r.cells)))
    return lines


def wins_text(wins: float) -> str:
    """Whole wins as a whole number, shared wins (1/k each) to two places: 166.33, not 166.333."""
    return f"{wins:.0f}" if wins == round(wins) else f"{wins:.2f}".rstrip("0")


def _row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(cells) + " |"


def body(found: Sections, plots: dict[str, str], errors: list[str]) -> list[str]:
    """Everything below the header: the same for the same games, however they were played."""
    lines: list[str] = []
    for t in found:
        lines += ["", f"## {t.title}", "", *markdown_table(t)]
        if isinstance(t, RateTable):
            lines += ["", verdict(t)]
            if t.note:
                lines += ["", t.note]
            if t.title in plots:
                lines += ["", f"![{t.title}]({plots[t.title]})"]
    if errors:
        lines += ["", "## Games that failed", "", *(f"- {e}" for e in errors)]
    return lines


def write(out: Path, rules: GameRules, header: list[str], found: Sections, errors: list[str]) -> tuple[Path, str]:
    """``out/<game>.md`` and its plots; the path and a few words on the plots."""
    out.mkdir(parents=True, exist_ok=True)
    plots = balance_plots.draw(out, rules.name, [t for t in found if isinstance(t, RateTable)])
    lines = [f"# Balance report: {rules.title}", "", *header]
    if plots is None:
        lines += ["", NO_PLOTS]
    lines += body(found, plots or {}, errors)
    path = out / f"{rules.name}.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, NO_PLOTS if plots is None else f"{len(plots)} plots"
