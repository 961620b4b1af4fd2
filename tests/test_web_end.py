"""The end of the evening through the API (Starlette's TestClient): the final table's chart
(SVG) and payments in the phone's words, the printable report, and at a tournament's table
its place points once confirmed, then each player's table in the next round once drawn."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from baska_cli.web.app import make_app, make_hall_app
from tests.test_web_api import EVENING, KEY, Phone, new_ledger
from tests.test_web_confirm import headers, post, word
from tests.tournamentkit import draw, drawn, play, seats, table_key


def test_the_final_table_has_the_chart_and_the_payments_in_words(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path, "Świętosław,Zbigniew,Stanisława,Łucja")
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        phone, polish = Phone(client), Phone(client, "pl")
        for hand in EVENING:
            names = {"Ania": "Świętosław", "Bartek": "Zbigniew", "Celina": "Stanisława"}
            for old, new in {**names, "Darek": "Łucja"}.items():
                hand = hand.replace(old, new)
            assert phone.post("hands", {"hand": hand}).status_code == 201
        final = polish.get("final", stake="0,10").json()
        assert [s["total"] for s in final["standings"]] == [121, 43, -41, -123]
        # who pays whom as `baska settle` says it, its amounts as Polish writes them
        assert final["settlement"]["stake"] == "0.10"
        assert final["payments"] == [
            {"from": t["from"], "to": t["to"], "amount": t["amount"].replace(".", ",") + " zł"}
            for t in final["settlement"]["transfers"]
        ]
        assert final["payments"][0]["amount"].endswith(",20 zł")
        # the running totals: one line per player, a legend of whole names and last totals
        chart = final["chart"]
        assert chart.startswith("<svg ") and chart.endswith("</svg>")
        assert chart.count("<polyline") == 4
        for label in ("Świętosław -41", "Zbigniew -123", "Stanisława +43", "Łucja +121"):
            assert f">{label}</text>" in chart
        # without a stake: no settlement, no payments; the chart all the same
        bare = phone.get("final").json()
        assert (bare["settlement"], bare["payments"]) == (None, None)
        assert 'aria-label="sumy narastające"' in chart  # (in the phone's language)
        assert bare["chart"] == chart.replace("sumy narastające", "running totals")


def test_the_chart_of_a_hostile_name_is_escaped(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path, "Ania,Bartek,Celina,<b>Darek")
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        chart = Phone(client).get("final").json()["chart"]
    assert "<b>" not in chart and "&lt;b&gt;Darek" in chart


def test_the_report_is_a_page_of_its_own_with_the_key_in_its_link(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path)
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        phone = Phone(client)
        for hand in EVENING:
            phone.post("hands", {"hand": hand})
        # a link opens it: the key in the query, the phone's language
        page = client.get("/api/v1/report", params={"key": KEY, "stake": "0.10", "lang": "pl"})
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        policy = page.headers["content-security-policy"]
        assert "script" not in policy and "default-src 'none'" in policy
        assert '<html lang="pl">' in page.text and "<script" not in page.text
        assert "Kto komu płaci" in page.text and "<svg" in page.text
        assert client.get("/api/v1/report").status_code == 401
        assert client.get("/api/v1/report", params={"key": "x" * 22}).status_code == 403
        wrong = client.get("/api/v1/report", params={"key": KEY, "stake": "zero"})
        assert wrong.status_code == 400 and "zero" in wrong.json()["error"]


def test_a_plain_ledger_has_no_next_table(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path)
    with TestClient(make_app({ledger: KEY}, "en")) as client:
        assert Phone(client).get("next").status_code == 404


def test_place_points_once_confirmed_then_the_next_table_once_drawn(tmp_path: Path) -> None:
    hall = drawn(tmp_path)
    key = table_key(hall, 1, 1)
    play(hall, 1)
    with TestClient(make_hall_app(hall, "en")) as client:

        def after(lang: str = "en") -> dict[str, object]:
            found = client.get("/api/v1/next", headers=headers(key, lang))
            assert found.status_code == 200, found.text
            return dict(found.json())

        waiting = after()
        assert (waiting["status"], waiting["places"], waiting["seats"]) == ("waiting", [], [])
        state = client.get("/api/v1/confirmations", headers=headers(key)).json()
        post(client, key, "confirm", word(hall, state, 0))
        post(client, key, "confirm", word(hall, state, 1))
        confirmed = after("pl")
        assert (confirmed["status"], confirmed["next_round"]) == ("confirmed", 2)
        assert (confirmed["drawn"], confirmed["seats"]) == (False, [])
        places = confirmed["places"]
        assert isinstance(places, list)
        assert [p["player"] for p in places] == state["players"]
        assert [p["total"] for p in places] == state["totals"]
        # the rule system's place points, as the standings count them, written as Polish
        # writes numbers
        assert sum(p["place_points"] for p in places) > 0
        for p in places:
            assert p["place_points_text"] == f"{p['place_points']:g}".replace(".", ",")
        # the next round drawn: each player's table and seat, in the phone's language
        draw(hall, "--anyway")
        drawn_now = after("pl")
        assert drawn_now["drawn"] is True
        seats_now = drawn_now["seats"]
        assert isinstance(seats_now, list)
        for seat in seats_now:
            where = seats(hall, 2, seat["table"])
            assert where[seat["seat"] - 1] == seat["player"]
            assert seat["text"] == f"Runda 2: stół {seat['table']}, miejsce {seat['seat']}"
        assert [s["player"] for s in seats_now] == state["players"]
        assert after()["seats"][0]["text"].startswith("Round 2: table ")


def test_a_tables_phones_hear_of_the_next_rounds_draw_at_once(tmp_path: Path) -> None:
    import asyncio
    import json

    from baska_cli.web.events import stream
    from baska_cli.web.hall.access import TournamentHall

    hall = drawn(tmp_path)
    play(hall, 1)
    play(hall, 2)
    access = TournamentHall(hall, "en").find(table_key(hall, 1, 1))
    assert access is not None and access.served is not None
    watcher = access.served.watcher

    async def watch() -> tuple[dict[str, object], dict[str, object]]:
        events = stream(watcher)
        first = json.loads((await anext(events)).split("data: ", 1)[1])
        draw(hall, "--anyway")  # the organiser draws round 2: no ledger of round 1 changes
        changed = json.loads((await asyncio.wait_for(anext(events), 2.0)).split("data: ", 1)[1])
        await events.aclose()
        await watcher.stop()
        return first, changed

    first, changed = asyncio.run(watch())
    assert changed["version"] == first["version"] and changed["files"] != first["files"]


def test_a_tournament_tables_ledger_served_alone_ends_its_round_without_money(
    tmp_path: Path,
) -> None:
    """A table's ledger of the hall served as a plain ledger (`baska serve r1/t1.csv`) still
    ends a round of a tournament: its round and table named, each player's place points,
    no settlement in złoty whatever stake is asked, in /final and in the report alike; the
    page's title says so once the end shows (ending.js, from `table`)."""
    hall = drawn(tmp_path)
    ledger = play(hall, 1)
    with TestClient(make_app({ledger: KEY}, "pl")) as client:
        final = Phone(client, "pl").get("final", stake="0,10").json()
        page = client.get(f"/t/{KEY}").text
        report = client.get("/api/v1/report", params={"key": KEY, "stake": "0.10", "lang": "pl"})
    assert final["table"] == {"round": 1, "table": 1}
    assert (final["settlement"], final["payments"]) == (None, None)
    texts = [(s["place"], s["place_points_text"]) for s in final["standings"]]
    expected = {s["player"]: s["place_points"] for s in final["standings"]}
    assert [t for _place, t in texts] == [f"{expected[s['player']]:g}".replace(".", ",")
                                          for s in final["standings"]]  # fmt: skip
    assert sum(expected.values()) > 0
    assert '"end_table": "Koniec rundy {round} przy stole {table}"' in page
    assert '<div id="end-money" hidden>' in page  # (shown for an evening only, by ending.js)
    assert report.status_code == 200 and "Kto komu płaci" not in report.text


def test_a_hall_tables_end_has_its_place_points_before_it_is_confirmed(tmp_path: Path) -> None:
    hall = drawn(tmp_path)
    key = table_key(hall, 1, 2)
    play(hall, 2)
    with TestClient(make_hall_app(hall, "pl")) as client:
        final = client.get("/api/v1/final", headers=headers(key, "pl")).json()
        page = client.get(f"/t/{key}").text
        waiting = client.get("/api/v1/confirmations", headers=headers(key)).json()
    assert waiting["status"] == "waiting"  # (not confirmed: the place points all the same)
    assert final["table"] == {"round": 1, "table": 2}
    assert all(s["place_points_text"] is not None for s in final["standings"])
    assert '<h2 id="end-title">Koniec rundy 1 przy stole 2</h2>' in page
    assert "end-stake" not in page and "Kto komu płaci" not in page and "zł" not in page


def test_an_evening_ends_as_an_evening(tmp_path: Path) -> None:
    ledger = new_ledger(tmp_path)
    with TestClient(make_app({ledger: KEY}, "pl")) as client:
        final = Phone(client, "pl").get("final", stake="0,10").json()
        page = client.get(f"/t/{KEY}").text
    assert final["table"] is None and final["settlement"] is not None
    assert "place_points_text" not in final["standings"][0]
    assert '<h2 id="end-title">Koniec wieczoru</h2>' in page and 'id="end-stake"' in page
