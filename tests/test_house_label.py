"""House rules never pass for a built-in system: a house file may not take a built-in's name
or title (case-, accent- and invisible-blind), and every page of a ledger played under house
rules says "house rules: NAME" (the hand line, the sheet, the report, `check`, `play`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli.errors import RulesFileError
from baska_cli.rulesets.loader import builtin, load_rules
from tests.clikit import invoke

TAKEN = [
    'name = "plb"',
    'name = "PLB"',
    'name = "Mester"',
    'name = "méster"',
    'name = "MÉSTER"',
    'name = "pa\u200bgat"',  # (refused as a control character before the name is compared)
    'name = "pagat\ufe0f"',
    f'title = "{builtin("plb").title}"',
    f'title = "{builtin("mester").title.upper()}"',
    f'name = "{builtin("pagat").title}"',
    'title = "plb"',
]


@pytest.mark.parametrize("line", TAKEN)
def test_a_house_file_cannot_take_a_built_in_name_or_title(line: str, tmp_path: Path) -> None:
    house = tmp_path / "club.toml"
    house.write_text(f'base = "plb"\n{line}\n', "utf-8")
    with pytest.raises(RulesFileError) as caught:
        load_rules(str(house))
    assert str(caught.value).startswith(f"{house}: ")
    for command in (["rules", str(house)], ["score", "-r", str(house), "ba", "A"]):
        result = invoke(*command)
        assert result.exit_code == 1, result.output  # a broken rules file
        assert "Traceback" not in result.output
    result = invoke("new", str(tmp_path / "e.csv"), "-p", "A,B,C,D", "-r", str(house))
    assert result.exit_code == 1
    assert not (tmp_path / "e.csv").exists()


@pytest.mark.parametrize("stem", ["plb", "PLB", "Mester", "pagat"])
def test_a_house_file_named_like_a_built_in_is_called_house(stem: str, tmp_path: Path) -> None:
    house = tmp_path / f"{stem}.toml"
    house.write_text('base = "plb"\nwin_points = 60\n', "utf-8")
    rules = load_rules(str(house))
    assert rules.name == "house"
    assert rules.label == "house rules: house"


def test_a_name_of_its_own_is_kept(tmp_path: Path) -> None:
    house = tmp_path / "h.toml"
    house.write_text('base = "plb"\nname = "plb-house"\ntitle = "Our plb"\n', "utf-8")
    assert load_rules(str(house)).label == "house rules: plb-house"
    assert builtin("plb").label == "plb"


@pytest.fixture
def house_ledger(tmp_path: Path) -> Path:
    """A ledger played under house rules that an older baska let call themselves "plb"."""
    house = tmp_path / "h.toml"
    house.write_text('base = "plb"\nname = "klub"\nwin_points = 60\n', "utf-8")
    path = tmp_path / "e.csv"
    assert (
        invoke("new", str(path), "-p", "Ania,Bartek,Celina,Darek", "-r", str(house)).exit_code == 0
    )
    text = path.read_text("utf-8").replace('""klub""', '""plb""').replace(",klub,", ",plb,")
    path.write_text(text, "utf-8")
    result = invoke("score", "-l", str(path), "zw", "ania+cel", "61")
    assert result.exit_code == 0, result.output
    assert "(house rules: plb)" in result.stdout.splitlines()[0]  # the hand line
    return path


def test_every_page_of_a_house_ledger_says_house_rules(house_ledger: Path, tmp_path: Path) -> None:
    path = str(house_ledger)
    sheet = invoke("ledger", path)
    assert sheet.stdout.splitlines()[0].startswith(f"{path} — house rules: plb: ")
    check = invoke("check", path)
    assert check.exit_code == 0
    assert check.stderr == f"{path}: ok, 1 hand (ledger format 2; house rules: plb)\n"
    other = tmp_path / "f.csv"
    other.write_bytes(house_ledger.read_bytes())
    several = invoke("ledger", path, str(other))
    assert "house rules: plb" in several.stdout
    report = tmp_path / "r.html"
    assert invoke("report", path, "-o", str(report)).exit_code == 0
    assert "house rules: plb" in report.read_text("utf-8")
    shown = invoke("--lang", "pl", "ledger", path)
    assert "zasady domowe: plb" in shown.stdout


def test_play_says_house_rules(house_ledger: Path) -> None:
    from baska_cli.cli.play_screen import start_lines
    from baska_cli.play.evening import Scorekeeper

    keeper = Scorekeeper(str(house_ledger))
    assert "house rules: plb: " in start_lines(keeper, 400)[0]
