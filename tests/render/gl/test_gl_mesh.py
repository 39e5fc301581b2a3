"""Piece geometry: outward winding (back faces are culled), printable uv ranges, face ids."""
import numpy as np
import pytest

from render.gl.mesh import bevelled_box, disc, quad

MESHES = {
    "cube": bevelled_box(0.39, 0.39, 0.39, 0.07, 3),
    "tile": bevelled_box(0.31, 0.035, 0.31, 0.014, 2),
    "board": bevelled_box(2.2, 0.04, 1.8, 0.03, 2),
    "disc": disc(0.4, 0.025, 0.012),
    "quad": quad(0.5),
}


@pytest.mark.parametrize("name", MESHES)
def test_every_triangle_faces_outward(name):
    m = MESHES[name]
    v = m.vertices.astype(float)
    tri = m.indices.reshape(-1, 3)
    p, n = v[:, :3], v[:, 3:6]
    cross = np.cross(p[tri[:, 1]] - p[tri[:, 0]], p[tri[:, 2]] - p[tri[:, 0]])
    facing = np.einsum("ij,ij->i", cross, n[tri].sum(axis=1))
    degenerate = np.linalg.norm(cross, axis=1) < 1e-12
    assert np.all((facing > 0) | degenerate)


def test_box_faces_print_upright_over_their_flat_part():
    m = MESHES["cube"].vertices
    for face, normal in enumerate([(0, 1, 0), (0, -1, 0), (0, 0, -1), (0, 0, 1), (1, 0, 0), (-1, 0, 0)]):
        rows = m[m[:, 8] == face]
        flat = rows[(rows[:, 6] >= 0) & (rows[:, 6] <= 1) & (rows[:, 7] >= 0) & (rows[:, 7] <= 1)]
        assert len(flat) >= 4
        assert np.allclose(flat[:, 3:6], normal, atol=1e-6)
    south = m[(m[:, 8] == 3) & (m[:, 7] >= 0) & (m[:, 7] <= 1)]
    top_row = south[np.isclose(south[:, 7], 0)]
    assert np.all(top_row[:, 1] > 0), "v = 0 is the top of the picture on a side face"


def test_box_extents_match_the_requested_size():
    v = MESHES["tile"].vertices
    assert np.allclose(np.abs(v[:, :3]).max(axis=0), (0.31, 0.035, 0.31), atol=1e-6)
