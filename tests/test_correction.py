"""correction.py: a correction typed as only the words that change, merged into a hand."""

from __future__ import annotations

import pytest

from baska_cli.errors import NotationError
from baska_cli.game.correction import correct, merged_text
from baska_cli.game.model import Contract, Hand
from baska_cli.game.notation import format_hand, parse_hand

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")

# (the hand recorded, what was typed, the corrected hand) — literal known cases
KNOWN = [
    ("zw A+C 61", "k", "zw Ania+Celina 61 k"),
    ("zw A+C 61 k", "kr", "zw Ania+Celina 61 kr"),
    ("zw A+C 61 k", "k0", "zw Ania+Celina 61"),
    ("zw A+C 61 k", "70", "zw Ania+Celina 70 k"),
    ("zw A+C 61", "70/3", "zw Ania+Celina 70/3"),
    ("zw A+C 61 k", "b+d", "zw Bartek+Darek 61 k"),
    ("zw A+C 61 k", "BD", "zw Bartek+Darek 61 k"),
    ("zw A+C 61", "k:B,A", "zw Ania+Celina 61 k:Bartek,Ania"),
    ("gr B 70", "zo", "zo Bartek 70"),
    ("gr B 70", "zolo", "zo Bartek 70"),
    ("ci B 70 kr", "cel", "ci Celina 70 kr"),
    ("zo B 70", "kara", "zo Bartek 70 kara"),
    ("zo B 70", "k 40", "zo Bartek 40 k"),
    ("zw A+C 61 k", "zw B+D", "zw Bartek+Darek 61 k"),  # not a whole hand: points kept
    ("zd C /3", "/4", "zd Celina /4"),
    # a whole hand's text replaces the hand, contras and all
    ("gr B 70 k", "zo C 40", "zo Celina 40"),
    ("zw A+C 61 k", "ci D 80", "ci Darek 80"),
    ("zw A+C 61", "kara B", "kara Bartek"),
    ("kara A", "kara B", "kara Bartek"),
    ("adj A+4 B-4", "adj A+2 B-2", "adj Ania+2 Bartek-2 Celina+0 Darek+0"),
]


@pytest.mark.parametrize(("was", "typed", "expected"), KNOWN)
def test_known_corrections(was: str, typed: str, expected: str) -> None:
    old = parse_hand(was, PLAYERS)
    assert format_hand(correct(old, typed, PLAYERS), PLAYERS) == expected


def test_merged_text_keeps_what_is_not_typed() -> None:
    old = parse_hand("zw A+C 61 k", PLAYERS)
    assert isinstance(old, Hand)
    assert merged_text(old, "70", PLAYERS) == "zw Ania+Celina 70 k"
    assert merged_text(old, "kara", PLAYERS) == "zw Ania+Celina 61 k kara"


BAD = [
    (
        "zw A+C 61",
        "zo",
        '"zo" as a correction of "zw Ania+Celina 61": "Ania+Celina": zolo (zo) is played by '
        "one player, e.g. B; players: 1=Ania, 2=Bartek, 3=Celina, 4=Darek",
    ),
    (
        "zw A+C 61",
        "65",
        '"65" as a correction of "zw Ania+Celina 61": "65": no side can take exactly 65 card '
        "points with this deck; the nearest possible totals are 64 or 66",
    ),
    (
        "zw A+C 61",
        "k kr",
        '"k kr" as a correction of "zw Ania+Celina 61": "kr": this correction gives the '
        "contras twice",
    ),
    (
        "zw A+C 61",
        "70 80",
        '"70 80" as a correction of "zw Ania+Celina 61": "80": this correction gives the '
        "points twice",
    ),
    (
        "zw A+C 61",
        "zw B+D 65",
        '"65": no side can take exactly 65 card points with this deck; the nearest possible '
        "totals are 64 or 66",
    ),
    (
        "kara A",
        "k",
        '"k" is not a contract; expected one of zw, we, ci, gr, zo, gd, zd, ba, me, zb '
        '("kara Ania" is no played hand: type its whole corrected text)',
    ),
    ("zw A+C 61", "", 'an empty hand; expected e.g. "zw A+C 61 k"'),
]


@pytest.mark.parametrize(("was", "typed", "message"), BAD)
def test_bad_corrections_quote_what_was_typed(was: str, typed: str, message: str) -> None:
    old = parse_hand(was, PLAYERS)
    with pytest.raises(NotationError) as raised:
        correct(old, typed, PLAYERS)
    assert str(raised.value) == message


def test_a_contract_the_rules_lack_is_a_player_in_the_side_s_place() -> None:
    players = ("Łucja", "Żaneta", "Zbigniew", "Ścibor")
    plb = [c for c in Contract if c not in (Contract.ME, Contract.ZB)]
    old = parse_hand("zo Ścibor 55 k:Łucja,Ścibor", players)
    amended = correct(old, "zb", players, plb)
    assert format_hand(amended, players) == "zo Zbigniew 55 k:Łucja,Ścibor"
    with pytest.raises(NotationError):  # every contract: `zb` is zolo bieda, which takes no points
        correct(old, "zb", players)
