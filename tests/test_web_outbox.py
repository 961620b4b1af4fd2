"""Nothing a player sent from the table page is lost or doubled, in a real browser (Debian's
Chromium at 360 x 740, in Polish, driven by Selenium) against a real `baska serve`: a hand
sent with no connection waits in the phone's outbox, survives the browser closed and opened
again on the same profile, and is recorded once; a server that hangs is given up on and the
hand waits; the badge says the connection is lost within 3 s; the same hand entered on two
phones is recorded once, and the second phone is told another phone recorded it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.phonekit import Phone, missing
from tests.servekit import Server, new_ledger

pytestmark = pytest.mark.slow


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    """A real `baska serve` on 127.0.0.1 over a new 16-deal ledger."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    ledger = new_ledger(tmp_path)
    server = Server(ledger, "--lang", "en")  # the phones ask for Polish (Accept-Language)
    try:
        yield server, Path(ledger)
    finally:
        os.kill(server.process.pid, signal.SIGCONT)  # (if a test left it asleep)
        server.stop()


@pytest.fixture
def shots() -> Path:
    path = Path(tempfile.mkdtemp(prefix="baska-outbox-shots-"))
    print(f"screenshots in {path}")
    return path


def hands_in(ledger: Path) -> list[str]:
    """The hands the ledger holds, as `baska ledger --format json` reads them."""
    done = subprocess.run(
        [sys.executable, "-m", "baska_cli", "ledger", "--format", "json", str(ledger)],
        check=True,
        capture_output=True,
        text=True,
    )
    return [hand["notation"] for hand in json.loads(done.stdout)["hands"]]


def test_a_hand_sent_offline_is_recorded_once_after_the_browser_is_closed(
    served: tuple[Server, Path], shots: Path, tmp_path: Path
) -> None:
    server, ledger = served
    profile = str(tmp_path / "profile")
    phone = Phone("offline", server.url, shots, profile=profile)
    try:
        phone.type_line("zw a+c 61 k", before_enter=lambda: phone.online(False))
        phone.wait(lambda: "warn" in phone.status_class(), "no connection")
        waiting = phone.wait(phone.waiting, "the outbox shown")
        assert "1 rozdanie czeka na wysłanie" in waiting and "zw a+c 61 k" in waiting
        assert "Brak połączenia" in phone.text("#status")
        assert phone.field() == ""  # the page is ready for the next hand
        phone.fits()
        phone.shot("01-waiting")
    finally:
        phone.close()  # the browser closed with the hand unsent (its profile kept)
    # Chromium's offline emulation ends with its DevTools session as the browser quits, and a
    # closing page may get the hand out then ("online" fires): nothing lost either way, and
    # the page opened again must not send it a second time
    assert hands_in(ledger) in ([], ["zw Ania+Celina 61 k"])

    again = Phone("offline-again", server.url, shots, profile=profile)
    try:
        again.wait(lambda: again.hands_shown() == [1], "the hand sent when the page opened")
        again.wait(lambda: not again.waiting(), "the outbox empty")
        again.shot("02-sent")
        again.driver.refresh()  # sent once: a reload sends nothing more
        again.wait(lambda: "rozdaje" in again.text("#turn").lower(), "the page again")
        time.sleep(1)
        assert again.hands_shown() == [1] and not again.waiting()
    finally:
        again.close()
    assert hands_in(ledger) == ["zw Ania+Celina 61 k"]


def test_a_server_asleep_is_given_up_on_and_the_hand_waits(
    served: tuple[Server, Path], shots: Path
) -> None:
    server, ledger = served
    phone = Phone("asleep", server.url, shots)
    try:
        phone.wait(phone.live, "the badge on")
        asleep = lambda: os.kill(server.process.pid, signal.SIGSTOP)  # noqa: E731
        phone.type_line("zw b+d 78", before_enter=asleep)  # (the laptop's lid shut)
        slept = time.monotonic()
        phone.wait(lambda: not phone.live(), "the badge off", timeout=3)
        assert phone.text("#live") == "bez połączenia"
        phone.wait(lambda: "Serwer nie odpowiada" in phone.text("#status"), "given up", 12)
        assert time.monotonic() - slept < 11  # (the request gives up after 8 s)
        assert "zw b+d 78" in phone.waiting()
        phone.shot("03-server-asleep")
        os.kill(server.process.pid, signal.SIGCONT)
        phone.wait(lambda: phone.hands_shown() == [1], "the hand once the server is back", 15)
        phone.wait(lambda: not phone.waiting(), "the outbox empty")
        phone.wait(phone.live, "the badge on again")
    finally:
        phone.close()
    assert hands_in(ledger) == ["zw Bartek+Darek 78"]


def test_the_badge_says_offline_within_3_seconds(served: tuple[Server, Path], shots: Path) -> None:
    server, _ledger = served
    phone = Phone("badge", server.url, shots)
    try:
        phone.wait(phone.live, "the badge on")
        assert phone.text("#live") == "na żywo"
        time.sleep(2)  # a quiet page: only the heartbeat
        assert phone.live()
        phone.online(False)
        phone.wait(lambda: not phone.live(), "the badge off", timeout=3)
        assert phone.text("#live") == "bez połączenia"
        phone.shot("04-offline")
        phone.online(True)
        phone.wait(phone.live, "the badge on again", timeout=8)
    finally:
        phone.close()


def test_the_same_hand_from_two_phones_is_recorded_once(
    served: tuple[Server, Path], shots: Path
) -> None:
    server, ledger = served
    first = Phone("first", server.url, shots)
    second = Phone("second", server.url, shots)
    try:
        first.type_line("zw b+d 78")
        first.wait_recorded(1)
        second.wait(lambda: second.hands_shown() == [1], "the first phone's hand")
        second.type_line("zw b+d 78")
        second.wait(second.asking, "the question")
        question = second.text("#question-text")
        assert "Ten sam wynik właśnie zapisał inny telefon" in question, question
        # the default (focused, Enter) answer records nothing
        assert second.js("return document.activeElement.id") == "question-no"
        second.shot("05-same-hand")
        second.tap("#question-no")
        second.wait(lambda: "inny telefon" in second.text("#status"), "told")
        assert "Nic nie zapisano" in second.text("#status")
        assert second.field() == "" and not second.waiting()
        # the phone that recorded it asks as `baska play` does
        first.type_line("zw b+d 78")
        first.wait(first.asking, "the question")
        assert "inny telefon" not in first.text("#question-text")
        first.tap("#question-no")
        time.sleep(1)
        assert first.hands_shown() == [1] and second.hands_shown() == [1]
    finally:
        first.close()
        second.close()
    assert hands_in(ledger) == ["zw Bartek+Darek 78"]


def test_a_correction_is_asked_before_it_is_written(
    served: tuple[Server, Path], shots: Path
) -> None:
    server, ledger = served
    phone = Phone("correcting", server.url, shots)
    try:
        phone.type_line("zw a+c 61")
        phone.wait_recorded(1)
        phone.tap("#correct-last")
        phone.tap_keys(["k:k"])
        assert phone.field() == "+k"
        phone.wait(lambda: phone.text("#preview").strip(), "the preview of +k")
        phone.record()
        phone.wait(phone.asking, "the correction asked")
        question = phone.text("#question-text")
        # what changes, before → after, and the stake (a contra doubles it)
        assert "zw Ania+Celina 61 → zw Ania+Celina 61 k" in question, question
        assert "z 1 na 2" in question, question
        assert phone.js("return document.activeElement.id") == "question-no"
        phone.shot("06-correction-asked")
        phone.tap("#question-no")  # "Anuluj": what was there stays, nothing is written
        mode_hidden = "return document.getElementById('mode').hidden"
        assert phone.field() == "+k" and not phone.js(mode_hidden)
        time.sleep(1)
        assert hands_in(ledger) == ["zw Ania+Celina 61"]
        phone.record()
        phone.answer_question()
        phone.wait(lambda: "zw Ania+Celina 61 k" in phone.text("#last"), "the hand corrected")
        # back to plain entry: the next line typed is a new hand
        assert phone.field() == "" and phone.js(mode_hidden)
        phone.type_line("zw b+d 78", clear=False)
        phone.wait(lambda: phone.hands_shown()[:1] == [2], "hand 2")
    finally:
        phone.close()
    assert hands_in(ledger) == ["zw Ania+Celina 61 k", "zw Bartek+Darek 78"]
