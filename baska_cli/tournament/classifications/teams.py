"""The team classification: each team's best four players by place points (the sum of the
totals breaks ties), a stand-in counting for the team that named them (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from baska_cli.game.spelling import fold
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.standings import StandingLine

COUNTED = 4  # a team's best results that count (PSB: teams of 4–5, the best four)


@dataclass(frozen=True, slots=True)
class TeamLine:
    """A team's line: its place, the sums of its counted players, who counted, who played."""

    place: int
    team: str
    place_points: float | Fraction  # the counted players' place points (as the lines carry them)
    total: int  # the sum of the counted players' totals (small points)
    counted: tuple[str, ...]  # the players whose results count, best first
    players: tuple[str, ...]  # every player of the team, as in the standings
    standin: str = ""  # the team's stand-in, if it named one
    tied: bool = False  # equal on place points and total with another team


def _best(line: StandingLine) -> tuple[float | Fraction, int, int]:
    """A member's order in the team: place points, then total, then the standings' place."""
    return (-line.place_points, -line.total, line.place)


def team_standings(
    lines: Sequence[StandingLine], players: Sequence[Entrant], counted: int = COUNTED
) -> list[TeamLine]:
    """The teams ranked by the sum of their best `counted` players' place points, then the
    sum of their totals; teams equal on both share a place."""
    spelt: dict[str, str] = {}
    members: dict[str, list[StandingLine]] = {}
    standins: dict[str, str] = {}
    by_name = {ln.player: ln for ln in lines}
    for p in players:
        team = p.team or p.standin
        line = by_name.get(p.name)
        if not team or line is None:
            continue
        key = fold(team)
        spelt.setdefault(key, team)
        members.setdefault(key, []).append(line)
        if p.standin:
            standins[key] = p.name
    rows = []
    for key, team_lines in members.items():
        team_lines.sort(key=_best)
        best = team_lines[:counted]
        rows.append(
            (
                sum(ln.place_points for ln in best),
                sum(ln.total for ln in best),
                spelt[key],
                tuple(ln.player for ln in best),
                tuple(ln.player for ln in sorted(team_lines, key=lambda ln: ln.place)),
                standins.get(key, ""),
            )
        )
    rows.sort(key=lambda r: (-r[0], -r[1], r[2].casefold()))
    found = []
    first = 0  # the first of the rows equal to this one on place points and total (sorted)
    while first < len(rows):
        end = first + 1
        while end < len(rows) and rows[end][:2] == rows[first][:2]:
            end += 1
        tied = end - first > 1
        for row in rows[first:end]:
            found.append(TeamLine(first + 1, row[2], row[0], row[1], row[3], row[4], row[5], tied))
        first = end
    return found
