"""What a front end asks of the standings beyond the individual list: the team
classification and one category's standings (views over the standings' lines)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from baska_cli.tournament.classifications.categories import categories, category_named, in_category
from baska_cli.tournament.classifications.teams import TeamLine, team_standings
from baska_cli.tournament.scores.service import Standings, standings_after


@dataclass(frozen=True, slots=True)
class Teams:
    """The team classification after a round, and the standings it is made of."""

    teams: tuple[TeamLine, ...]
    standings: Standings


def teams_after(path: str, round_number: int | None = None) -> Teams:
    """The teams after a round (default: the last drawn)."""
    found = standings_after(path, round_number)
    return Teams(tuple(team_standings(found.lines, found.players)), found)


def category_of(found: Standings, category: str) -> Standings:
    """The standings restricted to one category (typed any case), placed from 1."""
    named = category_named(found.players, category)
    return replace(found, lines=tuple(in_category(found.lines, found.players, named)))


def category_after(path: str, category: str, round_number: int | None = None) -> Standings:
    """One category's standings after a round (default: the last drawn)."""
    return category_of(standings_after(path, round_number), category)


def every_category(found: Standings) -> list[tuple[str, Standings]]:
    """Each category's standings, in the order the players file names them."""
    return [(c, category_of(found, c)) for c in categories(found.players)]
