"""render/sheet.py: what is left of a session and who deals next, in both languages."""

from __future__ import annotations

import pytest

from baska_cli import i18n
from baska_cli.ledger.format import Meta
from baska_cli.render.sheet import deals_left, where

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")


def _meta(deals: int | None) -> Meta:
    return Meta(PLAYERS, "plb", ("plb",), 0, deals)


@pytest.mark.parametrize(
    ("deals", "slots", "english"),
    [
        (None, 1, "1 deal played"),
        (None, 5, "5 deals played"),
        (16, 16, "all 16 deals played"),
        (16, 4, "12 of 16 deals left"),
        (8, 9, "0 of 8 deals left, 1 over the plan"),
        (8, 13, "0 of 8 deals left, 5 over the plan"),
    ],
)
def test_deals_left(deals: int | None, slots: int, english: str) -> None:
    assert deals_left(_meta(deals), slots) == english


@pytest.mark.parametrize(
    ("deals", "slots", "polish"),
    [
        (None, 1, "rozegrano 1 rozdanie"),
        (None, 3, "rozegrano 3 rozdania"),
        (None, 5, "rozegrano 5 rozdań"),
        (None, 22, "rozegrano 22 rozdania"),
        (16, 16, "rozegrano wszystkie 16 rozdań"),
        (4, 4, "rozegrano wszystkie 4 rozdania"),
        (16, 4, "pozostało rozdań: 12 z 16"),
        (8, 9, "pozostało rozdań: 0 z 8, 1 rozdanie ponad plan"),
        (8, 13, "pozostało rozdań: 0 z 8, 5 rozdań ponad plan"),
    ],
)
def test_deals_left_in_polish(deals: int | None, slots: int, polish: str) -> None:
    i18n.use("pl")
    assert deals_left(_meta(deals), slots) == polish


def test_where_names_who_deals_and_leads() -> None:
    assert where(_meta(16), 4) == "12 of 16 deals left; next: Ania deals, Bartek leads"


def test_where_in_polish() -> None:
    i18n.use("pl")
    assert (
        where(_meta(16), 5) == "pozostało rozdań: 11 z 16; dalej: rozdaje Bartek, wychodzi Celina"
    )
