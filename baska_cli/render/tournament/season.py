"""A league's season for the terminal and for scripts: the classification over its events as
a text table, JSON and CSV (keys in JSON and CSV are never translated)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tabulate import tabulate

from baska_cli.i18n import _, ngettext
from baska_cli.render.text import csv_line, number, plain_number, signed
from baska_cli.tournament.season import PLACE_POINTS, EventResult, SeasonLine
from baska_cli.tournament.service.season import Season


def points(value: Fraction) -> str:
    """Season points as people read them: 25, 12,5, 4,33 in Polish (rounded; the sums are
    exact)."""
    return number(value)


def _cell(result: EventResult | None) -> str:
    if result is None:
        return "–"
    text = f"{points(result.points)} ({result.place}.)"
    return text if result.counted else f"[{text}]"


def _by_event(line: SeasonLine) -> dict[str, EventResult]:
    return {r.event: r for r in line.events}


def season_heading(done: Season) -> str:
    """`season over 3 events · season points: …`: what the classification counts."""
    title = ngettext(
        "season over {count} event", "season over {count} events", len(done.events)
    ).format(count=len(done.events))
    return f"{title} · {_how(done)}"


def _how(done: Season) -> str:
    """How the season's points are counted, in words."""
    how = (
        _("season points: each event's place points")
        if done.counted_by == PLACE_POINTS
        else _("season points: by place in each event, from the points table")
    )
    if done.best is not None:
        how += "; " + ngettext(
            "the best {count} event counts ([…]: not counted)",
            "the best {count} events count ([…]: not counted)",
            done.best,
        ).format(count=done.best)
    return how


def season_table(done: Season) -> str:
    """The classification, one column per event: its points and place there."""
    how = _how(done)
    title = ngettext(
        "season over {count} event", "season over {count} events", len(done.events)
    ).format(count=len(done.events))
    ordered = _("ordered by season points, then total; players equal on both share a place")
    headers = [_("place"), _("player"), _("club"), _("season points"), _("total"), *done.events]
    rows = []
    for ln in done.lines:
        results = _by_event(ln)
        rows.append(
            [str(ln.place), ln.player, ln.club, points(ln.points), signed(ln.total)]
            + [_cell(results.get(event)) for event in done.events]
        )
    align = ["right", "left", "left", "right", "right", *("right" for _e in done.events)]
    table = tabulate(rows, headers=headers, disable_numparse=True, colalign=align)
    return f"{title}\n{how}\n{ordered}\n\n{table}"


def _record(line: SeasonLine) -> dict[str, Any]:
    return {
        "place": line.place,
        "player": line.player,
        "id": line.id,
        "club": line.club,
        "points": float(line.points),
        "total": line.total,
        "events": [
            {
                "event": r.event,
                "place": r.place,
                "points": float(r.points),
                "total": r.total,
                "counted": r.counted,
            }
            for r in line.events
        ],
    }


def season_json(done: Season) -> str:
    """One line of JSON."""
    return json.dumps(
        {
            "events": list(done.events),
            "points": done.counted_by,
            "best": done.best,
            "ordered_by": ["points", "total"],
            "standings": [_record(ln) for ln in done.lines],
        },
        ensure_ascii=False,
    )


def season_csv(done: Season) -> str:
    """One row per player: the season's sums, then each event's points ("" where absent)."""
    out = [csv_line(["place", "player", "id", "club", "points", "total", *done.events])]
    for ln in done.lines:
        results = _by_event(ln)
        out.append(
            csv_line(
                [ln.place, ln.player, ln.id, ln.club, plain_number(ln.points), ln.total]
                + [plain_number(results[e].points) if e in results else "" for e in done.events]
            )
        )
    return "\n".join(out)


def unfinished_lines(unfinished: Sequence[tuple[str, int]]) -> list[str]:
    """A warning for each event whose standings count only the tables with a valid result."""
    return [
        ngettext(
            "warning: {event}: {count} table has no valid result; its standings count "
            "only the tables with one (see baska tournament check)",
            "warning: {event}: {count} tables have no valid result; its standings count "
            "only the tables with one (see baska tournament check)",
            count,
        ).format(event=event, count=count)
        for event, count in unfinished
    ]
