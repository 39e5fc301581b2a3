"""Games recorded headless to an MP4 video, an animated GIF or numbered PNGs (``--record``)."""
from render.record.film import Progress, print_progress, record_demo, record_replay
from render.record.writers import RecordError, output_kind

__all__ = ["Progress", "RecordError", "output_kind", "print_progress", "record_demo", "record_replay"]
