"""Pool workers leave Ctrl-C to the parent, which answers it in one line."""
from __future__ import annotations

import signal

from game.core import workers


def test_workers_ignore_ctrl_c_so_only_the_parent_answers_it() -> None:
    # A run started in the background may already ignore SIGINT; give the parent Python's own
    # handler, as a terminal does, so the workers' SIG_IGN can only come from the pool.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with workers.pool(1) as pool:
            assert pool.apply(signal.getsignal, (signal.SIGINT,)) == signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # the parent's is untouched
    finally:
        signal.signal(signal.SIGINT, before)
