from game.octocube.geometry import PIVOTS, ROLLS, ROTATIONS, compose, distinct_subsets, grid, pattern

IDENTITY = tuple(range(6))


def _power(perm, n):
    out = IDENTITY
    for _ in range(n):
        out = compose(out, perm)
    return out


def test_twenty_four_distinct_rotations_identity_first():
    assert len(set(ROTATIONS)) == 24 and ROTATIONS[0] == IDENTITY
    assert all(sorted(p) == list(range(6)) for p in ROTATIONS)


def test_four_rolls_or_pivots_come_back_and_opposite_rolls_cancel():
    for perm in (*ROLLS, PIVOTS[0]):
        assert _power(perm, 4) == IDENTITY and _power(perm, 2) != IDENTITY
    assert compose(ROLLS[0], ROLLS[1]) == IDENTITY and compose(ROLLS[2], ROLLS[3]) == IDENTITY
    assert all(r in ROTATIONS for r in (*ROLLS, *PIVOTS))


def test_edges_and_neighbours():
    neighbours, edges = grid(5)
    assert len(edges) == 16 and 12 not in edges and 6 not in edges
    assert dict(neighbours[0]) == {1: 5, 2: 1}  # south and east of the corner
    assert len(grid(4)[1]) == 12


def test_pattern_and_subsets():
    assert pattern((7, -1, 7, 3, -1, -1)) == (0, -1, 0, 1, -1, -1)
    assert len(distinct_subsets((0, 0, -1, -1, -1, -1))) == 4  # none, top, bottom, both
    assert len(distinct_subsets((0, 1, 2, 3, 4, 5))) == 64


def test_faces_pattern_is_the_pattern_of_the_face_key() -> None:
    from game.octocube.geometry import face_key, faces_pattern

    for faces in ([None] * 6, [0, 1, None, 83, 0, 40], [5, 6, 7, 8, 9, 10], [83, None, 82, 1, 2, 71]):
        assert faces_pattern(tuple(faces)) == pattern(face_key(faces))
