"""A tournament for a league's spreadsheet: the standings, the teams, a category, a season
(render/league/terminal.py's sheet) and a round's tables as a workbook (.xlsx, XlsxWriter,
imported only when one is made), headers in the interface language, numbers as numbers (place
points exactly, shown to two decimals with the spreadsheet's own decimal separator), players by
their full names; each sheet printed on A4, fit to the page's width (landscape where wider than
a portrait page), its header row repeated on every page and the page numbers at its foot."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baska_cli.files.outputs import MARK
from baska_cli.i18n import _
from baska_cli.render.tournament.classifications import teams_note
from baska_cli.render.tournament.status import status_word
from baska_cli.render.tournament.terminal import note
from baska_cli.tournament.classifications.teams import TeamLine
from baska_cli.tournament.standings import StandingLine
from baska_cli.tournament.tables.state import TableState

Cell = str | int | float | Fraction | None
SHEET_NAME = 31  # the most characters of a sheet's name
NOT_IN_NAME = str.maketrans("", "", "[]:*?/\\")
A4 = 9  # the paper's number in the file format
PORTRAIT_WIDTH = 100  # the characters of column width an A4 portrait page holds near 100 %
HEADER_ROW = 2  # (the heading on row 0, the header on row 2, the data below)


@dataclass(frozen=True, slots=True)
class Sheet:
    """One sheet: its name (a tab), a heading line above the table, the headers and rows."""

    name: str
    heading: str
    headers: Sequence[str]
    rows: Sequence[Sequence[Cell]]


def standings_sheet(
    name: str, heading: str, lines: Sequence[StandingLine], labels: Mapping[str, str]
) -> Sheet:
    """The standings (the columns of the terminal's table; the movement as a number)."""
    headers = [_("place"), _("move"), _("player"), _("club"), _("place points"), _("total")]
    headers += [_("tables won"), _("note")]
    rows = [
        [
            ln.place,
            ln.movement,
            labels.get(ln.player, ln.player),
            ln.club,
            ln.place_points,
            ln.total,
            ln.tables_won,
            note(ln),
        ]
        for ln in lines
    ]
    return Sheet(name, heading, headers, rows)


def teams_sheet(heading: str, teams: Sequence[TeamLine], labels: Mapping[str, str]) -> Sheet:
    """The team classification: the counted players, then the others in [brackets]."""
    headers = [_("place"), _("team"), _("place points"), _("total"), _("players")]
    rows: list[list[Cell]] = []
    for t in teams:
        who = [labels.get(n, n) if n in t.counted else f"[{labels.get(n, n)}]" for n in t.players]
        rows.append([t.place, t.team, t.place_points, t.total, ", ".join(who)])
    return Sheet(_("teams"), f"{heading} · {teams_note()}", headers, rows)


def status_sheet(
    round_number: int, states: Sequence[TableState], labels: Mapping[str, str]
) -> Sheet:
    """A round's tables: the state, the deals played, the players (by their full names, as
    `labels` give them) and totals by seat, who confirmed."""
    seats = range(1, 5)
    headers = [_("table"), _("status"), _("deals played")]
    headers += [_("seat {n}").format(n=s) for s in seats]
    headers += [_("total, seat {n}").format(n=s) for s in seats] + [_("confirmed by")]
    rows: list[list[Cell]] = []
    for s in states:
        confirmed = [labels.get(n, n) for n in s.confirmed_by]
        confirmed += [_("the organiser")] if s.accepted else []
        totals = list(s.totals) if s.totals is not None else [None] * 4
        players = [labels.get(n, n) for n in s.players]
        rows.append(
            [s.table, status_word(s.status), s.dealt, *players, *totals, ", ".join(confirmed)]
        )
    name = _("round {round}").format(round=round_number)
    return Sheet(name, name, headers, rows)


def _format_of(value: Fraction | float) -> str:
    """The number format a value is shown with: whole, one or two decimals (the cell keeps
    the value itself; the spreadsheet writes its locale's decimal separator)."""
    if value == int(value):
        return "0"
    return "0.0" if value * 10 == int(value * 10) else "0.00"


def workbook(sheets: Sequence[Sheet]) -> bytes:
    """The sheets as an .xlsx file: a heading line, then the table with its header row
    bold and frozen; its zip comment carries files/outputs.py's MARK (baska wrote it)."""
    import xlsxwriter  # type: ignore[import-untyped]  # (here only: not on `baska score`)

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True, "strings_to_numbers": False})
    bold = book.add_format({"bold": True})
    formats: dict[str, Any] = {}
    used: set[str] = set()
    for sheet in sheets:
        page = book.add_worksheet(_sheet_name(sheet.name, used))
        page.write_string(0, 0, sheet.heading, bold)
        page.write_row(HEADER_ROW, 0, list(sheet.headers), bold)
        page.freeze_panes(HEADER_ROW + 1, 0)
        widths = [len(h) for h in sheet.headers]
        for r, row in enumerate(sheet.rows, 3):
            for c, value in enumerate(row):
                if value is None or value == "":
                    continue
                if isinstance(value, str):
                    page.write_string(r, c, value)
                elif isinstance(value, int):
                    page.write_number(r, c, value)
                else:
                    code = _format_of(value)
                    if code not in formats:
                        formats[code] = book.add_format({"num_format": code})
                    page.write_number(r, c, float(value), formats[code])
                if c < len(widths):
                    widths[c] = max(widths[c], len(str(value)))
        shown = [min(max(width, 4), 60) + 2 for width in widths]
        for c, width in enumerate(shown):
            page.set_column(c, c, width)
        _printed(page, wide=sum(shown) > PORTRAIT_WIDTH)
    book.close()
    with zipfile.ZipFile(buffer, "a") as marked:
        marked.comment = MARK.encode("ascii")
    return buffer.getvalue()


def _printed(page: Any, wide: bool) -> None:
    """A sheet's printing: A4, landscape if `wide`, as wide as one page and as long as it
    takes, the header row on every page, `page 2 of 5` at the foot."""
    page.set_paper(A4)
    if wide:
        page.set_landscape()
    page.fit_to_pages(1, 0)
    page.repeat_rows(HEADER_ROW)
    page.set_footer("&C" + _("page {page} of {pages}").format(page="&P", pages="&N"))


def _sheet_name(name: str, used: set[str]) -> str:
    """A sheet's name a spreadsheet takes: without []:*?/\\, at most 31 characters, once."""
    base = " ".join(name.translate(NOT_IN_NAME).split())[:SHEET_NAME] or "1"
    chosen, n = base, 1
    while chosen.casefold() in used:
        n += 1
        chosen = f"{base[: SHEET_NAME - len(str(n)) - 1]} {n}"
    used.add(chosen.casefold())
    return chosen
