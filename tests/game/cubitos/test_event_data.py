"""Events carry the facts the screen words them from: how a runner moved, which card paid credits
(the English ``text`` stays as it was: it is the game contract)."""
from game import registry
from game.cubitos import effects, moving, push_cards
from game.cubitos.actions import Effect, Use

RULES = registry.get("cubitos")


def test_a_step_says_it_was_a_step() -> None:
    state = RULES.new_game(players=2, seed=1)
    p = state.current_player
    nxt = state.board.steps(state.seats[p].node)[0]
    events: list = []
    effects.enter(state, p, nxt, events, "moves", "step")
    assert events[0].data["how"] == "step" and "card" not in events[0].data
    assert events[0].text == f"P{p + 1} moves to {state.board.labels[nxt]}"


def test_a_shortcut_says_which_kind_it_was() -> None:
    state = RULES.new_game(players=2, seed=1, track="ahead-of-the-curve")
    p = state.current_player
    cut = next(n for n, e in enumerate(state.board.effect) if e is not None and e[0] in ("money", "move"))
    kind, _, dest = state.board.effect[cut]
    seat = state.seats[p]
    seat.node, seat.money, seat.move = cut, 20, 20
    events: list = []
    moving.move(state, p, Effect(), events)
    moved = next(e for e in events if e.kind == "moved")
    assert moved.data["how"] == kind and moved.data["to"] == state.board.labels[dest]
    assert moved.text == f"P{p + 1} takes the {kind} shortcut to {state.board.labels[dest]}"


def test_reckless_cheese_and_wizard_name_their_card() -> None:
    state = RULES.new_game(players=2, seed=1)
    p = state.current_player
    events: list = []
    push_cards.after_push(state, p, (2, 0, 0), events)
    assert events[0].data == {"seat": p, "credits": 2, "card": "Wizard"} and events[0].text.endswith("(Wizard)")
    label = state.board.labels[state.board.steps(state.seats[p].node)[0]]
    events = []
    push_cards.do_task(state, p, Use("Reckless Cheese", "", (label,)), ("reckless", 1), events)
    moved = next(e for e in events if e.kind == "moved")
    assert moved.data["how"] == "card" and moved.data["card"] == "Reckless Cheese"
    assert moved.text == f"P{p + 1} runs (Reckless Cheese) to {label}"
