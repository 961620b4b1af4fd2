"""Shared fixtures: where the team's shared rules and examples live."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli import i18n

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture(autouse=True)
def _no_environment_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test reads the user's BASKA_* settings or home directory."""
    monkeypatch.delenv("BASKA_RULES", raising=False)
    monkeypatch.delenv("BASKA_LEDGER", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for name in ("BASKA_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # English, whatever the machine's locale
    i18n.use("en")  # the process's language, which a test may have changed
