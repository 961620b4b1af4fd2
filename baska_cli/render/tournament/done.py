"""What a tournament's service did, in words: the sentences `baska tournament` says and the
organiser's page shows after a walk-out, a withdrawal, a result accepted or entered, a draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from baska_cli.i18n import _, ngettext
from baska_cli.render.text import signed
from baska_cli.render.tournament.status import status_word
from baska_cli.tournament.results import describe

if TYPE_CHECKING:
    from baska_cli.tournament.hall.state import TableState
    from baska_cli.tournament.results import TableResult
    from baska_cli.tournament.service.rounds import Withdrawn
    from baska_cli.tournament.service.walkouts import WalkedOut


def walked_out(done: WalkedOut) -> list[str]:
    """A walk-out recorded (who gets its result, then what the table had, kept as history)
    or undone: a sentence each."""
    where = {"round": done.round, "table": done.table, "name": done.player}
    if done.undone:
        return [_("round {round}, table {table}: {name} no longer walked out").format(**where)]
    said = [
        _(
            "round {round}, table {table}: {name} walked out; the walk-out result goes to {others}"
        ).format(**where, others=", ".join(done.others))
    ]
    kept = []
    if done.hands:
        kept.append(
            ngettext("{count} hand in the ledger", "{count} hands in the ledger", done.hands)
            .format(count=done.hands)
        )  # fmt: skip
    if done.sheet:
        kept.append(_("the result from the sheet"))
    if kept:
        said.append(_("kept as history, not counted: {kept}").format(kept=", ".join(kept)))
    return said


def withdrawn(gone: Withdrawn) -> str:
    """A withdrawal: from which round, and that the points stay."""
    return _("{name} withdraws before round {round}; the points earned stay").format(
        name=gone.name, round=gone.round
    )


def accepted(state: TableState) -> str:
    """A table's result accepted by the organiser: its totals and its status now."""
    pairs = zip(state.players, state.totals or (), strict=False)
    return _("round {round}, table {table}: {result} ({status})").format(
        round=state.round,
        table=state.table,
        result=", ".join(f"{p} {signed(t)}" for p, t in pairs),
        status=status_word(state.status),
    )


def result_entered(entered: TableResult, correct: bool) -> str:
    """A paper sheet's totals entered (with `correct`, in place of the earlier ones)."""
    said = _("round {round}, table {table}: {result}").format(
        round=entered.round, table=entered.table, result=describe(entered)
    )
    return said + " " + _("(corrected; the old result is kept)") if correct else said


def round_drawn(round_number: int) -> str:
    """A round drawn now."""
    return _("round {round} was drawn").format(round=round_number)
