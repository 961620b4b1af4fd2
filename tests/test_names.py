"""names.py: the four names a table may use, refused in the interface language."""

from __future__ import annotations

import random

import pytest

from baska_cli import i18n
from baska_cli.errors import NotationError
from baska_cli.game.names import (
    check_name,
    check_player_names,
    likely_same,
    parse_aliases,
    similar_pairs,
)
from baska_cli.game.spelling import fold

REFUSED = [
    (
        ("Ania", "Bartek", "Celina"),
        "a table has 4 players, got 3: Ania, Bartek, Celina",
        "przy stole siedzi 4 graczy, podano 3: Ania, Bartek, Celina",
    ),
    (
        ("Ania", "Bartek", "Celina", "ania"),
        '"ania" appears twice: the four names must differ',
        "„ania” występuje dwa razy: cztery imiona muszą być różne",
    ),
    (
        ("Ania", "Bartek", "Celina", "kara"),
        '"kara" cannot be a player\'s name: it is a word of the notation',
        "„kara” nie może być imieniem gracza: to słowo notacji",
    ),
    (
        ("Ania", "Bartek", "Celina", "D" * 60),
        f'"{"D" * 20}…" (60 characters) cannot be a player\'s name: a name has at most 48 '
        "characters",
        f"„{'D' * 20}…” (60 znaków) nie może być imieniem gracza: imię ma najwyżej 48 znaków",
    ),
    (
        ("Ania", "Bartek", "Celina", "D" * 52),
        f'"{"D" * 20}…" (52 characters) cannot be a player\'s name: a name has at most 48 '
        "characters",
        f"„{'D' * 20}…” (52 znaki) nie może być imieniem gracza: imię ma najwyżej 48 znaków",
    ),
    (
        ("Ania", "Bartek", "Celina", "\u0410nia"),
        '"Ania" and "\u0410nia" look alike (Latin, Cyrillic or Greek letters that look the '
        "same): the four names must be told apart",
        "„Ania” i „\u0410nia” wyglądają tak samo (litery łacińskie, cyrylickie lub greckie, "
        "które wyglądają jednakowo): cztery imiona muszą dać się odróżnić",
    ),
    (
        ("Ania", "Bartek", "Celina", "D\u0430rek"),
        '"D\u0430rek" cannot be a player\'s name: it mixes Latin letters ("D") and Cyrillic '
        'letters ("\u0430"), which look alike; write it in one alphabet',
        "„D\u0430rek” nie może być imieniem gracza: miesza litery łacińskie („D”) i litery "
        "cyrylickie („\u0430”), które wyglądają podobnie; zapisz je jednym alfabetem",
    ),
]


@pytest.mark.parametrize(("players", "english", "polish"), REFUSED)
def test_refused_names_say_why_in_either_language(
    players: tuple[str, ...], english: str, polish: str
) -> None:
    said = []
    for language in ("en", "pl"):
        i18n.use(language)
        with pytest.raises(NotationError) as info:
            check_player_names(players)
        said.append(str(info.value))
    assert said == [english, polish]


def test_names_with_polish_letters_that_differ_only_by_them_are_kept_apart() -> None:
    names = ("Zbigniew", "Żaneta", "Łucja", "Ślimak")
    assert check_player_names(names) == names


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("Felix", "Feliks", True),
        ("Wojtek", "Voytek", True),
        ("Bartek", "Bratek", True),
        ("Marek", "Mirek", True),
        ("Ola", "Оla", True),  # Cyrillic О
        ("ANIA", "Ania", True),
        ("Ania", "Anna", False),  # short names one letter apart are often two people
        ("Jan", "Jen", False),
        ("Tomasz", "Tomek", False),
    ],
)
def test_likely_same(a: str, b: str, expected: bool) -> None:
    assert likely_same(a, b) is expected


def test_similar_pairs_in_order_given() -> None:
    names = ["Feliks", "Ania", "Bartek", "Felix", "Anna", "Bratek"]
    assert similar_pairs(names) == [("Feliks", "Felix"), ("Bartek", "Bratek")]


def test_check_name_alone() -> None:
    assert check_name("  Ania ") == "Ania"
    with pytest.raises(NotationError, match="a spreadsheet would run it as a formula"):
        check_name("@x")


def test_alias_file() -> None:
    text = "# season 2026\nFelix = Feliks\n\nBratek=Bartek\n"
    assert parse_aliases(text, "a.txt") == {"felix": "Feliks", "bratek": "Bartek"}


def _pairwise(names: list[str]) -> list[tuple[str, str]]:
    """similar_pairs as its definition says, every name with every other."""
    return [
        (a, b)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        if fold(a) != fold(b) and likely_same(a, b)
    ]


@pytest.mark.parametrize("seed", range(8))
def test_names_filed_by_their_keys_find_the_pairs_every_name_with_every_other_finds(
    seed: int,
) -> None:
    rng = random.Random(seed)
    stems = ["Formella", "Mądry", "Dąbrowski", "Rzepka", "Góra", "Chmiel", "Kowalski", "Ola"]
    letters = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"
    names: list[str] = []
    for _ in range(60):
        word = list(rng.choice(stems))
        for _edit in range(rng.randrange(3)):
            i = rng.randrange(len(word))
            change = rng.randrange(3)
            if change == 0:
                word[i] = rng.choice(letters)
            elif change == 1 and len(word) > 2:
                del word[i]
            else:
                word.insert(i, rng.choice(letters))
        names.append(rng.choice(["", "Jan ", "Ewa "]) + "".join(word))
    names = list(dict.fromkeys(names))
    assert sorted(similar_pairs(names)) == sorted(_pairwise(names))
    some = list(range(0, len(names), 7))
    assert sorted(similar_pairs(names, some)) == sorted(
        (a, b) for a, b in _pairwise(names) if names.index(a) in some or names.index(b) in some
    )


@pytest.mark.parametrize(
    ("a", "b"),
    [("Mądry", "Mondry"), ("Dąbrowski", "Dombrowski"), ("Góra", "Gura"), ("Rzepka", "Żepka"),
     ("Chmiel", "Hmiel"), ("Formella", "Formela"), ("Węgrzyn", "Wengrzyn")],
)  # fmt: skip
def test_polish_spellings_of_one_sound_are_one_name(a: str, b: str) -> None:
    assert likely_same(a, b) is True
    assert similar_pairs([a, b]) == [(a, b)]
