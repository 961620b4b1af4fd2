"""The organiser's actions through the hall API, each compared with what `baska tournament
…` writes (a twin folder is changed by the CLI, file by file): walk-outs, withdrawals, paper
results, acceptance, the draw refused until every table is in (or drawn anyway), the
printable pages, the CLI's lock."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.tables import service as service_confirm
from tests.clikit import invoke
from tests.organiserkit import (
    Organiser,
    app_of,
    make_liga,
    same_files,
    standings,
    twin,
)
from tests.tournamentkit import NAMES, SERIES, listed, new, play


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return make_liga(tmp_path)


@pytest.fixture
def organiser(liga: str) -> Iterator[Organiser]:
    with TestClient(app_of(liga)) as client:
        yield Organiser(client, hall_keys(liga).organiser)


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
    assert early.status_code == 409 and "once the round's time is up" in early.json()["error"]


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
    from baska_cli.render.tournament.printed import round_pages
    from baska_cli.tournament import folder
    from baska_cli.tournament.rounds import service as rounds

    stale = folder.load(liga)
    rounds.draw_next(liga, round_pages, anyway=True)
    reads = iter([stale])
    monkeypatch.setattr(rounds, "load", lambda path: next(reads, None) or folder.load(path))
    again = rounds.draw_next(liga, round_pages, 2)
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
    for name in ("seating", "sheets", "standings"):
        zero = organiser.client.get(f"/o/{organiser.key}/print/0/{name}.html")
        assert zero.status_code == 404 and "round 0: expected a round from 1 to 1" in zero.text
    assert not Path(liga, "r0").exists()


def test_the_first_round_is_drawn_from_the_page(tmp_path: Path) -> None:
    four = listed(NAMES[:4])
    path = new(tmp_path, four, rounds=1, rules=None, seed=None, name="klub")
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
