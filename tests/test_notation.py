"""notation.py: every "must accept" form of NOTATION.md, the canonical form, and the errors."""

from __future__ import annotations

import pytest

from baska_cli import i18n
from baska_cli.errors import BaskaError, NotationError
from baska_cli.game.model import Adjustment, Contract, Entry, Hand, Penalty
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.seats import player_seat

NAMES = ("Ania", "Bartek", "Celina", "Darek")
A, B, C, D = 0, 1, 2, 3

# --- contracts: every alias of NOTATION.md's table, with and without diacritics -------------

ALIASES = [
    ("zw", Contract.ZW, ["zw", "zwykla", "zwykła", "normal", "ZW", "Zwykła", "ZWYKŁA"]),
    ("we", Contract.WE, ["we", "wesele", "wedding", "WESELE"]),
    ("ci", Contract.CI, ["ci", "cicha", "silent", "Cicha"]),
    ("gr", Contract.GR, ["gr", "gran", "GRAN"]),
    ("zo", Contract.ZO, ["zo", "zolo", "Zolo"]),
    ("gd", Contract.GD, ["gd", "grandu", "gran-du", "GRAN-DU"]),
    ("zd", Contract.ZD, ["zd", "zolodu", "zolo-du", "Zolo-Du"]),
    ("ba", Contract.BA, ["ba", "baska", "baśka", "baszka", "BAŚKA"]),
    ("me", Contract.ME, ["me", "mester", "méster", "MÉSTER"]),
    ("zb", Contract.ZB, ["zb", "bieda", "zolo-bieda", "Zolo-Bieda"]),
]
ALIAS_CASES = [(word, contract) for _, contract, words in ALIASES for word in words]
REST = {
    Contract.ZW: ("A+C 61", (A, C), 61, None),
    Contract.WE: ("C+A 61", (C, A), 61, None),
    Contract.CI: ("B 40", (B,), 40, None),
    Contract.GR: ("B 40", (B,), 40, None),
    Contract.ZO: ("B 40", (B,), 40, None),
    Contract.GD: ("B /4", (B,), None, 4),
    Contract.ZD: ("B /4", (B,), None, 4),
    Contract.BA: ("D", (D,), None, None),
    Contract.ME: ("D", (D,), None, None),
    Contract.ZB: ("D", (D,), None, None),
}


@pytest.mark.parametrize(("word", "contract"), ALIAS_CASES)
def test_contract_alias(word: str, contract: Contract) -> None:
    rest, declarers, points, tricks = REST[contract]
    expected = Hand(contract, declarers, points, tricks)
    assert parse_hand(f"{word} {rest}") == expected


# --- known pairs: text -> entry -> canonical text --------------------------------------------

KNOWN: list[tuple[str, Entry, str]] = [
    # the six lines at the top of NOTATION.md
    ("zw A+C 61 k", Hand(Contract.ZW, (A, C), 61, None, 1), "zw A+C 61 k"),
    ("ci B 40", Hand(Contract.CI, (B,), 40), "ci B 40"),
    ("we A+D 70/3 kr", Hand(Contract.WE, (A, D), 70, 3, 2), "we A+D 70/3 kr"),
    ("zd C /4", Hand(Contract.ZD, (C,), None, 4), "zd C /4"),
    ("ba D", Hand(Contract.BA, (D,)), "ba D"),
    ("zo B 77 k:A,B", Hand(Contract.ZO, (B,), 77, None, 0, (A, B)), "zo B 77 k:A,B"),
    # counted contras, by letters and by number
    ("zw A+C 61", Hand(Contract.ZW, (A, C), 61), "zw A+C 61"),
    ("zw A+C 61 kr", Hand(Contract.ZW, (A, C), 61, None, 2), "zw A+C 61 kr"),
    ("zw A+C 61 krb", Hand(Contract.ZW, (A, C), 61, None, 3), "zw A+C 61 krb"),
    ("zw A+C 61 krbh", Hand(Contract.ZW, (A, C), 61, None, 4), "zw A+C 61 krbh"),
    ("zw A+C 61 k0", Hand(Contract.ZW, (A, C), 61), "zw A+C 61"),
    ("zw A+C 61 k1", Hand(Contract.ZW, (A, C), 61, None, 1), "zw A+C 61 k"),
    ("zw A+C 61 k2", Hand(Contract.ZW, (A, C), 61, None, 2), "zw A+C 61 kr"),
    ("zw A+C 61 k3", Hand(Contract.ZW, (A, C), 61, None, 3), "zw A+C 61 krb"),
    ("zw A+C 61 k4", Hand(Contract.ZW, (A, C), 61, None, 4), "zw A+C 61 krbh"),
    ("zw A+C 61 K", Hand(Contract.ZW, (A, C), 61, None, 1), "zw A+C 61 k"),
    ("zw A+C 61 KRBH", Hand(Contract.ZW, (A, C), 61, None, 4), "zw A+C 61 krbh"),
    # k > 4 is parsed (the rule system decides: Słup)
    ("zw A+C 61 k6", Hand(Contract.ZW, (A, C), 61, None, 6), "zw A+C 61 k6"),
    # callers, separated and as initials run together
    ("zw A+C 61 k:B,A,D", Hand(Contract.ZW, (A, C), 61, None, 0, (B, A, D)), "zw A+C 61 k:B,A,D"),
    ("zw A+C 61 k:BAD", Hand(Contract.ZW, (A, C), 61, None, 0, (B, A, D)), "zw A+C 61 k:B,A,D"),
    ("zw A+C 61 k:bad", Hand(Contract.ZW, (A, C), 61, None, 0, (B, A, D)), "zw A+C 61 k:B,A,D"),
    ("zw A+C 61 k:2,1,4", Hand(Contract.ZW, (A, C), 61, None, 0, (B, A, D)), "zw A+C 61 k:B,A,D"),
    ("zw A+C 61 k:B", Hand(Contract.ZW, (A, C), 61, None, 0, (B,)), "zw A+C 61 k:B"),
    # sides: seat numbers, initials, any order; zwykła's pair is sorted, wesele's is not
    ("zw 1+3 61", Hand(Contract.ZW, (A, C), 61), "zw A+C 61"),
    ("zw AC 61", Hand(Contract.ZW, (A, C), 61), "zw A+C 61"),
    ("zw ca 61", Hand(Contract.ZW, (A, C), 61), "zw A+C 61"),
    ("zw C+A 61", Hand(Contract.ZW, (A, C), 61), "zw A+C 61"),
    ("zw 13 61", Hand(Contract.ZW, (A, C), 61), "zw A+C 61"),
    ("we C+A 61", Hand(Contract.WE, (C, A), 61), "we C+A 61"),
    ("we 4+1 61", Hand(Contract.WE, (D, A), 61), "we D+A 61"),
    ("ci 2 40", Hand(Contract.CI, (B,), 40), "ci B 40"),
    ("ci b 40", Hand(Contract.CI, (B,), 40), "ci B 40"),
    # the other tokens in any order
    ("zw A+C k 61", Hand(Contract.ZW, (A, C), 61, None, 1), "zw A+C 61 k"),
    ("zo B k:A,B 77", Hand(Contract.ZO, (B,), 77, None, 0, (A, B)), "zo B 77 k:A,B"),
    ("zo A kara 70 k", Hand(Contract.ZO, (A,), 70, None, 1, None, True), "zo A 70 k kara"),
    # the borders of points and tricks
    ("zw A+C 0", Hand(Contract.ZW, (A, C), 0), "zw A+C 0"),
    ("zw A+C 0/0", Hand(Contract.ZW, (A, C), 0, 0), "zw A+C 0/0"),
    ("zw A+C 104", Hand(Contract.ZW, (A, C), 104), "zw A+C 104"),
    ("zw A+C 104/4", Hand(Contract.ZW, (A, C), 104, 4), "zw A+C 104/4"),
    ("zw A+C 52/2", Hand(Contract.ZW, (A, C), 52, 2), "zw A+C 52/2"),
    ("zw A+C 53/2", Hand(Contract.ZW, (A, C), 53, 2), "zw A+C 53/2"),
    ("zw C+D 26/1", Hand(Contract.ZW, (C, D), 26, 1), "zw C+D 26/1"),
    ("zw C+D 27/1", Hand(Contract.ZW, (C, D), 27, 1), "zw C+D 27/1"),
    ("zd C 104", Hand(Contract.ZD, (C,), 104), "zd C 104"),
    ("zd C 92/3", Hand(Contract.ZD, (C,), 92, 3), "zd C 92/3"),
    ("gd A /0", Hand(Contract.GD, (A,), None, 0), "gd A /0"),
    ("  zw   A+C   61  ", Hand(Contract.ZW, (A, C), 61), "zw A+C 61"),
    # special entries
    ("kara C", Penalty(C), "kara C"),
    ("KARA 3", Penalty(C), "kara C"),
    ("adj A+4 B-12 C+4 D+4", Adjustment((4, -12, 4, 4)), "adj A+4 B-12 C+4 D+4"),
    ("adj B-4 A+4", Adjustment((4, -4, 0, 0)), "adj A+4 B-4 C+0 D+0"),
    ("adj 1+4 2-12 3+4 4+4", Adjustment((4, -12, 4, 4)), "adj A+4 B-12 C+4 D+4"),
    ("adj A+0", Adjustment((0, 0, 0, 0)), "adj A+0 B+0 C+0 D+0"),
]


@pytest.mark.parametrize(("text", "entry", "canonical"), KNOWN, ids=[k[0] for k in KNOWN])
def test_known_pair(text: str, entry: Entry, canonical: str) -> None:
    assert parse_hand(text) == entry
    assert format_hand(entry) == canonical
    assert parse_hand(canonical) == entry


# --- named players: prefixes, diacritics, initials ---------------------------------------

NAMED = [
    ("zw ania+cel 61 k", Hand(Contract.ZW, (A, C), 61, None, 1), "zw Ania+Celina 61 k"),
    ("zw Ania+Celina 61", Hand(Contract.ZW, (A, C), 61), "zw Ania+Celina 61"),
    ("zw ANIA+CELINA 61", Hand(Contract.ZW, (A, C), 61), "zw Ania+Celina 61"),
    ("zw AC 61", Hand(Contract.ZW, (A, C), 61), "zw Ania+Celina 61"),
    ("zw 1+3 61", Hand(Contract.ZW, (A, C), 61), "zw Ania+Celina 61"),
    ("zw a+c 61", Hand(Contract.ZW, (A, C), 61), "zw Ania+Celina 61"),
    ("ci bar 40", Hand(Contract.CI, (B,), 40), "ci Bartek 40"),
    (
        "zo d 70 k:BAC",
        Hand(Contract.ZO, (D,), 70, None, 0, (B, A, C)),
        "zo Darek 70 k:Bartek,Ania,Celina",
    ),
    (
        "zo darek 70 k:bart,ania",
        Hand(Contract.ZO, (D,), 70, None, 0, (B, A)),
        "zo Darek 70 k:Bartek,Ania",
    ),
    ("kara cel", Penalty(C), "kara Celina"),
    ("adj Ania+4 bart-4", Adjustment((4, -4, 0, 0)), "adj Ania+4 Bartek-4 Celina+0 Darek+0"),
]


@pytest.mark.parametrize(("text", "entry", "canonical"), NAMED, ids=[n[0] for n in NAMED])
def test_named_players(text: str, entry: Entry, canonical: str) -> None:
    assert parse_hand(text, NAMES) == entry
    assert format_hand(entry, NAMES) == canonical
    assert parse_hand(canonical, NAMES) == entry


def test_names_with_diacritics() -> None:
    names = ("Łukasz", "Żaneta", "Ścibor", "Ola")
    assert parse_hand("zw lukasz+scib 61", names) == Hand(Contract.ZW, (0, 2), 61)
    assert parse_hand("zw ŁŚ 61", names) == Hand(Contract.ZW, (0, 2), 61)
    assert parse_hand("ci zan 40", names) == Hand(Contract.CI, (1,), 40)
    assert format_hand(Hand(Contract.ZW, (0, 2), 61), names) == "zw Łukasz+Ścibor 61"


def test_initials_are_not_run_together_when_two_names_share_a_letter() -> None:
    names = ("Ania", "Adam", "Celina", "Darek")
    with pytest.raises(NotationError) as info:
        parse_hand("zw AC 61", names)
    assert '"AC"' in str(info.value)


# --- errors: class, and a fragment that quotes the token / says what was expected -----------

ERRORS = [
    ("", "empty hand"),
    ("   ", "empty hand"),
    ("zwo A+C 61", '"zwo" is not a contract'),
    ("zwo A+C 61", 'did you mean "zo" (zolo)?'),
    ("xyz A+C 61", "expected one of zw, we, ci, gr, zo, gd, zd, ba, me, zb"),
    ("zw", "needs the declaring side"),
    ("zw A 61", "two players"),
    ("zw A+B+C 61", "two players"),
    ("ci A+B 40", "one player"),
    ("zw A+A 61", "names the same player twice"),
    ("zw A+E 61", '"E" in "A+E" is not a player'),
    ("zw A+E 61", "players: 1=A, 2=B, 3=C, 4=D"),
    ("zw 1+5 61", '"5"'),
    ("zw A+ 61", "empty player"),
    ("zw A+C", "needs the declaring side's card points"),
    ("ci A", "needs the declaring side's card points"),
    ("ci A /3", "needs the declaring side's card points"),
    ("zd A", "needs the declarer's tricks"),
    ("zd A k", "needs the declarer's tricks"),
    ("ba A 61", "is not played"),
    ("me A /4", "is not played"),
    ("zw A+C 105", "card points go from 0 to 104"),
    ("zw A+C 999", "card points go from 0 to 104"),
    ("zw A+C 61/5", "tricks go from 0 to 4"),
    ("zw A+C 13", '"13": no side can take exactly 13 card points'),
    ("zw A+C 13", "nearest possible totals are 12 or 16"),
    ("zw A+C 5", "nearest possible totals are 0 or 8"),
    ("zw A+C 65", "nearest possible totals are 64 or 66"),
    ("zw A+C 100", "96 or 104"),
    ("zw A+C 26/2", '"26/2": 26 card points cannot be taken in 2 tricks'),
    ("zw A+C 26/2", "26 is possible in 1 trick"),
    ("zw A+C 104/3", "104 is possible in 4 tricks"),
    ("zw A+C 0/1", "cannot be taken in 1 trick"),
    ("zw A+C 13/1", "nearest possible totals are 12 or 16"),
    ("zw A+C 61 62", "given twice"),
    ("zw A+C 61 k kr", "given twice"),
    ("zo A 61 kara kara", "given twice"),
    ("zw A+C 61 kx", '"kx" is not a contra'),
    ("zw A+C 61 kx", "is not a contra; expected kontra, rekontra"),
    ("zw A+C 61 krr", 'did you mean "kr"?'),
    ("zw A+C 61 x", '"x" is not understood'),
    ("zw A+C 61 1/2/3", '"1/2/3" is not points/tricks'),
    ("zw A+C 61 k:", '"k:" names no caller'),
    ("zw A+C 61 k:E", '"E"'),
    ("zw A+C 61 k:E", 'in the contras "k:E"'),
    ("zw A+C 61 k:B,,A", "empty player"),
    ("kara", '"kara X"'),
    ("kara A B", '"kara X"'),
    ("kara E", '"E"'),
    ("adj", "needs the changes"),
    ("adj A+4 B-4 C+1 D+0", "must sum to zero"),
    ("adj A+4 B-4 C+1 D+0", "+1"),
    ("adj A+4 A-4", "adjusted twice"),
    ("adj A4", '"A4" is not a change'),
    ("adj E+4 A-4", '"E"'),
]


@pytest.mark.parametrize(("text", "fragment"), ERRORS, ids=[f"{t!r}:{f}" for t, f in ERRORS])
def test_error(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert fragment in str(info.value)


def test_ambiguous_prefix_lists_both_players() -> None:
    names = ("Ania", "Adam", "Celina", "Darek")
    with pytest.raises(NotationError) as info:
        parse_hand("ci a 40", names)
    assert str(info.value) == (
        '"a" is ambiguous: it could be Ania or Adam; players: 1=Ania, 2=Adam, 3=Celina, 4=Darek'
    )


def test_unknown_named_player_is_listed_with_the_players() -> None:
    with pytest.raises(NotationError) as info:
        parse_hand("zw ania+zenek 61", NAMES)
    assert "players: 1=Ania, 2=Bartek, 3=Celina, 4=Darek" in str(info.value)


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        (("A", "B", "C"), "a table has 4 players"),
        (("A", "B", "C", ""), "empty"),
        (("A", "B", "C", "a"), "appears twice"),
        (("A", "B", "C", "D E"), "no spaces"),
        (("A", "B", "C", "1"), "digits mean seat numbers"),
        (("A", "B", "C", "zw"), "word of the notation"),
        (("A", "B", "C", "=D"), "formula"),
    ],
)
def test_bad_player_names(players: tuple[str, ...], fragment: str) -> None:
    from baska_cli.game.names import check_player_names

    with pytest.raises(NotationError) as info:
        check_player_names(players)
    assert fragment in str(info.value)


def test_notation_error_is_a_baska_error_and_a_value_error() -> None:
    assert issubclass(NotationError, BaskaError)
    assert issubclass(NotationError, ValueError)


@pytest.mark.parametrize("text", ["zw 𐩀 61", "zw A+C 61 k:𐩀", "ci 𐩀 40", "adj 𐩀+4 A-4"])
def test_unusual_digits_are_notation_errors_not_crashes(text: str) -> None:
    with pytest.raises(BaskaError):
        parse_hand(text)


# --- numbers are ASCII digits; names that look alike are refused (issue 16) ------------------


@pytest.mark.parametrize(
    ("text", "digit"),
    [
        ("zw ¹+³ ⁶¹", "¹"),  # superscripts
        ("zw A+C ⁶¹", "⁶"),
        ("zw A+C ６１", "６"),  # full-width
        ("zw A+C ٦١", "٦"),  # Arabic-Indic
        ("zw A+C 61/٢", "٢"),
        ("gd B /٤", "٤"),
        ("zw ١+٣ 61", "١"),  # seats
        ("zo B 70 k²", "²"),  # a contra count
        ("zo B 70 k١", "١"),
        ("adj A+٤ B-4", "٤"),  # an adjustment
        ("adj A+４ B-4", "４"),
        ("kara ３", "３"),
        ("zw A+C 6١", "١"),
    ],
)
def test_numbers_are_ascii_digits_only(text: str, digit: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert f'"{digit}" is not a digit 0–9' in str(info.value)


def test_ascii_numbers_still_read() -> None:
    assert format_hand(parse_hand("zw 1+3 61")) == "zw A+C 61"
    assert format_hand(parse_hand("zo B 70 k2")) == "zo B 70 kr"
    assert format_hand(parse_hand("adj A+4 B-4")) == "adj A+4 B-4 C+0 D+0"


@pytest.mark.parametrize(
    ("players", "fragment"),
    [
        (("Ania", "Аnia", "C", "D"), '"Ania" and "Аnia" look alike'),  # Cyrillic А
        (("Аnia", "Ania", "C", "D"), '"Аnia" and "Ania" look alike'),
        (("Ola", "Оlа", "C", "D"), '"Ola" and "Оlа" look alike'),  # a whole name in Cyrillic
        (("Kasia", "Κasia", "C", "D"), "look alike"),  # Greek Κ
        (("Nina", "Νina", "C", "D"), "look alike"),  # Greek Ν, upper case
        (("Аnia", "B", "C", "D"), "mixes Cyrillic letters"),
        (("Ania", "B", "C", "Dιana"), 'mixes Latin letters ("D") and Greek letters'),
        (("Ania²", "B", "C", "D"), '"²" reads as a number'),
        (("A", "B", "C", "١"), '"١" reads as a number'),
        (("A", "B", "D", "Ｄ"), "appears twice"),  # a full-width letter folds to D
    ],
)
def test_names_that_look_alike_are_refused(players: tuple[str, ...], fragment: str) -> None:
    from baska_cli.game.names import check_player_names

    with pytest.raises(NotationError) as info:
        check_player_names(players)
    assert fragment in str(info.value)


@pytest.mark.parametrize(
    "players",
    [
        ("Ania", "Bartek", "Celina", "Darek"),
        ("Łucja", "Żaneta", "Ścibor", "Ćwirek"),  # Polish letters are Latin
        ("Ольга", "Борис", "Алла", "Дмитрий"),  # one alphabet each
        ("Ania", "Ольга", "Ελένη", "Darek"),  # different alphabets, names unlike
        ("Ola", "Ala", "Ula", "Ela"),
        ("Ania2", "B", "C", "D"),
        ("张三", "李四", "C", "D"),  # 三 and 四 are numerals, and letters of names
    ],
)
def test_names_in_one_alphabet_are_kept(players: tuple[str, ...]) -> None:
    from baska_cli.game.names import check_player_names

    assert check_player_names(players) == players


# --- names and canonical texts that could not be read back (issue 16, class 1) ------------


def test_a_name_longer_than_max_name_is_refused_and_max_name_fits() -> None:
    from baska_cli.game.names import check_player_names
    from baska_cli.game.vocabulary import MAX_NAME, MAX_TOKEN

    long = "x" * MAX_NAME
    assert check_player_names([long, "B", "C", "D"])[0] == long
    with pytest.raises(NotationError, match=f"at most {MAX_NAME} characters"):
        check_player_names(["y" * (MAX_NAME + 1), "B", "C", "D"])
    # four callers of the longest names still make one readable word
    names = tuple(c * MAX_NAME for c in "PQRS")
    hand = parse_hand("zw 1+3 61 k:2,1,4,3", names)
    text = format_hand(hand, names)
    assert max(len(t) for t in text.split()) <= MAX_TOKEN
    assert parse_hand(text, names) == hand


@pytest.mark.parametrize("name", ["a\x07b", "a\x00", "é\x1b", "a\u200bb"])
def test_a_name_with_a_control_character_is_refused(name: str) -> None:
    from baska_cli.game.names import check_player_names

    with pytest.raises(NotationError, match="control character"):
        check_player_names([name, "B", "C", "D"])


def test_a_name_with_a_line_break_is_refused() -> None:
    from baska_cli.game.names import check_player_names

    with pytest.raises(NotationError, match="no spaces"):
        check_player_names(["a\nb", "B", "C", "D"])


def test_canonical_refuses_a_text_whose_word_would_not_read_back() -> None:
    from baska_cli.game.notation import canonical
    from baska_cli.game.vocabulary import MAX_NAME

    names = tuple(c * MAX_NAME for c in "PQRS")
    many = parse_hand("zw 1+3 61 k:2,1,2,1,2", names)  # five callers: 5 names, too long
    with pytest.raises(NotationError, match="more than the 200 a word of a hand may have"):
        canonical(many, names)
    short = parse_hand("zw 1+3 61 k:2,1,2,1,2", NAMES)
    assert canonical(short, NAMES) == format_hand(short, NAMES)


# --- players' words, kind-aware suggestions, what was typed (issue 12) -------------------


@pytest.mark.parametrize(
    ("text", "contras"),
    [
        ("zw A+C 61 kontra", 1),
        ("zw A+C 61 Kontra", 1),
        ("zw A+C 61 contra", 1),
        ("zw A+C 61 rekontra", 2),
        ("zw A+C 61 re", 2),
        ("zw A+C 61 recontra", 2),
        ("zw A+C 61 bok", 3),
        ("zw A+C 61 bock", 3),
        ("zw A+C 61 hirsz", 4),
        ("zw A+C 61 HIRSCH", 4),
        ("zw A+C 61 kontra2", 2),
        ("zw A+C 61 kontra0", 0),
    ],
)
def test_the_players_words_for_contras(text: str, contras: int) -> None:
    hand = parse_hand(text)
    assert (hand.contras, hand.callers) == (contras, None)
    assert format_hand(hand) == "zw A+C 61" + ("", " k", " kr", " krb", " krbh")[contras]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "zw A+C 61 kontr",
            '"kontr" is not a contra; expected kontra, rekontra, bok, hirsz (or k, kr, krb, '
            "krbh: 1–4 counted contras), k0…k4, or the callers in order as k:B,A,D; "
            'did you mean "kontra"?',
        ),
        ("zw A+C 61 rekontr", '; did you mean "rekontra"?'),
        ("zw A+C 61 hirz", '; did you mean "hirsz"?'),
        ("zw A+C 61 kra", '"kra" is not a contra'),
        ("zo A 61 karra", '"karra" is not understood; after the side come'),
        ("zo A 61 karra", '; did you mean "kara"?'),
    ],
)
def test_a_suggestion_is_of_the_kind_typed(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert message in str(info.value)
    if "kontr" in text or "hir" in text or "kra" in text:
        assert '"kara"' not in str(info.value)


@pytest.mark.parametrize("tricks", ["1", "2", "3", "4"])
def test_a_du_game_with_a_bare_number_of_tricks_is_told_to_write_a_slash(tricks: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(f"zd B {tricks}")
    assert str(info.value) == (
        f'"{tricks}" looks like a number of tricks: write "/{tricks}"; a number alone is the '
        "card points (0 or 8–104)"
    )


def test_a_du_game_with_no_card_points_is_still_read() -> None:
    assert parse_hand("zd B 0") == Hand(Contract.ZD, (1,), 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "zw 61 A+C",
            '"61" stands where the declaring side goes: first the contract, then who played, '
            'then the rest; e.g. "zw A+C 61"',
        ),
        (
            "zw 61 k A+C",
            '"61" stands where the declaring side goes: first the contract, then who played, '
            'then the rest; e.g. "zw A+C 61 k"',
        ),
        (
            "ci kontra B 40",
            '"kontra" stands where the declaring side goes: first the contract, then who '
            'played, then the rest; e.g. "ci B kontra 40"',
        ),
        (
            "zw 13 A+C",
            '"A+C" names players, but the declaring side was given already: it is the second '
            'word, right after the contract, e.g. "zw A+C 61"',
        ),
    ],
)
def test_words_in_the_wrong_order_are_told_the_order(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("zw A+C 61 KONTRA kr", '"kr": the contras are given twice in one hand (first "KONTRA")'),
        ("ZW a+c 61 k x", '"x" is not understood'),
        ("zw a+e 61", '"e" in "a+e" is not a player'),
    ],
)
def test_errors_quote_what_was_typed(text: str, quoted: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_hand(text)
    assert str(info.value).startswith(quoted)


# --- names as typed: a typed diacritic counts ---------------------------------------------

TABLE = ("Zbigniew", "Żaneta", "Łucja", "Ślimak")
NAMES_AS_TYPED = [
    # (typed, seats) — with Zbigniew, Żaneta, Łucja and Ślimak at the table
    ("ż", (1,)),
    ("Ż", (1,)),
    ("ża", (1,)),
    ("za", (1,)),  # no name starts "za" as typed: a plain z stands for ż
    ("z", (0,)),
    ("zb", (0,)),
    ("Zbigniew", (0,)),
    ("zaneta", (1,)),
    ("lu", (2,)),  # nobody else's name starts with L
    ("ł", (2,)),
    ("s", (3,)),
    ("ś", (3,)),
    ("z+ż", (0, 1)),
    ("zż", (0, 1)),
    ("żz", (1, 0)),
    ("ŁŚ", (2, 3)),
    ("łś", (2, 3)),
    ("ls", (2, 3)),
    ("1+2", (0, 1)),
    ("z\u0307", (1,)),  # ż typed as z and a combining dot
]


@pytest.mark.parametrize(("typed", "seats"), NAMES_AS_TYPED)
def test_names_as_typed(typed: str, seats: tuple[int, ...]) -> None:
    side = "+".join(TABLE[s] for s in sorted(seats))
    contract = "zw" if len(seats) == 2 else "ci"
    points = "70"
    hand = parse_hand(f"{contract} {typed} {points}", TABLE)
    assert (hand.declarers, format_hand(hand, TABLE)) == (
        tuple(sorted(seats)) if contract == "zw" else seats,
        f"{contract} {side} {points}",
    )


def test_zw_with_both_z_names_scores() -> None:
    hand = parse_hand("zw z+ż 70", TABLE)
    assert hand.declarers == (0, 1)


@pytest.mark.parametrize(
    ("players", "typed", "message"),
    [
        (
            ("Zofia", "Zbigniew", "Żaneta", "Ala"),
            "z",
            '"z" is ambiguous: it could be Zofia or Zbigniew; players: 1=Zofia, 2=Zbigniew, '
            "3=Żaneta, 4=Ala",
        ),
        (
            ("Lucyna", "Łucja", "Ola", "Ela"),
            "ł",
            None,
        ),
        (
            ("Żaneta", "Żaklina", "Ola", "Ela"),
            "za",
            '"za" is ambiguous: it could be Żaneta or Żaklina; players: 1=Żaneta, 2=Żaklina, '
            "3=Ola, 4=Ela",
        ),
        (
            ("Zbigniew", "Adam", "Ola", "Ela"),
            "ż",
            '"ż" is not a player; players: 1=Zbigniew, 2=Adam, 3=Ola, 4=Ela',
        ),
    ],
)
def test_names_that_cannot_be_told_apart(
    players: tuple[str, ...], typed: str, message: str | None
) -> None:
    if message is None:  # "ł" is Łucja only; "lu" is Lucyna, as typed
        assert (player_seat("ł", players), player_seat("lu", players)) == (1, 0)
        return
    with pytest.raises(NotationError) as info:
        player_seat(typed, players)
    assert str(info.value).startswith(message)


def test_initials_work_when_each_letter_picks_one_player() -> None:
    # two names start with A, but B and C pick one player each
    names = ("Ania", "Adam", "Bartek", "Celina")
    assert parse_hand("zw BC 61", names).declarers == (2, 3)
    with pytest.raises(NotationError):
        parse_hand("zw AC 61", names)


def test_polish_messages() -> None:
    i18n.use("pl")
    with pytest.raises(NotationError) as info:
        parse_hand("zd B 4")
    assert str(info.value) == (
        "„4” wygląda na liczbę lew: napisz „/4”; sama liczba to oczka (0 albo 8–104)"
    )
    with pytest.raises(NotationError) as info:
        parse_hand("zw A+C 65/1")
    assert str(info.value) == (
        "„65/1”: 65 oczek nie da się wziąć w 1 lewie; przy 1 lewie najbliższa możliwa suma to 44"
    )


# --- the rules in force ------------------------------------------------------------------------

PLB = [c for c in Contract if c not in (Contract.ME, Contract.ZB)]


def test_a_typo_is_compared_with_the_rules_own_contracts_and_neighbouring_keys() -> None:
    with pytest.raises(NotationError) as raised:
        parse_hand("zq A+C 61", contracts=PLB)
    assert str(raised.value) == (
        '"zq" is not a contract; expected one of zw, we, ci, gr, zo, gd, zd, ba; '
        'did you mean "zw" (zwykła)?'
    )
    with pytest.raises(NotationError) as raised:  # every contract: the list is all ten
        parse_hand("zq A+C 61")
    assert 'ba, me, zb; did you mean "zw"' in str(raised.value)


def test_a_contract_the_rules_lack_is_never_suggested() -> None:
    with pytest.raises(NotationError) as raised:
        parse_hand("zbb A 61", contracts=PLB)
    assert "zb" not in str(raised.value).partition("expected")[2]
