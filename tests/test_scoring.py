"""scoring.py: literal hands for every contract under every rule system, values from RULES.md.

Every expected number below was worked out by hand from the tables of RULES.md (§3.4 plb,
§4.1 mester, §5.4 pagat) and the counting rule of §1.4, never by running the code.
"""

from __future__ import annotations

import pytest

from baska_cli import i18n
from baska_cli.errors import BaskaError, RuleError
from baska_cli.game.model import Contract, Entry, Hand, Side
from baska_cli.game.notation import parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.render.explain import derivation, explanation
from baska_cli.render.outcome import outcome_record
from baska_cli.rulesets.loader import builtin, house_rules

W, L = "declarers", "opponents"  # the winner


def said(text: str, rules: RuleSet, language: str = "en") -> tuple[str, list[str]]:
    """A hand scored, then its explanation and derivation in `language`."""
    entry = parse_hand(text)
    outcome = score(entry, rules)
    with i18n.speaking(language):
        return explanation(entry, outcome, rules), derivation(entry, outcome, rules)


EX, NE, NB = "exit", "noexit", "nobitka"

# (system, hand, deltas A B C D, winner, margin, value per player/opponent, counted contras)
Case = tuple[str, str, tuple[int, int, int, int], str, str | None, int, int]

PLB: list[Case] = [
    # zwykła: 53 wins; 52:52 goes to the młodzi; wyjście 26 (młodzi) / 27 (starzy)
    ("plb", "zw A+C 53", (1, -1, 1, -1), W, EX, 1, 0),
    ("plb", "zw A+C 53/2", (1, -1, 1, -1), W, EX, 1, 0),
    ("plb", "zw A+C 52", (-2, 2, -2, 2), L, EX, 2, 0),
    ("plb", "zw A+C 52 k", (-4, 4, -4, 4), L, EX, 4, 1),
    ("plb", "zw A+C 52 kr", (-8, 8, -8, 8), L, EX, 8, 2),
    ("plb", "zw A+C 52 krbh", (-32, 32, -32, 32), L, EX, 32, 4),
    ("plb", "zw A+C 78", (1, -1, 1, -1), W, EX, 1, 0),
    ("plb", "zw A+C 79", (2, -2, 2, -2), W, NE, 2, 0),
    ("plb", "zw A+C 96/3", (2, -2, 2, -2), W, NE, 2, 0),
    ("plb", "zw A+C 104", (3, -3, 3, -3), W, NB, 3, 0),
    ("plb", "zw A+C 104/4 krbh", (48, -48, 48, -48), W, NB, 48, 4),
    ("plb", "zw A+C 27", (-2, 2, -2, 2), L, EX, 2, 0),
    ("plb", "zw A+C 26", (-4, 4, -4, 4), L, NE, 4, 0),
    ("plb", "zw A+C 8/1", (-4, 4, -4, 4), L, NE, 4, 0),
    ("plb", "zw A+C 0", (-6, 6, -6, 6), L, NB, 6, 0),
    ("plb", "zw A+C 0/0 krbh", (-96, 96, -96, 96), L, NB, 96, 4),
    ("plb", "zw B+D 60 k", (-2, 2, -2, 2), W, EX, 2, 1),
    ("plb", "zw C+A 61 krb", (8, -8, 8, -8), W, EX, 8, 3),
    ("plb", "zw C+D 26/1", (4, 4, -4, -4), L, NE, 4, 0),
    ("plb", "zw C+D 27/1", (2, 2, -2, -2), L, EX, 2, 0),
    # callers: runs of one side count once; a declarer may open in zwykła (OPEN O-26)
    ("plb", "zw A+C 61 k:B", (2, -2, 2, -2), W, EX, 2, 1),
    ("plb", "zw A+C 61 k:B,D", (2, -2, 2, -2), W, EX, 2, 1),
    ("plb", "zw A+C 61 k:B,D,A,C", (4, -4, 4, -4), W, EX, 4, 2),
    ("plb", "zw A+C 61 k:A", (2, -2, 2, -2), W, EX, 2, 1),
    ("plb", "zw A+C 61 k:A,B,C,D", (16, -16, 16, -16), W, EX, 16, 4),
    ("plb", "zw A+C 61 k:B,A,D,C", (16, -16, 16, -16), W, EX, 16, 4),
    ("plb", "zw A+C 61 k:B,A,B", (8, -8, 8, -8), W, EX, 8, 3),
    # wesele: the wedding pair counts as starzy
    ("plb", "we A+C 26", (-4, 4, -4, 4), L, NE, 4, 0),
    ("plb", "we C+A 61 kr", (4, -4, 4, -4), W, EX, 4, 2),
    ("plb", "we B+D 27", (2, -2, 2, -2), L, EX, 2, 0),
    ("plb", "we B+D 52", (2, -2, 2, -2), L, EX, 2, 0),
    ("plb", "we A+D 78/3", (1, -1, -1, 1), W, EX, 1, 0),
    ("plb", "we A+C 61 k:A", (2, -2, 2, -2), W, EX, 2, 1),
    # cicha: 4 won, 8 lost (×2); no margins in a solo; up to hirsz
    ("plb", "ci A 53", (12, -4, -4, -4), W, None, 4, 0),
    ("plb", "ci A 52", (-24, 8, 8, 8), L, None, 8, 0),
    ("plb", "ci A 0", (-24, 8, 8, 8), L, None, 8, 0),
    ("plb", "ci A 104", (12, -4, -4, -4), W, None, 4, 0),
    ("plb", "ci A 104 krbh", (192, -64, -64, -64), W, None, 64, 4),
    ("plb", "ci A 50 krbh", (-384, 128, 128, 128), L, None, 128, 4),
    ("plb", "ci A 61 k:B,A,C,A", (192, -64, -64, -64), W, None, 64, 4),
    ("plb", "ci A 70 k:B,A", (48, -16, -16, -16), W, None, 16, 2),
    ("plb", "ci C 52 k", (16, 16, -48, 16), L, None, 16, 1),
    # gran, zolo: 5 won, 10 lost; at most rekontra
    ("plb", "gr B 53", (-5, 15, -5, -5), W, None, 5, 0),
    ("plb", "gr B 52", (10, -30, 10, 10), L, None, 10, 0),
    ("plb", "gr B 52 kr", (40, -120, 40, 40), L, None, 40, 2),
    ("plb", "gr B 104 kr", (-20, 60, -20, -20), W, None, 20, 2),
    ("plb", "zo D 0", (10, 10, 10, -30), L, None, 10, 0),
    ("plb", "zo D 53 k", (-10, -10, -10, 30), W, None, 10, 1),
    ("plb", "zo D 52 k", (20, 20, 20, -60), L, None, 20, 1),
    ("plb", "zo B 70 k:A,C", (-10, 30, -10, -10), W, None, 10, 1),
    ("plb", "zo B 70 k:A,C,D", (-10, 30, -10, -10), W, None, 10, 1),
    ("plb", "zo B 70 k:A,B", (-20, 60, -20, -20), W, None, 20, 2),
    ("plb", "zo B 70 k:A,C,B", (-20, 60, -20, -20), W, None, 20, 2),
    # du: decided by tricks; points alone: 104 won, anything else lost
    ("plb", "gd A /4", (30, -10, -10, -10), W, None, 10, 0),
    ("plb", "gd A 104", (30, -10, -10, -10), W, None, 10, 0),
    ("plb", "gd A 104/4 kr", (120, -40, -40, -40), W, None, 40, 2),
    ("plb", "gd A 96", (-60, 20, 20, 20), L, None, 20, 0),
    ("plb", "gd A /3 kr", (-240, 80, 80, 80), L, None, 80, 2),
    ("plb", "zd C 104 k", (-20, -20, 60, -20), W, None, 20, 1),
    ("plb", "zd C 92", (20, 20, -60, 20), L, None, 20, 0),
    ("plb", "zd C 52", (20, 20, -60, 20), L, None, 20, 0),
    ("plb", "zd C 0", (20, 20, -60, 20), L, None, 20, 0),
    ("plb", "zd C /0", (20, 20, -60, 20), L, None, 20, 0),
    # baśka: always won, 10
    ("plb", "ba D", (-10, -10, -10, 30), W, None, 10, 0),
    ("plb", "ba A", (30, -10, -10, -10), W, None, 10, 0),
]

MESTER: list[Case] = [
    ("mester", "zw A+C 53", (1, -1, 1, -1), W, EX, 1, 0),
    ("mester", "zw A+C 52", (-2, 2, -2, 2), L, EX, 2, 0),
    ("mester", "zw A+C 52 k", (-4, 4, -4, 4), L, EX, 4, 1),
    ("mester", "zw A+C 26 krbh", (-64, 64, -64, 64), L, NE, 64, 4),
    ("mester", "zw A+C 27 krbh", (-32, 32, -32, 32), L, EX, 32, 4),
    ("mester", "zw A+C 79 krbh", (32, -32, 32, -32), W, NE, 32, 4),
    ("mester", "zw A+C 78 krbh", (16, -16, 16, -16), W, EX, 16, 4),
    ("mester", "zw A+C 104 krb", (24, -24, 24, -24), W, NB, 24, 3),
    ("mester", "zw A+C 0 kr", (-24, 24, -24, 24), L, NB, 24, 2),
    ("mester", "zw B+D 20/1 k:A,B,C,D", (64, -64, 64, -64), L, NE, 64, 4),
    # one player twice in a row is allowed in mester and counts once
    ("mester", "zw A+C 61 k:B,B", (2, -2, 2, -2), W, EX, 2, 1),
    ("mester", "zw A+C 61 k:B,B,A,A", (4, -4, 4, -4), W, EX, 4, 2),
    ("mester", "we A+B 26/1", (-4, -4, 4, 4), L, NE, 4, 0),
    ("mester", "we C+D 78", (-1, -1, 1, 1), W, EX, 1, 0),
    # cicha: 4, symmetric loss, at most bok (k ≤ 3)
    ("mester", "ci C 45", (4, 4, -12, 4), L, None, 4, 0),
    ("mester", "ci C 53", (-4, -4, 12, -4), W, None, 4, 0),
    ("mester", "ci C 52 krb", (32, 32, -96, 32), L, None, 32, 3),
    ("mester", "ci C 66/2 k:A,C,B", (-32, -32, 96, -32), W, None, 32, 3),
    ("mester", "ci C 70 k:A,B,C", (-16, -16, 48, -16), W, None, 16, 2),
    ("mester", "ci C 70 k:A,A,C", (-16, -16, 48, -16), W, None, 16, 2),
    # gran, zolo: 5, symmetric, at most rekontra
    ("mester", "zo A 40 kr", (-60, 20, 20, 20), L, None, 20, 2),
    ("mester", "zo A 40/1 k:B,A", (-60, 20, 20, 20), L, None, 20, 2),
    ("mester", "zo A 52", (-15, 5, 5, 5), L, None, 5, 0),
    ("mester", "zo A 70 k:A,A", (30, -10, -10, -10), W, None, 10, 1),
    ("mester", "gr D 68/3 k:A", (-10, -10, -10, 30), W, None, 10, 1),
    ("mester", "gr D 0", (5, 5, 5, -15), L, None, 5, 0),
    # du: 10, symmetric
    ("mester", "gd B 104/4 kr", (-40, 120, -40, -40), W, None, 40, 2),
    ("mester", "gd B /3", (10, -30, 10, 10), L, None, 10, 0),
    ("mester", "zd B 104", (-10, 30, -10, -10), W, None, 10, 0),
    ("mester", "zd B 96 k", (20, -60, 20, 20), L, None, 20, 1),
    # honours
    ("mester", "zb A", (15, -5, -5, -5), W, None, 5, 0),
    ("mester", "me C", (-10, -10, 30, -10), W, None, 10, 0),
    ("mester", "ba D", (-10, -10, -10, 30), W, None, 10, 0),
    # 7I: an erring soloist loses his contract at the contras reached (no 12/4 on top)
    ("mester", "zo A 70 kara", (-15, 5, 5, 5), L, None, 5, 0),
    ("mester", "zo A 70 k kara", (-30, 10, 10, 10), L, None, 10, 1),
    ("mester", "zo A 70 kr kara", (-60, 20, 20, 20), L, None, 20, 2),
    ("mester", "gr A 70 kara", (-15, 5, 5, 5), L, None, 5, 0),
    ("mester", "ci C 70 krb kara", (32, 32, -96, 32), L, None, 32, 3),
    ("mester", "gd B /4 kara", (10, -30, 10, 10), L, None, 10, 0),
    ("mester", "zd D 104 kara k", (20, 20, 20, -60), L, None, 20, 1),
]

PAGAT: list[Case] = [
    # 52:52: the side of the last doubling loses; with none, the declarers lose.
    # Counted k: odd → the opponents doubled last, even → the declarers.
    ("pagat", "zw A+C 52", (-2, 2, -2, 2), L, EX, 2, 0),
    ("pagat", "zw A+C 52 k", (2, -2, 2, -2), W, EX, 2, 1),
    ("pagat", "zw A+C 52 kr", (-8, 8, -8, 8), L, EX, 8, 2),
    ("pagat", "zw A+C 52 krb", (8, -8, 8, -8), W, EX, 8, 3),
    ("pagat", "zw A+C 52 krbh", (-32, 32, -32, 32), L, EX, 32, 4),
    ("pagat", "zw A+C 52 k:B", (2, -2, 2, -2), W, EX, 2, 1),
    ("pagat", "zw A+C 52 k:B,D", (2, -2, 2, -2), W, EX, 2, 1),
    ("pagat", "zw A+C 52 k:B,B", (2, -2, 2, -2), W, EX, 2, 1),
    ("pagat", "zw A+C 52 k:A", (-4, 4, -4, 4), L, EX, 4, 1),
    ("pagat", "zw A+C 52 k:B,A", (-8, 8, -8, 8), L, EX, 8, 2),
    ("pagat", "zw A+C 52 k:B,D,A,C", (-8, 8, -8, 8), L, EX, 8, 2),
    ("pagat", "zw A+C 52 k:A,B,C", (-16, 16, -16, 16), L, EX, 16, 3),
    ("pagat", "zw A+C 52 k:A,B", (4, -4, 4, -4), W, EX, 4, 2),
    ("pagat", "we A+D 52 k", (2, -2, -2, 2), W, EX, 2, 1),
    ("pagat", "we A+D 52", (-2, 2, 2, -2), L, EX, 2, 0),
    # wyjście 26 for both sides: "25 or fewer" doubles
    ("pagat", "zw A+C 26", (-2, 2, -2, 2), L, EX, 2, 0),
    ("pagat", "zw A+C 25", (-4, 4, -4, 4), L, NE, 4, 0),
    ("pagat", "zw A+C 0", (-6, 6, -6, 6), L, NB, 6, 0),
    ("pagat", "zw A+C 78", (1, -1, 1, -1), W, EX, 1, 0),
    ("pagat", "zw A+C 79", (2, -2, 2, -2), W, NE, 2, 0),
    ("pagat", "zw A+C 104 krbh", (48, -48, 48, -48), W, NB, 48, 4),
    ("pagat", "zw C+D 26/1", (2, 2, -2, -2), L, EX, 2, 0),
    # solos: bases 4/5/5/10/10/10, a lost solo pays ×3; the tie rule applies to point solos
    ("pagat", "ci B 70", (-4, 12, -4, -4), W, None, 4, 0),
    ("pagat", "ci B 40", (12, -36, 12, 12), L, None, 12, 0),
    ("pagat", "ci B 52", (12, -36, 12, 12), L, None, 12, 0),
    ("pagat", "ci B 52 k", (-8, 24, -8, -8), W, None, 8, 1),
    ("pagat", "ci B 52 kr", (48, -144, 48, 48), L, None, 48, 2),
    ("pagat", "ci B 52 k:B", (24, -72, 24, 24), L, None, 24, 1),
    ("pagat", "gr C 52 k:A", (-10, -10, 30, -10), W, None, 10, 1),
    ("pagat", "gr C 52 k:C", (30, 30, -90, 30), L, None, 30, 1),
    ("pagat", "zo A 70 krbh", (240, -80, -80, -80), W, None, 80, 4),
    ("pagat", "zo A 40 krbh", (-720, 240, 240, 240), L, None, 240, 4),
    ("pagat", "zo A 53", (15, -5, -5, -5), W, None, 5, 0),
    # du: decided by tricks even at 52 points, whoever doubled last
    ("pagat", "zd D 104 krbh", (-160, -160, -160, 480), W, None, 160, 4),
    ("pagat", "zd D /3", (30, 30, 30, -90), L, None, 30, 0),
    ("pagat", "zd D 80/3", (30, 30, 30, -90), L, None, 30, 0),
    ("pagat", "zd D 52", (30, 30, 30, -90), L, None, 30, 0),
    ("pagat", "zd D 52 k", (60, 60, 60, -180), L, None, 60, 1),
    ("pagat", "gd A 104", (30, -10, -10, -10), W, None, 10, 0),
    ("pagat", "gd A /0 kr", (-360, 120, 120, 120), L, None, 120, 2),
    ("pagat", "ba A", (30, -10, -10, -10), W, None, 10, 0),
]

CASES = PLB + MESTER + PAGAT


@pytest.mark.parametrize(
    ("system", "text", "deltas", "winner", "margin", "value", "k"),
    CASES,
    ids=[f"{c[0]}:{c[1]}" for c in CASES],
)
def test_hand(
    system: str,
    text: str,
    deltas: tuple[int, int, int, int],
    winner: str,
    margin: str | None,
    value: int,
    k: int,
) -> None:
    outcome = score(parse_hand(text), builtin(system))
    actual = (
        outcome.deltas,
        outcome.winner.value if outcome.winner else None,
        outcome.margin.value if outcome.margin else None,
        outcome.value,
        outcome.contras,
    )
    assert actual == (deltas, winner, margin, value, k)


def test_every_case_sums_to_zero() -> None:
    assert [c[1] for c in CASES if sum(c[2]) != 0] == []


@pytest.mark.parametrize("system", ["plb", "mester", "pagat"])
def test_every_contract_of_every_system_has_a_case(system: str) -> None:
    hands = [parse_hand(c[1]) for c in CASES if c[0] == system]
    covered = {h.contract for h in hands if isinstance(h, Hand)}
    assert covered == set(builtin(system).contracts)


# --- special entries ---------------------------------------------------------------------

SPECIAL = [
    ("mester", "kara C", (4, 4, -12, 4)),
    ("mester", "kara 1", (-12, 4, 4, 4)),
    ("plb", "adj A+4 B-12 C+4 D+4", (4, -12, 4, 4)),
    ("mester", "adj A+4 B-4", (4, -4, 0, 0)),
    ("pagat", "adj D+100 A-100", (-100, 0, 0, 100)),
]


@pytest.mark.parametrize(("system", "text", "deltas"), SPECIAL)
def test_special_entry(system: str, text: str, deltas: tuple[int, int, int, int]) -> None:
    assert score(parse_hand(text), builtin(system)).deltas == deltas


# --- hands a rule system must reject: the error class and a fragment of its message --------

REJECTED = [
    # contra limits, never silently capped
    ("plb", "zo D 70 krb", "allows at most 2 (kontra, rekontra)"),
    ("plb", "zo D 70 krb", '"krb": 3 counted contras'),
    ("plb", "zw A+C 61 k5", "allows at most 4 (kontra, rekontra, bok, hirsz)"),
    ("plb", "zw A+C 61 k:B,A,D,C,B", "5 counted contras"),
    ("plb", "zo A 70 k:B,A,B", "3 counted contras"),
    ("plb", "ba A k", "allows no contra"),
    ("mester", "ci A 70 krbh", "allows at most 3 (kontra, rekontra, bok)"),
    ("mester", "ci C 70 k:A,C,B,C", "4 counted contras"),
    ("mester", "zo A 70 krb", "at most 2"),
    ("mester", "gd A /4 krb", "at most 2"),
    ("mester", "ba A k", "allows no contra"),
    ("mester", "me A k", "allows no contra"),
    ("mester", "zb A k", "allows no contra"),
    ("pagat", "zw A+C 61 k5", "at most 4"),
    ("pagat", "zo A 70 k5", "at most 4"),
    ("pagat", "ba A k", "allows no contra"),
    # who may call
    ("plb", "zo D 70 k:D", "only an opponent of D may give the first contra"),
    ("plb", "gr D 70 k:D,A", "only an opponent of D"),
    ("plb", "zd D /4 k:D", "only an opponent of D"),
    ("plb", "gd D /4 k:D", "only an opponent of D"),
    ("plb", "ci A 70 k:A", "only an opponent of A"),
    ("mester", "ci C 70 k:C", "only an opponent of C"),
    ("plb", "zw A+C 70 k:A,A", "A gives two doubling calls in a row"),
    ("plb", "zw A+C 70 k:B,A,A", "two doubling calls in a row"),
    ("plb", "zo A 70 k:B,B", "two doubling calls in a row"),
    # contracts missing from a system name the systems that have them
    ("plb", "me A", 'is not a contract of the rule system "plb"; it is played in mester'),
    ("plb", "zb A", "it is played in mester"),
    ("pagat", "me A", 'is not a contract of the rule system "pagat"; it is played in mester'),
    ("pagat", "zb A", "it is played in mester"),
    # kara
    ("plb", "kara C", '"plb" has no penalty'),
    ("pagat", "kara C", '"pagat" has no penalty'),
    ("plb", "zo A 70 kara", '"plb" has no penalty'),
    ("pagat", "zo A 70 kara", '"pagat" has no penalty'),
    ("mester", "zw A+C 61 kara", '"kara X"'),
    ("mester", "we A+C 61 kara", '"kara X"'),
    ("mester", "ba D kara", '"kara'),
    ("mester", "me D kara", '"kara'),
    ("mester", "zb D kara", '"kara'),
]


@pytest.mark.parametrize(
    ("system", "text", "fragment"), REJECTED, ids=[f"{r[0]}:{r[1]}" for r in REJECTED]
)
def test_rejected(system: str, text: str, fragment: str) -> None:
    with pytest.raises(RuleError) as info:
        score(parse_hand(text), builtin(system))
    assert fragment in str(info.value)


def test_a_hand_built_without_the_parser_is_checked_too() -> None:
    hand = Hand(Contract.ZO, (0,), 70, None, 3)
    with pytest.raises(BaskaError) as info:
        score(hand, builtin("plb"))
    assert "3 counted contras" in str(info.value)


# --- house rules change the numbers ------------------------------------------------------

HOUSE = [
    # exit thresholds
    ('base = "plb"\nexit_old = 26', "zw C+D 26/1", (2, 2, -2, -2)),
    ('base = "plb"\nexit_young = 30', "zw A+C 76", (2, -2, 2, -2)),
    ('base = "pagat"\nexit_old = 27', "zw C+D 26/1", (4, 4, -4, -4)),
    # the 52:52 rule
    ('base = "plb"\ntie_52 = "last_doubler_loses"', "zw A+C 52 k", (2, -2, 2, -2)),
    ('base = "plb"\ntie_52 = "last_doubler_loses"', "zo D 52 k", (-10, -10, -10, 30)),
    ('base = "pagat"\ntie_52 = "opponents_win"', "zw A+C 52 k", (-4, 4, -4, 4)),
    # the loss multiplier
    ('base = "plb"\nsolo_loss_multiplier = 1', "ci A 50", (-12, 4, 4, 4)),
    ('base = "mester"\nsolo_loss_multiplier = 2', "zo A 40", (-30, 10, 10, 10)),
    ('base = "pagat"\nsolo_loss_multiplier = 1', "zd D 80/3", (10, 10, 10, -30)),
    # bases
    ('base = "plb"\n[contracts.zo]\nbase = 7', "zo A 70 k", (42, -14, -14, -14)),
    (
        'base = "plb"\n[pair]\nopponents_win = { exit = 3, noexit = 5, nobitka = 7 }',
        "zw A+C 0",
        (-7, 7, -7, 7),
    ),
    # contra limits, Słup
    ('base = "pagat"\nslup = true', "zw A+C 61 k6", (64, -64, 64, -64)),
    ('base = "pagat"\nslup = true', "ci A 70 k5", (384, -128, -128, -128)),
    ('base = "plb"\nslup = true', "zw A+C 61 k5", (32, -32, 32, -32)),
    ('base = "plb"\n[contracts.zw]\nmax_contras = 6', "zw A+C 61 k6", (64, -64, 64, -64)),
    ('base = "plb"\nsame_player_twice = true', "zw A+C 70 k:A,A", (2, -2, 2, -2)),
    # 7N strict still allows uncontra'd solos and contras on cicha
    ('base = "mester"\nrule_7n_strict = true', "zo A 70", (15, -5, -5, -5)),
    ('base = "mester"\nrule_7n_strict = true', "ci C 70 k", (-8, -8, 24, -8)),
    # a higher win threshold: below it the declarers lose, it is not a 52:52 tie
    ('base = "pagat"\nwin_points = 60', "zo A 55 k", (-90, 30, 30, 30)),
    ('base = "pagat"\nwin_points = 60', "zw A+C 55 k", (-4, 4, -4, 4)),
    ('base = "plb"\nwin_points = 60', "zw A+C 60", (1, -1, 1, -1)),
]


@pytest.mark.parametrize(("toml", "text", "deltas"), HOUSE, ids=[f"{h[0]!r}:{h[1]}" for h in HOUSE])
def test_house_rules_hand(toml: str, text: str, deltas: tuple[int, int, int, int]) -> None:
    assert score(parse_hand(text), house_rules(toml, "house.toml")).deltas == deltas


HOUSE_REJECTED = [
    ('base = "plb"\nno_gran = true', "gr A 70", 'not a contract of the rule system "house"'),
    ('base = "plb"\nno_gran = true', "gr A 70", "it is played in plb, mester, pagat"),
    ('base = "plb"\nno_gran = true', "gd A /4", "it is played in plb, mester, pagat"),
    ('base = "mester"\nrule_7n_strict = true', "zo A 70 k", "allows no contra"),
    ('base = "mester"\nrule_7n_strict = true', "gd A /4 k", "allows no contra"),
    ('base = "plb"\nslup = true', "zo A 70 krb", "at most 2"),
    ('base = "pagat"\nslup = true', "ba A k", "allows no contra"),
    ('base = "plb"\n[contracts.zw]\nmax_contras = 6', "zw A+C 61 k7", "at most 6"),
    (
        'base = "mester"\n[contracts.zo]\nenabled = false',
        "zo A 70",
        "it is played in plb, mester, pagat",
    ),
]


@pytest.mark.parametrize(("toml", "text", "fragment"), HOUSE_REJECTED)
def test_house_rules_reject(toml: str, text: str, fragment: str) -> None:
    with pytest.raises(RuleError) as info:
        score(parse_hand(text), house_rules(toml, "house.toml"))
    assert fragment in str(info.value)


def test_named_players_appear_in_the_explanation() -> None:
    names = ("Ania", "Bartek", "Celina", "Darek")
    entry, rules = parse_hand("zo bar 70 k", names), builtin("plb")
    outcome = score(entry, rules, names)
    line = explanation(entry, outcome, rules, names)
    assert (outcome.deltas, "Bartek +30" in line) == ((-10, 30, -10, -10), True)


@pytest.mark.parametrize(
    ("system", "text", "english", "polish"),
    [
        ("plb", "zw A+C 52", "tie 52:52", "remis 52:52"),
        ("pagat", "zw A+C 52 k", "tie 52:52", "remis 52:52"),
        ("plb", "zw A+C 79", "won, młodzi bez wyjścia", "wygrana, młodzi bez wyjścia"),
        ("plb", "zw A+C 104", "bez bitki", "bez bitki"),
        ("plb", "ci A 50", "× 2 (lost)", "× 2 (przegrana)"),
        ("plb", "zo A 70 kr", "× 4 (rekontra)", "× 4 (rekontra)"),
        ("mester", "zo A 70 kara", "rule 7I of Baszka Méster Sport", "Baszka Méster Sport, pkt 7I"),
        ("mester", "kara C", "rule 7H of Baszka Méster Sport", "Baszka Méster Sport, pkt 7H"),
    ],
)
def test_explanation_says_why(system: str, text: str, english: str, polish: str) -> None:
    found = []
    for language in ("en", "pl"):
        line, steps = said(text, builtin(system), language)
        found.append(line + "\n".join(steps))
    assert (english in found[0], polish in found[1]) == (True, True)


# --- 52:52 under last_doubler_loses: counted contras say what they assume (issue 16, 8) ---


@pytest.mark.parametrize(
    ("hand", "assumed", "other"),
    [
        ("zw A+C 52 k", "ostatnia kontra: młodzi", "k:A"),
        ("zw A+C 52 kr", "ostatnia kontra: starzy", "k:B,A"),
        ("zw A+C 52 krb", "ostatnia kontra: młodzi", "k:A,B,A"),
        ("zo B 52 k", "ostatnia kontra: przeciwnicy", "k:B"),
    ],
)
def test_a_tie_with_counted_contras_says_which_side_it_assumed(
    hand: str, assumed: str, other: str
) -> None:
    line, steps = said(hand, builtin("pagat"), "pl")
    found = [step for step in steps if "zakładają" in step]
    assert len(found) == 1 and assumed in found[0] and found[0].endswith(f"np. {other}")
    assert "założone przy liczonych kontrach" in line
    line, steps = said(hand, builtin("pagat"))
    found = [step for step in steps if "assume" in step]
    assert len(found) == 1 and found[0].endswith(f"e.g. {other}")
    assert "assumed for counted contras" in line


def test_the_other_side_written_out_scores_the_other_way() -> None:
    rules = builtin("pagat")
    counted = score(parse_hand("zw A+C 52 k"), rules)
    written = score(parse_hand("zw A+C 52 k:A"), rules)
    assert (counted.winner, written.winner) == (Side.DECLARERS, Side.OPPONENTS)
    assert (counted.last_assumed, written.last_assumed) == (True, False)
    assert not any("assume" in step for step in said("zw A+C 52 k:A", rules)[1])
    assert not any("assume" in step for step in said("zw A+C 52", rules)[1])


# --- the explanation in the interface language; for scripts always in Polish (issue 12) ---


@pytest.mark.parametrize(
    ("system", "text", "english", "polish"),
    [
        (
            "plb",
            "zw A+C 79",
            "starzy 79 – won, młodzi bez wyjścia: 2 = 2 from each of młodzi",
            "starzy 79 – wygrana, młodzi bez wyjścia: 2 = 2 od każdego młodego",
        ),
        (
            "plb",
            "zw A+C 40",
            "starzy 40 – lost with wyjście: 2 = 2 to each of młodzi",
            "starzy 40 – przegrana z wyjściem: 2 = 2 dla każdego młodego",
        ),
        (
            "plb",
            "we A+D 70 kr",
            "the wedding pair 70 – won, młodzi with wyjście: 1 × 4 (rekontra) = 4 from each of "
            "młodzi",
            "weselnicy 70 – wygrana, młodzi z wyjściem: 1 × 4 (rekontra) = 4 od każdego młodego",
        ),
        (
            "plb",
            "zd C /1",
            "zolo du C 1 trick – lost: 10 × 2 (lost) = 20 to each, C -60",
            "zolo du C 1 lewa – przegrana: 10 × 2 (przegrana) = 20 dla każdego, C -60",
        ),
        (
            "plb",
            "zd C /0",
            "zolo du C 0 tricks – lost: 10 × 2 (lost) = 20 to each, C -60",
            "zolo du C 0 lew – przegrana: 10 × 2 (przegrana) = 20 dla każdego, C -60",
        ),
        (
            "plb",
            "ba D",
            "baśka D – won without play: 10 = 10 from each, D +30",
            "baśka D – wygrana bez rozgrywki: 10 = 10 od każdego, D +30",
        ),
        (
            "mester",
            "kara A",
            "kara A (the deal is void): A -12, each other player +4",
            "kara A (rozdanie unieważnione): A -12, pozostali po +4",
        ),
        (
            "plb",
            "adj A+4 B-12 C+4 D+4",
            "referee's adjustment (adj): A +4, B -12, C +4, D +4",
            "korekta sędziego (adj): A +4, B -12, C +4, D +4",
        ),
    ],
)
def test_the_explanation_in_both_languages(
    system: str, text: str, english: str, polish: str
) -> None:
    rules = builtin(system)
    shown = said(text, rules)[0], said(text, rules, "pl")[0]
    assert shown == (english, polish)


@pytest.mark.parametrize(
    ("hand", "counted"),
    [
        ("zw A+C 61", "kontry: bez kontry"),
        ("zw A+C 61 k", "kontry: 1 liczona kontra"),
        ("zw A+C 61 kr", "kontry: 2 liczone kontry"),
        ("zw A+C 61 krbh", "kontry: 4 liczone kontry"),
        ("zw A+C 61 k:B,A", "kontry: k:B,A → 2 liczone (kolejne kontry tej samej strony "
         "liczą się raz)"),
    ],
)  # fmt: skip
def test_polish_counts_contras_with_the_right_plural(hand: str, counted: str) -> None:
    assert said(hand, builtin("plb"), "pl")[1][1] == counted


def test_a_penalty_or_an_adjustment_explained_says_each_thing_once() -> None:
    for text, system in (("kara A", "mester"), ("adj A+4 B-12 C+4 D+4", "plb")):
        line, steps = said(text, builtin(system))
        assert line not in steps


def test_scripts_read_the_polish_explanation_whatever_the_interface_speaks() -> None:
    entry: Entry = parse_hand("zw A+C 61 k")
    rules = builtin("plb")
    outcome = score(entry, rules)
    with i18n.speaking("en"):
        record = outcome_record(entry, outcome, rules, ("A", "B", "C", "D"))
        shown = outcome_record(entry, outcome, rules, ("A", "B", "C", "D"), for_scripts=False)
    assert record["explanation"] == (
        "starzy 61 – wygrana, młodzi z wyjściem: 1 × 2 (kontra) = 2 od każdego młodego"
    )
    assert shown["explanation"] == (
        "starzy 61 – won, młodzi with wyjście: 1 × 2 (kontra) = 2 from each of młodzi"
    )


def test_kara_in_a_system_without_it_names_the_rulebook_that_has_it() -> None:
    with pytest.raises(RuleError) as info:
        score(parse_hand("kara C"), builtin("plb"))
    assert str(info.value) == (
        '"kara": the rule system "plb" has no penalty for a revoke; the mester system has one '
        "(rule 7H of Baszka Méster Sport): --rules mester"
    )


def test_a_contra_error_quotes_the_word_typed() -> None:
    with pytest.raises(RuleError) as info:
        score(parse_hand("zo A 70 bok"), builtin("plb"))
    assert str(info.value).startswith('"bok": 3 counted contras, but zolo under "plb"')


@pytest.mark.parametrize(
    ("toml", "cited"),
    [
        ('base = "mester"\nsame_player_twice = false', "rule 7H of Baszka Méster Sport"),
        ('base = "mester"\n[penalty]\noffender = -9\nothers = 3', "the house rules klub"),
        (
            'base = "plb"\n[penalty]\nenabled = true\noffender = -9\nothers = 3',
            "the house rules klub",
        ),
    ],
)
def test_a_penalty_cites_the_rule_of_the_system_in_use(toml: str, cited: str) -> None:
    rules = house_rules(toml, "klub.toml", default_name="klub")
    first = said("kara A", rules)[1][0]
    assert first == f"kara: A revoked ({cited}); the deal is void and not played on"


@pytest.mark.parametrize(
    ("count", "text", "said"),
    [
        (1, "ba A k", "„k”: 1 liczona kontra, a baśka według „plb” nie pozwala na kontry"),
        (2, "ba A kr", "„kr”: 2 liczone kontry, a baśka według „plb” nie pozwala na kontry"),
    ],
)
def test_a_contract_that_takes_no_contra_says_so_in_good_polish(
    count: int, text: str, said: str
) -> None:
    hand = parse_hand(text, ("A", "B", "C", "D"))
    with i18n.speaking("pl"), pytest.raises(RuleError) as error:
        score(hand, builtin("plb"))
    assert str(error.value) == said
