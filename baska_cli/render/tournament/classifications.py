"""The team classification and the players' details (full name, id, team, category) for the
terminal and for scripts: text, JSON and CSV (keys in JSON and CSV are never translated)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from baska_cli.i18n import _
from baska_cli.render.text import csv_line, exact_number, signed
from baska_cli.render.tournament.terminal import points
from baska_cli.tournament.classifications.teams import TeamLine
from baska_cli.tournament.details import has_details
from baska_cli.tournament.players import Entrant

TEAMS_CSV_HEADER = (
    "place", "team", "place_points", "total", "counted", "players", "standin",
    "place_points_exact",
)  # fmt: skip
DETAILS_CSV_HEADER = ("id", "full_name", "team", "category")


def labels(players: Sequence[Entrant]) -> dict[str, str]:
    """Each player's name as people read it: `Jan Kowalski (Jan.K.101)`, or the name the
    tables use when there is no other."""
    return {p.name: f"{p.full_name} ({p.name})" for p in players if p.full_name}


def details(players: Sequence[Entrant]) -> dict[str, dict[str, Any]]:
    """What the standings' JSON adds to each player's line: the id (null when none), and
    the full name, team, category and stand-in where there are; nothing for a tournament
    whose players file had names alone (its JSON stays as it was)."""
    found: dict[str, dict[str, Any]] = {}
    if not has_details(players):
        return found
    for p in players:
        record: dict[str, Any] = {"id": p.id or None}
        for key, value in (
            ("full_name", p.full_name), ("team", p.team), ("category", p.category),
            ("standin", p.standin),
        ):  # fmt: skip
            if value:
                record[key] = value
        found[p.name] = record
    return found


def details_cells(players: Sequence[Entrant]) -> dict[str, list[str]]:
    """Each player's cells under DETAILS_CSV_HEADER."""
    return {p.name: [p.id, p.full_name, p.team or p.standin, p.category] for p in players}


def team_record(team: TeamLine) -> dict[str, Any]:
    """A team's line as the JSON contract gives it."""
    return {
        "place": team.place,
        "team": team.team,
        "place_points": float(team.place_points),
        "total": team.total,
        "counted": list(team.counted),
        "players": list(team.players),
        "standin": team.standin or None,
        "tied": team.tied,
    }


def teams_json(teams: Sequence[TeamLine], round_number: int) -> str:
    """One line of JSON."""
    return json.dumps(
        {"round": round_number, "teams": [team_record(t) for t in teams]}, ensure_ascii=False
    )


def teams_csv(teams: Sequence[TeamLine]) -> str:
    """One row per team, for scripts (place points as the standings' CSV gives them); the
    players joined with `;`."""
    out = [csv_line(TEAMS_CSV_HEADER)]
    for t in teams:
        cells = [t.place, t.team, exact_number(t.place_points), t.total, ";".join(t.counted)]
        out.append(csv_line([*cells, ";".join(t.players), t.standin, str(t.place_points)]))
    return "\n".join(out)


def teams_rows(
    teams: Sequence[TeamLine], named: dict[str, str]
) -> tuple[list[str], list[list[str]]]:
    """Headers and cells of the team classification (shared with the HTML page): the
    players who did not count in brackets, the stand-in marked."""
    headers = [_("place"), _("team"), _("place points"), _("total"), _("players")]
    rows = []
    for t in teams:
        who = []
        for name in t.players:
            shown = named.get(name, name)
            if name == t.standin:
                shown = _("{name} (stand-in)").format(name=shown)
            who.append(shown if name in t.counted else f"[{shown}]")
        rows.append(
            [str(t.place), t.team, points(float(t.place_points)), signed(t.total), ", ".join(who)]
        )
    return headers, rows


def teams_table(
    teams: Sequence[TeamLine], named: dict[str, str], round_number: int, rounds: int
) -> str:
    """The team classification after a round, with how it is counted."""
    headers, rows = teams_rows(teams, named)
    title = _("teams after round {round} of {rounds}").format(round=round_number, rounds=rounds)
    how = teams_note()
    align = ["right", "left", "right", "right", "left"]
    table = tabulate(rows, headers=headers, disable_numparse=True, colalign=align)
    return f"{title}\n{how}\n\n{table}"


def teams_note() -> str:
    """How the team classification is counted, in words."""
    return _(
        "each team's best 4 players by place points count (then the sum of the totals); "
        "players in [brackets] did not count; teams equal on both share a place"
    )
