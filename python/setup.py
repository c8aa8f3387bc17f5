"""Finds or builds the C library at install time, so that `pip install ./python` gives a package
that works, or fails at once with the one command to run; never a package that fails at first use.

The library is copied into the package from the checkout's `.build/release/libAlphaHitC.so`,
building it first (`swift build -c release --product AlphaHitC`) when it is missing and `swift` is
on the PATH. ALPHAHIT_LIBRARY, when set, names the library to copy instead.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup

here = Path(__file__).resolve().parent
root = here.parent
command = "swift build -c release --product AlphaHitC"
built = Path(os.environ["ALPHAHIT_LIBRARY"]) if os.environ.get("ALPHAHIT_LIBRARY") else root / ".build" / "release" / "libAlphaHitC.so"
if not built.exists() and (root / "Package.swift").exists() and shutil.which("swift"):
    print(f"alphahit: building the C library: {command}", file=sys.stderr)
    subprocess.run(command.split(), cwd=root, check=False)
if not built.exists():
    sys.exit(f"alphahit: libAlphaHitC.so not found at {built}: run `{command}` in the AlphaHit checkout, then install again")
shutil.copy2(built, here / "alphahit" / "libAlphaHitC.so")

setup()
