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
from render.record.film import MOVE_HOLD_S, hold_frames

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
    """Frames of a film whose moves take no time (anim speed 0): each move held a moment (the code's
    choice: the README names no length), then the end 3 s as the README says."""
    return moves * hold_frames(MOVE_HOLD_S, fps) + 3 * fps


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


# ---- issue 37: what the film promises, read back from the film ----------------------------------
def png_film(gl_session, save, out, **kw) -> list[np.ndarray]:
    record_replay(save, str(out), SIZE, fps=2, anim_speed=0.0, gl=(gl_session.extra, gl_session), **kw)
    return [read_png(str(p)) for p in sorted(out.iterdir())]


def runs(images: list[np.ndarray]) -> list[tuple[bytes, int]]:
    """The film as pictures and how many frames each stays."""
    out: list[tuple[bytes, int]] = []
    for image in images:
        b = image.tobytes()
        if out and out[-1][0] == b:
            out[-1] = (b, out[-1][1] + 1)
        else:
            out.append((b, 1))
    return out


def test_from_and_to_film_exactly_those_moves_and_the_last_stays_3_s(gl_session, save, tmp_path):
    full = runs(png_film(gl_session, save, tmp_path / "full"))
    part = runs(png_film(gl_session, save, tmp_path / "part", start=2, end=3))
    pictures = [b for b, _ in full]  # the opening, then the position after each move 1..4
    assert len(pictures) == MOVES + 1
    shown = [b for b, _ in part[1:]]
    assert shown == pictures[2:4], "--from 2 --to 3 films the positions after moves 2 and 3, no other"
    assert full[-1][1] == 3 * 2 and part[-1][1] == 3 * 2  # the last position stays 3 s (at 2 frames a second)


def test_mp4_is_h264_and_its_frames_are_the_films(gl_session, save, tmp_path):
    out = tmp_path / "game.mp4"
    record_replay(save, str(out), SIZE, fps=2, anim_speed=0.0, gl=(gl_session.extra, gl_session))
    with av.open(str(out)) as container:
        stream = container.streams.video[0]
        assert stream.codec_context.name == "h264"
        assert float(stream.average_rate) == 2
        frames = list(container.decode(video=0))
    assert len(frames) == len(png_film(gl_session, save, tmp_path / "png"))
    assert round(float(frames[-1].pts * frames[-1].time_base) + 0.5, 1) == len(frames) / 2  # 1/fps apart


def test_a_recording_stopped_after_its_file_was_begun_leaves_nothing(gl_session, save, tmp_path):
    """Stopped once the encoder has written into the temporary file (an H.264 encoder holds its
    first frames back, so a film stopped early has no file yet and proves nothing)."""
    for name in ("game.mp4", "game.gif"):
        out = tmp_path / name
        part = tmp_path / f".{name}.part"

        def stop(progress) -> None:
            if part.exists() and part.stat().st_size > 0:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):  # not raised: the file was never begun before the end
            record_replay(save, str(out), SIZE, fps=30, anim_speed=0.0, progress=stop,
                          gl=(gl_session.extra, gl_session))
        assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"], f"{name}: a partial file is left"


def test_the_progress_line_says_how_far_every_few_seconds(monkeypatch, capsys):
    from render.record import film

    clock = iter(range(0, 1000))
    monkeypatch.setattr(film.time, "monotonic", lambda: float(next(clock)))
    report = film.print_progress("demo.mp4", every=3.0)
    for frame in range(1, 10):  # one report a (fake) second
        report(film.Progress(game=1, games=2, move=frame // 3, moves=4, frames=frame, fps=2))
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3
    assert lines[0] == "recording demo.mp4: game 1/2, move 1/4, 3 frames (1.5 s of film)"


def test_the_demo_films_as_many_different_games_as_asked(gl_session, tmp_path):
    out = tmp_path / "demo"
    assert main(["--demo", "--record", str(out), "--games", "2", "--to", "2", "--seats", "random,random",
                 "--seed", "3", "--anim-speed", "0", "--fps", "2", "--size", "192x108"]) == 0
    film = runs([read_png(str(p)) for p in sorted(out.iterdir())])
    long = [i for i, (_, n) in enumerate(film) if n >= 3 * 2]  # each game's end stays 3 s
    assert len(long) == 2, "two games, each ending in its 3 s hold"
    first, second = film[:long[0] + 1], film[long[0] + 1:]
    assert {b for b, _ in first}.isdisjoint({b for b, _ in second}), "the second game is not the first again"
