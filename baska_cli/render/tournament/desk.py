"""The registration desk in words and JSON: the list (a table or JSON), what a check-in
did, the counts — said by `baska tournament checkin` and shown by the organiser's page."""

from __future__ import annotations

import json
from typing import Any

from tabulate import tabulate

from baska_cli.i18n import _
from baska_cli.tournament.desk.marks import PRESENT
from baska_cli.tournament.desk.service import DeskLine, DeskView, Marked


def line_record(line: DeskLine) -> dict[str, Any]:
    """A player at the desk as JSON: `player` (the name the tables use), `id`, `present`,
    `paid`, and `full_name` where the players file gave one."""
    p = line.player
    record: dict[str, Any] = {"player": p.name, "id": p.id, "present": line.present}
    record["paid"] = line.paid
    return {**record, "full_name": p.full_name} if p.full_name else record


def desk_record(view: DeskView) -> dict[str, Any]:
    """The desk as the JSON contract gives it."""
    return {
        "players": [line_record(line) for line in view.lines],
        "registered": view.registered,
        "present": view.present,
        "paid": view.paid,
    }


def desk_json(view: DeskView) -> str:
    """One line of JSON."""
    return json.dumps(desk_record(view), ensure_ascii=False)


def counts_text(view: DeskView) -> str:
    """`registered 426, present 398, paid 371` (paid only where there is a fee)."""
    said = _("registered {registered}, present {present}").format(
        registered=view.registered, present=view.present
    )
    if view.fee:
        said += ", " + _("paid {paid} (fee {fee})").format(paid=view.paid, fee=view.fee)
    return said


def desk_table(view: DeskView) -> str:
    """The desk as a table: player, id, present, paid (where there is a fee), then the counts."""
    yes = _("yes")
    headers = [_("player"), _("id"), _("present")] + ([_("paid")] if view.fee else [])
    rows = []
    for line in view.lines:
        row = [line.player.display, line.player.id, yes if line.present else ""]
        rows.append(row + ([yes if line.paid else ""] if view.fee else []))
    table = tabulate(rows, headers=headers, disable_numparse=True)
    return f"{table}\n\n{counts_text(view)}"


def marked_text(done: Marked) -> str:
    """What a check-in did to one player: `Jan Kowalski: present`, `… paid already`,
    `… no longer present`."""
    name = done.player.display
    if done.mark == PRESENT:
        words = (
            (_("{name}: present") if done.changed else _("{name}: present already"))
            if done.value
            else (_("{name}: no longer present") if done.changed else _("{name}: not present"))
        )
    else:
        words = (
            (_("{name}: paid") if done.changed else _("{name}: paid already"))
            if done.value
            else (_("{name}: no longer paid") if done.changed else _("{name}: not paid"))
        )
    return words.format(name=name)
