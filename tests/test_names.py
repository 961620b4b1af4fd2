"""names.py: the four names a table may use, refused in the interface language."""

from __future__ import annotations

import pytest

from baska_cli import i18n
from baska_cli.errors import NotationError
from baska_cli.names import check_player_names

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
