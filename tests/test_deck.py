"""deck.py: the possible (points, tricks) totals, against a brute force over the 16 cards."""

from __future__ import annotations

from itertools import combinations

import pytest

from baska_cli.game import deck

# The 16 cards as their card points: A, 10, D (queen), W (jack) in four suits.
CARDS = [11, 10, 3, 2] * 4


def _brute_force() -> dict[int, frozenset[int]]:
    """Every subset of 4·t cards, for t = 0..4: the card points it holds."""
    return {
        tricks: frozenset(sum(c) for c in combinations(CARDS, 4 * tricks)) for tricks in range(5)
    }


def _span(low: int, high: int, *gaps: tuple[int, int]) -> frozenset[int]:
    """low..high without the closed ranges in gaps (RULES.md §1.3 is written this way)."""
    out = set(range(low, high + 1))
    for a, b in gaps:
        out -= set(range(a, b + 1))
    return frozenset(out)


# RULES.md §1.3, copied by hand.
RULES_TABLE = {
    0: frozenset({0}),
    1: _span(8, 44, (13, 15), (21, 23), (29, 31), (37, 39)),
    2: _span(20, 84, (21, 26), (30, 33), (39, 40), (64, 65), (71, 74), (78, 83)),
    3: _span(60, 96, (65, 67), (73, 75), (81, 83), (89, 91)),
    4: frozenset({104}),
}


def test_possible_points_equal_the_brute_force() -> None:
    assert deck.possible_points() == _brute_force()


def test_possible_points_equal_the_rules_table() -> None:
    assert deck.possible_points() == RULES_TABLE


def test_all_possible_points_is_the_union() -> None:
    assert deck.all_possible_points() == frozenset().union(*_brute_force().values())


def test_the_deck_holds_104_points() -> None:
    assert sum(CARDS) == 104
    assert sum(v * 4 for v in deck.CARD_POINTS.values()) == 104


@pytest.mark.parametrize(
    ("points", "tricks", "expected"),
    [
        (0, 0, True),
        (0, None, True),
        (0, 1, False),
        (8, 1, True),
        (13, 1, False),
        (13, None, False),
        (26, 1, True),
        (26, 2, False),
        (27, 2, True),
        (52, 2, True),
        (52, 1, False),
        (52, 3, False),
        (53, 2, True),
        (60, 3, True),
        (64, 2, False),
        (64, 3, True),
        (65, None, False),
        (96, 3, True),
        (97, None, False),
        (103, None, False),
        (104, 4, True),
        (104, 3, False),
        (104, None, True),
        (None, 0, True),
        (None, 4, True),
        (None, 5, False),
        (None, None, True),
        (1, None, False),
        (7, None, False),
        (44, 1, True),
        (45, 1, False),
    ],
)
def test_is_possible(points: int | None, tricks: int | None, expected: bool) -> None:
    assert deck.is_possible(points, tricks) == expected


@pytest.mark.parametrize("points", range(0, 105))
def test_is_possible_without_tricks_matches_the_brute_force(points: int) -> None:
    union = frozenset().union(*_brute_force().values())
    assert deck.is_possible(points, None) == (points in union)


@pytest.mark.parametrize(
    ("points", "tricks", "expected"),
    [
        (13, None, [12, 16]),
        (5, None, [0, 8]),
        (65, None, [64, 66]),
        (100, None, [96, 104]),
        (13, 1, [12, 16]),
        (26, 2, [20, 27]),
        (5, 1, [8]),
        (104, 3, [96]),
        (50, 4, [104]),
    ],
)
def test_nearest_points(points: int, tricks: int | None, expected: list[int]) -> None:
    assert deck.nearest_points(points, tricks) == expected


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (0, {0}),
        (26, {1}),
        (52, {2}),
        (20, {1, 2}),
        (60, {2, 3}),
        (104, {4}),
        (13, set()),
    ],
)
def test_tricks_for_points(points: int, expected: set[int]) -> None:
    assert deck.tricks_for_points(points) == frozenset(expected)
