"""Where a frame changed: changed rows whatever their order, rectangles that cover the pieces and
their shadows, few rectangles however many pieces, pieces found inside a rectangle."""
import numpy as np

from render.gl.batch import COLOUR, instance_array, set_matrices
from render.gl.mesh import bevelled_box, bounding_sphere, box_corners
from render.scene import dirty
from render.scene.camera import Camera
from render.scene.tabletop import LIGHT_DIR
from render.scene.xform import translate

W, H = 640, 360
CORNERS = box_corners(bevelled_box(0.4, 0.4, 0.4, 0.06).vertices)


def _camera() -> Camera:
    cam = Camera(W / H)
    cam.set_viewport(W, H)
    cam.set_home(distance=9.0, pitch_deg=50.0, target=(0.0, 0.0, 0.0))
    return cam


def _viewproj(cam: Camera) -> np.ndarray:
    return cam.proj_matrix() @ cam.view_matrix()


def _rows(xs: list[float], y: float = 0.4) -> np.ndarray:
    rows = instance_array(len(xs))
    set_matrices(rows, np.array([translate(x, y, 0.0) for x in xs]))
    rows[:, COLOUR] = (0.9, 0.1, 0.1, 0.0)
    return rows


def test_changed_rows_ignore_order_and_find_moved_added_and_recoloured_pieces():
    old = _rows([-2.0, 0.0, 2.0])
    assert len(dirty.changed_rows(old, old[::-1].copy())) == 0
    new = old.copy()
    new[1, 12] += 0.5  # moved: its old row and its new row
    new[2, COLOUR] = (0.1, 0.9, 0.1, 0.0)  # recoloured: both rows too
    changed = dirty.changed_rows(old, np.concatenate([new, _rows([3.0])]))
    assert len(changed) == 5


def test_world_corners_leave_out_pieces_drawn_as_nothing():
    rows = _rows([1.0, 2.0])
    rows[1] = 0.0
    corners = dirty.world_corners(rows, CORNERS)
    assert corners.shape == (1, 8, 3)
    assert np.allclose(corners[0].mean(axis=0), (1.0, 0.4, 0.0), atol=1e-5)


def test_a_rectangle_covers_the_piece_and_where_its_shadow_falls():
    cam = _camera()
    rows = _rows([0.0], y=2.0)  # high above the table: the shadow lands well away from it
    corners = dirty.world_corners(rows, CORNERS)
    shadows = dirty.shadow_points(corners, LIGHT_DIR, top=0.8)  # the tallest receiver: 0.8 high
    rects = dirty.screen_rects(np.concatenate([np.concatenate([corners, corners], axis=1), shadows]),
                               _viewproj(cam), (W, H))
    on_table = -LIGHT_DIR * (2.0 / LIGHT_DIR[1]) + (0.0, 2.0, 0.0)
    on_a_stack = -LIGHT_DIR * (1.6 / LIGHT_DIR[1]) + (0.0, 2.0, 0.0)  # 0.4 high, under the piece
    for point in ((0.0, 2.0, 0.0), tuple(on_table), tuple(on_a_stack)):
        px, py = cam.project(point)
        assert any(x <= px <= x + w and y <= py <= y + h for x, y, w, h in rects), point
    assert sum(w * h for _, _, w, h in rects) < W * H / 4, "a piece's rectangles, not the frame"


def test_many_pieces_make_few_rectangles_and_far_apart_pieces_separate_ones():
    cam = _camera()
    two = dirty.world_corners(_rows([-3.0, 3.0]), CORNERS)
    assert len(dirty.screen_rects(two, _viewproj(cam), (W, H))) == 2
    many = dirty.world_corners(_rows(list(np.linspace(-4, 4, 40))), CORNERS)
    assert 1 <= len(dirty.screen_rects(many, _viewproj(cam), (W, H))) <= dirty.MAX_RECTS
    assert len(dirty.merged([(0, 0, 10, 10), (5, 5, 10, 10), (100, 100, 5, 5)])) == 2


def test_pieces_inside_a_rectangle_are_found_and_others_left_out():
    cam = _camera()
    rows = _rows([-3.0, 0.0, 3.0])
    boxes = dirty.piece_boxes(rows, bounding_sphere(CORNERS), _viewproj(cam), (W, H))
    px, py = cam.project((0.0, 0.4, 0.0))
    inside = dirty.overlapping(boxes, (int(px) - 2, int(py) - 2, 4, 4))
    assert inside.tolist() == [False, True, False]
    for (x0, y0, x1, y1), corners in zip(boxes, dirty.world_corners(rows, CORNERS)):
        for c in corners:  # the sphere's box holds every corner of the piece
            cx, cy = cam.project(tuple(c))
            assert x0 <= cx <= x1 and y0 <= cy <= y1


def test_the_shadow_rectangle_covers_the_occluders_in_the_light_view():
    light_vp = np.eye(4) * 0.1
    light_vp[3, 3] = 1.0
    rect = dirty.shadow_rect(dirty.world_corners(_rows([0.0]), CORNERS), light_vp, 512)
    assert rect is not None
    x, y, w, h = rect
    assert x < 256 < x + w and 0 < w < 64 and 0 < h < 64
