"""A ledger's numbers (ASCII digits, a cancelled change in parentheses) and why a row is no hand."""

from __future__ import annotations

import re
from collections.abc import Sequence

from baska_cli.i18n import _

# A number in a ledger: ASCII digits, a sign for changes and totals (spreadsheets write +2),
# spaces or tabs around it (spreadsheets pad). Not what int() takes besides: "٣", "１", "1_0".
# (Possessive quantifiers, `*+` `++`: a cell that is no number fails without backtracking.)
NUMBER = r"[ \t]*+[+-]?[0-9]++[ \t]*+"
_SIGNED = re.compile(NUMBER + r"\Z")
_UNSIGNED = re.compile(r"[ \t]*+[0-9]++[ \t]*+\Z")
_FOUR = re.compile(",".join([NUMBER] * 4) + r"\Z")  # four of them, as one text
# A cancelled row's change in format 2: in parentheses, with its sign, `(+2)` `(-2)` `(+0)`
_BRACKETED = re.compile(r"[ \t]*\(([+-]?[0-9]+)\)[ \t]*\Z")


def read_number(text: str, signed: bool = True) -> int:
    """A ledger's number (see NUMBER; `signed=False`: no sign, as a hand number), or
    ValueError."""
    if (_SIGNED if signed else _UNSIGNED).match(text) is None:
        raise ValueError(f"not a number: {text!r}")
    return int(text)


def read_four(cells: Sequence[str]) -> tuple[int, int, int, int]:
    """Four cells that are each a ledger's number (see NUMBER), or ValueError."""
    if len(cells) != 4 or _FOUR.match(",".join(cells)) is None:
        raise ValueError(f"not four numbers: {cells!r}")
    return (int(cells[0]), int(cells[1]), int(cells[2]), int(cells[3]))


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
