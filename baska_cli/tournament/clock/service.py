"""What a front end asks of the clock and the announcement (`tournament start`,
`tournament announce`, the organiser's page, the board): each change under the tournament's
lock, each answer a dataclass; the time is a parameter, so a test moves it, not sleeps."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from baska_cli.errors import TournamentError
from baska_cli.i18n import _
from baska_cli.tournament.clock import files
from baska_cli.tournament.clock.announcement import announcement_text
from baska_cli.tournament.clock.timing import Clock, RoundClock, utc_now, wall_time
from baska_cli.tournament.folder import Tournament, load, lock, read_plan
from baska_cli.tournament.rounds.progress import not_in
from baska_cli.tournament.tables.state import states_of


@dataclass(frozen=True, slots=True)
class Started:
    """A round's clock started: the clock, its minutes, and whether it replaced one of the
    same round (`--restart`)."""

    clock: Clock
    minutes: int
    restarted: bool

    @property
    def ends(self) -> datetime:
        """When the round's time is up."""
        return self.clock.ends(self.minutes)


class ClockRunning(TournamentError):
    """The current round's clock was started already (start it again with restart)."""

    def __init__(self, clock: Clock, minutes: int, path: str) -> None:
        self.clock, self.minutes = clock, minutes
        super().__init__(
            _("round {round}'s clock was started at {started} (its time is up at {ends}); "
              "to start it again from now, give --restart").format(
                round=clock.round,
                started=wall_time(clock.started),
                ends=wall_time(clock.ends(minutes)),
            ),
            path,
        )  # fmt: skip


class RoundClosed(TournamentError):
    """The newest round is closed: its clock is over (draw the next round, start its own)."""


def start_clock(path: str, restart: bool = False, now: datetime | None = None) -> Started:
    """Start the clock of the newest drawn round at `now` (default: the time now), refused
    before any draw, once that round is closed and, unless `restart`, when its clock runs
    already (a clock file that is no clock is refused too, unless `restart` writes it anew)."""
    with lock(path):
        t = load(path)
        if not t.draws:
            raise TournamentError(
                _("no round is drawn yet; draw one (`baska tournament draw`), then start its "
                  "clock"), path
            )  # fmt: skip
        current = len(t.draws)
        if current in t.closed:
            raise RoundClosed(
                _("round {round} is closed: its clock is over; draw the next round, then "
                  "start its clock").format(round=current), path
            )  # fmt: skip
        try:
            before = files.read_clock(path)
        except TournamentError:
            if not restart:
                raise
            before = None  # (a broken file: written anew)
        again = before is not None and before.round == current
        if again and not restart:
            assert before is not None
            raise ClockRunning(before, t.plan.round_minutes, path)
        clock = Clock(current, now or utc_now())
        files.write_clock(path, clock)
    return Started(clock, t.plan.round_minutes, again)


def announce(path: str, text: str) -> str:
    """Show `text` on every screen of the hall until it is cleared (the text as shown)."""
    shown = announcement_text(text)
    with lock(path):
        load(path)  # (a tournament's directory, not any)
        files.write_announcement(path, shown)
    return shown


def clear_announcement(path: str) -> bool:
    """Take the announcement down; whether there was one."""
    with lock(path):
        load(path)
        return files.write_announcement(path, None)


def clock_of(t: Tournament) -> RoundClock | None:
    """The clock of the newest drawn round as the screens show it (None while that round's
    clock is not started, once the round is closed, and while the clock's file is no clock:
    `hall_problems` says so)."""
    try:
        found = files.read_clock(t.path)
    except TournamentError:
        return None
    if found is None or found.round != len(t.draws) or found.round in t.closed:
        return None
    return RoundClock(found, t.plan.round_minutes, t.plan.time_up)


def announcement_of(t: Tournament) -> str | None:
    """The announcement shown now (None while there is none, and while its file cannot be
    read: `hall_problems` says so)."""
    try:
        return files.read_announcement(t.path)
    except TournamentError:
        return None


def time_is_up(t: Tournament, round_number: int, now: datetime | None = None) -> bool:
    """Whether the clock of round `round_number` ran out (by `now`, default: the time now);
    False while it runs, before it is started, and once the clock of a later round took
    its place (`clock.json` keeps the newest round's clock only)."""
    try:
        found = files.read_clock(t.path)
    except TournamentError:
        return False
    if found is None or found.round != round_number:
        return False
    return found.ends(t.plan.round_minutes) <= (now or utc_now())


def clock_over(path: str, now: datetime | None = None) -> bool:
    """Whether the time of the clock kept in the directory is up (a page that caches what
    it shows asks again when this changes); False with no clock, or one that is no clock."""
    try:
        found = files.read_clock(path)
        minutes = read_plan(path).round_minutes
    except TournamentError:
        return False
    return found is not None and found.ends(minutes) <= (now or utc_now())


def hall_problems(path: str) -> tuple[str, ...]:
    """What keeps the clock or the announcement off the screens: their files that cannot be
    read, each named with what is wrong (for the organiser; the screens show neither)."""
    found = []
    for read in (files.read_clock, files.read_announcement):
        try:
            read(path)
        except TournamentError as error:
            found.append(str(error))
    return tuple(found)


def standings_hidden(t: Tournament, shown_round: int) -> bool:
    """Whether the public screens show no standings after `shown_round`: the organiser hid
    them (`hide-standings`) and the last round is not over (a table of it not in, as the
    draw counts them, and the round not closed)."""
    if not t.plan.hide_standings:
        return False
    if shown_round < t.plan.rounds or shown_round > len(t.draws):
        return True
    if shown_round in t.closed:
        return False
    return bool(not_in(t, states_of(t, shown_round)))


def hidden_from_public(path: str) -> bool:
    """Whether the public screens hide the standings now (after the newest drawn round)."""
    t = load(path)
    return t.plan.hide_standings and standings_hidden(t, len(t.draws))


def hall_files(path: str) -> tuple[str, ...]:
    """The clock's and the announcement's files: a change of theirs reaches the screens at
    once."""
    return files.clock_files(path)
