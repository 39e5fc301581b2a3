"""The speed work's internals: clones share unchanged rows yet stay independent."""
import pytest

from game.core import Rng
from game.octocube.rules import RULES


@pytest.mark.parametrize("variant", RULES.variants)
def test_clone_and_original_never_see_each_others_moves(variant: str) -> None:
    """Both sides move on after the clone (each pops stacks, scores, fills boards) and neither changes the other."""
    for seed in range(6):
        s = RULES.new_game(players=2 + seed % 3, seed=seed, variant=variant)
        r = Rng(seed)
        while not s.is_over:
            before = s.to_dict()
            twin = s.clone()
            grand = twin.clone()
            for state in (twin, grand):
                for _ in range(6):
                    if not state.is_over:
                        state.apply(r.choice(state.legal_actions()))
            assert s.to_dict() == before
            twin_seen = twin.to_dict()
            s.apply(r.choice(s.legal_actions()))
            assert twin.to_dict() == twin_seen


def test_determinize_leaves_the_original_stacks_alone() -> None:
    s = RULES.new_game(players=3, seed=2)
    r = Rng(1)
    for _ in range(20):
        s.apply(r.choice(s.legal_actions()))
    before = s.to_dict()
    world = s.determinize(s.current_player, Rng(9))
    assert s.to_dict() == before
    assert world.stacks != s.stacks and sorted(map(len, world.stacks)) == sorted(map(len, s.stacks))
