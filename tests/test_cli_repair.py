"""cli/repair.py: `baska upgrade` (format 1 to 2) and `baska repair` (see also
test_ledger_sheets.py); format 2's rules; extra columns and rows kept through every write."""

from __future__ import annotations

from pathlib import Path

from tests.clikit import V1, invoke, start_evening


def _json(path: str) -> str:
    result = invoke("ledger", path, "--format", "json")
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_upgrade_rewrites_format_1_as_format_2_and_nothing_else(tmp_path: Path) -> None:
    path = start_evening(tmp_path, version=1)
    assert invoke("void", path, "2").exit_code == 0
    before = _json(path)
    result = invoke("upgrade", path)
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "",
        f"{path}: rewritten in ledger format 2 (was 1); 3 hands\n",
    )
    assert _json(path) == before
    assert Path(path).read_text("utf-8").splitlines()[:2] + Path(path).read_text(
        "utf-8"
    ).splitlines()[7:9] == [
        "baska ledger,2,,,,,,,,,,",
        'players,"Ania","Bartek","Celina","Darek",,,,,,,',
        '1,Ania,"zw Ania+Celina 61 k",2,-2,2,-2,2,-2,2,-2,',
        '2,Bartek,"zo Darek 70",(-5),(-5),(-5),(+15),,,,,void',
    ]
    assert invoke("check", path).stderr == f"{path}: ok, 3 hands (ledger format 2)\n"
    result = invoke("upgrade", path)
    assert (result.exit_code, result.stderr) == (
        0,
        f"{path}: the ledger is in format 2 already; not changed\n",
    )


def test_format_2_cancelled_changes_are_in_parentheses_and_counted_ones_are_not(
    tmp_path: Path,
) -> None:
    path = start_evening(tmp_path, version=2)
    assert invoke("void", path, "2").exit_code == 0
    text = Path(path).read_text("utf-8")
    text = text.replace("(-5),(-5),(-5),(+15)", "-5,-5,-5,15")
    text = text.replace('"zw Ania+Celina 61 k",2,-2', '"zw Ania+Celina 61 k",(+2),-2')
    Path(path).write_text(text, "utf-8")
    result = invoke("check", path)
    assert (result.exit_code, result.stderr) == (
        1,
        f"{path}:8: hand 1: a counted hand's changes are plain numbers; changes in parentheses "
        f"mark a cancelled hand (void, amended or undone)\n"
        f"{path}:9: hand 2 (void): a cancelled hand's changes are written in parentheses, "
        f"(+2) (-2) (+0), so that a spreadsheet's SUM leaves them out\n"
        f"{path}: 2 problems\n",
    )


def test_extra_columns_and_rows_are_kept_through_every_write(tmp_path: Path) -> None:
    path = start_evening(tmp_path, version=1)
    lines = Path(path).read_text("utf-8").splitlines()
    lines.insert(5, "place,Gdańsk")
    lines[7] += ",note,time"
    lines[9] = lines[9] + ",,late,21:05"  # hand 2, a counted row of 11 cells
    Path(path).write_text("\n".join(lines) + "\n", "utf-8")
    assert invoke("check", path).stderr == f"{path}: ok, 4 hands{V1}\n"
    for command in (
        ("score", "--ledger", path, "ba", "Darek"),
        ("amend", path, "2", "zo", "Darek", "77"),
        ("void", path, "3"),
        ("recalc", path, "--write"),
        ("upgrade", path),
    ):
        assert invoke(*command).exit_code == 0, command
    text = Path(path).read_text("utf-8").splitlines()
    assert text[5] == "place,Gdańsk,,,,,,,,,,,,"
    assert text[7].endswith(",status,note,time")
    assert text[9:11] == [
        '2,Bartek,"zo Darek 70",(-5),(-5),(-5),(+15),,,,,amended,late,21:05',
        '2,Bartek,"zo Darek 77",-5,-5,-5,15,-3,-7,-3,13,,late,21:05',
    ]
    assert text[-1] == '5,Ania,"ba Darek",-10,-10,-10,30,-17,-21,-1,39,,,'


def test_a_header_that_names_other_players_is_refused_saying_so(tmp_path: Path) -> None:
    path = start_evening(tmp_path, version=2)
    text = Path(path).read_text("utf-8").replace("#,dealer,hand,Ania", "#,dealer,hand,Anja")
    Path(path).write_text(text, "utf-8")
    result = invoke("check", path)
    assert result.exit_code == 1
    assert result.stderr.endswith(
        '; the name "Anja" differs from "Ania" in the players row: both must name the same player\n'
    )


def test_a_name_with_a_question_mark_is_refused(tmp_path: Path) -> None:
    result = invoke("new", str(tmp_path / "e.csv"), "--players", "?ucja,Bartek,Celina,Darek")
    assert (result.exit_code, result.stderr) == (
        2,
        'Error: "?ucja" cannot be a player\'s name: "?" is what a program writes for a letter '
        "it could not save\n",
    )
