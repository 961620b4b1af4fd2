"""Whole numbers as typed: ASCII digits, a sign where one belongs, never thousands of digits.

Python refuses to read an int of more than 4300 digits with an unhelpful ValueError, and
no count, hand number, total or table of a card game needs more than a few digits; so a
number is measured before it is read, and a long one is refused in words.
"""

from __future__ import annotations

import re

from baska_cli.errors import NotationError
from baska_cli.i18n import _

MAX_DIGITS = 9  # the most digits of any number typed into baska (a billion is far beyond)
_WHOLE = re.compile(r"[+-]?[0-9]+")


def shown(text: str, most: int = 24) -> str:
    """A typed text as a message quotes it: its start and `…` when it is long."""
    return text if len(text) <= most else text[: most - 4] + "…"


def too_long(text: str) -> NotationError | None:
    """The error for a number of more than MAX_DIGITS digits (None for a shorter one)."""
    digits = text.strip().lstrip("+-").lstrip("0")
    if len(digits) <= MAX_DIGITS:
        return None
    return NotationError(
        _('"{number}" is too large a number ({count} digits); at most {most} digits').format(
            number=shown(text.strip()), count=len(digits), most=MAX_DIGITS
        )
    )


def whole(text: str, signed: bool = False) -> int | None:
    """The whole number typed (ASCII digits, a sign only if `signed`), None if it is none;
    a NotationError if it has more than MAX_DIGITS digits."""
    text = text.strip()
    if _WHOLE.fullmatch(text) is None or (not signed and text[0] in "+-"):
        return None
    error = too_long(text)
    if error is not None:
        raise error
    return int(text)
