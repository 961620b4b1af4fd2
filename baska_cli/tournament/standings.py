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
from dataclasses import dataclass, replace

from baska_cli.rules import RuleSet
from baska_cli.session import place_points, places
from baska_cli.tournament.plan import LOTS, PLACE_POINTS, TABLES_WON, TOTAL
from baska_cli.tournament.players import Player
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
class Line:
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


def table_places(result: TableResult, rules: RuleSet) -> list[TablePlace]:
    """Each seat's place and place points at a table (ties share the average)."""
    ranks = places(result.totals)
    points = place_points(result.totals, rules.place_points, rules.positive_bonus) or [
        0.0 for _ in result.totals
    ]
    return [
        TablePlace(result.round, result.table, rank, float(pp), total)
        for rank, pp, total in zip(ranks, points, result.totals, strict=True)
    ]


def _key(line: Line, order: Sequence[str]) -> tuple[float, ...]:
    """The sort key of a line: larger is better for every tie-break but the lot."""
    values = {
        PLACE_POINTS: -line.place_points,
        TOTAL: -line.total,
        TABLES_WON: -line.tables_won,
    }
    return tuple(values[k] for k in order if k != LOTS)


def standings(
    players: Sequence[Player],
    results: Sequence[TableResult],
    rules: RuleSet,
    order: Sequence[str],
    lots: Mapping[int, Mapping[str, int]],
    up_to: int,
    with_movement: bool = True,
    sat_out: Mapping[str, Sequence[int]] | None = None,
) -> list[Line]:
    """The standings after round `up_to`: every player who had entered by then (a withdrawn
    player keeps what they earned), best first; `lots` gives each player's recorded lot for
    the ties of the standings after each round (a lower lot places higher)."""
    counted = [r for r in results if not r.status]
    at_tables = [(r, table_places(r, rules)) for r in counted if r.round <= up_to]
    return _ranked(players, at_tables, order, lots, up_to, with_movement, sat_out)


def _ranked(
    players: Sequence[Player],
    at_tables: Sequence[tuple[TableResult, list[TablePlace]]],
    order: Sequence[str],
    lots: Mapping[int, Mapping[str, int]],
    up_to: int,
    with_movement: bool,
    sat_out: Mapping[str, Sequence[int]] | None,
) -> list[Line]:
    """The standings after round `up_to` from each table's places (see `standings`)."""
    drawn = lots.get(up_to, {})
    earned: dict[str, list[TablePlace]] = {p.name: [] for p in players if p.entered <= up_to}
    for result, places_at_table in at_tables:
        if result.round > up_to:
            continue
        for name, place in zip(result.players, places_at_table, strict=True):
            earned.setdefault(name, []).append(place)
    by_name = {p.name: p for p in players}
    lines = []
    for name, done in earned.items():
        done.sort(key=lambda t: t.round)
        player = by_name.get(name)
        lines.append(
            Line(
                0,
                name,
                player.club if player else "",
                sum(t.place_points for t in done),
                sum(t.total for t in done),
                sum(1 for t in done if t.place == 1),
                tuple(done),
                withdrawn=player.withdrawn if player else None,
                sat_out=tuple(r for r in (sat_out or {}).get(name, ()) if r <= up_to),
            )
        )
    use_lots = LOTS in order
    keyed = sorted(((_key(ln, order), ln.player.casefold(), ln) for ln in lines), key=_first_two)
    keys = [k for k, _name, _ln in keyed]
    lines = [ln for _k, _name, ln in keyed]
    placed: list[Line] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and keys[j] == keys[i]:
            j += 1
        group = lines[i:j]
        if len(group) > 1 and use_lots and all(ln.player in drawn for ln in group):
            group.sort(key=lambda ln: drawn[ln.player])
            placed += [
                _with(ln, place=i + 1 + k, lot=drawn[ln.player]) for k, ln in enumerate(group)
            ]
        else:
            placed += [_with(ln, place=i + 1, tied=len(group) > 1) for ln in group]
        i = j
    if with_movement and up_to > 1:
        before = {
            ln.player: ln.place
            for ln in _ranked(players, at_tables, order, lots, up_to - 1, False, None)
        }
        placed = [
            _with(ln, movement=before[ln.player] - ln.place if ln.player in before else None)
            for ln in placed
        ]
    return placed


def _first_two(keyed: tuple[tuple[float, ...], str, Line]) -> tuple[tuple[float, ...], str]:
    """A line's sort key and folded name (the order of the standings)."""
    return keyed[0], keyed[1]


def _with(line: Line, **changes: object) -> Line:
    """The line with some fields changed."""
    return replace(line, **changes)  # type: ignore[arg-type]


def tied_groups(lines: Sequence[Line]) -> list[list[str]]:
    """The groups of players that share a place and need a drawing of lots."""
    groups: dict[int, list[str]] = {}
    for ln in lines:
        if ln.tied:
            groups.setdefault(ln.place, []).append(ln.player)
    return [groups[k] for k in sorted(groups)]
