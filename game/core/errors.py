"""Errors the rules layer raises; each carries a one-line message fit to show a player."""


class IllegalAction(ValueError):
    """An action that is not in ``state.legal_actions()`` was applied."""

    @classmethod
    def not_now(cls, action: object) -> "IllegalAction":
        """"<action> is not legal now", worded even for an action whose fields no game has (a roll
        in a ninth direction cannot say which direction it is: its repr stands in)."""
        try:
            words = str(action)
        except Exception:  # noqa: BLE001 - any field out of range: name the object as it is
            words = repr(action)
        return cls(f"{words} is not legal now")


class SaveError(ValueError):
    """A save file that is damaged, foreign, or does not replay to what it claims."""


def printable(text: object) -> str:
    """``text`` (a file name, most often) with every control character escaped: a name from the disk
    may hold an ANSI escape or a newline, which must neither reach the terminal nor cut a one-line
    message in two."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in str(text))


def one_line(e: BaseException) -> str:
    """The first line of an exception's message (its type name when it has none): how a failure
    is said to a player or in a report."""
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__
