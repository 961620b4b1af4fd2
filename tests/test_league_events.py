"""A league's events kept honestly (league/service/events.py): a late entry joins the
register as the players of `tournament new --league` do; a copy of an event's folder is one
event, never counted twice; an event listed, re-dated and removed; `league add` says what it
did, and an event already in changes nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from baska_cli.tournament.folder import load
from tests import tournamentkit as kit
from tests.clikit import invoke

REGISTER = (
    "name,id,club\n"
    "Anna Nowak,101,Puck\n"
    "Bartosz Lis,102,Puck\n"
    "Celina Ryś,103,Lębork\n"
    "Dariusz Sum,104,Lębork\n"
    "Ewa Kot,105,Puck\n"
    "Feliks Mak,106,Lębork\n"
    "Halina Bor,107,Puck\n"
    "Grzegorz Wąs,108,Lębork\n"
)
NAMES = [row.split(",")[0] for row in REGISTER.splitlines()[1:]]


def ok(*args: str) -> str:
    done = invoke(*args)
    assert done.exit_code == 0, done.output
    return done.stdout


def played(path: str, round_number: int) -> None:
    """Every table of the round drawn and its paper sheet entered."""
    kit.draw(path)
    for table in range(1, len(load(path).draws[round_number - 1].tables) + 1):
        kit.result(
            path, round_number, table, *kit.entries(path, round_number, table, (30, 10, -10, -30))
        )


def league(tmp_path: Path, *more: str) -> str:
    (tmp_path / "zawodnicy.csv").write_text(REGISTER + "".join(more), "utf-8")
    liga = str(tmp_path / "liga")
    ok("league", "new", liga, "--title", "Liga", "--players", str(tmp_path / "zawodnicy.csv"))
    return liga


def event(tmp_path: Path, liga: str, name: str, rows: str, *options: str) -> str:
    (tmp_path / f"{name}.csv").write_text(rows, "utf-8")
    path = str(tmp_path / name)
    made = invoke(
        "tournament", "new", path, "--league", liga, "-p", str(tmp_path / f"{name}.csv"),
        "--rounds", "2", "--deals", "8", "-r", "plb", "--seed", "1", *options,
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    return path


def standings(liga: str) -> dict[str, dict[str, object]]:
    got = json.loads(ok("league", "standings", liga, "-f", "json"))
    return {r["id"]: r for r in got["standings"]}


# ---- defect 1: a late entry ----------------------------------------------------------------


def test_a_late_entry_joins_the_register_and_the_season_counts_it(tmp_path: Path) -> None:
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    played(path, 1)
    entered = invoke("tournament", "enter", path, "Zenon Nowy", "--club", "Puck")
    assert entered.exit_code == 0, entered.output
    assert "Zenon Nowy was added to the register as N1" in entered.stderr
    invoke("tournament", "withdraw", path, "Anna Nowak")  # (nine players: one sits out)
    entered = invoke("tournament", "enter", path, "Jan Trzeci")
    assert entered.exit_code == 0, entered.output
    assert "Jan Trzeci was added to the register as N2" in entered.stderr
    kit.draw(path)
    t = load(path)
    for table in range(1, len(t.draws[1].tables) + 1):
        kit.result(path, 2, table, *kit.entries(path, 2, table, (30, 10, -10, -30)))
    got = standings(liga)
    assert {"N1", "N2"} <= set(got)
    assert got["N1"]["player"] == "Zenon Nowy" and got["N1"]["events"] == 1
    register = json.loads(ok("league", "players", liga, "-f", "json"))["players"]
    assert [p["id"] for p in register][-2:] == ["N1", "N2"]
    assert ok("league", "ratings", liga)


def test_a_late_entry_of_a_name_two_records_share_is_asked_for_its_id(tmp_path: Path) -> None:
    liga = league(tmp_path, "Jan Kowalski,201,Puck\n", "Jan Kowalski,202,Lębork\n")
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    played(path, 1)
    asked = invoke("tournament", "enter", path, "Jan Kowalski")
    assert asked.exit_code == 2
    assert (
        '"Jan Kowalski" is in the register 2 times: 201 (Puck), 202 (Lębork); say which: '
        f'baska tournament enter {path} "Jan Kowalski" --id 201'
    ) in asked.stderr
    assert "Jan Kowalski" not in {p.display for p in load(path).players}
    entered = invoke("tournament", "enter", path, "Jan Kowalski", "--id", "202")
    assert entered.exit_code == 0, entered.output
    assert next(p for p in load(path).players if p.id == "202").display == "Jan Kowalski"


def test_an_entrant_the_register_does_not_know_names_the_command_that_adds_them(
    tmp_path: Path,
) -> None:
    """A late entry made where the league was out of reach (or by an older baska): the
    season names the command that fixes it, and that command works."""
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    played(path, 1)
    ok("tournament", "withdraw", path, "Anna Nowak")
    roster = Path(path, "players.csv")
    roster.write_text(roster.read_text("utf-8") + "Zenon,,2,\n", "utf-8")
    played(path, 2)
    refused = invoke("league", "standings", liga)
    assert refused.exit_code == 1
    assert (
        f'"Zenon" (../e01) is not in the register; add the event\'s new players to it: '
        f"baska league add {liga} ../e01"
    ) in refused.stderr
    fixed = invoke("league", "add", liga, path)
    assert fixed.exit_code == 0, fixed.output
    assert "Zenon was added to the register as N1" in fixed.stderr
    assert standings(liga)["N1"]["player"] == "Zenon"


def test_a_name_two_records_share_is_told_apart_from_a_name_unknown(tmp_path: Path) -> None:
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    played(path, 1)
    Path(path, "roster.csv").write_text(
        Path(path, "roster.csv").read_text("utf-8").replace(",101,", ",,"), "utf-8"
    )
    ok("league", "players", "add", liga, "Anna Nowak", "--id", "301")
    refused = invoke("league", "standings", liga)
    assert refused.exit_code == 1
    assert (
        '"Anna Nowak" (../e01) is in the register 2 times: 101 (Puck), 301; say which: '
        f'baska league add {liga} ../e01 --id "Anna Nowak=101"'
    ) in refused.stderr
    nobody = invoke("league", "add", liga, path, "--id", "Anna Nowak=101", "--id", "Zofia=1")
    assert nobody.exit_code == 2 and f'--id "Zofia=1": no player of {path} is "Zofia"' in (
        nobody.stderr
    )
    fixed = invoke("league", "add", liga, path, "--id", "Anna Nowak=101")
    assert fixed.exit_code == 0, fixed.output
    assert standings(liga)["101"]["events"] == 1


# ---- defect 2: a copy of an event's folder ---------------------------------------------


def test_a_copy_of_an_events_folder_is_refused_and_never_counted_twice(tmp_path: Path) -> None:
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    played(path, 1)
    before = standings(liga)
    copy = str(tmp_path / "e01-kopia")
    shutil.copytree(path, copy, symlinks=True)
    refused = invoke("league", "add", liga, copy)
    assert refused.exit_code == 1
    assert "is a copy of the event ../e01" in refused.stderr
    assert standings(liga) == before
    # listed by hand in league.toml all the same: the season refuses to count it twice
    settings = Path(liga, "league.toml")
    text = settings.read_text("utf-8")
    settings.write_text(text + '\n[[events]]\npath = "../e01-kopia"\ndate = "2099-12-31"\n')
    twice = invoke("league", "standings", liga)
    assert twice.exit_code == 1
    assert "../e01-kopia and ../e01 are one tournament" in twice.stderr


def test_namesakes_are_told_apart_in_the_standings_and_on_the_site(tmp_path: Path) -> None:
    liga = league(tmp_path, "Jan Kowalski,201,Puck\n", "Jan Kowalski,202,Puck\n")
    rows = "name,id\nJan Kowalski,201\nJan Kowalski,202\n" + "".join(f"{n},\n" for n in NAMES[:6])
    path = event(tmp_path, liga, "e01", rows)
    played(path, 1)
    table = ok("league", "standings", liga)
    assert "Jan Kowalski (201)" in table and "Jan Kowalski (202)" in table
    assert "Anna Nowak (" not in table
    out = tmp_path / "web"
    ok("league", "publish", liga, str(out))
    index = (out / "index.html").read_text("utf-8")
    assert '<a href="players/201.html">Jan Kowalski (201)</a>' in index
    assert '<a href="players/202.html">Jan Kowalski (202)</a>' in index
    event_page = (out / "events" / "e01" / "index.html").read_text("utf-8")
    assert '<a href="../../players/201.html">Jan Kowalski (Jan.K.201)</a>' in event_page


def test_events_are_listed_re_dated_and_removed(tmp_path: Path) -> None:
    liga = league(tmp_path)
    first = event(
        tmp_path, liga, "e01", "name\n" + "".join(f"{n}\n" for n in NAMES), "--date", "2026-03-01"
    )
    second = kit.new(
        tmp_path, "name\n" + "".join(f"{n}\n" for n in NAMES), name="e02", rules="plb", deals=8
    )
    added = invoke("league", "add", liga, second, "--date", "2026-01-10")
    assert added.exit_code == 0, added.output
    assert added.stderr == (
        f"../e02 is an event of {liga} (2026-01-10)\n8 players were in the register already\n"
    )
    listed = json.loads(ok("league", "events", liga, "--format", "json"))["events"]
    assert [(e["event"], e["date"], e["players"]) for e in listed] == [
        ("../e02", "2026-01-10", 8),
        ("../e01", "2026-03-01", 8),
    ]
    moved = invoke("league", "events", "date", liga, "e02", "2026-04-01")
    assert moved.exit_code == 0, moved.output
    assert moved.stderr == "../e02: its date 2026-01-10 is now 2026-04-01\n"
    assert [
        e["event"] for e in json.loads(ok("league", "events", liga, "-f", "json"))["events"]
    ] == [
        "../e01",
        "../e02",
    ]
    wrong = invoke("league", "events", "date", liga, "e03", "2026-04-01")
    assert wrong.exit_code == 2 and '"e03" is not an event of the league' in wrong.stderr
    bad = invoke("league", "events", "date", liga, "e02", "2026-02-30")
    assert bad.exit_code == 2 and 'DATE "2026-02-30": expected a date as YYYY-MM-DD' in bad.stderr
    gone = invoke("league", "events", "remove", liga, first)
    assert gone.exit_code == 0, gone.output
    assert gone.stderr == (
        f"../e01 is no event of {liga} any more; the players it added stay in the register\n"
    )
    assert load(first).plan.league == ""
    again = invoke("league", "add", liga, first, "--date", "2026-03-01")
    assert again.exit_code == 0, again.output
    unchanged = invoke("league", "add", liga, first)
    assert unchanged.stderr == f"../e01: nothing changed (an event of {liga} already)\n"
    date_only = invoke(
        "tournament", "new", str(tmp_path / "e09"), "-p", str(tmp_path / "e01.csv"),
        "--rounds", "2", "--deals", "8", "-r", "plb", "--date", "2026-05-01",
    )  # fmt: skip
    assert date_only.exit_code == 2 and "given with --league" in date_only.stderr


# ---- league.toml the one record of a league's events (the merge of issue 40's branches) ----


def test_a_late_entry_finds_its_league_by_the_league_toml_that_lists_it(tmp_path: Path) -> None:
    """The tournament names no league (league.toml is the one record): a late entry joins
    the register of the league whose league.toml lists the tournament, found above it too;
    in a tournament of no league, nothing is said of one."""
    liga = league(tmp_path)
    Path(liga, "2026").mkdir()
    (tmp_path / "gp1.csv").write_text("name,id\n" + "".join(f"{n},\n" for n in NAMES), "utf-8")
    inner = str(Path(liga, "2026", "gp1"))
    ok(
        "tournament", "new", inner, "--league", liga, "-p", str(tmp_path / "gp1.csv"),
        "--rounds", "2", "--deals", "8", "-r", "plb", "--seed", "1",
    )  # fmt: skip
    assert "league" not in Path(inner, "tournament.toml").read_text("utf-8")
    entered = invoke("tournament", "enter", inner, "Zenon Nowy")
    assert entered.exit_code == 0, entered.output
    assert "Zenon Nowy was added to the register as N1" in entered.stderr
    ok("league", "events", "remove", liga, inner)
    alone = invoke("tournament", "enter", inner, "Jan Trzeci")  # (in no league now)
    assert alone.exit_code == 0, alone.output
    assert "register" not in alone.stderr and "N2" not in ok("league", "players", liga)
    again = invoke("league", "add", liga, inner)
    assert again.exit_code == 0, again.output
    assert "Jan Trzeci was added to the register as N2" in again.stderr


def test_a_folder_an_earlier_baska_wrote_naming_the_league_says_how_to_add_it(
    tmp_path: Path,
) -> None:
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    copy = tmp_path / "e01-kopia"
    shutil.copytree(path, copy, symlinks=True)
    settings = copy / "tournament.toml"  # as an earlier baska wrote it: no identity, the league
    lines = settings.read_text("utf-8").splitlines(keepends=True)
    text = "".join(line for line in lines if not line.startswith("identity = "))
    settings.write_text(text.replace("\nrounds", '\nleague = "../liga"\nrounds'), "utf-8")
    refused = invoke("league", "add", liga, str(copy))
    assert (refused.exit_code, refused.stderr) == (1, (
        f"Error: {copy}: names this league, but is none of its events: a copy of an event's "
        "folder? An event counts once. If it is a tournament of its own: remove the line "
        "league = … from its tournament.toml, then add it\n"
    ))  # fmt: skip
    settings.write_text(text, "utf-8")
    added = invoke("league", "add", liga, str(copy))
    assert added.exit_code == 0, added.output
    assert added.stderr.startswith(f"../e01-kopia is an event of {liga} (")


def test_a_late_entry_in_a_tournament_two_leagues_list_joins_neither_and_says_so(
    tmp_path: Path,
) -> None:
    liga = league(tmp_path)
    path = event(tmp_path, liga, "e01", "name,id\n" + "".join(f"{n},\n" for n in NAMES))
    other = str(tmp_path / "liga2")
    ok("league", "new", other, "--title", "Druga")
    ok("league", "add", other, path)
    entered = invoke("tournament", "enter", path, "Zenon Nowy")
    assert entered.exit_code == 0, entered.output
    assert (
        f"{liga}, {other}: each of them lists {path} as an event, so the new player joins "
        f"their registers with: baska league add LIGA {path}, for each of them\n"
    ) in entered.stderr
    assert "Zenon" not in ok("league", "players", liga) + ok("league", "players", other)
