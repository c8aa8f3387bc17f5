#!/usr/bin/env bash
# The inspector page in a real browser: installs Debian's chromium and chromium-driver and
# Selenium from PyPI when missing, builds hittest, and runs scripts/browser_test.py (every sample's
# page, 200 random pointer positions each, checked against 'hittest query'). About a minute.
# Usage: scripts/browser-test.sh [--screenshots DIR] [--points N] [--only SAMPLE]
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! python3 -c "import selenium" 2>/dev/null; then
    echo "Installing selenium"
    # Debian marks its Python as externally managed; the flag is refused by older pip, so try both.
    python3 -m pip install --quiet selenium 2>/dev/null || python3 -m pip install --quiet --break-system-packages selenium
fi

swift build -c release --product hittest >/dev/null
python3 scripts/browser_test.py --hittest .build/release/hittest "$@"
