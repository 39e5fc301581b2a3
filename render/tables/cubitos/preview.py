"""Render a Cubitos table headless to a PNG after some random moves, to look at it as a player would.

``python -m render.tables.cubitos.preview OUT.png --players 4 --seed 3 --after 40 --track NAME``
(``--mid`` stops a roll mid-tumble; ``--time`` prints draw timings).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--after", type=int, default=40, help="random moves played first")
    ap.add_argument("--track", default=None)
    ap.add_argument("--card-set", default=None)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--mid", action="store_true", help="stop the next roll half way through its tumble")
    ap.add_argument("--time", action="store_true", help="time draw() (still and moving frames)")
    args = ap.parse_args(argv)

    from game.registry import get
    from render.gl.context import headless_context
    from render.gl.png import write_png
    from render.offscreen import render_rgb
    from render.tables.cubitos.view import CubitosView

    w, h = (int(v) for v in args.size.split("x"))
    state = get("cubitos").new_game(players=args.players, seed=args.seed, card_set=args.card_set, track=args.track)
    rng = random.Random(args.seed)
    for _ in range(args.after):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    view = CubitosView(headless_context(), state, anim_speed=1.0)
    if args.mid:
        for _ in range(200):
            events = state.apply(rng.choice(state.legal_actions()))
            view.play(events, state)
            if any(e.kind == "rolled" and e.data["dice"] for e in events):
                break
            view.settle()
            while view.busy:
                view.update(1.0)
        while view.busy and view._timeline._steps[0].duration < 0.5:
            view.update(1 / 60)
        view.update(0.4)
    write_png(args.out, render_rgb(view, (w, h)))
    if args.time:
        from render.gl.targets import offscreen_framebuffer
        fbo = offscreen_framebuffer(headless_context(), w, h)
        still, moving = [], []
        for k in range(12):
            view.camera.yaw += 0.002  # a changed camera: the frame is really drawn, not copied
            view.settle()
            t = time.perf_counter()
            view.draw(fbo, w, h)
            headless_context().finish()
            still.append((time.perf_counter() - t) * 1000)
        view._top._changed_at = time.perf_counter()
        for k in range(12):
            view.camera.yaw += 0.002
            t = time.perf_counter()
            view._top.draw(fbo, w, h, view.camera, animating=True)
            headless_context().finish()
            moving.append((time.perf_counter() - t) * 1000)
        print(f"draw at {w}x{h}: full (4x MSAA) median {statistics.median(still):.1f} ms, "
              f"moving median {statistics.median(moving):.1f} ms; draw calls {view.stats.draw_calls}")
    view.release()


if __name__ == "__main__":
    main()
