"""The soak (scripts/soak): GL objects are counted, screens built and torn down leave nothing behind."""
from __future__ import annotations

import itertools
import json
import os
import random
import signal
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest

from render.gl.census import Census, released
from render.options import Options
from render.soak import descendants, frame_ms, tables

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def census(gl_session):
    c = Census(gl_session)
    yield c
    c.detach()


@pytest.mark.gl
def test_the_census_counts_what_is_made_until_it_is_released(ctx, census):
    before = census.live()
    kept, dropped = ctx.buffer(reserve=16), ctx.texture((4, 4), 4)
    assert census.live()["buffers"] == before["buffers"] + 1
    assert census.live()["textures"] == before["textures"] + 1
    del dropped  # moderngl does not release what Python lets go of: it still holds GL memory
    assert census.live()["textures"] == before["textures"] + 1
    kept.release()
    assert released(kept) and census.live()["buffers"] == before["buffers"]


@pytest.mark.gl
def test_a_released_tabletop_leaves_no_gl_object(ctx, census):
    from render.scene.tabletop import Tabletop

    top = Tabletop(ctx, np.zeros((8, 8, 4), np.uint8), shadow_size=64)
    for target in (top.msaa, top.plain, top.fast):  # the plain one draws changed rectangles while pieces move
        target.ensure(64, 32)
    top.release()
    made = census.live()
    for target in (top.msaa, top.plain, top.fast):
        assert target.fbo is None
    assert not any(made.values()), made


def test_the_soak_goes_round_every_table_its_variants_and_seat_counts():
    first = list(itertools.islice(tables(), 60))
    assert [t.game for t in first[:3]] == ["octocube", "cubitos", "otys"]
    names = {t.name() for t in first}
    for name in ("octocube/kids/4p", "octocube/advanced/2p", "cubitos/random/3p", "cubitos/race7/4p",
                 "otys/advanced/2p", "otys/random/4p"):
        assert name in names


def test_the_processes_below_count_grandchildren_too():
    before = descendants()
    shell = subprocess.Popen(["sh", "-c", "sleep 30 & wait"], start_new_session=True)  # a child with a child,
    # like the forkserver and its worker
    try:
        deadline = time.monotonic() + 10
        while descendants() < before + 2:
            assert time.monotonic() < deadline, "the grandchild was never counted"
            time.sleep(0.05)
    finally:
        os.killpg(shell.pid, signal.SIGKILL)  # the group this test started: the shell and its sleep
        shell.wait()


def test_frame_times_give_median_and_95th_percentile_in_ms():
    assert frame_ms([]) == (0.0, 0.0)
    assert frame_ms([0.01] * 19 + [0.5]) == (10.0, 500.0)


@pytest.mark.gl
def test_screens_made_and_torn_down_game_after_game_leave_no_gl_objects(gl_session, tmp_path, census):
    """Two rounds of the quicker tables to build (Octocube, Cubitos; the soak itself plays Otys too):
    what lives between games after the first round stays put."""
    from render.app import App
    from render.screens.game import GameScreen
    from render.screens.base import Screen
    from render.soak import resident_mb

    app = App(gl_session.extra, gl_session, Options(save=os.devnull), size=(320, 180))
    between = []
    try:
        quick = (t for t in tables() if t.game != "otys")
        for i, table in enumerate(itertools.islice(quick, 4)):
            options = Options(game=table.game, players=table.players, seats=["human"] * table.players, seed=i,
                              variant=table.variant, game_options=table.options, anim_speed=4.0,
                              save=str(tmp_path / "autosave.json"))
            app.start_game(options)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            pick = random.Random(i)
            for _ in range(2):  # a few moves, each animated over some frames
                if screen.state.is_over:
                    break
                screen.submit(pick.choice(screen.state.legal_actions()))
                for _ in range(3):
                    app.tick(1 / 20)
                    app.capture()
            app.show(Screen(app))
            between.append((census.live(), resident_mb()))
    finally:
        app.close()
    (warm, warm_mb), (end, end_mb) = between[1], between[-1]
    assert end == warm, f"GL objects between games grew: {warm} -> {end}"
    assert end_mb < warm_mb * 1.1, f"memory {warm_mb:.0f} -> {end_mb:.0f} MB over two games"


@pytest.mark.long
def test_a_two_minute_soak_passes():
    done = subprocess.run([str(ROOT / "scripts" / "soak"), "--minutes", "2", "--every", "20", "--moves", "2", "--json"],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["summary"]["ok"] and report["summary"]["games"] >= 4
    assert len(report["samples"]) >= 5
    assert all(s["processes"] <= 3 for s in report["samples"])  # forkserver, its tracker, one worker
