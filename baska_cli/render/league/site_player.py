"""A player's page of the league's site: the season's line, every event (place, points,
counted or not), the rating after each event as a chart and a list (apart: not the official
classification), and the players met at the tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from baska_cli.i18n import _, ngettext
from baska_cli.league.ratings import Rating
from baska_cli.league.season import LeagueLine
from baska_cli.render.league.rating_chart import rating_chart
from baska_cli.render.league.site_pages import Cell, Listing, SitePages, not_official, place_text
from baska_cli.render.text import number, signed

if TYPE_CHECKING:
    from markupsafe import Markup


def player_page(pages: SitePages, line: LeagueLine) -> str:
    """A player's page: the season's line, every event (place, points, counted or not), the
    rating after each event as a chart and a list (not the official classification), and
    the players met at the tables."""
    site = pages.site
    member = site.members.get(line.id)
    facts = [(_("id"), line.id, "")]
    if line.club:
        facts.append((_("club"), *pages.club(line.club, "../")))
    for label, value in (
        (_("team"), member.team if member else ""),
        (_("category"), member.category if member else ""),
    ):
        if value:
            facts.append((label, value, ""))
    season = [
        (_("place"), place_text(line) or _("no place: fewer events than the minimum")),
        (_("season points"), number(line.points)),
        (
            _("events"),
            _("{counted} counted of {played}").format(
                counted=line.counted, played=len(line.events)
            ),
        ),
        (_("total"), signed(line.total)),
    ]
    headers = [_("date"), _("event"), _("place"), _("season points"), _("total")]
    rows: list[list[Cell]] = []
    for r in line.events:
        shown = number(r.points)
        rows.append(
            [
                (pages.titles[r.event].date, ""),
                pages.event(r.event, "../"),
                (f"{r.place}.", ""),
                (shown if r.counted else f"[{shown}]", ""),
                (signed(r.total), ""),
            ]
        )
    note = _("[…]: not counted") if any(not r.counted for r in line.events) else ""
    events = Listing("", note, headers, rows, {2, 3, 4})
    rating = pages.ratings.get(line.id)
    history = site.ratings.history.get(line.id, ())
    rated_rows: list[list[Cell]] = []
    before: float | None = None
    for event, after in history:
        change = "–" if before is None else _signed_number(after.rating - before)
        rated_rows.append(
            [
                (pages.titles[event].date, ""),
                pages.event(event, "../"),
                (number(after.rating), ""),
                (change, ""),
                (str(after.rounds), ""),
            ]
        )
        before = after.rating
    rated = Listing(
        "",
        "",
        [_("date"), _("event"), _("rating"), _("change"), _("rounds")],
        rated_rows,
        {2, 3, 4},
    )
    chart = rating_chart(
        [(pages.titles[e].title, pages.titles[e].date, r.rating) for e, r in history]
    )
    met = _met_items(
        [
            (
                *pages.player(
                    ident, site.members[ident].name if ident in site.members else ident, "../"
                ),
                count,
            )
            for ident, count in site.met.get(line.id, ())
        ]
    )
    return pages.render(
        "league_player.html.j2",
        "../",
        pages.names.get(line.id, line.player),
        facts=facts,
        season=season,
        events=events.view(),
        rating=_rating_view(rating, line.id in pages.listed, site.ratings.min_rounds),
        rated=rated.view(),
        chart=chart,
        warning=not_official(),
        met=met,
    )


def _met_items(met: list[tuple[str, str, int]]) -> Markup:
    """The players met as the list's items (name, linked to their page where they have one,
    and how many tables shared), each escaped: made in one go, not item by item through the
    template (hundreds on every one of hundreds of pages)."""
    from markupsafe import Markup, escape  # (Jinja2's: imported where a page is made)

    return Markup(
        "".join(
            f'<li><a href="{escape(href)}">{escape(text)}</a> ({count})</li>'
            if href
            else f"<li>{escape(text)} ({count})</li>"
            for text, href, count in met
        )
    )


def _signed_number(value: float) -> str:
    text = number(value)
    return text if text.startswith("-") or text == "0" else f"+{text}"


def _rating_view(rating: Rating | None, listed: bool, least: int) -> dict[str, str]:
    if rating is None:
        return {"text": _("no table rated yet"), "detail": ""}
    detail = f"μ {number(rating.mu)} · σ {number(rating.sigma)} · " + ngettext(
        "{count} round", "{count} rounds", rating.rounds
    ).format(count=rating.rounds)
    if not listed:
        detail += " · " + ngettext(
            "fewer than {count} round played (not listed):",
            "fewer than {count} rounds played (not listed):",
            least,
        ).format(count=least).rstrip(":")
    return {"text": number(rating.rating), "detail": detail}
