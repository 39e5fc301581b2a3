"""The table's sounds: every one synthesized sane and distinct, panned by where it happens, silent
headless, nothing when muted, and the cues a whole game of each table makes."""
from __future__ import annotations

import itertools
import random
import subprocess
import sys

import numpy as np
import pytest

from render.audio import synth
from render.audio.player import SilentSpeaker, stereo
from render.options import Options

SIZE = (640, 360)


# ---- synthesis --------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(synth.SOUNDS))
def test_every_sound_is_short_audible_and_never_clips(name):
    x = synth.render(name)
    assert x.dtype == np.float32 and x.ndim == 1
    assert 0.05 < len(x) / synth.RATE < 2.0
    peak = float(np.abs(x).max())
    assert 0.2 < peak <= 1.0
    assert float(np.sqrt(np.mean(x ** 2))) > 0.02  # not a click in silence
    assert len(synth.pcm16(x)) == 2 * len(x)


def _spectrum(x: np.ndarray) -> np.ndarray:
    s = np.abs(np.fft.rfft(x, 1 << 16))
    bands = np.add.reduceat(s, np.arange(0, len(s), 256))
    return bands / np.linalg.norm(bands)


def test_the_sounds_differ_from_each_other_and_so_do_the_takes_of_a_landing():
    spectra = {name: _spectrum(synth.render(name)) for name in synth.SOUNDS}
    for a, b in itertools.combinations(spectra, 2):
        assert float(spectra[a] @ spectra[b]) < 0.97, (a, b)  # not the same sound under two names
    takes = [synth.render("die_land", k) for k in range(synth.TAKES["die_land"])]
    assert all(not np.array_equal(a, b) for a, b in itertools.combinations(takes, 2))


def test_a_sound_is_the_same_every_time():
    rng = np.random.default_rng(3)
    assert np.array_equal(synth.SOUNDS["bust"](np.random.default_rng(3)), synth.SOUNDS["bust"](rng))


# ---- the speaker ------------------------------------------------------------------------------------
def test_stereo_puts_a_sound_on_the_side_of_its_pan():
    x = synth.render("key_click")
    for pan, louder in ((-1.0, 0), (1.0, 1)):
        pcm = np.frombuffer(stereo(x, pan), "<i2").reshape(-1, 2).astype(float)
        energy = (pcm ** 2).sum(axis=0)
        assert energy[louder] > 10 * energy[1 - louder]
    middle = np.frombuffer(stereo(x, 0.0), "<i2").reshape(-1, 2)
    assert np.array_equal(middle[:, 0], middle[:, 1])


def test_volume_scales_and_mute_silences_what_the_speaker_plays():
    speaker = SilentSpeaker(volume=0.5)
    speaker.play("coins", pan=-3.0, gain=0.8)
    assert [(p.name, p.pan, p.gain) for p in speaker.played] == [("coins", -1.0, 0.4)]
    speaker.mute = True
    speaker.play("coins")
    assert len(speaker.played) == 1
    with pytest.raises(KeyError):
        SilentSpeaker().play("trumpet")


def test_pygletspeaker_plays_through_a_pyglet_driver_without_error():
    """Through pyglet's own silent driver (no sound device here): the pool, the stereo sources and
    the takes synthesized on a thread, as in a real window."""
    code = """
import pyglet, time
pyglet.options["headless"] = True
import render
pyglet.options["audio"] = ("silent",)
from render.audio.player import PygletSpeaker
s = PygletSpeaker()
deadline = time.monotonic() + 60
while len(s._takes) < 14 and time.monotonic() < deadline:  # 11 sounds, 4 takes of a landing
    time.sleep(0.05)
for k in range(12):
    s.play("die_land", pan=k / 6 - 1, take=k)
s.play("chime_end")
s.close()
print("ok", len(s._sources))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "ok" and int(out.stdout.split()[1]) > 1


# ---- the app ----------------------------------------------------------------------------------------
@pytest.fixture
def app(gl_session, tmp_path):
    from render.app import App

    a = App(gl_session.extra, gl_session, Options(save=str(tmp_path / "autosave.json"), anim_speed=0.0), size=SIZE)
    yield a
    a.close()


def test_a_window_s_speaker_is_silent_until_the_app_opens_it_after_its_first_frame(monkeypatch):
    """Probing the audio drivers waits for the first frame (LateSpeaker); volume and mute stay in front."""
    from render.audio import player

    output = SilentSpeaker()
    monkeypatch.setattr(player, "open_speaker", lambda volume, mute, late=False: output)
    late = player.LateSpeaker(volume=0.5)
    late.play("coins")
    assert output.played == []
    late.open()
    late.play("coins", gain=0.8)
    late.mute = True
    late.play("coins")
    assert [(p.name, p.gain) for p in output.played] == [("coins", 0.4)]


def test_headless_the_app_speaks_through_the_silent_speaker(app):
    assert isinstance(app.speaker, SilentSpeaker)


@pytest.mark.gl
def test_pan_follows_where_on_the_table_a_sound_happens(app):
    from render.audio.cues import placement

    app.start_game(Options(game="octocube", seats=["human", "human"], seed=1, anim_speed=0.0, save=app.options.save))
    view = app.screen.view
    lay = view._layout
    cells = sorted(range(lay.size * lay.size), key=lambda c: lay.cell_xz(c)[0])
    (left, near), (right, _) = placement(view, ("cell", cells[0])), placement(view, ("cell", cells[-1]))
    assert left < -0.05 and right > 0.05 and abs(left + right) < 0.05  # the board sits in the middle
    assert placement(view, None) == (0.0, 1.0)
    far_row = sorted(range(lay.size * lay.size), key=lambda c: lay.cell_xz(c)[1])
    assert placement(view, ("cell", far_row[0]))[1] < placement(view, ("cell", far_row[-1]))[1]  # far is quieter
    assert 0.0 < near <= 1.0


TAIL = 50  # moves of each game played through the screen: the end of a game, chimes and all


def _play_out(app, game: str, seed: int) -> tuple[list, list]:
    """A game of ``game`` between two people, each move a random legal one, worked out on the rules
    alone; the app catches up to its last ``TAIL`` moves and plays those through the screen. The
    events of those moves and what the speaker played."""
    app.start_game(Options(game=game, seats=["human", "human"], seed=seed, anim_speed=0.0, save=app.options.save))
    screen = app.screen
    screen.match.autosave = None
    probe, rng, moves = screen.state.clone(), random.Random(seed), []
    while not probe.is_over:
        moves.append(rng.choice(probe.legal_actions()))
        probe.apply(moves[-1])
    for action in moves[:-TAIL]:
        screen.match.apply(action)
    screen.view.sync(screen.state)
    screen.refresh()
    app.speaker.played.clear()
    logged = len(screen.match.log)
    for action in moves[-TAIL:]:  # no tick between: the table would take forced moves itself
        screen.submit(action)
    app.tick(1 / 60)  # the table is still: the end chime
    assert screen.state.is_over and not screen.sound.busy
    return screen.match.log[logged:], app.speaker.played


@pytest.mark.gl
def test_a_persons_turn_after_another_person_chimes_once_the_table_is_still(app):
    app.start_game(Options(game="octocube", seats=["human", "human"], seed=1, anim_speed=1.0, save=app.options.save))
    screen = app.screen
    rng = random.Random(1)
    while screen.state.current_player == 0:
        screen.submit(rng.choice(screen.state.legal_actions()))
    assert screen.view.busy and "chime_turn" not in [p.name for p in app.speaker.played]
    for _ in range(200):
        app.tick(1 / 30)
    assert [p.name for p in app.speaker.played].count("chime_turn") == 1
    assert app.speaker.played[-1].name == "chime_turn"


def _count(played, name: str) -> int:
    return sum(p.name == name for p in played)


@pytest.mark.gl
def test_the_end_of_a_cubitos_game_rattles_lands_each_die_and_busts(app):
    events, played = _play_out(app, "cubitos", 2)
    rolls = [e for e in events if e.kind == "rolled" and e.data["dice"]]
    assert _count(played, "dice_rattle") == len(rolls) > 0
    assert _count(played, "die_land") == sum(len(e.data["dice"]) for e in rolls)
    assert _count(played, "bust") == sum(e.kind == "bust" for e in events) > 0
    assert _count(played, "chime_end") == 1 and played[-1].name == "chime_end"
    assert all(-1.0 <= p.pan <= 1.0 and 0.0 < p.gain <= 1.0 for p in played)
    assert any(p.pan < -0.1 for p in played) and any(p.pan > 0.1 for p in played)


@pytest.mark.gl
def test_the_end_of_an_octocube_game_knocks_thuds_and_clicks(app):
    events, played = _play_out(app, "octocube", 1)
    rolls = sum(e.kind == "rolled" for e in events)
    assert _count(played, "cube_roll") == rolls > 0
    assert _count(played, "cube_thud") >= rolls
    assert _count(played, "tile_click") >= sum(e.data.get("picked") is not None for e in events
                                              if e.kind in ("rolled", "placed")) > 0
    assert _count(played, "chime_end") == 1


@pytest.mark.gl
def test_the_end_of_an_otys_game_slides_clicks_and_chinks(app):
    events, played = _play_out(app, "otys", 1)
    assert _count(played, "key_click") >= sum(e.kind == "key" for e in events) > 0
    assert _count(played, "slide") > 0 and _count(played, "coins") > 0
    assert _count(played, "chime_end") == 1


@pytest.mark.gl
def test_muted_the_app_plays_nothing_and_m_toggles_it(app):
    from pyglet.window import key

    from render import settings

    app.start_game(Options(game="cubitos", seats=["human", "human"], seed=2, anim_speed=0.0, save=app.options.save))
    screen = app.screen
    app.window.dispatch_event("on_key_press", key.M, 0)
    app.window.dispatch_events()
    assert app.speaker.mute and settings.load()["mute"] is True
    rng = random.Random(0)
    for _ in range(30):
        screen.submit(rng.choice(screen.state.legal_actions()))
        app.tick(1 / 60)
    assert app.speaker.played == []
    screen.toggle_mute()
    assert not app.speaker.mute and settings.load()["mute"] is False
