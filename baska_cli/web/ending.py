"""The end of an evening as the table's phones show it: the final standings and statistics,
who pays whom (its amounts written as the page's language writes them), the running totals
as an SVG chart, and the printable report (`baska report`'s page). A tournament's table (its
ledger names its round and table, however it is served) ends its round, not an evening:
its place points instead of money, never a settlement."""

from __future__ import annotations

from typing import Any

from baska_cli.evening.settle import settle, stake_from, unit_of
from baska_cli.ledger import view
from baska_cli.ledger.format import Meta
from baska_cli.render.chart import running_chart, running_totals
from baska_cli.render.report import Evening, report_html
from baska_cli.render.settle import amount_text, settlement_record
from baska_cli.render.stats import gathered, stats_record
from baska_cli.render.stream import standing_record
from baska_cli.render.text import number

# a phone's chart: its width and height, its words' size (CSS pixels at 360 px), and its
# legend in two columns (each name whole)
PHONE_CHART = {"width": 360, "height": 230, "text": 13, "columns": 2}


def phone_chart(width: int | None, text: int | None) -> dict[str, int]:
    """The chart drawn for the box the phone shows it in (`width` CSS pixels) in the size of
    the phone's words (`text` CSS pixels: larger with a phone's large text), one unit a CSS
    pixel; the legend in one column where two would not hold a name and its total whole.
    None: PHONE_CHART."""
    if width is None or text is None:
        return PHONE_CHART
    width, text = min(max(width, 200), 1600), min(max(text, 8), 48)
    columns = 2 if width >= 26 * text else 1
    height = max(230, round(text * 17.7))
    return {"width": width, "height": height, "text": text, "columns": columns}


def tournament_table(meta: Meta) -> dict[str, int] | None:
    """The round and table of a tournament's table ledger (the rows `round` and `table` the
    draw writes), None for an evening's."""
    found = {key: meta.extra_value(key) for key in ("round", "table")}
    if not all(value.isdigit() for value in found.values()):
        return None
    return {key: int(value) for key, value in found.items()}


def final_record(
    path: str, stake: str | None, currency: str, chart: dict[str, int] | None = None
) -> dict[str, Any]:
    """The final standings, the stats, the running totals' chart (SVG), and who pays whom at
    `stake` (None: not asked) — as `baska settle --format json` has it, and as words. At a
    tournament's table: `table` (its round and number), each line's place points as words
    (`place_points_text`), and no settlement whatever the stake. `chart`: how the chart is
    drawn (phone_chart), PHONE_CHART where not given."""
    session = view.read(path)
    standings = session.standings()
    table = tournament_table(session.meta)
    settlement, payments = None, None
    if stake is not None and table is None:
        points = {s.name: s.total for s in standings}
        done = settle(points, stake_from(stake), unit_of(currency))
        settlement = settlement_record(done, currency)
        payments = [
            {"from": t.payer, "to": t.payee, "amount": amount_text(t.amount, currency)}
            for t in done.transfers
        ]
    lines = [standing_record(s) for s in standings]
    if table is not None:
        for line, s in zip(lines, standings, strict=True):
            shown = None if s.place_points is None else number(s.place_points)
            line["place_points_text"] = shown
    series = running_totals([(row.status, row.totals) for row in session.rows()])
    return {
        "standings": lines,
        "stats": stats_record(gathered([session])),
        "table": table,
        "settlement": settlement,
        "payments": payments,
        "chart": running_chart(session.meta.players, series, **(chart or PHONE_CHART)),
    }


def report_page(path: str, stake: str | None, currency: str) -> str:
    """The evening's printable report (`baska report`'s), with who pays whom at `stake` (a
    tournament's table: never)."""
    value = None if stake is None else stake_from(stake)
    session = view.read(path)
    if tournament_table(session.meta) is not None:
        value = None
    settlement = None
    if value is not None:
        settlement = settle(
            {s.name: s.total for s in session.standings()}, value, unit_of(currency)
        )
    return report_html([Evening(session, settlement)], None, currency)
