"""The standings as the projector shows them: each player's line (the full name where the
roster has one, namesakes told apart) with the movement since the round before, the teams
and categories where the tournament has them, how many tables of the round shown are in and
whether the round is over — as JSON-ready dicts, made from the standings' lines (no ranking
rule of its own; pure)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from baska_cli.tournament.classifications.categories import categories, in_category
from baska_cli.tournament.classifications.teams import TeamLine, team_standings
from baska_cli.tournament.players import Entrant, apart_names
from baska_cli.tournament.standings import StandingLine


def tables_in(lines: Sequence[StandingLine], round_number: int) -> int:
    """How many tables of a round count in these standings (played, from a sheet, or with a
    walk-out's fixed results; a sit-out is at no table)."""
    return len({t.table for ln in lines for t in ln.rounds if t.round == round_number and t.table})


def _points(value: float | Fraction) -> dict[str, Any]:
    """Place points as a number and exactly (4/3 is 1.333… and "4/3")."""
    return {"place_points": float(value), "place_points_exact": str(value)}


def player_line(
    line: StandingLine, player: Entrant | None, round_number: int, name: str = ""
) -> dict[str, Any]:
    """A player's line on the board (`name`: as people read it, namesakes told apart;
    default: the full name); `new` marks a player who was in no standings before this round
    (there is no movement in round 1)."""
    return {
        "place": line.place,
        "player": line.player,
        "name": name or (player.display if player else line.player),
        "club": line.club,
        "id": player.id if player else "",
        **_points(line.place_points),
        "total": line.total,
        "tables_won": line.tables_won,
        "movement": line.movement,
        "new": line.movement is None and round_number > 1,
        "tied": line.tied,
        "lot": line.lot,
        "withdrawn": line.withdrawn,
        "team": (player.team or player.standin) if player else "",
        "category": player.category if player else "",
    }


def team_line(team: TeamLine, names: dict[str, str]) -> dict[str, Any]:
    """A team's line on the board: its counted players by the names people read."""
    return {
        "place": team.place,
        "team": team.team,
        **_points(team.place_points),
        "total": team.total,
        "counted": [names.get(n, n) for n in team.counted],
        "players": [names.get(n, n) for n in team.players],
        "standin": names.get(team.standin, team.standin),
        "tied": team.tied,
    }


def board(
    lines: Sequence[StandingLine],
    players: Sequence[Entrant],
    *,
    name: str,
    round_number: int,
    rounds: int,
    tables: int,
    tie_breaks: Sequence[str],
    closed: bool = False,
) -> dict[str, Any]:
    """The board after round `round_number` (of `rounds`; `tables` at that round): the
    standings, the teams (when any player has one) and each category's standings (when
    any player has one), in the order the standings place them; `over`: every table of
    the round is in, or the organiser `closed` it (else the round is being played). Nothing
    in it is in a language: one board serves every reader (why a table is not in yet is
    the organiser's page's business)."""
    by_name = {p.name: p for p in players}
    names = apart_names(players)

    def line_of(ln: StandingLine) -> dict[str, Any]:
        return player_line(ln, by_name.get(ln.player), round_number, names.get(ln.player, ""))

    has_teams = any(p.team or p.standin for p in players)
    counted = tables_in(lines, round_number)
    return {
        "tournament": name,
        "round": round_number,
        "rounds": rounds,
        "tables": tables,
        "tables_in": counted,
        "over": closed or (round_number > 0 and counted >= tables),
        "tie_breaks": list(tie_breaks),
        "standings": [line_of(ln) for ln in lines],
        "teams": [team_line(t, names) for t in team_standings(lines, players)] if has_teams else [],
        "categories": [
            {
                "category": category,
                "standings": [line_of(ln) for ln in in_category(lines, players, category)],
            }
            for category in categories(players)
        ],
    }
