"""Every CSV file baska writes, opened in LibreOffice Calc (headless) as a comma, semicolon and
tab file with formulas evaluated: no cell is a formula, and no cell starts as one would in
Excel (`=`, `+`, `-`, `@` before anything but a number). The texts are the edge of what is
accepted: `;`, `,` and `-` inside clubs and titles, notation with commas, hostile file names."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.clikit import invoke

DATA = Path(__file__).parent / "data" / "sheets"
HOUSE = """base = "plb"
name = "klub-1"
title = "Klub; baśka, bez granów -1 @ Puck"
source = "nasz regulamin; wersja 2, -1"
[session]
place_points = [3, 1, -1, -3]
"""
SEPARATORS = {"comma": "44", "semicolon": "59", "tab": "9"}
_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?[ \])]*|[+-] *")


def _ok(result: object) -> None:
    assert getattr(result, "exit_code", 1) == 0, getattr(result, "output", "")


def _written(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every kind of CSV file baska writes, with the edge texts in it."""
    monkeypatch.chdir(tmp)
    (tmp / "h.toml").write_text(HOUSE, "utf-8")
    names = "Jan-K,Zoë,Ola.B,Łucja"
    files = []
    for name in ("a;=1+1.csv", "=2+2.csv"):
        _ok(invoke("new", name, "-p", names, "-r", "h.toml", "--deals", "8"))
        for hand in ("zw jan+ola 61 k", "zo zoe 77 k:jan,zoe", "adj J+4 Z-12 O+4 Ł+4"):
            _ok(invoke("score", "-l", name, *hand.split()))
        files.append(tmp / name)
    semicolon = tmp / "semicolon.csv"
    shutil.copy(DATA / "lo-utf8-semicolon.csv", semicolon)
    _ok(invoke("score", "-l", str(semicolon), "zo", "darek", "77", "k:Łucja,Darek"))
    files.append(semicolon)
    outputs = {
        "season.csv": ["ledger", "a;=1+1.csv", "=2+2.csv", "-f", "csv"],
        "stats.csv": ["stats", "a;=1+1.csv", "=2+2.csv", "-f", "csv"],
        "hands.csv": ["score", "-r", "h.toml", "-f", "csv", "--batch", "batch.txt"],
    }
    (tmp / "batch.txt").write_text("zw A+C 61 k\nzo B 77 k:A,B\nadj A+4 B-12 C+4 D+4\n", "utf-8")
    (tmp / "players.txt").write_text(
        "Ania,AZS; Kraków\nBartek,Legia - Warszawa\nCelina,Klub, +1\nDarek\n", "utf-8"
    )
    _ok(invoke("tournament", "new", "t", "-p", "players.txt", "--rounds", "1", "--deals", "8"))
    _ok(invoke("tournament", "draw", "t"))
    _ok(
        invoke(
            "tournament",
            "result",
            "t",
            "1",
            "1",
            "Ania=+40",
            "Bartek=-12",
            "Celina=-8",
            "Darek=-20",
        )
    )
    outputs["standings.csv"] = ["tournament", "standings", "t", "-f", "csv"]
    for out, command in outputs.items():
        result = invoke(*command)
        _ok(result)
        (tmp / out).write_text(result.stdout, "utf-8")
        files.append(tmp / out)
    files += sorted((tmp / "t").rglob("*.csv"))
    return files


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_no_cell_is_a_formula_in_any_separator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    work = tmp_path / "w"
    work.mkdir()
    files = _written(work, monkeypatch)
    assert len(files) >= 10
    flat = tmp_path / "flat"  # (LibreOffice names its output after the input's stem)
    flat.mkdir()
    for i, path in enumerate(files):
        shutil.copy(path, flat / f"f{i}.csv")
    for setting, separator in SEPARATORS.items():
        out = tmp_path / setting
        subprocess.run(
            [
                "soffice",
                "--headless",
                f"-env:UserInstallation=file://{tmp_path}/profile",
                # separator, quote, UTF-8, line 1, formats, language, quoted as text, special
                # numbers, …, evaluate formulas: on
                f"--infilter=CSV:{separator},34,76,1,,0,false,true,false,false,false,-1,true",
                "--convert-to",
                "fods",
                "--outdir",
                str(out),
                *sorted(map(str, flat.glob("*.csv"))),
            ],
            check=True,
            capture_output=True,
        )
        for i, path in enumerate(files):
            xml = (out / f"f{i}.fods").read_text("utf-8")
            where = f"{path.name} split on {setting}"
            assert "table:formula" not in xml, where
            cells = re.findall(r"<text:p>([^<]*)</text:p>", xml)
            assert cells, where  # (read: the file was converted)
            for cell in cells:
                text = cell.replace("&quot;", '"').lstrip(' "')
                if text[:1] in "=+-@" and text:
                    assert _NUMBER.fullmatch(text), f"{where}: {cell}"
