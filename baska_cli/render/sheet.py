"""A session as text: the score sheet, standings, a season, a recorded or edited hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from baska_cli.evening.totals import Standing, next_turn, season
from baska_cli.game.model import Deltas
from baska_cli.i18n import _, ngettext, speaking
from baska_cli.render.chart import (
    chart_points,
    paint,
    picked,
    picks,
    span_chart,
    span_of,
    sparkline,
)
from baska_cli.render.explain import SCRIPT_LANGUAGE, derivation, explanation
from baska_cli.render.fit import fitted_lines, widths_of, wrap
from baska_cli.render.outcome import csv_header, outcome_csv, outcome_record, render_outcome
from baska_cli.render.text import (
    csv_line,
    heading_text,
    number,
    signed,
    simple_table,
    status_shown,
)

if TYPE_CHECKING:  # the ledger's types, named in annotations only (no import at run time)
    from baska_cli.ledger.edits import Edited, Recorded
    from baska_cli.ledger.format import Meta, Row
    from baska_cli.ledger.view import LedgerView


def points(value: float | None) -> str:
    """Place points: 5, 2.5, or empty when the system has none."""
    return "" if value is None else number(value)


def deals_left(meta: Meta, dealt: int) -> str:
    """`4 of 16 deals left`, or how many were dealt when no length was planned (`dealt`:
    the deals used, which an `adj` does not add to)."""
    if meta.deals is None:
        return ngettext("{count} deal played", "{count} deals played", dealt).format(count=dealt)
    left = max(meta.deals - dealt, 0)
    if left == 0 and dealt == meta.deals:
        return ngettext("all {count} deal played", "all {count} deals played", dealt).format(
            count=dealt
        )
    text = ngettext("{left} of {count} deal left", "{left} of {count} deals left", meta.deals)
    text = text.format(left=left, count=meta.deals)
    if dealt > meta.deals:
        over = dealt - meta.deals
        extra = ngettext("{count} over the plan", "{count} over the plan", over)
        text = _("{deals_left}, {over_the_plan}").format(
            deals_left=text, over_the_plan=extra.format(count=over)
        )
    return text


def next_words(meta: Meta, dealt: int) -> str:
    """`next: Darek deals, Ania leads`."""
    dealer, leader = next_turn(meta.first_dealer, dealt)
    return _("next: {dealer} deals, {leader} leads").format(
        dealer=meta.players[dealer], leader=meta.players[leader]
    )


def where(meta: Meta, dealt: int) -> str:
    """How many deals are left and who deals next (nothing next once all are played)."""
    left = deals_left(meta, dealt)
    if meta.deals is not None and dealt >= meta.deals:
        return left
    return _("{deals_left}; {next_turn}").format(deals_left=left, next_turn=next_words(meta, dealt))


def recorded(found: Recorded, explain: bool, width: int | None = None) -> str:
    """A hand recorded in a ledger: its changes, the running totals, who deals and leads next
    (with `width`, its sentences wrapped at words to that many columns)."""

    meta, outcome, n = found.meta, found.outcome, found.n
    players = meta.players
    title = render_outcome(found.entry, outcome, found.rules, players, "table", False)
    first_line = title.splitlines()[0]
    table = tabulate(
        [[_("hand"), *map(signed, outcome.deltas)], [_("total"), *map(signed, found.totals)]],
        headers=["", *players],
        stralign="right",
    )
    head = _("hand {number} (dealt by {dealer}): {hand}").format(
        number=n, dealer=found.dealer, hand=first_line
    )
    lines = [
        wrap(f"{found.path}: {head}", width, "  "),
        table,
        wrap(explanation(found.entry, outcome, found.rules, players), width, "  "),
    ]
    if explain:
        steps = derivation(found.entry, outcome, found.rules, players)
        lines += [""] + [wrap(f"  {step}", width, "  ") for step in steps] + [""]
    lines.append(
        wrap(
            _("{next_turn} ({deals_left})").format(
                next_turn=next_words(meta, found.dealt), deals_left=deals_left(meta, found.dealt)
            ),
            width,
            "  ",
        )
    )
    return "\n".join(lines)


def recorded_json(found: Recorded, explain: bool) -> dict[str, Any]:
    """A recorded hand as a JSON object: the hand's fields, then its place in the session."""

    meta, n = found.meta, found.n
    players = meta.players
    record = outcome_record(found.entry, found.outcome, found.rules, players)
    if explain:
        with speaking(SCRIPT_LANGUAGE):
            record["derivation"] = derivation(found.entry, found.outcome, found.rules, players)
    dealer, leader = next_turn(meta.first_dealer, found.dealt)
    record.update(
        n=n,
        dealer=found.dealer,
        totals=dict(zip(players, found.totals, strict=True)),
        next_dealer=players[dealer],
        next_leader=players[leader],
        deals_left=None if meta.deals is None else max(meta.deals - found.dealt, 0),
    )
    return record


def recorded_csv(found: Recorded) -> str:
    """A recorded hand as a CSV header and row: the hand's columns, then its place."""

    meta, n = found.meta, found.n
    players = meta.players
    record = outcome_record(found.entry, found.outcome, found.rules, players)
    dealer, leader = next_turn(meta.first_dealer, found.dealt)
    extra = ["n", "dealer", *(f"{p} total" for p in players), "next dealer", "next leader"]
    values = [n, found.dealer, *found.totals, players[dealer], players[leader]]
    row = f"{outcome_csv(record)},{csv_line(values)}"
    return f"{csv_header(players)},{csv_line(extra)}\n{row}"


def edited(done: Edited) -> str:
    """What undo, void or amend did, in one line."""
    old = done.old
    if done.action == "void":
        text = _('hand {number} "{hand}" is void: it keeps its number, its score is skipped')
    elif done.action == "undo":
        text = _('hand {number} "{hand}" is undone: the next hand is hand {number} again')
    elif old.status == "void":
        text = _('hand {number} "{hand}" is amended to "{new}" (it stays void)')
    else:
        text = _('hand {number} "{hand}" is amended to "{new}"')
    words = text.format(number=old.n, hand=old.hand, new=done.new_text or "")
    return _("{file}: {what}").format(file=done.path, what=words)


def amended_changes(done: Edited, session: LedgerView) -> str:
    """After an amend: the hand's changes as they were and as they are, and the new totals."""

    n, old = done.old.n, done.old
    new = done.new_deltas or old.deltas
    rows = [
        [_("hand {number} was").format(number=n), *map(signed, old.deltas)],
        [_("hand {number} now").format(number=n), *map(signed, new)],
        [_("total"), *map(signed, session.tally.totals)],
    ]
    return simple_table(["", *session.meta.players], rows)


Rows = Callable[[], Iterable["Row"]]  # a ledger's rows in file order, read again at each call


def sheet_table(meta: Meta, rows: Sequence[Row]) -> str:
    """sheet_lines() of rows at hand, as one text."""
    return "\n".join(sheet_lines(meta, lambda: rows))


def _sheet_cells(row: Row) -> list[str]:
    """A row's cells on the sheet."""
    changes = [signed(d) for d in row.deltas]
    if row.status:
        changes = [f"({c})" for c in changes]
    totals = ["", "", "", ""] if row.totals is None else [signed(t) for t in row.totals]
    return [str(row.n), row.dealer, row.hand, *changes, "│", *totals, status_shown(row.status)]


def sheet_lines(meta: Meta, rows: Rows) -> Iterator[str]:
    """The score sheet: one row per hand, each player's change, then the running totals
    (the rows are read twice: for the columns' widths, then for the lines)."""
    players = meta.players
    header = ["#", _("dealer"), _("hand"), *players, "", *players, ""]
    widths = widths_of(header, map(_sheet_cells, rows()))
    left = {1, 2, 12}

    def line(cells: Sequence[str]) -> str:
        text = "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )
        return text.rstrip()

    changes_width = sum(widths[3:7]) + 6
    totals_width = sum(widths[8:12]) + 6
    indent = sum(widths[:3]) + 6
    yield (
        " " * indent
        + _("this hand").center(changes_width).rstrip().ljust(changes_width)
        + "     "
        + _("running total").center(totals_width).rstrip()
    )
    rule = ["-" * w for w in widths]
    rule[7], rule[12] = "│", ""
    header[7] = "│"
    yield line(header)
    yield line(rule)
    for row in rows():
        yield line(_sheet_cells(row))


def standings_table(
    standings: Sequence[Standing],
    season: bool = False,
    trends: dict[str, str] | None = None,
    colour: bool = False,
) -> str:
    """Places, totals (green and red with `colour`), place points, and each player's
    running total as a sparkline when `trends` gives them."""

    has_points = any(s.place_points is not None for s in standings)
    headers = [_("place"), _("player"), _("total")]
    if season:
        headers[2:2] = [_("sessions"), _("hands")]
    if has_points:
        headers.append(_("place points"))
    if trends:
        headers.append(_("running total"))
    rows = []
    for s in standings:
        cells: list[Any] = [s.place, s.name, paint(signed(s.total), s.total, colour)]
        if season:
            cells[2:2] = [s.sessions, s.hands]
        if has_points:
            cells.append(points(s.place_points))
        if trends:
            cells.append(trends.get(s.name, ""))
        rows.append(cells)
    align = ["right", "left", *["right"] * (len(headers) - 2)]
    if trends:
        align[-1] = "left"
    return tabulate(rows, headers=headers, colalign=align, disable_numparse=True)


def one_session(
    session: LedgerView,
    rows: Sequence[Row],
    unicode: bool = True,
    colour: bool = False,
    chart: tuple[int, int] | None = None,
    width: int | None = None,
    screen: int | None = None,
) -> str:
    """session_text() of rows at hand, as one text."""
    return "\n".join(session_text(session, lambda: rows, unicode, colour, chart, width, screen))


def session_text(
    session: LedgerView,
    rows: Rows,
    unicode: bool = True,
    colour: bool = False,
    chart: tuple[int, int] | None = None,
    width: int | None = None,
    screen: int | None = None,
) -> Iterator[str]:
    """The lines of `baska ledger FILE`: the evening's title and date, the file and its
    rules, the sheet (or with `chart`, a line chart of
    that width and height), standings with each running total as a sparkline, what comes
    next. With `width`, a sheet wider than that is laid out in fewer columns (render.fit).
    With `screen` (the lines a terminal shows), the sheet's heading is repeated so that
    every screenful of it shows the players, the last one with the standings under it;
    a chart is made as tall as fits the screen with all the rest.
    The rows are read again for each part (`rows()`), none kept (but with `screen`):
    memory stays flat."""

    rules, players = session.rules, session.meta.players

    def counted() -> Iterator[tuple[str, Deltas | None]]:
        return ((row.status, row.totals) for row in rows())

    span = span_of(counted())
    heading = heading_text(session.meta.title, session.meta.date)
    if heading:
        yield wrap(heading, width, "  ")
    yield wrap(f"{session.path} — {rules.label}: {rules.title}", width, "  ")
    yield ""
    trends = None
    if span.hands:
        shown = picked(counted(), picks(span.hands, 16))
        trends = {
            p: sparkline(s, span.low, span.high, 16, unicode)
            for p, s in zip(players, shown, strict=True)
        }
    tail = [
        "",
        standings_table(session.standings(), trends=trends, colour=colour),
        "",
        wrap(where(session.meta, session.tally.dealt), width, "  "),
    ]
    if chart is not None:
        shown = picked(counted(), picks(span.hands, chart_points(span, chart[0])))
        tall = chart[1]
        if screen is not None:  # the chart as tall as the screen's lines leave room for
            above = len(wrap(heading, width, "  ").splitlines()) if heading else 0
            above += len(wrap(f"{session.path} — {rules.name}: {rules.title}", width).split("\n"))
            legend = span_chart(players, span, shown, chart[0], 3, unicode).splitlines()[5:]
            below = len("\n".join(tail).splitlines()) + 1  # (and the shell's prompt)
            tall = max(screen - above - 1 - 2 - len(legend) - below, 5)
        yield span_chart(players, span, shown, chart[0], tall, unicode, colour)
    elif not session.tally.slots:
        yield _("(no hands yet)")
    else:
        if width is not None and _longest(sheet_lines(session.meta, rows)) > width:
            lines = fitted_lines(session.meta, rows, width)
        else:
            lines = sheet_lines(session.meta, rows)
        if screen is None:
            yield from lines
        else:
            yield from screens(list(lines), screen - len("\n".join(tail).splitlines()))
    yield from tail


HEADING = 3  # the sheet's heading: the groups' titles, the players, a rule


def screens(sheet: list[str], room: int) -> Iterator[str]:
    """The sheet's lines with its heading repeated before each screenful of rows, counted
    from the end so that the last `room` lines hold the heading and the last rows."""
    heading, body = sheet[:HEADING], sheet[HEADING:]
    per = max(room - HEADING, 3)
    first = len(body) % per or per
    yield from heading
    yield from body[:first]
    for start in range(first, len(body), per):
        yield from heading
        yield from body[start : start + per]


def _longest(lines: Iterable[str]) -> int:
    """The length of the longest of these lines (a line may hold several)."""
    return max((len(piece) for line in lines for piece in line.splitlines()), default=0)


def after_edit(session: LedgerView) -> str:
    """After undo, void or amend: the standings and who deals next."""
    return f"{standings_table(session.standings())}\n{where(session.meta, session.tally.dealt)}"


def season_table(sessions: Sequence[LedgerView], aliases: Mapping[str, str] | None = None) -> str:
    """Several sessions: each one's result, then the season's standings by player."""

    rows = []
    for session in sessions:
        result = ", ".join(
            f"{s.name} {signed(s.total)}"
            + (f" ({points(s.place_points)})" if s.place_points is not None else "")
            for s in session.standings()
        )
        rows.append([session.path, session.rules.label, session.tally.counted, result])
    table = tabulate(
        rows, headers=[_("session"), _("rules"), _("hands"), _("result (place points)")]
    )
    standings = season([s.standings() for s in sessions], aliases)
    if any(s.place_points is not None for s in standings):
        ordered = _("ordered by place points, then by total; players equal on both share a place")
    else:
        ordered = _("ordered by total; players with equal totals share a place")
    return f"{table}\n\n{standings_table(standings, season=True)}\n\n{ordered}"
