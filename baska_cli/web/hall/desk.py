"""The registration desk on the organiser's page, through the service `baska tournament
checkin` calls: GET /api/v1/hall/desk?q=LETTERS (the players found, the counts) and POST
/api/v1/hall/checkin (one tap: present or paid, set or taken back, once per client id)."""

from __future__ import annotations

from typing import Any

from baska_cli.i18n import _
from baska_cli.render.tournament.desk import desk_page_record, marked_text
from baska_cli.tournament.desk import service
from baska_cli.tournament.desk.marks import MARKS, PAID
from baska_cli.web.entries import ID_LIMIT
from baska_cli.web.requests import Refused, text_field

Answer = tuple[int, dict[str, Any]]
QUERY_LIMIT = 100  # characters of a search


def desk(path: str, query: dict[str, Any]) -> Answer:
    """GET /api/v1/hall/desk[?q=LETTERS]: the players the letters may mean (three letters
    of a name, an id; none for no letter; none found: the nearest spellings of a surname,
    `near`), every player without `q`; the totals."""
    typed = query.get("q")
    if typed is not None and len(typed) > QUERY_LIMIT:
        raise Refused(400, _('"q" is at most {limit} characters').format(limit=QUERY_LIMIT))
    return 200, desk_page_record(service.desk_view(path, typed))


def checkin(path: str, body: dict[str, Any]) -> Answer:
    """POST /api/v1/hall/checkin {"player", "mark": "present" or "paid", "value": true or
    false, "id"}: the player marked (paid: present and paid) or the mark taken back; an `id`
    sent again records nothing again."""
    player = text_field(body, "player", blank=False)
    mark = body.get("mark", "present")
    value = body.get("value", True)
    if mark not in MARKS:
        raise Refused(400, _('"mark" is "present" or "paid"'))
    if not isinstance(value, bool):
        raise Refused(400, _('"{field}" is true or false').format(field="value"))
    client_id = body.get("id", "")
    if not isinstance(client_id, str) or len(client_id) > ID_LIMIT:
        raise Refused(400, _('"id" is a text of 1 to {limit} characters').format(limit=ID_LIMIT))
    done, view = service.check_in(path, [player], mark == PAID, not value, client_id)
    said = [m for m in done if m.mark == mark or m.changed]
    return 200, {
        **desk_page_record(view),
        "message": lambda: "; ".join(marked_text(m) for m in said),
    }
