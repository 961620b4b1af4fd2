"""The clock's and the announcement's files in a tournament's directory (beside
tournament/folder.py, which reads and writes the others), each replaced whole under the
tournament's lock.

    DIR/clock.json        the round's clock: {"round": 2, "started": "2026-…Z"}
    DIR/announcement.txt  the organiser's announcement (one line), while there is one
"""

from __future__ import annotations

import json
import os

from baska_cli.errors import TournamentError
from baska_cli.files.kind import NotRegularFile, open_regular_binary, reason_of
from baska_cli.files.replace import replace_text
from baska_cli.i18n import _
from baska_cli.tournament.clock.announcement import shown_announcement
from baska_cli.tournament.clock.timing import Clock, in_range, iso, parse_iso

CLOCK, ANNOUNCEMENT = "clock.json", "announcement.txt"
MOST_BYTES = 64 * 1024  # bytes read at most: no clock is larger, no announcement shows more


def _read(path: str) -> str | None:
    """A file's text (at most its first MOST_BYTES bytes, a character they cut in two
    replaced), None when it is missing; a TournamentError naming it when it cannot be read."""
    try:
        with open_regular_binary(path) as stream:
            data = stream.read(MOST_BYTES)
    except FileNotFoundError:
        return None
    except (OSError, NotRegularFile) as error:
        raise TournamentError(
            _("cannot read the file: {reason}").format(reason=reason_of(error)), path
        ) from None
    return data.decode("utf-8", errors="replace")


def read_clock(folder: str) -> Clock | None:
    """The round's clock kept in the directory (None before any was started); a
    TournamentError naming the file when it is not a clock (edited by hand: a start out of
    any clock's range, a file of nested lists, one larger than any clock)."""
    path = os.path.join(folder, CLOCK)
    text = _read(path)
    if text is None:
        return None
    try:
        if len(text) >= MOST_BYTES:
            raise ValueError(path)
        data = json.loads(text)
        number, started = data["round"], parse_iso(data["started"])
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise ValueError(number)
        if not in_range(started):
            raise ValueError(started)
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        raise TournamentError(
            _('expected {{"round": N, "started": "an ISO time"}}; start the clock again '
              "with `baska tournament start {folder} --restart`").format(folder=folder), path
        ) from None  # fmt: skip
    return Clock(number, started)


def write_clock(folder: str, clock: Clock) -> None:
    """Replace `clock.json`. Call under the tournament's lock."""
    data = {"round": clock.round, "started": iso(clock.started)}
    replace_text(os.path.join(folder, CLOCK), json.dumps(data) + "\n")


def read_announcement(folder: str) -> str | None:
    """The announcement shown now, made safe to show (None when there is none): a file
    edited by hand is read as `announce` takes one, escaped and cut to its length (of a
    file far too long, only the start is read)."""
    text = _read(os.path.join(folder, ANNOUNCEMENT))
    shown = shown_announcement(text) if text is not None else ""
    return shown or None


def write_announcement(folder: str, text: str | None) -> bool:
    """Replace the announcement (None: take it down). Whether there was one before. Call
    under the tournament's lock."""
    path = os.path.join(folder, ANNOUNCEMENT)
    before = os.path.exists(path)
    if text is None:
        if before:
            os.remove(path)
    else:
        replace_text(path, text + "\n")
    return before


def clock_files(folder: str) -> tuple[str, ...]:
    """The two files, whose change the hall's screens hear of at once."""
    return (os.path.join(folder, CLOCK), os.path.join(folder, ANNOUNCEMENT))
