"""What the organiser's page changes, each through the service the CLI uses (which holds
the tournament's lock): a walk-out or its undo, a withdrawal, a table's result accepted, a
paper result entered or corrected, the next round drawn or taken back, a round closed, the
round's clock started, an announcement made or taken down. Each
answer is JSON with the sentence the CLI says, worded when it is read (web/writes.py's
Worded): the page reads it in the request's language, the server's terminal in its own."""

from __future__ import annotations

from typing import Any

from baska_cli.i18n import _
from baska_cli.render.tournament.clock import announced, cleared, clock_started
from baska_cli.render.tournament.done import (
    accepted,
    drawn_anyway,
    not_in_yet,
    round_closed,
    round_drawn,
    round_taken_back,
    sheet_typed,
    walked_out,
    withdrawn,
)
from baska_cli.render.tournament.printed import linked_pages
from baska_cli.render.tournament.terminal import absent_text, draw_record
from baska_cli.tournament import service
from baska_cli.tournament.clock import service as service_clock
from baska_cli.tournament.clock.timing import iso
from baska_cli.tournament.folder import load
from baska_cli.tournament.hall import service as service_links
from baska_cli.tournament.rounds import service as rounds
from baska_cli.tournament.rounds import service as service_closing
from baska_cli.tournament.rounds.progress import RoundNotIn
from baska_cli.tournament.rounds.service import Drawn
from baska_cli.tournament.scores import service as service_scores
from baska_cli.tournament.tables import service as service_confirm
from baska_cli.web.requests import Refused, flag_field, text_field, whole_field

Answer = tuple[int, dict[str, Any]]


def _table(body: dict[str, Any]) -> tuple[int, int]:
    """The table a request names: `round` and `table`."""
    return whole_field(body, "round"), whole_field(body, "table")


def walkout(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/walkout {"round", "table", "player", "undo"}."""
    round_number, table = _table(body)
    undo = flag_field(body, "undo")
    done = service_scores.walk_out(
        path, round_number, table, text_field(body, "player", blank=False), undo
    )
    where = {"round": done.round, "table": done.table, "name": done.player}
    record = {**where, "player": done.player, "others": list(done.others), "undone": undo}
    message = {"message": lambda: "; ".join(walked_out(done))}
    return 200, {**record, "hands": done.hands, "sheet": done.sheet, **message}


def withdraw(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/withdraw {"player"}: from the next round on."""
    gone = service.withdraw_player(path, text_field(body, "player", blank=False))
    return 200, {"player": gone.name, "round": gone.round, "message": lambda: withdrawn(gone)}


def accept(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/accept {"round", "table"}: the table's result is final."""
    round_number, table = _table(body)
    state = service_confirm.accept(path, round_number, table)
    record = {"round": round_number, "table": table, "status": state.status}
    return 200, {**record, "message": lambda: accepted(state)}


def result(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/result {"round", "table", "entries", "correct"}: a paper sheet's
    totals (`NAME=+N` or `SEAT=+N`, as `baska tournament result` takes them)."""
    round_number, table = _table(body)
    entries = body.get("entries")
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise Refused(400, _('the request needs "entries": a list of NAME=+N'))
    correct = flag_field(body, "correct")
    typed = service_scores.enter_sheet(path, round_number, table, entries, correct)
    record = {"round": round_number, "table": table, "players": list(typed.result.players)}
    return 200, {
        **record,
        "totals": list(typed.result.totals),
        "counted": typed.counted,
        "differs": typed.differs is not None,
        "message": lambda: sheet_typed(typed),
    }


def _drawn_already(drawn: Drawn) -> Answer:
    """A round drawn before (by another phone, or a click twice), shown again."""
    record = {**draw_record(drawn.draw), "not_in": [], "anyway": False, "new": False}
    return 200, {**record, "message": lambda: _drawn_again(drawn.draw.round)}


def _drawn_again(number: int) -> str:
    return _("round {round} is drawn already").format(round=number)


def _drawn_text(drawn: Drawn) -> str:
    """What a new draw says: the round drawn, who is absent, the tables drawn past."""
    message = round_drawn(drawn.draw.round)
    if drawn.draw.absent:
        message += "; " + absent_text(drawn.draw.absent)
    if drawn.late:
        message += "; " + drawn_anyway(drawn.draw.round - 1, drawn.late)
    return message


def draw(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/draw {"round", "anyway"}: the next round, refused (409) while a
    table of the newest round is not in (and the round is not closed), unless `anyway` (the
    tables not in stay on the page, and go on recording). With `round`, the round meant: one
    drawn already is shown again (200), never drawn twice."""
    anyway = flag_field(body, "anyway")
    meant = None if body.get("round") is None else whole_field(body, "round")
    linker = service_links.sheet_linker(path)  # the sheets' QR codes: the hall's address
    pages = linked_pages(None if linker is None else linker.url)
    try:
        drawn = rounds.draw_next(path, pages, meant, anyway)
    except RoundNotIn as late:
        message = not_in_yet(late.round, late.states)
        return 409, {"error": message, "not_in": [s.table for s in late.states]}
    if not drawn.new:
        return _drawn_already(drawn)
    record = {**draw_record(drawn.draw), "not_in": [s.table for s in drawn.late], "new": True}
    return 201, {**record, "anyway": bool(drawn.late), "message": lambda: _drawn_text(drawn)}


def undo_draw(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/undo {"round"}: the newest round's draw taken back, refused (409)
    once anything is recorded in it; `round`, if given, must be the newest (a click on a
    page that is behind takes back nothing else)."""
    meant = None if body.get("round") is None else whole_field(body, "round")
    drawn = len(load(path).draws)
    if meant is not None and meant != drawn:
        raise Refused(
            409,
            _("round {round} is not the newest round ({count} drawn)").format(
                round=meant, count=drawn
            ),
        )
    number = service_closing.undo_draw(path)
    return 200, {"round": number, "message": lambda: round_taken_back(number)}


def close(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/close {"round"}: the round closed; its tables' keys record no more."""
    closed = service_closing.close_round(path, whole_field(body, "round"))
    late = [s.table for s in closed.late]
    record = {"round": closed.round, "not_in": late, "already": closed.already}
    return 200, {**record, "message": lambda: round_closed(closed)}


def start_clock(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/start {"restart"}: the newest round's clock started; refused (409,
    `"running": true`) while it runs, unless `restart`."""
    try:
        started = service_clock.start_clock(path, flag_field(body, "restart"))
    except service_clock.ClockRunning as running:
        return 409, {"error": running.message, "running": True, "round": running.clock.round}
    record = {"round": started.clock.round, "started": iso(started.clock.started)}
    return 201, {
        **record,
        "ends": iso(started.ends),
        "minutes": started.minutes,
        "restarted": started.restarted,
        "message": lambda: clock_started(started),
    }


def announce(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/announce {"text"} or {"clear": true}: the announcement on every
    screen, or taken down."""
    if flag_field(body, "clear"):
        there_was = service_clock.clear_announcement(path)
        return 200, {"announcement": None, "message": lambda: cleared(there_was)}
    shown = service_clock.announce(path, text_field(body, "text"))
    return 200, {"announcement": shown, "message": lambda: announced(shown)}
