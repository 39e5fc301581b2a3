"""The film's frames stay what they were when it stopped reaching into the game screen (issue 39).

Two short films, one of a save file (from its second move, animated) and one of two demo games,
each reduced to a digest of every frame's pixels. The digests were taken from the film as it was
before it played its moves through GameScreen's public way; they hold for the renderer they were
taken on (another GL draws other pixels, so there the test only checks the film is made the same
twice). Taken again on 7 Dec 2026: each film now draws with fonts of its own (its glyphs' pixels had
depended on which tests ran before it in the process), and the status line no longer cuts a caption
where the pills can make room (the demo's 160x90 frames)."""
from __future__ import annotations

import hashlib

import pytest

from game import registry
from game.bots import make_bot
from game.core.match import Match
from render.gl.png import read_png
from render.options import Options
from render.record import record_demo, record_replay

pytestmark = pytest.mark.gl
SIZE = (160, 90)
RENDERER = "llvmpipe (LLVM 15.0.6, 256 bits)"  # the GL the digests below were taken on
@pytest.fixture(autouse=True)
def fresh_glyphs(gl_session):
    """Each film drawn with fonts of its own: a glyph's pixels depend on its neighbours in pyglet's
    shared glyph texture, which the tests before it in the process filled (red or green by order)."""
    from pyglet import gl

    space = gl.current_context.object_space
    for name in ("pyglet_font_font_cache", "pyglet_font_font_hold"):
        if hasattr(space, name):
            getattr(space, name).clear()
    yield


DIGESTS = {  # film -> (frames, sha256 of the frames' pixels in order)
    "replay": (16, "a40a758326b58d5ea173b030b6df4c36dfb5017926ff6e9f49f1cb7d7622a8e0"),
    "demo": (40, "1dee0b9219bc47dff15829ea496568237cab9180cf73a75ded93366ab5e7b358"),
}


def film_digest(folder) -> tuple[int, str]:
    """How many frames a PNG folder holds, and one digest of all their pixels in order."""
    digest = hashlib.sha256()
    names = sorted(p.name for p in folder.iterdir())
    for name in names:
        digest.update(read_png(str(folder / name)).tobytes())
    return len(names), digest.hexdigest()


def replay_film(gl_session, tmp_path, name: str) -> tuple[int, str]:
    """Moves 2 and 3 of a three-move two-seat Octocube save, each animated at double speed."""
    match = Match(registry.get("octocube"), 2, 5, ["random", "greedy"])
    bot = make_bot("random", match.rules, 0, 5)
    for _ in range(3):
        match.apply(bot.choose(match.state))
    save = str(tmp_path / f"{name}.json")
    match.save(save)
    record_replay(save, str(tmp_path / name), SIZE, fps=4, start=2, end=3, anim_speed=2.0,
                  gl=(gl_session.extra, gl_session))
    return film_digest(tmp_path / name)


def demo_film(gl_session, tmp_path, name: str) -> tuple[int, str]:
    """The first two moves of two demo games (the second the game the demo goes on to), animated."""
    options = Options(seats=["random", "random"], seed=3, anim_speed=1.0)
    record_demo(options, str(tmp_path / name), SIZE, fps=4, games=2, moves=2, gl=(gl_session.extra, gl_session))
    return film_digest(tmp_path / name)


@pytest.mark.parametrize("film", ["replay", "demo"])
def test_a_short_film_has_the_frames_it_had_before(gl_session, tmp_path, film):
    make = replay_film if film == "replay" else demo_film
    frames, digest = make(gl_session, tmp_path, "a")
    if gl_session.info["GL_RENDERER"] == RENDERER:
        assert (frames, digest) == DIGESTS[film]
    else:
        assert make(gl_session, tmp_path, "b") == (frames, digest), "the same film, the same frames"
