"""Piece geometry: outward winding (back faces are culled), printable uv ranges, face ids, and the
coarse stand-ins a moving camera's frame draws."""
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
COARSE = {f"{name} (coarse)": m.coarse for name, m in MESHES.items() if m.coarse is not None}
MESHES.update(COARSE)


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


def test_rounded_pieces_have_a_coarse_stand_in_with_a_fraction_of_the_triangles():
    assert set(COARSE) == {"cube (coarse)", "tile (coarse)", "board (coarse)", "disc (coarse)"}, "lean meshes need none"
    for name in COARSE:
        fine = MESHES[name.removesuffix(" (coarse)")]
        assert len(COARSE[name].indices) * 3 <= len(fine.indices)
        assert COARSE[name].coarse is None
        assert np.allclose(np.abs(COARSE[name].vertices[:, :3]).max(axis=0),
                           np.abs(fine.vertices[:, :3]).max(axis=0), rtol=0.05, atol=1e-6), "the same size"


@pytest.mark.parametrize("name", ["cube", "tile", "board"])
def test_a_coarse_box_prints_each_face_where_the_bevelled_box_does(name):
    """uv 0..1 spans the bevelled box's flat part: on the coarse box, a point of a face has the uv
    the bevelled box has at the same place, so a die's pips neither grow nor move while the camera
    turns."""
    fine, coarse = MESHES[name].vertices.astype(float), MESHES[name].coarse.vertices.astype(float)
    for face in range(6):
        f, c = fine[fine[:, 8] == face], coarse[coarse[:, 8] == face]
        flat = f[(f[:, 6] >= 0) & (f[:, 6] <= 1) & (f[:, 7] >= 0) & (f[:, 7] <= 1)]
        # the coarse face is one quad: its uv is affine in position, so fit it and read the flat corners
        fit, *_ = np.linalg.lstsq(np.column_stack([c[:, :3], np.ones(len(c))]), c[:, 6:8], rcond=None)
        predicted = np.column_stack([flat[:, :3], np.ones(len(flat))]) @ fit
        assert np.allclose(predicted, flat[:, 6:8], atol=1e-5), face


def test_the_coarse_disc_keeps_the_full_circle_printable_on_top():
    m = MESHES["disc"].coarse.vertices
    top = m[m[:, 8] == 0]
    assert np.allclose(top[:, 6:8].min(axis=0), 0.0, atol=0.06) and np.allclose(top[:, 6:8].max(axis=0), 1.0, atol=0.06)
    assert disc(0.15, 0.11, 0.02, 6).coarse is None, "a hexagon stays a hexagon"
