"""What a tournament's service did, in words: the sentences `baska tournament` says and the
organiser's page shows after a walk-out, a withdrawal, a result accepted or entered, a draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from baska_cli.i18n import _, ngettext
from baska_cli.render.text import signed
from baska_cli.render.tournament.status import status_word
from baska_cli.tournament.results import describe

if TYPE_CHECKING:
    from baska_cli.tournament.results import TableResult
    from baska_cli.tournament.rounds.service import Closed
    from baska_cli.tournament.scores.service import Typed, WalkedOut
    from baska_cli.tournament.service import Withdrawn
    from baska_cli.tournament.tables.state import TableState


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
    status = status_word(state.status)
    if state.cut:
        status = ngettext(
            "confirmed: {count} of {deals} deal, accepted as played",
            "confirmed: {count} of {deals} deals, accepted as played",
            state.deals,
        ).format(count=state.dealt, deals=state.deals)
    return _("round {round}, table {table}: {result} ({status})").format(
        round=state.round,
        table=state.table,
        result=", ".join(f"{p} {signed(t)}" for p, t in pairs),
        status=status,
    )


def result_entered(entered: TableResult, correct: bool) -> str:
    """A paper sheet's totals entered (with `correct`, in place of the earlier ones)."""
    said = _("round {round}, table {table}: {result}").format(
        round=entered.round, table=entered.table, result=describe(entered)
    )
    return said + " " + _("(corrected; the old result is kept)") if correct else said


def sheet_typed(typed: Typed) -> str:
    """A paper sheet typed by the organiser: entered, or under double-entry the first entry
    kept (its totals not shown: the second person types blind), the second agreeing (the
    result counts), or an entry differing from the one before (each difference shown)."""
    if not typed.double:
        return result_entered(typed.result, typed.correct)
    where = {"round": typed.result.round, "table": typed.result.table}
    if typed.counted:
        said = _("round {round}, table {table}: the entries agree: {result}, counted").format(
            **where, result=describe(typed.result)
        )
        return said + " " + _("(corrected; the old result is kept)") if typed.correct else said
    if typed.differs is None:
        return _(
            "round {round}, table {table}: the sheet's first entry is kept, not counted yet; "
            "it counts once the sheet is typed again alike, by another person who does not "
            "look at this entry"
        ).format(**where)
    before, now = typed.differs, typed.result
    differences = [
        f"{name} {signed(old)} / {signed(new)}"
        for name, old, new in zip(now.players, before.totals, now.totals, strict=True)
        if old != new
    ]
    if before.players != now.players:
        differences = [", ".join(before.players) + " / " + ", ".join(now.players)]
    return _(
        "round {round}, table {table}: this entry differs from the one before ({differences}); "
        "nothing counted: type the sheet again, the entry it agrees with counts"
    ).format(**where, differences="; ".join(differences))


def round_drawn(round_number: int) -> str:
    """A round drawn now."""
    return _("round {round} was drawn").format(round=round_number)


def state_word(state: TableState) -> str:
    """A table's state as the hall says it (with the hands played while it plays, and paper
    totals beside hands as the contradiction it is)."""
    if state.conflict:
        return ngettext(
            "paper totals and {count} hand: keep one of them",
            "paper totals and {count} hands: keep one of them",
            state.dealt,
        ).format(count=state.dealt)
    if state.status == "new" and len(state.typed) == 1:
        return _("sheet typed once")
    if state.status == "new" and state.typed:
        return _("entries differ")
    if state.status == "playing":
        return _("playing {dealt}/{deals}").format(dealt=state.dealt, deals=state.deals)
    if state.cut:
        return _("confirmed {dealt}/{deals}").format(dealt=state.dealt, deals=state.deals)
    return status_word(state.status)


def named_tables(states: Sequence[TableState]) -> str:
    """The tables not in, as a refusal names them: `table 3 (playing 10/16), table 5 (…)`."""
    return ", ".join(
        _("table {table} ({state})").format(table=s.table, state=state_word(s)) for s in states
    )


def not_in_yet(round_number: int, states: Sequence[TableState]) -> str:
    """Why the next round is not drawn: the tables of the newest round not in."""
    return _("round {round} is not in yet: {tables}").format(
        round=round_number, tables=named_tables(states)
    )


def drawn_anyway(round_number: int, states: Sequence[TableState]) -> str:
    """A round drawn all the same: the tables of the round before that are not in."""
    return _("not in yet: round {round}, {tables}").format(
        round=round_number, tables=named_tables(states)
    )


def round_taken_back(round_number: int) -> str:
    """The newest round's draw taken back."""
    return _("the draw of round {round} was taken back").format(round=round_number)


def round_closed(closed: Closed) -> str:
    """A round closed by the organiser, with its tables not in."""
    if closed.already:
        said = _("round {round} was closed already").format(round=closed.round)
    else:
        said = _("round {round} is closed: its tables' keys record nothing more").format(
            round=closed.round
        )
    if closed.late:
        said += "; " + _("not in, for the organiser to enter: {tables}").format(
            tables=named_tables(closed.late)
        )
    return said
