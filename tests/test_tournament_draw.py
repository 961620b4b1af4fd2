"""tournament/draw.py: the seeded draw avoids repeats, sits players out fairly, keeps requests."""

from __future__ import annotations

import itertools

import pytest

from baska_cli.errors import TournamentInputError
from baska_cli.tournament.draw import Draw, draw_round, history, pair


def _play(names: list[str], rounds: int, seed: str = "s", **kw: object) -> list[Draw]:
    done: list[Draw] = []
    for number in range(1, rounds + 1):
        met, sat_out = history(done)
        done.append(draw_round(number, seed, names, met, sat_out, **kw))  # type: ignore[arg-type]
    return done


def test_the_same_seed_draws_the_same_seating_and_another_seed_another() -> None:
    names = [f"P{i}" for i in range(40)]
    assert _play(names, 3) == _play(names, 3)
    assert _play(names, 3)[0].tables != _play(names, 3, seed="t")[0].tables


def test_400_players_meet_nobody_twice_in_10_rounds() -> None:
    names = [f"P{i:03d}" for i in range(400)]
    done = _play(names, 10)
    assert [len(d.repeats) for d in done] == [0] * 10
    met, _ = history(done)
    assert max(met.values()) == 1
    assert all(sorted(n for t in d.tables for n in t) == sorted(names) for d in done)


def test_repeats_are_as_few_as_possible_and_named() -> None:
    # 8 players, round 2: each table of round 1 splits 2+2 at best: 2 pairs meet at each table
    done = _play([f"P{i}" for i in range(8)], 2)
    assert len(done[1].repeats) == 4
    met, _ = history(done[:1])
    assert all(met[p] == 1 for p in done[1].repeats)


def test_each_player_sits_out_once_before_anyone_twice() -> None:
    names = [f"P{i}" for i in range(9)]
    done = _play(names, 12)
    out = [name for d in done for name in d.sitting_out]
    assert sorted(out[:9]) == sorted(names)  # rounds 1-9: everybody once
    assert len(set(out[9:])) == 3


def test_a_late_entry_sits_out_before_those_who_did() -> None:
    done = _play([f"P{i}" for i in range(9)], 1)
    met, sat_out = history(done)
    second = draw_round(2, "s", [f"P{i}" for i in range(9)] + ["Q1", "Q2"], met, sat_out)
    assert done[0].sitting_out[0] not in second.sitting_out
    assert len(second.sitting_out) == 3


def test_apart_pairs_and_fixed_tables_are_kept() -> None:
    names = [f"P{i}" for i in range(16)]
    apart = list(itertools.combinations(["P0", "P1", "P2", "P3"], 2))
    done = _play(names, 3, apart=apart, fixed={"P5": 3, "P9": 3})
    for d in done:
        assert d.apart_broken == ()
        assert {"P5", "P9"} <= set(d.tables[2])
        for members in d.tables:
            assert len({"P0", "P1", "P2", "P3"} & set(members)) <= 1


def test_a_pair_that_cannot_be_kept_apart_is_reported() -> None:
    d = draw_round(1, "s", ["A", "B", "C", "D"], {}, {}, apart=[("A", "B")])
    assert d.apart_broken == (pair("A", "B"),)


@pytest.mark.parametrize(
    ("names", "fixed", "message"),
    [
        (["A", "B", "C"], {}, "3 players cannot fill a table of four"),
        (["A", "B", "C", "D"], {"A": 2}, "A asked for table 2, but round 1 has 1 table\\Z"),
        (
            list("ABCDEFGH"),
            dict.fromkeys("ABCDE", 1),
            "more than four players asked for table 1",
        ),
    ],
)
def test_impossible_draws_are_refused(
    names: list[str], fixed: dict[str, int], message: str
) -> None:
    with pytest.raises(TournamentInputError, match=message):
        draw_round(1, "s", names, {}, {}, fixed=fixed)
