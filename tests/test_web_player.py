"""A player's own page and the players' words through Starlette's TestClient: a player's key
opens their own page and API only and gives only their own word; a word from the table's
phone needs the player's PIN (a made-up phone's id no longer finalises; wrong PINs are held
off per table); the API answers all of 400 players, each with their own data only."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament import folder
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.rounds import service as rounds
from baska_cli.web.app import make_hall_app
from baska_cli.web.hall.personal import WRONG_PINS
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.tournamentkit import drawn, pin, play, player_key, seats, table_key

ORIGIN = "http://testserver"


@pytest.fixture
def hall(tmp_path: Path) -> str:
    return drawn(tmp_path)


def headers(key: str, lang: str = "en") -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Origin": ORIGIN, "Accept-Language": lang}


def word(state: dict[str, Any], seat: int, **more: Any) -> dict[str, Any]:
    return {"player": state["players"][seat], "agree": True, "totals": state["totals"], **more}


def test_a_made_up_phone_id_no_longer_finalises(hall: str) -> None:
    key = table_key(hall, 1, 1)
    play(hall, 1)
    with TestClient(make_hall_app(hall, "en")) as client:
        state = client.get("/api/v1/confirmations", headers=headers(key)).json()
        for seat, device in ((0, "phone-a"), (1, "phone-b")):
            sent = word(state, seat, device=device)
            answer = client.post("/api/v1/confirm", headers=headers(key), json=sent)
            assert answer.status_code == 403, answer.text
            assert "needs their PIN" in answer.json()["error"]
        again = client.get("/api/v1/confirmations", headers=headers(key)).json()
        assert (again["status"], again["confirmed_by"]) == ("waiting", [])
        assert not Path(hall, "confirmations.csv").exists()
        # with the players' PINs, one of each side: final
        for seat in (0, 1):
            sent = word(state, seat, pin=pin(hall, state["players"][seat]))
            answer = client.post("/api/v1/confirm", headers=headers(key), json=sent)
        assert answer.json()["status"] == "confirmed"


def test_wrong_pins_hold_off_the_table_not_the_hall(hall: str) -> None:
    play(hall, 1)
    play(hall, 2)
    with TestClient(make_hall_app(hall, "pl")) as client:
        state = client.get(
            "/api/v1/confirmations", headers=headers(table_key(hall, 1, 1), "pl")
        ).json()
        right = pin(hall, state["players"][0])
        wrong = f"{(int(right) + 1) % 10000:04d}"
        for _try in range(WRONG_PINS):
            sent = word(state, 0, pin=wrong)
            answer = client.post(
                "/api/v1/confirm", headers=headers(table_key(hall, 1, 1), "pl"), json=sent
            )
            assert answer.status_code == 403
            assert f"to nie PIN gracza {state['players'][0]}" in answer.json()["error"], answer.text
        # past the limit even the right PIN waits, at this table only
        held = client.post(
            "/api/v1/confirm",
            headers=headers(table_key(hall, 1, 1), "pl"),
            json=word(state, 0, pin=right),
        )
        assert held.status_code == 429
        assert "za dużo błędnych PIN-ów" in held.json()["error"]
        other = client.get("/api/v1/confirmations", headers=headers(table_key(hall, 1, 2))).json()
        sent = word(other, 0, pin=pin(hall, other["players"][0]))
        assert client.post(
            "/api/v1/confirm", headers=headers(table_key(hall, 1, 2)), json=sent
        ).status_code == 200  # fmt: skip
    assert "proof" in Path(hall, "confirmations.csv").read_text("utf-8").splitlines()[0]


def test_a_players_key_opens_only_their_own_page_and_word(hall: str) -> None:
    keys = hall_keys(hall)
    play(hall, 1)
    first = seats(hall, 1, 1)
    mine = player_key(hall, first[0])
    with TestClient(make_hall_app(hall, "en")) as client:
        me = client.get("/api/v1/me", headers=headers(mine))
        assert me.status_code == 200, me.text
        data = me.json()
        assert (data["player"], data["round"], data["table"], data["seat"]) == (first[0], 1, 1, 1)
        assert data["players"] == first and data["state"]["status"] == "waiting"
        assert data["totals"] == data["state"]["totals"] and sum(data["totals"]) == 0
        assert data["results"][0]["round"] == 1 and data["place"] is not None
        # unchanged: 304 with its ETag
        tag = me.headers["ETag"]
        same = client.get("/api/v1/me", headers={**headers(mine), "If-None-Match": tag})
        assert same.status_code == 304
        # a player's key is no table's, no organiser's; a table's key no player's
        for path in ("/api/v1/table", "/api/v1/confirmations", "/api/v1/hall"):
            assert client.get(path, headers=headers(mine)).status_code == 403, path
        assert client.get(f"/t/{mine}").status_code == 403
        assert client.get(f"/o/{mine}").status_code == 403
        assert client.get("/api/v1/me", headers=headers(table_key(hall, 1, 1))).status_code == 403
        assert client.get("/api/v1/me", headers=headers(keys.organiser)).status_code == 403
        assert client.get("/p/" + "x" * 22).status_code == 403
        page = client.get(f"/p/{mine}", headers={"Accept-Language": "pl"})
        assert page.status_code == 200
        assert '<script type="module" src="/static/banner.js"></script>' in page.text
        assert '<script type="module" src="/static/player.js">' in page.text
        assert "Twoje wyniki" in page.text and mine in page.text
        assert client.get("/static/player.js").status_code == 200
        # the word from their own page is theirs, given by their key (no PIN, no name)
        sent = {"agree": True, "totals": data["totals"], "player": first[1]}
        said = client.post("/api/v1/me/confirm", headers=headers(mine), json=sent)
        assert said.status_code == 200, said.text
        assert said.json()["state"]["confirmed_by"] == [first[0]]
        cross = client.post(
            "/api/v1/me/confirm",
            headers={**headers(mine), "Origin": "http://evil.example"},
            json=sent,
        )
        assert cross.status_code == 403
    rows = Path(hall, "confirmations.csv").read_text("utf-8").splitlines()
    assert len(rows) == 2 and rows[1].endswith(",key") and f",agree,{first[0]}," in rows[1]


def test_the_page_follows_the_draw(hall: str) -> None:
    for table in (1, 2):
        play(hall, table)
    name = seats(hall, 1, 2)[3]
    mine = player_key(hall, name)
    with TestClient(make_hall_app(hall, "en")) as client:
        before = client.get("/api/v1/me", headers=headers(mine)).json()
        assert (before["round"], before["table"], before["seat"]) == (1, 2, 4)
        kit.draw(hall, "--anyway")
        deadline = time.monotonic() + 3  # (the files are looked at twice a second)
        while (after := client.get("/api/v1/me", headers=headers(mine)).json())["round"] == 1:
            assert time.monotonic() < deadline, "the draw not seen"
            time.sleep(0.1)
    t = folder.load(hall)
    table = next(n for n, m in enumerate(t.draws[1].tables, 1) if name in m)
    assert (after["round"], after["table"]) == (2, table)
    assert after["seat"] == t.draws[1].tables[table - 1].index(name) + 1
    assert after["state"]["status"] == "new" and after["totals"] is None
    assert [r["round"] for r in after["results"]] == [1]


def test_a_word_given_just_after_the_draw_finds_the_new_table(
    hall: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player confirms round 2 from their own page while the players' pages still show the
    look at the files before the draw (they look at most twice a second; here never again by
    themselves): the word is not refused as from no table of round 2, it is recorded."""
    monkeypatch.setattr("baska_cli.web.hall.personal.LOOK", 3600.0)
    for table in (1, 2):
        play(hall, table)
    name = seats(hall, 1, 2)[3]
    mine = player_key(hall, name)
    with TestClient(make_hall_app(hall, "en")) as client:
        assert client.get("/api/v1/me", headers=headers(mine)).json()["round"] == 1
        kit.draw(hall, "--anyway")
        table = next(n for n, m in enumerate(folder.load(hall).draws[1].tables, 1) if name in m)
        play(hall, table, round_number=2)
        state = client.get(
            "/api/v1/confirmations", headers=headers(table_key(hall, 2, table))
        ).json()
        sent = {"agree": True, "totals": state["totals"], "round": 2}
        said = client.post("/api/v1/me/confirm", headers=headers(mine), json=sent)
        assert said.status_code == 200, said.text
        assert said.json()["state"]["confirmed_by"] == [name]


def test_hidden_standings_give_no_place_until_the_last_round_is_over(hall: str) -> None:
    name = seats(hall, 1, 1)[0]
    mine = player_key(hall, name)
    assert invoke("tournament", "set", hall, "hide-standings", "yes").exit_code == 0
    for table in (1, 2):
        kit.result(hall, 1, table, *kit.entries(hall, 1, table, (30, 10, -10, -30)))
    with TestClient(make_hall_app(hall, "pl")) as client:
        me = client.get("/api/v1/me", headers=headers(mine)).json()
        assert me["standings_hidden"] is True and me["place"] is None
        assert [r["round"] for r in me["results"]] == [1]  # (their own table's result)
        organiser = hall_keys(hall).organiser  # the organiser still sees them
        printed = client.get(f"/o/{organiser}/print/1/standings.html").text
        assert name in printed
        kit.draw(hall)
        for table in (1, 2):
            kit.result(hall, 2, table, *kit.entries(hall, 2, table, (30, 10, -10, -30)))
        deadline = time.monotonic() + 3  # (the files are looked at twice a second)
        while (me := client.get("/api/v1/me", headers=headers(mine)).json())["place"] is None:
            assert time.monotonic() < deadline, "the last round over, and still no place"
            time.sleep(0.1)
        assert me["standings_hidden"] is False and me["place"] >= 1


def test_a_latecomer_at_the_desk_has_a_working_key(tmp_path: Path) -> None:
    liga = kit.new(tmp_path, kit.ROSTER, rounds=3, file="players.csv")
    assert kit.checkin(liga, "Anna.N", "Żaneta", "101", "Ewa", "Feliks", "Grzegorz").exit_code == 0
    kit.draw(liga)  # (Halina absent: not drawn)
    with TestClient(make_hall_app(liga, "en")) as client:
        late = client.get("/api/v1/me", headers=headers(player_key(liga, "Halina.K"))).json()
        assert (late["player"], late["round"], late["drawn"]) == ("Halina.K", None, 1)
        assert kit.checkin(liga, "Halina").exit_code == 0
        kit.draw(liga, "--anyway")  # drawn from the next round on
        entered = invoke("tournament", "enter", liga, "Zenon Nowy")  # one who came later still
        assert entered.exit_code == 0, entered.output
        deadline = time.monotonic() + 3  # (the files are looked at twice a second)
        while True:
            late = client.get("/api/v1/me", headers=headers(player_key(liga, "Halina.K")))
            newest = client.get("/api/v1/me", headers=headers(player_key(liga, "Zenon.N")))
            if late.json()["round"] == 2 and newest.status_code == 200:
                break
            assert time.monotonic() < deadline, (late.text, newest.text)
            time.sleep(0.1)
        assert newest.json()["round"] is None and newest.json()["drawn"] == 2


def test_a_latecomers_page_has_a_place_once_the_standings_have_results(tmp_path: Path) -> None:
    """A player not drawn in round 1 (late at the desk) is told the round they play from,
    not "no standings yet"; once it is drawn they have a place in the standings (those
    after it), before their own table has a result."""
    liga = kit.new(tmp_path, kit.ROSTER, rounds=3, file="players.csv")
    assert kit.checkin(liga, "Anna.N", "Żaneta", "101", "Ewa", "Feliks", "Grzegorz").exit_code == 0
    kit.draw(liga)  # (Halina absent: not drawn, in the draw from round 2 on)
    kit.result(liga, 1, 1, *kit.entries(liga, 1, 1, (30, 10, -10, -30)))
    me = headers(player_key(liga, "Halina.K"))
    with TestClient(make_hall_app(liga, "en")) as client:
        late = client.get("/api/v1/me", headers=me).json()
        assert (late["place"], late.get("entered"), late["drawn"]) == (None, 2, 1)
        assert kit.checkin(liga, "Halina").exit_code == 0
        kit.draw(liga, "--anyway")
        deadline = time.monotonic() + 3  # (the files are looked at twice a second)
        while (late := client.get("/api/v1/me", headers=me).json())["drawn"] == 1:
            assert time.monotonic() < deadline, "the draw not seen"
            time.sleep(0.1)
    found = json.loads(invoke("tournament", "standings", liga, "-f", "json").stdout)
    places = {line["player"]: line["place"] for line in found["standings"]}
    assert (late["round"], late["results"]) == (2, [])
    assert late["place"] == places["Halina.K"]


def test_the_api_answers_each_of_400_players_with_their_own(tmp_path: Path) -> None:
    path = kit.new_by_service(tmp_path, kit.roster(400), file="players.csv", rounds=3)
    rounds.draw_next(path, kit.pages)
    t = folder.load(path)
    where = {
        name: (n, s)
        for n, members in enumerate(t.draws[0].tables, 1)
        for s, name in enumerate(members, 1)
    }
    keys = {p.name: player_key(path, p.name) for p in t.players}
    assert len(set(keys.values())) == 400
    started = time.perf_counter()
    with TestClient(make_hall_app(path, "en")) as client:
        for name, key in keys.items():
            answer = client.get("/api/v1/me", headers=headers(key))
            assert answer.status_code == 200, answer.text
            me = answer.json()
            assert me["player"] == name and (me["table"], me["seat"]) == where[name]
            assert name in me["players"] and me["players"] == list(
                t.draws[0].tables[me["table"] - 1]
            )
            assert all(r["round"] == 1 for r in me["results"])
    took = time.perf_counter() - started
    print(f"400 players' pages in {took:.2f} s")
