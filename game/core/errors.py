"""Errors the rules layer raises; each carries a one-line message fit to show a player."""


class IllegalAction(ValueError):
    """An action that is not in ``state.legal_actions()`` was applied."""


class SaveError(ValueError):
    """A save file that is damaged, foreign, or does not replay to what it claims."""
