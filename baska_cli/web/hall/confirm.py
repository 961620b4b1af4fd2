"""A tournament table's confirmation of its result (Bridgemate's enter-and-confirm): a
player's agreement or disagreement from their phone, the table's final totals entered
alone, and the table's state — each for the key's own table only (the organiser's key
names the table with ?round=R&table=T). A player's word from the table's phone is theirs by
their PIN; from their own page, by their key (web/hall/player.py)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from baska_cli.i18n import N_, _
from baska_cli.render.tournament.status import state_record
from baska_cli.tournament.results import ORGANISER, TABLE
from baska_cli.tournament.tables import service as service_confirm
from baska_cli.tournament.tables.service import WrongProof
from baska_cli.tournament.tables.state import TableState, table_state
from baska_cli.web.api import endpoint
from baska_cli.web.hall.personal import PinGuard
from baska_cli.web.requests import Refused, text_field
from baska_cli.web.served import Access, Served
from baska_cli.web.writes import told, totals_text

LIST_LIMIT = 8  # entries of a table's final totals (four players; a few more are refused)


def table_where(request: Request) -> tuple[str, int, int]:
    """The tournament's directory and the key's table (round, table); a plain ledger has no
    confirmations."""
    access: Access = request.state.access
    folder = getattr(request.app.state.hall, "folder", None)
    if folder is None or access.round is None or access.table is None:
        raise Refused(404, _("confirmations are for a tournament's tables (baska serve DIR)"))
    return folder, access.round, access.table


def check_totals(body: dict[str, Any]) -> list[int]:
    """The four totals a body gives, else a 400 quoting what it gave."""
    value = body.get("totals")
    if (
        not isinstance(value, list)
        or len(value) != 4
        or not all(isinstance(t, int) and not isinstance(t, bool) for t in value)
    ):
        raise Refused(
            400,
            _('"totals" is a list of the four totals by seat, e.g. [40, -12, -8, -20], not {given}')
            .format(given=shown(value)),
        )  # fmt: skip
    return value


def shown(value: object) -> str:
    """What was given, for a message (cut short)."""
    text = "null" if value is None else repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


async def _state(request: Request, served: Served, work: Any) -> Response:
    """The work done alone at the table, answered with the table's state."""
    language: str = request.state.language
    found: TableState = await served.run(language, work)
    return JSONResponse(state_record(found))


@endpoint(post=False)
async def confirmations(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """GET /api/v1/confirmations: the table's state — status, totals, who confirmed, who
    disagreed."""
    folder, round_number, table = table_where(request)
    return await _state(request, served, lambda: table_state(folder, round_number, table))


@endpoint(post=True, hands=False)
async def confirm(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """POST /api/v1/confirm {"player", "agree", "totals", "pin", "note"}: a player's word on
    the table's four totals from the table's phone, theirs by their PIN (their start
    card's); wrong PINs are counted per table, each before it is checked, and past a few
    the table waits (429)."""
    folder, round_number, table = table_where(request)
    player, pin = text_field(body, "player"), text_field(body, "pin", "")
    note = text_field(body, "note", "")
    agree = body.get("agree")
    if not isinstance(agree, bool):
        raise Refused(400, _('"agree" is true or false, not {given}').format(given=shown(agree)))
    totals = check_totals(body)
    guard: PinGuard | None = getattr(request.app.state.hall, "pins", None)
    where = (round_number, table)
    mark = guard.take(where) if guard is not None else None  # (counted before it is checked)

    def work() -> TableState:
        return service_confirm.confirm(
            folder, round_number, table, player, agree, totals, pin, note
        )

    wrong = False
    try:
        answer = await _state(request, served, work)
        said = (
            N_("{player} confirms {totals} by their PIN")
            if agree
            else N_("{player} disputes {totals} by their PIN: {note}")
        )
        told(where, said, player=player, totals=totals_text(totals), note=note)
        return answer
    except WrongProof as error:
        wrong = bool(pin.strip())  # (stays counted; a word sent without a PIN is no guess)
        raise Refused(403, str(error)) from None
    finally:
        if guard is not None and mark is not None and not wrong:
            guard.give_back(where, mark)


@endpoint(post=True, hands=False)
async def result(request: Request, served: Served, body: dict[str, Any]) -> Response:
    """POST /api/v1/result {"totals": [four by seat]} or {"entries": ["Ania=+40", …]}: the
    table's final totals alone (its paper sheet's), to be confirmed as a series is."""
    folder, round_number, table = table_where(request)
    if "entries" in body:
        entries = body["entries"]
        if (
            not isinstance(entries, list)
            or not 0 < len(entries) <= LIST_LIMIT
            or not all(isinstance(e, str) for e in entries)
        ):
            raise Refused(
                400,
                _('"entries" is a list of texts NAME=+N, e.g. ["Ania=+40", "Bartek=-12"], not '
                  "{given}").format(given=shown(entries)),
            )  # fmt: skip
        typed = [str(e) for e in entries]
    else:
        typed = [f"{seat}={total:+d}" for seat, total in enumerate(check_totals(body), 1)]
    by = ORGANISER if request.state.access.organiser else TABLE
    answer = await _state(
        request,
        served,
        lambda: service_confirm.enter_final(folder, round_number, table, typed, by),
    )
    said = (
        N_("paper totals {totals}, by the organiser")
        if by == ORGANISER
        else N_("paper totals {totals}, from the table's phone")
    )
    told((round_number, table), said, totals=" ".join(typed))
    return answer
