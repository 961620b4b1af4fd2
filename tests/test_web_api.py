"""The server's JSON API and page through Starlette's TestClient: a whole evening, ids
recorded once, guards, errors in the request's language, corrections, and the security
cases (no key, a wrong key, an oversized body, a cross-site post, a name that is markup)."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.game.model import Contract
from baska_cli.game.vocabulary import COUNTED_FORMS
from baska_cli.web.app import make_app
from baska_cli.web.entries import Intent, Journal, Ticket, ticket
from baska_cli.web.requests import BODY_LIMIT
from baska_cli.web.security import key_path, table_key
from tests.clikit import invoke

KEY = "k" * 22
EVENING = [
    "zw Ania+Celina 61 k",
    "zw Bartek+Darek 78",
    "we Ania+Darek 70/3 kr",
    "ci Bartek 40",
    "zw Ania+Bartek 52",
    "gr Celina 68 k:Ania",
    "zo Darek 77 k:Ania,Darek",
    "zw Celina+Darek 26/1",
    "gd Ania /4",
    "zw Bartek+Celina 60 k:Ania,Bartek",
    "zd Bartek /3",
    "ba Celina",
    "zw Ania+Darek 44 k",
    "ci Darek 66/2 k:Ania,Darek",
    "zo Ania 40/1",
    "zw Bartek+Darek 104/4 kr",
]


def new_ledger(tmp_path: Path, players: str = "Ania,Bartek,Celina,Darek") -> str:
    path = str(tmp_path / "evening.csv")
    assert invoke("new", path, "-p", players, "--deals", "16").exit_code == 0
    return path


class Phone:
    """A client of the table's API, as the page is: the key, JSON, the page's origin."""

    def __init__(self, client: TestClient, lang: str | None = None) -> None:
        self.client = client
        self.headers = {"Authorization": f"Bearer {KEY}", "Origin": "http://testserver"}
        if lang:
            self.headers["Accept-Language"] = lang

    def get(self, path: str, **params: Any) -> Any:
        return self.client.get(f"/api/v1/{path}", headers=self.headers, params=params)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return self.client.post(f"/api/v1/{path}", headers=self.headers, json=body)


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    return new_ledger(tmp_path)


@pytest.fixture
def phone(ledger: str) -> Any:
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        yield Phone(client)


def check_clean(path: str) -> None:
    result = invoke("check", path)
    assert result.exit_code == 0, result.output


def test_a_whole_evening_through_the_api(phone: Phone, ledger: str) -> None:
    table = phone.get("table").json()
    assert table["players"] == ["Ania", "Bartek", "Celina", "Darek"]
    assert (table["dealer"], table["leader"], table["next"], table["deals"]) == (
        "Ania",
        "Bartek",
        1,
        16,
    )
    versions = {table["version"]}
    for number, hand in enumerate(EVENING, start=1):
        done = phone.post("hands", {"hand": hand, "id": f"hand-{number}"})
        assert done.status_code == 201, done.text
        body = done.json()
        assert (body["number"], body["hand"]) == (number, hand)
        assert sum(body["changes"]) == 0 and body["explanation"]
        versions.add(body["version"])
    assert len(versions) == 17
    table = phone.get("table").json()
    assert table["dealt"] == 16 and len(table["last"]) == 8
    assert table["last"][0]["number"] == 16 and table["last"][0]["hand"] == EVENING[-1]
    assert table["totals"] == table["last"][0]["totals"]
    standings = phone.get("standings").json()
    assert [hand["notation"] for hand in standings["hands"]] == EVENING
    final = phone.get("final", stake="0.10").json()
    assert {"standings", "stats", "settlement"} <= set(final)
    assert final["settlement"]["stake"] == "0.10"
    extra = phone.post("hands", {"hand": "zw Ania+Celina 61", "id": "extra"})
    assert extra.status_code == 409 and extra.json()["question"] == "past_plan"
    check_clean(ledger)


def test_the_same_id_twice_is_recorded_once(phone: Phone, ledger: str) -> None:
    first = phone.post("hands", {"hand": "zw ania+cel 61 k", "id": "abc"})
    again = phone.post("hands", {"hand": "zw ania+cel 61 k", "id": "abc"})
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert phone.get("table").json()["next"] == 2
    check_clean(ledger)


def test_an_id_whose_answer_was_lost_is_found_in_the_ledger(ledger: str) -> None:
    """The server wrote its intent and the ledger, and was killed before it answered."""
    sent = ticket("lost", "/api/v1/hands", {"hand": "zw ania+cel 61 k"})
    Journal(ledger).intend(sent, Intent("hand", 1, "zw Ania+Celina 61 k"))
    assert invoke("score", "--ledger", ledger, "zw", "ania+cel", "61", "k").exit_code == 0
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        again = Phone(client).post("hands", {"hand": "zw ania+cel 61 k", "id": "lost"})
        assert again.status_code == 201 and again.json()["number"] == 1
        assert Phone(client).get("table").json()["next"] == 2
    check_clean(ledger)


def test_a_guard_asks_then_the_confirmed_hand_goes_on(phone: Phone) -> None:
    assert phone.post("hands", {"hand": "zw ac 61 k", "id": "1"}).status_code == 201
    asked = phone.post("hands", {"hand": "zw ac 61 k", "id": "2"})
    assert asked.status_code == 409
    assert asked.json()["question"] == "same_hand"
    assert "the same as hand 1" in asked.json()["message"]
    confirmed = phone.post("hands", {"hand": "zw ac 61 k", "id": "2", "confirm": ["same_hand"]})
    assert confirmed.status_code == 201 and confirmed.json()["number"] == 2


def test_bad_notation_is_400_quoting_it_in_the_phones_language(phone: Phone) -> None:
    english = phone.post("hands", {"hand": "zwo A+C 61"})
    assert english.status_code == 400
    assert english.json()["error"].startswith('"zwo" is not a contract')
    polish = Phone(phone.client, "pl-PL,pl;q=0.9,en;q=0.5").post("hands", {"hand": "zwo A+C 61"})
    assert polish.status_code == 400 and polish.json()["error"].startswith("„zwo” to nie gra")
    assert (
        phone.client.post(
            "/api/v1/hands?lang=pl", headers=phone.headers, json={"hand": "zwo A+C 61"}
        )
        .json()["error"]
        .startswith("„zwo”")
    )
    assert phone.get("table").json()["next"] == 1


def test_two_phones_in_two_languages_at_once(phone: Phone) -> None:
    found: dict[str, set[str]] = {"pl": set(), "en": set()}

    def enter(lang: str) -> None:
        speaker = Phone(phone.client, lang)
        for _ in range(15):
            found[lang].add(speaker.post("hands", {"hand": "zwo A+C 61"}).json()["error"][:5])
            found[lang].add(speaker.post("preview", {"hand": "zd B 4"}).json()["error"][:3])

    threads = [threading.Thread(target=enter, args=(lang,)) for lang in ("pl", "en")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found == {"pl": {"„zwo”", "„4”"}, "en": {'"zwo"', '"4"'}}


def test_preview_never_fails(phone: Phone) -> None:
    hand = phone.post("preview", {"hand": "zw ac 61 k"}).json()
    assert (hand["kind"], hand["text"], hand["changes"]) == (
        "hand",
        "zw Ania+Celina 61 k",
        [2, -2, 2, -2],
    )
    assert hand["lines"] == ["→ zw Ania+Celina 61 k: Ania +2  Bartek -2  Celina +2  Darek -2"]
    bad = phone.post("preview", {"hand": "zwo"})
    assert bad.status_code == 200 and bad.json()["kind"] == "error"
    assert phone.post("preview", {"hand": ""}).json()["kind"] == "empty"
    assert phone.post("preview", {"hand": "undo"}).json()["kind"] == "command"


@pytest.mark.parametrize(
    ("typed", "english", "polish"),
    [
        ("zw Ania", "missing: the partner, card points (0–104)", "brakuje: partner, oczka (0–104)"),
        ("zw Ania+Celina 6", "missing: card points (0–104)", "brakuje: oczka (0–104)"),
        ("zw ac 6 k", "missing: card points (0–104)", "brakuje: oczka (0–104)"),
        ("zo", "missing: the player, card points (0–104)", "brakuje: gracz, oczka (0–104)"),
        ("gd Ania", "missing: tricks (/0–/4)", "brakuje: lewy (/0–/4)"),
        ("zw ac 61 k:", "missing: who called the contras", "brakuje: kto mówił kontry"),
        ("z", "missing: the contract", "brakuje: gra"),
    ],
)
def test_a_line_being_typed_says_what_it_lacks(
    phone: Phone, typed: str, english: str, polish: str
) -> None:
    for lang, words in (("en", english), ("pl", polish)):
        seen = Phone(phone.client, lang).post("preview", {"hand": typed}).json()
        assert (seen["kind"], seen["lines"]) == ("partial", [words]), (lang, seen)
        assert seen["missing"] and seen["error"]  # (what "Record" would say now)


def test_a_complete_line_is_an_error_and_record_refuses_a_partial_one(phone: Phone) -> None:
    for typed in ("zw ac 65", "zw ac 61 hm", "zw A+A 61", "xx"):
        seen = phone.post("preview", {"hand": typed}).json()
        assert (seen["kind"], seen["missing"]) == ("error", []), typed
    partial = phone.post("hands", {"hand": "zw Ania"})
    assert partial.status_code == 400 and "two players" in partial.json()["error"]
    phone.post("hands", {"hand": "zw ac 61"})
    seen = phone.post("preview", {"hand": "+Bartek"}).json()  # a pair's first player
    assert (seen["kind"], seen["number"], seen["missing"]) == ("partial", 1, ["partner"])
    seen = Phone(phone.client, "pl").post("preview", {"hand": "+7"}).json()
    assert seen["lines"] == ["brakuje: oczka (0–104)"]


def test_corrections(phone: Phone, ledger: str) -> None:
    for number, hand in enumerate(EVENING[:4], start=1):
        assert phone.post("hands", {"hand": hand, "id": f"h{number}"}).status_code == 201
    undone = phone.post("undo", {"id": "u1"})
    assert undone.status_code == 200
    assert undone.json()["action"] == "undo" and undone.json()["number"] == 4
    assert phone.post("undo", {"id": "u1"}).json() == undone.json()  # once
    assert phone.get("table").json()["next"] == 4
    voided = phone.post("hands/2/void", {"id": "v1"}).json()
    assert (voided["action"], voided["number"]) == ("void", 2)
    asked = phone.post("hands/1/amend", {"hand": "kr", "id": "a1"})
    assert asked.status_code == 409 and asked.json()["question"] == "stake"
    amended = phone.post("hands/1/amend", {"hand": "kr", "id": "a1", "confirm": ["stake"]})
    assert amended.status_code == 200
    assert amended.json()["new"] == "zw Ania+Celina 61 kr"
    same_stake = phone.post("last/correct", {"words": "72/3", "id": "c1"})
    assert same_stake.status_code == 200, same_stake.text
    assert same_stake.json()["number"] == 3 and same_stake.json()["new"] == "we Ania+Darek 72/3 kr"
    missing = phone.post("hands/9/void", {"id": "v9"})
    assert missing.status_code == 400 and "there is no hand 9" in missing.json()["error"]
    again = phone.post("hands/2/void", {})
    assert again.status_code == 409 and "void already" in again.json()["error"]
    sheet = phone.get("sheet").json()
    assert [hand["status"] for hand in sheet["hands"]] == ["", "void", ""]
    assert sheet["hands"][0]["replaced"] == ["zw Ania+Celina 61 k"]
    assert {row["status"] for row in sheet["history"]} == {"amended", "undone"}
    check_clean(ledger)


def test_no_key_is_401_a_wrong_key_403_and_nothing_written(phone: Phone, ledger: str) -> None:
    before = Path(ledger).read_bytes()
    body = {"hand": "zw ac 61 k", "id": "x"}
    origin = {"Origin": "http://testserver"}
    assert phone.client.post("/api/v1/hands", json=body, headers=origin).status_code == 401
    wrong = {**origin, "Authorization": "Bearer " + "j" * 22}
    refused = phone.client.post("/api/v1/hands", json=body, headers=wrong)
    assert refused.status_code == 403 and refused.json()["error"]
    assert phone.client.get("/api/v1/table").status_code == 401
    assert phone.client.get("/api/v1/table", params={"key": KEY}).status_code == 200  # GET only
    assert phone.client.post("/api/v1/hands", json=body, params={"key": KEY}).status_code == 401
    assert phone.client.get("/t/" + "j" * 22).status_code == 403
    assert Path(ledger).read_bytes() == before


def test_an_oversized_body_is_413(phone: Phone, ledger: str) -> None:
    big = phone.post("hands", {"hand": "zw ac 61 k", "id": "x", "pad": "x" * BODY_LIMIT})
    assert big.status_code == 413
    chunks = (b"x" * 4096 for _ in range(8))  # no Content-Length: counted as it comes
    streamed = phone.client.post(
        "/api/v1/hands",
        content=chunks,
        headers={**phone.headers, "Content-Type": "application/json"},
    )
    assert streamed.status_code == 413
    assert phone.get("table").json()["next"] == 1


def test_a_cross_site_post_is_refused(phone: Phone) -> None:
    body = {"hand": "zw ac 61 k"}
    other = {**phone.headers, "Origin": "http://evil.example"}
    assert phone.client.post("/api/v1/hands", json=body, headers=other).status_code == 403
    fetched = {**phone.headers, "Sec-Fetch-Site": "cross-site"}
    assert phone.client.post("/api/v1/hands", json=body, headers=fetched).status_code == 403
    form = phone.client.post(
        "/api/v1/hands", data={"hand": "zw ac 61 k"}, headers={"Authorization": f"Bearer {KEY}"}
    )
    assert form.status_code == 403
    assert phone.get("table").json()["next"] == 1


def test_bad_requests_are_400(phone: Phone) -> None:
    assert phone.post("hands", {"id": "x"}).status_code == 400
    assert phone.post("hands", {"hand": "zw ac 61 k", "confirm": ["yes"]}).status_code == 400
    assert phone.post("hands", {"hand": "zw ac 61 k", "id": 5}).status_code == 400
    assert phone.post("hands", {"hand": "undo"}).status_code == 400
    bad_json = phone.client.post(
        "/api/v1/hands", content=b"{", headers={**phone.headers, "Content-Type": "application/json"}
    )
    assert bad_json.status_code == 400
    assert phone.get("final", stake="zero").status_code == 400


def test_every_name_is_escaped_in_the_page(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path, '<svg>,"O\'Ne&l",<b>x,Darek')
    with TestClient(make_app({ledger: KEY}, "pl")) as client:
        page = client.get(f"/t/{KEY}")
        assert page.status_code == 200
        assert "<svg>" not in page.text and "&lt;svg&gt;" in page.text
        assert "<b>" not in page.text and "&lt;b&gt;x" in page.text
        assert "O'Ne&l" not in page.text and "&#34;O&#39;Ne&amp;l&#34;" in page.text
        table = client.get("/api/v1/table", headers={"Authorization": f"Bearer {KEY}"})
        assert table.json()["players"] == ["<svg>", '"O\'Ne&l"', "<b>x", "Darek"]
        assert 'lang="pl"' in page.text
        assert 'lang="en"' in client.get(f"/t/{KEY}", headers={"Accept-Language": "en"}).text
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]


def test_no_path_from_a_request_reaches_the_filesystem(phone: Phone, ledger: str) -> None:
    for path in ("/static/../../evening.csv", "/static/%2e%2e/app.py", "/static/../app.py"):
        assert phone.client.get(path).status_code == 404
    assert phone.client.get(f"/t/{KEY}/../../evening.csv").status_code == 404


def test_the_key_is_kept_beside_the_ledger(ledger: str) -> None:
    key = table_key(ledger)
    assert table_key(ledger) == key and len(key) >= 22
    assert Path(key_path(ledger)).stat().st_mode & 0o777 == 0o600
    check_clean(ledger)


def test_a_second_serve_of_the_ledger_is_refused(ledger: str) -> None:
    from filelock import FileLock

    from baska_cli.cli.web.serve import serve_lock_path

    with FileLock(serve_lock_path(ledger)):
        result = invoke("serve", ledger, "--port", "0")
    assert result.exit_code == 1
    assert "served already" in result.stderr


def test_a_write_by_another_program_is_an_event_within_a_second(ledger: str) -> None:
    import asyncio
    import time

    from baska_cli.web.events import Watcher, stream

    async def watch() -> float:
        watcher = Watcher(ledger)
        events = stream(watcher)
        first = await anext(events)
        assert first.startswith('event: change\ndata: {"version": ')
        start = time.monotonic()
        assert invoke("score", "--ledger", ledger, "zw", "ac", "61", "k").exit_code == 0
        changed = await asyncio.wait_for(anext(events), 1.0)
        assert changed.startswith("event: change") and changed != first
        await events.aclose()
        await watcher.stop()
        return time.monotonic() - start

    assert asyncio.run(watch()) < 1.0


def test_a_change_event_carries_the_tables_new_state(ledger: str) -> None:
    import asyncio
    import json

    from baska_cli.web.events import stream
    from baska_cli.web.served import Served

    async def watch() -> tuple[dict[str, Any], dict[str, Any]]:
        served = Served(ledger, KEY)
        events = stream(served.watcher)
        first = json.loads((await anext(events)).split("data: ", 1)[1])
        assert "table" not in first  # (the page fetches the table when the stream opens)
        work = served.table.add_hand
        await served.run("en", lambda: work("zw ac 61 k", Ticket("an-id", "d"), ()))
        changed = json.loads((await asyncio.wait_for(anext(events), 1.0)).split("data: ", 1)[1])
        await events.aclose()
        await served.watcher.stop()
        return changed, served.table.state()

    changed, now = asyncio.run(watch())
    assert changed["version"] == now["version"] and changed["table"] == now
    assert changed["table"]["last"][0]["hand"] == "zw Ania+Celina 61 k"
    assert changed["table"]["totals"] == [2, -2, 2, -2]


def test_serve_refuses_a_missing_ledger_and_makes_nothing(tmp_path: Path) -> None:
    result = invoke("serve", str(tmp_path / "nowhere.csv"), "--port", "0")
    assert result.exit_code == 1 and "nowhere.csv" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_journal_line_torn_by_a_crash_is_skipped(ledger: str) -> None:
    journal, a = Journal(ledger), Ticket("a", "digest")
    journal.intend(a, Intent("hand", 1, "zw Ania+Celina 61 k"))
    with open(journal.path, "a", encoding="utf-8") as file:
        file.write('{"id": "b", "answ')  # killed while it appended
    again = Journal(ledger)
    assert again.intent(a) == Intent("hand", 1, "zw Ania+Celina 61 k")
    again.done(a, {"number": 1})
    assert Journal(ledger).answer(a) == {"number": 1} and Journal(ledger).intent(a) is None
    assert Path(journal.path).stat().st_mode & 0o777 == 0o600


def test_the_address_for_the_phones_is_not_the_loopback() -> None:
    import ipaddress

    from baska_cli.cli.web.serve import own_address

    found = own_address()  # (None on a machine with no network)
    assert found is None or not ipaddress.ip_address(found).is_loopback


def test_the_table_names_only_the_contracts_of_its_rules(phone: Phone) -> None:
    """The page offers the contracts the rule system has: plb has no méster, no zolo bieda."""
    contracts = phone.get("table").json()["contracts"]
    assert "zw" in contracts
    assert "me" not in contracts
    assert "zb" not in contracts


def _rules_of_table(tmp_path: Path, rules: str) -> dict[str, Any]:
    """The rule system of a new table under `rules`, as GET /api/v1/table gives it and as
    the page starts with it (the same JSON, in its `baska-rules` element)."""
    path = str(tmp_path / f"{rules}.csv")
    assert invoke("new", path, "-p", "Ania,Bartek,Celina,Darek", "--rules", rules).exit_code == 0
    with TestClient(make_app({path: KEY}, "en")) as client:
        found: dict[str, Any] = Phone(client).get("table").json()["rules"]
        page = client.get(f"/t/{KEY}").text
    element = re.search(r'<script id="baska-rules" type="application/json">(.*?)</script>', page)
    assert element is not None and json.loads(element.group(1)) == found
    return found


def test_the_table_carries_what_its_rules_allow_the_pad(tmp_path: Path) -> None:
    """plb: no kara, no méster, at most kontra and rekontra on gran; mester: kara, but not
    after a zwykła or an honour, and three contras on a cicha."""
    plb = _rules_of_table(tmp_path, "plb")
    contracts = {c["short"]: c for c in plb["contracts"]}
    assert list(contracts) == ["zw", "we", "ci", "gr", "zo", "gd", "zd", "ba"]
    assert contracts["zw"]["players"] == 2 and contracts["gr"]["players"] == 1
    assert contracts["zw"]["name"] == "zwykła" and contracts["gd"]["play"] == "tricks"
    assert contracts["zw"]["contras"] == ["k", "kr", "krb", "krbh"]
    assert contracts["gr"]["contras"] == ["k", "kr"] and contracts["ba"]["contras"] == []
    assert plb["kara"] is False and not any(c["kara"] for c in plb["contracts"])
    assert plb["contras"] == ["k", "kr", "krb", "krbh"]
    mester = _rules_of_table(tmp_path, "mester")
    contracts = {c["short"]: c for c in mester["contracts"]}
    assert "me" in contracts and "zb" in contracts
    assert mester["kara"] is True
    assert contracts["zo"]["kara"] and not contracts["zw"]["kara"] and not contracts["me"]["kara"]
    assert contracts["ci"]["contras"] == ["k", "kr", "krb"]


def test_no_page_lists_contracts_or_contras(tmp_path: Path) -> None:
    """The contracts and contras the pages offer come from the rules (GET /api/v1/table):
    no script or template of the web quotes a contract's short word or a contra."""
    words = "|".join([c.value for c in Contract] + list(COUNTED_FORMS.values()))
    quoted = re.compile(rf"[\"'`]({words})[\"'`]")
    listed = re.compile(rf"\b({words})\b\W{{1,4}}\b({words})\b\W{{1,4}}\b({words})\b")
    web = Path(make_app.__code__.co_filename).parent
    files = [*(web / "static").iterdir(), *(web / "templates").iterdir()]
    assert len(files) > 10
    for file in files:
        text = file.read_text(encoding="utf-8")
        assert not quoted.search(text), (file.name, quoted.search(text))
        assert not listed.search(text), (file.name, listed.search(text))


def test_one_server_serves_many_tables_each_by_its_own_key(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    one = new_ledger(first)
    two = new_ledger(second, "Ewa,Franek,Gosia,Henryk")
    keys = {one: "a" * 22, two: "b" * 22}
    with TestClient(make_app(keys, "en")) as client:
        origin = {"Origin": "http://testserver"}
        for path, key in keys.items():
            headers = {"Authorization": f"Bearer {key}", **origin}
            players = client.get("/api/v1/table", headers=headers).json()["players"]
            assert players == view_players(path)
            assert client.get(f"/t/{key}").status_code == 200
        to_two = {"Authorization": f"Bearer {keys[two]}", **origin}
        made = client.post("/api/v1/hands", headers=to_two, json={"hand": "zw Ewa+Gosia 61"})
        assert made.status_code == 201 and made.json()["changes"] == [1, -1, 1, -1]
        wrong = {"Authorization": f"Bearer {'c' * 22}", **origin}
        refused = client.post("/api/v1/hands", headers=wrong, json={"hand": "zw ac 61"})
        assert refused.status_code == 403
        assert client.get(f"/t/{'c' * 22}").status_code == 403
    assert hands_in(two) == 1 and hands_in(one) == 0
    check_clean(one)
    check_clean(two)


def view_players(path: str) -> list[str]:
    from baska_cli.ledger.view import read

    return list(read(path).meta.players)


def hands_in(path: str) -> int:
    from baska_cli.ledger.view import read

    return read(path).tally.slots


def test_serve_refuses_a_ledger_named_twice(ledger: str) -> None:
    result = invoke("serve", ledger, f"{Path(ledger).parent}/./{Path(ledger).name}", "--port", "0")
    assert result.exit_code == 2
    assert "named twice" in result.stderr


def test_an_undo_that_names_a_hand_takes_back_no_later_one(phone: Phone) -> None:
    """An undo the phone kept while another phone recorded a hand takes back nothing."""
    for hand in ("zw A+C 61", "zw B+D 70"):
        assert phone.post("hands", {"hand": hand}).status_code == 201
    late = phone.post("undo", {"number": 1})
    assert late.status_code == 400
    assert late.json()["error"].startswith("Hand 1 is no longer the last hand (hand 2 is)")
    assert len(phone.get("table").json()["last"]) == 2
    assert phone.post("undo", {"number": 2}).status_code == 200
    assert len(phone.get("table").json()["last"]) == 1
