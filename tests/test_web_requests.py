"""The web's request layer (web/requests.py): each kind of the project's errors answered
with its status and `{"error": ...}` in the request's language, and the request's language
chosen from ?lang, Accept-Language or the server's."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient

from baska_cli import errors
from baska_cli.errors import BaskaError
from baska_cli.i18n import _, speaking
from baska_cli.web.requests import BODY_LIMIT, Refused, answered, json_body

MESSAGE = "the request is not JSON"  # any message of the catalog, made in the request's language

# Each kind of error, made with a message, and the status it is answered with.
CASES: list[tuple[str, Callable[[str], Exception], int]] = [
    ("BaskaError", errors.BaskaError, 400),
    ("NotationError", errors.NotationError, 400),
    ("RuleError", errors.RuleError, 400),
    ("RequestError", errors.RequestError, 400),
    ("InputFileError", errors.InputFileError, 400),
    ("TournamentInputError", errors.TournamentInputError, 400),
    ("RulesFileError", errors.RulesFileError, 409),
    ("RuleNameError", errors.RuleNameError, 409),
    ("LedgerError", errors.LedgerError, 409),
    ("PastPlanError", errors.PastPlanError, 409),
    ("ProblemsError", errors.ProblemsError, 409),
    ("TournamentError", errors.TournamentError, 409),
    ("OutputError", errors.OutputError, 409),
    ("Refused 400", lambda message: Refused(400, message), 400),
    ("Refused 401", lambda message: Refused(401, message), 401),
    ("Refused 403", lambda message: Refused(403, message), 403),
    ("Refused 404", lambda message: Refused(404, message), 404),
    ("Refused 413", lambda message: Refused(413, message), 413),
]


def client(work: Callable[[Request], Exception | None]) -> TestClient:
    """A server of one route, `answered`: it raises what `work` makes (in the request's
    language), else answers {"ok": true}; the server speaks English."""

    @answered
    async def route(request: Request) -> Response:
        made = work(request)
        if made is not None:
            raise made
        return JSONResponse({"ok": True, "body": await json_body(request)})

    app = Starlette(routes=[Route("/", route, methods=["GET", "POST"])])
    app.state.hall = SimpleNamespace(language="en")
    return TestClient(app)


@pytest.mark.parametrize(("kind", "make", "status"), CASES, ids=[case[0] for case in CASES])
def test_each_error_is_answered_with_its_status_in_the_request_s_language(
    kind: str, make: Callable[[str], Exception], status: int
) -> None:
    with speaking("pl"):
        polish = _(MESSAGE)
    assert polish != MESSAGE
    with client(lambda request: make(_(MESSAGE))) as server:
        asked = server.get("/", headers={"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.8"})
        assert (asked.status_code, asked.json()) == (status, {"error": polish})
        english = server.get("/")
        assert (english.status_code, english.json()) == (status, {"error": MESSAGE})


# The kinds that word themselves from their facts (scoring raises them, words none): each
# made in the request's language, answered 400.
WORDED: list[tuple[str, Callable[[], Exception]]] = [
    ("ContractNotInRules", lambda: errors.ContractNotInRules("me", "mizerka", "plb", ["mester"])),
    ("CalledTwiceInARow", lambda: errors.CalledTwiceInARow("kr:a", "Ania", "plb")),
    ("FirstContraByDeclarer", lambda: errors.FirstContraByDeclarer("k:a", "gr", "plb", "Ania")),
    ("TooManyContras", lambda: errors.TooManyContras("krbh", 4, "ci", "plb", 2, "k, kr")),
]


@pytest.mark.parametrize(("kind", "make"), WORDED, ids=[case[0] for case in WORDED])
def test_an_error_that_words_itself_does_so_in_the_request_s_language(
    kind: str, make: Callable[[], Exception]
) -> None:
    with speaking("pl"):
        polish = str(make())
    english = str(make())
    assert polish != english
    with client(lambda request: make()) as server:
        asked = server.get("/", headers={"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.8"})
        assert (asked.status_code, asked.json()) == (400, {"error": polish})
        assert server.get("/").json() == {"error": english}


def test_every_kind_of_the_project_s_errors_is_in_the_table() -> None:
    kinds = {
        name
        for name, value in vars(errors).items()
        if isinstance(value, type) and issubclass(value, BaskaError)
    }
    tabled = {name for name, _make, _status in CASES if not name.startswith("Refused")}
    assert kinds == tabled | {name for name, _make in WORDED}


def test_the_language_is_lang_then_accept_language_then_the_server_s() -> None:
    with speaking("pl"):
        polish = _(MESSAGE)
    with client(lambda request: Refused(400, _(MESSAGE))) as server:
        assert server.get("/?lang=pl").json()["error"] == polish
        assert server.get("/?lang=en", headers={"Accept-Language": "pl"}).json()["error"] == MESSAGE
        assert (
            server.get("/", headers={"Accept-Language": "de, pl;q=0.5"}).json()["error"] == polish
        )
        assert server.get("/", headers={"Accept-Language": "pl;q=0"}).json()["error"] == MESSAGE


def test_a_body_is_a_json_object_within_the_limit_refused_in_the_request_s_language() -> None:
    with speaking("pl"):
        not_json = _("the request is not JSON")
        too_big = _("the request is larger than {limit} KiB").format(limit=BODY_LIMIT // 1024)
    with client(lambda request: None) as server:
        assert server.post("/", json={"a": 1}).json() == {"ok": True, "body": {"a": 1}}
        bad = server.post("/?lang=pl", content=b"{")
        assert (bad.status_code, bad.json()) == (400, {"error": not_json})
        big = server.post("/?lang=pl", content=b" " * (BODY_LIMIT + 1))
        assert (big.status_code, big.json()) == (413, {"error": too_big})
        listed = server.post("/", json=[1])
        assert listed.status_code == 400 and "object" in listed.json()["error"]
