"""A learned value of a position: each seat's share of the win, from the features it sees.

The model is a conditional logit: seat j's share is exp(w . x_j) / sum_k exp(w . x_k), x_j the
row of the rules' ``features_all`` for seat j. It predicts what the bots' rewards are (1 for a
sole win, 1/k each for k shared winners), in [0, 1] and summing to 1 over the seats, for one game
and one number of players. Prediction is a few dot products in plain Python: the search asks for
thousands a second on vectors of ten numbers, where numpy's per-call cost would dominate.

The weights are JSON files, one per game and player count, shipped in ``game/bots/weights``
(package data read through importlib.resources) with what made them: the command, its seed,
the date and the training sample. A damaged or foreign file is one line of ``ModelError``.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Sequence

from game.core.errors import printable

FORMAT = 1
WEIGHTS_PACKAGE = "game.bots.weights"
MAX_EXPONENT = 60.0  # a score this far above another's is a certain win; exp() must not overflow


class ModelError(ValueError):
    """Weights that cannot be used: missing, damaged, or made for another game or feature list."""


@dataclass(frozen=True)
class ValueModel:
    """Weights on raw features (standardising folded in) and what made them."""

    game: str
    players: int
    features: tuple[str, ...]
    weights: tuple[float, ...]
    made: dict[str, Any] = field(default_factory=dict, compare=False)  # command, seed, date, sample, fit

    def shares(self, rows: Sequence[Sequence[float]]) -> list[float]:
        """Each seat's predicted share of the win from its row of features."""
        w = self.weights
        scores = [sum(a * b for a, b in zip(w, row)) for row in rows]
        top = max(scores)
        exps = [math.exp(max(s - top, -MAX_EXPONENT)) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def to_json(self) -> str:
        """The file's text: stable key order and rounded numbers, so a run made again from the
        same seed writes the same bytes."""
        d = {"format": FORMAT, "game": self.game, "players": self.players, "features": list(self.features),
             "weights": [round_figure(w) for w in self.weights], **self.made}
        return json.dumps(d, indent=1, sort_keys=False) + "\n"


def round_figure(x: float) -> float:
    """Seven significant figures: far below what a model's fit can tell, and what makes the
    file's bytes independent of the last bits of a floating-point sum."""
    return float(f"{x:.7g}")


def shipped_name(game: str, players: int) -> str:
    return f"{game}-{players}p.json"


def parse(text: str, where: str, game: str, players: int | None, features: Sequence[str]) -> ValueModel:
    """The model in ``text`` (from ``where``, named in errors), checked against what it must serve."""
    try:
        d = json.loads(text)
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise ModelError(f"{where} is not a weights file of format {FORMAT}")
        names = tuple(str(n) for n in d["features"])
        weights = tuple(float(w) for w in d["weights"])
        made = {k: v for k, v in d.items() if k not in ("format", "game", "players", "features", "weights")}
        model = ValueModel(str(d["game"]), int(d["players"]), names, weights, made)
    except ModelError:
        raise
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as e:
        raise ModelError(f"{where} is damaged ({type(e).__name__}); train it again with python -m game train") from None
    if model.game != game or players not in (None, model.players):
        wanted = game if players is None else f"{game} at {players} players"
        raise ModelError(f"{where} holds weights for {model.game} at {model.players} players, not {wanted}")
    if model.features != tuple(features) or len(weights) != len(names) or not all(map(math.isfinite, weights)):
        raise ModelError(f"{where} was trained on other features than {game}'s; train it again")
    return model


def load(game: str, players: int | None, features: Sequence[str], path: Path | None = None) -> ValueModel:
    """The weights at ``path``, or those shipped for ``game`` at ``players``."""
    if path is None:
        assert players is not None, "the shipped weights are per number of players"
        source: Any = resources.files(WEIGHTS_PACKAGE) / shipped_name(game, players)
        where = f"the shipped weights {shipped_name(game, players)}"
        missing = (f"no learned weights ship for {game} at {players} players; make them with "
                   f"python -m game train --game {game} --players {players}")
    else:
        source, where = path, printable(path)
        missing = f"no weights file {where}"
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ModelError(missing) from None
    except (OSError, UnicodeDecodeError) as e:
        raise ModelError(f"cannot read {where}: {type(e).__name__}") from None
    return parse(text, where, game, players, features)
