"""Session arithmetic: places, place points (EXAMPLES S1, S2, S4), dealer rotation."""

from __future__ import annotations

import pytest

from baska_cli.evening.totals import (
    add,
    dealer_of,
    leader_of,
    next_turn,
    place_points,
    places,
    season,
    standings,
)
from baska_cli.rulesets.loader import builtin


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ((40, 12, -20, -32), [1, 2, 3, 4]),
        ((30, -5, -5, -20), [1, 2, 2, 4]),
        ((6, 6, -6, -6), [1, 1, 3, 3]),
        ((0, 0, 0, 0), [1, 1, 1, 1]),
        ((-3, 5, 5, 5), [4, 1, 1, 1]),
    ],
)
def test_places_share_the_best_place(totals: tuple[int, ...], expected: list[int]) -> None:
    assert places(totals) == expected


def test_s1_mester_place_points_with_positive_bonus() -> None:
    rules = builtin("mester")
    got = place_points((40, 12, -20, -32), rules.place_points, rules.positive_bonus)
    assert got == [8, 5, 1, 0]


def test_s2_plb_tied_places_share_the_average() -> None:
    rules = builtin("plb")
    got = place_points((30, -5, -5, -20), rules.place_points, rules.positive_bonus)
    assert got == [5, 2, 2, 0]


def test_s4_two_players_share_first_place() -> None:
    rules = builtin("plb")
    table = standings(("A", "B", "C", "D"), (6, 6, -4, -8), rules)
    assert [(s.name, s.place, s.place_points) for s in table] == [
        ("A", 1, 4.0),
        ("B", 1, 4.0),
        ("C", 3, 1.0),
        ("D", 4, 0.0),
    ]


def test_tied_positive_players_share_the_bonus_of_their_places() -> None:
    rules = builtin("mester")
    got = place_points((10, 10, -10, -10), rules.place_points, rules.positive_bonus)
    assert got == [4 + 2.5, 4 + 2.5, 0.5, 0.5]


def test_no_place_points_in_pagat() -> None:
    rules = builtin("pagat")
    assert place_points((1, -1, 0, 0), rules.place_points, rules.positive_bonus) is None


@pytest.mark.parametrize(
    ("first", "n", "dealer"),
    [(0, 1, 0), (0, 2, 1), (0, 4, 3), (0, 5, 0), (2, 1, 2), (2, 3, 0), (3, 16, 2)],
)
def test_the_deal_moves_clockwise(first: int, n: int, dealer: int) -> None:
    assert dealer_of(first, n) == dealer


def test_the_player_left_of_the_dealer_leads() -> None:
    assert [leader_of(d) for d in range(4)] == [1, 2, 3, 0]
    assert next_turn(first_dealer=1, dealt=3) == (0, 1)


def test_add() -> None:
    assert add((1, 2, 3, 4), (-1, 1, -1, 1)) == (0, 3, 2, 5)


def test_season_sums_by_name_ignoring_case_and_accents() -> None:
    rules = builtin("plb")
    one = standings(("Ania", "Bartek", "Celina", "Darek"), (10, 0, -4, -6), rules, hands=8)
    two = standings(("ania", "Ewa", "Celina", "Darek"), (-2, 12, -4, -6), rules, hands=8)
    got = [
        (s.name, s.sessions, s.hands, s.total, s.place_points, s.place) for s in season([one, two])
    ]
    assert got == [
        ("Ania", 2, 16, 8, 8.0, 1),
        ("Ewa", 1, 8, 12, 5.0, 2),
        ("Bartek", 1, 8, 0, 3.0, 3),
        ("Celina", 2, 16, -8, 2.0, 4),
        ("Darek", 2, 16, -12, 0.0, 5),
    ]
