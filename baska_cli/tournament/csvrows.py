"""The rows of one of the tournament's own CSV files under its header, blank rows passed
over, each with its line number (for a TournamentError at file:line)."""

from __future__ import annotations

import csv
import io

from baska_cli.errors import TournamentError
from baska_cli.i18n import _


def data_rows(text: str, origin: str, header: tuple[str, ...]) -> list[tuple[int, list[str]]]:
    """Each row under the header with its line number; a TournamentError at line 1 of
    `origin` if the first row is not `header`."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(c.strip() for c in rows[0]) != header:
        raise TournamentError(
            _("expected the header {header}").format(header=",".join(header)), origin, 1
        )
    return [(line, row) for line, row in enumerate(rows[1:], 2) if any(c.strip() for c in row)]
