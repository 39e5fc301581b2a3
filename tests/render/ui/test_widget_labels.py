"""An overlay rebuilt with the same text in the same style moves its old label instead of laying
out a new one; what a rebuild did not reuse is gone by the next draw."""
import pytest

from render.ui.widgets import Overlay

pytestmark = pytest.mark.gl


def test_a_rebuild_reuses_labels_of_the_same_text_and_drops_the_rest(gl_session):
    o = Overlay()
    kept = o.text("Sky blue pushes", 10, 40)
    gone = o.text("Orange scores", 10, 20)
    o.clear()
    moved = o.text("Sky blue pushes", 10, 60)
    new = o.text("Green passes", 10, 40)
    assert moved is kept and (moved.x, moved.y) == (10, 60)
    assert new is not gone and o.texts() == ["Sky blue pushes", "Green passes"]
    o.draw()
    assert not o._spare, "labels a rebuild did not reuse are deleted before anything is drawn"
    o.clear()
    bold = o.text("Sky blue pushes", 10, 60, bold=True)
    assert bold is not kept, "another style is another label"
    o.draw()
    o.clear()
