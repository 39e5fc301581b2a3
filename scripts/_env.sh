# Sourced by scripts/*: make .venv in the checkout if missing and install the project into it.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
py="$venv/bin/python"
stamp="$venv/.cubetable-installed"
if [ ! -x "$py" ]; then
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
    || { echo "Cubetable needs Python 3.11 or newer as python3" >&2; exit 2; }
  python3 -m venv "$venv" || { echo "could not create $venv" >&2; exit 2; }
fi
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ] || [ "$root/setup.py" -nt "$stamp" ]; then
  echo "setting up $venv ..." >&2
  "$py" -m pip install -q --disable-pip-version-check -e "$root[test,record,cluster]" >&2 \
    || { echo "installing Cubetable's packages failed (see above)" >&2; exit 2; }
  touch "$stamp"
fi
cd "$root"
# numpy's BLAS threads busy-wait on a small machine and steal llvmpipe's cores (render/__init__.py too).
export OPENBLAS_NUM_THREADS="${OPENBLAS_NUM_THREADS:-1}" OMP_NUM_THREADS="${OMP_NUM_THREADS:-1}" \
  MKL_NUM_THREADS="${MKL_NUM_THREADS:-1}"
