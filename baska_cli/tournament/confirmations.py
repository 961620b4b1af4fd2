"""Confirmations of tables' results („potwierdzenia”): each player's agreement or
disagreement with the four totals and the organiser's acceptance, kept in
`confirmations.csv` with every earlier word (pure).

A word is given for one version of the table (a digest of its ledger and its sheet's
result): any change of the table voids the words given before, even one that comes back to
the same totals. Sides are seats 1 and 3, seats 2 and 4; a table's result is final with one
agreement from each side and no disagreement standing, or with the organiser's acceptance.

A player's word counts only when it came with something the player holds: their own key
(their page) or their PIN (the table's phone); the `proof` column says which. Rows of a file
written before that column existed (no proof) were counted by the phone's id the page sent,
one player a phone, and still are, so that an earlier result stays as it was confirmed; no
word is written that way any more.
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
LEGACY_HEADER = (
    "round", "table", "word", "player",
    "total 1", "total 2", "total 3", "total 4",
    "version", "device", "time", "note",
)  # fmt: skip
HEADER = (*LEGACY_HEADER, "proof")
PROOFS = ("key", "pin")  # a player's own key, their PIN (personal/identity.py)
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
    device: str = ""  # the phone's id a page sent (rows of older files; none written now)
    time: str = ""  # when it was given, UTC, ISO 8601
    note: str = ""
    proof: str = ""  # how the player proved the word theirs: PROOFS, "" in older files


@dataclass(frozen=True, slots=True)
class Words:
    """What the words standing at a table's current version say."""

    confirmed_by: tuple[str, ...]  # players whose agreement counts, by seat
    disputes: tuple[tuple[str, str], ...]  # (player, note) of each disagreement
    accepted: bool  # the organiser accepted the result
    final: bool  # accepted, or one agreement per side and no dispute


def standing(
    rows: Sequence[Confirmation], round_number: int, table: int, version: str,
    players: Sequence[str],
) -> Words:  # fmt: skip
    """The words given at this version of the table: a player's agreement counts when they
    proved it theirs (an older file's row without proof: unless its phone agreed for another
    player already); a disagreement stands (until the table changes or the organiser
    accepts)."""
    here = [r for r in rows if (r.round, r.table) == (round_number, table) and r.version == version]
    agreed: dict[str, str] = {}  # player -> device
    disputes: dict[str, str] = {}  # player -> note
    accepted = False
    for r in here:
        if r.word == ACCEPT:
            accepted = True
        elif r.word == DISAGREE:
            disputes.setdefault(r.player, r.note)
        elif r.player in agreed:
            continue
        elif r.proof in PROOFS:
            agreed[r.player] = ""
        elif r.device not in agreed.values():  # (an older file's row, without proof)
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
        cells = [r.version, r.device, r.time, r.note, r.proof]
        writer.writerow([r.round, r.table, r.word, r.player, *totals, *cells])
    return out.getvalue()


def parse_confirmations(text: str, origin: str) -> list[Confirmation]:
    """Read `confirmations.csv` back (a TournamentError at file:line for anything wrong);
    a file written before the `proof` column is read as it was."""
    found = []
    first = text.splitlines()[0] if text.strip() else ""
    header = LEGACY_HEADER if first.rstrip().endswith("note") else HEADER
    for line, row in data_rows(text, origin, header):
        cells = [c.strip() for c in [*row, *[""] * len(HEADER)][: len(HEADER)]]
        try:
            word, player = cells[2], cells[3]
            if word not in (AGREE, DISAGREE, ACCEPT) or (word != ACCEPT) != bool(player):
                raise ValueError
            numbers = [int(c) for c in (cells[0], cells[1], *cells[4:8])]
            if not cells[8] or cells[12] not in ("", *PROOFS):
                raise ValueError
        except ValueError:
            raise TournamentError(
                _(
                    "expected round, table, agree/disagree/accept, a player (none for accept), "
                    "four totals, the version, the phone, the time, a note and the proof "
                    "(key or pin)"
                ),
                origin,
                line,
            ) from None
        totals, rest = tuple(numbers[2:]), cells[8:]
        found.append(Confirmation(numbers[0], numbers[1], word, player, totals, *rest))
    return found
