"""Cubetable's screen: moderngl drawing, the scene, views per game, input and the pyglet app."""
import os
import sys

# Before anything imports numpy: its BLAS threads busy-wait between calls, and the screen's small
# matrices gain nothing from them while llvmpipe needs every core it can get.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import pyglet  # noqa: E402

# One window, one context: pyglet's hidden shadow window (half a second to make) shares nothing here.
pyglet.options["shadow_window"] = False
# Linux without a display (a server, CI): only EGL can draw, and it must be chosen before anything
# imports pyglet's GL, so --record and --screenshot work there without PYGLET_HEADLESS.
if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
    pyglet.options["headless"] = True
# Audio drivers in order of preference, ending in silence: a machine with no sound system still starts.
pyglet.options["audio"] = ("openal", "pulse", "xaudio2", "directsound", "silent")
