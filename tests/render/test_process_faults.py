"""A real cubetable process (headless) with two experts thinking: it holds no network socket at all
(the forkserver's pipe is a Unix socket, not network), and SIGTERM ends it promptly and cleanly:
exit status 0, no bot process left, the autosave whole and holding the moves made."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.core.match import Match
from tests.render.test_crash_recovery import STARTUP_S, _moves

NETWORK_TABLES = ("tcp", "tcp6", "udp", "udp6")
TERM_S = 30.0  # a deadline for SIGTERM to end the app and its children: it ends, or it hangs


# The app as render.cli runs it, on a headless window and with no frame limit: the command line
# wants --frames when headless, and --frames stops at the first rest (a bot thinking is one).
APP = """
import sys
import pyglet
pyglet.options["headless"] = True
from render.app import App, open_window
from render.options import Options
window, ctx = open_window(640, 360, visible=False)
app = App(window, ctx, Options(game="octocube", seats=["expert", "expert"], seed=5, anim_speed=1.0, save=sys.argv[1]))
app.start_game(app.options)
app.run()
"""


def _start(folder: Path) -> subprocess.Popen:
    env = {**os.environ, "PYGLET_HEADLESS": "1", "CUBETABLE_HOME": str(folder / "home")}
    return subprocess.Popen([sys.executable, "-c", APP, str(folder / "autosave.json")],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def family(pid: int) -> set[int]:
    """``pid`` and every process below it (the forkserver, the bot child)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, todo = {pid}, [pid]
    while todo:
        above = todo.pop()
        below = [p for p, parent in parents.items() if parent == above]
        found.update(below)
        todo.extend(below)
    return found


def ended(pid: int) -> bool:
    """Gone, or a zombie: its code has stopped, reaping is left to whoever adopted it (init here)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def socket_inodes(pid: int) -> set[str]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    return inodes


def network_inodes() -> dict[str, str]:
    """Every TCP/UDP socket of this network namespace: inode -> "table state"."""
    found = {}
    for table in NETWORK_TABLES:
        for line in Path(f"/proc/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            found[fields[9]] = f"{table} {fields[3]}"
    return found


def test_the_running_app_holds_no_network_socket_and_sigterm_ends_it_cleanly(tmp_path):
    proc = _start(tmp_path)
    save = tmp_path / "autosave.json"
    try:
        end = time.monotonic() + STARTUP_S
        while _moves(save) < 2:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "exited"
            assert time.monotonic() < end, "the process made no move"
            time.sleep(0.05)
        pids = family(proc.pid)
        assert len(pids) >= 2  # the app and its bot processes
        mine = set().union(*(socket_inodes(p) for p in pids if not ended(p)))
        network = network_inodes()
        assert not {network[i] for i in mine if i in network}  # no TCP or UDP socket, listening or not
        proc.send_signal(signal.SIGTERM)
        status = proc.wait(TERM_S)  # a deadline for "it ends", not a speed: a hang fails here
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = proc.stderr.read().decode() if proc.stderr else ""
    assert status == 0 and "Traceback" not in err, err
    end = time.monotonic() + TERM_S  # the forkserver and its child see the app go, and follow
    while not all(ended(p) for p in pids):
        assert time.monotonic() < end, [p for p in pids if not ended(p)]
        time.sleep(0.05)
    made = Match.resume(save).history
    assert len(made) >= 2 and len(made) == _moves(save)
