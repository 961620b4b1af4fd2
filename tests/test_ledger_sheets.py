"""Ledgers saved back by the real programs (tests/data/sheets, made by its make.sh with
LibreOffice 7.4 and Gnumeric 1.12): each reads back with the same hands, totals and names, or
is refused at file:line saying what happened and how to repair it; appends and rewrites keep
the file's dialect. A live round trip through the programs themselves is in the slow step."""

from __future__ import annotations

import csv
import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from baska_cli.ledger.dialect import sniff
from tests.clikit import V1, invoke

DATA = Path(__file__).parent / "data" / "sheets"
PLAYERS = ["Łucja", "Ścibor", "Żaneta", "Darek"]


def _sheet(path: Path) -> dict[str, object]:
    """What `baska ledger --format json` says of a ledger, without its file name."""
    result = invoke("ledger", str(path), "--format", "json")
    assert (result.exit_code, result.stderr) == (0, ""), result.stderr
    sheet = json.loads(result.stdout)
    del sheet["file"]
    return dict(sheet)


SOURCE = _sheet(DATA / "source.csv")

# file: what `baska check` adds after "ok, 4 hands"
READ_THE_SAME = {
    "lo-utf8.csv": " (ledger format 2)",
    "lo-utf8-semicolon.csv": " (ledger format 2; cells separated by semicolon)",
    "lo-1250.csv": " (ledger format 2; Windows-1250)",
    "lo-1250-semicolon.csv": " (ledger format 2; Windows-1250; cells separated by semicolon)",
    "lo-ods.csv": " (ledger format 2)",
    "lo-xlsx.csv": " (ledger format 2)",
    "lo-v1-utf8.csv": V1,
    "gnumeric.csv": " (ledger format 2)",
    "gnumeric-xlsx.csv": " (ledger format 2)",
    "source-v1.csv": V1,
}


def test_the_source_is_what_make_sh_recorded() -> None:
    assert SOURCE["players"] == PLAYERS
    assert SOURCE["totals"] == {"Łucja": -25, "Ścibor": -25, "Żaneta": -5, "Darek": 55}
    assert [h["notation"] for h in SOURCE["hands"]] == [  # type: ignore[attr-defined]
        "zw Łucja+Żaneta 70",
        "zo Darek 77 k:Łucja,Darek",
        "ci Ścibor 40",
        "gr Żaneta 68",
        "zw Ścibor+Darek 78",
    ]


@pytest.mark.parametrize("name", sorted(READ_THE_SAME))
def test_a_round_trip_reads_the_same(name: str) -> None:
    path = DATA / name
    result = invoke("check", str(path))
    assert (result.exit_code, result.stderr) == (0, f"{path}: ok, 4 hands{READ_THE_SAME[name]}\n")
    assert _sheet(path) == SOURCE


GARBLED = {
    # UTF-8 read as Windows-1252 and saved as UTF-8 (LibreOffice reads the byte 0x81, which
    # Windows-1252 lacks, as U+F181), and the same read as Windows-1250
    "lo-default-import.csv": "Å\uf181ucja",
    "lo-default-import-1250.csv": "Ĺ\uf181ucja",
}


@pytest.mark.parametrize("name", sorted(GARBLED))
def test_garbled_text_is_refused_then_repaired(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    damaged = path.read_bytes()
    garbled = GARBLED[name]
    assert garbled in damaged.decode("utf-8")
    message = (
        f'{path}:2: the players row: "{garbled}" is garbled text, probably "Łucja": the file '
        f"was opened in a spreadsheet with the wrong character set and saved again; `baska "
        f"repair {path}` puts it right (the damaged file is kept beside it)\n"
    )
    assert (invoke("check", str(path)).exit_code, invoke("check", str(path)).stderr) == (
        1,
        message,
    )
    for command in (("ledger",), ("score", "--ledger", str(path), "ba", "Darek")):
        args = (*command, str(path)) if command == ("ledger",) else command
        result = invoke(*args)
        assert (result.exit_code, result.stderr) == (1, f"Error: {message}")
    assert path.read_bytes() == damaged
    path.chmod(0o640)
    result = invoke("repair", str(path))
    assert result.exit_code == 0
    assert path.stat().st_mode & 0o777 == 0o640  # the ledger's mode is kept
    assert result.stderr == (
        f"{path}: 10 lines repaired; the damaged file is kept as {path}.damaged\n"
    )
    assert f"{path}:2: +players,Łucja,Ścibor,Żaneta,Darek,,,,,,," in result.stdout
    assert Path(f"{path}.damaged").read_bytes() == damaged
    # what LibreOffice writes when the file is imported as UTF-8: byte for byte
    assert path.read_bytes() == (DATA / "lo-utf8.csv").read_bytes()
    assert _sheet(path) == SOURCE


def test_a_second_repair_never_overwrites_the_damaged_copy(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    shutil.copy(DATA / "lo-default-import.csv", path)
    Path(f"{path}.damaged").write_text("mine", "utf-8")
    result = invoke("repair", str(path))
    assert result.stderr.endswith(f"the damaged file is kept as {path}.damaged-2\n")
    assert Path(f"{path}.damaged").read_text("utf-8") == "mine"
    result = invoke("repair", str(path))
    assert (result.exit_code, result.stdout) == (
        0,
        f"{path}: no garbled text found; the file was not changed\n",
    )


REFUSED = {
    "lo-xlsx-1252.csv": (
        2,
        'the players row: "?ucja" has a "?" where a letter was: the program that saved the '
        "file wrote it in a character set without that letter (as an .xlsx saved as plain "
        "CSV); a name cannot hold it. Save the sheet again as CSV in UTF-8 from the original, "
        "or restore a copy",
    ),
    "gnumeric-v1.csv": (
        1,
        'the first row is one cell, "baska ledger,1": the program that saved the file took '
        "another character than the comma as the separator (Gnumeric guesses it, and can "
        "guess wrong); open the original again with comma as the separator, or restore a "
        "copy (a ledger of format 1 with a quoted hand misleads Gnumeric's guess: `baska "
        "upgrade` it first)",
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_damaged_round_trip_is_refused_saying_why(name: str, tmp_path: Path) -> None:
    path = tmp_path / name  # (a copy: repair takes the ledger's lock beside it)
    shutil.copy(DATA / name, path)
    line, message = REFUSED[name]
    result = invoke("check", str(path))
    assert (result.exit_code, result.stderr) == (1, f"{path}:{line}: {message}\n")
    result = invoke("repair", str(path))  # nothing garbled: nothing written
    assert (result.exit_code, result.stdout) == (
        0,
        f"{path}: no garbled text found; the file was not changed\n",
    )


@pytest.mark.parametrize("name", sorted(READ_THE_SAME))
def test_appends_and_rewrites_keep_the_dialect(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    before = path.read_bytes()
    dialect = sniff(before, True)
    result = invoke("score", "--ledger", str(path), "ba", "Darek")
    assert result.exit_code == 0, result.stderr
    after = path.read_bytes()
    assert after.startswith(before)
    added = after[len(before) :].decode(dialect.encoding)
    sep = dialect.sep
    version = 1 if "v1" in name else 2
    cells = ["6", "Ścibor", "ba Darek", "-10", "-10", "-10", "30", "-35", "-35", "-15", "85"]
    if version == 1:
        assert added == sep.join(cells) + dialect.newline
    else:
        cells[2] = '"ba Darek"'
        assert added == sep.join([*cells, ""]) + dialect.newline
    assert invoke("void", str(path), "6").exit_code == 0
    rewritten = path.read_bytes()
    assert sniff(rewritten, True) == dialect
    old, new = _rows(after, dialect.encoding, sep), _rows(rewritten, dialect.encoding, sep)
    assert len(old) == len(new)
    changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    void = ["6", "Ścibor", "ba Darek", "-10", "-10", "-10", "30", "", "", "", "", "void"]
    if version == 2:
        void[3:7] = ["(-10)", "(-10)", "(-10)", "(+30)"]
    assert changed == [(_trimmed([*cells[:2], "ba Darek", *cells[3:]]), void)]


def _trimmed(cells: list[str]) -> list[str]:
    """Cells without the empty ones at the end (format 1 leaves them out)."""
    while cells and not cells[-1]:
        cells = cells[:-1]
    return cells


def _rows(data: bytes, encoding: str, sep: str) -> list[list[str]]:
    """A file's rows as a spreadsheet reads them: cells, quotes undone, empty ends trimmed."""
    text = data.decode(encoding).removeprefix("\ufeff")
    return [_trimmed(row) for row in csv.reader(text.splitlines(), delimiter=sep)]


def test_a_sum_over_a_change_column_is_the_players_total() -> None:
    """What a spreadsheet's SUM adds: the cells that are numbers (text such as "(+8)", a
    cancelled hand's change, is left out; LibreOffice and Gnumeric read it as text)."""
    with open(DATA / "source.csv", encoding="utf-8", newline="") as stream:
        rows = list(csv.reader(stream))
    header = next(i for i, row in enumerate(rows) if row[0] == "#")
    assert {len(row) for row in rows} == {12}  # every row as wide as the header
    sums = {}
    for column, player in enumerate(PLAYERS, start=3):
        numbers = []
        for row in rows[header + 1 :]:
            try:
                numbers.append(int(row[column]))
            except ValueError:
                assert row[column].startswith("(") and row[11] in ("void", "amended", "undone")
        sums[player] = sum(numbers)
    assert sums == SOURCE["totals"]


def _has(program: str) -> bool:
    return shutil.which(program) is not None


CANCELLED = re.compile(r"\([+-][0-9]+\)")


@pytest.mark.slow
@pytest.mark.skipif(not _has("ssconvert"), reason="Gnumeric's ssconvert is not installed")
def test_live_gnumeric_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "g.csv"
    subprocess.run(["ssconvert", str(DATA / "source.csv"), str(out)], check=True)
    assert _sheet(out) == SOURCE
    sheet = tmp_path / "g.gnumeric"  # the cells as Gnumeric holds them: (+8) is text (60)
    subprocess.run(["ssconvert", str(DATA / "source.csv"), str(sheet)], check=True)
    xml = gzip.decompress(sheet.read_bytes()).decode("utf-8")
    cells = re.findall(r'ValueType="(\d+)"[^>]*>([^<]*)<', xml)
    assert {kind for kind, text in cells if CANCELLED.fullmatch(text)} == {"60"}


@pytest.mark.slow
@pytest.mark.skipif(not _has("soffice"), reason="LibreOffice (soffice) is not installed")
def test_live_libreoffice_round_trip(tmp_path: Path) -> None:
    subprocess.run(
        [
            "soffice",
            "--headless",
            f"-env:UserInstallation=file://{tmp_path}/profile",
            "--infilter=CSV:44,34,76,1",
            "--convert-to",
            "csv:Text - txt - csv (StarCalc):59,34,33",
            "--outdir",
            str(tmp_path / "out"),
            str(DATA / "source.csv"),
        ],
        check=True,
        capture_output=True,
    )
    assert _sheet(tmp_path / "out" / "source.csv") == SOURCE
    subprocess.run(  # the cells as Calc holds them, with "Detect special numbers" on
        [
            "soffice",
            "--headless",
            f"-env:UserInstallation=file://{tmp_path}/profile",
            "--infilter=CSV:44,34,76,1,,0,false,true",
            "--convert-to",
            "fods",
            "--outdir",
            str(tmp_path / "out"),
            str(DATA / "source.csv"),
        ],
        check=True,
        capture_output=True,
    )
    xml = (tmp_path / "out" / "source.fods").read_text("utf-8")
    cells = re.findall(r'office:value-type="(\w+)"[^>]*>\s*<text:p>([^<]*)<', xml)
    assert {kind for kind, text in cells if CANCELLED.fullmatch(text)} == {"string"}
    assert {kind for kind, text in cells if text.lstrip("-").isdigit()} == {"float"}
