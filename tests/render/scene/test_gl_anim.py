from render.scene.anim import Step, Timeline, ease_in_out


def _log_step(log, name, duration):
    return Step(duration, lambda u: log.append((name, round(u, 3))), lambda: log.append((name, "done")))


def test_steps_play_in_order_with_eased_progress():
    log = []
    tl = Timeline()
    tl.add(_log_step(log, "a", 0.2))
    tl.add(_log_step(log, "b", 0.2))
    tl.update(0.1, 1.0)
    assert log == [("a", 0.5)] and tl.busy
    tl.update(0.2, 1.0)
    assert log[1:] == [("a", "done"), ("b", 0.5)]
    tl.update(1.0, 1.0)
    assert log[-1] == ("b", "done") and not tl.busy


def test_speed_scales_time_and_zero_is_instant():
    log = []
    tl = Timeline()
    tl.add(_log_step(log, "a", 0.4))
    tl.update(0.1, 2.0)
    assert log == [("a", 0.5)]
    tl.add(_log_step(log, "b", 5.0))
    tl.update(0.0, 0.0)
    assert log[-2:] == [("a", "done"), ("b", "done")] and not tl.busy


def test_ease_in_out_starts_and_stops_gently():
    assert ease_in_out(0) == 0 and ease_in_out(1) == 1 and ease_in_out(0.5) == 0.5
    assert ease_in_out(0.1) < 0.1 and ease_in_out(0.9) > 0.9
    assert ease_in_out(-1) == 0 and ease_in_out(2) == 1
