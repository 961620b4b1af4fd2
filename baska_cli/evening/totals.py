"""A session's arithmetic: dealer rotation, running totals, places and place points (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from baska_cli.game.model import SEATS, Deltas
from baska_cli.game.rules import RuleSet
from baska_cli.game.spelling import fold


def dealer_of(first_dealer: int, n: int) -> int:
    """The seat that deals hand n (1-based): the deal moves one seat clockwise each hand."""
    return (first_dealer + n - 1) % SEATS


def leader_of(dealer: int) -> int:
    """The seat that leads: the player left of the dealer, i.e. the next seat clockwise."""
    return (dealer + 1) % SEATS


def next_turn(first_dealer: int, dealt: int) -> tuple[int, int]:
    """Who deals and who leads the next hand after `dealt` hands: (dealer, leader) seats."""
    dealer = dealer_of(first_dealer, dealt + 1)
    return dealer, leader_of(dealer)


def add(totals: Sequence[int], deltas: Sequence[int]) -> Deltas:
    """Running totals after one more hand."""
    return (
        totals[0] + deltas[0],
        totals[1] + deltas[1],
        totals[2] + deltas[2],
        totals[3] + deltas[3],
    )


def places(totals: Sequence[float]) -> list[int]:
    """Each player's place (1 = best); equal totals share the best place they cover (1, 1, 3, 4)."""
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def exact(value: float) -> Fraction:
    """A rule file's number as an exact fraction: 2.5 is 5/2, and 0.1 is 1/10 (as written)."""
    return Fraction(value) if isinstance(value, int) else Fraction(repr(value))


def _shared(table: Sequence[float], place: int, count: int) -> Fraction:
    """The average of a table's entries for the `count` places starting at `place`, exact."""
    covered = [exact(table[i]) for i in range(place - 1, place - 1 + count) if i < len(table)]
    return sum(covered, Fraction(0)) / count


def exact_place_points(
    totals: Sequence[float], table: Sequence[float], bonus: Sequence[float] = ()
) -> list[Fraction] | None:
    """Place points per player as exact fractions, ties averaged (three players sharing
    places 2–4 of 5/3/1/0 get 4/3 each); `bonus` by place only for a positive total."""
    if not table:
        return None
    ranks = places(totals)
    result = []
    for mine, place in zip(totals, ranks, strict=True):
        count = ranks.count(place)
        points = _shared(table, place, count)
        if bonus and mine > 0:
            points += _shared(bonus, place, count)
        result.append(points)
    return result


def place_points(
    totals: Sequence[float], table: Sequence[float], bonus: Sequence[float] = ()
) -> list[float] | None:
    """Place points per player, ties averaged; `bonus` by place only for a positive total
    (each the nearest float to the exact value: exact_place_points)."""
    points = exact_place_points(totals, table, bonus)
    return None if points is None else [float(p) for p in points]


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings."""

    name: str
    total: int
    place: int
    place_points: float | None
    hands: int = 0
    sessions: int = 1


def standings(
    names: Sequence[str], totals: Sequence[int], rules: RuleSet, hands: int = 0
) -> list[Standing]:
    """The table's standings, best first (seat order among equals)."""
    ranks = places(totals)
    points = place_points(totals, rules.place_points, rules.positive_bonus)
    rows = [
        Standing(name, total, rank, None if points is None else points[i], hands)
        for i, (name, total, rank) in enumerate(zip(names, totals, ranks, strict=True))
    ]
    return sorted(rows, key=lambda s: s.place)


SEASON_ORDER = ("place_points", "total")  # how a season's standings are ordered (README)


def season(
    sessions: Sequence[Sequence[Standing]], aliases: Mapping[str, str] | None = None
) -> list[Standing]:
    """Several sessions' standings summed by player (names compared case- and accent-blind;
    `aliases` maps a folded name to the name it is merged into), ordered by place points,
    then by total; players equal on both share a place."""
    merged: dict[str, Standing] = {}
    for table in sessions:
        for s in table:
            if aliases and fold(s.name) in aliases:
                s = Standing(aliases[fold(s.name)], s.total, s.place, s.place_points, s.hands)
            key = fold(s.name)
            old = merged.get(key)
            if old is None:
                merged[key] = Standing(s.name, s.total, 0, s.place_points, s.hands, 1)
                continue
            pp: float | None = None
            if old.place_points is not None or s.place_points is not None:
                pp = (old.place_points or 0) + (s.place_points or 0)
            merged[key] = Standing(
                old.name, old.total + s.total, 0, pp, old.hands + s.hands, old.sessions + 1
            )
    rows = list(merged.values())
    keys = [((s.place_points or 0), s.total) for s in rows]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    ranked = [
        Standing(s.name, s.total, rank, s.place_points, s.hands, s.sessions)
        for s, rank in zip(rows, ranks, strict=True)
    ]
    return sorted(ranked, key=lambda s: (s.place, s.name))
