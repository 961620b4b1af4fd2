"""A printable report of evenings as one self-contained HTML file (Jinja2; no script, no
network): each evening's sheet, standings, an SVG chart and statistics; a season's summary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from baska_cli.evening.settle import Settlement
from baska_cli.evening.stats import collect
from baska_cli.i18n import language, ngettext
from baska_cli.ledger.format import Row
from baska_cli.ledger.view import LedgerView, ScoredHand
from baska_cli.render.settle import settlement_record
from baska_cli.render.sheet import where
from baska_cli.render.stats import stats_record
from baska_cli.render.svg import running_chart
from baska_cli.render.text import signed, status_shown


@dataclass(frozen=True, slots=True)
class Evening:
    """What the report shows of one ledger: the session, all its rows, its counted hands
    scored (for their explanations), and its settlement if a stake was given."""

    session: LedgerView
    rows: Sequence[Row]
    scored: Sequence[ScoredHand]
    settlement: Settlement | None = None


def _cell(value: int | None) -> dict[str, str]:
    if value is None:
        return {"text": "", "css": ""}
    return {"text": signed(value), "css": "gain" if value > 0 else "loss" if value < 0 else ""}


def _evening(evening: Evening, currency: str) -> dict[str, Any]:
    """The template's view of one evening."""
    from baska_cli.render.chart import running_totals

    session = evening.session
    players = session.meta.players
    explained = {s.n: s.outcome.explanation for s in evening.scored}
    rows, notes = [], []
    for row in evening.rows:
        kind = "cancelled" if row.status == "void" else "history" if row.status else ""
        explanation = explained.get(row.n, "") if not row.status else ""
        note = ""
        if explanation:
            notes.append(f"{row.n}: {explanation}")
            note = str(len(notes))
        totals = row.totals or (None, None, None, None)
        rows.append(
            {
                "kind": kind,
                "n": row.n,
                "dealer": row.dealer,
                "hand": row.hand,
                "note": note,
                "explanation": explanation,
                "changes": [_cell(d) for d in row.deltas],
                "totals": [_cell(t) for t in totals],
                "status": status_shown(row.status),
            }
        )
    series = running_totals([(row.status, row.totals) for row in evening.rows])
    entries = ((s.n, s.entry, s.outcome) for s in evening.scored)
    return {
        "path": session.path,
        "rules": f"{session.rules.name}: {session.rules.title}",
        "players": players,
        "where": where(session.meta, session.tally.dealt),
        "rows": rows,
        "notes": notes,
        "standings": session.standings(),
        "chart": running_chart(players, series),
        "stats": stats_record(collect([(session.path, players, entries)])),
        "settlement": None
        if evening.settlement is None
        else settlement_record(evening.settlement, currency),
    }


def report_html(
    evenings: Sequence[Evening],
    settlement: Settlement | None = None,
    currency: str = "zł",
) -> str:
    """The whole report: one page per evening; several evenings get a season's page first
    (standings, statistics, and who pays whom over the season)."""
    from markupsafe import Markup

    from baska_cli.evening.totals import season as add_up
    from baska_cli.render.templates import environment

    env = environment()
    views = [_evening(e, currency) for e in evenings]
    for view in views:
        view["chart"] = Markup(view["chart"])  # made by svg.py, which escapes every text
    summary = None
    if len(evenings) > 1:
        sessions = [
            (e.session.path, e.session.meta.players, [(s.n, s.entry, s.outcome) for s in e.scored])
            for e in evenings
        ]
        summary = {
            "files": [e.session.path for e in evenings],
            "standings": add_up([e.session.standings() for e in evenings]),
            "stats": stats_record(collect(sessions)),
        }
    count = len(evenings)
    title = (
        evenings[0].session.path
        if count == 1
        else ngettext("{count} evening", "{count} evenings", count).format(count=count)
    )
    return env.get_template("report.html.j2").render(
        lang=language(),
        title=title,
        evenings=views,
        season=summary,
        settlement=None if settlement is None else settlement_record(settlement, currency),
    )
