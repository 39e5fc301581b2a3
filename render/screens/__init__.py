"""Screens beside the table's (render/app.py): one module per screen, none knowing a game."""
