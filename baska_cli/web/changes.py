"""Who changed which hand and when, from which phone: the side file `.NAME.changes` beside
the ledger (JSON, replaced whole through files/), which the phones hear of and the sheet shows.

The ledger keeps what the hands are; this file keeps who wrote them from a phone (the name
the phone chose, if any, and its own random id) and when. It is not the ledger's: the
ledger has no column for it, a name typed on a phone is no cell for a spreadsheet, and an
undo or a void changes a row in place, leaving no row of its own to say who did it. A
missing or unreadable file is an empty history (nothing else of baska reads it).
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from baska_cli.errors import BaskaError
from baska_cli.files.kind import NotRegularFile, read_text
from baska_cli.files.replace import replace_text
from baska_cli.files.sidecars import sidecar
from baska_cli.i18n import _
from baska_cli.render.text import terminal_safe
from baska_cli.web.requests import Refused
from baska_cli.web.writes import told_change

NAME_LIMIT = 24  # characters of a phone's chosen name kept (the page's field takes no more)
PHONE_ID = re.compile(r"[A-Za-z0-9-]{1,64}\Z")  # a phone's own random id
KEEP = 400  # changes kept (an evening makes a few dozen)
NEWS = 6  # the latest changes the table's state carries to the phones


@dataclass(frozen=True, slots=True)
class Author:
    """Who sent a change: the name chosen on the phone ("" if none) and the phone's id."""

    name: str = ""
    phone: str = ""


NOBODY = Author()


def clean_name(raw: str) -> str:
    """A chosen name as kept and shown: its spaces made one, every character a terminal
    would obey shown as its escape (render/text.terminal_safe), at most NAME_LIMIT long."""
    return terminal_safe(" ".join(raw.split()))[:NAME_LIMIT].strip()


def author_of(body: dict[str, Any]) -> Author:
    """The author a change's JSON names: "by" (the name, a text, cut to NAME_LIMIT) and
    "phone" (the phone's id: letters, digits and "-"), both optional; else a 400."""
    name, phone = body.get("by", ""), body.get("phone", "")
    if not isinstance(name, str):
        raise Refused(400, _('"by" is a text: the name chosen on the phone'))
    if not isinstance(phone, str) or (phone and not PHONE_ID.match(phone)):
        raise Refused(400, _('"phone" is the phone\'s id: 1 to 64 letters, digits or "-"'))
    return Author(clean_name(name), phone)


@dataclass(frozen=True, slots=True)
class Change:
    """One change written from a phone: its `seq` (1, 2, … in the order written), `action`
    ("hand", "amend", "undo", "void"), the hand's `number`, its text before (`old`) and
    after (`new`), who (`by`, `phone`) and when (`at`, UTC, ISO 8601)."""

    seq: int
    action: str
    number: int
    old: str | None
    new: str | None
    by: str
    phone: str
    at: str

    def record(self) -> dict[str, Any]:
        """As the JSON of the API and of the file."""
        return asdict(self)


def changes_path(ledger: str) -> str:
    """The sidecar `.NAME.changes` beside the ledger."""
    return sidecar(ledger, "changes")


def _read(path: str) -> list[Change]:
    """The changes kept in the file (none if it is missing, unreadable or not baska's)."""
    try:
        items = json.loads(read_text(path, "utf-8"))["changes"]
        return [Change(**item) for item in items]
    except (
        OSError,
        NotRegularFile,
        UnicodeDecodeError,
        ValueError,
        KeyError,
        TypeError,
        RecursionError,
    ):
        return []


class Changes:
    """The changes of one ledger: read when made, kept in memory, the file replaced whole
    at each change (the server writes one ledger's changes one at a time)."""

    def __init__(self, ledger: str) -> None:
        self.ledger = ledger
        self.path = changes_path(ledger)
        self.kept = _read(self.path)

    def note(
        self, action: str, number: int, old: str | None, new: str | None, author: Author
    ) -> Change:
        """Keep a change just written to the ledger (a file that cannot be written loses
        only this history, never the hand: the ledger has it already)."""
        seq = self.kept[-1].seq + 1 if self.kept else 1
        at = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
        change = Change(seq, action, number, old, new, author.name, author.phone, at)
        self.kept = [*self.kept, change][-KEEP:]
        text = json.dumps({"changes": [c.record() for c in self.kept]}, ensure_ascii=False)
        with contextlib.suppress(BaskaError, OSError):
            replace_text(self.path, text + "\n")
        told_change(self.ledger, action, number, old, new, author.name or author.phone)
        return change

    def news(self) -> list[dict[str, Any]]:
        """The latest changes, oldest first, as the table's state carries them."""
        return [change.record() for change in self.kept[-NEWS:]]

    def of_hand(self, number: int) -> list[dict[str, Any]]:
        """The changes of hand `number`, oldest first (the sheet shows who and when)."""
        return [change.record() for change in self.kept if change.number == number]

    def author(self, number: int, text: str) -> str:
        """Who wrote hand `number` as `text` from a phone (the name chosen there; "" if
        unknown: no name, or written at a terminal)."""
        for change in reversed(self.kept):
            if change.number == number and change.new == text:
                return change.by
        return ""

    def last(self) -> Change | None:
        """The latest change, if any."""
        return self.kept[-1] if self.kept else None
