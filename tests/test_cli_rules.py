"""cli/rules.py: `baska rules`: the systems, their tables, an exported system scores the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from baska_cli.cli import cli


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_rules_lists_the_systems() -> None:
    code, out, _ = run("rules")
    names = [line.split()[0] for line in out.splitlines()]
    assert (code, names, "(default)" in out.splitlines()[0]) == (
        0,
        ["plb", "mester", "pagat"],
        True,
    )


@pytest.mark.parametrize(
    ("system", "fragment"),
    [
        ("plb", "cicha (ci) lost"),
        ("mester", "méster (me) won"),
        ("mester", "zolo bieda (zb) won"),
        ("pagat", "zolo du (zd) lost"),
    ],
)
def test_rules_tables(system: str, fragment: str) -> None:
    code, out, _ = run("rules", system)
    assert (code, fragment in out) == (0, True)


def test_rules_table_rows_match_rules_md() -> None:
    out = run("rules", "plb")[1]
    row = next(line for line in out.splitlines() if line.startswith("gran du (gd) lost"))
    assert [cell.rstrip("*") for cell in row.split()[4:]] == ["20", "40", "80", "X", "X"]


def test_rules_unknown_system_exits_2() -> None:
    code, _, err = run("rules", "nope")
    assert (code, '"nope" is not a rule system' in err) == (2, True)


HANDS = [
    "zw A+C 61 k",
    "zw C+D 26/1",
    "zw A+C 52 kr",
    "we A+D 78/3 krbh",
    "ci A 50 k:B,A",
    "zo D 52 k",
    "gr B 104 kr",
    "gd A /3",
    "zd C 104/4 k",
    "ba D",
]


@pytest.mark.parametrize("system", ["plb", "mester", "pagat"])
def test_exported_rules_score_the_same(system: str, tmp_path: Path) -> None:
    code, exported, _ = run("rules", system, "--export")
    path = tmp_path / f"{system}-house.toml"
    path.write_text(exported, "utf-8")
    batch = "\n".join([*HANDS, "me A", "zb B", "kara C"]) + "\n"
    original = run("score", "-b", "-", "-f", "json", "-r", system, stdin=batch)
    again = run("score", "-b", "-", "-f", "json", "-r", str(path), stdin=batch)

    def deltas(out: str) -> list[dict[str, int]]:
        return [json.loads(line)["deltas"] for line in out.splitlines()]

    assert code == 0

    def refused(err: str) -> list[str]:  # the line numbers (the system's name differs)
        return [line.split(":")[1] for line in err.splitlines()]

    assert (deltas(again[1]), refused(again[2]), again[0]) == (
        deltas(original[1]),
        refused(original[2]),
        original[0],
    )


def test_export_without_a_name_uses_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BASKA_RULES", "mester")
    code, out, _ = run("rules", "--export")
    assert (code, 'base = "mester"' in out.splitlines()) == (0, True)


def test_an_empty_name_is_refused() -> None:
    result = CliRunner().invoke(cli, ["rules", ""])
    assert result.exit_code == 2
    assert "--rules (or BASKA_RULES) is empty" in result.stderr


def test_an_empty_environment_variable_counts_as_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BASKA_RULES", "")
    result = CliRunner().invoke(cli, ["rules", "--export"])
    assert result.exit_code == 0
    assert 'base = "plb"' in result.stdout


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[provenance]\nwin_points = 5\n",
            '"provenance.win_points" must be a text in quotes, not 5',
        ),
        ('[provenance.contracts]\ngr = "x"\n', '"provenance.contracts" must be a text in quotes'),
        ("session.deals = [1.5]\n", '"session.deals" must be a list of whole numbers of deals'),
    ],
)
def test_a_wrongly_typed_value_in_a_rules_file(tmp_path: Path, text: str, message: str) -> None:
    house = tmp_path / "h.toml"
    house.write_text('base = "plb"\n' + text, "utf-8")
    for args in (["rules", str(house)], ["score", "-r", str(house), "zw", "A+C", "61"]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 1
        assert result.stderr == f"Error: {house}: {message}" + result.stderr.split(message)[1]
        assert result.exception is None or isinstance(result.exception, SystemExit)


# --- issue 16: a file baska writes must load back ---------------------------------------


def test_export_of_a_title_with_a_line_break_is_refused_at_the_door(tmp_path: Path) -> None:
    house = tmp_path / "h.toml"
    house.write_text('base = "plb"\ntitle = "a\\nb"\n', encoding="utf-8")
    code, out, err = run("rules", str(house), "--export")
    assert (code, out) == (1, "")
    assert '"title" must be one line of 1 to 200 printable characters' in err
    assert "'a\\nb'" in err and "Traceback" not in err


@pytest.mark.parametrize("system", ["plb", "mester", "pagat", "PLB"])
def test_every_export_loads_back_to_the_same_rules(system: str) -> None:
    from baska_cli.game.rules_toml import scoring_settings
    from baska_cli.rulesets.loader import builtin, house_rules

    code, out, _ = run("rules", system, "--export")
    assert code == 0
    assert scoring_settings(house_rules(out, "x")) == scoring_settings(builtin(system))


def test_export_of_a_house_file_in_an_odd_path_loads_back(tmp_path: Path) -> None:
    from baska_cli.game.rules_toml import scoring_settings
    from baska_cli.rulesets.loader import house_rules, load_rules

    folder = tmp_path / "a\nb"
    folder.mkdir()
    house = folder / ("x" * 60 + ".toml")
    house.write_text('base = "Pagat"\nwin_points = 60\n', encoding="utf-8")
    code, out, err = run("rules", str(house), "--export")
    assert (code, err) == (0, "")
    assert scoring_settings(house_rules(out, "x")) == scoring_settings(load_rules(str(house)))
