"""tournament/scores/counted.py: each table's result from its ledger or sheet, and what keeps it
out."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from baska_cli.tournament.draw import draw_round
from baska_cli.tournament.folder import create, load, write_round
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.scores.counted import Problem, table_results
from baska_cli.tournament.settings import Plan

NAMES = ["Ania", "Bartek", "Celina", "Darek", "Ewa"]


def _made(tmp_path: Path) -> str:
    path = str(tmp_path / "liga")
    create(path, Plan(2, 8, ("plb",), "1"), [Entrant(n) for n in NAMES])
    t = load(path)
    write_round(t, draw_round(1, "1", NAMES, {}, {}), {"seating.html": "<p>x</p>"})
    return path


def test_missing_and_half_played_tables_are_problems(tmp_path: Path) -> None:
    from tests.clikit import invoke

    path = _made(tmp_path)
    ledger = os.path.join(path, "r1", "t1.csv")
    missing = Problem("round 1/table 1", "no result yet", 1, playing=True)
    assert table_results(load(path)) == ([], [missing])
    assert invoke("score", "-l", ledger, "zw", "1+3", "61").exit_code == 0
    half = Problem(ledger, "1 of 8 deals played", 1, playing=True)
    assert table_results(load(path)) == ([], [half])


def _played(tmp_path: Path) -> tuple[str, str]:
    from tests.clikit import invoke

    path = _made(tmp_path)
    ledger = os.path.join(path, "r1", "t1.csv")
    for _ in range(8):
        assert invoke("score", "-l", ledger, "zw", "1+3", "61").exit_code == 0
    return path, ledger


def test_checked_ledgers_are_remembered_until_they_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from baska_cli.files import stamps
    from baska_cli.ledger import checker
    from tests.clikit import invoke

    path, ledger = _played(tmp_path)
    monkeypatch.setattr(stamps, "SETTLED", -(10**18))  # (no wait for the clock's tick)
    results, _ = table_results(load(path), remember=True)
    assert results[0].totals == (8, -8, 8, -8)
    assert os.path.exists(os.path.join(path, ".checked.csv"))
    calls: list[str] = []
    real = checker.check
    monkeypatch.setattr(checker, "check", lambda p, s=None: calls.append(p) or real(p, s))
    assert table_results(load(path), remember=True)[0] == results
    assert calls == []  # taken from .checked.csv
    assert invoke("amend", ledger, "8", "zw", "2+4", "61").exit_code == 0
    again, _ = table_results(load(path), remember=True)
    assert calls == [ledger] and again[0].totals == (6, -6, 6, -6)


def test_a_ledger_under_other_rules_is_a_problem(tmp_path: Path) -> None:
    from tests.clikit import invoke

    path, ledger = _played(tmp_path)
    assert invoke("recalc", ledger, "--rules", "pagat", "--write").exit_code == 0
    assert table_results(load(path))[1] == [
        Problem(ledger, "it is scored under pagat, but the tournament plays plb")
    ]
