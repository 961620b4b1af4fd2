"""The end of an evening as the table's phones show it: the final standings and statistics,
who pays whom (its amounts written as the page's language writes them), the running totals
as an SVG chart, and the printable report (`baska report`'s page)."""

from __future__ import annotations

from typing import Any

from baska_cli.evening.settle import settle, stake_from, unit_of
from baska_cli.ledger import view
from baska_cli.render.chart import running_chart, running_totals
from baska_cli.render.report import evenings, report_html
from baska_cli.render.settle import amount_text, settlement_record
from baska_cli.render.stats import gathered, stats_record
from baska_cli.render.stream import standing_record

# a phone's chart: its width and height, its words' size (CSS pixels at 360 px), and its
# legend in two columns (each name whole)
PHONE_CHART = {"width": 360, "height": 230, "text": 13, "columns": 2}


def final_record(path: str, stake: str | None, currency: str) -> dict[str, Any]:
    """The final standings, the stats, the running totals' chart (SVG), and who pays whom at
    `stake` (None: not asked) — as `baska settle --format json` has it, and as words."""
    session = view.read(path)
    standings = session.standings()
    settlement, payments = None, None
    if stake is not None:
        points = {s.name: s.total for s in standings}
        done = settle(points, stake_from(stake), unit_of(currency))
        settlement = settlement_record(done, currency)
        payments = [
            {"from": t.payer, "to": t.payee, "amount": amount_text(t.amount, currency)}
            for t in done.transfers
        ]
    series = running_totals([(row.status, row.totals) for row in session.rows()])
    return {
        "standings": [standing_record(s) for s in standings],
        "stats": stats_record(gathered([session])),
        "settlement": settlement,
        "payments": payments,
        "chart": running_chart(session.meta.players, series, **PHONE_CHART),
    }


def report_page(path: str, stake: str | None, currency: str) -> str:
    """The evening's printable report (`baska report`'s), with who pays whom at `stake`."""
    value = None if stake is None else stake_from(stake)
    shown, overall = evenings([path], value, unit_of(currency))
    return report_html(shown, overall, currency)
