"""The evenings a report shows, read from their ledgers, and who pays whom at a stake."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from baska_cli.evening.settle import Settlement, settle
from baska_cli.evening.totals import season
from baska_cli.ledger.view import read
from baska_cli.render.report import Evening


def evenings(
    paths: Sequence[str], stake: Decimal | None, unit: Decimal
) -> tuple[list[Evening], Settlement | None]:
    """Each ledger as an evening of the report (its payments with a stake and one file), and
    the season's payments (with a stake and several files)."""
    found = []
    for path in paths:
        session = read(path)  # (its rows are read again as the report is written)
        single = None
        if stake is not None and len(paths) == 1:
            single = settle({s.name: s.total for s in session.standings()}, stake, unit)
        found.append(Evening(session, single))
    overall = None
    if stake is not None and len(paths) > 1:
        standings = season([e.session.standings() for e in found])
        overall = settle({s.name: s.total for s in standings}, stake, unit)
    return found, overall
