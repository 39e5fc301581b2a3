"""The fuzzer's app (headless, offscreen at a fixed size) and the replay of a failure's script."""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from game.core.match import Match
from render.options import Options


def headless_app(home: str) -> Any:
    """An App on a headless GL context, drawing offscreen at 1280x720, saving under ``home``."""
    from render.app import App
    from render.gl.context import headless_context

    ctx = headless_context()
    return App(ctx.extra, ctx, Options(save=str(Path(home) / "autosave.json"), anim_speed=0.0), size=(1280, 720))


def repro(app: Any, script_path: Path) -> list[str]:
    """Play a failure's gestures from its saved position; what the checks (or an exception) say."""
    from render import checks, i18n

    script = json.loads(script_path.read_text(encoding="utf-8"))
    save = script_path.parent / script["save"]
    i18n.set_language(script.get("language", "en"))
    size = tuple(script.get("size", (1280, 720)))
    app.fixed_size = size
    app.on_resize(*size)
    autosave = str(Path(os.environ.get("CUBETABLE_HOME", save.parent)) / "repro-autosave.json")
    match = Match.load(save, autosave=autosave)
    data = match.data
    app.start_game(Options(game=data.game, players=data.players, seats=list(data.seats), seed=data.seed,
                           anim_speed=script.get("anim_speed", 0.0), save=autosave), match)
    from render.uifuzz.run import LOGGERS, _Errors, put_camera

    app.tick(0.0)  # the table built for the position and faced by its seat, as a start does ...
    if "log_folded" in script and hasattr(app.screen, "log_folded"):  # the log as it was (L): the
        app.screen.log_folded, app.screen.dirty = bool(script["log_folded"]), True  # buttons keep clear of it
        app.tick(0.0)
    if script.get("camera") and hasattr(app.screen, "view"):  # ... then the camera as the fuzzer had it
        put_camera(app.screen, script["camera"])  # when the gestures began: they point where it looked
        app.tick(0.0)

    errors = _Errors()
    for name in LOGGERS:
        logging.getLogger(name).addHandler(errors)
    try:
        for name, args in script["gestures"]:
            if name == "ticks":
                for _ in range(args[1]):
                    app.tick(args[0])
            elif name == "resize":
                app.fixed_size = tuple(args)
                app.on_resize(*args)
            elif name == "reload":
                s = app.screen
                app.start_game(s.options, Match.load(s.match.autosave, autosave=s.match.autosave))
            else:
                app.window.dispatch_event(name, *args)
                app.window.dispatch_events()
    except Exception as e:  # noqa: BLE001 - the failure being reproduced
        return [f"{type(e).__name__}: {e}"]
    finally:
        for name in LOGGERS:
            logging.getLogger(name).removeHandler(errors)
    if errors.records:  # an exception the shell caught and logged
        return errors.records
    screen = app.screen
    if screen.__class__.__name__ != "GameScreen":
        return [f"the table closed: {screen.__class__.__name__} is showing"]
    return checks.violations(screen)
