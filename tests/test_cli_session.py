"""cli/session.py: `baska new` and `baska ledger` (a session's sheet, a season), and a whole
evening through every command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clikit import invoke, start_evening


@pytest.fixture
def evening(tmp_path: Path) -> str:
    return start_evening(tmp_path)


def test_new_refuses_bad_names_and_existing_files(evening: str, tmp_path: Path) -> None:
    result = invoke("new", evening, "--players", "A,B,C,D")
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
        result = invoke("new", other, "--players", players)
        assert result.exit_code == 2
        assert fragment in result.stderr
    assert not Path(other).exists()


def test_new_with_dealer_and_house_rules(tmp_path: Path) -> None:
    house = tmp_path / "club.toml"
    house.write_text('base = "plb"\nsolo_loss_multiplier = 1\n', "utf-8")
    path = str(tmp_path / "e.csv")
    result = invoke("new", path, "-p", "Ania,Bartek,Celina,Darek", "-r", str(house), "-d", "cel")
    assert result.exit_code == 0
    house.unlink()
    result = invoke("score", "-l", path, "zo", "a", "40")
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
    result = invoke("ledger", evening)
    assert result.exit_code == 0
    assert result.stdout == SHEET.format(path=evening)

    data = json.loads(invoke("ledger", evening, "--format", "json").stdout)
    assert data["totals"] == {"Ania": -12, "Bartek": 4, "Celina": 4, "Darek": 4}
    assert [(h["n"], h["notation"]) for h in data["hands"]][:2] == [
        (1, "zw Ania+Celina 61 k"),
        (2, "zo Darek 70"),
    ]
    assert data["deals"] == {"planned": 8, "played": 4, "left": 4}

    csv_out = invoke("ledger", evening, "--format", "csv").stdout.splitlines()
    assert csv_out[0] == (
        "n,dealer,hand,status,Ania,Bartek,Celina,Darek,"
        "Ania total,Bartek total,Celina total,Darek total"
    )
    assert csv_out[4] == "4,Darek,ci Celina 70,,-4,-4,12,-4,-12,4,4,4"

    # amend hand 3: the old text stays, marked amended; totals follow
    result = invoke("amend", evening, "3", "gr", "Bartek", "40")
    assert result.exit_code == 0
    assert result.stderr == f'{evening}: hand 3 "gr Bartek 53" is amended to "gr Bartek 40"\n'
    # void hand 2: keeps its number, its score is skipped
    assert invoke("void", evening, "2").exit_code == 0
    result = invoke("void", evening, "2")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {evening}:9: hand 2 is void already\n",
    )
    # undo the last hand, record another in its place
    result = invoke("undo", evening)
    assert result.exit_code == 0
    assert result.stderr == (
        f'{evening}: hand 4 "ci Celina 70" is undone: the next hand is hand 4 again\n'
    )
    assert invoke("score", "-l", evening, "me", "Ania").exit_code == 2
    assert invoke("score", "-l", evening, "ba", "Ania").exit_code == 0
    lines = Path(evening).read_text("utf-8").splitlines()
    assert lines[7:] == [
        "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2",
        "2,Bartek,zo Darek 70,-5,-5,-5,15,,,,,void",
        "3,Celina,gr Bartek 53,-5,15,-5,-5,,,,,amended",
        "3,Celina,gr Bartek 40,10,-30,10,10,12,-32,12,8",
        "4,Darek,ci Celina 70,-4,-4,12,-4,,,,,undone",
        "4,Darek,ba Ania,30,-10,-10,-10,42,-42,2,-2",
    ]
    data = json.loads(invoke("ledger", evening, "-f", "json").stdout)
    assert data["totals"] == {"Ania": 42, "Bartek": -42, "Celina": 2, "Darek": -2}
    assert [(h["n"], h.get("void", False)) for h in data["hands"]] == [
        (1, False),
        (2, True),
        (3, False),
        (4, False),
    ]
    assert data["hands"][2]["amends"] == ["gr Bartek 53"]

    result = invoke("check", evening)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", f"{evening}: ok, 3 hands\n")

    # recalc under mester: show the difference, then write it
    result = invoke("recalc", evening, "--rules", "mester", "--diff")
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

    result = invoke("recalc", evening, "--rules", "mester", "--write")
    assert result.exit_code == 0
    assert result.stderr == f"{evening}: rewritten under mester; 1 hand changes\n"
    lines = Path(evening).read_text("utf-8").splitlines()
    assert lines[2] == "rules,mester"
    assert lines[10:] == [
        "3,Celina,gr Bartek 40,5,-15,5,5,7,-17,7,3",
        "4,Darek,ci Celina 70,-4,-4,12,-4,,,,,undone",
        "4,Darek,ba Ania,30,-10,-10,-10,37,-27,-3,-7",
    ]
    assert invoke("check", evening).exit_code == 0
    # now a mester-only hand, which plb rejects: recalc names its line and --write refuses
    assert invoke("score", "-l", evening, "me", "Bartek").exit_code == 0
    before = Path(evening).read_text("utf-8")
    result = invoke("recalc", evening, "--rules", "plb", "--write")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f'{evening}:14: hand 5 "me Bartek": "me" (méster) is not a contract of the rule system '
        f'"plb"; it is played in mester',
        f"Error: {evening}: 1 hand cannot be scored under plb; the ledger was not changed",
    ]
    assert Path(evening).read_text("utf-8") == before


def test_a_season_adds_up_by_name(evening: str, tmp_path: Path) -> None:
    second = str(tmp_path / "second.csv")
    assert invoke("new", second, "-p", "darek,Ewa,Celina,Ania").exit_code == 0
    assert invoke("score", "-l", second, "ba", "Ewa").exit_code == 0
    data = json.loads(invoke("ledger", evening, second, "-f", "json").stdout)
    assert data["totals"] == {"Darek": -6, "Ewa": 30, "Celina": -6, "Bartek": 4, "Ania": -22}
    assert len(data["hands"]) == 5
    result = invoke("ledger", evening, second)
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


# --- issue 16: every file a command writes reads back; bad texts refused at the door --------


def _house(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.toml"
    path.write_text('base = "plb"\n' + text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('title = "a\\nb"', '"title" must be one line'),
        ('name = ""', '"name" must be one line of 1 to 40 printable characters'),
        ('source = "x\\u0000y"', "a control character"),
    ],
)
def test_new_refuses_house_texts_a_ledger_could_not_keep(
    tmp_path: Path, text: str, fragment: str
) -> None:
    path = tmp_path / "e.csv"
    result = invoke("new", str(path), "-p", "A,B,C,D", "-r", _house(tmp_path, text))
    assert (result.exit_code, fragment in result.stderr) == (1, True), result.stderr
    assert not path.exists()


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        ("A,B,C," + "D" * 49, "at most 48 characters"),
        ("A,B\x07,C,D", "control character"),
        ("A,,C,D", "name is empty"),
    ],
)
def test_new_refuses_names_a_hand_could_not_hold(
    tmp_path: Path, players: str, fragment: str
) -> None:
    path = tmp_path / "e.csv"
    result = invoke("new", str(path), "-p", players)
    assert (result.exit_code, fragment in result.stderr) == (2, True), result.stderr
    assert not path.exists()


def test_new_with_an_empty_file_name_is_refused_without_a_lock_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    monkeypatch.chdir(tmp_path)
    before = set(os.listdir(tmp_path.parent))
    result = invoke("new", "", "-p", "A,B,C,D")
    assert (result.exit_code, "file name is empty" in result.stderr) == (2, True)
    assert set(os.listdir(tmp_path.parent)) == before and os.listdir(tmp_path) == []


def test_a_house_ledger_round_trips_through_every_writer(tmp_path: Path) -> None:
    house = _house(tmp_path, 'name = "we\\"ird, \\\\ ✓"\ntitle = "t # ;"\nwin_points = 60\n')
    path = str(tmp_path / "e.csv")
    long = "L" * 48
    assert invoke("new", path, "-p", f"{long},B,C,D", "-r", house).exit_code == 0
    assert invoke("score", "-l", path, "zw", "1+3", "61", "k:2,1,4,3").exit_code == 0
    assert invoke("amend", path, "1", "zw", "1+3", "70", "k:2,1").exit_code == 0
    assert invoke("recalc", path, "--rules", "pagat", "--write").exit_code == 0
    assert invoke("recalc", path, "--rules", house, "--write").exit_code == 0
    result = invoke("check", path)
    assert result.exit_code == 0, result.output


def test_a_hand_whose_text_would_be_too_long_is_not_recorded(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    names = ",".join(c * 48 for c in "PQRS")
    assert invoke("new", str(path), "-p", names, "-r", "mester").exit_code == 0
    before = path.read_text(encoding="utf-8")
    result = invoke("score", "-l", str(path), "zw", "1+3", "61", "k:2,4,2,1,3")
    assert result.exit_code == 2 and "a word of a hand may have" in result.stderr
    assert path.read_text(encoding="utf-8") == before
    assert invoke("check", str(path)).exit_code == 0


def test_a_house_system_named_like_a_built_in_says_which_is_which(tmp_path: Path) -> None:
    house = _house(tmp_path, 'name = "plb"\nwin_points = 60\n')
    path = str(tmp_path / "e.csv")
    assert invoke("new", path, "-p", "A,B,C,D", "-r", house).exit_code == 0
    result = invoke("score", "-l", path, "-r", "plb", "zw", "A+C", "61")
    assert result.exit_code == 2
    assert 'played under house rules "plb", not the built-in "plb"' in result.stderr
