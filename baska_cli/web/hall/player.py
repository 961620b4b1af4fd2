"""A player's own page and API, by the key on their start card: GET /p/{key} (the page, its
script fills it from /api/v1/me), GET /api/v1/me (where they sit, their table's live totals,
their results, their place) and POST /api/v1/me/confirm (their word on their table's
result, theirs by their key). A player's key opens nothing else, and nothing else opens
these."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from baska_cli.errors import BaskaError
from baska_cli.i18n import N_, _, speaking
from baska_cli.render.tournament.player_page import page_record
from baska_cli.tournament.personal.service import PlayersNow, page_of
from baska_cli.tournament.tables import service as service_confirm
from baska_cli.tournament.tables.state import TableState
from baska_cli.web.hall.confirm import check_totals, shown
from baska_cli.web.pages import HEADERS, page, refused_page
from baska_cli.web.requests import (
    Refused,
    answered,
    in_worker,
    json_body,
    language_of,
    text_field,
)
from baska_cli.web.security import check_same_site, given_key
from baska_cli.web.writes import told, totals_text

if TYPE_CHECKING:
    from baska_cli.web.hall.personal import Personal

PAGE = "player.html.j2"


def personal_of(request: Request) -> Personal:
    """The players' side of the tournament the app serves (a 404 where it serves ledgers)."""
    found: Personal | None = getattr(request.app.state.hall, "personal", None)
    if found is None:
        raise HTTPException(404)
    return found


def _not_a_player() -> Refused:
    return Refused(403, _("this is not a player's key"))


async def _player(request: Request, given: str) -> tuple[Personal, PlayersNow, str]:
    """The players' side, the tournament as read for them, and the player of the key given
    (403 for no player's key)."""
    personal = personal_of(request)
    request.app.state.hall.keep_secret()
    now = await in_worker(request.state.language, personal.now)
    name = now.identities.by_key(given)
    if name is None:
        raise _not_a_player()
    return personal, now, name


async def player_page(request: Request) -> Response:
    """GET /p/{key}: the player's own page (a short 403 page for a key that is no
    player's)."""
    language = language_of(request)
    request.state.language = language
    key = request.path_params["key"]
    try:
        _personal, now, name = await _player(request, key)
    except Refused as error:
        with speaking(language):
            return refused_page(language, str(error), error.status)
    except BaskaError as error:  # (a tournament's file the organiser is mending)
        with speaking(language):
            said = _(
                "The tournament's files cannot be read just now ({problem}); try again in a "
                "moment, or tell the organiser."
            ).format(problem=error)
            return refused_page(language, said, 503)
    player = now.identities.named(name)
    assert player is not None
    context = {
        "key": key,
        "lang": language,
        "api": "/api/v1",
        "static": "/static",
        "tournament": now.tournament.name,
        "name": now.names.get(name, name),
    }
    with speaking(language):
        return page(PAGE, context)


@answered
async def me(request: Request) -> Response:
    """GET /api/v1/me: the player's page as JSON (render/tournament/player_page.py), with an
    ETag of its body (304 when it is the one given)."""
    _personal, now, name = await _player(request, given_key(request))
    record = await in_worker(request.state.language, lambda: page_record(page_of(now, name)))
    body = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    tag = f'"{hashlib.sha256(body).hexdigest()[:16]}"'
    headers = {**HEADERS, "ETag": tag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@answered
async def me_confirm(request: Request) -> Response:
    """POST /api/v1/me/confirm {"agree", "totals", "note", "round"}: the player's word on
    their table's four totals (of the newest round that seats them, or `round`), theirs by
    the key that asks; answered with the player's page."""
    given = given_key(request)
    personal, now, name = await _player(request, given)
    check_same_site(request)
    body = await json_body(request)
    agree = body.get("agree")
    if not isinstance(agree, bool):
        raise Refused(400, _('"agree" is true or false, not {given}').format(given=shown(agree)))
    totals = check_totals(body)
    note = text_field(body, "note", "")
    seat = page_of(now, name).seat
    asked = body.get("round", seat.round if seat else None)
    if not isinstance(asked, int) or isinstance(asked, bool) or asked < 1:
        raise Refused(400, _("you sit at no table yet"))
    where = _table_of(now, asked, name)
    if where is None:  # (the files looked at again: a draw may be newer than that look)
        now = await in_worker(request.state.language, lambda: personal.now(look=True))
        where = _table_of(now, asked, name)
    if where is None:
        raise Refused(400, _("you sit at no table in round {round}").format(round=asked))
    folder = personal.folder

    def work() -> TableState:
        return service_confirm.confirm(folder, asked, where[0], name, agree, totals, given, note)

    await in_worker(request.state.language, work)
    said = (
        N_("{player} confirms {totals} from their own page")
        if agree
        else N_("{player} disputes {totals} from their own page: {note}")
    )
    told((asked, where[0]), said, player=name, totals=totals_text(totals), note=note)
    personal.forget()
    fresh = await in_worker(request.state.language, personal.now)
    record: dict[str, Any] = await in_worker(
        request.state.language, lambda: page_record(page_of(fresh, name))
    )
    return Response(
        json.dumps(record, ensure_ascii=False), media_type="application/json", headers=HEADERS
    )


def _table_of(now: PlayersNow, round_number: int, name: str) -> tuple[int, tuple[str, ...]] | None:
    """The player's table in a round (its number and players), None where they sit at none."""
    found = enumerate(_tables(now, round_number), 1)
    return next(((number, members) for number, members in found if name in members), None)


def _tables(now: PlayersNow, round_number: int) -> tuple[tuple[str, ...], ...]:
    """A drawn round's tables (none for a round not drawn)."""
    draws = now.tournament.draws
    return draws[round_number - 1].tables if round_number <= len(draws) else ()
