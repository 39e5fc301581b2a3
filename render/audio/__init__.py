"""The sound of the table: sounds synthesized at start (:mod:`.synth`), played through pyglet's
audio or silently (:mod:`.player`), each when a move's animation reaches the cue
its table kit gives (:mod:`.cues`, timed by :mod:`.timing`)."""
