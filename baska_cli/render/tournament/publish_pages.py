"""The pages `baska tournament publish` writes, in the interface language (Jinja2,
autoescaped; no script, one style sheet beside them, links relative): the standings with
teams and categories, each round's tables, each table's sheet of hands and corrections.
Readable on a phone and printable."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from baska_cli.i18n import _, language, ngettext
from baska_cli.ledger.view import LedgerView
from baska_cli.render.templates import environment
from baska_cli.render.text import signed, status_shown
from baska_cli.render.tournament.classifications import labels, teams_note, teams_rows
from baska_cli.render.tournament.classifications_printed import Section
from baska_cli.render.tournament.terminal import left_out, points, standings_rows
from baska_cli.tournament.classifications.service import every_category
from baska_cli.tournament.classifications.teams import TeamLine
from baska_cli.tournament.plan import tie_break_text
from baska_cli.tournament.publish.service import (
    LEDGER,
    SHEET,
    WALKOUT,
    Publication,
    PublishedRound,
    PublishedTable,
)
from baska_cli.tournament.results import CORRECTED

if TYPE_CHECKING:
    from jinja2 import Environment

STYLE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "templates", "publish.css")


def style() -> str:
    """The pages' one style sheet (written beside them as style.css)."""
    with open(STYLE, encoding="utf-8") as stream:
        return stream.read()


People = Mapping[str, tuple[str, str]]
"""Each player of a publication (by the name the tables use) as a league's site shows them:
their name, and their page's link relative to the publication's folder."""


class Pages:
    """The pages of one publication, made with one Jinja2 environment (each template
    compiled once for all the pages); `home`: a link first in every page's menu (href
    relative to the publication's folder, label), as a league's site leads back to itself;
    `people`: the players' names and pages on a league's site."""

    def __init__(
        self,
        pub: Publication,
        home: tuple[str, str] | None = None,
        env: Environment | None = None,
        people: People | None = None,
    ) -> None:
        self.pub = pub
        self.env = env or environment()
        self.named = labels(pub.standings.players)
        self.links: dict[str, str] = {}
        for name, (shown, href) in (people or {}).items():
            self.named[name] = shown
            self.links[name] = href
        self.home = home

    def linked(self, rows: list[list[Any]], column: int, lines: Sequence[Any], root: str) -> None:
        """The player's cell of each row (the player of `lines`, in order) a link to their
        page on a league's site, where they have one: (text, href)."""
        for row, line in zip(rows, lines, strict=True):
            href = self.links.get(line.player)
            if href:
                row[column] = (row[column], root + href)


def _render(pages: Pages, template: str, root: str, **values: Any) -> str:
    pub = pages.pub
    found = pub.standings
    nav = [{"href": f"{root}{pages.home[0]}", "label": pages.home[1]}] if pages.home else []
    nav.append({"href": f"{root}index.html", "label": _("Standings")})
    nav += [
        {"href": f"{root}r{r.round}.html", "label": _("round {round}").format(round=r.round)}
        for r in pub.rounds
    ]
    return pages.env.get_template(template).render(
        lang=language(), root=root, nav=nav, tournament=found.name, **values
    )


def _section(section: Section) -> dict[str, Any]:
    """A list for the template; on a phone each line is a card: the place and the name
    first, then every other cell under its header's name (`labels`)."""
    names = {_("player"), _("team"), _("move")}
    lead = {0, *(i for i, h in enumerate(section.headers) if h in names)}
    return {
        "heading": section.heading,
        "note": section.note,
        "headers": section.headers,
        "rows": section.rows,
        "numeric": section.numeric,
        "lead": lead,
        "break": max(lead),  # (a card's first line ends after the name)
        "labels": ["" if i in lead else h for i, h in enumerate(section.headers)],
    }


def _players(count: int) -> str:
    return ngettext("{count} player", "{count} players", count).format(count=count)


def index_page(pages: Pages, teams: Sequence[TeamLine]) -> str:
    """The standings after the publication's round, the tables they leave out named; the
    team classification and every category's standings where the tournament has them."""
    pub = pages.pub
    found = pub.standings
    named = pages.named
    ordered = _("ordered by {order}; players equal on all of them share a place").format(
        order=tie_break_text(found.plan.tie_breaks)
    )
    headers, rows = standings_rows(found.lines, found.up_to > 1, named)
    pages.linked(rows, headers.index(_("player")), found.lines, "")
    sections = [Section("", ordered, headers, rows)]
    if teams:
        team_headers, team_rows = teams_rows(teams, named)
        heading = _("teams after round {round} of {rounds}").format(
            round=found.up_to, rounds=found.plan.rounds
        )
        sections.append(Section(heading, teams_note(), team_headers, team_rows))
    for name, one in every_category(found):
        cat_headers, cat_rows = standings_rows(one.lines, one.up_to > 1, named)
        pages.linked(cat_rows, cat_headers.index(_("player")), one.lines, "")
        heading = _("category {category}").format(category=name) + " · " + _players(len(cat_rows))
        sections.append(Section(heading, ordered, cat_headers, cat_rows))
    data = [{"href": "standings.json", "label": "standings.json"}]
    if teams:
        data.append({"href": "teams.json", "label": "teams.json"})
    return _render(
        pages,
        "publish_index.html.j2",
        "",
        title=_("{tournament}: standings").format(tournament=found.name),
        subtitle=_("after round {round} of {rounds}").format(
            round=found.up_to, rounds=found.plan.rounds
        )
        + " · "
        + _players(len(found.lines)),
        sections=[_section(s) for s in sections],
        notes=[n.strip() for n in left_out(pub.notes, found.stale_lots, found.up_to)],
        data=data,
    )


def _result(table: PublishedTable) -> str:
    """How a table's result came, or why it does not count."""
    if table.source == WALKOUT:
        return _("walk-out of {names}: the others get the walk-out result").format(
            names=", ".join(table.walked_out)
        )
    if not table.counted:
        return "; ".join(table.problems) or _("no result yet")
    if table.source == SHEET:
        return _("the paper sheet's final totals")
    return ""


def _seats(pages: Pages, table: PublishedTable, root: str) -> list[dict[str, Any]]:
    named = pages.named
    seats = []
    for seat, (player, place) in enumerate(zip(table.players, table.places, strict=True), 1):
        href = pages.links.get(player)
        seats.append(
            {
                "seat": seat,
                "player": named.get(player, player),
                "href": root + href if href else "",
                "total": "" if place is None else signed(place.total),
                "css": "" if place is None else _css(place.total),
                "place": str(place.place) if place is not None and place.place else "",
                "place_points": "" if place is None else points(place.place_points),
            }
        )
    return seats


def _table_view(pages: Pages, table: PublishedTable, root: str) -> dict[str, Any]:
    return {
        "label": _("table {table}").format(table=table.table),
        "href": f"{root}r{table.round}/t{table.table}.html",
        "seats": _seats(pages, table, root),
        "result": _result(table),
        "counted": table.counted,
    }


def _labels() -> dict[str, str]:
    return {
        "seat": "#",
        "player": _("player"),
        "total": _("total"),
        "place": _("place"),
        "place_points": _("place points"),
        "sitting_out": _("Sitting out:"),
        "dealer": _("dealer"),
        "hand": _("hand"),
        "final": _("final totals"),
    }


def round_page(pages: Pages, one: PublishedRound) -> str:
    """A round's page: every table's players, final totals, places and place points."""
    found = pages.pub.standings
    count = ngettext("{count} table", "{count} tables", len(one.tables)).format(
        count=len(one.tables)
    )
    return _render(
        pages,
        "publish_round.html.j2",
        "",
        title=_("{tournament}: round {round}").format(tournament=found.name, round=one.round),
        subtitle=count,
        tables=[_table_view(pages, t, "") for t in one.tables],
        sitting_out=list(one.sitting_out),
        labels=_labels(),
        data=[{"href": f"r{one.round}.json", "label": f"r{one.round}.json"}],
    )


def _css(value: int | None) -> str:
    return "" if not value else "gain" if value > 0 else "loss"


def _sheet(session: LedgerView) -> list[dict[str, Any]]:
    """The ledger's rows in file order: each hand, its four changes and the running totals;
    the rows a correction replaced (amended, undone) and the void hands marked."""
    rows = []
    for row in session.rows():
        totals = row.totals or (None, None, None, None)
        rows.append(
            {
                "kind": "cancelled" if row.status == "void" else "history" if row.status else "",
                "n": row.n,
                "dealer": row.dealer,
                "hand": row.hand,
                "status": status_shown(row.status),
                "cells": [
                    {
                        "change": signed(d),
                        "total": "" if t is None else signed(t),
                        "css": _css(d),
                    }
                    for d, t in zip(row.deltas, totals, strict=True)
                ],
            }
        )
    return rows


def _deals(deals: int, session: LedgerView | None) -> str:
    """`16 deals`, or `7 of 16 deals played` where the table's hands shown are fewer."""
    played = 0 if session is None else session.tally.slots
    if session is None or played == deals:
        return ngettext("{count} deal", "{count} deals", deals).format(count=deals)
    return ngettext(
        "{played} of {count} deal played", "{played} of {count} deals played", deals
    ).format(played=played, count=deals)


def table_page(pages: Pages, table: PublishedTable) -> str:
    """A table's page: its result, then its sheet of hands (number, dealer, hand, each
    player's change and running total) with the corrections as the ledger keeps them, or
    the paper sheet's entries (the corrected ones kept)."""
    found = pages.pub.standings
    session = table.ledger if table.source in (LEDGER, WALKOUT) else None
    sheets = [
        {
            "totals": [signed(v) for v in s.totals],
            "status": _("corrected") if s.status == CORRECTED else "",
        }
        for s in table.sheets
    ]
    view = _table_view(pages, table, "../")
    if sheets and table.counted:
        view["result"] = ""  # (the paper sheet's entries follow, under that heading)
    return _render(
        pages,
        "publish_table.html.j2",
        "../",
        title=_("{tournament}: round {round}, table {table}").format(
            tournament=found.name, round=table.round, table=table.table
        ),
        subtitle=_deals(found.plan.deals, session),
        table=view,
        players=[p.split(".") for p in table.players],  # (the names the hands use; a
        # line may break after each dot)
        rows=_sheet(session) if session is not None else [],
        sheets=sheets,
        labels=_labels(),
        data=[{"href": f"t{table.table}.json", "label": f"t{table.table}.json"}],
    )
