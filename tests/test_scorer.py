"""The Scorer: a table's hands scored once by text, and across tables by their shape."""

from __future__ import annotations

import itertools
import random

import pytest

from baska_cli.evening.scorer import Scored, Scorer
from baska_cli.game.deck import possible_points
from baska_cli.game.model import Contract, Hand, Play
from baska_cli.game.notation import format_hand
from baska_cli.game.rules import builtin


def test_scorer_caches_by_text_and_returns_errors() -> None:
    scorer = Scorer(("Ania", "Bartek", "Celina", "Darek"), builtin("plb"))
    first = scorer("zw ania+cel 61 k")
    assert not isinstance(first, Exception)
    assert first.deltas == (2, -2, 2, -2)
    assert scorer("zw ania+cel 61 k") is first
    error = scorer("me Ania")
    assert isinstance(error, Exception)
    assert "not a contract" in str(error)


TABLES = [
    ("Ania", "Bartek", "Celina", "Darek"),
    ("Darek", "Celina", "Bartek", "Ania"),  # the same names at other seats
    ("Jan", "Jana", "Ola", "Anna-Maria"),  # a name that starts another; a hyphen
    ("Ola", "Jan", "Anna-Maria", "Jana"),
    ("k", "kr", "Ewa", "Zenon"),  # names that read as contras: the shared cache is off
]
HANDS = [
    "zw {0}+{2} 61 k", "zw {1}+{3} 78", "we {0}+{3} 70/3 kr", "ci {1} 40", "zw {0}+{1} 52",
    "gr {2} 68 k:{0}", "zo {3} 77 k:{0},{3}", "zw {2}+{3} 26/1", "gd {0} /4",
    "zw {1}+{2} 60 k:{0},{1}", "zd {1} /3", "ba {2}", "zo {0} 40/1 kara", "kara {1}",
    "adj {0}+4 {1}-12 {2}+4 {3}+4", "zw {0}+{2} 5", "zw {0}+{0} 61", "ci {1} 40 k:{1}",
]  # fmt: skip


@pytest.mark.parametrize("rules_name", ["plb", "mester"])
def test_a_shared_cache_scores_every_table_as_a_fresh_scorer_does(rules_name: str) -> None:
    rules = builtin(rules_name)
    shared: dict[object, object] = {}
    for players in TABLES * 2:  # the second pass is served from the shared cache
        cached = Scorer(players, rules, shared=shared)  # type: ignore[arg-type]
        for hand in HANDS:
            text = hand.format(*players)
            fresh = Scorer(players, rules)(text)
            got = cached(text)
            if isinstance(fresh, Scored):
                assert got == fresh, text
            else:
                assert type(got) is type(fresh) and str(got) == str(fresh), text
    assert shared  # canonical hands were shared


def test_names_that_read_as_tokens_turn_the_shared_cache_off() -> None:
    assert Scorer(TABLES[4], builtin("plb"), shared={}).shared is None
    assert Scorer(TABLES[2], builtin("plb"), shared={}).shared == {}


def _random_hand(rng: random.Random) -> Hand:
    """A hand of any contract, side, points or tricks, contras or callers (some of them
    not allowed by one rule system or another: those compare as errors)."""
    contract = rng.choice(list(Contract))
    declarers = tuple(rng.sample(range(4), contract.info.side_size))
    if contract is Contract.ZW:
        declarers = tuple(sorted(declarers))
    points = tricks = None
    if contract.info.play is not Play.NONE:
        tricks = rng.randint(0, 4)
        points = rng.choice(sorted(possible_points()[tricks]))
        form = rng.choice(["both", "tricks", "points"])
        if form == "points" or (contract.info.play is Play.POINTS and form == "tricks"):
            tricks = None
        elif form == "tricks":
            points = None
    contras, callers = 0, None
    if rng.random() < 0.5:
        contras = rng.randint(0, 5)
    else:
        callers = tuple(rng.choice(range(4)) for _ in range(rng.randint(1, 4)))
    kara = len(declarers) == 1 and rng.random() < 0.2
    return Hand(contract, declarers, points, tricks, contras, callers, kara)


def _moved(hand: Hand, seat: tuple[int, ...]) -> Hand:
    """The same hand played from other seats: seat s becomes seat[s]."""
    declarers = tuple(seat[s] for s in hand.declarers)
    if hand.contract is Contract.ZW:
        declarers = tuple(sorted(declarers))
    callers = None if hand.callers is None else tuple(seat[s] for s in hand.callers)
    return Hand(
        hand.contract, declarers, hand.points, hand.tricks, hand.contras, callers, hand.kara
    )


@pytest.mark.parametrize("rules_name", ["plb", "mester", "pagat"])
def test_every_hand_from_every_seat_scores_through_the_shared_cache_as_fresh(
    rules_name: str,
) -> None:
    """The shared cache renumbers seats: a hand's shape is found for the same hand played
    from other seats at other tables. Each of 40 random hands, moved to all 24 seatings and
    written at three tables with the names in other orders, scores through one shared
    cache exactly as a fresh Scorer scores it (changes, canonical text, or the error)."""
    rules = builtin(rules_name)
    rng = random.Random(rules_name)
    tables = [
        ("Ania", "Bartek", "Celina", "Darek"),
        ("Darek", "Ania", "Celina", "Bartek"),
        ("Ola", "Jan", "Anna-Maria", "Jana"),
    ]
    shared: dict[object, tuple[int, int, int, int]] = {}
    texts = hits = 0
    for _ in range(40):
        hand = _random_hand(rng)
        for seat in itertools.permutations(range(4)):
            moved = _moved(hand, seat)
            for players in tables:
                text = format_hand(moved, players)
                known = Scorer(players, rules, shared=shared).known(text)  # type: ignore[arg-type]
                got = Scorer(players, rules, shared=shared)(text)  # type: ignore[arg-type]
                fresh = Scorer(players, rules)(text)
                texts += 1
                if known is not None:  # (known only for a canonical text: its changes)
                    assert fresh == Scored(known, text), (text, players)
                    hits += 1
                if isinstance(fresh, Scored):
                    assert got == fresh, (text, players)
                else:
                    assert type(got) is type(fresh) and str(got) == str(fresh), text
    assert 0 < len(shared) < texts / 10  # most texts were found by their shape
    assert hits > texts / 4  # (many random hands are refused by one system or another)


def test_a_shape_keeps_the_order_of_the_named_seats() -> None:
    """`zw` writes its two players in seat order: the same shape from seats in the other
    order is another shape, so a text out of seat order is still named not canonical."""
    rules = builtin("plb")
    shared: dict[object, tuple[int, int, int, int]] = {}
    first = Scorer(("Ania", "Bartek", "Celina", "Darek"), rules, shared=shared)
    assert first("zw Ania+Celina 61") == Scored((1, -1, 1, -1), "zw Ania+Celina 61")
    other = Scorer(("Celina", "Bartek", "Ania", "Darek"), rules, shared=shared)
    got = other("zw Ania+Celina 61")
    assert got == Scored((1, -1, 1, -1), "zw Celina+Ania 61")


@pytest.mark.parametrize(
    "template",
    ["zw {0}+{2} 61 k:{1},{0}", "zw {0}+{1} 61"],  # callers, or the side, too long a word
)
def test_a_word_too_long_for_a_hand_is_refused_whatever_the_shared_cache_knows(
    template: str,
) -> None:
    rules = builtin("plb")
    shared: dict[object, tuple[int, int, int, int]] = {}
    short = ("Ania", "Bartek", "Celina", "Darek")
    assert isinstance(Scorer(short, rules, shared=shared)(template.format(*short)), Scored)
    long_names = ("A" * 150, "B" * 150, "C", "D")  # (older ledgers allow such names)
    text = template.format(*long_names)
    got = Scorer(long_names, rules, shared=shared)(text)
    fresh = Scorer(long_names, rules)(text)
    assert not isinstance(fresh, Scored)
    assert type(got) is type(fresh) and str(got) == str(fresh)


def test_a_caller_from_either_side_makes_another_shape() -> None:
    """Callers are read as seats: `zo Celina 61 k:Ania` (an opponent calls) and `zo Ania 61
    k:Ania` (the declarer calls) are two shapes (the second is not the first's hit)."""
    rules = builtin("mester")
    shared: dict[object, tuple[int, int, int, int]] = {}
    players = ("Ania", "Bartek", "Celina", "Darek")
    first = Scorer(players, rules, shared=shared)("zo Celina 61 k:Ania")
    assert first == Scored((-10, -10, 30, -10), "zo Celina 61 k:Ania")
    second = Scorer(players, rules, shared=shared)("zo Ania 61 k:Ania")
    assert second == Scored((30, -10, -10, -10), "zo Ania 61 k:Ania")


def test_callers_are_read_as_seats_of_their_side() -> None:
    """`k:Ania,Celina` is a contra and a re-contra against Celina's solo (2 counted) but two
    calls of one side against Bartek's (1 counted): the same seats in the text, two shapes."""
    rules = builtin("mester")
    players = ("Ania", "Bartek", "Celina", "Darek")
    shared: dict[object, tuple[int, int, int, int]] = {}
    for text in ("zo Celina 61 k:Ania,Celina", "zo Bartek 61 k:Ania,Celina"):
        got = Scorer(players, rules, shared=shared)(text)  # type: ignore[arg-type]
        assert got == Scorer(players, rules)(text), text
