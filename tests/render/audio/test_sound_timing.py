"""Each game's sounds keep time with its view: a real move goes through the game screen (submit: the
view plays its events, the sounds hear them), the frames run as the screen runs them (the view, then
the sounds), and each sound must come within a frame of the moment the view shows what it is the
sound of: a die's arc ending in the tray, the sweep of a bust, a runner's hop ending, a cube tipping
over and coming down, a key or a diver setting off. The moments are read from the pieces' poses
frame by frame, never from the timings the sounds are worked out from."""
from __future__ import annotations

import random
from typing import Callable

import numpy as np
import pytest

from render.options import Options

pytestmark = pytest.mark.gl

DT = 1 / 240  # frames finer than a screen's: a moment is read to within a quarter of a frame
FRAME = 1 / 60  # how near a sound must be to its moment


def _before(app, game: str, seed: int, wanted: Callable[[list, object], bool], limit: int = 3000):
    """A game of two people at animation speed 1 on the screen, played (random legal moves of the
    rules alone, then given to the match at once) up to the first action whose events are
    ``wanted`` (given the events and the state before them): the screen at the position before it,
    the action, the state before it."""
    app.start_game(Options(game=game, seats=["human", "human"], seed=seed, anim_speed=1.0, auto_forced=False,
                           save=app.options.save))
    screen = app.screen
    screen.match.autosave = None
    probe, rng = screen.state.clone(), random.Random(seed)
    for _ in range(limit):
        before = probe.clone()
        action = rng.choice(probe.legal_actions())
        if wanted(probe.apply(action), before):
            screen.view.sync(screen.state)
            screen.refresh()
            return screen, action, before
        screen.match.apply(action)
    raise AssertionError(f"no wanted move in {limit} moves of {game}")


def _film(app, screen, action, pose: Callable, then: tuple | list = ()) -> tuple[list, list, np.ndarray, np.ndarray]:
    """Submit ``action`` (and the actions ``then``, before a frame has passed) and run frames of DT
    as the screen's update does (the view, then the sounds) until both are done: the events, the
    sounds played as (name, take, seconds), and per frame its time and ``pose(view)`` (an array)."""
    view, played = screen.view, app.speaker.played
    played.clear()
    frames = [(0.0, np.array(pose(view), float))]
    logged = len(screen.match.log)
    for act in (action, *then):
        screen.submit(act)
    events = screen.match.log[logged:]
    heard = [(p.name, p.take, 0.0) for p in played]
    t = 0.0
    while view.busy or screen.sound.busy:
        assert t < 20, "the move never ends"
        t += DT
        view.update(DT)
        screen.sound.update(DT, view)
        heard += [(p.name, p.take, t) for p in played[len(heard):]]
        frames.append((t, np.array(pose(view), float)))
    return events, heard, np.array([f[0] for f in frames]), np.array([f[1] for f in frames])


def _first_change(track: np.ndarray, eps: float = 1e-6) -> int:
    """Index of the first frame whose pose differs from the one before it."""
    moved = np.abs(np.diff(track.reshape(len(track), -1), axis=0)).max(axis=1) > eps
    assert moved.any(), "the piece never moves"
    return int(np.argmax(moved)) + 1


def _comes_to_rest(track: np.ndarray, start: int, eps: float = 1e-7) -> int:
    """Index of the first frame after ``start`` from which the pose no longer changes."""
    flat = track.reshape(len(track), -1)
    for i in range(start, len(flat) - 1):
        if np.abs(flat[i + 1] - flat[i]).max() <= eps:
            return i
    return len(flat) - 1


def _offsets(heard: list, name: str, moments: list[tuple[int | None, float]]) -> list[float]:
    """Each (take, moment) paired in order with the sounds ``name`` of that take (None: any take):
    the sound's time after its moment (inf for a moment without a sound, or a sound too many)."""
    out = []
    for take in dict.fromkeys(k for k, _ in moments):
        times = [t for n, k, t in heard if n == name and (take is None or k == take)]
        due = [at for k, at in moments if k == take]
        out += [t - at for t, at in zip(times, due)] + [float("inf")] * abs(len(times) - len(due))
    return out


def _within_a_frame(offsets: list[float], what: str) -> None:
    assert offsets and max(abs(o) for o in offsets) <= FRAME, \
        f"{what}: sounds off their moments by {[round(o, 3) for o in offsets]} s"


# ---- Cubitos ------------------------------------------------------------------------------------------
def _cubitos_pose(view) -> np.ndarray:
    """Every die, then each seat's runner, then each seat's fan marker, as the view shows them."""
    dice, _, runners, fans = view._shown
    return np.concatenate([dice, runners, fans])


def _landings(times: np.ndarray, track: np.ndarray) -> tuple[float, float]:
    """A thrown die's (throw, landing): the frame it jumps up out of where it lay into the throw,
    and the end of its arc: the first low point of its height after that (it bounces up again)."""
    y = track[:, 1, 3]
    jumps = np.flatnonzero(np.diff(y) > 0.2)
    assert len(jumps), "the die is never thrown"
    i = int(jumps[0]) + 1
    while not (y[i] < y[i - 1] and y[i + 1] > y[i]):
        i += 1
    return float(times[jumps[0] + 1]), float(times[i])


def test_a_cubitos_rounds_first_roll_sounds_each_die_as_it_lands(app):
    """At a round's start the dice are put back, drawn and flown to the tray before they are thrown:
    the cup's rattle and each die's landing wait for that."""
    screen, action, _ = _before(app, "cubitos", 3, lambda evs, _: any(e.kind == "round" for e in evs)
                                and any(e.kind == "rolled" and e.data["dice"] for e in evs))
    events, heard, times, poses = _film(app, screen, action, _cubitos_pose)
    rolls = [e for e in events if e.kind == "rolled" and e.data["dice"]]
    assert any(e.kind == "drew" for e in events[:events.index(rolls[0])]), "dice are drawn before the roll"
    throws, lands = [], []
    for ev in rolls:
        for k, (die, _, _) in enumerate(ev.data["dice"]):
            throw, land = _landings(times, poses[:, die])
            throws += [(None, throw)] if k == 0 else []
            lands.append((k, land))
    _within_a_frame(_offsets(heard, "dice_rattle", throws), "the rattle as the dice are thrown")
    _within_a_frame(_offsets(heard, "die_land", lands), "each die as its arc ends in the tray")


def test_a_cubitos_bust_sweeps_and_its_fan_marker_hops_as_they_sound(app):
    from game.cubitos.state import ACTIVE

    screen, action, before = _before(app, "cubitos", 4, lambda evs, st: any(
        e.kind == "bust" and set(st.seats[e.data["seat"]].zones[ACTIVE]) - set(e.data["kept"]) for e in evs))
    events, heard, times, poses = _film(app, screen, action, _cubitos_pose)
    bust = next(e for e in events if e.kind == "bust")
    seat = bust.data["seat"]
    swept = sorted(set(before.seats[seat].zones[ACTIVE]) - set(bust.data["kept"]))
    sweep = min(times[_first_change(poses[:, die])] for die in swept)  # the first die to go
    _within_a_frame(_offsets(heard, "bust", [(None, sweep)]), "the bust as the sweep starts")
    assert any(e.kind == "fan" for e in events), "a bust moves the fan marker"
    marker = poses[:, len(before.face) + len(before.seats) + seat]
    hop = _comes_to_rest(marker, _first_change(marker))
    _within_a_frame(_offsets(heard, "key_click", [(None, float(times[hop]))]), "the fan marker's hop")


@pytest.mark.parametrize("seat", [0, 1])
def test_a_cubitos_runner_clicks_as_its_hop_ends(app, seat):
    """Two runners on one space stand apart; as one leaves, the other steps to the space's middle.
    The view moves runners in seat order, so the second seat's hop comes down a little after the
    first seat's step aside, and its click waits for it."""
    screen, action, before = _before(app, "cubitos", 5, lambda evs, st: any(
        e.kind == "moved" and e.data["seat"] == seat for e in evs) and len({p.node for p in st.seats}) == 1)
    events, heard, times, poses = _film(app, screen, action, _cubitos_pose)
    runner = poses[:, len(before.face) + seat]
    hop = _comes_to_rest(runner, _first_change(runner))
    _within_a_frame(_offsets(heard, "key_click", [(None, float(times[hop]))]), "the runner's hop")


# ---- Octocube -----------------------------------------------------------------------------------------
def test_an_octocube_cube_tips_over_comes_down_and_picks_up_its_tile_as_it_sounds(app):
    from game.octocube.components import TILES

    screen, action, _ = _before(app, "octocube", 1, lambda evs, _: any(
        e.kind == "rolled" and e.data.get("picked") is not None for e in evs))
    events, heard, times, poses = _film(app, screen, action, lambda v: np.concatenate(v._shown[:2]))
    roll = next(e for e in events if e.kind == "rolled")
    cube = poses[:, len(TILES) + roll.data["player"]]
    tips = _first_change(cube)
    down = _comes_to_rest(cube, tips)
    _within_a_frame(_offsets(heard, "cube_roll", [(None, float(times[tips]))]), "the cube tipping over")
    _within_a_frame(_offsets(heard, "cube_thud", [(None, float(times[down]))]), "the cube coming down")
    taken = float(times[_first_change(poses[:, roll.data["picked"]])])  # onto the cube as it lands
    click = _offsets(heard, "tile_click", [(None, taken)])
    assert -FRAME <= click[0] <= 2 * FRAME, f"the picked tile clicks a beat after the thud, not {click[0]:.3f} s"


def test_octocube_sounds_of_a_move_given_while_the_last_one_plays_wait_for_it(app):
    """Two people's rolls one after the other before the first has moved: the second cube tips over
    when the first has come down, and so does its knock."""
    def rolls(state, action) -> list:
        return [e.data["player"] for e in state.clone().apply(action) if e.kind == "rolled"]

    screen, action, before = _before(app, "octocube", 2, lambda evs, _: any(e.kind == "rolled" for e in evs))
    after = before.clone()
    after.apply(action)
    reply = next(a for a in after.legal_actions() if rolls(after, a) and rolls(after, a) != rolls(before, action))
    events, heard, times, poses = _film(app, screen, action, lambda v: v._shown[1], then=[reply])
    players = [e.data["player"] for e in events if e.kind == "rolled"]
    assert len(players) == 2 and players[0] != players[1]
    tips = [float(times[_first_change(poses[:, p])]) for p in players]
    assert tips[1] > tips[0] + 0.2, "the second cube waits for the first"
    _within_a_frame(_offsets(heard, "cube_roll", [(None, t) for t in tips]), "each cube tipping over")


# ---- Otys ---------------------------------------------------------------------------------------------
def _groups(*groups: tuple) -> Callable:
    """A pose of the Otys view: where the pieces of each group are on the whole (their mean)."""
    def pose(view) -> np.ndarray:
        shown, mats = view._poses
        return np.array([np.mean([mats[i][:3, 3] for i, p in enumerate(shown) if p.group == g], axis=0)
                         for g in groups])
    return pose


def test_an_otys_key_clicks_as_it_sets_off(app):
    screen, action, _ = _before(app, "otys", 5, lambda evs, _: [e.kind for e in evs][:1] == ["key"])
    key = next(e for e in screen.state.clone().apply(action) if e.kind == "key").data
    events, heard, times, poses = _film(app, screen, action, _groups(("key", key["seat"], key["token"])))
    sets_off = float(times[_first_change(poses[:, 0])])
    _within_a_frame(_offsets(heard, "key_click", [(None, sets_off)]), "the key setting off")


def test_an_otys_diver_slides_as_it_resurfaces(app):
    def wanted(evs, _):
        kinds = [e.kind for e in evs]
        return "resurface" in kinds and not {"propel", "activate"} & set(kinds)

    screen, action, _ = _before(app, "otys", 1, wanted)
    up = next(e for e in screen.state.clone().apply(action) if e.kind == "resurface").data
    events, heard, times, poses = _film(app, screen, action, _groups(("diver", up["seat"], up["diver"])))
    sets_off = float(times[_first_change(poses[:, 0])])
    _within_a_frame(_offsets(heard, "slide", [(None, sets_off)]), "the diver setting off to the surface")


@pytest.mark.parametrize("game", ["cubitos", "octocube", "otys"])
def test_each_view_says_how_many_steps_it_queued_for_each_event(app, game):
    """The sounds time each event by the steps the view says it queued for it: the view's count
    must be what it queued (every event's steps, then one that settles), move after move of a
    random game."""
    app.start_game(Options(game=game, seats=["human", "human"], seed=7, anim_speed=1.0, auto_forced=False,
                           save=app.options.save))
    view, state = app.screen.view, app.screen.state.clone()
    rng = random.Random(7)
    for _ in range(80):
        if state.is_over:
            break
        view.sync(state)  # nothing of an earlier move still queued
        events = state.apply(rng.choice(state.legal_actions()))
        view.play(events, state)
        assert len(view.steps_per_event) == len(events)
        assert len(view.timeline.queued()) == sum(view.steps_per_event) + 1
