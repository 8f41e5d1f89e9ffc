#!/bin/sh
# run.sh - the Python package's tests (python -m unittest) for ctest's python/unittest:
#   run.sh PYTHON BUILD_PYTHON_DIR SOURCE_DIR
# Exits 77 (ctest's skip) naming what is missing when PYTHON has no cffi or numpy; fails when
# the package was not built into BUILD_PYTHON_DIR.
py=$1
pkg=$2
src=$3
if ! "$py" -c 'import cffi, numpy' 2>/dev/null; then
	echo "python/unittest skipped: $py lacks cffi or numpy (scripts/install-deps.sh installs python3-cffi, python3-dev and python3-numpy)"
	exit 77
fi
if [ ! -f "$pkg/quiver/__init__.py" ]; then
	echo "python/unittest: no package in $pkg (build the target python: make python)" >&2
	exit 1
fi
cd "$src/python/tests" || exit 1
PYTHONPATH="$pkg" QUIVER_SOURCE_DIR="$src" exec "$py" -m unittest discover -s . -p 'test_*.py' -v
