"""settle.py: balances rounded to the currency's unit still sum to zero; the fewest transfers."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baska_cli.evening.settle import Settlement, Transfer, round_balances, settle, transfers

CENT = Decimal("0.01")


def _points(values: list[int]) -> dict[str, int]:
    """Points for players P0, P1, … with the last one making the sum zero."""
    named = {f"P{i}": v for i, v in enumerate(values)}
    named[f"P{len(values)}"] = -sum(values)
    return named


def _paid(done: Settlement) -> dict[str, Decimal]:
    """Each player's balance as the transfers make it."""
    got = dict.fromkeys(done.balances, Decimal(0))
    for t in done.transfers:
        got[t.payer] -= t.amount
        got[t.payee] += t.amount
    return got


def _fewest(balances: dict[str, Decimal]) -> int:
    """The fewest transfers, by brute force: n minus the most zero-sum groups."""
    people = [p for p, v in balances.items() if v]

    def groups(left: tuple[str, ...]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best = 1
        for size in range(0, len(rest)):
            for others in combinations(rest, size):
                if sum((balances[p] for p in (first, *others)), Decimal(0)) == 0:
                    remaining = tuple(p for p in rest if p not in others)
                    if remaining:
                        best = max(best, 1 + groups(remaining))
        return best

    return len(people) - groups(tuple(people)) if people else 0


def test_the_sample_evening() -> None:
    done = settle({"Ania": -41, "Bartek": -123, "Celina": 43, "Darek": 121}, Decimal("0.10"), CENT)
    assert done.transfers == (
        Transfer("Ania", "Celina", Decimal("4.10")),
        Transfer("Bartek", "Celina", Decimal("0.20")),
        Transfer("Bartek", "Darek", Decimal("12.10")),
    )
    assert done.rounding == ()


def test_two_pairs_settle_in_two_transfers() -> None:
    done = settle({"A": -5, "B": 5, "C": -7, "D": 7}, Decimal(1), CENT)
    assert done.transfers == (Transfer("A", "B", Decimal(5)), Transfer("C", "D", Decimal(7)))


def test_rounding_is_shown_and_sums_to_zero() -> None:
    done = settle({"A": 1, "B": 1, "C": 1, "D": -3}, Decimal("0.333"), CENT)
    assert done.balances == {  # the cent left over goes to the first by name among equals
        "A": Decimal("0.34"),
        "B": Decimal("0.33"),
        "C": Decimal("0.33"),
        "D": Decimal("-1.00"),
    }
    assert [r.player for r in done.rounding] == ["A", "B", "C", "D"]
    assert sum(done.balances.values()) == 0


def test_points_that_do_not_sum_to_zero_are_refused() -> None:
    with pytest.raises(ValueError, match="do not sum to zero"):
        settle({"A": 1, "B": 0}, Decimal(1), CENT)


@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(st.integers(-200, 200), min_size=1, max_size=7),
    stake=st.sampled_from(["0.01", "0.05", "0.10", "0.333", "1", "2.5"]),
)
def test_transfers_settle_every_balance_in_the_fewest_moves(values: list[int], stake: str) -> None:
    points = _points(values)
    done = settle(points, Decimal(stake), CENT)
    assert sum(done.balances.values()) == 0
    for player, exact in ((p, Decimal(v) * Decimal(stake)) for p, v in points.items()):
        assert abs(done.balances[player] - exact) < CENT * 2
        assert done.balances[player] == done.balances[player].quantize(CENT)
    assert _paid(done) == done.balances
    assert all(t.amount > 0 and t.payer != t.payee for t in done.transfers)
    assert len(done.transfers) == _fewest(done.balances)
    assert settle(points, Decimal(stake), CENT) == done  # the same every time


@settings(max_examples=50, deadline=None)
@given(values=st.lists(st.integers(-500, 500), min_size=12, max_size=40))
def test_many_players_settle_in_at_most_n_minus_one_transfers(values: list[int]) -> None:
    balances = {p: Decimal(v) for p, v in _points(values).items()}
    made = transfers(balances)
    assert len(made) <= max(len([v for v in balances.values() if v]) - 1, 0)
    got = dict.fromkeys(balances, Decimal(0))
    for t in made:
        got[t.payer] -= t.amount
        got[t.payee] += t.amount
    assert got == balances


def test_round_balances_gives_leftover_units_to_the_largest_remainders() -> None:
    exact = {"A": Decimal("0.005"), "B": Decimal("0.005"), "C": Decimal("-0.010")}
    assert round_balances(exact, CENT) == {
        "A": Decimal("0.01"),
        "B": Decimal("0.00"),
        "C": Decimal("-0.01"),
    }
