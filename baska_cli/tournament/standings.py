"""Tournament standings: place points per table, ordered tie-breaks, movement by round (pure).

At each table the players are placed by their totals; place points come from the rule
system (`session.place_points`, and `session.positive_bonus` for a positive total), equal
totals share the average of the places they cover. A player's tournament line adds up place
points, totals and tables won (first place at a table, shared or not). The standings are
ordered by the tie-breaks in order (by default place points, the sum of totals, tables won,
then a recorded drawing of lots); players equal on all of them share a place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from baska_cli.evening.totals import place_points, places
from baska_cli.game.rules import RuleSet
from baska_cli.tournament.plan import LOTS, PLACE_POINTS, TABLES_WON, TOTAL
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.results import TableResult


@dataclass(frozen=True, slots=True)
class TablePlace:
    """How a player did at one table."""

    round: int
    table: int
    place: int
    place_points: float
    total: int


@dataclass(frozen=True, slots=True)
class StandingLine:
    """A player's line in the standings."""

    place: int
    player: str
    club: str
    place_points: float
    total: int
    tables_won: int
    rounds: tuple[TablePlace, ...]
    lot: int | None = None  # the recorded lot, when it decided the place
    tied: bool = False  # equal on every tie-break with another player (lots not yet drawn)
    withdrawn: int | None = None  # the first round the player no longer played
    movement: int | None = None  # places gained since the previous round (None: new)
    sat_out: tuple[int, ...] = ()  # the rounds the player sat out (no points)


def table_places(
    result: TableResult, rules: RuleSet, known: dict[object, list[float]] | None = None
) -> list[TablePlace]:
    """Each seat's place and place points at a table (ties share the average); `known`
    keeps the place points found for each order of places and positive totals."""
    ranks = places(result.totals)
    key = (*ranks, *(t > 0 for t in result.totals))
    points = None if known is None else known.get(key)
    if points is None:
        points = place_points(result.totals, rules.place_points, rules.positive_bonus) or [
            0.0 for _ in result.totals
        ]
        if known is not None:
            known[key] = points
    return [
        TablePlace(result.round, result.table, rank, float(pp), total)
        for rank, pp, total in zip(ranks, points, result.totals, strict=True)
    ]


class _Sums(NamedTuple):
    """A player's line in the standings before it is placed."""

    player: str
    club: str
    place_points: float
    total: int
    tables_won: int
    rounds: tuple[TablePlace, ...]


def _key(row: _Sums, order: Sequence[str]) -> tuple[float, ...]:
    """The sort key of a player's sums: larger is better for every tie-break but the lot."""
    values = {PLACE_POINTS: -row.place_points, TOTAL: -row.total, TABLES_WON: -row.tables_won}
    return tuple(values[k] for k in order if k != LOTS)


def standings(
    players: Sequence[Entrant],
    results: Sequence[TableResult],
    rules: RuleSet,
    order: Sequence[str],
    lots: Mapping[int, Mapping[str, int]],
    up_to: int,
    with_movement: bool = True,
    sat_out: Mapping[str, Sequence[int]] | None = None,
) -> list[StandingLine]:
    """The standings after round `up_to`: every player who had entered by then (a withdrawn
    player keeps what they earned), best first; `lots` gives each player's recorded lot for
    the ties of the standings after each round (a lower lot places higher)."""
    counted = [r for r in results if not r.status]
    known: dict[object, list[float]] = {}  # (place points depend on places and signs alone)
    at_tables = [(r, table_places(r, rules, known)) for r in counted if r.round <= up_to]
    return _ranked(players, at_tables, order, lots, up_to, with_movement, sat_out)


def _ranked(
    players: Sequence[Entrant],
    at_tables: Sequence[tuple[TableResult, list[TablePlace]]],
    order: Sequence[str],
    lots: Mapping[int, Mapping[str, int]],
    up_to: int,
    with_movement: bool,
    sat_out: Mapping[str, Sequence[int]] | None,
) -> list[StandingLine]:
    """The standings after round `up_to` from each table's places (see `standings`)."""
    drawn = lots.get(up_to, {})
    earned: dict[str, list[TablePlace]] = {p.name: [] for p in players if p.entered <= up_to}
    for result, places_at_table in at_tables:
        if result.round > up_to:
            continue
        for name, place in zip(result.players, places_at_table, strict=True):
            earned.setdefault(name, []).append(place)
    by_name = {p.name: p for p in players}
    rows: list[tuple[tuple[float, ...], str, _Sums, Entrant | None]] = []
    for name, done in earned.items():
        done.sort(key=lambda t: t.round)
        player = by_name.get(name)
        row = _Sums(
            name,
            player.club if player else "",
            sum(t.place_points for t in done),
            sum(t.total for t in done),
            sum(1 for t in done if t.place == 1),
            tuple(done),
        )
        rows.append((_key(row, order), name.casefold(), row, player))
    rows.sort(key=_first_two)
    use_lots = LOTS in order
    placing: list[tuple[int, int | None, bool]] = []  # place, lot, tied: in the rows' order
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and rows[j][0] == rows[i][0]:
            j += 1
        group = rows[i:j]
        if len(group) > 1 and use_lots and all(r[2].player in drawn for r in group):
            group.sort(key=lambda r: drawn[r[2].player])
            rows[i:j] = group
            placing += [(i + 1 + k, drawn[r[2].player], False) for k, r in enumerate(group)]
        else:
            placing += [(i + 1, None, len(group) > 1)] * len(group)
        i = j
    before: dict[str, int] = {}
    if with_movement and up_to > 1:
        before = {
            ln.player: ln.place
            for ln in _ranked(players, at_tables, order, lots, up_to - 1, False, None)
        }
    lines = []
    for (_k, _folded, row, player), (at, lot, tied) in zip(rows, placing, strict=True):
        name = row.player
        moved = None
        if with_movement and up_to > 1 and name in before:
            moved = before[name] - at
        lines.append(
            StandingLine(
                at,
                row.player,
                row.club,
                row.place_points,
                row.total,
                row.tables_won,
                row.rounds,
                lot=lot,
                tied=tied,
                withdrawn=player.withdrawn if player else None,
                movement=moved,
                sat_out=tuple(r for r in (sat_out or {}).get(name, ()) if r <= up_to),
            )
        )
    return lines


def _first_two(row: tuple[tuple[float, ...], str, _Sums, Entrant | None]) -> tuple[object, str]:
    """A row's sort key and folded name (the order of the standings)."""
    return row[0], row[1]


def tied_groups(lines: Sequence[StandingLine]) -> list[list[str]]:
    """The groups of players that share a place and need a drawing of lots."""
    groups: dict[int, list[str]] = {}
    for ln in lines:
        if ln.tied:
            groups.setdefault(ln.place, []).append(ln.player)
    return [groups[k] for k in sorted(groups)]
