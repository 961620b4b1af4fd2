"""A printable report of evenings as one self-contained HTML file (Jinja2; no script, no
network): each evening's sheet, standings, an SVG chart and statistics; a season's summary.

The report is made as it is written: each ledger's rows are read again for each part that
shows them (the sheet, the notes, each player's line of the chart), none is kept, so memory
stays flat however long the evenings."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Generic, TypeVar

from baska_cli.evening.settle import Settlement, settle
from baska_cli.evening.stats import Stats
from baska_cli.evening.totals import season
from baska_cli.evening.totals import season as add_up
from baska_cli.i18n import _, language, ngettext
from baska_cli.ledger.view import LedgerView, read
from baska_cli.render.chart import Running, chart_pieces
from baska_cli.render.explain import explanation
from baska_cli.render.settle import settlement_record
from baska_cli.render.sheet import where
from baska_cli.render.stats import counted, scored_rows, stats_record
from baska_cli.render.templates import environment
from baska_cli.render.text import heading_text, signed, status_shown

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Evening:
    """What the report shows of one ledger: the checked session (its rows are read again
    from its file) and its settlement if a stake was given."""

    session: LedgerView
    settlement: Settlement | None = None


class Again(Generic[T]):
    """Items made anew each time they are gone through (read again from a ledger), and
    whether there are any, known beforehand (a template asks `if items` before `for`)."""

    def __init__(self, make: Callable[[], Iterator[T]], some: bool = True) -> None:
        self._make, self._some = make, some

    def __iter__(self) -> Iterator[T]:
        return self._make()

    def __bool__(self) -> bool:
        return self._some


def _cell(value: int | None) -> dict[str, str]:
    if value is None:
        return {"text": "", "css": ""}
    return {"text": signed(value), "css": "gain" if value > 0 else "loss" if value < 0 else ""}


def _rows(session: LedgerView) -> Iterator[dict[str, Any]]:
    """The template's view of each row of the sheet, in file order."""
    explained = _explained(session)
    notes = 0
    for row in session.rows():
        kind = "cancelled" if row.status == "void" else "history" if row.status else ""
        said = next(explained) if not row.status else ""
        note = ""
        if said:
            notes += 1
            note = _mark(notes)
        totals = row.totals or (None, None, None, None)
        yield {
            "kind": kind,
            "n": row.n,
            "dealer": row.dealer,
            "hand": row.hand,
            "note": note,
            "explanation": said,
            "changes": [_cell(d) for d in row.deltas],
            "totals": [_cell(t) for t in totals],
            "status": status_shown(row.status),
        }


def _explained(session: LedgerView) -> Iterator[str]:
    """Each counted hand's explanation, in file order."""
    players, rules = session.meta.players, session.rules
    return (explanation(entry, outcome, rules, players) for _n, entry, outcome in counted(session))


def _notes(session: LedgerView) -> Iterator[dict[str, str]]:
    """The notes under the sheet, each explained hand's in turn: its mark (`[3]`, the
    sheet's mark for that hand) and its explanation."""
    players, rules = session.meta.players, session.rules
    notes = 0
    for _n, entry, outcome in counted(session):
        text = explanation(entry, outcome, rules, players)
        if text:
            notes += 1
            yield {"mark": _mark(notes), "text": text}


def _mark(note: int) -> str:
    """A note's mark on the sheet and before the note: `[3]`, apart from the hand's points."""
    return f"[{note}]"


def heading(session: LedgerView) -> str:
    """The evening's heading: its title and date (`Wtorek u Ani · 2026-12-01`), else the
    players (`Baśka: Ania, Bartek, Celina, Darek`) and the date if any; never the file."""
    meta = session.meta
    title = meta.title or _("Baśka: {players}").format(players=", ".join(meta.players))
    return heading_text(title, meta.date)


def _totals_of(session: LedgerView) -> Callable[[int], Iterator[int]]:
    """A seat's running total after each counted hand, read again from the ledger."""

    def totals(seat: int) -> Iterator[int]:
        rows = session.rows()
        return (row.totals[seat] for row in rows if not row.status and row.totals is not None)

    return totals


def _evening(evening: Evening, currency: str, season: Stats | None) -> dict[str, Any]:
    """The template's view of one evening, after one pass over its counted hands for its
    statistics (added to the season's too, when given), its notes and its chart's scale."""
    from markupsafe import Markup

    session = evening.session
    players = session.meta.players
    own = Stats()
    for name in players:
        own.player(name)
        if season is not None:
            season.player(name)
    notes, running = 0, Running()
    for row, entry, outcome in scored_rows(session):
        own.add(session.path, row.n, players, entry, outcome)
        if season is not None:
            season.add(session.path, row.n, players, entry, outcome)
        notes += bool(explanation(entry, outcome, session.rules, players))
        running.add(row.status, row.totals)
    span = running.span()

    def chart() -> Iterator[Markup]:
        pieces = chart_pieces(players, span, _totals_of(session), 600, 150, 12)  # 12 px: 9 pt
        return (Markup(piece) for piece in pieces)

    return {
        "heading": heading(session),
        "rules": f"{session.rules.label}: {session.rules.title}",
        "players": players,
        "where": where(session.meta, session.tally.dealt),
        "rows": Again(lambda: _rows(session)),
        "notes": Again(lambda: _notes(session), notes > 0),
        "standings": session.standings(),
        "chart": Again(chart),  # made by svg.py, which escapes every text
        "stats": stats_record(own),
        "settlement": None
        if evening.settlement is None
        else settlement_record(evening.settlement, currency),
    }


def report_html(
    evenings: Sequence[Evening],
    settlement: Settlement | None = None,
    currency: str = "zł",
) -> str:
    """report_pieces() as one text."""
    return "".join(report_pieces(evenings, settlement, currency))


def report_pieces(
    evenings: Sequence[Evening],
    settlement: Settlement | None = None,
    currency: str = "zł",
) -> Iterator[str]:
    """The whole report, in pieces as it is made: one page per evening; several evenings
    get a season's page first (standings, statistics, and who pays whom over the season)."""

    env = environment()
    several = len(evenings) > 1
    overall = Stats() if several else None
    views = [_evening(e, currency, overall) for e in evenings]
    summary = None
    if overall is not None:
        summary = {
            "files": [heading(e.session) for e in evenings],
            "standings": add_up([e.session.standings() for e in evenings]),
            "stats": stats_record(overall),
        }
    count = len(evenings)
    title = (
        heading(evenings[0].session)
        if count == 1
        else ngettext("{count} evening", "{count} evenings", count).format(count=count)
    )
    return env.get_template("report.html.j2").generate(
        lang=language(),
        title=title,
        evenings=views,
        season=summary,
        settlement=None if settlement is None else settlement_record(settlement, currency),
    )


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
