"""The registration desk in words and JSON: the list (a table or JSON), what a check-in
did, the totals (the cash and the players present who have not paid) — said by `baska
tournament checkin` and shown by the organiser's page. A player whose full name another
shares is named with their club and id beside it (`Jan Kowalski (Puck, id 101)`)."""

from __future__ import annotations

import json
from typing import Any

from tabulate import tabulate

from baska_cli.i18n import _
from baska_cli.tournament.desk.marks import PRESENT
from baska_cli.tournament.desk.service import DeskLine, DeskSummary, DeskView, Marked
from baska_cli.tournament.players import Entrant


def line_record(line: DeskLine) -> dict[str, Any]:
    """A player at the desk as JSON: `player` (the name the tables use), `id`, `present`,
    `paid`, and `full_name` and `club` where the players file gave them."""
    p = line.player
    record: dict[str, Any] = {"player": p.name, "id": p.id, "present": line.present}
    record["paid"] = line.paid
    record |= {"full_name": p.full_name} if p.full_name else {}
    return record | ({"club": p.club} if p.club else {})


def summary_record(summary: DeskSummary) -> dict[str, Any]:
    """The desk's totals as JSON: registered, present, paid, the players present who have
    not paid (as the players' lines), the cash (paid × the fee)."""
    return {
        "registered": summary.registered,
        "present": summary.present,
        "paid": summary.paid,
        "unpaid": [line_record(line) for line in summary.unpaid],
        "cash": summary.cash,
    }


def desk_record(view: DeskView) -> dict[str, Any]:
    """The desk as the JSON contract gives it."""
    return {
        "players": [line_record(line) for line in view.lines],
        "registered": view.registered,
        "present": view.present,
        "paid": view.paid,
        "summary": summary_record(view.summary),
    }


def desk_page_record(view: DeskView) -> dict[str, Any]:
    """The desk as the organiser's page gets it: the contract's record with the fee, the
    totals in words and, where no player was found, `near`: the players listed are the
    nearest spellings of a surname."""
    record = {**desk_record(view), "fee": view.fee, "counts": counts_text(view)}
    return record | ({"near": True} if view.near else {})


def desk_json(view: DeskView) -> str:
    """One line of JSON."""
    return json.dumps(desk_record(view), ensure_ascii=False)


def counts_text(view: DeskView) -> str:
    """`registered 426, present 398` and, where there is a fee, `paid 371 (fee 25): cash
    9275; present, not paid: 27`."""
    said = _("registered {registered}, present {present}").format(
        registered=view.registered, present=view.present
    )
    if view.fee:
        said += ", " + _("paid {paid} (fee {fee})").format(paid=view.paid, fee=view.fee)
        said += _(": cash {cash}; present, not paid: {count}").format(
            cash=view.summary.cash, count=len(view.summary.unpaid)
        )
    return said


def desk_name(player: Entrant, namesake: bool) -> str:
    """A player as the desk names them: the full name, with the club and id (else the short
    form) beside a name another player shares."""
    if not namesake:
        return player.display
    extra = [player.club] if player.club else []
    extra += [_("id {id}").format(id=player.id)] if player.id else []
    return f"{player.display} ({', '.join(extra or [player.name])})"


def desk_table(view: DeskView) -> str:
    """The desk as a table: player, club (where any has one), id, present, paid (where
    there is a fee), then the totals."""
    yes = _("yes")
    clubs = any(line.player.club for line in view.lines)
    headers = [_("player"), *([_("club")] if clubs else []), _("id"), _("present")]
    headers += [_("paid")] if view.fee else []
    rows = []
    for line in view.lines:
        row = [line.player.display, *([line.player.club] if clubs else []), line.player.id]
        row += [yes if line.present else ""] + ([yes if line.paid else ""] if view.fee else [])
        rows.append(row)
    if not rows:
        return counts_text(view)
    table = tabulate(rows, headers=headers, disable_numparse=True)
    return f"{table}\n\n{counts_text(view)}"


def marked_text(done: Marked) -> str:
    """What a check-in did to one player: `Jan Kowalski (Puck, id 101): present`, `…: paid
    already`, `…: no longer present; still marked paid …`."""
    name = desk_name(done.player, done.namesake)
    if done.mark == PRESENT:
        words = (
            (_("{name}: present") if done.changed else _("{name}: present already"))
            if done.value
            else (_("{name}: no longer present") if done.changed else _("{name}: not present"))
        )
        if done.still_paid:
            words += _("; still marked paid (if the fee is given back, take that back too)")
    else:
        words = (
            (_("{name}: paid") if done.changed else _("{name}: paid already"))
            if done.value
            else (_("{name}: no longer paid") if done.changed else _("{name}: not paid"))
        )
    return words.format(name=name)
