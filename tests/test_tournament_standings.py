"""tournament/standings.py: place points from the rule data, tie-breaks in order, lots, movement."""

from __future__ import annotations

import random

from baska_cli.rulesets.loader import builtin
from baska_cli.tournament.plan import TIE_BREAKS
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.standings import StandingLine, standings, table_places, tied_groups

T = ("A", "B", "C", "D")


def test_place_points_come_from_the_rules_and_ties_share_the_average() -> None:
    result = TableResult(1, 1, T, (20, 20, -10, -30))
    mester = [(t.place, t.place_points) for t in table_places(result, builtin("mester"))]
    assert mester == [(1, 6.5), (1, 6.5), (3, 1.0), (4, 0.0)]  # (5+3)/2 + (3+2)/2 bonus
    plb = [(t.place, t.place_points) for t in table_places(result, builtin("plb"))]
    assert plb == [(1, 4.0), (1, 4.0), (3, 1.0), (4, 0.0)]


RESULTS = [
    TableResult(1, 1, T, (30, 10, -10, -30)),
    TableResult(1, 2, ("E", "F", "G", "H"), (40, 10, -20, -30)),
    TableResult(2, 1, ("A", "E", "B", "F"), (10, 0, -5, -5)),
    TableResult(2, 2, ("C", "G", "D", "H"), (0, 0, 0, 0)),  # all share first: 2.25 and a win
]
EIGHT = [Entrant(n) for n in "ABCDEFGH"]


def _rows(lines: list[StandingLine]) -> list[tuple[object, ...]]:
    return [
        (ln.place, ln.player, ln.place_points, ln.total, ln.tables_won, ln.tied) for ln in lines
    ]


def test_tie_breaks_in_order_then_a_shared_place() -> None:
    lines = standings(EIGHT, RESULTS, builtin("plb"), TIE_BREAKS, {}, 2)
    assert _rows(lines) == [
        (1, "A", 10.0, 40, 2, False),
        (2, "E", 8.0, 40, 1, False),
        (3, "B", 3.5, 5, 0, True),
        (3, "F", 3.5, 5, 0, True),
        (5, "C", 3.25, -10, 1, False),
        (6, "G", 3.25, -20, 1, False),
        (7, "D", 2.25, -30, 1, True),
        (7, "H", 2.25, -30, 1, True),
    ]
    assert [ln.movement for ln in lines[:2]] == [1, -1]  # after round 1, E led on total
    assert tied_groups(lines) == [["B", "F"], ["D", "H"]]


def test_place_points_alone_leave_more_ties() -> None:
    lines = standings(EIGHT, RESULTS, builtin("plb"), ("place_points",), {}, 2)
    assert [(ln.place, ln.player) for ln in lines][4:6] == [(5, "C"), (5, "G")]


def test_a_recorded_lot_decides_a_tie_and_is_shown() -> None:
    lines = standings(EIGHT, RESULTS, builtin("plb"), TIE_BREAKS, {2: {"F": 1, "B": 2}}, 2)
    assert [(ln.place, ln.player, ln.lot, ln.tied) for ln in lines[2:4]] == [
        (3, "F", 1, False),
        (4, "B", 2, False),
    ]
    assert [(ln.place, ln.player, ln.lot) for ln in lines[6:]] == [(7, "D", None), (7, "H", None)]


def test_a_withdrawn_player_keeps_points_and_a_late_one_appears_when_entered() -> None:
    players = [*EIGHT[:-1], Entrant("H", withdrawn=2), Entrant("Z", entered=3)]
    lines = standings(players, RESULTS[:2], builtin("plb"), TIE_BREAKS, {}, 2)
    h = next(ln for ln in lines if ln.player == "H")
    assert (h.place_points, h.total, h.withdrawn) == (0.0, -30, 2)
    assert "Z" not in [ln.player for ln in lines]


def test_the_standings_of_a_round_show_a_withdrawal_only_once_it_counts() -> None:
    """The standings after round 1, read after a player withdrew from round 3, are those of
    round 1: nobody had withdrawn then; after round 2 (the withdrawal made before round 3
    is drawn) and after round 3 it is shown."""
    players = [*EIGHT[:-1], Entrant("H", withdrawn=3)]
    after = {
        up_to: next(ln for ln in standings(players, RESULTS, builtin("plb"), TIE_BREAKS, {}, up_to)
                    if ln.player == "H").withdrawn
        for up_to in (1, 2, 3)
    }  # fmt: skip
    assert after == {1: None, 2: 3, 3: 3}


def test_place_points_kept_by_places_and_signs_are_the_ones_computed() -> None:
    """table_places keeps the place points of each order of places and positive totals;
    what it takes from there is what computing them again gives (random tables)."""
    rng = random.Random(14)
    for name in ("mester", "plb"):
        rules = builtin(name)
        known: dict[object, list[float]] = {}
        for _ in range(500):
            a, b, c = (rng.choice([-40, -8, -2, 0, 2, 8, 40]) for _ in range(3))
            result = TableResult(1, 1, ("A", "B", "C", "D"), (a, b, c, -a - b - c))
            assert table_places(result, rules, known) == table_places(result, rules)
        assert 0 < len(known) < 500
