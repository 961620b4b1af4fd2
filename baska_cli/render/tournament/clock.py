"""The round's clock and the announcement in words: what `tournament start` and
`tournament announce` say, and the organiser's page shows, after each."""

from __future__ import annotations

from typing import TYPE_CHECKING

from baska_cli.i18n import _, ngettext
from baska_cli.tournament.clock.timing import wall_time

if TYPE_CHECKING:
    from baska_cli.tournament.clock.service import Started


def clock_started(started: Started) -> str:
    """A round's clock started (or started again): when, and when its time is up."""
    minutes = ngettext("{count} minute", "{count} minutes", started.minutes).format(
        count=started.minutes
    )
    where = {
        "round": started.clock.round,
        "started": wall_time(started.clock.started),
        "ends": wall_time(started.ends),
        "minutes": minutes,
    }
    if started.restarted:
        return _("round {round}'s clock started again at {started}: {minutes}, "
                 "time is up at {ends}").format(**where)  # fmt: skip
    return _("round {round}'s clock started at {started}: {minutes}, time is up at {ends}").format(
        **where
    )


def announced(text: str) -> str:
    """The announcement shown on every screen (its text: one printable line, checked)."""
    return _("announced on every screen until cleared: {text}").format(text=text)


def cleared(there_was: bool) -> str:
    """The announcement taken down, or there was none."""
    return _("the announcement was taken down") if there_was else _("there was no announcement")
