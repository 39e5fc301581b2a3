"""The sound of the table: sounds synthesized at start (:mod:`.synth`), played through pyglet's
audio or silently (:mod:`.player`), and cued by each game's events (:mod:`.cues`)."""
