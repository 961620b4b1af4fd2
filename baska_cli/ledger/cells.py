"""A ledger line's cells and numbers: ASCII numbers (a cancelled change in parentheses),
a line split at its separators where CSV would read it the same, and why a row is no hand."""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence

from baska_cli.evening.totals import Deltas
from baska_cli.i18n import _

# A number in a ledger: ASCII digits, a sign for changes and totals (spreadsheets write +2),
# spaces or tabs around it (spreadsheets pad). Not what int() takes besides: "٣", "１", "1_0".
_SIGNED = re.compile(r"[ \t]*([+-]?[0-9]+)[ \t]*\Z")
_UNSIGNED = re.compile(r"[ \t]*([0-9]+)[ \t]*\Z")
# A cancelled row's change in format 2: in parentheses, with its sign, `(+2)` `(-2)` `(+0)`
_BRACKETED = re.compile(r"[ \t]*\(([+-]?[0-9]+)\)[ \t]*\Z")


# The texts read as numbers so far and their values, signed and unsigned (a ledger's changes
# are few distinct texts: `+2`, `-12`; a tournament's hand numbers run 1 to 40 in every
# ledger); each text is matched once (the first _READ_KEPT of them: bounded memory).
SIGNED_READ: dict[str, int] = {}
UNSIGNED_READ: dict[str, int] = {}
_READ_KEPT = 2_000


def read_number(text: str, signed: bool = True) -> int:
    """A ledger's number (see _SIGNED; `signed=False`: no sign, as a hand number), or ValueError."""
    seen = SIGNED_READ if signed else UNSIGNED_READ
    value = seen.get(text)
    if value is not None:
        return value
    match = (_SIGNED if signed else _UNSIGNED).match(text)
    if match is None:
        raise ValueError(f"not a number: {text!r}")
    value = int(match.group(1))
    if len(seen) < _READ_KEPT:
        seen[text] = value
    return value


def plain_cells(text: str, sep: str) -> list[str] | None:
    """The cells CSV reads in one line (its line end cut off) that holds no quote but around
    a whole cell (`1,Ania,"zw Ania+Celina 61",…`): the line split at its separators, those
    quotes taken off; None for any other quote (CSV reads the line itself)."""
    cells = text.split(sep)
    if '"' in text:
        for i, cell in enumerate(cells):
            if '"' in cell:
                inner = cell[1:-1]
                if len(cell) < 2 or cell[0] != '"' or cell[-1] != '"' or '"' in inner:
                    return None
                cells[i] = inner
    return cells


def split_line(text: str, sep: str, tail: str) -> tuple[str, str, str, tuple[str, ...]] | None:
    """A hand row's line split at its separators as `number,dealer,KEY,total,total,total,
    total` (then `tail`: in format 2 the empty status and extra cells): the number, the
    dealer, the key and the totals' texts, where CSV reads the same cells (a number of
    digits, a dealer without a quote), else None. A key that `line_key` gave for an earlier
    line stands for the same hand and changes here."""
    if tail:
        if not text.endswith(tail):
            return None
        text = text[: -len(tail)]
    pieces = text.rsplit(sep, 4)
    head = pieces[0].split(sep, 2)
    if len(head) != 3 or not (head[0].isascii() and head[0].isdigit()) or '"' in head[1]:
        return None
    return (
        head[0],
        head[1],
        head[2],
        (pieces[1], pieces[2], pieces[3], pieces[4].rstrip("\r\n")),
    )


def line_key(text: str, cells: list[str], sep: str, tail: str) -> str | None:
    """The hand-and-changes text of a line that CSV read as a counted row (`cells`), if the
    line split at its separators gives the same cells."""
    got = split_line(text, sep, tail)
    if got is None or [got[0], got[1], *got[3]] != [*cells[:2], *cells[7:11]]:
        return None
    read = plain_cells(got[2], sep)
    if read is None:
        try:
            read = next(csv.reader([got[2]], delimiter=sep), None)
        except csv.Error:
            return None
    return got[2] if read == cells[2:7] else None


def hand_and_changes(key: str, sep: str) -> tuple[str, Deltas] | None:
    """The hand and changes of a line's hand-and-changes text (`"zw A+C 61",1,-1,1,-1`)
    where CSV reads the same cells from it: the hand unquoted, or quoted whole with no quote
    inside, and four changes read before (`SIGNED_READ`); else None (the line is read as
    CSV)."""
    parts = key.rsplit(sep, 4)
    if len(parts) != 5:
        return None
    seen = SIGNED_READ.get
    d0, d1, d2, d3 = seen(parts[1]), seen(parts[2]), seen(parts[3]), seen(parts[4])
    if d0 is None or d1 is None or d2 is None or d3 is None:
        return None
    hand = parts[0]
    if '"' in hand or sep in hand:
        inner = hand[1:-1]
        if len(hand) < 2 or hand[0] != '"' or hand[-1] != '"' or '"' in inner:
            return None
        hand = inner
    return hand, (d0, d1, d2, d3)


def read_changes(cells: Sequence[str]) -> tuple[tuple[int, int, int, int], int]:
    """Four changes of which some are in parentheses, and how many; or ValueError."""
    values: list[int] = []
    bracketed = 0
    for cell in cells:
        match = _BRACKETED.match(cell)
        if match is not None:
            bracketed += 1
            values.append(int(match.group(1)))
        else:
            values.append(read_number(cell))
    return (values[0], values[1], values[2], values[3]), bracketed


def bad_row(cells: Sequence[str]) -> str:
    """Why a row is not a hand row."""
    if len(cells) < 7:
        return _(
            '"{row}" is not a hand row; expected the number, dealer, hand and '
            "four players' changes"
        ).format(row=",".join(cells))
    if not _UNSIGNED.match(cells[0]):
        return _('"{found}" is not a hand number').format(found=cells[0])
    return _('hand {number}: the changes "{changes}" must be whole numbers').format(
        number=cells[0].strip(), changes=",".join(cells[3:7])
    )
