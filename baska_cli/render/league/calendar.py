"""A league's events for the terminal and for scripts (`league events`): date, the event as
league.toml names it, its title, players, rounds drawn of planned; an event out of reach
says why."""

from __future__ import annotations

import json
from collections.abc import Sequence

from tabulate import tabulate

from baska_cli.i18n import _
from baska_cli.league.service.calendar import EventInfo


def events_table(events: Sequence[EventInfo]) -> str:
    """The events in date order, one a line."""
    if not events:
        return _("no events yet; add one with `baska league add LIGA DIR`")
    headers = [_("date"), _("event"), _("title"), _("players"), _("rounds")]
    rows = [
        [e.date, e.path, e.problem or e.title, "" if e.problem else str(e.players),
         "" if e.problem else f"{e.rounds}/{e.planned}"]
        for e in events
    ]  # fmt: skip
    return tabulate(rows, headers=headers, disable_numparse=True)


def events_json(events: Sequence[EventInfo]) -> str:
    """One line of JSON: the events in date order."""
    return json.dumps(
        {
            "events": [
                {
                    "event": e.path,
                    "date": e.date,
                    "title": e.title,
                    "players": e.players,
                    "rounds": e.rounds,
                    "planned": e.planned,
                    "problem": e.problem or None,
                }
                for e in events
            ]
        },
        ensure_ascii=False,
    )
