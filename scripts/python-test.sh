#!/usr/bin/env bash
# The Python package: installs pytest, NumPy, shapely, SciPy and pygame-ce from PyPI when missing, builds libAlphaHitC.so and
# hittest, installs ./python (which copies the library in), and runs python/tests. About 20 s after
# a release build.
set -euo pipefail
cd "$(dirname "$0")/.."

pip_install() {
    # Debian marks its Python as externally managed; older pip refuses the flag, so try both.
    python3 -m pip install --quiet "$@" 2>/dev/null || python3 -m pip install --quiet --break-system-packages "$@"
}
if ! python3 -m pip --version >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3-pip >/dev/null
fi
python3 -c "import pytest" 2>/dev/null || pip_install pytest
python3 -c "import numpy" 2>/dev/null || pip_install numpy
# Geometry and distance-transform references for the outline tests.
python3 -c "import shapely, scipy" 2>/dev/null || pip_install shapely scipy
# The benchmark suite's Python peers (Benchmarks/peers/peers.py; .ci/run's smoke run comes after this).
python3 -c "import pygame" 2>/dev/null || pip_install pygame-ce

swift build -c release --product AlphaHitC >/dev/null
swift build -c release --product hittest >/dev/null
pip_install --force-reinstall --no-deps ./python
python3 -m pytest -q python/tests
