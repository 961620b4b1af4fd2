"""The league's site's own pages, in the language of the call (Jinja2, autoescaped; no
script, one style sheet, links relative): the season's standings (the players, the teams,
each category), the events, the rating list (said not to be the official classification),
the clubs, and a page for every player. A list is a table on a wide screen and a card per
line on a phone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from baska_cli.game.spelling import fold
from baska_cli.i18n import _, language, ngettext
from baska_cli.league.ratings import Rating
from baska_cli.league.register import told_apart
from baska_cli.league.season import LeagueLine
from baska_cli.league.service.publish import LeagueSite
from baska_cli.league.service.season import LeagueSeason, Played
from baska_cli.render.league.terminal import how
from baska_cli.render.text import number, signed

if TYPE_CHECKING:
    from jinja2 import Environment

Cell = tuple[str, str]  # its text, and the link it is (or "")


@dataclass(slots=True)
class Listing:
    """A list for the template: its heading, a note, its headers, its rows of cells; the
    numeric columns, the lead ones (a card's first line: the place and the name)."""

    heading: str
    note: str
    headers: list[str]
    rows: list[list[Cell]]
    numeric: set[int] = field(default_factory=set)
    lead: set[int] = field(default_factory=lambda: {0, 1})
    anchor: str = ""

    def view(self) -> dict[str, Any]:
        """The list as the template reads it (a card's cells under their header's name):
        each cell with its column's class and label (made once for the column)."""
        labels = ["" if i in self.lead else h for i, h in enumerate(self.headers)]
        classes = [
            ("num" if i in self.numeric else "")
            + (" lead" if i in self.lead else "")
            + (" break" if i == max(self.lead) else "")
            for i in range(len(self.headers))
        ]
        return {
            "heading": self.heading,
            "note": self.note,
            "headers": self.headers,
            "rows": self.rows,
            "cells": [
                [(text, href, classes[i], labels[i]) for i, (text, href) in enumerate(row)]
                for row in self.rows
            ],
            "numeric": self.numeric,
            "lead": self.lead,
            "anchor": self.anchor,
        }


class SitePages:
    """The league's pages, made with one Jinja2 environment."""

    def __init__(self, site: LeagueSite, env: Environment) -> None:
        self.site = site
        self.env = env
        self.titles = {e.event: e for e in site.season.events}
        self.ratings = {r.id: r for r in (*site.ratings.lines, *site.ratings.apart)}
        self.listed = {r.id for r in site.ratings.lines}
        self.names = told_apart(site.members.values())
        self.clubs: dict[str, str] = {}
        for ln in site.season.lines:
            if ln.club and fold(ln.club) not in self.clubs:
                self.clubs[fold(ln.club)] = f"club-{len(self.clubs) + 1}"

    # --- links -------------------------------------------------------------------------

    def player(self, ident: str, name: str, root: str) -> Cell:
        """A player's name as the register has it (the id beside a name two records share;
        `name` for one it lacks), linked to their page where they have one."""
        page = self.site.players.get(ident)
        return (self.names.get(ident, name), f"{root}players/{page}.html" if page else "")

    def club(self, name: str, root: str) -> Cell:
        """A club's name, linked to its place on the clubs' page."""
        anchor = self.clubs.get(fold(name))
        return (name, f"{root}clubs.html#{anchor}" if anchor else "")

    def event(self, event: str, root: str) -> Cell:
        """An event's title, linked to its pages where a round is drawn."""
        played = self.titles[event]
        href = "" if played.standings is None else f"{root}events/{self.site.events[event]}/"
        return (played.title, f"{href}index.html" if href else "")

    def render(self, template: str, root: str, title: str, **values: Any) -> str:
        """A page of the site: the menu, the title, the body."""
        nav = [
            (_("Standings"), "index.html"),
            (_("Events"), "events.html"),
            (_("Rating list"), "ratings.html"),
            (_("Clubs"), "clubs.html"),
        ]
        values.setdefault("data", [])
        values.setdefault("subtitle", self.site.season.title)
        return self.env.get_template(template).render(
            lang=language(),
            root=root,
            nav=[{"href": f"{root}{href}", "label": label} for label, href in nav],
            title=title,
            **values,
        )


def not_official() -> str:
    """What every page that shows ratings says."""
    return _(
        "A rating list (OpenSkill, Plackett–Luce; rating = μ − 3σ): not the official "
        "classification, which is the season's standings."
    )


def _players(count: int) -> str:
    return ngettext("{count} player", "{count} players", count).format(count=count)


def place_text(line: LeagueLine) -> str:
    """A season's place as shown (`3.`; none short of the minimum of events)."""
    return "" if line.place is None else f"{line.place}."


def _season_list(pages: SitePages, done: LeagueSeason, heading: str, anchor: str) -> Listing:
    """A season's classification: place, name, club, points, events counted of played."""
    teams = done.teams
    headers = [_("place"), _("team") if teams else _("player")]
    headers += [] if teams else [_("club")]
    headers += [_("season points"), _("events"), _("total")]
    rows: list[list[Cell]] = []
    for ln in done.lines:
        row: list[Cell] = [
            (place_text(ln), ""),
            (ln.player, "") if teams else pages.player(ln.id, ln.player, ""),
        ]
        row += [] if teams else [pages.club(ln.club, "")]
        row += [
            (number(ln.points), ""),
            (f"{ln.counted}/{len(ln.events)}", ""),
            (signed(ln.total), ""),
        ]
        rows.append(row)
    note = how(done.rules, teams)
    if any(ln.place is None for ln in done.lines):
        note += ". " + _("players without a place have played fewer events than the minimum")
    first = len(headers) - 3
    return Listing(heading, note, headers, rows, {0, first, first + 1, first + 2}, anchor=anchor)


def index_page(pages: SitePages, app: bool = False) -> str:
    """The season's standings: the players, then the teams and each category where the
    league has them (`app`: a link to the app for one phone, published in `app/`)."""
    site = pages.site
    done = site.season
    lists = [_season_list(pages, done, "", "players")]
    data = [{"href": "standings.json", "label": "standings.json"}]
    if site.teams is not None:
        lists.append(_season_list(pages, site.teams, _("teams"), "teams"))
        data.append({"href": "teams.json", "label": "teams.json"})
    for n, one in enumerate(site.categories, 1):
        heading = _("category {category}").format(category=one.category)
        heading += " · " + _players(len(one.lines))
        lists.append(_season_list(pages, one, heading, f"category-{n}"))
    played = ngettext("{count} event", "{count} events", len(done.events)).format(
        count=len(done.events)
    )
    return pages.render(
        "league_index.html.j2",
        "",
        _("{league}: the season's standings").format(league=done.title),
        subtitle=f"{played} · {_players(len(done.lines))}",
        lists=[one.view() for one in lists],
        contents=[{"href": f"#{one.anchor}", "label": one.heading} for one in lists[1:]],
        data=data,
        app=_("Score an evening on your phone: the app, offline too") if app else "",
    )


def _winners(pages: SitePages, event: Played) -> list[Cell]:
    assert event.standings is not None
    return [
        pages.player(
            ident, pages.site.members[ident].name if ident in pages.site.members else ln.player, ""
        )
        for ln, ident in zip(event.standings.lines, event.ids, strict=True)
        if ln.place == 1
    ]


def events_page(pages: SitePages) -> str:
    """The events in date order, each linked to its pages, with its winner."""
    headers = [_("date"), _("event"), _("players"), _("rounds"), _("winner")]
    rows: list[list[Cell]] = []
    for event in pages.site.season.events:
        found = event.standings
        if found is None:
            rows.append(
                [
                    (event.date, ""),
                    pages.event(event.event, ""),
                    ("", ""),
                    (_("no round drawn yet"), ""),
                    ("", ""),
                ]
            )
            continue
        winners = _winners(pages, event)
        rows.append(
            [
                (event.date, ""),
                pages.event(event.event, ""),
                (str(len(found.lines)), ""),
                (f"{found.up_to}/{found.plan.rounds}", ""),
                *(winners[:1] or [("", "")]),
            ]
        )
        if len(winners) > 1:  # (a shared first place)
            rows[-1][-1] = (", ".join(w[0] for w in winners), "")
    listing = Listing("", "", headers, rows, {2, 3})
    return pages.render(
        "league_list.html.j2",
        "",
        _("{league}: events").format(league=pages.site.season.title),
        subtitle=ngettext("{count} event", "{count} events", len(rows)).format(count=len(rows)),
        lists=[listing.view()],
        warning="",
    )


def _rating_rows(pages: SitePages, lines: Sequence[Rating], placed: bool) -> list[list[Cell]]:
    names = pages.site.ratings.names
    return [
        [
            (f"{i}." if placed else "", ""),
            pages.player(r.id, names.get(r.id, r.id), ""),
            (number(r.rating), ""),
            (number(r.mu), ""),
            (number(r.sigma), ""),
            (str(r.rounds), ""),
        ]
        for i, r in enumerate(lines, 1)
    ]


def ratings_page(pages: SitePages) -> str:
    """The rating list, said not to be the official classification; those with fewer
    rounds than the minimum apart."""
    done = pages.site.ratings
    headers = [_("place"), _("player"), _("rating"), "μ", "σ", _("rounds")]
    numeric = {0, 2, 3, 4, 5}
    lists = [Listing("", "", headers, _rating_rows(pages, done.lines, True), numeric)]
    if done.apart:
        heading = ngettext(
            "fewer than {count} round played (not listed):",
            "fewer than {count} rounds played (not listed):",
            done.min_rounds,
        ).format(count=done.min_rounds)
        lists.append(Listing(heading, "", headers, _rating_rows(pages, done.apart, False), numeric))
    return pages.render(
        "league_list.html.j2",
        "",
        _("{league}: rating list").format(league=done.title),
        subtitle=ngettext("{count} table rated", "{count} tables rated", done.games).format(
            count=done.games
        ),
        lists=[one.view() for one in lists],
        warning=not_official(),
        data=[{"href": "ratings.json", "label": "ratings.json"}],
    )


def clubs_page(pages: SitePages) -> str:
    """Each club (by name) and its players in the season's order."""
    by_club: dict[str, list[LeagueLine]] = {}
    for ln in pages.site.season.lines:
        if ln.club:
            by_club.setdefault(fold(ln.club), []).append(ln)
    headers = [_("place"), _("player"), _("season points"), _("events")]
    lists = []
    for key in sorted(by_club):
        lines = by_club[key]
        rows: list[list[Cell]] = [
            [
                (place_text(ln), ""),
                pages.player(ln.id, ln.player, ""),
                (number(ln.points), ""),
                (f"{ln.counted}/{len(ln.events)}", ""),
            ]
            for ln in lines
        ]
        heading = f"{lines[0].club} · {_players(len(lines))}"
        lists.append(Listing(heading, "", headers, rows, {0, 2, 3}, anchor=pages.clubs[key]))
    return pages.render(
        "league_list.html.j2",
        "",
        _("{league}: clubs").format(league=pages.site.season.title),
        subtitle=ngettext("{count} club", "{count} clubs", len(lists)).format(count=len(lists)),
        lists=[one.view() for one in lists],
        warning="",
    )
