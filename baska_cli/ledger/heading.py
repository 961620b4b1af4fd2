"""An evening's title and date as `baska new` takes them: checked, then kept as metadata rows."""

from __future__ import annotations

import datetime

from baska_cli.errors import RequestError
from baska_cli.game.formula import STARTS, runs_as_formula
from baska_cli.i18n import _
from baska_cli.ledger.format import KEY_DATE, KEY_TITLE

MAX_TITLE = 120  # characters: a heading, not a paragraph


def checked_title(text: str) -> str:
    """A title as typed, its spaces trimmed; refused when empty, too long, holding a line
    break or with a cell a spreadsheet would run (game.formula)."""
    title = " ".join(text.split())
    if not title:
        raise RequestError(
            _('--title "{typed}": expected some words, e.g. "Wtorek u Ani"').format(typed=text)
        )
    if len(title) > MAX_TITLE:
        raise RequestError(
            _('--title "{start}…": {count} characters; at most {most}').format(
                start=title[:20], count=len(title), most=MAX_TITLE
            )
        )
    if runs_as_formula(title) or any(not ch.isprintable() for ch in title):
        raise RequestError(
            _(
                '--title "{typed}": a title starts with a letter or a digit (a spreadsheet '
                'runs a cell starting with =, +, - or @), e.g. "{nearest}"'
            ).format(typed=text, nearest=title.lstrip(STARTS + " ") or "Wtorek u Ani")
        )
    return title


def checked_date(text: str) -> str:
    """A date typed as YYYY-MM-DD (a real day), as it is kept."""
    try:
        return datetime.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        pass
    raise RequestError(
        _('--date "{typed}": expected a day as YYYY-MM-DD, e.g. "{today}"').format(
            typed=text, today=datetime.date.today().isoformat()
        )
    )


def heading_rows(title: str | None, date: str | None) -> tuple[tuple[str, ...], ...]:
    """The metadata rows that keep a title and a date (none for what is not given)."""
    rows: list[tuple[str, ...]] = []
    if title:
        rows.append((KEY_TITLE, title))
    if date:
        rows.append((KEY_DATE, date))
    return tuple(rows)
