"""A league's register kept honestly (league/register.py, league/service/players.py): an id
whose name differs from the register's is refused, naming both; two records that played one
event are never merged, and a merge is undone; names alike are warned of whenever records
are added; ids a players file refuses are refused; a name corrected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baska_cli.league.register import Member, Register, look_alike
from baska_cli.tournament.folder import load
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.test_league_events import NAMES, REGISTER, event, league, ok, played, standings

# ---- defect 3: an id whose name is another person's ---------------------------------------

WRONG = "name,id\nAnna Nowicka,108\n" + "".join(f"{n},\n" for n in NAMES[:7])


def test_an_id_of_another_persons_record_is_refused_in_a_new_tournament(tmp_path: Path) -> None:
    liga = league(tmp_path)
    (tmp_path / "e01.csv").write_text(WRONG, "utf-8")
    refused = invoke(
        "tournament", "new", str(tmp_path / "e01"), "--league", liga,
        "-p", str(tmp_path / "e01.csv"), "--rounds", "2", "--deals", "8", "-r", "plb",
    )  # fmt: skip
    assert refused.exit_code == 2
    assert (
        f'{tmp_path / "e01.csv"}:2: "Anna Nowicka" has the id 108, which the register gives '
        'to "Grzegorz Wąs"'
    ) in refused.stderr
    assert not (tmp_path / "e01").exists()


def test_an_id_of_another_persons_record_is_refused_in_an_import(tmp_path: Path) -> None:
    liga = league(tmp_path)
    (tmp_path / "more.csv").write_text(WRONG, "utf-8")
    refused = invoke("league", "players", "import", liga, str(tmp_path / "more.csv"))
    assert refused.exit_code == 2
    assert '"Anna Nowicka" has the id 108, which the register gives to "Grzegorz Wąs"' in (
        refused.stderr
    )
    assert "Nowicka" not in Path(liga, "players.csv").read_text("utf-8")


def test_an_id_of_another_persons_record_is_refused_when_a_tournament_is_added(
    tmp_path: Path,
) -> None:
    liga = league(tmp_path)
    path = kit.new(tmp_path, WRONG, name="e01", rules="plb", deals=8)
    refused = invoke("league", "add", liga, path)
    assert refused.exit_code == 2
    assert '"Anna Nowicka" has the id 108, which the register gives to "Grzegorz Wąs"' in (
        refused.stderr
    )
    assert "[[events]]" not in Path(liga, "league.toml").read_text("utf-8")


def test_an_id_with_the_name_spelt_otherwise_is_taken_with_a_warning(tmp_path: Path) -> None:
    liga = league(tmp_path)
    rows = "name,id\nGrzegorz Was,108\nAnna Nowack,101\n" + "".join(f"{n},\n" for n in NAMES[1:7])
    (tmp_path / "e01.csv").write_text(rows, "utf-8")
    done = invoke("league", "players", "import", liga, str(tmp_path / "e01.csv"))
    assert done.exit_code == 0, done.output
    assert "Grzegorz Was" not in done.stderr  # (case and accents aside, one name)
    assert (
        'warning: "Anna Nowack" has the id 101, which the register gives to "Anna Nowak"; '
        "the register's spelling is kept"
    ) in done.stderr


# ---- defect 4: a merge of two records that played one event; undone ------------------------


def test_two_records_that_played_one_event_are_never_merged(tmp_path: Path) -> None:
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    played(path, 1)
    before = standings(liga)
    refused = invoke("league", "players", "merge", liga, "101", "102")
    assert refused.exit_code == 1
    assert "101 (Anna Nowak) and 102 (Bartosz Lis) both played ../e01" in refused.stderr
    assert not Path(liga, "aliases.csv").exists()
    assert standings(liga) == before


def test_a_merge_is_undone(tmp_path: Path) -> None:
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    played(path, 1)
    ok("league", "players", "add", liga, "Anna Nowak-Lis", "--id", "301", "--team", "Gryf")
    before = json.loads(ok("league", "players", liga, "-f", "json"))
    merged = invoke("league", "players", "merge", liga, "301", "101")
    assert merged.exit_code == 0, merged.output
    assert set(standings(liga)) == {"102", "103", "104", "105", "106", "107", "108", "301"}
    undone = invoke("league", "players", "unmerge", liga, "101")
    assert undone.exit_code == 0, undone.output
    assert "101 (Anna Nowak) is a record of its own again" in undone.stderr
    after = json.loads(ok("league", "players", liga, "-f", "json"))
    assert after["merged"] == before["merged"] == []
    assert sorted(after["players"], key=str) == sorted(before["players"], key=str)
    assert "101" in standings(liga) and "301" not in standings(liga)
    again = invoke("league", "players", "unmerge", liga, "101")
    assert again.exit_code == 2 and "101 is not merged into another record" in again.stderr


def test_an_event_that_counts_one_record_twice_is_refused(tmp_path: Path) -> None:
    """Two players of an event who are one record of the register (merged before the
    event was added): the season refuses to count the person twice in it."""
    liga = league(tmp_path)
    ok("league", "players", "add", liga, "Anna Nowakowa", "--id", "301")
    ok("league", "players", "merge", liga, "101", "301")
    rows = "name,id\nAnna Nowakowa,301\n" + "".join(
        f"{n},{100 + i}\n" for i, n in enumerate(NAMES, 1)
    )
    path = kit.new(tmp_path, rows, name="e01", rules="plb", deals=8)
    refused = invoke("league", "add", liga, path)
    assert refused.exit_code == 1
    assert "Anna Nowakowa and Anna Nowak are one record of the register (101)" in refused.stderr


def test_a_roster_giving_two_players_one_id_fails_check(tmp_path: Path) -> None:
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    played(path, 1)
    roster = Path(path, "roster.csv")
    roster.write_text(roster.read_text("utf-8").replace(",102,", ",101,"), "utf-8")
    checked = invoke("tournament", "check", path)
    assert checked.exit_code == 1
    assert 'roster.csv:3: the id "101" is given to Anna Nowak already (line 2)' in checked.stderr
    refused = invoke("league", "standings", liga)
    assert refused.exit_code == 1 and "the id" in refused.stderr


# ---- the register's ids, names alike, a name corrected ----------------------------------


def test_an_id_a_players_file_refuses_is_refused_and_never_printed_raw(tmp_path: Path) -> None:
    liga = league(tmp_path)
    for ident in ("=1+1", "12\n34", "\x1b[31m7", "@SUM(A1)", "-2+3"):
        refused = invoke("league", "players", "add", liga, "Jan Nowy", "--id", ident)
        assert refused.exit_code == 2, ident
        assert "\x1b" not in refused.stderr and "12\n34" not in refused.stderr
        assert "cannot be an id" in refused.stderr
    assert "Jan Nowy" not in Path(liga, "players.csv").read_text("utf-8")
    club = invoke("league", "players", "add", liga, "Jan Nowy", "--club", "\x1b[31mPuck")
    assert club.exit_code == 2 and '"\\x1b[31mPuck" cannot be a club' in club.stderr
    taken = invoke("league", "players", "add", liga, "Jan Nowy", "--id", "101")
    assert taken.exit_code == 2 and 'the id "101" is in the register already' in taken.stderr


def test_names_alike_are_warned_of_whenever_records_are_added(tmp_path: Path) -> None:
    liga = league(tmp_path, "Jan Formella,201,Puck\n", "Piotr Mądry,202,Puck\n")
    rows = "name\nJan Formela\nPiotr Mondry\n" + "".join(f"{n}\n" for n in NAMES[:6])
    (tmp_path / "e01.csv").write_text(rows, "utf-8")
    made = invoke(
        "tournament", "new", str(tmp_path / "e01"), "--league", liga, "-p",
        str(tmp_path / "e01.csv"), "--rounds", "2", "--deals", "8", "-r", "plb",
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    assert 'warning: "Jan Formella" (201) and "Jan Formela" (N1) look alike' in made.stderr
    assert 'warning: "Piotr Mądry" (202) and "Piotr Mondry" (N2) look alike' in made.stderr


def test_look_alikes_are_found_by_their_keys_as_pair_by_pair() -> None:
    names = [
        "Jan Formella", "Jan Formela", "Piotr Mądry", "Piotr Mondry", "Ewa Dąbrowska",
        "Ewa Dombrowska", "Ewa Dabrowska", "Anna Rzepka", "Anna Żepka", "Zofia Chmiel",
        "Zofia Hmiel", "Olga Góra", "Olga Gura", "Jan Kowalski", "Jan Kowalska", "Jan Nowak",
    ]  # fmt: skip
    register = Register(tuple(Member(str(i), n) for i, n in enumerate(names, 1)))
    got = {(a.name, b.name) for a, b in look_alike(register)}
    assert got == {
        ("Jan Formella", "Jan Formela"),
        ("Piotr Mądry", "Piotr Mondry"),
        ("Ewa Dąbrowska", "Ewa Dombrowska"),
        ("Ewa Dąbrowska", "Ewa Dabrowska"),
        ("Anna Rzepka", "Anna Żepka"),
        ("Zofia Chmiel", "Zofia Hmiel"),
        ("Olga Góra", "Olga Gura"),
        ("Jan Kowalski", "Jan Kowalska"),
    }


def test_a_name_is_corrected_and_the_site_shows_it(tmp_path: Path) -> None:
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    played(path, 1)
    renamed = invoke("league", "players", "rename", liga, "108", "Grzegorz Wąsik")
    assert renamed.exit_code == 0, renamed.output
    assert '108: "Grzegorz Wąs" is now "Grzegorz Wąsik"' in renamed.stderr
    assert standings(liga)["108"]["player"] == "Grzegorz Wąsik"
    wrong = invoke("league", "players", "rename", liga, "999", "X Y")
    assert wrong.exit_code == 2 and '"999" is not an id of the register' in wrong.stderr
    out = tmp_path / "web"
    ok("league", "publish", liga, str(out))
    page = (out / "events" / "e01" / "index.html").read_text("utf-8")
    assert "Grzegorz Wąsik" in page and "Grzegorz Wąs<" not in page
    assert REGISTER  # (the register these tests share)


def test_an_event_played_under_a_merged_id_counts_for_it_again_once_unmerged(
    tmp_path: Path,
) -> None:
    liga = league(tmp_path)
    ok("league", "players", "add", liga, "Anna Nowak-Lis", "--id", "301")
    ok("league", "players", "merge", liga, "101", "301")
    rows = "name,id\nAnna Nowak-Lis,301\n" + "".join(f"{n},\n" for n in NAMES[1:])
    path = event(tmp_path, liga, "e01", rows)
    played(path, 1)
    assert [p.display for p in load(path).players if p.id == "301"] == ["Anna Nowak"]
    assert "301" not in standings(liga) and standings(liga)["101"]["events"] == 1
    ok("league", "add", liga, path)  # (matched again: the id stays the merged record's)
    ok("league", "players", "unmerge", liga, "301")
    got = standings(liga)
    assert got["301"]["events"] == 1 and "101" not in got


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    name=st.text(min_size=1, max_size=30),
    ident=st.text(max_size=12),
    club=st.text(max_size=12),
)
def test_whatever_is_typed_the_register_is_one_baska_reads_back(
    tmp_path_factory: pytest.TempPathFactory, name: str, ident: str, club: str
) -> None:
    """`league players add` takes a record or refuses it (exit 2, nothing raw of a control
    character said); the register it writes always reads back."""
    liga = str(tmp_path_factory.mktemp("hostile") / "liga")
    ok("league", "new", liga, "--title", "L")
    done = invoke("league", "players", "add", liga, name, "--id", ident, "--club", club)
    assert done.exit_code in (0, 2), done.output
    assert not any(ch in done.stderr for ch in "\x1b\x07\x9b\u202e"), done.stderr
    listed = invoke("league", "players", liga, "--format", "json")
    assert listed.exit_code == 0, listed.output
    players = json.loads(listed.stdout)["players"]
    assert len(players) == (done.exit_code == 0)
