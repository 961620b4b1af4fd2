"""cli/session.py: `baska new` and `baska ledger` (a session's sheet, a season), and a whole
evening through every command."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.clikit import V1, invoke, start_evening


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
    assert result.stdout.splitlines()[0] == (
        f"{path}: hand 1 (dealt by Celina): zo Ania 40   (house rules: club)"
    )
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

  place  player      total    place points  running total
-------  --------  -------  --------------  ---------------
      1  Bartek         +4               3  ▄▂▇▅
      1  Celina         +4               3  ▅▄▂▅
      1  Darek          +4               3  ▄█▇▅
      4  Ania          -12               0  ▅▄▂▁

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
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        "",
        f"{evening}: ok, 3 hands{V1}\n",
    )

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
    assert result.stdout.splitlines()[-9:] == [
        "  place  player      sessions    hands    total    place points",
        "-------  --------  ----------  -------  -------  --------------",
        "      1  Ewa                1        1      +30               5",
        "      2  Celina             2        5       -6            4.33",
        "      2  Darek              2        5       -6            4.33",
        "      4  Bartek             1        4       +4               3",
        "      5  Ania               2        5      -22            1.33",
        "",
        "ordered by place points, then by total; players equal on both share a place",
    ]
    assert data["ordered_by"] == ["place_points", "total"]


def test_a_season_warns_of_misspelt_names_and_merges_aliases(evening: str, tmp_path: Path) -> None:
    second = str(tmp_path / "second.csv")
    assert invoke("new", second, "-p", "Darrek,Ewa,Celina,Ania").exit_code == 0
    assert invoke("score", "-l", second, "ba", "Ewa").exit_code == 0
    result = invoke("ledger", evening, second, "-f", "json")
    assert result.exit_code == 0
    assert result.stderr == (
        f'warning: "Darek" ({evening}) and "Darrek" ({second}) look like one player\'s name '
        f'misspelt; if they are, merge them with --aliases FILE (a line "Darrek = Darek")\n'
    )
    assert set(json.loads(result.stdout)["totals"]) == {
        "Ania",
        "Bartek",
        "Celina",
        "Darek",
        "Darrek",
        "Ewa",
    }
    aliases = tmp_path / "aliases.txt"
    aliases.write_text("# merged\nDarrek = Darek\n", "utf-8")
    result = invoke("ledger", evening, second, "-f", "json", "--aliases", str(aliases))
    assert (result.exit_code, result.stderr) == (0, "")
    assert json.loads(result.stdout)["totals"] == {
        "Darek": -6,
        "Ewa": 30,
        "Celina": -6,
        "Bartek": 4,
        "Ania": -22,
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Darrek Darek\n",
            '{path}:1: "Darrek Darek" is not an alias; expected e.g. "Felix = Feliks"',
        ),
        ("Darrek = Darek\nDarrek = Ewa\n", '{path}:2: "Darrek" is given twice or as itself'),
        ("A = B\nB = C\n", '{path}: "B" is an alias itself'),
    ],
)
def test_a_bad_alias_file_is_refused(evening: str, tmp_path: Path, text: str, message: str) -> None:
    aliases = tmp_path / "aliases.txt"
    aliases.write_text(text, "utf-8")
    result = invoke("ledger", evening, evening.replace("evening", "x"), "--aliases", str(aliases))
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: " + message.format(path=aliases))


def test_aliases_need_a_season(evening: str, tmp_path: Path) -> None:
    aliases = tmp_path / "aliases.txt"
    aliases.write_text("A = B\n", "utf-8")
    result = invoke("ledger", evening, "--aliases", str(aliases))
    assert result.exit_code == 2
    assert "--aliases merges names in a season's standings" in result.stderr


def test_the_standings_show_each_running_total_as_a_sparkline() -> None:
    from click.testing import CliRunner

    from baska_cli.cli import cli

    sample = str(Path(__file__).parent.parent / "samples" / "evening.csv")
    out = CliRunner().invoke(cli, ["ledger", sample]).stdout
    assert "      1  Darek        +121               5  ▅▅▅▅▅▅▆▆▆▆▇▆▆▇██" in out
    assert "\033[" not in out  # no colour off a terminal


def test_ledger_chart_draws_the_running_totals(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from baska_cli.cli import cli

    # the title line names the file: a relative name, so that where the repository lies
    # (a longer checkout path) does not decide whether the output fits 80 columns
    monkeypatch.chdir(Path(__file__).parent.parent)
    result = CliRunner().invoke(cli, ["ledger", "samples/evening.csv", "--chart"])
    lines = result.stdout.splitlines()
    assert result.exit_code == 0
    assert lines[2].startswith("+121 │") and lines[6].startswith("   0 │●◆▲■●◆▲■◆▲■───")
    assert "● Ania -41   ◆ Bartek -123   ▲ Celina +43   ■ Darek +121" in lines
    assert max(len(line) for line in lines) <= 80
    assert len(lines) <= 23  # with the shell's prompt, 24 lines


def test_ledger_chart_with_json_or_a_season_is_refused(tmp_path: Path) -> None:
    import shutil

    from click.testing import CliRunner

    from baska_cli.cli import cli

    sample = str(Path(__file__).parent.parent / "samples" / "evening.csv")
    other = str(tmp_path / "other.csv")
    shutil.copy(sample, other)
    for args in (["--chart", "-f", "json"], ["--chart", other]):
        result = CliRunner().invoke(cli, ["ledger", sample, *args])
        assert result.exit_code == 2
        assert "--chart draws one ledger as a table" in result.stderr


# --- numbers and look-alikes (issue 16) -------------------------------------------------------


def test_new_refuses_names_that_look_alike(tmp_path: Path) -> None:
    path = str(tmp_path / "x.csv")
    for players, message in [
        ("Ania,Аnia,Celina,Darek", '"Ania" and "Аnia" look alike'),
        ("Аnia,Bartek,Celina,Darek", '"Аnia" cannot be a player\'s name: it mixes Cyrillic'),
        ("Ania,Bartek²,Celina,Darek", '"²" reads as a number'),
    ]:
        result = invoke("new", path, "--players", players)
        assert result.exit_code == 2 and message in result.stderr, result.output
        assert "Traceback" not in result.output
    assert not Path(path).exists()


@pytest.mark.parametrize("deals", ["٨", "８", "⁸", "1_6", "0", "-8"])
def test_new_refuses_deals_not_in_ascii_digits(tmp_path: Path, deals: str) -> None:
    path = tmp_path / "x.csv"
    result = invoke("new", str(path), "--players", "Ania,Bartek,Celina,Darek", f"--deals={deals}")
    assert result.exit_code == 2 and "--deals" in result.stderr
    assert not path.exists()


@pytest.mark.parametrize("command", ["void", "amend"])
@pytest.mark.parametrize("number", ["١", "１", "¹", "1_0"])
def test_a_hand_number_in_other_digits_is_refused(evening: str, command: str, number: str) -> None:
    before = Path(evening).read_bytes()
    result = invoke(command, evening, number, *(["ba", "a"] if command == "amend" else []))
    assert result.exit_code == 2
    assert f'"{number}" is not a hand number: a whole number from 1 in the digits 0–9' in (
        result.stderr
    )
    assert Path(evening).read_bytes() == before


def test_score_refuses_other_digits_in_a_hand(evening: str) -> None:
    before = Path(evening).read_bytes()
    result = invoke("score", "--ledger", evening, "zw", "¹+³", "⁶¹")
    assert (result.exit_code, result.stderr) == (
        2,
        'Error: "¹+³": "¹" is not a digit 0–9; points, tricks, seats, contras and changes are '
        "written with the digits 0–9\n",
    )
    assert Path(evening).read_bytes() == before


@pytest.mark.parametrize("bad", ["nan", "inf"])
def test_a_ledger_whose_place_points_are_not_finite_is_refused_never_nan(
    evening: str, bad: str
) -> None:
    """A house rule row the reader loads is checked like a rules file: no NaN in JSON."""
    text = Path(evening).read_text("utf-8")
    text = text.replace("rules,plb\n", "rules,nanny\n")
    rows = f'house rule,"base = ""plb"""\nhouse rule,"session.place_points = [{bad}, 3, 1, 0]"\n'
    text = text.replace("first dealer", rows + "first dealer")
    Path(evening).write_text(text, "utf-8")
    result = invoke("ledger", evening, "--format", "json")
    assert result.exit_code == 1
    assert "NaN" not in result.output and "Infinity" not in result.output
    assert '"session.place_points" must be a list of numbers' in result.stderr
    assert "Traceback" not in result.output


def test_json_is_never_written_with_nan() -> None:
    from baska_cli.render.outcome import outcome_json
    from baska_cli.render.stream import to_json

    for value in (float("nan"), float("inf")):
        with pytest.raises(ValueError):
            outcome_json({"x": value})
        with pytest.raises(ValueError):
            to_json(value)


# --- issue 16: the same file twice would count its evening twice ---


def test_ledger_refuses_the_same_file_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = start_evening(tmp_path)
    monkeypatch.chdir(tmp_path)
    link = tmp_path / "link.csv"
    os.link(path, link)
    sym = tmp_path / "sym.csv"
    sym.symlink_to(path)
    for other in (path, "evening.csv", "./evening.csv", str(link), str(sym)):
        for fmt in ("table", "json", "csv"):
            result = invoke("ledger", "-f", fmt, path, other)
            assert result.exit_code == 2, (other, result.output)
            assert result.stdout == ""
            assert result.stderr == (
                f"Error: {path} and {other} are the same file; a season adds its files up, "
                f"so give each ledger once\n"
            )


def test_ledger_csv_prints_nothing_when_the_ledger_changes_while_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--format csv reads the ledgers again: a change in between is an error, and the
    header is not printed before it."""
    from baska_cli.ledger import view

    path = start_evening(tmp_path)
    real_read = view.read

    def read_then_change(p: str) -> view.LedgerView:
        session = real_read(p)
        assert invoke("score", "-l", p, "ba", "Darek").exit_code == 0
        return session

    monkeypatch.setattr(view, "read", read_then_change)
    result = invoke("ledger", "-f", "csv", path)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"Error: {path}: the ledger changed while it was read; run the command again\n"
    )


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
    house = _house(tmp_path, 'name = "klub"\nwin_points = 60\n')
    path = tmp_path / "e.csv"
    assert invoke("new", str(path), "-p", "A,B,C,D", "-r", house).exit_code == 0
    # a ledger written before house rules were refused a built-in's name
    path.write_text(
        path.read_text("utf-8").replace('""klub""', '""plb""').replace(",klub,", ",plb,")
    )
    path = str(path)
    result = invoke("score", "-l", path, "-r", "plb", "zw", "A+C", "61")
    assert result.exit_code == 2
    assert 'played under house rules "plb", not the built-in "plb"' in result.stderr


def test_new_prints_the_export_line_shell_quoted(tmp_path: Path) -> None:
    path = tmp_path / "wtorek wieczór.csv"
    result = invoke("new", str(path), "-p", "Ania,Bartek,Celina,Darek")
    assert result.exit_code == 0
    assert result.stdout == f"export BASKA_LEDGER='{path}'\n"


def test_the_sheet_fits_the_terminal_unless_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    from baska_cli.cli import session

    sample = str(Path(__file__).parent.parent / "samples" / "evening.csv")
    piped = invoke("ledger", sample)
    assert max(map(len, piped.stdout.splitlines()[2:])) == 116  # a pipe: the full sheet
    monkeypatch.setattr(session, "terminal_width", lambda: 80)
    result = invoke("ledger", sample)
    assert result.exit_code == 0
    assert max(map(len, result.stdout.splitlines())) <= 80
    assert result.stdout.splitlines()[-28] == (
        " #  dealer  hand                 A     B     C     D  │    A    B   C    D"
    )
    assert invoke("ledger", sample, "--wide").stdout == piped.stdout
    for extra in (["--chart"], ["-f", "json"]):
        result = invoke("ledger", sample, "--wide", *extra)
        assert (result.exit_code, result.stderr) == (
            2,
            "Error: --wide shows one ledger's whole score sheet; leave out --chart and --format, "
            "or give one file\n",
        )


@pytest.mark.parametrize(
    ("deals", "planned"),
    [
        ([], ""),
        (["--deals", "1"], ", 1 rozdanie"),
        (["--deals", "4"], ", 4 rozdania"),
        (["--deals", "12"], ", 12 rozdań"),
        (["--deals", "22"], ", 22 rozdania"),
    ],
)
def test_new_speaks_polish(tmp_path: Path, deals: list[str], planned: str) -> None:
    path = str(tmp_path / "wieczor.csv")
    result = invoke("--lang", "pl", "new", path, "-p", "Ania,Bartek,Celina,Darek", *deals)
    assert (result.exit_code, result.stdout) == (0, f"export BASKA_LEDGER={path}\n")
    assert result.stderr == (
        f"{path}: Ania, Bartek, Celina, Darek (plb{planned}); pierwsze rozdanie: Ania, "
        f"wychodzi Bartek\n"
    )
    result = invoke("--lang", "pl", "new", path, "-p", "Ania,Bartek,Celina,Darek")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Błąd: {path}: plik już istnieje; nowy zapis nigdy nie nadpisuje pliku\n",
    )


def test_ledger_errors_in_polish(evening: str) -> None:
    result = invoke("--lang", "pl", "ledger")
    assert (result.exit_code, result.stderr) == (
        2,
        "Błąd: nie podano zapisu, a BASKA_LEDGER nie jest ustawione; oczekiwano np. "
        "`baska ledger evening.csv`\n",
    )
    result = invoke("--lang", "pl", "ledger", evening, "--chart", "-f", "json")
    assert (result.exit_code, result.stderr) == (
        2,
        "Błąd: --chart rysuje wykres jednego zapisu w formacie tabeli; pomiń --format albo "
        "podaj jeden plik\n",
    )
    result = invoke(
        "--lang", "pl", "new", "x.csv", "-p", "Ania,Bartek,Celina,Darek", "--deals", "٣"
    )
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "Błąd: Nieprawidłowa wartość dla '--deals': '٣' to nie liczba całkowita zapisana "
        "cyframi 0–9\n"
    )
