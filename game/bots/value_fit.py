"""Fitting a :class:`~game.bots.value_model.ValueModel` to positions of finished games.

Maximum likelihood of the seats' final shares under the conditional logit, with a ridge term,
by a fixed number of Newton steps from zero on standardised features: the problem is convex, so
the steps converge, and the same sample gives the same weights on every run (no random start).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from game.bots.value_model import round_figure

NEWTON_STEPS = 30
RIDGE = 1.0  # per standardised weight: a gentle pull to zero, so a feature that barely varies stays small
HOLD_OUT_EVERY = 5  # every fifth game is held out to measure the fit before the final fit on all


@dataclass(frozen=True)
class Position:
    """One position of a finished game: every seat's features, and every seat's final share."""

    rows: list[list[float]]
    result: list[float]
    game: int  # which game of the sample it came from (positions of one game are alike)


@dataclass(frozen=True)
class Fit:
    weights: list[float]  # on raw features
    held_out_log_loss: float  # mean over held-out positions of -sum y log p
    held_out_baseline: float  # the same for equal shares: what the features win is the difference
    held_out_accuracy: float  # held-out positions where the seat given the largest share won


def fit(positions: Sequence[Position]) -> Fit:
    """Weights for ``positions`` (one number of seats), measured first on the held-out games."""
    held = [p for p in positions if p.game % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1]
    kept = [p for p in positions if p.game % HOLD_OUT_EVERY != HOLD_OUT_EVERY - 1]
    if held and kept:
        loss, baseline, accuracy = _measure(_weights(kept), held)
    else:
        loss = baseline = accuracy = math.nan
    return Fit(_weights(positions), loss, baseline, accuracy)


def _weights(positions: Sequence[Position]) -> list[float]:
    x = np.array([p.rows for p in positions], dtype=np.float64)  # positions x seats x features
    y = np.array([p.result for p in positions], dtype=np.float64)
    flat = x.reshape(-1, x.shape[-1])
    mean, spread = flat.mean(axis=0), flat.std(axis=0)
    spread[spread < 1e-9] = 1.0  # a feature that never varies keeps weight 0 (the ridge sees to it)
    z = (x - mean) / spread
    w = np.zeros(x.shape[-1])
    ridge = RIDGE * np.eye(len(w))
    for _ in range(NEWTON_STEPS):
        p = _softmax(z @ w)
        centred = z - np.einsum("ns,nsf->nf", p, z)[:, None, :]
        gradient = np.einsum("ns,nsf->f", p - y, z) + RIDGE * w
        hessian = np.einsum("ns,nsf,nsg->fg", p, centred, centred) + ridge
        w -= np.linalg.solve(hessian, gradient)
    return [round_figure(float(v)) for v in w / spread]


def _softmax(scores: np.ndarray) -> np.ndarray:
    e = np.exp(scores - scores.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]  # numpy's stubs lose the dtype


def _measure(weights: list[float], positions: Sequence[Position]) -> tuple[float, float, float]:
    x = np.array([p.rows for p in positions], dtype=np.float64)
    y = np.array([p.result for p in positions], dtype=np.float64)
    p = _softmax(x @ np.array(weights))
    loss = float(-(y * np.log(np.maximum(p, 1e-12))).sum(axis=1).mean())
    baseline = float(-(y * np.log(1.0 / y.shape[1])).sum(axis=1).mean())
    best = p.argmax(axis=1)
    accuracy = float((y[np.arange(len(y)), best] > 0).mean())
    return round_figure(loss), round_figure(baseline), round_figure(accuracy)
