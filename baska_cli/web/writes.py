"""A line per write in `baska serve`'s terminal, so the organiser sees the hall working:
when, which table, what, by whom. The places that write log facts (a message marked N_ and
its values); the terminal's handler words them in the terminal's language (baska's) and
shows every value a phone sent (a hand, a name, a note) escaped (render/text.terminal_safe),
never raw.

    10:42:07  round 2, table 5: hand 7: zw 1+3 61 (Ania)
    10:42:31  round 2, table 5: Bartek confirms +40 -12 -8 -20 by their PIN
    10:43:02  the organiser: round 2, table 3: Celina walked out; …
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO

from baska_cli.i18n import N_, _, speaking
from baska_cli.render.text import signed, terminal_safe
from baska_cli.tournament.folder import tournament_of

LOGGER = logging.getLogger("baska.serve.writes")
Where = tuple[int, int] | str | None  # a round's table, a ledger's name, or the hall itself
# a sentence worded when it is read, in the reader's language (a page's answer, a line here)
Worded = Callable[[], str]
_TABLE = re.compile(r"r([0-9]+)[/\\]t([0-9]+)\.csv\Z")

CHANGES = {  # a phone's change of a ledger (web/changes.py's actions)
    "hand": N_("hand {number}: {new}"),
    "amend": N_("hand {number} corrected: {old} → {new}"),
    "undo": N_("hand {number} taken back"),
    "void": N_("hand {number} voided"),
}


def told(where: Where, message: str, by: str = "", **facts: object) -> None:
    """One write told: where (a round's table, a ledger, or None: the hall), `message`
    (marked N_, its placeholders the `facts`), and who did it (`by`: a name, a phone)."""
    LOGGER.info(message, {"where": where, "by": by, **facts})


def told_change(ledger: str, action: str, number: int, old: str | None, new: str | None,
                by: str) -> None:  # fmt: skip
    """A phone's change of a ledger told: the table (round and number of a tournament's
    table ledger, else the ledger's file name), the hand, who."""
    found = _TABLE.search(os.path.normpath(ledger))
    where: Where = os.path.basename(ledger)
    if found and tournament_of(ledger) is not None:
        where = (int(found.group(1)), int(found.group(2)))
    told(where, CHANGES.get(action, action), by, number=number, old=old or "", new=new or "")


def totals_text(totals: Sequence[int]) -> str:
    """A table's four totals as the terminal shows them: `+40 -12 -8 -20`."""
    return " ".join(signed(t) for t in totals)


class Lines(logging.Formatter):
    """The terminal's words for a write: its time (this computer's), where, what, who, in
    the terminal's language; every value escaped."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def format(self, record: logging.LogRecord) -> str:
        facts = record.args if isinstance(record.args, Mapping) else {}
        with speaking(self.language):
            said = {k: v() if callable(v) else v for k, v in facts.items()}  # (Worded)
            safe = {key: terminal_safe(str(value)) for key, value in said.items()}
            where, by = facts.get("where"), safe.get("by", "")
            text = _(str(record.msg)).format(**safe)
            if isinstance(where, tuple):
                text = _("round {round}, table {table}: {what}").format(
                    round=where[0], table=where[1], what=text
                )
            elif where:
                text = f"{terminal_safe(str(where))}: {text}"
            if by:
                text += f" ({by})"
        return f"{time.strftime('%H:%M:%S', time.localtime(record.created))}  {text}"


@contextlib.contextmanager
def telling(stream: IO[str], language: str) -> Iterator[None]:
    """Tell every write on `stream` (the server's terminal), worded in `language`, while
    the block runs (the server)."""
    handler = logging.StreamHandler(stream)
    handler.setFormatter(Lines(language))
    LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.INFO)
    LOGGER.propagate = False
    try:
        yield
    finally:
        LOGGER.removeHandler(handler)
