"""A tournament's printable pages as self-contained HTML (Jinja2, no script, no network) in
the interface language: the seating plan, the table sheets for paper scoring, the standings;
each prints on A4. A player is named as people read them (the full name of the roster); a name
breaks only between words or after a hyphen."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from baska_cli.evening.totals import dealer_of
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _, language, ngettext
from baska_cli.render.templates import environment
from baska_cli.tournament.draw import Draw
from baska_cli.tournament.folder import Tournament
from baska_cli.tournament.players import shown_names, surname_first
from baska_cli.tournament.standings import StandingLine


def _render(template: str, **values: Any) -> str:

    return environment().get_template(template).render(lang=language(), **values)


def _table_label(t: int) -> str:
    return _("table {table}").format(table=t)


Names = Mapping[str, str]
"""Each player's name as people read it, by the name the tables use (players.shown_names)."""


def seating_html(name: str, draw: Draw, names: Names | None = None) -> str:
    """The seating plan for the wall: each table's players in seat order, then every player
    by surname with their table and seat."""
    shown = dict(names or {})
    tables = [
        {"label": _table_label(t), "players": [shown.get(p, p) for p in m]}
        for t, m in enumerate(draw.tables, 1)
    ]
    index = [
        {
            "player": shown.get(player, player),
            "where": _("table {table}, seat {seat}").format(table=t, seat=s),
        }
        for t, members in enumerate(draw.tables, 1)
        for s, player in enumerate(members, 1)
    ]
    index += [{"player": shown.get(p, p), "where": _("sits out")} for p in draw.sitting_out]
    index.sort(key=lambda row: surname_first(row["player"]))
    return _render(
        "seating.html.j2",
        orientation="portrait",
        title=_("{tournament}: seating, round {round}").format(tournament=name, round=draw.round),
        subtitle=ngettext("{count} table", "{count} tables", len(draw.tables)).format(
            count=len(draw.tables)
        ),
        tables=tables,
        sitting_out=[shown.get(p, p) for p in draw.sitting_out],
        index=index,
        labels={"sitting_out": _("Sitting out:"), "index": _("Who sits where")},
    )


# a column heading's font sizes (pt), largest first: the largest that fits the name's longest
# word whole in a player's column (about 75 characters at 1 pt, DejaVu Sans bold)
HEADING_SIZES = (6.5, 5.5, 4.5, 3.5, 3.0)
HEADING_ROOM = 75


def heading_size(name: str) -> str:
    """The class of a column heading's size (`f55`: 5.5 pt) that prints `name` without
    breaking a word (a word keeps its hyphen: `Kwiatkowska-` then `Żółtowska`)."""
    longest = max((len(w) + 1 for w in name.replace("-", "- ").split()), default=1)
    size = next((s for s in HEADING_SIZES if longest * s <= HEADING_ROOM), HEADING_SIZES[-1])
    return "f" + str(size).replace(".", "")


Link = Callable[[Draw, int], str]
"""A table's link in a round's draw (the draw, table -> the link), as tournament/links.py
makes it."""


def qr_svg(url: str) -> str:
    """The link as an inline SVG QR code (error correction M, a quiet zone of 4 modules),
    scaled by the page's CSS (no width or height of its own; segno is imported only here,
    when a page with a code is made)."""
    import segno

    code = segno.make(url, error="m")
    return str(code.svg_inline(border=4, omitsize=True, dark="#000", light="#fff"))


def _qr(link: Link | None, draw: Draw, table: int) -> dict[str, str] | None:
    """A table's link and its QR code (inline SVG), or None without links."""
    if link is None:
        return None
    url = link(draw, table)
    return {"url": url, "svg": qr_svg(url)}


BAND = 10  # deals a table sheet draws as one row of tall cells (a page breaks between bands)


def sheets_html(
    name: str,
    draw: Draw,
    deals: int,
    rules: RuleSet,
    link: Link | None = None,
    names: Names | None = None,
) -> str:
    """One A4 page per table for scoring on paper: the seats, who deals each deal (by seat),
    an empty cell for each change and running total, the final totals and the signatures;
    with `link`, the table's link as a QR code and as text in the page's corner. The deals'
    rows are drawn in bands of BAND deals (one row of tall cells each, the lines between
    the deals one SVG path): a light page that Chromium prints in a few milliseconds."""
    shown = dict(names or {})
    tables = []
    for t, members in enumerate(draw.tables, 1):
        tables.append(
            {
                "title": _("{tournament}: round {round}, table {table}").format(
                    tournament=name, round=draw.round, table=t
                ),
                "seats": [
                    {
                        "label": _("seat {n}").format(n=s),
                        "player": shown.get(p, p),
                        "size": heading_size(shown.get(p, p)),
                    }
                    for s, p in enumerate(members, 1)
                ],
                "qr": _qr(link, draw, t),
            }
        )
    # each deal's dealer by seat (a seat's label is short, a name may not be)
    dealer = [_("seat {n}").format(n=dealer_of(0, n) + 1) for n in range(1, deals + 1)]
    rows = [{"n": n, "dealer": seat} for n, seat in enumerate(dealer, 1)]
    # a row's height (mm): the page's room shared by the deals and the totals, at most 9 mm,
    # at least a line of the sheet's text
    row_height = max(3.2, min(9.0, round((185 if link else 205) / (deals + 1), 1)))
    return _render(
        "sheets.html.j2",
        orientation="portrait",
        title=_("{tournament}: table sheets, round {round}").format(
            tournament=name, round=draw.round
        ),
        subtitle=_(
            "{rules}, {deals}; each player's change and running total after every deal"
        ).format(
            rules=f"{rules.label}: {rules.title}",
            deals=ngettext("{count} deal", "{count} deals", deals).format(count=deals),
        ),
        tables=tables,
        bands=[rows[i : i + BAND] for i in range(0, deals, BAND)],
        row_height=row_height,
        font_size=8 if deals > 24 else 9,
        labels={
            "dealer": _("dealer"),
            "hand": _("hand"),
            "final": _("final totals"),
            "change": _("change"),
            "running": _("running total"),
            "signature": _("signature"),
            "scan": _("scan to enter the hands on a phone"),
        },
    )


def standings_html(
    name: str,
    round_number: int,
    rounds: int,
    ordered: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    lines: Sequence[StandingLine],
    notes: Sequence[str] = (),
) -> str:
    """The standings for the wall (A4 portrait, the header repeated on every page), with
    `notes` under them: the tables they leave out, lots dropped."""
    numeric = {
        0,
        *(
            i
            for i, h in enumerate(headers)
            if h in (_("place points"), _("total"), _("tables won"))
        ),
    }
    return _render(
        "tournament_standings.html.j2",
        orientation="portrait",
        title=_("{tournament}: standings").format(tournament=name),
        subtitle=_("after round {round} of {rounds}").format(round=round_number, rounds=rounds)
        + " · "
        + ngettext("{count} player", "{count} players", len(lines)).format(count=len(lines)),
        ordered=ordered,
        headers=headers,
        rows=rows,
        numeric=numeric,
        notes=[n.strip() for n in notes],
    )


def round_pages(
    t: Tournament, draw: Draw, link: Link | None = None, only: str | None = None
) -> dict[str, str]:
    """A drawn round's printable pages by file name (the `pages` of
    tournament/rounds/service.py); with `link`, the table sheets carry each table's link as a
    QR code; with `only` (a file name), just that page."""
    names = shown_names(t.players)
    made: dict[str, Callable[[], str]] = {
        "seating.html": lambda: seating_html(t.name, draw, names),
        "sheets.html": lambda: sheets_html(t.name, draw, t.plan.deals, t.rules, link, names),
    }
    return {file: make() for file, make in made.items() if only in (None, file)}


def linked_pages(
    link: Link | None, only: str | None = None
) -> Callable[[Tournament, Draw], dict[str, str]]:
    """`round_pages` whose table sheets carry each table's link (`link`; None: without);
    with `only`, just that page."""
    return functools.partial(round_pages, link=link, only=only)
