"""A move's beats are read off the steps its view queued: each event's steps in order after what an
earlier move still plays, then the settling step; a view that showed the move at once has none."""
from __future__ import annotations

import pytest

from render.audio.timing import Beat, beats
from render.scene.anim import Step, Timeline


def _timeline(*durations: float) -> Timeline:
    line = Timeline()
    for d in durations:
        line.add(Step(d, lambda u: None))
    return line


def test_each_event_starts_after_the_steps_before_it_and_an_earlier_move_still_playing():
    line = _timeline(0.5, 0.9, 0.35, 0.22, 0.1)  # an earlier move's last step, then 2 + 1 steps and the settle
    line.update(0.2, 1.0)  # 0.3 s of the earlier step left
    got = beats(line, [2, 1])
    assert got[0].start == pytest.approx(0.3) and got[0].steps == (0.9, 0.35)
    assert got[1].start == pytest.approx(0.3 + 1.25) and got[1].steps == (0.22,)
    assert got[1].end == pytest.approx(0.3 + 1.25 + 0.22) and got[0].length == pytest.approx(1.25)


def test_a_move_shown_at_once_beats_now():
    assert beats(Timeline(), [2, 1, 1]) == [Beat(0.0, (0.0, 0.0)), Beat(0.0, (0.0,)), Beat(0.0, (0.0,))]
