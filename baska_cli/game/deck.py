"""The 16-card deck and which card-point totals one side can take in how many tricks."""

from __future__ import annotations

from functools import cache
from itertools import product

from baska_cli.game.model import TOTAL_TRICKS

# Oczka (card points) per rank; every rank is held in four suits.
CARD_POINTS: dict[str, int] = {"A": 11, "10": 10, "D": 3, "W": 2}
SUITS = ("♣", "♠", "♥", "♦")
CARDS_PER_TRICK = 4


@cache
def possible_points() -> dict[int, frozenset[int]]:
    """For each number of tricks 0–4, the card-point totals a side can hold in them."""
    values = list(CARD_POINTS.values())
    result: dict[int, set[int]] = {tricks: set() for tricks in range(TOTAL_TRICKS + 1)}
    # A side that took t tricks holds 4t cards: choose how many of each rank (0–4 each).
    for counts in product(range(len(SUITS) + 1), repeat=len(values)):
        cards = sum(counts)
        if cards % CARDS_PER_TRICK == 0:
            total = sum(n * v for n, v in zip(counts, values, strict=True))
            result[cards // CARDS_PER_TRICK].add(total)
    return {tricks: frozenset(totals) for tricks, totals in result.items()}


@cache
def all_possible_points() -> frozenset[int]:
    """Every card-point total one side can take, whatever its tricks."""
    return frozenset().union(*possible_points().values())


def is_possible(points: int | None, tricks: int | None) -> bool:
    """Whether one side can hold these points in these tricks (None means not given)."""
    if tricks is None:
        return points is None or points in all_possible_points()
    if not 0 <= tricks <= TOTAL_TRICKS:
        return False
    return points is None or points in possible_points()[tricks]


def nearest_points(points: int, tricks: int | None = None) -> list[int]:
    """The possible totals closest to `points` (one below and one above where they exist)."""
    pool = all_possible_points() if tricks is None else possible_points().get(tricks, frozenset())
    below = [p for p in pool if p < points]
    above = [p for p in pool if p > points]
    return ([max(below)] if below else []) + ([min(above)] if above else [])


def tricks_for_points(points: int) -> frozenset[int]:
    """The numbers of tricks in which a side can hold exactly `points`."""
    return frozenset(t for t, pool in possible_points().items() if points in pool)
