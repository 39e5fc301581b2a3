"""The one kind of error bad command-line input raises, apart so that the option groups in modules
of their own (render/net_options.py) raise it too; render/cli.py turns it into one line and exit 2."""


class UsageError(Exception):
    """Bad command-line input; the message is the one line the user sees."""
