"""Cubetable's icon, drawn with numpy (no image file to keep in step): a cube on a wooden tile, its
three visible faces in the seats' Okabe-Ito colours. The window wears it (instead of pyglet's
default), and `cubetable --install-desktop` writes it with a Linux .desktop entry, so a desktop's
menu and task bar show the program as itself."""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import numpy as np

SIZES = (16, 32, 48, 64, 128, 256)
WOOD, EDGE = (150, 98, 56), (96, 60, 34)
TOP, LEFT, RIGHT = (230, 159, 0), (86, 180, 233), (0, 158, 115)  # orange, sky blue, bluish green
DESKTOP = """[Desktop Entry]
Type=Application
Name=Cubetable
GenericName=Tabletop games
Comment=Octocube, Cubitos and Otys on a 3D table, against bots or together
Exec={exec} %F
Icon=cubetable
Terminal=false
Categories=Game;BoardGame;
Keywords=board game;tabletop;Octocube;Cubitos;Otys;
StartupWMClass=Cubetable
"""


def _inside(px: np.ndarray, py: np.ndarray, poly: list[tuple[float, float]]) -> np.ndarray:
    """Points inside a convex polygon given anticlockwise (in y-up coordinates; ``px`` a row of x,
    ``py`` a column of y: the grid they span)."""
    ok = np.ones((py.size, px.size), bool)
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
        ok &= (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0) >= 0
    return ok


def pixels(size: int) -> np.ndarray:
    """The icon as a (size, size, 4) uint8 RGBA image, first row on top (4x supersampled). Each
    sample is told which part it shows (0: none, 1 edge, 2 wood, 3-5 the faces, 6 the pip) over the
    grid spanned by a row of x and a column of y, then coloured at once."""
    n = size * 4
    x = ((np.arange(n, dtype=float) + 0.5) / n)[None, :]  # 0..1, y up
    y = (1 - (np.arange(n, dtype=float) + 0.5) / n)[:, None]
    part = np.zeros((n, n), np.uint8)
    r = 0.16  # the tile's rounded corners
    cx, cy = np.clip(x, r, 1 - r), np.clip(y, r, 1 - r)
    tile = (x - cx) ** 2 + (y - cy) ** 2 <= r * r
    inner_c = np.clip(x, r + 0.04, 1 - r - 0.04), np.clip(y, r + 0.04, 1 - r - 0.04)
    inner = (x - inner_c[0]) ** 2 + (y - inner_c[1]) ** 2 <= r * r
    part[tile] = 1
    part[tile & inner] = 2
    c, h = (0.5, 0.47), 0.27  # the cube: centre, half its width; isometric
    k = h * 0.58
    top = [(c[0], c[1] + 2 * k), (c[0] - h, c[1] + k), (c[0], c[1]), (c[0] + h, c[1] + k)]
    left = [(c[0] - h, c[1] + k), (c[0] - h, c[1] - k), (c[0], c[1] - 2 * k), (c[0], c[1])]
    right = [(c[0], c[1]), (c[0], c[1] - 2 * k), (c[0] + h, c[1] - k), (c[0] + h, c[1] + k)]
    for i, face in enumerate((top, left, right)):
        part[_inside(x, y, face)] = 3 + i
    pip = (x - c[0]) ** 2 / 1.0 + ((y - (c[1] + k)) / 0.58) ** 2 <= (h * 0.28) ** 2
    part[pip] = 6  # a pip on the top face: a die, a cube of the games
    rgba = np.array([(0, 0, 0, 0), (*EDGE, 255), (*WOOD, 255), (*TOP, 255), (*LEFT, 255), (*RIGHT, 255),
                     (250, 240, 220, 255)], float)[part]
    small = rgba.reshape(size, 4, size, 4, 4).mean(axis=(1, 3))
    return np.round(small).astype(np.uint8)


def window_images() -> list:
    """pyglet images of the icon at the sizes window managers ask for (first row at the bottom)."""
    import pyglet

    out = []
    for size in (16, 32, 48, 64, 256):
        data = np.ascontiguousarray(pixels(size)[::-1]).tobytes()
        out.append(pyglet.image.ImageData(size, size, "RGBA", data))
    return out


def install_desktop(data_home: Path | None = None) -> list[Path]:
    """A .desktop entry and the icon (hicolor sizes) in the user's XDG data folder; the files written."""
    from render.gl.png import write_png

    base = data_home or Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    written = []
    for size in SIZES:
        target = base / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "cubetable.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        write_png(str(target), pixels(size))
        written.append(target)
    program = shutil.which("cubetable") or f"{sys.executable} -m render.cli"
    entry = base / "applications" / "cubetable.desktop"
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(DESKTOP.format(exec=program), encoding="utf-8")
    written.append(entry)
    return written
