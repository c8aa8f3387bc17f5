import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def in_repository_root(monkeypatch):
    """The samples' paths, like the README's, are relative to the repository's root."""
    monkeypatch.chdir(ROOT)


def sample(name):
    return str(ROOT / "Samples" / name / "layout.json")
