"""The JSON every page and script receives, byte for byte, on a reference hall: the board
(/api/v1/board, its first event, the projector's page), the organiser's hall (/api/v1/hall),
each player's own page (/api/v1/me), each table's state (/api/v1/confirmations) and what it
is told after its series (/api/v1/next), `tournament status` and `standings` as JSON, and a
season over the tournament by a points file — all recorded from the code before the records
moved into dataclasses (tests/data/records/), and compared whole.

Record them again (only on purpose: a change a page's script or a user would see) with
`python -m tests.test_page_records`."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli import i18n
from tests import tournamentkit as kit
from tests.clikit import invoke

DATA = Path(__file__).parent / "data" / "records"
SECRET = "reference-hall-secret-0123456789abcdef"  # the hall's keys, the same every run
STARTED = "2026-05-09T10:00:00.000Z"  # round 2's clock: long over, so 0 seconds left
ORIGIN = "http://testserver"
# 20 players: ids, clubs, two teams of five (a stand-in for Orły), categories, two Jan
# Kowalski of different clubs, a name that needs escaping
PLAYERS = (
    "name,id,club,team,category,standin\n"
    "Jan Kowalski,101,KS Puck,Orły,M,\n"
    "Jan Kowalski,102,GKS Hel,Sokoły,S,\n"
    "Anna Nowak,103,KS Puck,Orły,K,\n"
    "Piotr Wiśniewski,104,,Orły,M,\n"
    "Ewa Wójcik,105,GKS Hel,Orły,K,\n"
    "Łukasz Zieliński,106,,Orły,M,\n"
    "Małgorzata Kamińska,107,,Sokoły,K,\n"
    "Grzegorz Lewandowski,108,KS Puck,Sokoły,S,\n"
    "Halina Kreft,109,,Sokoły,K,\n"
    "Żaneta Łęcka,110,GKS Hel,Sokoły,K,\n"
    "Feliks Zając,111,,,M,Orły\n"
    "Irena Pająk,112,KS Puck,,K,\n"
    "Bożena Labuda,113,,,S,\n"
    "Leszek Kąkol,114,GKS Hel,,M,\n"
    "Teresa Bigus,115,,,K,\n"
    "Roman Szulc,116,,,M,\n"
    "Danuta Bronk,117,KS Puck,,K,\n"
    "Edmund Mudlaff,118,,,S,\n"
    "Zofia Dettlaff,119,,,K,\n"
    "<i>Marek</i> Drewa,120,,,M,\n"
)
PAGES = (  # (file, round, table) of each table's answers
    ("confirmations-r2-t1", 2, 1),
    ("confirmations-r2-t2", 2, 2),
    ("confirmations-r2-t3", 2, 3),
    ("confirmations-r2-t4", 2, 4),
    ("confirmations-r2-t5", 2, 5),
    ("confirmations-r1-t2", 1, 2),
    ("confirmations-r1-t5", 1, 5),
)


def _ok(*args: str) -> str:
    done = invoke(*args)
    assert done.exit_code == 0, (args, done.output)
    return done.stdout


def reference_hall(home: Path) -> str:
    """The reference hall: 4 rounds, 2 drawn. Round 1 in from paper sheets (one corrected,
    one accepted), but table 5 (10 deals played when round 2 was drawn anyway); round 2:
    table 1 playing (6 of 16 deals), table 2 played whole (words given: `_words`), table 3
    a walk-out, table 4 typed once and table 5 typed twice unalike (double-entry); round
    2's clock long over; an announcement; a latecomer from round 3 and a player withdrawn
    from round 3."""
    home.mkdir(parents=True, exist_ok=True)
    path = str(home / "gp")
    (home / "players.csv").write_text(PLAYERS, "utf-8")
    title = "Grand Prix Pucka 2026"
    _ok("tournament", "new", path, "-p", str(home / "players.csv"), "--rounds", "4",
        "--deals", "16", "-r", "mester", "--seed", "41", "--title", title)  # fmt: skip
    secret = Path(path, ".serve-secret")
    secret.write_text(SECRET + "\n", "ascii")
    secret.chmod(0o600)
    kit.draw(path)
    sheets = ((40, -12, -8, -20), (30, 10, -10, -30), (9, 3, -5, -7), (61, -20, -20, -21))
    for table, totals in enumerate(sheets, 1):
        kit.result(path, 1, table, *kit.entries(path, 1, table, totals))
    _ok("tournament", "result", path, "1", "2", "--correct",
        *kit.entries(path, 1, 2, (24, 6, -10, -20)))  # fmt: skip
    _ok("tournament", "accept", path, "1", "2")
    kit.play(path, 5, kit.SERIES[:10])
    kit.draw(path, "--anyway")
    kit.play(path, 1, kit.SERIES[:6], round_number=2)
    kit.play(path, 2, kit.SERIES, round_number=2)
    _ok("tournament", "walkout", path, "2", "3", kit.seats(path, 2, 3)[1])
    _ok("tournament", "set", path, "double-entry", "on")
    kit.result(path, 2, 4, *kit.entries(path, 2, 4, (20, -10, -5, -5)))
    kit.result(path, 2, 5, *kit.entries(path, 2, 5, (12, -4, -4, -4)))
    kit.result(path, 2, 5, *kit.entries(path, 2, 5, (12, -4, -5, -3)))
    Path(path, "clock.json").write_text(f'{{"round": 2, "started": "{STARTED}"}}\n', "utf-8")
    _ok("tournament", "announce", path, "Obiad o 14:00 w sali B — <b>zapraszamy</b>")
    _ok("tournament", "enter", path, "Wojciech Stoltmann", "--club", "KS Puck")
    _ok("tournament", "withdraw", path, "Roman Szulc")
    return path


def _words(client: TestClient, path: str) -> None:
    """Round 2, table 2: its first player agrees from their own page, its second disputes
    by PIN from the table's phone."""
    seated = kit.seats(path, 2, 2)
    state = client.get("/api/v1/confirmations", headers=_headers(kit.table_key(path, 2, 2)))
    totals = state.json()["totals"]
    agreed = client.post(
        "/api/v1/me/confirm",
        headers=_headers(kit.player_key(path, seated[0])),
        json={"agree": True, "totals": totals},
    )
    assert agreed.status_code == 200, agreed.text
    disputed = client.post(
        "/api/v1/confirm",
        headers=_headers(kit.table_key(path, 2, 2)),
        json={"player": seated[1], "agree": False, "totals": totals,
              "pin": kit.pin(path, seated[1]), "note": "61, nie 60"},
    )  # fmt: skip
    assert disputed.status_code == 200, disputed.text


def _headers(key: str, language: str = "en") -> dict[str, str]:
    return {"Authorization": f"Bearer {key}", "Origin": ORIGIN, "Accept-Language": language}


def _first_event(client: TestClient) -> bytes:
    """The board's event stream's first event, as a screen reads it."""
    kept = b""
    with client.stream("GET", "/api/v1/board/events") as answer:
        for chunk in answer.iter_bytes():
            kept += chunk
            if b"\n\n" in kept:
                break
    return kept.split(b"\n\n")[0] + b"\n\n"


def answers(path: str) -> Iterator[tuple[str, bytes]]:
    """Each page's answer on the reference hall, by the name it is kept under."""
    from baska_cli.web.app import make_hall_app

    with TestClient(make_hall_app(path, "en")) as client:
        _words(client, path)
        organiser = client.app.state.hall.organiser_key  # type: ignore[attr-defined]

        def get(url: str, key: str | None = None, language: str = "en") -> bytes:
            headers = _headers(key, language) if key else {"Accept-Language": language}
            answer = client.get(url, headers=headers)
            assert answer.status_code == 200, (url, answer.text)
            return bytes(answer.content)

        yield "board.json", get("/api/v1/board")
        yield "board-event.txt", _first_event(client)
        yield "standings.html", get("/standings")
        yield "standings-pl.html", get("/standings", language="pl")
        yield "hall.json", get("/api/v1/hall", organiser)
        yield "hall-pl.json", get("/api/v1/hall", organiser, "pl")
        yield "hall-r1.json", get("/api/v1/hall?round=1", organiser)
        for name, number, table in PAGES:
            yield f"{name}.json", get("/api/v1/confirmations", kit.table_key(path, number, table))
        yield "next-r1-t2.json", get("/api/v1/next", kit.table_key(path, 1, 2))
        yield "next-r2-t3-pl.json", get("/api/v1/next", kit.table_key(path, 2, 3), "pl")
        for who in ("Jan.K.102", "Anna.N", "Roman.S", "Wojciech.S", "Feliks.Z", "<i>Marek<i>.D"):
            kept = who.replace("<i>", "").replace(".", "-").lower()
            yield f"me-{kept}.json", get("/api/v1/me", kit.player_key(path, who))
    for args, name in (((), "status.json"), (("--round", "1"), "status-r1.json")):
        yield name, _ok("tournament", "status", path, "-f", "json", *args).encode()
    yield "standings.json", _ok("tournament", "standings", path, "-f", "json").encode()
    _ok("tournament", "set", path, "hide-standings", "on")
    with TestClient(make_hall_app(path, "en")) as client:
        yield "board-hidden.json", client.get("/api/v1/board").content
        key = kit.player_key(path, "Anna.N")
        yield "me-hidden.json", client.get("/api/v1/me", headers=_headers(key)).content
    points = Path(path).parent / "points.toml"
    points.write_text("places = [25, 20, 16, 13]\nrest = 1\nbest = 1\n", "utf-8")
    season = ("tournament", "season", path, "--points", str(points), "-f", "json")
    yield "season.json", _ok(*season).encode()


def _recorded(home: Path) -> dict[str, bytes]:
    """Every answer, made in English whatever the machine's language, with no user's
    settings."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("BASKA_RULES", "BASKA_LEDGER", "BASKA_LANG", "LANGUAGE", "LC_ALL",
                     "LC_MESSAGES"):  # fmt: skip
            patch.delenv(name, raising=False)
        patch.setenv("LANG", "C.UTF-8")
        patch.setenv("HOME", str(home / "home"))
        i18n.use("en")
        path = reference_hall(home / "hall")
        return {name: body.replace(path.encode(), b"DIR") for name, body in answers(path)}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return _recorded(tmp_path_factory.mktemp("records"))


def stored() -> list[str]:
    return sorted(p.name for p in DATA.iterdir()) if DATA.exists() else []


@pytest.mark.parametrize("name", stored())
def test_each_page_answers_as_it_did(recorded: dict[str, bytes], name: str) -> None:
    assert recorded[name].decode("utf-8") == (DATA / name).read_text("utf-8")


def test_every_answer_is_kept(recorded: dict[str, bytes]) -> None:
    assert sorted(recorded) == stored()


if __name__ == "__main__":
    import tempfile

    DATA.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as made:
        for kept, body in _recorded(Path(made)).items():
            (DATA / kept).write_bytes(body)
    sys.stdout.write(f"{len(stored())} answers kept in {DATA}\n")
