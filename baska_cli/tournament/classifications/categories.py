"""The standings of one category (men, women, pairs, …): the lines of its players, placed
from 1 as they are placed among all (pure)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace

from baska_cli.errors import TournamentInputError
from baska_cli.game.spelling import fold, suggest
from baska_cli.i18n import _
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.standings import StandingLine


def categories(players: Sequence[Entrant]) -> list[str]:
    """The tournament's categories as first written, in the order of the players file."""
    found: dict[str, str] = {}
    for p in players:
        if p.category:
            found.setdefault(fold(p.category), p.category)
    return list(found.values())


def category_named(players: Sequence[Entrant], typed: str) -> str:
    """The category typed (any case, accents optional), or an error listing them."""
    known = categories(players)
    found = next((c for c in known if fold(c) == fold(typed.strip())), None)
    if found is None:
        if not known:
            raise TournamentInputError(
                _('--category "{typed}": this tournament\'s players have no categories').format(
                    typed=typed
                )
            )
        raise TournamentInputError(
            _('--category "{typed}": the categories are {names}').format(
                typed=typed, names=", ".join(known)
            )
            + suggest(typed, known)
        )
    return found


def placed_within(lines: Sequence[StandingLine], names: set[str]) -> list[StandingLine]:
    """The lines of these players, placed from 1: a player's place is one more than the
    number of them placed higher among all (players who share a place still share it)."""
    kept = [ln for ln in lines if ln.player in names]
    placed = []
    above = 0
    for i, ln in enumerate(kept):
        if i and ln.place != kept[i - 1].place:
            above = i
        placed.append(replace(ln, place=above + 1))
    return placed


def in_category(
    lines: Sequence[StandingLine], players: Sequence[Entrant], category: str
) -> list[StandingLine]:
    """The standings of one category; the movement is the places gained within it (a
    player's place among all before the round is their place now plus their movement)."""
    names = {p.name for p in players if fold(p.category) == fold(category)}
    placed = placed_within(lines, names)
    before = {
        ln.player: ln.place + ln.movement
        for ln in lines
        if ln.player in names and ln.movement is not None
    }
    earlier = sorted(before.values())
    return [
        replace(
            ln,
            movement=bisect_left(earlier, before[ln.player]) + 1 - ln.place
            if ln.player in before
            else None,
        )
        for ln in placed
    ]
