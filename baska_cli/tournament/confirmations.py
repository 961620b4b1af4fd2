"""Confirmations of tables' results („potwierdzenia”): each player's agreement or
disagreement with the four totals and the organiser's acceptance, kept in
`confirmations.csv` with every earlier word (pure).

A word is given for one version of the table (a digest of its ledger and its sheet's
result): any change of the table voids the words given before, even one that comes back to
the same totals. Sides are seats 1 and 3, seats 2 and 4; a table's result is final with one
agreement from each side, from two different phones, and no disagreement standing, or with
the organiser's acceptance.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import TournamentError
from baska_cli.i18n import _
from baska_cli.tournament.csvrows import data_rows

AGREE, DISAGREE, ACCEPT = "agree", "disagree", "accept"
HEADER = (
    "round", "table", "word", "player",
    "total 1", "total 2", "total 3", "total 4",
    "version", "device", "time", "note",
)  # fmt: skip
SIDES = ((0, 2), (1, 3))  # seats 1 and 3, seats 2 and 4 (indexes into a table's players)


@dataclass(frozen=True, slots=True)
class Confirmation:
    """One word on a table's result: a player's agreement or disagreement, or the
    organiser's acceptance (no player), for the totals of one version of the table."""

    round: int
    table: int
    word: str  # AGREE, DISAGREE or ACCEPT
    player: str  # "" for ACCEPT
    totals: tuple[int, ...]
    version: str
    device: str = ""
    time: str = ""  # when it was given, UTC, ISO 8601
    note: str = ""


@dataclass(frozen=True, slots=True)
class Words:
    """What the words standing at a table's current version say."""

    confirmed_by: tuple[str, ...]  # players whose agreement counts, by seat
    disputes: tuple[tuple[str, str], ...]  # (player, note) of each disagreement
    accepted: bool  # the organiser accepted the result
    final: bool  # accepted, or one agreement per side from two phones and no dispute


def standing(
    rows: Sequence[Confirmation], round_number: int, table: int, version: str,
    players: Sequence[str],
) -> Words:  # fmt: skip
    """The words given at this version of the table: a player's first agreement counts
    unless their phone agreed for another player already; a disagreement stands (until the
    table changes or the organiser accepts)."""
    here = [r for r in rows if (r.round, r.table) == (round_number, table) and r.version == version]
    agreed: dict[str, str] = {}  # player -> device
    disputes: dict[str, str] = {}  # player -> note
    accepted = False
    for r in here:
        if r.word == ACCEPT:
            accepted = True
        elif r.word == DISAGREE:
            disputes.setdefault(r.player, r.note)
        elif r.player not in agreed and r.device not in agreed.values():
            agreed[r.player] = r.device
    by_seat = [p for p in players if p in agreed and p not in disputes]
    sides = all(any(players[i] in by_seat for i in side) for side in SIDES)
    return Words(
        tuple(by_seat),
        tuple((p, disputes[p]) for p in players if p in disputes),
        accepted,
        accepted or (sides and not disputes),
    )


def format_confirmations(rows: Sequence[Confirmation]) -> str:
    """The text of `confirmations.csv`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for r in rows:
        totals = [f"{t:+d}" if t else "0" for t in r.totals]
        writer.writerow(
            [r.round, r.table, r.word, r.player, *totals, r.version, r.device, r.time, r.note]
        )
    return out.getvalue()


def parse_confirmations(text: str, origin: str) -> list[Confirmation]:
    """Read `confirmations.csv` back (a TournamentError at file:line for anything wrong)."""
    found = []
    for line, row in data_rows(text, origin, HEADER):
        cells = [c.strip() for c in [*row, *[""] * len(HEADER)][: len(HEADER)]]
        try:
            word, player = cells[2], cells[3]
            if word not in (AGREE, DISAGREE, ACCEPT) or (word != ACCEPT) != bool(player):
                raise ValueError
            numbers = [int(c) for c in (cells[0], cells[1], *cells[4:8])]
            if not cells[8]:
                raise ValueError
        except ValueError:
            raise TournamentError(
                _(
                    "expected round, table, agree/disagree/accept, a player (none for accept), "
                    "four totals, the version, the phone, the time and a note"
                ),
                origin,
                line,
            ) from None
        totals, rest = tuple(numbers[2:]), cells[8:]
        found.append(Confirmation(numbers[0], numbers[1], word, player, totals, *rest))
    return found
