"""End-to-end sessions through the CLI: new, score --ledger, ledger, edits, check, recalc."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from baska_cli.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), env=env)


@pytest.fixture
def evening(tmp_path: Path) -> str:
    path = str(tmp_path / "evening.csv")
    result = run("new", path, "--players", "Ania,Bartek,Celina,Darek", "--deals", "8")
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == (
        f"{path}: Ania, Bartek, Celina, Darek (plb, 8 deals); Ania deals first, Bartek leads\n"
    )
    for hand in ("zw ac 61 k", "zo d 70", "gr bart 53", "ci 3 70"):
        result = run("score", "--ledger", path, *hand.split())
        assert result.exit_code == 0, result.output
    return path


def test_score_ledger_prints_changes_totals_and_who_deals(evening: str) -> None:
    result = run("score", "-l", evening, "ba", "Darek")
    assert result.exit_code == 0
    assert result.stdout == (
        "hand 5 (dealt by Ania): ba Darek   (plb)\n"
        "         Ania    Bartek    Celina    Darek\n"
        "-----  ------  --------  --------  -------\n"
        " hand     -10       -10       -10      +30\n"
        "total     -22        -6        -6      +34\n"
        "baśka Darek – wygrana bez rozgrywki: 10 = 10 od każdego, Darek +30\n"
        "next: Bartek deals, Celina leads (3 of 8 deals left)\n"
    )


def test_score_ledger_from_the_environment_json_and_dry_run(evening: str) -> None:
    before = Path(evening).read_text("utf-8")
    result = run("score", "-n", "-f", "json", "zw", "b+d", "78", env={"BASKA_LEDGER": evening})
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert (record["n"], record["dealer"], record["notation"]) == (5, "Ania", "zw Bartek+Darek 78")
    assert record["deltas"] == {"Ania": -1, "Bartek": 1, "Celina": -1, "Darek": 1}
    assert record["totals"] == {"Ania": -13, "Bartek": 5, "Celina": 3, "Darek": 5}
    assert (record["next_dealer"], record["next_leader"], record["deals_left"]) == (
        "Bartek",
        "Celina",
        3,
    )
    assert result.stderr == f"dry run: hand 5 was not recorded in {evening}\n"
    assert Path(evening).read_text("utf-8") == before


def test_score_ledger_csv(evening: str) -> None:
    result = run("score", "-l", evening, "-f", "csv", "ba", "D")
    assert result.exit_code == 0
    header, row = result.stdout.splitlines()
    assert header.endswith(
        ",n,dealer,Ania total,Bartek total,Celina total,Darek total,next dealer,next leader"
    )
    assert row.startswith("ba Darek,plb,ba,")
    assert row.endswith(",5,Ania,-22,-6,-6,34,Bartek,Celina")


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (("zw", "Ania+Ewa", "61"), 2, '"Ewa" in "Ania+Ewa" is not a player'),
        (("zwo", "A", "61"), 2, "is not a contract"),
        (("me", "Ania"), 2, 'not a contract of the rule system "plb"'),
        (("--rules", "mester", "zw", "ab", "70"), 2, 'is played under "plb"'),
    ],
)
def test_bad_hands_are_refused_and_not_recorded(
    evening: str, args: tuple[str, ...], code: int, fragment: str
) -> None:
    before = Path(evening).read_text("utf-8")
    result = run("score", "--ledger", evening, *args)
    assert result.exit_code == code
    assert fragment in result.stderr
    assert result.stdout == ""
    assert Path(evening).read_text("utf-8") == before


def test_new_refuses_bad_names_and_existing_files(evening: str, tmp_path: Path) -> None:
    result = run("new", evening, "--players", "A,B,C,D")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {evening}: the file exists already; a new ledger never overwrites a file\n",
    )
    other = str(tmp_path / "x.csv")
    for players, fragment in [
        ("Ania,ania,Celina,Darek", "appears twice"),
        ("Ania,Bartek,Celina,Ąnia", "appears twice"),
        ("Ania,Bartek,Celina,@Darek", "formula"),
        ("Ania,Bartek,Celina", "4 players"),
    ]:
        result = run("new", other, "--players", players)
        assert result.exit_code == 2
        assert fragment in result.stderr
    assert not Path(other).exists()


def test_new_with_dealer_and_house_rules(tmp_path: Path) -> None:
    house = tmp_path / "club.toml"
    house.write_text('base = "plb"\nsolo_loss_multiplier = 1\n', "utf-8")
    path = str(tmp_path / "e.csv")
    result = run("new", path, "-p", "Ania,Bartek,Celina,Darek", "-r", str(house), "-d", "cel")
    assert result.exit_code == 0
    house.unlink()
    result = run("score", "-l", path, "zo", "a", "40")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "hand 1 (dealt by Celina): zo Ania 40   (club)"
    assert result.stdout.splitlines()[3] == " hand     -15        +5        +5       +5"


SHEET = """\
{path} — plb: Polska Liga Baśki (baśka czerwona)

                                         this hand                     running total
#  dealer  hand                 Ania  Bartek  Celina  Darek  │  Ania  Bartek  Celina  Darek
-  ------  -------------------  ----  ------  ------  -----  │  ----  ------  ------  -----
1  Ania    zw Ania+Celina 61 k    +2      -2      +2     -2  │    +2      -2      +2     -2
2  Bartek  zo Darek 70            -5      -5      -5    +15  │    -3      -7      -3    +13
3  Celina  gr Bartek 53           -5     +15      -5     -5  │    -8      +8      -8     +8
4  Darek   ci Celina 70           -4      -4     +12     -4  │   -12      +4      +4     +4

  place  player      total    place points
-------  --------  -------  --------------
      1  Bartek         +4               3
      1  Celina         +4               3
      1  Darek          +4               3
      4  Ania          -12               0

4 of 8 deals left; next: Ania deals, Bartek leads
"""


def test_the_whole_evening(evening: str) -> None:
    result = run("ledger", evening)
    assert result.exit_code == 0
    assert result.stdout == SHEET.format(path=evening)

    data = json.loads(run("ledger", evening, "--format", "json").stdout)
    assert data["totals"] == {"Ania": -12, "Bartek": 4, "Celina": 4, "Darek": 4}
    assert [(h["n"], h["notation"]) for h in data["hands"]][:2] == [
        (1, "zw Ania+Celina 61 k"),
        (2, "zo Darek 70"),
    ]
    assert data["deals"] == {"planned": 8, "played": 4, "left": 4}

    csv_out = run("ledger", evening, "--format", "csv").stdout.splitlines()
    assert csv_out[0] == (
        "n,dealer,hand,status,Ania,Bartek,Celina,Darek,"
        "Ania total,Bartek total,Celina total,Darek total"
    )
    assert csv_out[4] == "4,Darek,ci Celina 70,,-4,-4,12,-4,-12,4,4,4"

    # amend hand 3: the old text stays, marked amended; totals follow
    result = run("amend", evening, "3", "gr", "Bartek", "40")
    assert result.exit_code == 0
    assert result.stderr == f'{evening}: hand 3 "gr Bartek 53" is amended to "gr Bartek 40"\n'
    # void hand 2: keeps its number, its score is skipped
    assert run("void", evening, "2").exit_code == 0
    result = run("void", evening, "2")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {evening}:9: hand 2 is void already\n",
    )
    # undo the last hand, record another in its place
    result = run("undo", evening)
    assert result.exit_code == 0
    assert result.stderr == (
        f'{evening}: hand 4 "ci Celina 70" is undone: the next hand is hand 4 again\n'
    )
    assert run("score", "-l", evening, "me", "Ania").exit_code == 2
    assert run("score", "-l", evening, "ba", "Ania").exit_code == 0
    lines = Path(evening).read_text("utf-8").splitlines()
    assert lines[7:] == [
        "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2",
        "2,Bartek,zo Darek 70,-5,-5,-5,15,,,,,void",
        "3,Celina,gr Bartek 53,-5,15,-5,-5,,,,,amended",
        "3,Celina,gr Bartek 40,10,-30,10,10,12,-32,12,8",
        "4,Darek,ci Celina 70,-4,-4,12,-4,,,,,undone",
        "4,Darek,ba Ania,30,-10,-10,-10,42,-42,2,-2",
    ]
    data = json.loads(run("ledger", evening, "-f", "json").stdout)
    assert data["totals"] == {"Ania": 42, "Bartek": -42, "Celina": 2, "Darek": -2}
    assert [(h["n"], h.get("void", False)) for h in data["hands"]] == [
        (1, False),
        (2, True),
        (3, False),
        (4, False),
    ]
    assert data["hands"][2]["amends"] == ["gr Bartek 53"]

    result = run("check", evening)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", f"{evening}: ok, 3 hands\n")

    # recalc under mester: show the difference, then write it
    result = run("recalc", evening, "--rules", "mester", "--diff")
    assert result.exit_code == 0
    assert result.stdout == (
        f"--- {evening} (plb)\n"
        f"+++ {evening} (mester)\n"
        "-    3  gr Bartek 40                 +10     -30     +10     +10\n"
        "+    3  gr Bartek 40                  +5     -15      +5      +5\n"
        "totals      Ania    Bartek    Celina    Darek\n"
        "--------  ------  --------  --------  -------\n"
        "plb          +42       -42        +2       -2\n"
        "mester       +37       -27        -3       -7\n"
    )
    assert result.stderr == f"{evening}: 1 hand changes under mester; not written (use --write)\n"
    assert Path(evening).read_text("utf-8").splitlines()[2] == "rules,plb"

    result = run("recalc", evening, "--rules", "mester", "--write")
    assert result.exit_code == 0
    assert result.stderr == f"{evening}: rewritten under mester; 1 hand changes\n"
    lines = Path(evening).read_text("utf-8").splitlines()
    assert lines[2] == "rules,mester"
    assert lines[10:] == [
        "3,Celina,gr Bartek 40,5,-15,5,5,7,-17,7,3",
        "4,Darek,ci Celina 70,-4,-4,12,-4,,,,,undone",
        "4,Darek,ba Ania,30,-10,-10,-10,37,-27,-3,-7",
    ]
    assert run("check", evening).exit_code == 0
    # now a mester-only hand, which plb rejects: recalc names its line and --write refuses
    assert run("score", "-l", evening, "me", "Bartek").exit_code == 0
    before = Path(evening).read_text("utf-8")
    result = run("recalc", evening, "--rules", "plb", "--write")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f'{evening}:14: hand 5 "me Bartek": "me" (méster) is not a contract of the rule system '
        f'"plb"; it is played in mester',
        f"Error: {evening}: 1 hand cannot be scored under plb; the ledger was not changed",
    ]
    assert Path(evening).read_text("utf-8") == before


def test_edits_refuse_hands_that_do_not_exist(evening: str) -> None:
    result = run("void", evening, "9")
    assert (result.exit_code, result.stderr) == (
        2,
        f"Error: there is no hand 9 in {evening}; its hands are numbered 1 to 4\n",
    )
    result = run("amend", evening, "2", "zo", "Ewa", "70")
    assert result.exit_code == 2
    assert '"Ewa" is not a player' in result.stderr


def test_undo_on_an_empty_ledger(tmp_path: Path) -> None:
    path = str(tmp_path / "e.csv")
    assert run("new", path, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    result = run("undo", path)
    assert (result.exit_code, result.stderr) == (1, f"Error: {path}: there is no hand to undo\n")


def test_check_reports_every_problem_and_exits_1(evening: str, tmp_path: Path) -> None:
    text = Path(evening).read_text("utf-8")
    text = text.replace("2,Bartek,zo Darek 70,-5,-5,-5,15", "2,Bartek,zo Darek 70,-5,-5,-5,16")
    text = text.replace("4,Darek,ci Celina 70", "5,Darek,ci Celina 70")
    Path(evening).write_text(text, "utf-8")
    missing = str(tmp_path / "missing.csv")
    result = run("check", evening, missing)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{evening}:9: hand 2: the changes sum to +1, not 0",
        f'{evening}:9: hand 2 "zo Darek 70": the changes are -5 -5 -5 +16, but plb gives '
        f"-5 -5 -5 +15",
        f"{evening}:9: hand 2: the running totals are -3 -7 -3 13, expected -3 -7 -3 14",
        f"{evening}:11: hand number 5, expected 4",
        f'{evening}:11: hand 5: the dealer is Ania, not "Darek"',
        f"{evening}: 5 problems",
        f"{missing}: no such ledger; start one with `baska new FILE --players …`",
    ]
    result = run("score", "-l", evening, "ba", "Ania")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {evening}:9: hand 2: the changes sum to +1, not 0")


def test_a_season_adds_up_by_name(evening: str, tmp_path: Path) -> None:
    second = str(tmp_path / "second.csv")
    assert run("new", second, "-p", "darek,Ewa,Celina,Ania").exit_code == 0
    assert run("score", "-l", second, "ba", "Ewa").exit_code == 0
    data = json.loads(run("ledger", evening, second, "-f", "json").stdout)
    assert data["totals"] == {"Darek": -6, "Ewa": 30, "Celina": -6, "Bartek": 4, "Ania": -22}
    assert len(data["hands"]) == 5
    result = run("ledger", evening, second)
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-7:] == [
        "  place  player      sessions    hands    total    place points",
        "-------  --------  ----------  -------  -------  --------------",
        "      1  Ewa                1        1      +30               5",
        "      2  Celina             2        5       -6            4.33",
        "      2  Darek              2        5       -6            4.33",
        "      4  Bartek             1        4       +4               3",
        "      5  Ania               2        5      -22            1.33",
    ]


def test_the_sample_evening_checks_clean() -> None:
    sample = str(ROOT / "samples" / "evening.csv")
    result = run("check", sample)
    assert (result.exit_code, result.stderr) == (0, f"{sample}: ok, 16 hands\n")
    data = json.loads(run("ledger", sample, "-f", "json").stdout)
    contracts = {h["notation"].split()[0] for h in data["hands"]}
    assert contracts == {"zw", "we", "ci", "gr", "zo", "gd", "zd", "ba"}
    assert [h["n"] for h in data["history"]] == [9]


def test_every_ledger_command_has_help() -> None:
    for command in ("new", "ledger", "undo", "void", "amend", "check", "recalc"):
        result = run(command, "--help")
        assert result.exit_code == 0
        assert "Example:" in result.stdout
