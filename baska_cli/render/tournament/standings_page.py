"""The tournament's standings as the printable page `baska tournament standings --html`
writes (and the organiser's page prints): the lines, the order, what is left out."""

from __future__ import annotations

from baska_cli.i18n import _
from baska_cli.render.tournament.classifications import labels
from baska_cli.render.tournament.printed import standings_html
from baska_cli.render.tournament.terminal import left_out, standings_rows
from baska_cli.tournament.plan import tie_break_text
from baska_cli.tournament.scores.service import Standings


def ordered(found: Standings) -> str:
    """The sentence under the title: the tie-breaks, and that equal players share a place."""
    return _("ordered by {order}; players equal on all of them share a place").format(
        order=tie_break_text(found.plan.tie_breaks)
    )


def standings_page(found: Standings) -> str:
    """The individual standings (of all players or of one category) as a printable page."""
    named = labels(found.players)
    notes = left_out(found.problems, found.stale_lots, found.up_to)
    headers, rows = standings_rows(found.lines, found.up_to > 1, named)
    return standings_html(
        found.name, found.up_to, found.plan.rounds, ordered(found), headers, rows,
        found.lines, notes,
    )  # fmt: skip
