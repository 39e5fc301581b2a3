"""Where a headless run's work units are played: here, in local processes, or on a Dask cluster.

Tournaments, balance reports and fuzzing are many independent games; a 200-game row of strong bots
costs hours of one machine. ``--cluster ADDRESS`` sends the same units to a Dask scheduler
(``dask.distributed``, an optional extra: ``pip install cubetable[cluster]``) instead of building a
distributor of our own. Each unit's result depends on the unit alone (its seeds are in it), and
the results come back in the units' order when asked, so a report is the same wherever it ran
(bots that think to a clock aside). Workers must run this same code: a cluster whose workers run
other game code is refused, since its games would not be these games.
"""
from __future__ import annotations

import hashlib
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Iterable, Iterator, TypeVar

from game.core import workers

T = TypeVar("T")
R = TypeVar("R")
CONNECT_TIMEOUT_S = 10.0  # to reach the scheduler before giving up with one line
INSTALL_HINT = "--cluster needs Dask: pip install 'cubetable[cluster]' (scripts/test and scripts/play install it)"


class ClusterError(RuntimeError):
    """The cluster cannot be used (Dask missing, scheduler unreachable, other code on the workers)."""


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of the rules layer's source: two processes with the same digest play the same games."""
    h = hashlib.sha256()

    def walk(folder: Any, prefix: str) -> None:
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.is_dir() and not entry.name.startswith(("_", ".")):
                walk(entry, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".py"):
                h.update(f"{prefix}{entry.name}\n".encode())
                h.update(entry.read_bytes())
    walk(resources.files("game"), "")
    return h.hexdigest()[:16]


def worker_digest() -> str:
    """:func:`code_digest` as a worker computes it (a plain function: sent by name, run there)."""
    return code_digest()


@contextmanager
def results(fn: Callable[[T], R], units: list[T], jobs: int = 1, cluster: str | None = None,
            ordered: bool = True) -> Iterator[Iterator[R]]:
    """``fn`` of every unit: here (``jobs`` 1), over ``jobs`` spawned processes, or on the Dask
    scheduler at ``cluster``; in the units' order, or as they finish (``ordered`` False).
    Leaving the block early (an error, Ctrl-C) drops the work not yet done."""
    if cluster is not None:
        with _on_cluster(fn, units, cluster, ordered) as done:
            yield done
        return
    jobs = min(jobs, len(units))
    if jobs <= 1:
        yield map(fn, units)
        return
    with workers.pool(jobs) as pool:  # leaving the block ends the workers
        yield pool.imap(fn, units) if ordered else pool.imap_unordered(fn, units)


@contextmanager
def _on_cluster(fn: Callable[[T], R], units: list[T], address: str, ordered: bool) -> Iterator[Iterator[R]]:
    try:
        import distributed
    except ImportError:
        raise ClusterError(INSTALL_HINT) from None
    dask: Any = distributed  # an optional extra, loosely typed
    try:
        client = dask.Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise ClusterError(f"no Dask scheduler answered at {address}: {type(e).__name__}") from None
    futures: list[Any] = []
    try:
        _same_code(client, address)
        futures = client.map(fn, units, pure=False)
        done: Iterable[Any] = futures if ordered else dask.as_completed(futures, loop=client.loop)
        yield (f.result() for f in done)
    finally:
        if futures:
            client.cancel(futures)
        client.close()


def _same_code(client: Any, address: str) -> None:
    """Refuse workers that would play other games than this code (another version, a local edit)."""
    here = code_digest()
    theirs = client.run(worker_digest)
    if not theirs:
        raise ClusterError(f"the Dask scheduler at {address} has no workers")
    other = sorted(w for w, digest in theirs.items() if digest != here)
    if other:
        raise ClusterError(f"{len(other)} of the {len(theirs)} workers at {address} run other game code "
                           f"than this (first: {other[0]}); install this same version on them")
