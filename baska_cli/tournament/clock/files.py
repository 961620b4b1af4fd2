"""The clock's and the announcement's files in a tournament's directory (beside folder.py,
which reads and writes the others), each replaced whole under the tournament's lock.

    DIR/clock.json        the round's clock: {"round": 2, "started": "2026-…Z"}
    DIR/announcement.txt  the organiser's announcement (one line), while there is one
"""

from __future__ import annotations

import json
import os

from baska_cli.errors import TournamentError
from baska_cli.files.kind import NotRegularFile, read_text, reason_of
from baska_cli.files.replace import replace_text
from baska_cli.i18n import _
from baska_cli.tournament.clock.announcement import shown_announcement
from baska_cli.tournament.clock.timing import Clock, iso, parse_iso

CLOCK, ANNOUNCEMENT = "clock.json", "announcement.txt"
MOST_BYTES = 64 * 1024  # a file larger than this is no clock or announcement of ours


def _read(path: str) -> str | None:
    """A file's text, None when it is missing; a TournamentError naming it otherwise."""
    try:
        text = read_text(path, newline="")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, NotRegularFile) as error:
        reason = reason_of(error)
        raise TournamentError(
            _("cannot read the file: {reason}").format(reason=reason), path
        ) from None
    if len(text) > MOST_BYTES:
        raise TournamentError(_("the file is far too large"), path)
    return text


def read_clock(folder: str) -> Clock | None:
    """The round's clock kept in the directory (None before any was started)."""
    path = os.path.join(folder, CLOCK)
    text = _read(path)
    if text is None:
        return None
    try:
        data = json.loads(text)
        number, started = data["round"], parse_iso(data["started"])
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise ValueError(number)
    except (ValueError, TypeError, KeyError, AttributeError):
        raise TournamentError(
            _('expected {"round": N, "started": "an ISO time"}; start the clock again '
              "with `baska tournament start DIR --restart`"), path
        ) from None  # fmt: skip
    return Clock(number, started)


def write_clock(folder: str, clock: Clock) -> None:
    """Replace `clock.json`. Call under the tournament's lock."""
    data = {"round": clock.round, "started": iso(clock.started)}
    replace_text(os.path.join(folder, CLOCK), json.dumps(data) + "\n")


def read_announcement(folder: str) -> str | None:
    """The announcement shown now, made safe to show (None when there is none)."""
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
