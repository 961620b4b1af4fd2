"""Property tests: zero sums, the notation round trip, and a reference scorer (any text and
token soups that must raise only the project's errors: test_fuzz.py).

The reference scorer below is written from RULES.md alone (its tables are copied here, not read
from the rulesets), so random hands compare two independent readings of the rules.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from baska_cli import i18n
from baska_cli.errors import RuleError
from baska_cli.game.deck import possible_points
from baska_cli.game.model import Adjustment, Contract, Entry, Hand, Penalty, Play
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.scoring import score
from baska_cli.render.explain import derivation, explanation
from baska_cli.rulesets.loader import builtin

SYSTEMS = ("plb", "mester", "pagat")
NAMES = ("Ania", "Bartek", "Celina", "Darek")
FAST = settings(max_examples=300, deadline=None)

# --- the reference: RULES.md §3.4, §4.1, §5.4, §1.4 and §7, copied by hand ------------------


@dataclass(frozen=True)
class Ref:
    exit_young: int
    exit_old: int
    tie_opponents_win: bool
    loss: int
    base: dict[str, int]
    max_k: dict[str, int]
    opponents_open: frozenset[str]
    same_player_twice: bool
    kara: bool


PAIR_TABLE = {  # winner → margin → value with no contra
    "declarers": {"exit": 1, "noexit": 2, "nobitka": 3},
    "opponents": {"exit": 2, "noexit": 4, "nobitka": 6},
}
SOLO_BASE = {"ci": 4, "gr": 5, "zo": 5, "gd": 10, "zd": 10, "ba": 10}
REF = {
    "plb": Ref(
        26,
        27,
        True,
        2,
        SOLO_BASE,
        {"zw": 4, "we": 4, "ci": 4, "gr": 2, "zo": 2, "gd": 2, "zd": 2, "ba": 0},
        frozenset({"ci", "gr", "zo", "gd", "zd"}),
        False,
        False,
    ),
    "mester": Ref(
        26,
        27,
        True,
        1,
        {**SOLO_BASE, "me": 10, "zb": 5},
        {"zw": 4, "we": 4, "ci": 3, "gr": 2, "zo": 2, "gd": 2, "zd": 2, "ba": 0, "me": 0, "zb": 0},
        frozenset({"ci"}),
        True,
        True,
    ),
    "pagat": Ref(
        26,
        26,
        False,
        3,
        SOLO_BASE,
        {"zw": 4, "we": 4, "ci": 4, "gr": 4, "zo": 4, "gd": 4, "zd": 4, "ba": 0},
        frozenset(),
        True,
        False,
    ),
}
PLAYS = {"zw": "p", "we": "p", "ci": "p", "gr": "p", "zo": "p", "gd": "t", "zd": "t"}


def reference(system: str, hand: Hand) -> tuple[int, int, int, int] | None:
    """Each seat's change, or None where RULES.md rejects the hand."""
    ref = REF[system]
    c = hand.contract.value
    if c not in ref.max_k:
        return None
    play = PLAYS.get(c, "none")
    if hand.kara and (not ref.kara or c in ("zw", "we") or play == "none"):
        return None
    decl = set(hand.declarers)
    if hand.callers is None:
        k = hand.contras
        last = None if k == 0 else ("O" if k % 2 else "D")
    else:
        sides = ["D" if s in decl else "O" for s in hand.callers]
        if not ref.same_player_twice and any(
            a == b for a, b in zip(hand.callers, hand.callers[1:], strict=False)
        ):
            return None
        if c in ref.opponents_open and sides[0] == "D":
            return None
        k = 1 + sum(1 for a, b in itertools.pairwise(sides) if a != b)
        last = sides[-1]
    if k > ref.max_k[c]:
        return None
    if hand.kara:
        won = False
    elif play == "none":
        won = True
    elif play == "t":
        won = hand.tricks == 4 if hand.tricks is not None else hand.points == 104
    else:
        assert hand.points is not None
        if hand.points >= 53:
            won = True
        elif hand.points < 52 or ref.tie_opponents_win:
            won = False
        else:
            won = (last or "D") == "O"  # the side of the last double loses
    if len(decl) == 2:
        assert hand.points is not None
        losers = 104 - hand.points if won else hand.points
        threshold = ref.exit_young if won else ref.exit_old
        margin = "nobitka" if losers == 0 else "exit" if losers >= threshold else "noexit"
        v = PAIR_TABLE["declarers" if won else "opponents"][margin] * 2**k
        sign = 1 if won else -1
        return tuple(sign * v if s in decl else -sign * v for s in range(4))  # type: ignore[return-value]
    v = ref.base[c] * (1 if won else ref.loss) * 2**k
    sign = 1 if won else -1
    return tuple(3 * sign * v if s in decl else -sign * v for s in range(4))  # type: ignore[return-value]


# --- strategies: valid hands built from the deck's possible totals --------------------------


@st.composite
def points_and_tricks(draw: st.DrawFn, play: Play) -> tuple[int | None, int | None]:
    if play is Play.NONE:
        return None, None
    tricks = draw(st.integers(0, 4))
    points = draw(st.sampled_from(sorted(possible_points()[tricks])))
    if play is Play.POINTS:
        return points, draw(st.sampled_from([tricks, None]))
    form = draw(st.sampled_from(["both", "tricks", "points"]))
    return (None if form == "tricks" else points), (None if form == "points" else tricks)


@st.composite
def hands(draw: st.DrawFn, contracts: tuple[Contract, ...] = tuple(Contract)) -> Hand:
    contract = draw(st.sampled_from(contracts))
    size = contract.info.side_size
    declarers = tuple(draw(st.permutations(range(4)))[:size])
    if contract is Contract.ZW:
        declarers = tuple(sorted(declarers))
    points, tricks = draw(points_and_tricks(contract.info.play))
    if draw(st.booleans()):
        contras, callers = draw(st.integers(0, 6)), None
    else:
        contras, callers = 0, tuple(draw(st.lists(st.integers(0, 3), min_size=1, max_size=6)))
    kara = size == 1 and draw(st.integers(0, 4)) == 0
    return Hand(contract, declarers, points, tricks, contras, callers, kara)


def entries() -> st.SearchStrategy[Entry]:
    adjustments = st.lists(st.integers(-500, 500), min_size=3, max_size=3).map(
        lambda d: Adjustment((d[0], d[1], d[2], -sum(d)))
    )
    return st.one_of(hands(), st.builds(Penalty, st.integers(0, 3)), adjustments)


# --- properties ---------------------------------------------------------------------------


# (each test checks every property of what it draws: one example drawn, several checked)


@FAST
@given(st.sampled_from(SYSTEMS), hands())
def test_scoring_agrees_with_the_reference_and_a_soloist_pays_each_opponent(
    system: str, hand: Hand
) -> None:
    """Scored as the reference scores it; a soloist wins or loses three times what each
    opponent does, a pair each once."""
    expected = reference(system, hand)
    try:
        outcome = score(hand, builtin(system))
    except RuleError:
        assert expected is None
        return
    assert outcome.deltas == expected
    soloist = hand.declarers[0]
    others = [d for s, d in enumerate(outcome.deltas) if s not in hand.declarers]
    if len(hand.declarers) == 1:
        assert (outcome.deltas[soloist], set(others)) == (-3 * others[0], {others[0]})
    else:
        pair = [outcome.deltas[s] for s in hand.declarers]
        assert (pair[0], pair[1], set(others)) == (-others[0], -others[0], {others[0]})


@FAST
@given(st.sampled_from(SYSTEMS), entries())
def test_every_scored_entry_sums_to_zero_and_is_told_in_both_languages(
    system: str, entry: Entry
) -> None:
    """Whatever scores sums to zero and has an explanation and a derivation, in Polish and
    in English."""
    rules = builtin(system)
    try:
        outcome = score(entry, rules)
    except RuleError:
        return
    assert sum(outcome.deltas) == 0
    for language in ("en", "pl"):
        with i18n.speaking(language):
            assert explanation(entry, outcome, rules) and all(derivation(entry, outcome, rules))


@FAST
@given(entries())
def test_the_notation_round_trips_and_is_canonical(entry: Entry) -> None:
    """Parsing what is formatted gives the entry back (with seat letters and with names);
    formatting what is parsed gives the same text."""
    assert parse_hand(format_hand(entry)) == entry
    assert parse_hand(format_hand(entry, NAMES), NAMES) == entry
    text = format_hand(entry)
    assert format_hand(parse_hand(text)) == text
