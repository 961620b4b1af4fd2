"""The round's clock as data (pure): when a round's clock started, when it ends, how many
seconds are left at a given time, and the warnings the screens give (its JSON:
render/tournament/board.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from baska_cli.tournament.settings import LONGEST_ROUND

WARNINGS = (600, 300)  # seconds left at which every screen warns: 10 and 5 minutes


@dataclass(frozen=True, slots=True)
class Clock:
    """A round's clock: the round and when it was started (an aware time)."""

    round: int
    started: datetime

    def ends(self, minutes: int) -> datetime:
        """When the round's time is up."""
        return self.started + timedelta(minutes=minutes)

    def remaining(self, minutes: int, now: datetime) -> float:
        """Seconds left at `now`, to the millisecond, until the end as the screens show it
        (to the millisecond: a page counts down to the very time it shows); 0 once the time
        is up."""
        shown_end = parse_iso(iso(self.ends(minutes)))
        return max(0.0, round((shown_end - now).total_seconds(), 3))


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A round's clock as the hall's screens show it: the clock, the round's minutes and
    what the tables do when its time is up (`time_up`: play-on or finish-deal)."""

    clock: Clock
    minutes: int
    time_up: str

    @property
    def ends(self) -> datetime:
        """When the round's time is up."""
        return self.clock.ends(self.minutes)

    def remaining(self, now: datetime) -> float:
        """Seconds left at `now` (Clock.remaining)."""
        return self.clock.remaining(self.minutes, now)


def in_range(moment: datetime) -> bool:
    """Whether a clock started at `moment` can be shown: its start and its latest end, in
    UTC and in this computer's time (a start near the year 1 or 9999, written by hand,
    cannot)."""
    try:
        for shown in (moment, moment + timedelta(minutes=LONGEST_ROUND)):
            shown.astimezone(UTC)
            shown.astimezone()
    except (OverflowError, ValueError, OSError):
        return False
    return True


def utc_now() -> datetime:
    """The time now, aware, in UTC."""
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """A time as ISO 8601 in UTC, to the millisecond (`2026-05-09T10:00:00.000Z`)."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def wall_time(moment: datetime) -> str:
    """A time as the hall's clocks show it: this computer's local time, `10:05:00`."""
    return moment.astimezone().strftime("%H:%M:%S")


def parse_iso(text: str) -> datetime:
    """An ISO 8601 time with its zone (ValueError for one without, or no time at all)."""
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ValueError(text)
    return moment
