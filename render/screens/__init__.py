"""The screens the window (render/app.py) shows: one module per screen (the game screen's parts
beside it), none knowing a game; render/replay/ holds the replays'."""
