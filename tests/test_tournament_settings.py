"""tournament/settings.py and `baska tournament set`: every setting of `new` changed by a
command, refused where the drawn rounds forbid it; `new` refusing fixed tables no round can
give; a missing round directory named as missing; racing `new` processes making one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from baska_cli.errors import TournamentError
from baska_cli.tournament.folder import load
from baska_cli.tournament.settings import SETTINGS, Plan, Setting
from tests import tournamentkit as kit
from tests.clikit import invoke

EIGHT = kit.eight(puck=2)  # Ania and Bartek of the club Puck


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return kit.new(tmp_path, EIGHT, rounds=3)


def _settings(path: str) -> dict[str, object]:
    with open(os.path.join(path, "tournament.toml"), "rb") as stream:
        return tomllib.load(stream)


def test_set_without_a_key_shows_every_setting(liga: str) -> None:
    result = invoke("tournament", "set", liga)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        'title = ""', "rounds = 3", "deals = 16", "rules = mester", "seed = 9",
        "tie-breaks = place_points,total,tables_won,lots", "apart-clubs = no", 'apart = ""',
        'fixed = ""', "fee = 0", "round-minutes = 60", "time-up = play-on", "hide-standings = no",
        "double-entry = no",
    ]  # fmt: skip


def test_set_answers_yes_or_no_in_the_language_it_was_asked_in(liga: str) -> None:
    changed = invoke("--lang", "pl", "tournament", "set", liga, "apart-clubs", "tak")
    assert (changed.exit_code, changed.stderr.splitlines()[0]) == (
        0, f"{liga}: apart-clubs: nie → tak"
    )  # fmt: skip
    again = invoke("--lang", "pl", "tournament", "set", liga, "hide-standings", "nie")
    assert again.stderr == f"{liga}: hide-standings ma już wartość nie; nic się nie zmieniło\n"
    listed = invoke("--lang", "pl", "tournament", "set", liga).stdout.splitlines()
    assert (listed[6], listed[12]) == ("apart-clubs = tak", "hide-standings = nie")
    english = invoke("--lang", "en", "tournament", "set", liga, "apart-clubs", "no")
    assert english.stderr.splitlines()[0] == f"{liga}: apart-clubs: yes → no"


def test_every_setting_of_new_changes_before_the_first_draw(liga: str) -> None:
    for key, value in [
        ("rounds", "5"), ("deals", "32"), ("deals", "16"), ("rules", "plb"), ("deals", "12"),
        ("seed", "2026"),
        ("tie-breaks", "place_points,tables_won,total"), ("apart-clubs", "yes"),
        ("apart", "ania,Celina;Darek,Ewa"), ("fixed", "Feliks=2;halina=1"),
    ]:  # fmt: skip
        result = invoke("tournament", "set", liga, key, value)
        assert result.exit_code == 0, (key, result.stderr)
        assert result.stderr.startswith(f"{liga}: {key}: ")
    data = _settings(liga)
    assert (data["rounds"], data["deals"], data["rules"], data["seed"]) == (5, 12, ["plb"], "2026")
    assert data["tie_breaks"] == ["place_points", "tables_won", "total"]
    assert data["apart_clubs"] is True
    assert data["apart"] == [["Ania", "Celina"], ["Darek", "Ewa"]]
    assert data["fixed_tables"] == {"Feliks": 2, "Halina": 1}
    assert "the draws from round 1 on use it" in result.stderr
    drawn = invoke("tournament", "draw", liga, "--anyway", "--format", "json")
    assert drawn.exit_code == 0
    assert invoke("tournament", "set", liga, "fixed", "").exit_code == 0
    assert _settings(liga)["fixed_tables"] == {}


def test_after_a_draw_the_ledgers_settings_are_refused_and_the_rest_explained(liga: str) -> None:
    assert invoke("tournament", "draw", liga, "--anyway").exit_code == 0
    before = Path(liga, "tournament.toml").read_bytes()
    for key, value in [("deals", "24"), ("rules", "plb")]:
        result = invoke("tournament", "set", liga, key, value)
        assert result.exit_code == 2
        assert result.stderr == (
            f'Error: {key} "{value}": round 1 is drawn already and its table ledgers hold the '
            f"{key} it was drawn with; {key} can change only before the first draw\n"
        )
    assert Path(liga, "tournament.toml").read_bytes() == before
    result = invoke("tournament", "set", liga, "seed", "7")
    assert result.exit_code == 0
    assert result.stderr == (
        f"{liga}: seed: 9 → 7\nround 1 keeps its seating; the draws from round 2 on use it\n"
    )
    assert load(liga).draws[0].round == 1  # round 1's seating kept
    assert invoke("tournament", "draw", liga, "--anyway").exit_code == 0
    result = invoke("tournament", "set", liga, "rounds", "1")
    assert (result.exit_code, result.stderr) == (
        2, 'Error: rounds "1": 2 rounds are drawn already; expected 2 or more\n'
    )  # fmt: skip
    assert invoke("tournament", "set", liga, "rounds", "2").exit_code == 0
    result = invoke("tournament", "set", liga, "apart", "Ania,Bartek")
    assert "every round is drawn already, so no seating changes" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rouds", "4"), 'Error: unknown setting "rouds"; expected one of title, rounds, deals, '
         'rules, seed, tie-breaks, apart-clubs, apart, fixed, fee, round-minutes, time-up, '
         'hide-standings, double-entry; did you mean "rounds"?\n'),
        (("rounds", "zero"), 'Error: rounds "zero": expected a whole number from 1 to 99\n'),
        (("rounds", "100"), 'Error: rounds "100": expected a whole number from 1 to 99\n'),
        (("rounds", "9" * 20), 'Error: rounds "99999999999999999999": expected a whole number'),
        (("deals", "0"), 'Error: deals "0": expected a whole number from 1 to 200\n'),
        (("deals", "20"), "Error: --deals 20: mester plays series of 16, 24, 32, 40 deals\n"),
        (("rules", "pagat"), "Error: pagat gives no place points"),
        (("apart-clubs", "maybe"), 'Error: apart-clubs "maybe": expected yes or no\n'),
        (("apart", "Ania"), 'Error: apart "Ania": expected two names with a comma, pairs '
         'separated by semicolons, e.g. apart "Ania,Bartek;Celina,Darek"\n'),
        (("apart", "Ania,Zenon"), 'Error: "Zenon" is not in '),
        (("fixed", "Ania"), 'Error: fixed "Ania": expected NAME=TABLE'),
        (("fixed", "Ania=3"), "Error: --fixed Ania=3: the 8 players fill 2 tables; expected a "
         "table from 1 to 2\n"),
        (("tie-breaks", "total"), "Error: tie-breaks total: expected place_points first"),
        (("seed", " "), 'Error: seed "": expected any text'),
        (("seed", "x" * 25), 'Error: seed "xxxxxxxxxxxxxxxxxxxx…": expected any text of one line, '
         "at most 24 characters\n"),
        (("rules", ""), 'Error: rules "": expected a rule system (plb, mester, pagat) or a '),
        (("rounds",), 'Error: setting "rounds": expected a value after it'),
    ],
)  # fmt: skip
def test_set_refuses_what_it_cannot_keep(liga: str, args: tuple[str, ...], message: str) -> None:
    before = Path(liga, "tournament.toml").read_bytes()
    result = invoke("tournament", "set", liga, *args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message), result.stderr
    assert Path(liga, "tournament.toml").read_bytes() == before


@pytest.mark.parametrize(
    ("pins", "message"),
    [
        (["Ania=3"], "Error: --fixed Ania=3: the 8 players fill 2 tables; expected a table from "
         "1 to 2\n"),
        (["Ania=0"], "Error: --fixed Ania=0: the 8 players fill 2 tables"),
        (["Ania=1", "ania=2"], "Error: --fixed Ania=1, Ania=2: a player sits at one table\n"),
        (["Ania=1", "Bartek=1", "Celina=1", "Darek=1", "Ewa=1"], "Error: --fixed: Ania, "
         "Bartek, Celina, Darek, Ewa all asked for table 1, but a table seats four\n"),
    ],
)  # fmt: skip
def test_new_refuses_fixed_tables_no_round_can_give(
    tmp_path: Path, pins: list[str], message: str
) -> None:
    players = tmp_path / "players.txt"
    players.write_text(EIGHT, "utf-8")
    fixed = [arg for pin in pins for arg in ("--fixed", pin)]
    result = invoke("tournament", "new", str(tmp_path / "t"), "-p", str(players), "--rounds",
                    "2", "--deals", "16", *fixed)  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr.startswith(message), result.stderr
    assert not (tmp_path / "t").exists()


def test_a_missing_middle_round_is_named_as_missing(liga: str) -> None:
    for _round in range(3):
        assert invoke("tournament", "draw", liga, "--anyway").exit_code == 0
    shutil.rmtree(os.path.join(liga, "r2"))
    for args in (("draw", liga), ("standings", liga), ("result", liga, "2", "1", "Ania=+1")):
        result = invoke("tournament", *args)
        assert result.exit_code == 1, args
        assert result.stderr == (
            f"Error: {liga}: the directory of round 2 is missing, but round 3 is drawn (r3 is "
            "there); put it back from a copy\n"
        ), args
    assert not os.path.exists(os.path.join(liga, "r2"))  # no round 2 drawn again in its place
    with pytest.raises(TournamentError, match="rounds 1, 2 are missing"):
        shutil.rmtree(os.path.join(liga, "r1"))
        load(liga)


RACE = """
import os, sys, time
from baska_cli.cli import script
while not os.path.exists(sys.argv[1]):
    time.sleep(0.0005)
sys.argv = ["baska", *sys.argv[2:]]
script()
"""


@pytest.mark.slow
def test_racing_new_processes_make_exactly_one_tournament(tmp_path: Path) -> None:
    """Processes started together, each waiting for one file to appear, then all running
    `baska tournament new` on one directory with their own players and seed: one makes the
    tournament, the others are refused, and the directory is wholly the winner's."""
    racers = 4
    for attempt in range(8):
        go, path = tmp_path / f"go{attempt}", tmp_path / f"liga{attempt}"
        procs = []
        for i in range(racers):
            players = tmp_path / f"p{attempt}-{i}.txt"
            players.write_text("".join(f"Gracz{i}x{n}\n" for n in range(8)), "utf-8")
            argv = [sys.executable, "-c", RACE, str(go), "tournament", "new", str(path), "-p",
                    str(players), "--rounds", "2", "--deals", "16", "--seed", f"s{i}"]  # fmt: skip
            procs.append(subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
        time.sleep(1.5)  # every racer imported and waiting
        go.write_text("go", "utf-8")
        done = [(p.wait(timeout=120), p.stderr.read().decode() if p.stderr else "") for p in procs]
        for p in procs:
            for stream in (p.stdout, p.stderr):
                if stream:
                    stream.close()
        winners = [i for i, (code, _err) in enumerate(done) if code == 0]
        assert len(winners) == 1, done
        for i, (code, err) in enumerate(done):
            if i not in winners:
                assert code == 1, err
                assert "exists already and is not an empty directory" in err, err
        t = load(str(path))
        assert t.plan.seed == f"s{winners[0]}"
        assert {p.name for p in t.players} == {f"Gracz{winners[0]}x{n}" for n in range(8)}


def test_the_table_and_the_plan_name_the_same_settings() -> None:
    not_rows = {"identity", "league"}  # (made by `new`: settings.IDENTITY; an older file's)
    assert sorted(row.attribute for row in SETTINGS) == sorted(
        f.name for f in fields(Plan) if f.name not in not_rows
    )
    assert len({row.name for row in SETTINGS}) == len({row.key for row in SETTINGS}) == 14
    help_text = invoke("tournament", "new", "--help").stdout
    for row in SETTINGS:
        assert f"--{row.name}" in help_text, row.name
    assert "--rounds N             How many rounds.  [from 1 to 99; required]" in help_text


@pytest.mark.parametrize("row", [row for row in SETTINGS if row.kind.bounds], ids=lambda r: r.name)
def test_new_and_set_keep_to_the_same_bounds(tmp_path: Path, liga: str, row: Setting) -> None:
    assert row.kind.bounds is not None
    low, high = row.kind.bounds
    players = tmp_path / "p.txt"
    players.write_text(EIGHT, "utf-8")
    below = [str(low - 1)] if low > 0 else []  # (-1 is no option's value: Click's to refuse)
    for typed in [*below, str(high + 1), "9" * 20]:
        given = {"rounds": "2", "deals": "16", row.name: typed}
        args = [arg for key, value in given.items() for arg in (f"--{key}", value)]
        made = invoke("tournament", "new", str(tmp_path / "t"), "-p", str(players), *args)
        changed = invoke("tournament", "set", liga, row.name, typed)
        expected = f'"{typed[:20]}…"' if len(typed) > 24 else f'"{typed}"'
        words = f"{expected}: expected a whole number from {low} to {high}\n"
        assert (made.exit_code, made.stderr) == (2, f"Error: --{row.name} {words}")
        assert (changed.exit_code, changed.stderr) == (2, f"Error: {row.name} {words}")
    assert not (tmp_path / "t").exists()


def test_new_takes_pairs_and_pins_as_set_does(tmp_path: Path) -> None:
    players = tmp_path / "p.txt"
    players.write_text(EIGHT, "utf-8")
    path = str(tmp_path / "t")
    result = invoke("tournament", "new", path, "-p", str(players), "--rounds", "2", "--deals",
                    "16", "--apart", "ania,Celina;Darek,Ewa", "--apart", "Feliks,Halina",
                    "--fixed", "Bartek=1;Grzegorz=2", "--fixed", "halina=1")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert _settings(path)["apart"] == [["Ania", "Celina"], ["Darek", "Ewa"], ["Feliks", "Halina"]]
    assert _settings(path)["fixed_tables"] == {"Bartek": 1, "Grzegorz": 2, "Halina": 1}
    shown = invoke("tournament", "set", path).stdout.splitlines()
    assert shown[-7:-5] == [
        "apart = Ania,Celina;Darek,Ewa;Feliks,Halina", "fixed = Bartek=1;Grzegorz=2;Halina=1"
    ]  # fmt: skip
