"""Every screen entry point keeps numpy's BLAS to one thread (its threads busy-wait and take
llvmpipe's cores)."""
from __future__ import annotations

import os
import subprocess
import sys


def test_the_render_package_sets_one_blas_thread_before_numpy_loads():
    names = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    env = {k: v for k, v in os.environ.items() if k not in names}
    code = ("import sys, os, render.cli, numpy; "
            f"print(','.join(os.environ.get(n, '') for n in {names!r}))")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1,1,1"
