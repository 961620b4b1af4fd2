"""The hall's files edited by hand or broken (the fifth hostile pass): a clock started near
the year 9999 or the year 1, a clock of nested lists, an announcement far too long, a
tournament's file that cannot be read while a player opens their page. The screens show no
clock (the organiser is told why), `tournament start` says what is wrong (exit 1, no
traceback), the standings stay on every screen, and a player's page says why in their
language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli.tournament.board.service import board_now
from baska_cli.tournament.clock import service
from baska_cli.tournament.clock.announcement import MOST
from baska_cli.tournament.folder import load
from baska_cli.tournament.hall.keys import hall_keys
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.organiserkit import Organiser, app_of

NESTED = '{"round": 1, "started": ' + "[" * 30_000 + "]" * 30_000 + "}"
JUNK = {
    "near the year 9999": '{"round": 1, "started": "9999-12-31T23:00:00Z"}',
    "near the year 1": '{"round": 1, "started": "0001-01-01T00:30:00+01:00"}',
    "nested lists": NESTED,
    "nested lists beside a good start": NESTED.replace(
        '"started": ', '"started": "2026-05-09T12:00:00Z", "x": '
    ),
    "far too large": '{"round": 1, "started": "2026-05-09T12:00:00Z"}' + " " * 70_000,
}


@pytest.fixture
def liga(tmp_path: Path) -> str:
    path = kit.drawn(tmp_path)
    kit.play(path, 1)
    return path


def expected(liga: str) -> str:
    return (
        f'{liga}/clock.json: expected {{"round": N, "started": "an ISO time"}}; start the '
        f"clock again with `baska tournament start {liga} --restart`"
    )


@pytest.mark.parametrize("text", JUNK.values(), ids=JUNK.keys())
def test_a_broken_clock_is_no_clock_on_the_screens(liga: str, text: str) -> None:
    Path(liga, "clock.json").write_text(text, "utf-8")
    with TestClient(app_of(liga)) as client:
        board = client.get("/api/v1/board")
        assert board.status_code == 200, board.text
        assert board.json()["clock"] is None
        assert len(board.json()["standings"]) == 8
        assert client.get("/standings").status_code == 200
        organiser = Organiser(client, hall_keys(liga).organiser)
        assert organiser.hall()["problems"] == [expected(liga)]
    status = invoke("tournament", "status", liga)
    assert status.exit_code == 0
    assert status.stderr == f"warning: {expected(liga)} (the hall's screens leave it out)\n"


@pytest.mark.parametrize("text", JUNK.values(), ids=JUNK.keys())
def test_start_says_what_is_wrong_then_restart_writes_it_anew(liga: str, text: str) -> None:
    Path(liga, "clock.json").write_text(text, "utf-8")
    done = invoke("tournament", "start", liga)
    assert (done.exit_code, done.stdout) == (1, "")
    assert done.stderr == f"Error: {expected(liga)}\n"
    again = invoke("tournament", "start", liga, "--restart")
    assert again.exit_code == 0, again.output
    assert service.clock_of(load(liga)) is not None
    assert service.hall_problems(liga) == ()


def test_an_announcement_far_too_long_is_cut_and_the_standings_stay(liga: str) -> None:
    Path(liga, "announcement.txt").write_text("Obiad o 14:00 " + "x" * 100_000, "utf-8")
    board = board_now(liga)
    assert len(board.board.lines) == 8
    assert board.announcement == ("Obiad o 14:00 " + "x" * MOST)[:MOST]
    assert service.hall_problems(liga) == ()


def test_an_announcement_cut_inside_a_letter_is_shown_without_it(liga: str) -> None:
    Path(liga, "announcement.txt").write_bytes(b"x" * (64 * 1024 - 1) + "ż".encode())
    assert board_now(liga).announcement == "x" * MOST


def test_an_announcement_that_is_no_file_is_left_out_and_told(liga: str) -> None:
    Path(liga, "announcement.txt").mkdir()
    board = board_now(liga)
    assert (board.announcement, len(board.board.lines)) == (None, 8)
    assert service.hall_problems(liga) == (
        f"{liga}/announcement.txt: cannot read the file: it is a directory, not a file",
    )


@pytest.fixture
def client(liga: str) -> Iterator[TestClient]:
    with TestClient(app_of(liga)) as found:
        yield found


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The tournament&#x27;s files cannot be read just now ("),
        ("pl", "Nie można teraz odczytać plików turnieju ("),
    ],
)
def test_a_players_page_says_why_while_a_file_cannot_be_read(
    client: TestClient, liga: str, lang: str, said: str
) -> None:
    key = kit.player_key(liga, "Ania")
    Path(liga, "results.csv").write_text("round,table\nx\n", "utf-8")
    answer = client.get(f"/p/{key}", headers={"Accept-Language": lang})
    assert answer.status_code == 503
    assert said in answer.text
    assert f'<html lang="{lang}">' in answer.text
