"""`baska tournament`: the commands an organiser types, their output, errors and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import tournamentkit as kit
from tests.clikit import invoke

EIGHT = kit.CLUB


@pytest.fixture
def liga(tmp_path: Path) -> str:
    path, result = kit.create(tmp_path, EIGHT)
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == (
        f"{path}: 8 players, 2 rounds of 16 deals (mester), seed 9; "
        f"next: baska tournament draw {path}\n"
    )
    return path


def test_new_warns_of_misspelt_names_and_refuses_bad_ones(tmp_path: Path) -> None:
    players = tmp_path / "p.txt"
    players.write_text("Felix\nFeliks\nA\nB\n", "utf-8")
    result = invoke("tournament", "new", str(tmp_path / "t"), "-p", str(players), "--rounds",
                    "1", "--deals", "16")  # fmt: skip
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (
        'warning: "Felix" and "Feliks" look like one name misspelt; check the players file'
    )
    players.write_text("Ania\nANIA\n", "utf-8")
    result = invoke("tournament", "new", str(tmp_path / "u"), "-p", str(players), "--rounds",
                    "1", "--deals", "16")  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr.startswith(f'Error: {players}: "ANIA" appears twice (as "Ania")')
    assert not (tmp_path / "u").exists()


def test_new_reads_a_players_file_a_polish_spreadsheet_saved(tmp_path: Path) -> None:
    players = tmp_path / "gracze.csv"
    rows = ["Imię i nazwisko;Klub", "Żaneta Łęcka;Kaszuby", "Józef Gęba;Puck", "Ala Kot;",
            "Ewa Bąk;"]  # fmt: skip
    players.write_bytes("\r\n".join(rows).encode("cp1250") + b"\r\n")
    path = str(tmp_path / "t")
    made = invoke("--lang", "pl", "tournament", "new", path, "-p", str(players), "--rounds",
                  "1", "--deals", "16", "-r", "mester")  # fmt: skip
    assert made.exit_code == 0, made.stderr
    listed = json.loads(invoke("tournament", "checkin", path, "-f", "json").stdout)["players"]
    assert [(p["full_name"], p.get("club", "")) for p in listed] == [
        ("Ewa Bąk", ""), ("Józef Gęba", "Puck"), ("Ala Kot", ""), ("Żaneta Łęcka", "Kaszuby"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--deals", "24"), "Error: --deals 24: plb plays series of 8, 12, 16, 60 deals\n"),
        (("--deals", "16", "-r", "pagat"), "Error: pagat gives no place points"),
        (("--deals", "16", "--apart", "Ania"), 'Error: --apart "Ania": expected two names'),
        (("--deals", "16", "--fixed", "Zenon=1"), 'Error: "Zenon" is not in'),
    ],
)
def test_new_refuses_what_it_cannot_run(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    players = tmp_path / "p.txt"
    players.write_text(EIGHT, "utf-8")
    result = invoke("tournament", "new", str(tmp_path / "t"), "-p", str(players), "--rounds",
                    "2", *args)  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr.startswith(message)


def test_draw_writes_ledgers_and_prints_the_json_contract(liga: str) -> None:
    result = invoke("tournament", "draw", liga, "--anyway", "-f", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data) == ["round", "tables", "sitting_out", "repeats", "apart_broken"]
    assert data["round"] == 1 and data["sitting_out"] == [] and data["repeats"] == []
    assert [t["ledger"] for t in data["tables"]] == ["r1/t1.csv", "r1/t2.csv"]
    first = data["tables"][0]["players"]
    ledger = Path(liga, "r1", "t1.csv").read_text("utf-8")
    assert ledger.splitlines()[1] == "players," + ",".join(f'"{n}"' for n in first) + ",,,,,,,"
    assert "deals,16" in ledger and "rules,mester" in ledger
    again = invoke("tournament", "draw", liga, "--anyway", "--round", "1", "-f", "json")
    assert (again.exit_code, json.loads(again.stdout)) == (0, data)
    assert invoke("check", str(Path(liga, "r1", "t1.csv"))).exit_code == 0


def test_no_more_rounds_than_planned(liga: str) -> None:
    assert invoke("tournament", "draw", liga, "--anyway").exit_code == 0
    assert invoke("tournament", "draw", liga, "--anyway").exit_code == 0
    result = invoke("tournament", "draw", liga, "--anyway")
    assert (result.exit_code, result.stderr) == (1, "Error: all 2 rounds are drawn\n")
    result = invoke("tournament", "draw", liga, "--anyway", "--round", "5")
    assert (result.exit_code, result.stderr) == (
        2, "Error: --round 5: the next round to draw is 3\n"
    )  # fmt: skip


def test_result_once_then_only_as_a_correction(liga: str) -> None:
    invoke("tournament", "draw", liga, "--anyway")
    a, b, c, d = kit.seats(liga, 1, 1)
    entries = [f"{a}=+10", f"{b}=-10", f"{c}=0", f"{d}=0"]
    result = invoke("tournament", "result", liga, "1", "1", *entries)
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == f"round 1, table 1: {a} +10, {b} -10, {c} 0, {d} 0\n"
    result = invoke("tournament", "result", liga, "1", "1", *entries)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: round 1, table 1 has its result already")
    entries[0], entries[1] = f"{a}=-10", f"{b}=+10"
    result = invoke("tournament", "result", liga, "1", "1", *entries, "--correct")
    assert result.exit_code == 0
    assert result.stderr.endswith("(corrected; the old result is kept)\n")


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (("2", "1", "X=+1"), 2, "Error: round 2 is not drawn yet (1 drawn)\n"),
        (("1", "3", "X=+1"), 2, "Error: round 1 has tables 1 to 2, not 3\n"),
        (("1", "1", "X=+1"), 2, 'Error: "X=+1": expected one of this table\'s players'),
    ],
)
def test_bad_results_are_refused(
    liga: str, args: tuple[str, ...], status: int, message: str
) -> None:
    invoke("tournament", "draw", liga, "--anyway")
    result = invoke("tournament", "result", liga, *args)
    assert result.exit_code == status
    assert result.stderr.startswith(message)


def test_a_table_with_hands_in_its_ledger_takes_no_sheet(liga: str) -> None:
    invoke("tournament", "draw", liga, "--anyway")
    ledger = str(Path(liga, "r1", "t1.csv"))
    assert invoke("score", "-l", ledger, "zw", "1+3", "61").exit_code == 0
    a, b, c, d = kit.seats(liga, 1, 1)
    result = invoke("tournament", "result", liga, "1", "1", f"{a}=0", f"{b}=0", f"{c}=0", f"{d}=0")
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {ledger} has hands recorded: the table's result comes from its ledger\n"
    )


def test_check_lists_problems_by_file_line_and_round_table(liga: str) -> None:
    invoke("tournament", "draw", liga, "--anyway")
    ledger = Path(liga, "r1", "t2.csv")
    ledger.write_text(ledger.read_text("utf-8") + "1,X,zw A+C 61,2,-2,2,-2,2,-2,2,-2\n", "utf-8")
    result = invoke("tournament", "check", liga)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[:2] == ["round 1/table 1: no result yet", "round 2: not drawn yet"]  # progress
    assert lines[2] == f'{ledger}:10: hand 1: the dealer is Grzegorz, not "X"'
    assert lines[-1] == f"{liga}: {len(lines) - 3} problems"


def test_check_tells_a_tournament_in_progress_from_one_with_problems(liga: str) -> None:
    invoke("tournament", "draw", liga)
    a, _b, c, _d = kit.seats(liga, 1, 1)
    invoke("score", "-l", str(Path(liga, "r1", "t1.csv")), "zw", f"{a}+{c}", "61")
    result = invoke("tournament", "check", liga)
    assert (result.exit_code, result.stderr.splitlines()) == (0, [
        f"{Path(liga, 'r1', 't1.csv')}: 1 of 16 deals played",
        "round 1/table 2: no result yet",
        "round 2: not drawn yet",
        f"{liga}: ok, 1 round, 2 tables; 2 tables still being played, 1 round to draw",
    ])  # fmt: skip
    assert invoke("tournament", "close", liga, "1").exit_code == 0
    closed = invoke("tournament", "check", liga)  # (a closed round's tables are the organiser's)
    assert closed.exit_code == 1
    assert closed.stderr.splitlines()[-1] == f"{liga}: 2 problems"


def test_standings_warn_of_missing_tables_and_give_csv(liga: str) -> None:
    invoke("tournament", "draw", liga, "--anyway")
    a, b, c, d = kit.seats(liga, 1, 1)
    invoke("tournament", "result", liga, "1", "1", f"{a}=+10", f"{b}=-10", f"{c}=+5", f"{d}=-5")
    result = invoke("tournament", "standings", liga, "-f", "csv")
    assert result.exit_code == 0
    head = "place,player,club,place_points,total,tables_won,movement,lot,withdrawn"
    assert result.stdout.splitlines()[:3] == [
        head + ",place_points_exact",
        f"1,{a},{'Puck' if a == 'Ania' else ''},8,10,1,,,,8",
        f"2,{c},{'Puck' if c == 'Ania' else ''},5,5,0,,,,5",
    ]
    assert result.stderr.splitlines() == [
        "warning: round 1/table 2: no result yet",
        "the standings count only the tables with a result; see `baska tournament check`",
        "players tied on every tie-break share a place; record a drawing of lots with "
        f"`baska tournament lots {liga} --round 1`",
    ]


def test_enter_and_withdraw_between_rounds(liga: str) -> None:
    invoke("tournament", "draw", liga, "--anyway")
    result = invoke("tournament", "enter", liga, "Zenon", "--club", "Hel")
    assert (result.exit_code, result.stderr) == (0, "Zenon plays from round 2 on\n")
    result = invoke("tournament", "withdraw", liga, "bartek")
    assert result.stderr == "Bartek withdraws before round 2; the points earned stay\n"
    data = json.loads(invoke("tournament", "draw", liga, "--anyway", "-f", "json").stdout)
    seated = sorted(n for t in data["tables"] for n in t["players"])
    assert "Zenon" in seated and "Bartek" not in seated and len(seated) == 8
    result = invoke("tournament", "withdraw", liga, "Bartek")
    assert (result.exit_code, result.stderr) == (2, 'Error: "Bartek" withdrew before round 2\n')


def test_standings_and_pages_in_polish(liga: str, tmp_path: Path) -> None:
    invoke("tournament", "draw", liga, "--anyway")
    html = tmp_path / "standings.html"
    result = invoke("--lang", "pl", "tournament", "standings", liga, "--html", str(html))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "klasyfikacja po rundzie 1 z 2"
    page = html.read_text("utf-8")
    assert '<html lang="pl">' in page and "punkty za miejsca" in page
    assert invoke("--lang", "pl", "tournament", "print", liga).exit_code == 0
    sheets = Path(liga, "r1", "sheets.html").read_text("utf-8")
    assert "rozdający" in sheets and "podpis" in sheets


def test_lots_for_a_tie(liga: str) -> None:
    invoke("tournament", "draw", liga, "--anyway")
    result = invoke("tournament", "lots", liga, "Ania")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: give all the players of one tie, in the order drawn")
    result = invoke("tournament", "lots", liga)
    assert result.exit_code == 0
    data = json.loads(invoke("tournament", "standings", liga, "-f", "json").stdout)
    assert sorted(line["place"] for line in data["standings"]) == list(range(1, 9))
    assert all(line["lot"] is not None for line in data["standings"])


def test_check_finds_a_table_entered_twice_by_hand(liga: str) -> None:
    invoke("tournament", "draw", liga, "--anyway")
    invoke("tournament", "draw", liga, "--anyway")
    for number in (1, 2):
        for table in (1, 2):
            a, b, c, d = kit.seats(liga, number, table)
            result = invoke(
                "tournament", "result", liga, str(number), str(table), f"{a}=+1", f"{b}=-1",
                f"{c}=0", f"{d}=0",
            )  # fmt: skip
            assert result.exit_code == 0
    result = invoke("tournament", "check", liga)
    assert (result.exit_code, result.stderr) == (0, f"{liga}: ok, 2 rounds, 4 tables\n")
    results = Path(liga, "results.csv")
    lines = results.read_text("utf-8").splitlines()
    results.write_text("\n".join([*lines, lines[1]]) + "\n", "utf-8")
    result = invoke("tournament", "check", liga)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{results}: round 1, table 1 has 2 results that count; mark all but one corrected",
        f"{liga}: 1 problem",
    ]


def test_no_lots_when_the_tie_breaks_have_none(tmp_path: Path) -> None:
    tie_breaks = ("--tie-breaks", "place_points,total")
    path = kit.drawn(tmp_path, EIGHT, *tie_breaks, rounds=1, rules=None, seed=None, name="bez")
    result = invoke("tournament", "standings", path)
    assert result.exit_code == 0
    assert "drawing of lots" not in result.stderr and "drawing of lots" not in result.stdout
    result = invoke("tournament", "lots", path)
    assert (result.exit_code, result.stderr) == (
        1, "Error: this tournament's tie-breaks (place_points,total) have no drawing of lots\n"
    )  # fmt: skip
