"""Copies the built C library into the package when it exists, so that `pip install ./python` after
`swift build -c release --product AlphaHitC` gives a package that needs nothing else."""
import shutil
from pathlib import Path

from setuptools import setup

here = Path(__file__).resolve().parent
built = here.parent / ".build" / "release" / "libAlphaHitC.so"
if built.exists():
    shutil.copy2(built, here / "alphahit" / "libAlphaHitC.so")

setup()
