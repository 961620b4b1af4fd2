"""Honest standings: a table left out (no result, a sheet and a ledger both, more deals than
the series) is named on the printed standings and by `check`; stale lots are dropped."""

from __future__ import annotations

from pathlib import Path

from baska_cli.tournament.folder import load
from tests import tournamentkit as kit
from tests.clikit import invoke


def _liga(tmp_path: Path) -> tuple[Path, tuple[tuple[str, ...], ...]]:
    path = kit.drawn(tmp_path, kit.PLAIN, rounds=1, deals=8, rules="plb", seed="honest")
    return Path(path), load(path).draws[0].tables


def _result(folder: Path, table: int, members: tuple[str, ...], totals: tuple[int, ...]) -> None:
    kit.result(
        str(folder), 1, table, *(f"{n}={t:+d}" for n, t in zip(members, totals, strict=True))
    )


def test_a_table_without_a_result_is_named_on_the_text_and_the_page(tmp_path: Path) -> None:
    folder, (first, _second) = _liga(tmp_path)
    _result(folder, 1, first, (40, -12, -8, -20))
    page = tmp_path / "standings.html"
    shown = invoke("tournament", "standings", str(folder), "--html", str(page))
    assert shown.exit_code == 0
    assert shown.stdout.endswith(
        "\n\nnot counted in these standings:\n  round 1/table 2: no result yet\n"
    )
    assert "<li>round 1/table 2: no result yet</li>" in page.read_text("utf-8")


def test_a_ledger_and_a_sheet_both_are_named(tmp_path: Path) -> None:
    folder, (first, second) = _liga(tmp_path)
    _result(folder, 1, first, (40, -12, -8, -20))
    ledger = folder / "r1" / "t1.csv"
    assert invoke("score", "--ledger", str(ledger), "zw", "1+3", "61").exit_code == 0
    _result(folder, 2, second, (10, -10, 0, 0))
    shown = invoke("tournament", "standings", str(folder))
    assert (
        "  round 1/table 1: has a result from a sheet and 1 hand in its ledger; keep one of them"
        in shown.stdout
    )
    checked = invoke("tournament", "check", str(folder))
    assert checked.exit_code == 1
    assert "round 1/table 1: has a result from a sheet and 1 hand" in checked.stderr


def test_a_ledger_with_more_deals_than_the_series_is_left_out_and_named(tmp_path: Path) -> None:
    folder, (first, second) = _liga(tmp_path)
    ledger = folder / "r1" / "t1.csv"
    for _deal in range(8):
        assert invoke("score", "--ledger", str(ledger), "zw", "1+3", "61").exit_code == 0
    assert invoke("score", "--ledger", str(ledger), "zw", "1+3", "61", "--extra").exit_code == 0
    _result(folder, 2, second, (10, -10, 0, 0))
    message = f"{ledger}: 9 deals played, but the series has 8 deals; undo the extra ones"
    shown = invoke("tournament", "standings", str(folder))
    assert f"  {message}" in shown.stdout
    assert f"  1  {first[0]}" not in shown.stdout
    checked = invoke("tournament", "check", str(folder))
    assert checked.exit_code == 1 and message in checked.stderr


def test_lots_that_a_correction_made_stale_are_dropped_with_a_note(tmp_path: Path) -> None:
    folder, (first, second) = _liga(tmp_path)
    _result(folder, 1, first, (40, -12, -8, -20))
    _result(folder, 2, second, (40, -12, -8, -20))
    assert invoke("tournament", "lots", str(folder)).exit_code == 0
    drawn = invoke("tournament", "standings", str(folder)).stdout
    assert "lot 1" in drawn and "dropped" not in drawn
    entries = [f"{n}={t:+d}" for n, t in zip(second, (41, -13, -8, -20), strict=True)]
    corrected = invoke("tournament", "result", str(folder), "1", "2", *entries, "--correct")
    assert corrected.exit_code == 0
    shown = invoke("tournament", "standings", str(folder)).stdout
    notes = {line.split()[1]: line.split("  ")[-1] for line in shown.splitlines()[4:12]}
    for dissolved in (first[0], second[0], first[1], second[1]):  # first and second places
        assert "lot" not in notes[dissolved], shown
    assert "lot" in notes[first[2]] and "lot" in notes[second[2]]  # (still tied: still drawn)
    stale = ", ".join(sorted([first[0], second[0], first[1], second[1]]))
    assert (
        f"lots drawn after round 1 for {stale} are dropped: a correction changed their tie"
    ) in shown
