"""Where a film's frames go: an MP4 video, an animated GIF or a folder of numbered PNGs.

Every writer fills a temporary name beside the output and renames it only when the film is
complete, so an interrupted recording leaves no half-written file. Encoding is PyAV's (FFmpeg's
libraries ship inside its wheel, so the project's own install sets it up).
"""
from __future__ import annotations

import os
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterator

import numpy as np

from render.gl.png import write_png

KINDS = {".mp4": "mp4", ".gif": "gif", "": "png"}  # name ending -> writer; no ending: a folder of PNGs
VIDEO_CODECS = ("libx264", "h264", "mpeg4")  # the first the bundled FFmpeg offers
# A GIF's 256 colours: chosen once, from the film's first frame (the table, boards and pieces are all
# on it), and kept, so unchanged parts of a frame stay unchanged and compress; a palette per frame
# took twelve times as long and gave a larger file that looked no better.
PALETTE = ("palettegen", "stats_mode=single")
PALETTE_USE = ("paletteuse", "dither=bayer:bayer_scale=5:diff_mode=rectangle")


class RecordError(Exception):
    """A recording that cannot be made; the message is one line for the user."""


NO_AV = ("an MP4 or GIF needs PyAV, an optional part of Cubetable: pip install 'cubetable[record]' "
         "(a checkout: .venv/bin/pip install -e '.[record]'); a folder name records PNG frames without it")


def has_av() -> bool:
    """Whether PyAV (the optional extra ``cubetable[record]``, half the install) can be imported."""
    try:
        import av  # noqa: F401
    except ImportError:
        return False
    return True


def output_kind(out: str) -> str:
    """``mp4``, ``gif`` or ``png`` (a folder) for an output name; RecordError for anything else,
    and for a film without PyAV (one line saying how to install it)."""
    path = Path(out)
    kind = "png" if out.endswith(("/", os.sep)) or path.is_dir() else KINDS.get(path.suffix.lower())
    if kind is None:
        raise RecordError(f"cannot record to {out}: give a name ending in .mp4 or .gif, or a folder for PNG frames")
    if kind == "png" and path.exists() and not path.is_dir():
        raise RecordError(f"{out} is a file: name a folder for the PNG frames, or a name ending in .mp4 or .gif")
    if kind == "png" and path.is_dir() and any(path.iterdir()):
        raise RecordError(f"{out} is a folder that is not empty: name a new or empty one for the PNG frames")
    if kind != "png" and not has_av():
        raise RecordError(f"cannot record {out}: {NO_AV}")
    return kind


class Writer:
    """Frames in, one finished file (or folder) out; ``abort`` removes what was written."""

    def __init__(self, out: str, fps: int) -> None:
        self.out, self.fps = Path(out.rstrip("/" + os.sep)), fps
        self.tmp = self.out.with_name(f".{self.out.name}.part")
        self.frames = 0

    def write(self, frame: np.ndarray) -> None:
        self._write(frame)
        self.frames += 1

    def _write(self, frame: np.ndarray) -> None:
        raise NotImplementedError

    def _finish(self) -> None: ...

    def close(self) -> None:
        self._finish()
        if self.out.is_dir():
            self.out.rmdir()  # an empty folder named for the PNGs (output_kind refused a full one)
        os.replace(self.tmp, self.out)

    def abort(self) -> None:
        try:
            self._finish()
        finally:
            if self.tmp.is_dir():
                shutil.rmtree(self.tmp, ignore_errors=True)
            else:
                self.tmp.unlink(missing_ok=True)


class PngWriter(Writer):
    def __init__(self, out: str, fps: int) -> None:
        super().__init__(out, fps)
        shutil.rmtree(self.tmp, ignore_errors=True)  # left by a recording killed outright
        self.tmp.mkdir(parents=True)

    def _write(self, frame: np.ndarray) -> None:
        write_png(str(self.tmp / f"frame-{self.frames + 1:06d}.png"), frame)


class AvWriter(Writer):
    """A container PyAV writes; the stream opens with the first frame, when the size is known."""

    def __init__(self, out: str, fps: int, kind: str) -> None:
        super().__init__(out, fps)
        import av

        self.tmp.parent.mkdir(parents=True, exist_ok=True)
        self.kind, self.time_base = kind, Fraction(1, fps)
        self.container: Any = av.open(str(self.tmp), "w", format=kind)
        self.stream: Any = None
        self.graph: Any = None  # GIF: the palette filters, and their input
        self.graph_in: Any = None

    def _open(self, width: int, height: int) -> None:
        import av

        if self.kind == "gif":
            self.stream = self.container.add_stream("gif", rate=self.fps)
            self.stream.pix_fmt = "pal8"
        else:
            codec = next(c for c in VIDEO_CODECS if c in av.codecs_available)
            self.stream = self.container.add_stream(codec, rate=self.fps)
            self.stream.pix_fmt = "yuv420p"
        self.stream.width, self.stream.height = width, height

    def _write(self, frame: np.ndarray) -> None:
        import av

        if self.kind == "mp4":  # yuv420p halves the colour planes: even sizes only
            frame = frame[:frame.shape[0] & ~1, :frame.shape[1] & ~1]
        if self.stream is None:
            self._open(frame.shape[1], frame.shape[0])
        picture = av.VideoFrame.from_ndarray(np.ascontiguousarray(frame), format="rgb24")
        picture.pts, picture.time_base = self.frames, self.time_base
        if self.kind == "mp4":
            self._encode(picture)
            return
        if self.graph is None:
            self.graph, self.graph_in = _palette_graph(picture, self.time_base)
        self.graph_in.push(picture)
        for paletted in _pulled(self.graph):
            self._encode(paletted)

    def _encode(self, picture: Any) -> None:
        for packet in self.stream.encode(picture):
            self.container.mux(packet)

    def _finish(self) -> None:
        if self.container is None:
            return
        try:
            if self.graph is not None:
                self.graph_in.push(None)
                for paletted in _pulled(self.graph):
                    self._encode(paletted)
            if self.stream is not None:
                self._encode(None)
        finally:
            self.container.close()
            self.container = None


def _palette_graph(first: Any, time_base: Fraction) -> tuple[Any, Any]:
    """FFmpeg's filters that set every frame in the colours of ``first`` (see PALETTE): the graph
    and the input frames are pushed into."""
    import av

    chooser = av.filter.Graph()
    source = chooser.add_buffer(width=first.width, height=first.height, format="rgb24", time_base=time_base)  # type: ignore[arg-type]  # PyAV takes a format by name
    choose, sink = chooser.add(*PALETTE), chooser.add("buffersink")
    source.link_to(choose)
    choose.link_to(sink)
    chooser.configure()
    chooser.push(first)
    chooser.push(None)
    palette = next(_pulled(chooser))
    graph = av.filter.Graph()
    frames = graph.add_buffer(width=first.width, height=first.height, format="rgb24", time_base=time_base)  # type: ignore[arg-type]  # PyAV takes a format by name
    colours = graph.add_buffer(width=palette.width, height=palette.height, format=palette.format.name,
                               time_base=time_base)
    use, sink = graph.add(*PALETTE_USE), graph.add("buffersink")
    frames.link_to(use, 0, 0)
    colours.link_to(use, 0, 1)
    use.link_to(sink)
    graph.configure()
    colours.push(palette)
    colours.push(None)  # one palette for the whole film
    return graph, frames


def _pulled(graph: Any) -> Iterator[Any]:
    """Every frame the graph has ready."""
    import av

    while True:
        try:
            yield graph.pull()
        except (av.error.BlockingIOError, av.error.EOFError):
            return


def open_writer(out: str, fps: int) -> Writer:
    kind = output_kind(out)
    return PngWriter(out, fps) if kind == "png" else AvWriter(out, fps, kind)
