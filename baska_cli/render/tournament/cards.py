"""The players' start cards (`tournament cards`): a printable page of eight cards to an A4
sheet (full name, id, club, a QR code of the player's own page, the PIN), or JSON (keys
never translated). Both hold every player's key and PIN: the command writes them 0600."""

from __future__ import annotations

import json

from baska_cli.i18n import _, language
from baska_cli.render.templates import environment
from baska_cli.render.tournament.printed import qr_svg
from baska_cli.tournament.personal.service import StartCards

PER_PAGE = 8  # cards to an A4 sheet: two across, four down


def cards_json(cards: StartCards) -> str:
    """One line of JSON: each player's card, `player` the name the tables use, `name` the
    name people read."""
    return json.dumps(
        [
            {
                "player": c.player.name,
                "name": c.name,
                "id": c.player.id,
                "club": c.player.club,
                "url": c.url,
                "key": c.key,
                "pin": c.pin,
            }
            for c in cards.cards
        ],
        ensure_ascii=False,
    )


def cards_html(cards: StartCards) -> str:
    """The printable page: eight cards to a sheet, in the players' order (by surname)."""
    every = [
        {
            "name": c.name,
            "id": c.player.id,
            "club": c.player.club,
            "url": c.url,
            "pin": c.pin,
            "svg": qr_svg(c.url),
        }
        for c in cards.cards
    ]
    pages = [every[i : i + PER_PAGE] for i in range(0, len(every), PER_PAGE)]
    labels = {
        "id": _("id"),
        "pin": _("PIN"),
        "scan": _("Scan: your table, your results, your word on the table's result."),
        "keep": _("Keep the PIN to yourself: with it you confirm your table's result."),
    }
    return (
        environment()
        .get_template("cards.html.j2")
        .render(
            lang=language(),
            title=_("{tournament}: start cards").format(tournament=cards.tournament),
            tournament=cards.tournament,
            orientation="portrait",
            pages=pages,
            labels=labels,
        )
    )
