"""Gestures -> legal actions, without a window: a stand-in view places targets on a flat grid."""
from __future__ import annotations

import random


from game import registry
from game.octocube.actions import Pass, Pivot, Place, Roll, Score
from game.octocube.components import DIRECTIONS
from render.tables.octocube.controller import TableInput
from render.tables.octocube.gestures import OctocubeGestures, neighbour

RULES = registry.get("octocube")


class GridView:
    """Targets at 100 px per cell, north up the screen; the own cube sits on its cell."""

    def __init__(self, state) -> None:
        self.state = state

    def target_pos(self, target):
        if target[0] == "cube":
            target = ("cell", self.state.cube_cell[target[1]])
        r, c = divmod(target[1], self.state.size)
        return (100.0 + 100 * c, 600.0 - 100 * r)

    def pick_all(self, x, y):
        target = self.pick(x, y)
        return [] if target is None else [target]

    def pick(self, x, y):
        c, r = round((x - 100) / 100), round((600 - y) / 100)
        if not (0 <= r < self.state.size and 0 <= c < self.state.size):
            return None
        cell = r * self.state.size + c
        for seat, at in enumerate(self.state.cube_cell):
            if at == cell:
                return ("cube", seat)
        return ("cell", cell)


def play_until(state, wanted, seed=1, limit=400):
    """Random moves until ``wanted(state)`` holds for the seat to move."""
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"position not reached in {limit} random moves (seed {seed})")  # never a silent skip


def on_table(state):
    return not state.is_over and state.cube_cell[state.current_player] is not None


def controller(state):
    done = []
    ti = TableInput(GridView(state), done.append, str)
    ti.reset(OctocubeGestures(state))
    return ti, done


def test_every_legal_action_is_reachable_and_nothing_else():
    state = RULES.new_game(players=3, seed=4)
    for i in range(200):
        if state.is_over:
            break
        g = OctocubeGestures(state)
        offered = {a for acts in g.by_target.values() for a in acts} | set(g.unreached)
        offered |= set(g.of_kind("score")) | set(g.of_kind("pass")) | set(g.of_kind("decline"))
        assert offered == set(state.legal_actions())
        assert all(a in state.legal_actions() for acts in g.by_target.values() for a in acts)
        state.apply(random.Random(i).choice(state.legal_actions()))


def test_empty_cube_places_with_one_click_on_an_edge_space():
    state = RULES.new_game(players=2, seed=5)
    ti, done = controller(state)
    cell = state.legal_actions()[0].cell
    x, y = ti.view.target_pos(("cell", cell))
    ti.press(x, y)
    ti.release(x, y)
    assert done == [Place(cell, 0)]


def test_click_on_a_neighbour_and_drag_both_roll():
    state = play_until(RULES.new_game(players=2, seed=5), lambda s: on_table(s) and any(
        a.kind == "roll" for a in s.legal_actions()))
    rolls = [a for a in state.legal_actions() if isinstance(a, Roll)]
    cube = state.cube_cell[state.current_player]
    for roll in rolls:
        ti, done = controller(state)
        dst = neighbour(cube, DIRECTIONS[roll.direction], state.size)
        ti.press(*ti.view.target_pos(("cell", dst)))
        ti.release(*ti.view.target_pos(("cell", dst)))
        assert done == [roll]
        ti, done = controller(state)
        (x0, y0), (x1, y1) = ti.view.target_pos(("cube", state.current_player)), ti.view.target_pos(("cell", dst))
        ti.press(x0, y0)
        ti.release(x0 + (x1 - x0) * 0.4, y0 + (y1 - y0) * 0.4)  # a short drag toward it is enough
        assert done == [roll]


def test_wheel_and_keys_pivot_the_own_cube_only():
    state = play_until(RULES.new_game(players=2, seed=6), lambda s: on_table(s) and len(
        [a for a in s.legal_actions() if isinstance(a, Pivot)]) == 3)
    ti, done = controller(state)
    x, y = ti.view.target_pos(("cube", state.current_player))
    assert ti.scroll(x, y, 1.0) and done == [Pivot(1)]
    assert ti.scroll(x, y, -1.0) and done[-1] == Pivot(3)
    assert not ti.scroll(5000, 5000, 1.0)  # off the cube: the camera zooms instead
    ti.key("W")
    assert done[-1] == Pivot(2)


def test_score_panel_toggles_faces_and_confirms_only_a_legal_choice():
    def loaded(s):
        return on_table(s) and sum(f is not None for f in s.cube_faces[s.current_player]) >= 2
    state = play_until(RULES.new_game(players=2, seed=7), loaded)
    ti, done = controller(state)
    ti.key("S")
    assert ti.mode == "score"
    faces = sorted(ti.gestures.scorable_faces())
    ti.toggle_face(faces[0])
    ti.toggle_face(faces[1])
    ti.toggle_face(faces[1])
    ti.key("ENTER")
    assert done == [Score((faces[0],))]


def test_several_orientations_open_the_chooser_and_arrows_cycle_it():
    def carrying_home(s):
        p = s.current_player
        return not s.is_over and s.cube_cell[p] is None and any(f is not None for f in s.cube_faces[p])
    state = play_until(RULES.new_game(players=2, seed=8), carrying_home, limit=2000)
    ti, done = controller(state)
    cell = state.legal_actions()[0].cell
    ti.activate(("cell", cell))
    assert ti.mode == "orient" and len(ti.orient_choices) > 1
    ti.key("RIGHT")
    ti.key("RIGHT")
    ti.key("LEFT")
    ti.key("ENTER")
    assert done == [ti.orient_choices[1]] and done[0].cell == cell


def test_pass_key_and_escape():
    state = play_until(RULES.new_game(players=2, seed=9), on_table)
    ti, done = controller(state)
    ti.key("S")
    assert ti.key("ESCAPE") and ti.mode == "play"
    ti.key("P")
    assert done == [Pass()]


def test_nobody_to_move_means_no_gesture_does_anything():
    state = RULES.new_game(players=2, seed=5)
    done = []
    ti = TableInput(GridView(state), done.append, str)
    ti.reset(None)
    ti.press(100, 600)
    ti.release(100, 600)
    assert not ti.key("P") and done == [] and ti.lit() == set()


def test_any_choice_of_tiles_on_the_cube_maps_to_a_legal_score_of_the_same_tiles():
    from itertools import combinations

    from game.octocube.components import TILE_TYPE

    state, checked = RULES.new_game(players=2, seed=3), 0
    rng = random.Random(3)
    while not state.is_over and checked < 40:
        g = OctocubeGestures(state)
        faces = sorted(g.scorable_faces())
        for n in range(len(faces) + 1 if g.of_kind("score") else 0):
            for chosen in combinations(faces, n):
                action = g.score_action(chosen)
                assert action in state.legal_actions()
                tiles = state.cube_faces[state.current_player]
                assert sorted(TILE_TYPE[tiles[f]] for f in action.faces) == sorted(TILE_TYPE[tiles[f]] for f in chosen)
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 40


def test_a_power_with_several_targets_is_picked_target_by_target():
    """Advanced powers: click the power's tile, then its targets one by one (or turn the cube for E)."""
    def power_group(s):
        if s.is_over:
            return False
        g = OctocubeGestures(s)
        return any(len([a for a in acts if a.kind == "power"]) > 1 for acts in g.by_target.values())
    state = play_until(RULES.new_game(players=3, seed=2, variant="advanced"), power_group, limit=3000)
    ti, done = controller(state)
    g = ti.gestures
    cell, acts = next((t, [a for a in acts if a.kind == "power"]) for t, acts in g.by_target.items()
                      if len([a for a in acts if a.kind == "power"]) > 1)
    wanted = acts[-1]
    ti.activate(cell)
    if ti.mode == "choose":  # the tile is also a roll destination: the menu asks which
        ti.button(next(v for _, v in ti.menu if wanted in v))
    if g.arg_kinds(wanted) == ("orient",):
        assert ti.mode == "orient"
        while ti.orientation != wanted:
            ti.key("RIGHT")
        ti.key("ENTER")
    else:
        assert ti.mode == "args"
        for i in range(len(wanted.args)):
            if not done:
                assert g.arg_targets(wanted, i)[0] in ti.lit()
                ti.activate(g.arg_targets(wanted, i)[0])
    assert done == [wanted]


def test_tab_steps_through_lit_targets_and_enter_acts_on_the_focused_one():
    state = RULES.new_game(players=2, seed=5)
    ti, done = controller(state)
    seen = set()
    for _ in range(len(ti.lit())):
        ti.key("TAB")
        assert ti.focus in ti.lit() and ti.hovered == ti.focus
        seen.add(ti.focus)
    assert seen == ti.lit()  # every lit target once round
    ti.key("TAB")
    ti.key("ENTER")
    assert done == [Place(ti.focus[1], 0)]
