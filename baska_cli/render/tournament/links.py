"""A round's tables' links for the organiser: a list in 80 columns (a table's label and its
link, its players by seat wrapped under it) or JSON (keys never translated)."""

from __future__ import annotations

import json

from baska_cli.i18n import _, ngettext
from baska_cli.render.fit import KEPT, wrap
from baska_cli.tournament.hall.links import TableLink
from baska_cli.tournament.hall.service import RoundLinks

WIDTH = 80


def link_record(link: TableLink) -> dict[str, object]:
    """A table's link as the JSON contract gives it."""
    return {
        "round": link.round,
        "table": link.table,
        "players": list(link.players),
        "url": link.url,
        "key": link.key,
    }


def links_json(links: RoundLinks) -> str:
    """One line of JSON: a list of the tables' links."""
    return json.dumps([link_record(t) for t in links.tables], ensure_ascii=False)


def seats_line(players: tuple[str, ...]) -> str:
    """`1. Ania, 2. Bartek, …`, each seat's number and name kept on one line when wrapped."""
    return ", ".join(f"{s}.{KEPT}{name.replace(' ', KEPT)}" for s, name in enumerate(players, 1))


def links_table(links: RoundLinks, width: int = WIDTH) -> str:
    """Each table's label and link, its players under it; a link too long for the line
    after the label goes on a line of its own (a link is never broken)."""
    title = (
        _("round {round}").format(round=links.round)
        + ": "
        + ngettext("{count} table", "{count} tables", len(links.tables)).format(
            count=len(links.tables)
        )
    )
    labels = [_("table {table}").format(table=t.table) for t in links.tables]
    room = max((len(label) for label in labels), default=0) + 2
    lines = [*wrap(title, width).splitlines(), ""]
    for label, link in zip(labels, links.tables, strict=True):
        if room + len(link.url) <= width:
            lines.append(label.ljust(room) + link.url)
        else:
            lines += [label, "  " + link.url]
        seats = wrap(seats_line(link.players), width - room).replace(KEPT, " ")
        lines += [" " * room + line for line in seats.splitlines()]
    lines += [
        "",
        *wrap(
            _(
                "a table's link writes only that table's ledger, in round {round} only; "
                "the printed table sheets carry it as a QR code"
            ).format(round=links.round),
            width,
        ).splitlines(),
    ]
    return "\n".join(lines)
