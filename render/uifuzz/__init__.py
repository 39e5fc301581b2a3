"""The screen-level fuzzer (issue 34): whole games played through injected window events only,
the screen checked after every step (``scripts/uifuzz``; :mod:`render.uifuzz.run`)."""
