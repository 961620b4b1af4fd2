"""Tournament standings: place points per table, ordered tie-breaks, movement by round (pure).

At each table the players are placed by their totals; place points come from the rule
system (`session.place_points`, and `session.positive_bonus` for a positive total), equal
totals share the average of the places they cover. Place points are exact fractions (three
players sharing places 2–4 get 4/3 each), added and compared exactly as whole numbers of
their common denominator, never as binary floats. A walk-out, the player who walked out
and a sit-out get the rule system's fixed results instead (`fixed`, made by the service:
no place, no table won). A player's
tournament line adds up place points, totals and tables won (first place at a table, shared
or not). The standings are ordered by the tie-breaks in order (by default place points, the
sum of totals, tables won, then a recorded drawing of lots); players equal on all of them
share a place. A tie's recorded lots place it only while they are one drawing's lots 1 to n
of exactly its n players; lots a later correction made stale are dropped (`stale_lots`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from baska_cli.evening.totals import exact, exact_place_points, places
from baska_cli.game.rules import RuleSet
from baska_cli.tournament.plan import LOTS, PLACE_POINTS, TABLES_WON, TOTAL
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.results import TableResult

PLAYED, WALKOUT, WALKED_OUT, SAT_OUT = "played", "walkout", "walked_out", "sat_out"
"""How a round's result came: played at a table, a walk-out at the table (the player
stayed), the player walked out, or the draw left the player without a full table."""


@dataclass(frozen=True, slots=True)
class TablePlace:
    """How a player did at one table."""

    round: int
    table: int  # 0 for a sit-out
    place: int  # 0 for a fixed result (a walk-out, a sit-out)
    place_points: Fraction
    total: int
    result: str = PLAYED  # PLAYED, WALKOUT, WALKED_OUT or SAT_OUT


@dataclass(frozen=True, slots=True)
class StandingLine:
    """A player's line in the standings."""

    place: int
    player: str
    club: str
    place_points: Fraction
    total: int
    tables_won: int
    rounds: tuple[TablePlace, ...]
    lot: int | None = None  # the recorded lot, when it decided the place
    tied: bool = False  # equal on every tie-break with another player (lots not yet drawn)
    withdrawn: int | None = None  # the first round the player no longer played
    movement: int | None = None  # places gained since the previous round (None: new)
    sat_out: tuple[int, ...] = ()  # the rounds the player sat out (no points)


def table_places(
    result: TableResult, rules: RuleSet, known: dict[object, list[Fraction]] | None = None
) -> list[TablePlace]:
    """Each seat's place and exact place points at a table (ties share the average);
    `known` keeps the place points found for each order of places and positive totals."""
    ranks = places(result.totals)
    key = (*ranks, *(t > 0 for t in result.totals))
    points = None if known is None else known.get(key)
    if points is None:
        points = exact_place_points(result.totals, rules.place_points, rules.positive_bonus) or [
            Fraction(0) for _ in result.totals
        ]
        if known is not None:
            known[key] = points
    return [
        TablePlace(result.round, result.table, rank, pp, total)
        for rank, pp, total in zip(ranks, points, result.totals, strict=True)
    ]


def fixed_place(
    round_number: int, table: int, result: str, points: tuple[float, int]
) -> TablePlace:
    """A fixed result (a walk-out, the player who walked out, a sit-out): the rule
    system's place points and small points, no place."""
    return TablePlace(round_number, table, 0, exact(points[0]), points[1], result)


class _Sums(NamedTuple):
    """A player's line in the standings before it is placed (place points in units)."""

    player: str
    club: str
    units: int  # place points × the common denominator of the standings (exact)
    total: int
    tables_won: int
    rounds: tuple[TablePlace, ...]


def _key(row: _Sums, order: Sequence[str]) -> tuple[int, ...]:
    """The sort key of a player's sums: larger is better for every tie-break but the lot."""
    values = {PLACE_POINTS: -row.units, TOTAL: -row.total, TABLES_WON: -row.tables_won}
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
    fixed: Sequence[tuple[str, TablePlace]] = (),
) -> list[StandingLine]:
    """The standings after round `up_to`: every player who had entered by then (a withdrawn
    player keeps what they earned), best first; `lots` gives each player's recorded lot for
    the ties of the standings after each round (a lower lot places higher); `fixed` adds
    each walk-out's and sit-out's result (player, place)."""
    counted = [r for r in results if not r.status and r.round <= up_to]
    known: dict[object, list[Fraction]] = {}  # (place points depend on places and signs alone)
    earned = [
        (name, place)
        for r in counted
        for name, place in zip(r.players, table_places(r, rules, known), strict=True)
    ]
    earned += [(name, place) for name, place in fixed if place.round <= up_to]
    return _ranked(players, earned, order, lots, up_to, with_movement, sat_out)


def _ranked(
    players: Sequence[Entrant],
    at_tables: Sequence[tuple[str, TablePlace]],
    order: Sequence[str],
    lots: Mapping[int, Mapping[str, int]],
    up_to: int,
    with_movement: bool,
    sat_out: Mapping[str, Sequence[int]] | None,
) -> list[StandingLine]:
    """The standings after round `up_to` from each table's places (see `standings`)."""
    drawn = lots.get(up_to, {})
    earned: dict[str, list[TablePlace]] = {p.name: [] for p in players if p.entered <= up_to}
    for name, place in at_tables:
        if place.round <= up_to:
            earned.setdefault(name, []).append(place)
    by_name = {p.name: p for p in players}
    # every place point as a whole number of 1/scale (scale: the denominators' least common
    # multiple), so that sums and comparisons are exact integer arithmetic
    scale = math.lcm(*{t.place_points.denominator for done in earned.values() for t in done})
    rows: list[tuple[tuple[int, ...], str, _Sums, Entrant | None]] = []
    for name, done in earned.items():
        done.sort(key=lambda t: t.round)
        player = by_name.get(name)
        row = _Sums(
            name,
            player.club if player else "",
            sum(t.place_points.numerator * (scale // t.place_points.denominator) for t in done),
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
        if len(group) > 1 and use_lots and _one_drawing(group, drawn):
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
                Fraction(row.units, scale),
                row.total,
                row.tables_won,
                row.rounds,
                lot=lot,
                tied=tied,
                withdrawn=_withdrawn_by(player, up_to),
                movement=moved,
                sat_out=tuple(r for r in (sat_out or {}).get(name, ()) if r <= up_to),
            )
        )
    return lines


def _withdrawn_by(player: Entrant | None, up_to: int) -> int | None:
    """The round a player withdrew before, as the standings after round `up_to` know it: a
    withdrawal made after that round (before the next is drawn) is, one from a round after
    the next is not theirs yet (None: the standings after round 1 show no withdrawal from
    round 3)."""
    if player is None or player.withdrawn is None or player.withdrawn > up_to + 1:
        return None
    return player.withdrawn


def _one_drawing(
    group: Sequence[tuple[object, str, _Sums, object]], drawn: Mapping[str, int]
) -> bool:
    """Whether a tie's players all have recorded lots, and those are 1 to n (a drawing of
    exactly these n players, not lots left from ties a correction changed)."""
    names = [r[2].player for r in group]
    return all(n in drawn for n in names) and sorted(drawn[n] for n in names) == list(
        range(1, len(names) + 1)
    )


def stale_lots(
    lines: Sequence[StandingLine], lots: Mapping[int, Mapping[str, int]], up_to: int
) -> list[str]:
    """The players whose recorded lot for the standings after round `up_to` places nobody:
    a later correction dissolved or changed their tie (the lots are dropped)."""
    drawn = lots.get(up_to, {})
    return sorted(ln.player for ln in lines if ln.player in drawn and ln.lot is None)


def _first_two(
    row: tuple[tuple[int, ...], str, _Sums, Entrant | None],
) -> tuple[object, str]:
    """A row's sort key and folded name (the order of the standings)."""
    return row[0], row[1]


def tied_groups(lines: Sequence[StandingLine]) -> list[list[str]]:
    """The groups of players that share a place and need a drawing of lots."""
    groups: dict[int, list[str]] = {}
    for ln in lines:
        if ln.tied:
            groups.setdefault(ln.place, []).append(ln.player)
    return [groups[k] for k in sorted(groups)]
