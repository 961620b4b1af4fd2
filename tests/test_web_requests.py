"""The web's request layer (web/requests.py): each kind of the project's errors answered
with its status and `{"error": ...}` in the request's language, and the request's language
chosen from ?lang, Accept-Language or the server's."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient

from baska_cli import errors
from baska_cli.errors import BaskaError
from baska_cli.i18n import _, speaking
from baska_cli.web.app import make_app
from baska_cli.web.entries import Journal
from baska_cli.web.requests import BODY_LIMIT, Refused, answered, json_body, server_error
from tests.clikit import invoke

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
    (
        "StaleWriteError",
        lambda message: errors.StaleWriteError(message, None, 5, "zw A+C 61", 7),
        409,
    ),
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

    app = Starlette(
        routes=[Route("/", route, methods=["GET", "POST"])],
        exception_handlers={Exception: server_error},
    )
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


def test_a_body_nested_too_deep_or_not_unicode_is_a_400_in_json() -> None:
    with speaking("pl"):
        deep = _("the request is nested too deep")
        not_json = _("the request is not JSON")
    with client(lambda request: None) as server:
        nested = server.post("/?lang=pl", content=b'{"a":' + b"[" * 5000 + b"]" * 5000 + b"}")
        assert (nested.status_code, nested.json()) == (400, {"error": deep})
        for lone in (b'{"hand": "\\ud800"}', b'{"\\udfff": 1}', b'{"a": ["x\\udc00y"]}'):
            answer = server.post("/?lang=pl", content=lone)
            assert (answer.status_code, answer.json()) == (400, {"error": not_json})


def full_disk() -> OSError:
    return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def ledger_on_a_full_disk() -> errors.LedgerError:
    """The ledger's own error for a write the full disk refused (as ledger/store.py raises
    it: `from None`, the OSError kept only as its context)."""
    try:
        try:
            raise full_disk()
        except OSError:
            raise errors.LedgerError("cannot write", "/home/organiser/liga/r1/t1.csv") from None
    except errors.LedgerError as error:
        return error


@pytest.mark.parametrize("make", [full_disk, ledger_on_a_full_disk], ids=["OSError", "LedgerError"])
def test_a_full_disk_is_a_507_that_says_so_in_the_request_s_language(
    make: Callable[[], Exception],
) -> None:
    with speaking("pl"):
        said = _("the server's disk is full: nothing was recorded; it is sent again later")
    assert "dysk" in said
    with client(lambda request: make()) as server:
        answer = server.post("/?lang=pl", json={"hand": "zo 4 70"})
        assert (answer.status_code, answer.json()) == (507, {"error": said})


def test_what_no_route_answers_is_a_500_in_json_that_names_no_file() -> None:
    def broken(request: Request) -> Exception:
        raise RuntimeError("/home/organiser/liga/secret")

    def unwritable(request: Request) -> Exception:
        raise PermissionError(errno.EACCES, "Permission denied", "/home/organiser/liga")

    for work in (broken, unwritable):
        app = client(work).app

        async def bare(request: Request, work: Any = work) -> Response:  # (not `answered`)
            work(request)
            return Response()

        app.router.routes.append(Route("/bare", bare))  # type: ignore[attr-defined]
        with TestClient(app, raise_server_exceptions=False) as server:
            for path in ("/", "/bare"):
                answer = server.get(path, headers={"Accept-Language": "pl"})
                assert answer.status_code == 500
                assert answer.headers["content-type"] == "application/json"
                assert "/home" not in answer.text and answer.json()["error"]


def test_a_hand_posted_on_a_full_disk_is_a_507_and_nothing_is_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = str(tmp_path / "evening.csv")
    assert invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    app = make_app({ledger: "k" * 22}, "en")
    before = Path(ledger).read_bytes()

    def no_room(*args: object, **kwargs: object) -> None:
        raise full_disk()

    monkeypatch.setattr(Journal, "_append", no_room)
    headers = {"Authorization": f"Bearer {'k' * 22}", "Origin": "http://testserver"}
    with TestClient(app, raise_server_exceptions=False) as server:
        answer = server.post(
            "/api/v1/hands?lang=pl", json={"hand": "zo 4 70", "id": "a1"}, headers=headers
        )
    assert answer.status_code == 507 and "dysk" in answer.json()["error"]
    assert Path(ledger).read_bytes() == before


def test_starlette_s_own_refusals_are_json_in_the_request_s_language(tmp_path: Path) -> None:
    ledger = str(tmp_path / "evening.csv")
    assert invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    with speaking("pl"):
        nothing = _("nothing is served at this address")
    with TestClient(make_app({ledger: "k" * 22}, "en")) as server:
        for path in ("/nothing", "/static/nothing.js", "/standings"):
            missing = server.get(path, headers={"Accept-Language": "pl"})
            assert (missing.status_code, missing.json()) == (404, {"error": nothing})
        wrong = server.delete("/api/v1/table")
        assert wrong.status_code == 405 and "DELETE" in wrong.json()["error"]
        assert "GET" in wrong.headers["allow"]


def test_without_threads_the_work_is_done_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where Python has no threads (Pyodide: `baska app`), a route's work runs in the
    request's own thread, in the request's language."""
    import asyncio
    import threading

    from baska_cli import i18n
    from baska_cli.web import requests

    monkeypatch.setattr(requests, "THREADS", False)
    where = asyncio.run(requests.in_worker("pl", lambda: (threading.get_ident(), i18n.language())))
    assert where == (threading.get_ident(), "pl")
