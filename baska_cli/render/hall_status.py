"""`baska tournament status`: each table's state in a round, as a table or as JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence

from tabulate import tabulate

from baska_cli.i18n import N_, _
from baska_cli.render.text import signed
from baska_cli.tournament.hall_state import TableState, state_record

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


def status_table(round_number: int, states: Sequence[TableState]) -> str:
    """Each table: its number, players, status, deals played, totals and who confirmed;
    then each disagreement with its note."""
    headers = [_("table"), _("players"), _("status"), _("deals"), _("totals"), _("confirmed by")]
    rows = [
        [
            s.table,
            ", ".join(s.players),
            status_word(s.status),
            _("sheet") if s.source == "sheet" else f"{s.dealt}/{s.deals}",
            " ".join(signed(t) for t in s.totals) if s.totals is not None else "–",
            ", ".join([*s.confirmed_by, *([_("the organiser")] if s.accepted else [])]) or "–",
        ]
        for s in states
    ]
    align = ["right", "left", "left", "right", "left", "left"]
    lines = [
        _("round {round}").format(round=round_number),
        "",
        tabulate(rows, headers=headers, disable_numparse=True, colalign=align),
    ]
    for s in states:
        for player, note in s.disputes:
            said = _("table {table}: {name} disagrees").format(table=s.table, name=player)
            lines.append(f"{said}: {note}" if note else said)
    return "\n".join(lines)


def status_json(round_number: int, states: Sequence[TableState]) -> str:
    """The round and each table's state (hall_state.state_record), as JSON."""
    record = {"round": round_number, "tables": [state_record(s) for s in states]}
    return json.dumps(record, ensure_ascii=False, indent=2)
