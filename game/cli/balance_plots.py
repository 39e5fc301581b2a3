"""Bar charts for the balance report, drawn with matplotlib when it is installed (``.[plots]``).

Each bar is a row's win rate minus its fair share, in percentage points, with the 95% interval
as whiskers: a bar whose whiskers cross zero is within chance.
"""
from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.cli.balance_report import RateTable

ROW_HEIGHT, MIN_HEIGHT, WIDTH = 0.32, 2.2, 7.5  # inches


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def pyplot() -> ModuleType | None:
    """matplotlib's pyplot on a file-only backend, or None when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot as plt
    except ImportError:
        return None
    return plt


def draw(out: Path, game: str, tables: list["RateTable"]) -> dict[str, str] | None:
    """One PNG per table in ``out``; table title -> file name, or None without matplotlib."""
    plt = pyplot()
    if plt is None:
        return None
    files: dict[str, str] = {}
    for t in tables:
        rows = [r for r in t.rows if r.count][::-1]  # none taken: nothing to draw; first bar at the top
        if not rows:
            continue
        name = f"{game}-{slug(t.title)}.png"
        gaps = [100 * (r.rate - r.fair) for r in rows]
        low = [g - 100 * (r.interval[0] - r.fair) for g, r in zip(gaps, rows)]
        high = [100 * (r.interval[1] - r.fair) - g for g, r in zip(gaps, rows)]
        fig, ax = plt.subplots(figsize=(WIDTH, max(MIN_HEIGHT, 0.8 + ROW_HEIGHT * len(rows))))
        ax.barh([r.what for r in rows], gaps, xerr=[low, high], capsize=3,
                color=["#0072B2" if g >= 0 else "#D55E00" for g in gaps])
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xlabel("win rate minus fair share (percentage points), 95% interval")
        ax.set_title(t.title, fontsize=10)
        fig.tight_layout()
        fig.savefig(out / name, dpi=90)
        plt.close(fig)
        files[t.title] = name
    return files
