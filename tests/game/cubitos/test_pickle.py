"""A Cubitos state pickles at any point of a game (a bot's worker gets it so, a search may keep
it so), and the copy is the same game: the same position, the same legal actions, the same
events from there on. The rules keep tables of the cards' functions in ``Setup.tables``; those
must be functions a pickle can name, never closures."""
from __future__ import annotations

import pickle
import random

import pytest

from game.cubitos import card_uses
from game.cubitos.actions import SKIP
from game.cubitos.rules import RULES
from game.cubitos.state import CubitosState

# (players, seed, card set): every named set once, and random sets for the cards no set names
GAMES = [(2 + i % 3, 40 + i, name) for i, name in enumerate(
    ["race1", "race2", "race3", "race4", "race5", "race6", "race7", "combotastic", "such-much-fans", "grand-finale",
     "random", "random", "random", "random", "random", "random"])]


def travelled(state: CubitosState) -> CubitosState:
    copy = pickle.loads(pickle.dumps(state))
    assert isinstance(copy, CubitosState)
    return copy


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}p-{g[1]}-{g[2]}")
def test_a_state_pickled_at_every_step_plays_on_as_the_original(game: tuple[int, int, str]) -> None:
    players, seed, card_set = game
    state = RULES.new_game(players, seed, card_set=card_set)
    copy, chooser, steps = travelled(state), random.Random(seed), 0
    while not state.is_over:
        assert copy.to_dict() == state.to_dict()
        actions = state.legal_actions()
        assert copy.current_player == state.current_player
        assert copy.legal_actions() == actions
        i = chooser.randrange(len(actions))
        assert copy.apply(copy.legal_actions()[i]) == state.apply(actions[i])
        # the copy travels again each step; every other time a clone of it (sharing its lists) does
        copy = travelled(copy.clone() if steps % 2 else copy)
        steps += 1
    assert copy.is_over and copy.winners() == state.winners()
    assert copy.to_dict() == state.to_dict()


def test_the_tables_of_the_cards_pickle_too() -> None:
    """The tables ``Setup`` keeps hold the cards' functions: named ones and partials of them, so
    the tables themselves (and every card's Spec) pickle, whatever carries them."""
    for seed in range(8):
        state, chooser = RULES.new_game(4, seed, card_set="random"), random.Random(seed)
        while not state.is_over:
            state.apply(chooser.choice(state.legal_actions()))
        tables = state.setup.tables
        assert {"rolled", "run4", "abil"} <= set(tables)
        blob = pickle.dumps(tables)
        assert pickle.dumps(pickle.loads(blob)) == blob
    uses = pickle.loads(pickle.dumps(card_uses.USES))
    assert {card: spec.windows for card, spec in uses.items()} == {card: spec.windows for card, spec in card_uses.USES.items()}


def test_a_pickled_state_is_small_and_shares_its_board() -> None:
    """The board and the tables worked out from the cards are not carried: the board is the one
    every game on its track shares, the tables are made again when asked for."""
    state, chooser = RULES.new_game(3, 7, card_set="race2"), random.Random(7)
    for _ in range(200):
        state.apply(chooser.choice(state.legal_actions()))
    copy = travelled(state)
    assert copy.board is copy.setup.board is state.board
    assert len(pickle.dumps(state)) < 8000


def test_unpickled_actions_are_the_shared_ones_the_rules_offer() -> None:
    """The rules find an action among the legal ones by ``is`` first: actions that travelled
    separately meet as one instance, the one the rules' own lists hold where they share one."""
    state, chooser = RULES.new_game(3, 7, card_set="race2"), random.Random(7)
    for _ in range(200):
        if state.is_over:
            break
        actions = state.legal_actions()
        once, again = pickle.loads(pickle.dumps(actions)), pickle.loads(pickle.dumps(actions))
        assert once == actions and all(a is b for a, b in zip(once, again))
        state.apply(chooser.choice(actions))
    assert pickle.loads(pickle.dumps(SKIP)) is SKIP
