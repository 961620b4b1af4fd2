"""`baska tournament status`: each table's state in a round, as a table or as JSON; a table's
state as JSON, the one place its keys are written (the CLI's `--format json`, the API's
/api/v1/confirmations, the organiser's and the players' pages)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from baska_cli.i18n import N_, _, ngettext
from baska_cli.render.fit import KEPT, wrap
from baska_cli.render.text import signed, terminal_safe, terminal_safe_json
from baska_cli.render.tournament.links import WIDTH, seats_line
from baska_cli.tournament.tables.state import CONFIRMED, TableState, write_refusal

STATUS_WORDS = {
    "new": N_("not started"),
    "playing": N_("playing"),
    "waiting": N_("waiting for confirmation"),
    "confirmed": N_("confirmed"),
    "disputed": N_("disputed"),
    "walkout": N_("walk-out"),
}


def status_word(status: str) -> str:
    """A table's status in the interface language."""
    return _(STATUS_WORDS.get(status, status))


def status_table(round_number: int, states: Sequence[TableState], width: int = WIDTH) -> str:
    """Each table: its number, status, deals played and totals on a line, its players by
    seat and who confirmed under it, wrapped to `width`; then each disagreement with its
    note."""
    labels = [_("table {table}").format(table=s.table) for s in states]
    room = max((len(label) for label in labels), default=0) + 2
    lines = [_("round {round}").format(round=round_number), ""]
    for label, s in zip(labels, states, strict=True):
        deals = _("sheet") if s.source == "sheet" else f"{s.dealt}/{s.deals}"
        totals = " ".join(signed(t) for t in s.totals) if s.totals is not None else "–"
        head = f"{status_word(s.status)}  {deals}  {totals}"
        lines += _under(label.ljust(room), head, room, width)
        lines += _under(" " * room, seats_line(s.players), room, width)
        confirmed = [*s.confirmed_by, *([_("the organiser")] if s.accepted else [])]
        for said in _notes(s, confirmed):
            lines += _under(" " * room, said, room, width)
    for s in states:
        for player, note in s.disputes:
            said = _("table {table}: {name} disagrees").format(table=s.table, name=player)
            note = terminal_safe(note)  # (typed on a phone: wrapped as it is shown)
            lines += wrap(f"{said}: {note}" if note else said, width, "  ").splitlines()
    return terminal_safe("\n".join(lines), keep="\n")  # (a note typed on a phone)


def _notes(s: TableState, confirmed: list[str]) -> list[str]:
    """What a table's lines say below its players: who walked out (its totals are the
    walk-out's fixed result), the deals played accepted short of the series, who confirmed."""
    said = []
    if s.walked_out:
        said.append(
            _("walked out: {names}; the result that counts is the walk-out's").format(
                names=", ".join(s.walked_out)
            )
        )
    if s.cut:
        said.append(
            ngettext(
                "cut short: the {count} deal played accepted as the result",
                "cut short: the {count} deals played accepted as the result",
                s.dealt,
            ).format(count=s.dealt)
        )
    if len(s.typed) == 1:
        said.append(_("the paper sheet typed once: waiting for the second entry"))
    elif s.typed:
        entries = " / ".join(" ".join(signed(t) for t in totals) for totals in s.typed)
        said.append(_("the paper sheet's entries differ: {entries}").format(entries=entries))
    if confirmed:
        said.append(_("confirmed by: {names}").format(names=", ".join(confirmed)))
    return said


def _under(first: str, text: str, room: int, width: int) -> list[str]:
    """`text` wrapped to the width left after `room` columns, its first line after `first`."""
    wrapped = wrap(text, width - room).replace(KEPT, " ").splitlines() or [""]
    return [first + wrapped[0], *(" " * room + line for line in wrapped[1:])]


def status_json(round_number: int, states: Sequence[TableState]) -> str:
    """The round and each table's state (`state_record`), as JSON."""
    record = {"round": round_number, "tables": [state_record(s) for s in states]}
    return terminal_safe_json(json.dumps(record, ensure_ascii=False, indent=2))


def state_record(state: TableState) -> dict[str, Any]:
    """A table's state as JSON-ready values (the CLI's `--format json`, the API's)."""
    return {
        "round": state.round,
        "table": state.table,
        "players": list(state.players),
        "status": state.status,
        "dealt": state.dealt,
        "deals": state.deals,
        "totals": None if state.totals is None else list(state.totals),
        "source": state.source,
        "confirmed_by": list(state.confirmed_by),
        "disputes": [{"player": p, "note": n} for p, n in state.disputes],
        "accepted": state.accepted,
        "short": state.short,
        "typed": len(state.typed),  # (their totals only once two differ: typed blind)
        "typed_totals": [list(t) for t in state.typed] if len(state.typed) > 1 else [],
        "cut": state.cut,
        "walked_out": list(state.walked_out),
        "sheet": state.sheet,
        "conflict": state.conflict,
        "refused": write_refusal(state, hands=True),
        "final": state.status == CONFIRMED,
        "version": state.version,
    }
