"""A tournament's tie-breaks: how equal place points are ordered, and their names in words
(the settings themselves, and the Plan that holds them: settings.py)."""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.i18n import N_, _

PLACE_POINTS, TOTAL, TABLES_WON, LOTS = "place_points", "total", "tables_won", "lots"
TIE_BREAKS = (PLACE_POINTS, TOTAL, TABLES_WON, LOTS)
TIE_BREAK_NAMES = {
    PLACE_POINTS: N_("place points"),
    TOTAL: N_("the sum of the totals"),
    TABLES_WON: N_("tables won"),
    LOTS: N_("a drawing of lots"),
}


def tie_break_text(order: Sequence[str]) -> str:
    """How the standings are ordered, in words."""
    return ", ".join(_(TIE_BREAK_NAMES[key]) for key in order)
