"""cli/edits.py: `baska undo`, `void` and `amend` refuse what they cannot do."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clikit import invoke, start_evening


@pytest.fixture
def evening(tmp_path: Path) -> str:
    return start_evening(tmp_path)


def test_edits_refuse_hands_that_do_not_exist(evening: str) -> None:
    result = invoke("void", evening, "9")
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: there is no hand 9 in {evening}; its hands are numbered 1 to 4\n",
    )
    result = invoke("amend", evening, "2", "zo", "Ewa", "70")
    assert result.exit_code == 2
    assert '"Ewa" is not a player' in result.stderr


def test_undo_on_an_empty_ledger(tmp_path: Path) -> None:
    path = str(tmp_path / "e.csv")
    assert invoke("new", path, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    result = invoke("undo", path)
    assert (result.exit_code, result.stderr) == (1, f"Error: {path}: there is no hand to undo\n")
