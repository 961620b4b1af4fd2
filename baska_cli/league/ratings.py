"""The league's rating list (apart from the official classification): OpenSkill's
Plackett–Luce model over every table of every round, each a game of four players ranked
by the table's places (its small points; equal totals share a place), the events in date
order, rounds and tables in order — the same folders give the same numbers. A player's
rating is the conservative μ − 3σ. The `openskill` package is imported only here, when
ratings are asked for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from baska_cli.tournament.standings import PLAYED, StandingLine

if TYPE_CHECKING:  # (the types only: the package is imported when ratings are asked for)
    from openskill.models import PlackettLuceRating


@dataclass(frozen=True, slots=True)
class Game:
    """One table of one round: its players' ids in seat order and their places there."""

    event: str
    round: int
    table: int
    ids: tuple[str, ...]
    places: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating after some games."""

    id: str
    mu: float
    sigma: float
    rounds: int

    @property
    def rating(self) -> float:
        """The conservative rating, μ − 3σ."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class Ratings:
    """The rating list, best first, and each player's rating after each event they played
    (event, rating), in date order."""

    lines: tuple[Rating, ...]
    history: dict[str, tuple[tuple[str, Rating], ...]]


def games(event: str, lines: Sequence[StandingLine], ids: Sequence[str]) -> list[Game]:
    """An event's tables played (no walk-out, no sit-out), in round and table order, from
    its standings' lines (each player's place at each table)."""
    tables: dict[tuple[int, int], list[tuple[str, int]]] = {}
    for line, ident in zip(lines, ids, strict=True):
        for t in line.rounds:
            if t.result == PLAYED and t.table > 0:
                tables.setdefault((t.round, t.table), []).append((ident, t.place))
    found = []
    for (number, table), seats in sorted(tables.items()):
        if len(seats) < 2:
            continue
        found.append(
            Game(event, number, table, tuple(s[0] for s in seats), tuple(s[1] for s in seats))
        )
    return found


def rate(played: Sequence[Game]) -> Ratings:
    """The ratings after every game in the order given."""
    from openskill.models import PlackettLuce  # only the rating list needs it

    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    rounds: dict[str, int] = {}
    history: dict[str, list[tuple[str, Rating]]] = {}
    for i, game in enumerate(played):
        teams = [[ratings.get(ident) or model.rating(name=ident)] for ident in game.ids]
        rated = model.rate(teams, ranks=list(game.places))
        for ident, [after] in zip(game.ids, rated, strict=True):
            ratings[ident] = after
            rounds[ident] = rounds.get(ident, 0) + 1
        last = i + 1 == len(played) or played[i + 1].event != game.event
        if last:
            for ident in _event_players(played, game.event, i):
                history.setdefault(ident, []).append((game.event, _line(ident, ratings, rounds)))
    lines = sorted(
        (_line(ident, ratings, rounds) for ident in ratings),
        key=lambda r: (-r.rating, -r.rounds, r.id),
    )
    return Ratings(tuple(lines), {k: tuple(v) for k, v in history.items()})


def _event_players(played: Sequence[Game], event: str, last: int) -> list[str]:
    """The players of the event whose last game is `played[last]`, each once."""
    found: dict[str, None] = {}
    i = last
    while i >= 0 and played[i].event == event:
        for ident in played[i].ids:
            found[ident] = None
        i -= 1
    return list(found)


def _line(ident: str, ratings: dict[str, PlackettLuceRating], rounds: dict[str, int]) -> Rating:
    rated = ratings[ident]
    return Rating(ident, float(rated.mu), float(rated.sigma), rounds[ident])
