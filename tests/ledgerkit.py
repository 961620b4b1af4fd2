"""Helpers for the ledger package's tests: a small evening's metadata and file texts."""

from __future__ import annotations

from baska_cli.ledger import Meta
from tests.faultkit import PLAYERS

META = Meta(PLAYERS, "plb", ("plb",), first_dealer=0, deals=8, version=1)

EMPTY = (
    "baska ledger,1\n"
    "players,Ania,Bartek,Celina,Darek\n"
    "rules,plb\n"
    "first dealer,Ania\n"
    "deals,8\n"
    "\n"
    "#,dealer,hand,Ania,Bartek,Celina,Darek,"
    "Ania total,Bartek total,Celina total,Darek total,status\n"
)
TWO_HANDS = (
    EMPTY + "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n"
    "2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13\n"
)
