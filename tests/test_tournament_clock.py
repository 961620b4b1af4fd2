"""`baska tournament start`, `announce` and the settings round-minutes, time-up and
hide-standings at the command line, and the clock's service with the time given (never
slept): exit statuses, refusals, the files written, the seconds left and the warnings."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.render.tournament.board import clock_record
from baska_cli.tournament.board.service import board_now
from baska_cli.tournament.clock import service
from baska_cli.tournament.clock.announcement import MOST, announcement_text, visible
from baska_cli.tournament.clock.timing import WARNINGS, Clock, RoundClock, iso, parse_iso
from baska_cli.tournament.folder import load
from tests import tournamentkit as kit
from tests.clikit import invoke

NOON = datetime(2026, 5, 9, 12, 0, tzinfo=UTC)


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return kit.drawn(tmp_path)


def test_start_needs_a_drawn_round(tmp_path: Path) -> None:
    path = kit.new(tmp_path)
    done = invoke("tournament", "start", path)
    assert done.exit_code == 1
    assert done.stderr == (
        f"Error: {path}: no round is drawn yet; draw one (`baska tournament draw`), "
        "then start its clock\n"
    )
    assert not Path(path, "clock.json").exists()


def test_start_once_then_refused_then_restarted(liga: str) -> None:
    done = invoke("tournament", "start", liga)
    assert done.exit_code == 0, done.output
    assert done.stdout == "" and done.stderr.startswith("round 1's clock started at ")
    assert "60 minutes, time is up at " in done.stderr
    stored = json.loads(Path(liga, "clock.json").read_text("utf-8"))
    assert stored["round"] == 1 and parse_iso(stored["started"]).tzinfo is not None
    again = invoke("tournament", "start", liga)
    assert again.exit_code == 1
    assert "round 1's clock was started at " in again.stderr
    assert again.stderr.endswith("to start it again from now, give --restart\n")
    assert json.loads(Path(liga, "clock.json").read_text("utf-8")) == stored  # (untouched)
    restarted = invoke("tournament", "start", liga, "--restart")
    assert restarted.exit_code == 0
    assert restarted.stderr.startswith("round 1's clock started again at ")


def test_a_new_round_starts_its_own_clock_without_restart(tmp_path: Path) -> None:
    path = kit.drawn(tmp_path)
    service.start_clock(path, now=NOON)
    kit.draw(path, "--anyway")
    started = service.start_clock(path, now=NOON + timedelta(hours=1))
    assert (started.clock.round, started.restarted) == (2, False)


def test_the_settings_typed_with_underscores_or_hyphens(liga: str) -> None:
    assert invoke("tournament", "set", liga, "round_minutes", "45").exit_code == 0
    assert invoke("tournament", "set", liga, "time-up", "finish_deal").exit_code == 0
    assert invoke("tournament", "set", liga, "hide_standings", "true").exit_code == 0
    plan = load(liga).plan
    assert (plan.round_minutes, plan.time_up, plan.hide_standings) == (45, "finish-deal", True)
    wrong = invoke("tournament", "set", liga, "time_up", "stop")
    assert wrong.exit_code == 2
    assert wrong.stderr == 'Error: time-up "stop": expected one of play-on, finish-deal\n'
    long = invoke("tournament", "set", liga, "round-minutes", "0")
    assert long.exit_code == 2 and "from 1 to 600" in long.stderr
    listed = invoke("tournament", "set", liga).stdout
    assert "round-minutes = 45\ntime-up = finish-deal\nhide-standings = yes\n" in listed


def test_the_clock_counts_down_from_the_time_given(liga: str) -> None:
    service.start_clock(liga, now=NOON)
    found = service.clock_of(load(liga))
    assert found == RoundClock(Clock(1, NOON), 60, "play-on")
    assert clock_record(found) == {
        "round": 1,
        "started": "2026-05-09T12:00:00.000Z",
        "ends": "2026-05-09T13:00:00.000Z",
        "minutes": 60,
        "time_up": "play-on",
        "warnings": list(WARNINGS),
    }
    at = {minutes: found.remaining(NOON + timedelta(minutes=minutes)) for minutes in
          (0, 50, 55, 59.5, 61)}  # fmt: skip
    assert at == {0: 3600.0, 50: 600.0, 55: 300.0, 59.5: 30.0, 61: 0.0}
    shown = clock_record(found, NOON + timedelta(minutes=50))
    assert shown is not None and shown["remaining"] == 600.0
    assert WARNINGS == (600, 300)  # (10 and 5 minutes: the pages warn at these)
    invoke("tournament", "set", liga, "round-minutes", "90")
    longer = service.clock_of(load(liga))
    assert longer is not None and iso(longer.ends) == "2026-05-09T13:30:00.000Z"


def test_the_seconds_left_count_to_the_end_as_shown(liga: str) -> None:
    """A clock started within a millisecond counts down to its end as the screens show it
    (to the millisecond), so a page never shows time left past the end it names."""
    started = NOON + timedelta(microseconds=999_600)
    found = RoundClock(Clock(1, started), 60, "play-on")
    assert iso(found.ends) == "2026-05-09T13:00:00.999Z"
    assert found.remaining(NOON + timedelta(minutes=59, seconds=59)) == 1.999


def test_a_clock_of_an_earlier_round_is_not_shown(tmp_path: Path) -> None:
    path = kit.drawn(tmp_path)
    service.start_clock(path, now=NOON)
    kit.draw(path, "--anyway")
    assert service.clock_of(load(path)) is None
    assert board_now(path).clock is None


def test_a_broken_clock_file_names_itself(liga: str) -> None:
    Path(liga, "clock.json").write_text('{"round": "x"}', "utf-8")
    assert service.clock_of(load(liga)) is None  # (no clock on the screens …)
    (problem,) = service.hall_problems(liga)  # (… and the organiser told why)
    assert problem.startswith(f"{liga}/clock.json: expected")
    with pytest.raises(TournamentError, match=r"clock\.json: expected"):
        service.start_clock(liga)
    assert service.start_clock(liga, restart=True).clock.round == 1  # (written anew)
    assert Clock(1, NOON).remaining(60, NOON + timedelta(hours=2)) == 0.0


def test_announce_and_clear(liga: str) -> None:
    done = invoke("tournament", "announce", liga, "  Obiad o 14:00 w sali B  ")
    assert done.exit_code == 0
    assert done.stderr == "announced on every screen until cleared: Obiad o 14:00 w sali B\n"
    assert Path(liga, "announcement.txt").read_text("utf-8") == "Obiad o 14:00 w sali B\n"
    assert board_now(liga).announcement == "Obiad o 14:00 w sali B"
    cleared = invoke("tournament", "announce", liga, "--clear")
    assert (cleared.exit_code, cleared.stderr) == (0, "the announcement was taken down\n")
    assert not Path(liga, "announcement.txt").exists()
    assert board_now(liga).announcement is None
    again = invoke("tournament", "announce", liga, "--clear")
    assert (again.exit_code, again.stderr) == (0, "there was no announcement\n")


@pytest.mark.parametrize(
    "args", [(), ("text", "--clear"), ("",), ("   ",)], ids=["none", "both", "empty", "blank"]
)
def test_announce_refuses_nothing_or_both(liga: str, args: tuple[str, ...]) -> None:
    done = invoke("tournament", "announce", liga, *args)
    assert done.exit_code == 2, done.output
    assert not Path(liga, "announcement.txt").exists()


@pytest.mark.parametrize(
    "text", ["\x1b[2J\x1b[31mHACKED", "two\nlines", "bell\x07", "\u202eevil", "x" * (MOST + 1)]
)
def test_announce_refuses_control_characters_and_long_texts(liga: str, text: str) -> None:
    done = invoke("tournament", "announce", liga, text)
    assert done.exit_code == 2
    assert "\x1b" not in done.stderr and "\x07" not in done.stderr and "\u202e" not in done.stderr
    assert not Path(liga, "announcement.txt").exists()
    with pytest.raises(TournamentInputError):
        announcement_text(text)


def test_an_announcement_edited_by_hand_is_shown_escaped(liga: str) -> None:
    Path(liga, "announcement.txt").write_text("Uwaga\x1b[31m!\u202e" + "x" * 300, "utf-8")
    shown = board_now(liga).announcement
    assert shown.startswith("Uwaga\\x1b[31m!\\u202e") and len(shown) == MOST
    assert visible("a\tb") == "a\\tb"


def test_hidden_standings_until_the_last_round_is_over(tmp_path: Path) -> None:
    path = kit.drawn(tmp_path)
    assert board_now(path).hidden is False
    invoke("tournament", "set", path, "hide-standings", "yes")
    for table in (1, 2):
        kit.result(path, 1, table, *kit.entries(path, 1, table, (30, 10, -10, -30)))
    hidden = board_now(path)
    assert hidden.hidden is True
    assert (hidden.board.lines, hidden.board.teams, hidden.board.categories) == ((), (), ())
    assert hidden.board.tables_in == 2  # (how many tables are in is no standing)
    shown = invoke("tournament", "standings", path, "--format", "json")  # the organiser's
    assert shown.exit_code == 0 and len(json.loads(shown.stdout)["standings"]) == 8
    assert "the projector and the public pages show no standings" in shown.stderr
    kit.draw(path)
    assert board_now(path).hidden is True  # (the last round not in)
    kit.result(path, 2, 1, *kit.entries(path, 2, 1, (30, 10, -10, -30)))
    assert board_now(path).hidden is True
    kit.play(path, 2, round_number=2)  # (played, not confirmed: not in)
    assert board_now(path).hidden is True
    accepted = invoke("tournament", "accept", path, "2", "2")
    assert accepted.exit_code == 0, accepted.output
    over = board_now(path)
    assert over.hidden is False and len(over.board.lines) == 8
    assert "no standings" not in invoke("tournament", "standings", path).stderr


def test_help_lists_the_new_commands() -> None:
    listed = invoke("tournament", "--help").stdout
    assert "start" in listed and "announce" in listed
    for name in ("start", "announce"):
        assert invoke("tournament", name, "--help").exit_code == 0
