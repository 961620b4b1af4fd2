"""The organiser's page and the hall API (web/organiser.py) through Starlette's TestClient:
the organiser's key alone opens them; each action writes what `baska tournament …` writes
(a twin folder is changed by the CLI and compared file by file); the draw is refused until
every table is in; names that are markup; cross-site, non-JSON and oversized posts."""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.ledger import edits
from baska_cli.tournament import service_confirm
from baska_cli.tournament.hall_state import round_states
from baska_cli.tournament.keys import hall_keys
from baska_cli.web.security import BODY_LIMIT
from tests.clikit import invoke

EIGHT = "Ania\nBartek\nCelina\nDarek\nEwa\nFeliks\nGrzegorz\n<svg onload=alert(1)>\n"
SERIES = ("zw 1+3 61", "zw 2+4 71") * 7 + ("zw 1+3 80", "zw 2+4 61")  # 16 deals
FILES = ("players.csv", "results.csv", "walkouts.csv", "confirmations.csv", "lots.csv")


def make_liga(folder: Path) -> str:
    players = folder / "players.txt"
    players.write_text(EIGHT, "utf-8")
    path = str(folder / "liga")
    made = invoke(
        "tournament", "new", path, "-p", str(players), "--rounds", "3", "--deals", "16",
        "-r", "mester", "--seed", "9",
    )  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert invoke("tournament", "draw", path).exit_code == 0
    return path


def app_of(path: str) -> Any:
    from baska_cli.web.app import make_hall_app

    return make_hall_app(path, "en")


class Organiser:
    """A client of the hall API as the organiser's page is: the key, JSON, the origin."""

    def __init__(self, client: TestClient, key: str) -> None:
        self.client = client
        self.key = key
        self.headers = {"Authorization": f"Bearer {key}", "Origin": "http://testserver"}

    def hall(self, **params: Any) -> Any:
        answer = self.client.get("/api/v1/hall", headers=self.headers, params=params)
        assert answer.status_code == 200, answer.text
        return answer.json()

    def post(self, action: str, body: dict[str, Any], **headers: str) -> Any:
        return self.client.post(
            f"/api/v1/hall/{action}", headers={**self.headers, **headers}, json=body
        )


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return make_liga(tmp_path)


@pytest.fixture
def organiser(liga: str) -> Iterator[Organiser]:
    with TestClient(app_of(liga)) as client:
        yield Organiser(client, hall_keys(liga).organiser)


def twin(liga: str, tmp_path: Path) -> str:
    """A copy of the tournament, for the CLI to do what the page does."""
    copy = tmp_path / "twin" / "liga"
    shutil.copytree(liga, copy)
    return str(copy)


def same_files(liga: str, other: str, *names: str) -> None:
    for name in names or FILES:
        mine, theirs = Path(liga, name), Path(other, name)
        assert mine.exists() == theirs.exists(), name
        if mine.exists():
            assert mine.read_bytes() == theirs.read_bytes(), name


def play(liga: str, table: int, hands: tuple[str, ...] = SERIES, round_number: int = 1) -> None:
    for hand in hands:
        edits.record(str(Path(liga, f"r{round_number}", f"t{table}.csv")), hand)


def standings(path: str) -> Any:
    found = invoke("tournament", "standings", path, "--format", "json")
    assert found.exit_code == 0, found.stderr
    return json.loads(found.stdout)


# --- the key -----------------------------------------------------------------------------------


def test_only_the_organisers_key_opens_the_hall(organiser: Organiser, liga: str) -> None:
    client = organiser.client
    before = Path(liga, "players.csv").read_text("utf-8")
    assert client.get("/api/v1/hall").status_code == 401
    table_key = hall_keys(liga).table(1, 1)
    refused = client.get("/api/v1/hall", headers={"Authorization": f"Bearer {table_key}"})
    assert refused.status_code == 403 and "organiser" in refused.json()["error"]
    posted = client.post(
        "/api/v1/hall/withdraw",
        headers={"Authorization": f"Bearer {table_key}", "Origin": "http://testserver"},
        json={"player": "Ania"},
    )
    assert posted.status_code == 403
    assert Path(liga, "players.csv").read_text("utf-8") == before
    assert client.get(f"/o/{table_key}").status_code == 403
    assert client.get(f"/o/{table_key}/print/1/seating.html").status_code == 403
    hall = organiser.hall()
    assert (hall["round"], hall["rounds"], hall["drawn"], hall["next_round"]) == (1, 3, 1, 2)
    assert [t["status"] for t in hall["tables"]] == ["new", "new"]
    assert hall["tables"][0]["page"] == f"/o/{organiser.key}/t/1/1"
    assert hall["tables"][0]["link"] == f"/t/{table_key}"
    assert not hall["all_in"] and hall["not_in"] == [1, 2]


def test_a_server_of_ledgers_has_no_organiser(tmp_path: Path) -> None:
    from baska_cli.web.app import make_app

    ledger = str(tmp_path / "evening.csv")
    assert invoke("new", ledger, "-p", "Ania,Bartek,Celina,Darek").exit_code == 0
    key = "k" * 22
    with TestClient(make_app({ledger: key}, "en")) as client:
        assert client.get(f"/o/{key}").status_code == 403
        asked = client.get("/api/v1/hall", headers={"Authorization": f"Bearer {key}"})
        assert asked.status_code == 403 and "organiser" in asked.json()["error"]


def test_the_page_is_served_with_its_script_and_no_inline_code(organiser: Organiser) -> None:
    page = organiser.client.get(f"/o/{organiser.key}", headers={"Accept-Language": "pl"})
    assert page.status_code == 200
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    assert page.headers["referrer-policy"] == "no-referrer"
    text = page.text
    assert '<html lang="pl">' in text and f'data-key="{organiser.key}"' in text
    assert '<script type="module" src="/static/organiser.js"></script>' in text
    assert "<script>" not in text and " on" + "click=" not in text
    for asset in ("organiser.js", "organiser.css", "api.js"):
        assert organiser.client.get(f"/static/{asset}").status_code == 200


def test_the_organiser_opens_any_table_on_its_page(organiser: Organiser, liga: str) -> None:
    client = organiser.client
    page = client.get(f"/o/{organiser.key}/t/1/2")
    assert page.status_code == 200
    assert "round 1 of 3 · table 2 · <strong>organiser</strong>" in page.text
    assert f'<a href="/o/{organiser.key}">All tables</a>' in page.text
    assert 'data-scope="{&#34;round&#34;: 1, &#34;table&#34;: 2}"' in page.text
    assert "<svg" not in page.text
    table_key = hall_keys(liga).table(1, 2)
    assert client.get(f"/o/{table_key}/t/1/2").status_code == 403
    missing = client.get(f"/o/{organiser.key}/t/1/9")
    assert missing.status_code == 404 and "round 1 has tables 1 to 2, not 9" in missing.text
    hand = client.post(
        "/api/v1/hands", params={"round": 1, "table": 2}, headers=organiser.headers,
        json={"hand": "zw 1+3 61", "id": "organiser-1"},
    )  # fmt: skip
    assert hand.status_code == 201, hand.text
    assert organiser.hall()["tables"][1]["word"] == "playing 1/16"


# --- the states, live ---------------------------------------------------------------------------


def test_the_states_follow_the_tables(organiser: Organiser, liga: str) -> None:
    play(liga, 1, SERIES[:3])
    play(liga, 2)
    tables = organiser.hall()["tables"]
    assert [(t["status"], t["word"]) for t in tables] == [
        ("playing", "playing 3/16"),
        ("waiting", "waiting for confirmation"),
    ]
    assert tables[1]["attention"] and not tables[0]["attention"]
    players = tables[1]["players"]
    totals = tables[1]["totals"]
    service_confirm.confirm(liga, 1, 2, players[0], True, totals, "phone-a")
    service_confirm.confirm(liga, 1, 2, players[1], False, totals, "phone-b", "we had 70")
    tables = organiser.hall()["tables"]
    assert tables[1]["status"] == "disputed" and tables[1]["confirmed_by"] == [players[0]]
    assert tables[1]["disputes"] == [{"player": players[1], "note": "we had 70"}]
    # asked again while no file changed: 304, nothing read; a change: the new state
    first = organiser.client.get("/api/v1/hall", headers=organiser.headers)
    tag = first.headers["etag"]
    again = organiser.client.get(
        "/api/v1/hall", headers={**organiser.headers, "If-None-Match": tag}
    )
    assert again.status_code == 304 and again.headers["etag"] == tag
    play(liga, 1, SERIES[3:4])
    changed = organiser.client.get(
        "/api/v1/hall", headers={**organiser.headers, "If-None-Match": tag}
    )
    assert changed.status_code == 200 and changed.headers["etag"] != tag
    assert changed.json()["tables"][0]["word"] == "playing 4/16"
    polish_tag = organiser.client.get(
        "/api/v1/hall", headers={**organiser.headers, "Accept-Language": "pl"}
    ).headers["etag"]
    assert polish_tag != changed.headers["etag"]
    polish = organiser.client.get(
        "/api/v1/hall", headers={**organiser.headers, "Accept-Language": "pl"}
    ).json()
    assert polish["tables"][1]["word"] == "sporny"
    for wrong in ("0", "x", "9"):
        asked = organiser.client.get(
            "/api/v1/hall", headers=organiser.headers, params={"round": wrong}
        )
        assert asked.status_code == 400, wrong
    assert "round 9 is not drawn yet (1 drawn)" in asked.json()["error"]


# --- the actions, each as the CLI does it -------------------------------------------------------


def test_a_walk_out_and_its_undo_write_what_the_cli_writes(
    organiser: Organiser, liga: str, tmp_path: Path
) -> None:
    other = twin(liga, tmp_path)
    seated = organiser.hall()["tables"][0]["players"]
    done = organiser.post("walkout", {"round": 1, "table": 1, "player": seated[3]})
    assert done.status_code == 200, done.text
    assert done.json()["message"] == (
        f"round 1, table 1: {seated[3]} walked out; the walk-out result goes to "
        + ", ".join(seated[:3])
    )
    assert invoke("tournament", "walkout", other, "1", "1", seated[3]).exit_code == 0
    same_files(liga, other)
    table = organiser.hall()["tables"][0]
    assert (table["status"], table["walked_out"], table["in"]) == ("walkout", [seated[3]], True)
    assert standings(liga) == standings(other)
    again = organiser.post("walkout", {"round": 1, "table": 1, "player": seated[3]})
    assert again.status_code == 409 and "already" in again.json()["error"]
    undone = organiser.post("walkout", {"round": 1, "table": 1, "player": seated[3], "undo": True})
    assert undone.status_code == 200 and "no longer walked out" in undone.json()["message"]
    assert invoke("tournament", "walkout", other, "1", "1", seated[3], "--undo").exit_code == 0
    same_files(liga, other)
    typo = organiser.post("walkout", {"round": 1, "table": 1, "player": "Zenon"})
    assert typo.status_code == 400
    assert typo.json()["error"].startswith('"Zenon" does not sit at round 1, table 1')


def test_a_withdrawal_writes_what_the_cli_writes(
    organiser: Organiser, liga: str, tmp_path: Path
) -> None:
    other = twin(liga, tmp_path)
    done = organiser.post("withdraw", {"player": "bartek"})
    assert done.status_code == 200, done.text
    assert done.json()["message"] == "Bartek withdraws before round 2; the points earned stay"
    assert invoke("tournament", "withdraw", other, "bartek").exit_code == 0
    same_files(liga, other)
    assert "Bartek" not in [p["name"] for p in organiser.hall()["players"]]
    unknown = organiser.post("withdraw", {"player": "Zenon"}, **{"Accept-Language": "pl"})
    assert unknown.status_code == 400
    assert unknown.json()["error"] == "„Zenon” nie gra w tym turnieju"
    missing = organiser.post("withdraw", {})
    assert missing.status_code == 400 and '"player"' in missing.json()["error"]


def test_a_paper_result_entered_corrected_and_accepted(
    organiser: Organiser, liga: str, tmp_path: Path
) -> None:
    other = twin(liga, tmp_path)
    entries = ["1=+40", "2=-12", "3=-8", "4=-20"]
    done = organiser.post("result", {"round": 1, "table": 1, "entries": entries})
    assert done.status_code == 200, done.text
    assert invoke("tournament", "result", other, "1", "1", *entries).exit_code == 0
    same_files(liga, other)
    fixed = ["1=+30", "2=-2", "3=-8", "4=-20"]
    body = {"round": 1, "table": 1, "entries": fixed, "correct": True}
    corrected = organiser.post("result", body)
    assert corrected.status_code == 200
    assert corrected.json()["message"].endswith("(corrected; the old result is kept)")
    assert invoke("tournament", "result", other, "1", "1", *fixed, "--correct").exit_code == 0
    same_files(liga, other)
    table = organiser.hall()["tables"][0]
    assert (table["status"], table["source"], table["totals"]) == (
        "waiting",
        "sheet",
        [30, -2, -8, -20],
    )
    wrong = organiser.post("result", {"round": 1, "table": 1, "entries": ["1=+40", "2=+1"]})
    assert wrong.status_code == 400 and "2=+1" not in Path(liga, "results.csv").read_text()
    accepted = organiser.post("accept", {"round": 1, "table": 1})
    assert accepted.status_code == 200, accepted.text
    assert accepted.json()["message"] == (
        f"round 1, table 1: {table['players'][0]} +30, {table['players'][1]} -2, "
        f"{table['players'][2]} -8, {table['players'][3]} -20 (confirmed)"
    )
    table = organiser.hall()["tables"][0]
    assert (table["status"], table["accepted"], table["in"]) == ("confirmed", True, True)
    service_confirm.accept(other, 1, 1)
    assert standings(liga) == standings(other)


def test_a_result_from_a_ledger_is_corrected_in_the_ledger(organiser: Organiser, liga: str) -> None:
    play(liga, 1, SERIES[:2])
    refused = organiser.post(
        "result", {"round": 1, "table": 1, "entries": ["1=+1", "2=-1", "3=0", "4=0"]}
    )
    assert refused.status_code == 409 and "has hands recorded" in refused.json()["error"]
    early = organiser.post("accept", {"round": 1, "table": 1})
    assert early.status_code == 409 and "no result to confirm yet" in early.json()["error"]


def test_the_draw_waits_for_every_table_unless_drawn_anyway(
    organiser: Organiser, liga: str, tmp_path: Path
) -> None:
    play(liga, 1)
    refused = organiser.post("draw", {})
    assert refused.status_code == 409
    assert refused.json()["error"] == (
        "round 1 is not in yet: table 1 (waiting for confirmation), table 2 (not started)"
    )
    assert refused.json()["not_in"] == [1, 2]
    assert not Path(liga, "r2").exists()
    tables = organiser.hall()["tables"]
    organiser.post("accept", {"round": 1, "table": 1})
    organiser.post("walkout", {"round": 1, "table": 2, "player": tables[1]["players"][0]})
    other = twin(liga, tmp_path)
    assert organiser.hall()["all_in"]
    drawn = organiser.post("draw", {})
    assert drawn.status_code == 201, drawn.text
    assert drawn.json()["round"] == 2 and drawn.json()["message"] == "round 2 was drawn"
    cli = invoke("tournament", "draw", other, "--format", "json")
    assert cli.exit_code == 0
    assert {k: v for k, v in drawn.json().items() if k in json.loads(cli.stdout)} == json.loads(
        cli.stdout
    )
    for name in ("r2/t1.csv", "r2/t2.csv", "r2/seating.html", "r2/sheets.html"):
        assert Path(liga, name).read_bytes() == Path(other, name).read_bytes(), name
    hall = organiser.hall()
    assert (hall["round"], hall["behind"], hall["next_round"]) == (2, [], 3)
    twice = organiser.post("draw", {"round": 2})  # (another phone, or a click twice)
    assert twice.status_code == 200 and twice.json()["message"] == "round 2 is drawn already"
    assert twice.json()["tables"] == drawn.json()["tables"] and not Path(liga, "r3").exists()
    anyway = organiser.post("draw", {"anyway": True})
    assert anyway.status_code == 201 and anyway.json()["anyway"]
    assert "not in yet: round 2, table 1 (not started)" in anyway.json()["message"]
    hall = organiser.hall()
    assert hall["round"] == 3 and hall["next_round"] is None
    assert [(b["round"], b["table"], b["status"]) for b in hall["behind"]] == [
        (2, 1, "new"),
        (2, 2, "new"),
    ]
    assert hall["behind"][1]["page"] == f"/o/{organiser.key}/t/2/2"
    assert organiser.hall(round=2)["round"] == 2
    done = organiser.post("draw", {"anyway": True})
    assert done.status_code == 409 and "all 3 rounds are drawn" in done.json()["error"]


def test_a_round_drawn_meanwhile_is_not_drawn_twice(
    liga: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two phones post the draw of round 2 at once: the second read the tournament before
    the first drew, and finds round 2 drawn once it holds the lock."""
    from baska_cli.render.tournament_html import round_pages
    from baska_cli.tournament import folder, service

    stale = folder.load(liga)
    service.draw_next(liga, round_pages)
    reads = iter([stale])
    monkeypatch.setattr(service, "load", lambda path: next(reads, None) or folder.load(path))
    again = service.draw_next(liga, round_pages, 2)
    assert not again.new and again.draw.round == 2
    assert not Path(liga, "r3").exists()


def test_the_printable_pages_are_the_clis(organiser: Organiser, liga: str, tmp_path: Path) -> None:
    other = twin(liga, tmp_path)
    base = f"/o/{organiser.key}/print/1"
    seating = organiser.client.get(f"{base}/seating.html")
    assert seating.status_code == 200
    assert "script-src" not in seating.headers["content-security-policy"]
    assert invoke("tournament", "print", other, "--round", "1").exit_code == 0
    assert seating.text == Path(other, "r1", "seating.html").read_text("utf-8")
    sheets = organiser.client.get(f"{base}/sheets.html")
    assert sheets.text == Path(other, "r1", "sheets.html").read_text("utf-8")
    page = organiser.client.get(f"{base}/standings.html")
    out = tmp_path / "standings.html"
    assert invoke("tournament", "standings", other, "--html", str(out)).exit_code == 0
    assert page.status_code == 200 and page.text == out.read_text("utf-8")
    assert organiser.client.get(f"{base}/other.html").status_code == 404
    assert organiser.client.get(f"/o/{organiser.key}/print/7/seating.html").status_code == 404


def test_the_first_round_is_drawn_from_the_page(tmp_path: Path) -> None:
    players = tmp_path / "players.txt"
    players.write_text("Ania\nBartek\nCelina\nDarek\n", "utf-8")
    path = str(tmp_path / "klub")
    made = invoke("tournament", "new", path, "-p", str(players), "--rounds", "1", "--deals", "16")
    assert made.exit_code == 0
    with TestClient(app_of(path)) as client:
        organiser = Organiser(client, hall_keys(path).organiser)
        hall = organiser.hall()
        assert (hall["round"], hall["tables"], hall["next_round"], hall["print"]) == (0, [], 1, {})
        drawn = organiser.post("draw", {}, **{"Accept-Language": "pl"})
        assert drawn.status_code == 201 and drawn.json()["message"] == "rozlosowano rundę 1"
        assert organiser.hall()["tables"][0]["status"] == "new"


def test_a_change_waits_for_the_cli_holding_the_tournament(organiser: Organiser, liga: str) -> None:
    """The services hold the tournament's lock: a change posted while the CLI (here: the
    lock taken as the CLI takes it) works on the directory is made after it, not beside it."""
    from baska_cli.tournament.folder import lock

    done: list[Any] = []
    with lock(liga):
        worker = threading.Thread(
            target=lambda: done.append(organiser.post("withdraw", {"player": "Ewa"}))
        )
        worker.start()
        worker.join(0.5)
        assert not done and "Ewa,,1,2" not in Path(liga, "players.csv").read_text("utf-8")
    worker.join(30)
    assert done[0].status_code == 200, done[0].text
    assert "Ewa,,1,2" in Path(liga, "players.csv").read_text("utf-8")


# --- what may not get in ------------------------------------------------------------------------


def test_a_name_that_is_markup_is_escaped(organiser: Organiser, liga: str) -> None:
    hall = organiser.hall()
    assert "<svg onload=alert(1)>" in [p["display"] for p in hall["players"]]
    page = organiser.client.get(f"/o/{organiser.key}").text
    assert "<svg" not in page
    seating = organiser.client.get(f"/o/{organiser.key}/print/1/seating.html").text
    assert "<svg" not in seating and "&lt;svg.o" in seating
    short = next(p["name"] for p in hall["players"] if p["display"].startswith("<svg"))
    done = organiser.post("withdraw", {"player": short})
    assert done.status_code == 200 and done.headers["content-type"] == "application/json"


def test_a_cross_site_or_non_json_or_oversized_post_is_refused(
    organiser: Organiser, liga: str
) -> None:
    before = {name: Path(liga, name).read_bytes() for name in FILES if Path(liga, name).exists()}
    body = {"player": "Ania"}
    evil = organiser.post("withdraw", body, Origin="http://evil.example")
    assert evil.status_code == 403 and "another site" in evil.json()["error"]
    fetch = organiser.post("withdraw", body, **{"Sec-Fetch-Site": "cross-site"})
    assert fetch.status_code == 403
    form = organiser.client.post(
        "/api/v1/hall/withdraw", headers=organiser.headers, data={"player": "Ania"}
    )
    assert form.status_code == 403 and "JSON" in form.json()["error"]
    big = organiser.post("withdraw", {"player": "A" * (BODY_LIMIT + 1)})
    assert big.status_code == 413
    wrong = organiser.post("draw", {"anyway": "yes"})
    assert wrong.status_code == 400 and '"anyway"' in wrong.json()["error"]
    after = {name: Path(liga, name).read_bytes() for name in FILES if Path(liga, name).exists()}
    assert before == after and not Path(liga, "r2").exists()
    assert [s.status for s in round_states(liga)[1]] == ["new", "new"]
