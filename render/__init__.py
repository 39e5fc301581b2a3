"""Cubetable's screen: moderngl drawing, the scene, views per game, input and the pyglet app."""
import os

# Before anything imports numpy: its BLAS threads busy-wait between calls, and the screen's small
# matrices gain nothing from them while llvmpipe needs every core it can get.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import pyglet  # noqa: E402

# One window, one context: pyglet's hidden shadow window (half a second to make) shares nothing here.
pyglet.options["shadow_window"] = False
# Audio drivers in order of preference, ending in silence: a machine with no sound system still starts.
pyglet.options["audio"] = ("openal", "pulse", "xaudio2", "directsound", "silent")
