"""render/tournament/workbook.py: `--xlsx FILE` on `tournament standings` (with `--teams`
and `--category`), `season` and `status` writes a real workbook — numbers as numbers, headers
in the chosen language — read back here from its XML and, in the slow test, by LibreOffice in
a Polish locale; XlsxWriter is imported by these options only."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest

from tests.clikit import invoke

NS = {"x": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
PLAYERS = """\
name,club,team,category,id
Jan Kowalski,Puck,Orły,M,101
Jan Kowalski,Hel,Orły,M,102
Anna Nowak,,Orły,K,7
Żaneta Łęcka,,Orły,K,8
Bartek,,Sokoły,M,10
Celina,,Sokoły,K,11
Darek,,Sokoły,M,12
Feliks,,Sokoły,M,13
"""


@pytest.fixture
def liga(tmp_path: Path) -> str:
    players = tmp_path / "gracze.csv"
    players.write_text(PLAYERS, "utf-8")
    path = str(tmp_path / "liga")
    made = invoke("tournament", "new", path, "-p", str(players), "--rounds", "2", "--deals",
                  "16", "-r", "mester", "--seed", "3")  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert invoke("tournament", "draw", path).exit_code == 0
    for table, totals in ((1, ("+30", "-10", "-10", "-10")), (2, ("+20", "+20", "-20", "-20"))):
        entries = [f"{s}={t}" for s, t in enumerate(totals, 1)]
        assert invoke("tournament", "result", path, "1", str(table), *entries).exit_code == 0
    return path


def cells(path: Path, sheet: int = 1) -> list[list[str | float]]:
    """A sheet's rows from the workbook's XML: text as str, a number as float."""
    with zipfile.ZipFile(path) as book:
        strings = [
            "".join(t.text or "" for t in si.iter(f"{{{NS['x']}}}t"))
            for si in ElementTree.fromstring(book.read("xl/sharedStrings.xml"))
        ]
        root = ElementTree.fromstring(book.read(f"xl/worksheets/sheet{sheet}.xml"))
    rows = []
    for row in root.iterfind(".//x:sheetData/x:row", NS):
        found: list[str | float] = []
        for c in row.iterfind("x:c", NS):
            value = c.find("x:v", NS)
            column = ord(str(c.get("r"))[0]) - ord("A")  # (A to Z: no sheet here is wider)
            found += [""] * (column - len(found))
            if value is not None and value.text is not None:
                text = value.text
                found.append(strings[int(text)] if c.get("t") == "s" else float(text))
        rows.append(found)
    return rows


def test_standings_as_a_workbook_hold_numbers(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "liga.xlsx"
    done = invoke("--lang", "pl", "tournament", "standings", liga, "--xlsx", str(out))
    assert done.exit_code == 0, done.stderr
    assert f"{out}: zapisano skoroszyt" in done.stderr
    rows = cells(out)
    assert rows[1][:8] == ["miejsce", "zmiana", "gracz", "klub", "punkty za miejsca", "suma",
                           "wygrane stoły", "uwagi"]  # fmt: skip
    first = rows[2]
    assert first[:7] == [1.0, "", "Jan Kowalski (Jan.K.102)", "Hel", 8.0, 30.0, 1.0]
    points = sorted(float(row[4]) for row in rows[2:])
    assert points[:3] == [0.5, 0.5, pytest.approx(4 / 3)]  # exact in the cell, not 1.33
    with zipfile.ZipFile(out) as book:
        styles = book.read("xl/styles.xml").decode()
    assert 'formatCode="0.00"' in styles and 'formatCode="0.0"' in styles
    again = invoke("tournament", "standings", liga, "--xlsx", str(out))  # baska's own: replaced
    assert again.exit_code == 0, again.stderr
    assert cells(out)[1][0] == "place"


def test_teams_categories_season_and_status_as_workbooks(liga: str, tmp_path: Path) -> None:
    for args, sheet, header in [
        (("tournament", "standings", liga, "--teams"), 1, "drużyna"),
        (("tournament", "standings", liga, "--category", "all"), 2, "punkty za miejsca"),
        (("tournament", "season", liga), 1, "punkty sezonu"),
        (("tournament", "status", liga), 1, "stół"),
    ]:
        out = tmp_path / f"{args[1]}{len(args)}.xlsx"
        done = invoke("--lang", "pl", *args, "--xlsx", str(out))
        assert done.exit_code == 0, done.stderr
        rows = cells(out, sheet)
        assert header in rows[1]
        assert all(isinstance(row[0], float) for row in rows[2:]), rows


def test_a_file_baska_did_not_write_is_not_replaced(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "mine.xlsx"
    out.write_bytes(b"PK\x03\x04 someone's workbook")
    done = invoke("tournament", "standings", liga, "--xlsx", str(out))
    assert done.exit_code == 1 and "baska did not write it" in done.stderr
    assert out.read_bytes() == b"PK\x03\x04 someone's workbook"


def test_the_workbook_library_is_loaded_only_for_a_workbook() -> None:
    code = (
        "import sys; from baska_cli.cli import cli\n"
        "try: cli(['score', '7', 'zo', 'ac', '--players', 'A,B,C,D'])\n"
        "except SystemExit: pass\n"
        "import baska_cli.cli.tournament.scores, baska_cli.cli.tournament.season\n"
        "import baska_cli.cli.tournament.confirm\n"
        "print('xlsxwriter' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stderr


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_in_polish_reads_every_number_as_a_number(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "liga.xlsx"
    written = invoke("--lang", "pl", "tournament", "standings", liga, "--xlsx", str(out))
    assert written.exit_code == 0, written.stderr
    env = {**os.environ, "LC_ALL": "pl_PL.UTF-8", "LANG": "pl_PL.UTF-8"}
    profile = (tmp_path / "profile").as_uri()
    # text cells quoted, numbers as shown in the locale: a number is an unquoted cell
    csv_filter = "csv:Text - txt - csv (StarCalc):59,34,76,1,,1045,true,true,true"
    done = subprocess.run(
        ["soffice", f"-env:UserInstallation={profile}", "--headless", "--convert-to", csv_filter,
         "--outdir", str(tmp_path / "csv"), str(out)],
        capture_output=True, text=True, env=env, timeout=180,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = (tmp_path / "csv" / "liga.csv").read_text("utf-8").splitlines()
    assert lines[2].startswith('"miejsce";"zmiana";"gracz";"klub";"punkty za miejsca"')
    rows = [line.split(";") for line in lines[3:]]
    assert rows[0][:6] == ["1", "", '"Jan Kowalski (Jan.K.102)"', '"Hel"', "8", "30"]
    assert sorted(row[4] for row in rows) == ["0,5", "0,5", "1,33", "1,33", "1,33", "6,5", "6,5",
                                              "8"]  # fmt: skip
    assert all(not row[0].startswith('"') and not row[5].startswith('"') for row in rows)
    # the cells hold the place points exactly (shown to two decimals): saved as they are
    exact = subprocess.run(
        ["soffice", f"-env:UserInstallation={profile}", "--headless", "--convert-to",
         csv_filter.replace("true,true,true", "true,true,false"), "--outdir",
         str(tmp_path / "exact"), str(out)],
        capture_output=True, text=True, env=env, timeout=180,
    )  # fmt: skip
    assert exact.returncode == 0, exact.stderr
    held = (tmp_path / "exact" / "liga.csv").read_text("utf-8").splitlines()[3:]
    assert sorted({line.split(";")[4] for line in held}) == [
        "0,5", "1,33333333333333", "6,5", "8",
    ]  # fmt: skip


def page_setup(path: Path, sheet: int = 1) -> dict[str, str]:
    """A sheet's printing: its pageSetup's attributes, fitToPage, the rows repeated on every
    page (the workbook's print titles) and the footer."""
    with zipfile.ZipFile(path) as book:
        root = ElementTree.fromstring(book.read(f"xl/worksheets/sheet{sheet}.xml"))
        titles = ElementTree.fromstring(book.read("xl/workbook.xml"))
    setup = dict(root.find("x:pageSetup", NS).attrib)  # type: ignore[union-attr]
    fit = root.find("x:sheetPr/x:pageSetUpPr", NS)
    setup["fitToPage"] = fit.get("fitToPage", "") if fit is not None else ""
    names = titles.iterfind(".//x:definedName", NS)
    ours = [d for d in names if d.get("localSheetId") == str(sheet - 1)]
    titled = [d.text or "" for d in ours if d.get("name") == "_xlnm.Print_Titles"]
    setup["titles"] = titled[0] if titled else ""
    footer = root.find("x:headerFooter/x:oddFooter", NS)
    setup["footer"] = footer.text or "" if footer is not None else ""
    return setup


def test_workbooks_print_on_a4_fit_to_width_with_the_header_repeated(
    liga: str, tmp_path: Path
) -> None:
    for args, orientation in [
        (("tournament", "standings", liga), "portrait"),  # (narrow enough)
        (("tournament", "status", liga, "--round", "1"), "landscape"),
    ]:
        out = tmp_path / f"{args[1]}.xlsx"
        done = invoke("--lang", "pl", *args, "--xlsx", str(out))
        assert done.exit_code == 0, done.stderr
        setup = page_setup(out)
        assert (setup["paperSize"], setup["orientation"]) == ("9", orientation)
        assert setup.get("fitToWidth", "1") == "1"  # (1: the file format's default)
        assert (setup["fitToHeight"], setup["fitToPage"]) == ("0", "1")
        assert setup["titles"].endswith("!$3:$3")
        assert setup["footer"] == "&Cstrona &P z &N"


def test_the_status_workbook_names_the_players_in_full(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "runda.xlsx"
    done = invoke("tournament", "status", liga, "--round", "1", "--xlsx", str(out))
    assert done.exit_code == 0, done.stderr
    shown = {name for row in cells(out)[2:] for name in row[3:7]}
    assert "Jan Kowalski (Jan.K.101)" in shown and "Żaneta Łęcka (Żaneta.Ł)" in shown
    assert not any(isinstance(n, str) and n.startswith("Jan.K") for n in shown)
