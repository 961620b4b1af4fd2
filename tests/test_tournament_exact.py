"""Exact place points: shared places' thirds and quarters added and compared as fractions in
every order, and 500 random tables' standings recomputed independently with Fractions."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from baska_cli.game.rules import RuleSet
from baska_cli.rulesets.loader import builtin
from baska_cli.tournament.plan import TIE_BREAKS
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.standings import standings

# a table's outcome for its first seat under plb (5/3/1/0): its totals and the exact points
OUTCOMES = {
    "alone first": ((30, -10, -10, -10), Fraction(5)),
    "three share 2-4": ((-10, 30, -10, -10), Fraction(4, 3)),  # (3 + 1 + 0) / 3
    "four share": ((0, 0, 0, 0), Fraction(9, 4)),  # (5 + 3 + 1 + 0) / 4
    "two share 1-2": ((10, 10, -10, -10), Fraction(4)),  # (5 + 3) / 2
    "three share 1-3": ((10, 10, 10, -30), Fraction(3)),  # (5 + 3 + 1) / 3
}


def _as_float(outcomes: tuple[str, ...]) -> float:
    """The sum as binary floats would add them, in this order."""
    total = 0.0
    for name in outcomes:
        total += float(OUTCOMES[name][1])
    return total


def _rounds(player: str, outcomes: tuple[str, ...], bonus: int, table: int) -> list[TableResult]:
    """`player` on seat 1 at `table` of each round with these outcomes; `bonus` small points
    more in the round the player is first alone (taken from the second seat: the player's
    place points stay the same)."""
    found = []
    for number, name in enumerate(outcomes, 1):
        totals = list(OUTCOMES[name][0])
        if name == "alone first":
            totals[0] += bonus
            totals[1] -= bonus
        others = tuple(f"{player}-{number}-{seat}" for seat in (2, 3, 4))
        found.append(TableResult(number, table, (player, *others), tuple(totals)))
    return found


def _order_pairs() -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Two players with the same outcomes in every pair of orders: three-way and four-way
    shares, over four rounds."""
    names = ("three share 2-4", "four share", "alone first", "three share 2-4")
    orders = sorted(set(itertools.permutations(names)))
    return [(a, b) for a in orders for b in orders]


def test_some_orders_add_up_differently_as_floats() -> None:
    """(what the exact sums guard against: otherwise this file could not fail)"""
    assert len({_as_float(a) for a, _b in _order_pairs()}) > 1


@pytest.mark.parametrize("bonus", [1, -1])
def test_equal_place_points_in_every_order_are_equal_and_small_points_decide(bonus: int) -> None:
    rules = builtin("plb")
    for first, second in _order_pairs():
        results = _rounds("P", first, bonus, 1) + _rounds("Q", second, 0, 2)
        players = sorted({n for r in results for n in r.players})
        lines = standings([Entrant(n) for n in players], results, rules, TIE_BREAKS, {}, 4)
        by_name = {ln.player: ln for ln in lines}
        p, q = by_name["P"], by_name["Q"]
        assert (
            p.place_points == q.place_points == sum((OUTCOMES[n][1] for n in first), Fraction(0))
        ), (first, second)
        assert (p.place < q.place) is (bonus > 0), (first, second)
        assert not p.tied and not q.tied


def test_three_way_and_four_way_shares_at_one_table_in_every_order_of_rounds() -> None:
    """Ania, Bartek, Celina and Darek meet at one table four times: three share places 2–4
    twice, all four share once. Ania and Bartek end equal on place points (5 + 9/4 + 4/3 +
    2 each); Bartek has more small points and is placed above her, in every order."""
    rules = builtin("plb")
    names = ("Ania", "Bartek", "Celina", "Darek")
    rounds = [
        (30, -10, -10, -10),  # Ania first; Bartek, Celina, Darek share 2–4
        (0, 0, 0, 0),  # all four share
        (-13, 39, -13, -13),  # Bartek first; Ania, Celina, Darek share 2–4
        (0, 0, 12, -12),  # Celina first; Ania and Bartek share 2–3
    ]
    for order in itertools.permutations(rounds):
        results = [TableResult(n, 1, names, totals) for n, totals in enumerate(order, 1)]
        lines = standings([Entrant(n) for n in names], results, rules, TIE_BREAKS, {}, 4)
        got = {ln.player: (ln.place, ln.place_points, ln.total) for ln in lines}
        equal = Fraction(5) + Fraction(9, 4) + Fraction(4, 3) + Fraction(2)
        assert got["Bartek"] == (1, equal, 29), order
        assert got["Ania"] == (2, equal, 17), order


def _independent_points(totals: tuple[int, ...], rules: RuleSet) -> list[Fraction]:
    """A seat's place points worked out again by hand: the average of the places it shares,
    plus the bonus for a positive total."""
    table = [Fraction(repr(p)) for p in rules.place_points]
    bonus = [Fraction(repr(p)) for p in rules.positive_bonus]
    found = []
    for mine in totals:
        above = sum(1 for t in totals if t > mine)
        equal = sum(1 for t in totals if t == mine)
        points = sum(table[above : above + equal], Fraction(0)) / equal
        if bonus and mine > 0:
            points += sum(bonus[above : above + equal], Fraction(0)) / equal
        found.append(points)
    return found


@pytest.mark.parametrize("system", ["plb", "mester"])
def test_500_random_tables_recomputed_with_fractions(system: str) -> None:
    rules = builtin(system)
    rng = random.Random(f"500 tables {system}")
    names = [f"P{i:02d}" for i in range(40)]
    results = []
    for number in range(1, 51):  # 50 rounds of 10 tables
        seated = rng.sample(names, 40)
        for table in range(10):
            three = [rng.choice((-20, -10, 0, 10, 20)) for _ in range(3)]
            totals = (*three, -sum(three))
            results.append(
                TableResult(number, table + 1, tuple(seated[4 * table : 4 * table + 4]), totals)
            )
    assert len(results) == 500
    points = {n: Fraction(0) for n in names}
    small = dict.fromkeys(names, 0)
    won = dict.fromkeys(names, 0)
    for r in results:
        for name, pp, total in zip(
            r.players, _independent_points(r.totals, rules), r.totals, strict=True
        ):
            points[name] += pp
            small[name] += total
            won[name] += total == max(r.totals)
    key = {n: (-points[n], -small[n], -won[n]) for n in names}
    expected = sorted(names, key=lambda n: (key[n], n.casefold()))
    lines = standings([Entrant(n) for n in names], results, rules, TIE_BREAKS, {}, 50)
    assert [ln.player for ln in lines] == expected
    for ln in lines:
        assert (ln.place_points, ln.total, ln.tables_won) == (
            points[ln.player],
            small[ln.player],
            won[ln.player],
        )
        assert ln.place == 1 + sum(1 for n in names if key[n] < key[ln.player])
