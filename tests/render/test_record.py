"""--record: short games filmed headless, read back with PyAV: frame count, size, frames that differ."""
from __future__ import annotations

import os
import subprocess
import sys

import av
import numpy as np
import pytest

from game import registry
from game.bots import make_bot
from game.core.match import Match
from render.cli import main
from render.gl.png import read_png
from render.record import RecordError, record_replay
from render.record.film import END_HOLD_S, MOVE_HOLD_S, hold_frames

pytestmark = pytest.mark.gl
SIZE = (320, 180)
MOVES = 4


@pytest.fixture
def save(tmp_path) -> str:
    """A two-seat Octocube game of MOVES random moves, saved."""
    match = Match(registry.get("octocube"), 2, 5, ["random", "greedy"])
    bot = make_bot("random", match.rules, 0, 5)
    for _ in range(MOVES):
        match.apply(bot.choose(match.state))
    path = str(tmp_path / "game.json")
    match.save(path)
    return path


def still_frames(moves: int, fps: int) -> int:
    """Frames of a film whose moves take no time (anim speed 0): each move held, then the end."""
    return moves * hold_frames(MOVE_HOLD_S, fps) + hold_frames(END_HOLD_S, fps)


def read_video(path) -> list[av.VideoFrame]:
    with av.open(str(path)) as container:
        return list(container.decode(video=0))


def rgb(frames: list[av.VideoFrame]) -> list[np.ndarray]:
    return [f.to_ndarray(format="rgb24") for f in frames]


def test_mp4_has_one_frame_per_step_of_the_fixed_timeline(gl_session, save, tmp_path):
    out = tmp_path / "game.mp4"
    written = record_replay(save, str(out), SIZE, fps=4, anim_speed=0.0, gl=(gl_session.extra, gl_session))
    frames = read_video(out)
    assert written == len(frames) == still_frames(MOVES, 4)
    assert (frames[0].width, frames[0].height) == SIZE
    images = rgb(frames)
    changes = sum(not np.array_equal(a, b) for a, b in zip(images, images[1:]))
    assert changes >= MOVES  # each move changes the picture (a cube placed, a new caption)
    assert not out.with_name(".game.mp4.part").exists()


def test_gif_animates_each_move_with_frames_of_one_over_fps_and_loops(gl_session, save, tmp_path):
    out = tmp_path / "game.gif"
    written = record_replay(save, str(out), SIZE, fps=5, end=2, anim_speed=2.0, gl=(gl_session.extra, gl_session))
    frames = read_video(out)
    assert written == len(frames) > still_frames(2, 5)  # the moves' animations take frames of their own
    assert {round(float(f.duration * f.time_base), 3) for f in frames} == {0.2}
    assert (frames[0].width, frames[0].height) == SIZE
    assert b"NETSCAPE2.0" in out.read_bytes()  # the loop extension
    images = rgb(frames)
    assert len({a.tobytes() for a in images}) > len(images) // 3  # mostly moving, not one picture repeated


def test_png_folder_films_only_the_moves_from_to_and_gives_the_window_back(gl_session, save, tmp_path):
    out = tmp_path / "frames"
    window = gl_session.extra
    projection = window.projection  # a viewer's window draws on as before once the film is done
    written = record_replay(save, str(out), SIZE, fps=2, start=2, end=3, anim_speed=0.0, gl=(window, gl_session))
    assert window.projection == projection
    names = sorted(p.name for p in out.iterdir())
    assert written == len(names) == still_frames(2, 2)
    assert names[0] == "frame-000001.png" and read_png(str(out / names[0])).shape == (180, 320, 3)
    assert not (tmp_path / ".frames.part").exists()


def test_a_stopped_recording_leaves_no_file(gl_session, save, tmp_path):
    out = tmp_path / "game.mp4"

    def stop(progress) -> None:
        if progress.frames == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        record_replay(save, str(out), SIZE, fps=4, anim_speed=0.0, progress=stop, gl=(gl_session.extra, gl_session))
    assert list(tmp_path.iterdir()) == [tmp_path / "game.json"]


def test_a_range_outside_the_game_is_refused(gl_session, save, tmp_path):
    with pytest.raises(RecordError, match="moves 1 to 4"):
        record_replay(save, str(tmp_path / "x.gif"), SIZE, fps=4, start=3, end=9, gl=(gl_session.extra, gl_session))


@pytest.mark.parametrize("flags, says", [
    (["--record", "OUT.avi", "--replay", "SAVE"], "ending in .mp4 or .gif"),
    (["--record", "OUT.gif"], "--replay FILE"),
    (["--record", "OUT.gif", "--demo", "--fps", "0"], "--fps"),
    (["--record", "OUT.gif", "--replay", "SAVE", "--from", "3", "--to", "2"], "--from 3 comes after --to 2"),
    (["--record", "OUT.gif", "--replay", "DAMAGED"], "not a save file"),
    (["--record", "OUT.gif", "--demo", "--from", "2"], "--from is for --replay"),
    (["--record", "NOTES", "--replay", "SAVE"], "is a file"),
])
def test_bad_flags_get_one_line_and_exit_2(save, tmp_path, capsys, flags, says):
    damaged = tmp_path / "damaged.json"
    damaged.write_text("{", encoding="utf-8")
    notes = tmp_path / "notes"  # a file without an ending, where a folder of PNGs would go
    notes.write_text("mine", encoding="utf-8")
    names = {"SAVE": save, "DAMAGED": str(damaged), "NOTES": str(notes), "OUT.avi": str(tmp_path / "o.avi"),
             "OUT.gif": str(tmp_path / "o.gif")}
    assert main([names.get(f, f) for f in flags]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
    assert not (tmp_path / "o.gif").exists() and not (tmp_path / "o.avi").exists()
    assert notes.read_text(encoding="utf-8") == "mine"


def test_the_demo_records_the_first_moves_of_its_game(gl_session, tmp_path):
    out = tmp_path / "demo.gif"
    assert main(["--demo", "--record", str(out), "--games", "1", "--to", "3", "--seats", "random,random",
                 "--seed", "3", "--anim-speed", "0", "--fps", "2", "--size", "192x108"]) == 0
    frames = read_video(out)
    assert len(frames) == still_frames(3, 2)
    assert (frames[0].width, frames[0].height) == (192, 108)
    assert not np.array_equal(frames[0].to_ndarray(format="rgb24"), frames[-1].to_ndarray(format="rgb24"))


@pytest.mark.long
def test_the_demo_records_a_whole_game(gl_session, tmp_path):
    out = tmp_path / "demo.mp4"
    assert main(["--demo", "--record", str(out), "--games", "1", "--seats", "random,random", "--seed", "3",
                 "--anim-speed", "0", "--fps", "2", "--size", "192x108"]) == 0
    frames = read_video(out)
    rules = registry.get("octocube")
    state = rules.new_game(players=2, seed=3)
    bots = [make_bot("random", rules, i, 3 + 101 * i) for i in range(2)]
    moves = 0
    while not state.is_over:  # the same game the demo's bots play (seeded as the game screen seeds them)
        state.apply(bots[state.current_player].choose(state.clone()))
        moves += 1
    assert len(frames) == still_frames(moves, 2)
    assert not np.array_equal(frames[0].to_ndarray(format="rgb24"), frames[-1].to_ndarray(format="rgb24"))


def test_without_a_display_pyglet_is_told_to_draw_headless_before_its_gl_is_imported():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "PYGLET_HEADLESS")}
    code = "import render.cli, pyglet; print(pyglet.options['headless'], 'pyglet.gl' in __import__('sys').modules)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    # EGL is chosen at once; pyglet's GL waits until a command needs it (so --screenshot and --record
    # can still choose EGL under a DISPLAY that no server answers)
    assert out.split() == ["True", "False"]
