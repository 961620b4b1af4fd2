"""The printable pages the organiser's page opens, made by what the CLI runs: the seating
plan or the table sheets by `print_round` (the page asked for written again into the round's
directory, as `baska tournament print` writes both), the standings by the page
`standings --html` writes."""

from __future__ import annotations

from baska_cli.errors import TournamentInputError
from baska_cli.i18n import _
from baska_cli.render.tournament.printed import linked_pages
from baska_cli.render.tournament.standings_page import standings_page
from baska_cli.tournament.draw import Draw
from baska_cli.tournament.folder import Tournament
from baska_cli.tournament.hall import service as service_links
from baska_cli.tournament.rounds import service as rounds
from baska_cli.tournament.scores.service import standings_after

ROUND_PAGES = {"seating": "seating.html", "sheets": "sheets.html"}


def printed(path: str, round_number: int, name: str) -> str:
    """The page `name` (seating, sheets, standings) of round `round_number`, as HTML."""
    if name == "standings":
        return standings_page(standings_after(path, round_number))
    if name not in ROUND_PAGES:
        raise TournamentInputError(
            _('"{name}" is not a printable page; expected one of: {names}').format(
                name=name, names=", ".join([*ROUND_PAGES, "standings"])
            )
        )
    made: dict[str, str] = {}
    linker = service_links.sheet_linker(path)  # the sheets' QR codes: the hall's address
    round_pages = linked_pages(None if linker is None else linker.url, ROUND_PAGES[name])

    def pages(t: Tournament, draw: Draw) -> dict[str, str]:
        made.update(round_pages(t, draw))
        return made

    rounds.print_round(path, pages, round_number)
    return made[ROUND_PAGES[name]]
