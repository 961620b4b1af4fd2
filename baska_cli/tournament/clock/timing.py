"""The round's clock as data (pure): when a round's clock started, when it ends, how many
seconds are left at a given time, and the warnings the screens give."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

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
        """Seconds left at `now` (to the millisecond; 0 once the time is up)."""
        return max(0.0, round((self.ends(minutes) - now).total_seconds(), 3))


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


def clock_record(clock: Clock, minutes: int, time_up: str) -> dict[str, Any]:
    """The clock as the board's JSON carries it, without `remaining` (the server adds it at
    each answer, `with_remaining`): its round, start, end, length, what happens at the end
    and the warnings (seconds left)."""
    return {
        "round": clock.round,
        "started": iso(clock.started),
        "ends": iso(clock.ends(minutes)),
        "minutes": minutes,
        "time_up": time_up,
        "warnings": list(WARNINGS),
    }


def with_remaining(record: dict[str, Any] | None, now: datetime) -> dict[str, Any] | None:
    """A clock's record with the seconds left at `now` (None stays None)."""
    if record is None:
        return None
    left = (parse_iso(record["ends"]) - now).total_seconds()
    return {**record, "remaining": max(0.0, round(left, 3))}
