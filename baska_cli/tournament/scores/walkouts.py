"""What a front end asks of a tournament's walk-outs: record or undo one, and the fixed
results of walk-outs and sit-outs that the standings add. Plain arguments in, plain values
out, BaskaErrors for what is refused."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import TournamentInputError
from baska_cli.game.spelling import fold, nearest
from baska_cli.i18n import _
from baska_cli.tournament import folder, walkouts
from baska_cli.tournament.folder import ledger_name, load, lock, table_players
from baska_cli.tournament.ledgers import check_ledger
from baska_cli.tournament.results import current
from baska_cli.tournament.walkouts import Walkout


@dataclass(frozen=True, slots=True)
class WalkedOut:
    """A walk-out recorded or undone: where, who, the others at the table, and what the
    table had before (kept, no longer counted while the walk-out stands)."""

    round: int
    table: int
    player: str
    others: tuple[str, ...]
    undone: bool
    hands: int  # hands recorded in the table's ledger (kept as history)
    sheet: bool  # whether the table had a result from a sheet (kept)


def seated_name(
    tables: Sequence[tuple[str, ...]], table: int, typed: str, round_number: int
) -> str:
    """The name of a table's player typed (any case, accents or not, or a unique prefix);
    an error naming the table's players and the nearest, or the table the player sits at."""
    members = tables[table - 1]
    key = fold(typed.strip())
    seats = [m for m in members if fold(m) == key] or [
        m for m in members if key and fold(m).startswith(key)
    ]
    if len(seats) == 1:
        return seats[0]
    elsewhere = [(n, m) for n, ms in enumerate(tables, 1) for m in ms if fold(m) == key]
    near = nearest(typed.strip(), list(members))
    if elsewhere:
        hint = _("; {name} sits at table {table}").format(
            name=elsewhere[0][1], table=elsewhere[0][0]
        )
    else:
        hint = _('; did you mean "{word}"?').format(word=near) if near else ""
    raise TournamentInputError(
        _('"{name}" does not sit at round {round}, table {table}: {players}').format(
            name=typed, round=round_number, table=table, players=", ".join(members)
        )
        + hint
    )


def walk_out(path: str, round_number: int, table: int, name: str, undo: bool = False) -> WalkedOut:
    """Record that a player walked out of a drawn table (or never came after the draw);
    with `undo`, take a walk-out back. Nothing else is changed: the table's hands and
    sheet are kept, and count again once no walk-out stands."""
    with lock(path):
        t = load(path)
        members = table_players(t, round_number, table)
        player = seated_name(t.draws[round_number - 1].tables, table, name, round_number)
        rows = list(t.walkouts)
        if undo:
            rows = walkouts.undo(rows, round_number, table, player)
        else:
            rows = walkouts.record(rows, Walkout(round_number, table, player), len(members))
        folder.save_walkouts(t, rows)
        hands = check_ledger(t.file(ledger_name(round_number, table))).slots  # (0 if broken)
    gone = walkouts.counting(rows).get((round_number, table), ())
    return WalkedOut(
        round_number,
        table,
        player,
        tuple(m for m in members if m not in gone),
        undo,
        hands,
        current(t.sheets, round_number, table) is not None,
    )
