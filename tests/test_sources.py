"""sources.py: provenance texts taken apart, rulebooks named as players know them."""

from __future__ import annotations

import pytest

from baska_cli import i18n
from baska_cli.game.rules import BUILTIN_NAMES
from baska_cli.game.sources import (
    Cite,
    Provenance,
    cite_text,
    parse_provenance,
    source_of,
)
from baska_cli.rulesets import sources
from baska_cli.rulesets.loader import builtin

BOOKS = sources()  # the rulebooks' titles, as the loader gives them to every RuleSet


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "stated [S001 7H]: „gracz ponosi karę – 12 pkt.”",
            Provenance("stated", (Cite("S001", "7H"),), "„gracz ponosi karę – 12 pkt.”"),
        ),
        (
            "reconstructed (high) [S000; S001 table; S002]: lost",
            Provenance(
                "reconstructed", (Cite("S000"), Cite("S001", "table"), Cite("S002")), "lost"
            ),
        ),
        (
            "chosen: not in the rulebook (S000)",
            Provenance("chosen", (), "not in the rulebook (S000)"),
        ),
        ("house: set in h.toml", Provenance("house", (), "set in h.toml")),
        ("stated [nowhere 3]: x", Provenance("stated", (), "x")),
        ("as our club plays it", Provenance("", (), "as our club plays it")),
    ],
)
def test_parse_provenance(text: str, expected: Provenance) -> None:
    assert parse_provenance(text, BOOKS) == expected


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_every_built_in_number_names_a_known_rulebook_or_is_marked(name: str) -> None:
    rules = builtin(name)
    unparsed = {
        key: text
        for key, text in rules.provenance.items()
        if parse_provenance(text, rules.books).kind == ""
        or (
            parse_provenance(text, rules.books).kind == "stated"
            and not parse_provenance(text, rules.books).cites
        )
    }
    assert unparsed == {}


def test_the_rulebooks_have_their_titles() -> None:
    assert (
        builtin("plb").books
        == BOOKS
        == {
            "S000": "Zasady gry w baśkę",
            "S001": "Baszka Méster Sport",
            "S002": "Baśka (en.wikipedia.org, pagat.com)",
            "W-PSB-REG": "Regulamin Polskiej Ligi Baśki",
            "W-PSB-PP": "Puchar Polski w baśkę",
            "W-LEB-REG": "Regulamin (Lãborsczi Baśczi)",
            "W-SZEM": "Mistrzostwa Europy Baszka–Master 2013 w Szemudzie",
        }
    )


@pytest.mark.parametrize(
    ("cite", "main", "english"),
    [
        (Cite("S001", "7H"), "", "Baszka Méster Sport, point 7H"),
        (Cite("S001", "7H"), "S001", "point 7H"),
        (Cite("S001", "table"), "", "Baszka Méster Sport, payout table"),
        (Cite("W-PSB-REG", "§9"), "S000", "Regulamin Polskiej Ligi Baśki, §9"),
        (Cite("S001", "Punktacja (I)"), "S001", "Punktacja (I)"),
        (Cite("S000"), "", "Zasady gry w baśkę"),
        (Cite("S000"), "S000", ""),
    ],
)
def test_cite_text(cite: Cite, main: str, english: str) -> None:
    assert cite_text(cite, BOOKS, main) == english


@pytest.mark.parametrize(
    ("cite", "main", "polish"),
    [
        (Cite("S001", "7H"), "", "Baszka Méster Sport, pkt 7H"),
        (Cite("S001", "7H"), "S001", "pkt 7H"),
        (Cite("S001", "table"), "", "Baszka Méster Sport, tabela punktacji"),
        (Cite("S000"), "", "Zasady gry w baśkę"),
    ],
)
def test_cite_text_in_polish(cite: Cite, main: str, polish: str) -> None:
    i18n.use("pl")
    assert cite_text(cite, BOOKS, main) == polish


def test_source_of_marks_the_strongest_kind() -> None:
    texts = ["stated [S000]: x", "reconstructed [S001 table]: y"]
    assert source_of(texts, BOOKS) == "(reconstructed) from Baszka Méster Sport, payout table"
    assert source_of(texts, BOOKS, short=True) == "(reconstructed)"
    assert source_of([*texts, "house: set in h.toml"], BOOKS) == "(house rule)"
    assert source_of(["stated [S001 7F]: a", "stated [S001 7F]: b"], BOOKS, "S001") == "point 7F"


def test_marks_in_polish() -> None:
    texts = ["stated [S000]: x", "reconstructed [S001 table]: y"]
    i18n.use("pl")
    assert source_of(texts, BOOKS, short=True) == "(odtworzone)"
    assert source_of(["chosen: z"], BOOKS) == "(nasz wybór)"
