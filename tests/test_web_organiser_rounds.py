"""A round's progress through the organiser's API: a round drawn anyway leaves the earlier
tables writing, a round closed (POST /api/v1/hall/close) stops their keys, the newest draw
taken back (POST /api/v1/hall/undo) while nothing is recorded in it, each as the CLI does;
the hall's secret deleted while serving."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.hall.keys import hall_keys, secret_path
from tests.clikit import invoke
from tests.organiserkit import Organiser, app_of, make_liga, same_files, twin
from tests.tournamentkit import table_key


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return make_liga(tmp_path)


@pytest.fixture
def organiser(liga: str) -> Iterator[Organiser]:
    with TestClient(app_of(liga)) as client:
        yield Organiser(client, hall_keys(liga).organiser)


def _hand(liga: str, round_number: int, table: int) -> str:
    rows = Path(liga, f"r{round_number}", "seating.csv").read_text("utf-8").splitlines()[1:]
    seats = [row.split(",")[2] for row in rows if row.split(",")[0] == str(table)]
    return f"zw {seats[0]}+{seats[1]} 61"


def _post_hand(organiser: Organiser, key: str, hand: str) -> object:
    headers = {"Authorization": f"Bearer {key}", "Origin": "http://testserver"}
    return organiser.client.post("/api/v1/hands", headers=headers, json={"hand": hand})


def test_a_round_drawn_anyway_writes_on_until_it_is_closed(
    organiser: Organiser, liga: str, tmp_path: Path
) -> None:
    other = twin(liga, tmp_path)
    assert organiser.post("draw", {"anyway": True}).status_code == 201
    key = table_key(liga, 1, 1)
    still = _post_hand(organiser, key, _hand(liga, 1, 1))
    assert still.status_code == 201, still.text  # type: ignore[attr-defined]
    assert organiser.hall(round=1)["closed"] is False
    closed = organiser.post("close", {"round": 1})
    assert closed.status_code == 200, closed.text
    assert closed.json()["not_in"] == [1, 2] and closed.json()["message"].startswith(
        "round 1 is closed: its tables' keys record nothing more; not in, for the organiser"
    )
    assert organiser.hall(round=1)["closed"] is True
    refused = _post_hand(organiser, key, _hand(liga, 1, 1))
    assert refused.status_code == 403  # type: ignore[attr-defined]
    assert refused.json()["error"] == (  # type: ignore[attr-defined]
        "round 1 is closed; the organiser corrects its tables"
    )
    assert invoke("tournament", "draw", other, "--anyway").exit_code == 0
    assert invoke("tournament", "close", other, "1").exit_code == 0
    assert Path(other, "r1", "closed").exists() and Path(liga, "r1", "closed").exists()
    for bad, status in [({}, 400), ({"round": 9}, 400), ({"round": "x"}, 400)]:
        assert organiser.post("close", bad).status_code == status, bad


def test_a_closed_round_lets_the_page_draw_the_next(organiser: Organiser, liga: str) -> None:
    assert organiser.post("draw", {}).status_code == 409
    assert organiser.post("close", {"round": 1}).status_code == 200
    drawn = organiser.post("draw", {})
    assert drawn.status_code == 201, drawn.text


def test_the_newest_draw_is_taken_back_from_the_page_while_untouched(
    organiser: Organiser, liga: str, tmp_path: Path
) -> None:
    other = twin(liga, tmp_path)
    assert organiser.hall()["undo"] is True
    behind = organiser.post("undo", {"round": 2})
    assert behind.status_code == 409 and behind.json()["error"] == (
        "round 2 is not the newest round (1 drawn)"
    )
    undone = organiser.post("undo", {"round": 1})
    assert undone.status_code == 200, undone.text
    assert undone.json() == {"round": 1, "message": "the draw of round 1 was taken back"}
    assert invoke("tournament", "draw", other, "--undo").exit_code == 0
    same_files(liga, other)
    assert not Path(liga, "r1").exists()
    assert organiser.hall()["drawn"] == 0
    assert organiser.post("draw", {}).status_code == 201
    assert _post_hand(organiser, table_key(liga, 1, 2), _hand(liga, 1, 2)).status_code == 201  # type: ignore[attr-defined]
    assert organiser.hall()["undo"] is False
    refused = organiser.post("undo", {}, **{"Accept-Language": "pl"})
    assert refused.status_code == 409 and refused.json()["error"] == (
        "rundy 1 nie można cofnąć: przy stole 2 zapisano rozdanie, wynik, ucieczkę albo "
        "słowo gracza"
    )
    assert Path(liga, "r1", "t2.csv").exists()


def test_the_links_the_page_shows_are_the_servers_after_the_secret_is_deleted(
    organiser: Organiser, liga: str
) -> None:
    served = hall_keys(liga)
    Path(secret_path(liga)).unlink()
    hall = organiser.hall()
    assert hall["tables"][0]["link"] == f"/t/{table_key(liga, 1, 1)}"
    assert Path(secret_path(liga)).exists()  # written back with the secret the server holds
    assert hall_keys(liga) == served
    links = invoke("tournament", "links", liga, "--base-url", "http://10.0.0.2:8000")
    assert links.exit_code == 0 and table_key(liga, 1, 1) in links.stdout


def test_a_round_taken_back_and_drawn_again_is_served_as_drawn_again(
    organiser: Organiser, liga: str
) -> None:
    headers = {"Authorization": f"Bearer {table_key(liga, 1, 2)}"}
    assert organiser.client.get("/api/v1/table", headers=headers).status_code == 200
    assert invoke("tournament", "draw", liga, "--undo").exit_code == 0
    assert organiser.client.get("/api/v1/table", headers=headers).status_code in (401, 403)
    assert invoke("tournament", "withdraw", liga, "Ania").exit_code == 0  # (7 players: 1 table)
    assert invoke("tournament", "draw", liga).exit_code == 0
    assert organiser.client.get("/api/v1/table", headers=headers).status_code in (401, 403)
    first = {"Authorization": f"Bearer {table_key(liga, 1, 1)}"}
    table = organiser.client.get("/api/v1/table", headers=first).json()["tournament"]
    rows = Path(liga, "r1", "seating.csv").read_text("utf-8").splitlines()[1:]
    assert table["seats"] == [r.split(",")[2] for r in rows if r.startswith("1,")]
    assert "Ania" not in table["seats"]


def into_old_directory(liga: str, old: Path) -> None:
    """Round 1 as drawn now, put into the directory `old` (round 1's as first drawn, kept
    aside): as when the system gives a new directory the inode of one just removed."""
    for kept in old.iterdir():
        kept.unlink()
    new = Path(liga, "r1")
    for made in new.iterdir():
        made.rename(old / made.name)
    new.rmdir()
    old.rename(new)


@pytest.mark.parametrize(
    ("served", "reused"),
    [(True, False), (False, False), (True, True)],
    ids=["while served", "served after", "its directory's inode reused"],
)
def test_a_key_printed_before_a_draw_taken_back_opens_nothing_after(
    tmp_path: Path, served: bool, reused: bool
) -> None:
    """The fifth hostile pass: table 1's sheet printed, the draw taken back and made again
    with other players; the old sheet's key neither opens nor writes the new table 1 (also
    when the new round's directory is the old one's inode)."""
    liga = make_liga(tmp_path)
    printed = table_key(liga, 1, 1)
    with TestClient(app_of(liga)) as client:
        headers = {"Authorization": f"Bearer {printed}", "Origin": "http://testserver"}
        if served:
            assert client.get("/api/v1/table", headers=headers).status_code == 200
        old = tmp_path / "r1-as-first-drawn"
        if reused:  # (the directory the server has seen kept aside, a copy in its place)
            Path(liga, "r1").rename(old)
            shutil.copytree(old, Path(liga, "r1"))
        assert invoke("tournament", "draw", liga, "--undo").exit_code == 0
        assert invoke("tournament", "withdraw", liga, "Ania").exit_code == 0
        assert invoke("tournament", "draw", liga).exit_code == 0
        if reused:
            into_old_directory(liga, old)
        assert table_key(liga, 1, 1) != printed
        ledger = Path(liga, "r1", "t1.csv").read_bytes()
        assert client.get("/api/v1/table", headers=headers).status_code == 403
        written = client.post("/api/v1/hands", headers=headers, json={"hand": _hand(liga, 1, 1)})
        assert written.status_code == 403
        assert client.get(f"/t/{printed}").status_code == 403
        assert Path(liga, "r1", "t1.csv").read_bytes() == ledger
        fresh = {"Authorization": f"Bearer {table_key(liga, 1, 1)}"}
        assert client.get("/api/v1/table", headers=fresh).status_code == 200
