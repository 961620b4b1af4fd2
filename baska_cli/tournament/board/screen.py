"""The standings as the projector shows them: each player's line (the full name where the
roster has one, namesakes told apart) with the movement since the round before, the teams
and categories where the tournament has them, how many tables of the round shown are in and
whether the round is over — as facts made from the standings' lines (no ranking rule of its
own; pure; its JSON: render/tournament/board.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from baska_cli.tournament.classifications.categories import categories, in_category
from baska_cli.tournament.classifications.teams import TeamLine, team_standings
from baska_cli.tournament.players import Entrant, apart_names
from baska_cli.tournament.standings import StandingLine


def tables_in(lines: Sequence[StandingLine], round_number: int) -> int:
    """How many tables of a round count in these standings (played, from a sheet, or with a
    walk-out's fixed results; a sit-out is at no table)."""
    return len({t.table for ln in lines for t in ln.rounds if t.round == round_number and t.table})


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A player's line on the board: their line of the standings, the name people read
    (namesakes told apart), their id, their team (or the team they stand in for) and
    category, and whether they are new: in no standings before this round (there is no
    movement in round 1)."""

    line: StandingLine
    name: str
    id: str
    team: str
    category: str
    new: bool


@dataclass(frozen=True, slots=True)
class BoardTeam:
    """A team's line on the board: its line of the team classification, with its counted
    players, its players and its stand-in by the names people read."""

    line: TeamLine
    counted: tuple[str, ...]
    players: tuple[str, ...]
    standin: str


@dataclass(frozen=True, slots=True)
class BoardCategory:
    """A category's standings on the board, in the order the standings place them."""

    category: str
    lines: tuple[BoardLine, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """The board after a round (`round`, of `rounds`; 0 before any draw): its `tables` and
    how many are in, whether the round is `over`, the tie-breaks, the standings, the teams
    (when any player has one) and each category's standings (when any player has one).
    Nothing in it is in a language: one board serves every reader."""

    tournament: str
    round: int
    rounds: int
    tables: int
    tables_in: int
    over: bool
    tie_breaks: tuple[str, ...]
    lines: tuple[BoardLine, ...]
    teams: tuple[BoardTeam, ...]
    categories: tuple[BoardCategory, ...]


def board_line(
    line: StandingLine, player: Entrant | None, round_number: int, name: str = ""
) -> BoardLine:
    """A player's line on the board (`name`: as people read it, namesakes told apart;
    default: the full name)."""
    return BoardLine(
        line,
        name or (player.display if player else line.player),
        player.id if player else "",
        (player.team or player.standin) if player else "",
        player.category if player else "",
        line.movement is None and round_number > 1,
    )


def board_team(team: TeamLine, names: Mapping[str, str]) -> BoardTeam:
    """A team's line on the board: its players by the names people read."""
    return BoardTeam(
        team,
        tuple(names.get(n, n) for n in team.counted),
        tuple(names.get(n, n) for n in team.players),
        names.get(team.standin, team.standin),
    )


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
) -> Board:
    """The board after round `round_number` (of `rounds`; `tables` at that round), in the
    order the standings place its lines; `over`: every table of the round is in, or the
    organiser `closed` it (else the round is being played; why a table is not in yet is the
    organiser's page's business)."""
    by_name = {p.name: p for p in players}
    names = apart_names(players)

    def line_of(ln: StandingLine) -> BoardLine:
        return board_line(ln, by_name.get(ln.player), round_number, names.get(ln.player, ""))

    has_teams = any(p.team or p.standin for p in players)
    counted = tables_in(lines, round_number)
    return Board(
        name,
        round_number,
        rounds,
        tables,
        counted,
        closed or (round_number > 0 and counted >= tables),
        tuple(tie_breaks),
        tuple(line_of(ln) for ln in lines),
        tuple(board_team(t, names) for t in team_standings(lines, players)) if has_teams else (),
        tuple(
            BoardCategory(
                category, tuple(line_of(ln) for ln in in_category(lines, players, category))
            )
            for category in categories(players)
        ),
    )
