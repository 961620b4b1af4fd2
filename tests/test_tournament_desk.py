"""The registration desk: `baska tournament checkin` (a player by full name, short form, id or
a unique start; ambiguity and unknown names; --paid with and without a fee; --undo keeping
the history; the list as a table and JSON), and the draw once check-in has begun: only the
players present seated, the absent listed and drawn from the next round on when they come."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baska_cli.tournament.desk.lookup import by_surname, resolve, search
from baska_cli.tournament.desk.marks import DeskRow, desk_of, format_desk, parse_desk
from baska_cli.tournament.folder import load
from tests.clikit import invoke
from tests.tournamentkit import ROSTER, checkin, draw, new


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return new(tmp_path, ROSTER, rounds=3, file="players.csv")


def listed(path: str) -> dict[str, object]:
    found = checkin(path, "--format", "json")
    assert (found.exit_code, found.stderr) == (0, "")
    data: dict[str, object] = json.loads(found.stdout)
    return data


def present(path: str) -> list[str]:
    players = listed(path)["players"]
    assert isinstance(players, list)
    return [p["player"] for p in players if p["present"]]


def test_a_player_is_found_by_full_name_short_form_id_or_a_unique_start(liga: str) -> None:
    done = checkin(liga, "Anna Nowak", "Żaneta.Ł", "102", "zaj", "grzegorz l")
    assert done.exit_code == 0, done.output
    assert done.stdout == ""
    assert done.stderr == (
        "Anna Nowak: present\nŻaneta Łęcka: present\nJan Kowalski (Hel, id 102): present\n"
        "Feliks Zając: present\nGrzegorz Lis: present\nregistered 9, present 5\n"
    )
    assert sorted(present(liga)) == ["Anna.N", "Feliks.Z", "Grzegorz.L", "Jan.K.102", "Żaneta.Ł"]
    again = checkin(liga, "anna nowak")
    assert (again.exit_code, again.stderr) == (
        0, "Anna Nowak: present already\nregistered 9, present 5\n"
    )  # fmt: skip
    rows = Path(liga, "desk.csv").read_text("utf-8").splitlines()
    assert rows[0] == "time,player,mark,value,id" and len(rows) == 6  # (nothing twice)


def test_ambiguity_lists_the_candidates_and_an_unknown_name_the_nearest(liga: str) -> None:
    both = checkin(liga, "jan")
    assert (both.exit_code, both.stdout) == (2, "")
    assert both.stderr == (
        'Error: "jan" is ambiguous: it could be Jan Kowalski (Jan.K.101, Puck, id 101) or '
        "Jan Kowalski (Jan.K.102, Hel, id 102)\n"
    )
    assert checkin(liga, "Jan Kowalski").exit_code == 2  # (one full name, two players)
    unknown = checkin(liga, "Anna.Nwak", "Ewa.B")
    assert (unknown.exit_code, unknown.stderr) == (
        2, 'Error: "Anna.Nwak" is not a player of this tournament; did you mean "Anna Nowak"?\n'
    )  # fmt: skip
    assert not Path(liga, "desk.csv").exists()  # (every name found before anything is written)


def test_undo_takes_a_mark_back_and_keeps_the_history(liga: str) -> None:
    assert checkin(liga, "Ewa.B", "Halina").exit_code == 0
    undone = checkin(liga, "ewa", "--undo")
    assert (undone.exit_code, undone.stderr) == (
        0, "Ewa Bąk: no longer present\nregistered 9, present 1\n"
    )  # fmt: skip
    assert present(liga) == ["Halina.K"]
    marks = [r.split(",")[1:4] for r in Path(liga, "desk.csv").read_text("utf-8").splitlines()]
    assert marks[1:] == [
        ["Ewa.B", "present", "yes"], ["Halina.K", "present", "yes"], ["Ewa.B", "present", "no"],
    ]  # fmt: skip
    twice = checkin(liga, "ewa", "--undo")
    assert twice.stderr == "Ewa Bąk: not present\nregistered 9, present 1\n"


def test_paid_needs_a_fee_and_marks_present_too(liga: str) -> None:
    refused = checkin(liga, "Anna.N", "--paid")
    assert (refused.exit_code, refused.stderr) == (
        2,
        "Error: this tournament has no entry fee, so nobody is marked paid; set one first: "
        f"baska tournament set {liga} fee 25\n",
    )
    assert invoke("tournament", "set", liga, "fee", "25").exit_code == 0
    assert "fee = 25\n" in Path(liga, "tournament.toml").read_text("utf-8")
    paid = checkin(liga, "Anna.N", "--paid")
    assert paid.stderr == (
        "Anna Nowak: present\nAnna Nowak: paid\n"
        "registered 9, present 1, paid 1 (fee 25): cash 25; present, not paid: 0\n"
    )
    back = checkin(liga, "Anna.N", "--paid", "--undo")
    assert back.stderr == (
        "Anna Nowak: no longer paid\n"
        "registered 9, present 1, paid 0 (fee 25): cash 0; present, not paid: 1\n"
    )
    alone = checkin(liga, "--undo")
    assert (alone.exit_code, alone.stderr) == (2, "Error: --paid and --undo need a player\n")


def test_the_desk_listed_as_json_and_as_a_table(liga: str) -> None:
    assert invoke("tournament", "set", liga, "fee", "25").exit_code == 0
    assert checkin(liga, "101", "--paid").exit_code == 0
    data = listed(liga)
    assert list(data) == ["players", "registered", "present", "paid", "summary"]
    assert (data["registered"], data["present"], data["paid"]) == (9, 1, 1)
    players = data["players"]
    assert isinstance(players, list) and len(players) == 9
    assert players[2] == {
        "player": "Jan.K.101", "id": "101", "present": True, "paid": True,
        "full_name": "Jan Kowalski", "club": "Puck",
    }  # fmt: skip
    assert [p["player"] for p in players[:2]] == ["Ewa.B", "Halina.K"]  # (by surname)
    table = checkin(liga)
    lines = table.stdout.splitlines()
    assert lines[0].split() == ["player", "club", "id", "present", "paid"]
    assert lines[4].split() == ["Jan", "Kowalski", "Puck", "101", "yes", "yes"]
    assert lines[-1] == "registered 9, present 1, paid 1 (fee 25): cash 25; present, not paid: 0"
    marked = checkin(liga, "102", "--format", "json")
    assert [p["player"] for p in json.loads(marked.stdout)["players"]] == ["Jan.K.102"]


def test_before_check_in_begins_the_draw_seats_everybody(liga: str) -> None:
    done = invoke("tournament", "draw", liga, "--format", "json")
    assert "absent" not in json.loads(done.stdout)
    assert len(load(liga).draws[0].tables) == 2


def test_once_check_in_began_the_draw_seats_only_the_players_present(liga: str) -> None:
    assert checkin(liga, "Anna.N", "Żaneta", "101", "Ewa", "Feliks", "Grzegorz").exit_code == 0
    done = invoke("tournament", "draw", liga, "--format", "json")
    assert done.exit_code == 0, done.output
    record = json.loads(done.stdout)
    assert record["absent"] == ["Jan.K.102", "Halina.K", "Irena.P"]
    seated = {n for t in record["tables"] for n in t["players"]} | set(record["sitting_out"])
    assert seated == {"Anna.N", "Żaneta.Ł", "Jan.K.101", "Ewa.B", "Feliks.Z", "Grzegorz.L"}
    shown = invoke("tournament", "draw", liga, "--round", "1")
    assert "absent (not checked in at the desk, not drawn): Jan.K.102, Halina.K, Irena.P" in (
        shown.stdout
    )
    assert "absent,,Halina.K" in Path(liga, "r1", "seating.csv").read_text("utf-8")
    t = load(liga)
    assert {p.name: p.entered for p in t.players if p.entered != 1} == {
        "Jan.K.102": 2, "Halina.K": 2, "Irena.P": 2,
    }  # fmt: skip
    assert invoke("tournament", "check", liga).exit_code == 0  # (nobody unseated who plays)
    standings = json.loads(invoke("tournament", "standings", liga, "-f", "json").stdout)
    assert "Halina.K" not in {line["player"] for line in standings["standings"]}

    # a latecomer checked in is drawn from the next round; the one still away is not
    assert checkin(liga, "Halina").exit_code == 0
    draw(liga, "--anyway")
    second = load(liga).draws[1]
    assert "Halina.K" in {n for t in second.tables for n in t} | set(second.sitting_out)
    assert second.absent == ("Jan.K.102", "Irena.P")
    assert {p.name: p.entered for p in load(liga).players if p.entered != 1} == {
        "Jan.K.102": 3, "Halina.K": 2, "Irena.P": 3,
    }  # fmt: skip


def test_taking_the_draw_back_puts_the_absent_in_the_draw_again(liga: str) -> None:
    assert checkin(liga, "Anna.N", "Żaneta", "101", "Ewa", "Feliks", "Grzegorz").exit_code == 0
    draw(liga)
    assert checkin(liga, "Halina", "Irena", "102").exit_code == 0
    assert invoke("tournament", "draw", liga, "--undo").exit_code == 0
    assert {p.entered for p in load(liga).players} == {1}
    draw(liga)
    assert load(liga).draws[0].absent == ()
    assert len(load(liga).draws[0].tables) == 2


def test_a_late_entry_is_marked_present_once_check_in_began(liga: str) -> None:
    assert invoke("tournament", "enter", liga, "Olek").exit_code == 0  # (not begun: no mark)
    assert present(liga) == []
    assert checkin(liga, "Anna.N").exit_code == 0
    assert invoke("tournament", "enter", liga, "Zenon Nowy").exit_code == 0
    assert present(liga) == ["Anna.N", "Zenon.N"]


def test_the_rows_round_trip_and_the_search_is_by_word_starts(liga: str) -> None:
    rows = [DeskRow("2026-05-16T08:41:07Z", "Ania", "present", True, "a,b"),
            DeskRow("2026-05-16T08:42:00Z", "Ania", "paid", False)]  # fmt: skip
    assert parse_desk(format_desk(rows), "desk.csv") == rows
    assert desk_of(rows).present == {"Ania"}
    assert desk_of(rows).sent == {"a,b": {("Ania", "present", True)}}
    players = load(liga).players
    assert [p.name for p in search(players, "kow")] == ["Jan.K.101", "Jan.K.102"]
    assert [p.name for p in search(players, "łęc")] == ["Żaneta.Ł"]
    assert [p.name for p in search(players, "LECK")] == ["Żaneta.Ł"]
    assert [p.name for p in search(players, "5")] == ["Ewa.B"]
    assert [p.name for p in search(players, "a n")] == ["Anna.N"]
    assert search(players, " ") == []
    assert resolve(players, "ZANETA ŁĘCKA").name == "Żaneta.Ł"


def test_a_misspelt_surname_suggests_its_players(liga: str) -> None:
    typo = checkin(liga, "kowalsky")
    assert (typo.exit_code, typo.stderr) == (
        2,
        'Error: "kowalsky" is not a player of this tournament; did you mean Jan Kowalski '
        "(Jan.K.101, Puck, id 101) or Jan Kowalski (Jan.K.102, Hel, id 102)?\n",
    )
    one = checkin(liga, "nowk")
    assert one.stderr == (
        'Error: "nowk" is not a player of this tournament; did you mean Anna Nowak?\n'
    )
    players = load(liga).players
    assert [p.name for p in by_surname(players, "Jan Kowalsky")] == ["Jan.K.101", "Jan.K.102"]
    assert [p.name for p in by_surname(players, "pajonk")] == ["Irena.P"]
    assert by_surname(players, "xy") == []


def test_namesakes_are_named_with_club_and_id_in_every_message(liga: str) -> None:
    assert invoke("tournament", "set", liga, "fee", "25").exit_code == 0
    by_id = checkin(liga, "101", "--paid")
    assert by_id.stderr.splitlines()[:2] == [
        "Jan Kowalski (Puck, id 101): present",
        "Jan Kowalski (Puck, id 101): paid",
    ]
    again = checkin(liga, "Jan.K.101", "--undo")
    assert again.stderr.splitlines()[0] == (
        "Jan Kowalski (Puck, id 101): no longer present; still marked paid (if the fee is "
        "given back, take that back too)"
    )
    assert checkin(liga, "Anna.N").stderr.splitlines()[0] == "Anna Nowak: present"


def test_the_unpaid_the_cash_and_the_summary(liga: str) -> None:
    refused = checkin(liga, "--unpaid")
    assert (refused.exit_code, refused.stderr) == (
        2,
        "Error: this tournament has no entry fee, so nobody is marked paid; set one first: "
        f"baska tournament set {liga} fee 25\n",
    )
    assert invoke("tournament", "set", liga, "fee", "25").exit_code == 0
    assert checkin(liga, "Anna.N", "Ewa", "Halina", "101").exit_code == 0
    assert checkin(liga, "Ewa", "--paid").exit_code == 0
    assert checkin(liga, "Irena", "--paid").exit_code == 0  # (paid, then withdrawn)
    assert invoke("tournament", "withdraw", liga, "Irena.P").exit_code == 0
    unpaid = checkin(liga, "--unpaid")
    assert (unpaid.exit_code, unpaid.stderr) == (0, "")
    assert [line.split()[:2] for line in unpaid.stdout.splitlines()[2:5]] == [
        ["Halina", "Kot"], ["Jan", "Kowalski"], ["Anna", "Nowak"],
    ]  # fmt: skip
    assert unpaid.stdout.splitlines()[-1] == (
        "registered 8, present 4, paid 2 (fee 25): cash 50; present, not paid: 3"
    )
    data = json.loads(checkin(liga, "--format", "json").stdout)
    summary = data["summary"]
    assert [p["player"] for p in summary.pop("unpaid")] == ["Halina.K", "Jan.K.101", "Anna.N"]
    assert summary == {"registered": 8, "present": 4, "paid": 2, "cash": 50}
    only = json.loads(checkin(liga, "--unpaid", "--format", "json").stdout)
    assert [p["player"] for p in only["players"]] == ["Halina.K", "Jan.K.101", "Anna.N"]
    mixed = checkin(liga, "--unpaid", "Anna.N")
    assert (mixed.exit_code, mixed.stderr) == (
        2, "Error: --unpaid lists the desk: it takes no player, --paid or --undo\n"
    )  # fmt: skip


def test_the_desk_speaks_polish_without_guessing_a_gender(liga: str) -> None:
    assert invoke("tournament", "set", liga, "fee", "25").exit_code == 0
    done = invoke("--lang", "pl", "tournament", "checkin", liga, "Halina", "--paid")
    assert done.stderr == (
        "Halina Kot: obecność potwierdzona\nHalina Kot: wpłata przyjęta\n"
        "zapisanych 9, obecnych 1, zapłaciło 1 (wpisowe 25): w kasie 25; obecnych bez wpłaty: 0\n"
    )
    again = invoke("--lang", "pl", "tournament", "checkin", liga, "Halina", "--undo")
    assert again.stderr.splitlines()[0] == (
        "Halina Kot: cofnięto obecność; wpłata zostaje (jeśli wpisowe zostanie zwrócone, cofnij "
        "także ją)"
    )
    table = invoke("--lang", "pl", "tournament", "checkin", liga).stdout.splitlines()
    assert table[0].split() == ["gracz", "klub", "id", "obecność", "wpłata"]
