"""Every write from a phone names its hand (issue 39), in real browsers (Debian's Chromium at
360 x 740, in Polish) against a real `baska serve`: a correction asked about hand 1 and
confirmed after another phone recorded hand 2 corrects hand 1, online and offline; a hand the
page says waits survives the browser SIGKILLed 0.3 s after "Zapisz"; hands held offline and
entered again on another phone are recorded once; a hand held for a deal another phone filled
with another hand is asked about, neither appended unasked nor dropped."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.phonekit import Phone
from tests.servekit import Server
from tests.test_web_outbox import hands_in, served, shots

__all__ = ["served", "shots"]  # (the fixtures, shared with the outbox's tests)

pytestmark = pytest.mark.slow


def begin_the_contra(lucja: Phone) -> None:
    """Hand 1 recorded, then "Popraw ostatnie" with a contra tapped (not yet sent)."""
    lucja.type_line("zw a+c 61")
    lucja.wait_recorded(1)
    lucja.tap("#correct-last")
    lucja.tap_keys(["k:k"])
    lucja.wait(lambda: lucja.text("#preview").strip(), "the preview of +k")


def test_a_correction_confirmed_after_another_phones_hand_corrects_the_hand_it_named(
    served: tuple[Server, Path], shots: Path
) -> None:
    server, ledger = served
    lucja, zbigniew = Phone("lucja", server.url, shots), Phone("zbigniew", server.url, shots)
    try:
        begin_the_contra(lucja)
        zbigniew.wait(lambda: zbigniew.hands_shown() == [1], "hand 1 on the other phone")
        lucja.record()
        lucja.wait(lucja.asking, "the correction asked")
        assert "rozdanie 1" in lucja.text("#question-text").lower()
        # before Łucja answers, Zbigniew records hand 2 on his phone
        zbigniew.type_line("zw b+d 78 kr")
        zbigniew.wait_recorded(2)
        lucja.tap("#question-yes")
        lucja.wait(lambda: "zw Ania+Celina 61 k" in lucja.text("#last"), "hand 1 corrected")
        time.sleep(1)
    finally:
        lucja.close()
        zbigniew.close()
    assert hands_in(ledger) == ["zw Ania+Celina 61 k", "zw Bartek+Darek 78 kr"]


def test_a_correction_sent_offline_lands_on_the_hand_it_named(
    served: tuple[Server, Path], shots: Path
) -> None:
    server, ledger = served
    lucja, zbigniew = Phone("lucja-off", server.url, shots), Phone("zbig-off", server.url, shots)
    try:
        begin_the_contra(lucja)
        lucja.online(False)
        lucja.record()
        lucja.wait(lucja.asking, "the correction asked")
        lucja.tap("#question-yes")
        lucja.wait(lucja.waiting, "the correction waiting in the phone")
        zbigniew.type_line("zw b+d 78 kr")
        zbigniew.wait_recorded(2)
        lucja.online(True)
        # offline the page could not preview its stake: the server asks it, naming hand 1
        question = lucja.answer_question()
        assert "rozdanie 1" in question.lower() and "z 1 na 2" in question, question
        lucja.wait(lambda: not lucja.waiting(), "the correction sent", 20)
        lucja.wait(lambda: "zw Ania+Celina 61 k" in lucja.text("#last"), "hand 1 corrected")
    finally:
        lucja.close()
        zbigniew.close()
    assert hands_in(ledger) == ["zw Ania+Celina 61 k", "zw Bartek+Darek 78 kr"]


def test_a_hand_waiting_in_the_phone_survives_the_browser_killed(
    served: tuple[Server, Path], shots: Path, tmp_path: Path
) -> None:
    server, ledger = served
    profile = str(tmp_path / "profile")
    phone = Phone("killed", server.url, shots, profile=profile)
    phone.type_line("zw a+c 61 k", before_enter=lambda: phone.online(False))
    time.sleep(0.3)
    phone.kill()  # 0.3 s after "Zapisz": Android's kill of a browser in the background
    assert hands_in(ledger) == []
    again = Phone("killed-again", server.url, shots, profile=profile)
    try:
        again.wait(lambda: again.hands_shown() == [1], "the hand sent when the page opened")
        again.wait(lambda: not again.waiting(), "the outbox empty")
    finally:
        again.close()
    assert hands_in(ledger) == ["zw Ania+Celina 61 k"]


def test_a_half_typed_hand_survives_a_reload(served: tuple[Server, Path], shots: Path) -> None:
    server, _ledger = served
    phone = Phone("draft", server.url, shots)
    try:
        phone.tap_keys(["c:zw", "p:1", "p:3"])
        typed = phone.field()
        assert typed.startswith("zw")
        time.sleep(0.5)
        phone.driver.refresh()
        phone.wait(lambda: "rozdaje" in phone.text("#turn").lower(), "the page again")
        phone.wait(lambda: phone.field() == typed, "the half-typed hand back in the field")
    finally:
        phone.close()


def test_hands_held_offline_and_entered_again_elsewhere_are_recorded_once(
    served: tuple[Server, Path], shots: Path
) -> None:
    server, ledger = served
    held, other = Phone("held", server.url, shots), Phone("other", server.url, shots)
    try:
        held.type_line("zw a+c 61 k", before_enter=lambda: held.online(False))
        held.wait(held.waiting, "hand 1 waiting")
        held.type_line("ci b 70", preview=False)
        held.wait(lambda: "ci b 70" in held.waiting(), "hand 2 waiting")
        # the others do not see them and enter both hands again on another phone
        other.type_line("zw a+c 61 k")
        other.wait_recorded(1)
        other.type_line("ci b 70")
        other.wait_recorded(2)
        held.online(True)
        held.wait(lambda: not held.waiting(), "the outbox empty", 20)
        held.wait(lambda: "już zapisane" in held.text("#status"), "told it was recorded")
        time.sleep(1)
    finally:
        held.close()
        other.close()
    assert hands_in(ledger) == ["zw Ania+Celina 61 k", "ci Bartek 70"]


def test_a_hand_held_for_a_deal_filled_with_another_hand_is_asked(
    served: tuple[Server, Path], shots: Path
) -> None:
    server, ledger = served
    held, other = Phone("held-other", server.url, shots), Phone("filler", server.url, shots)
    try:
        held.type_line("zw a+c 61 k", before_enter=lambda: held.online(False))
        held.wait(held.waiting, "hand 1 waiting")
        other.type_line("zw b+d 78")
        other.wait_recorded(1)
        held.online(True)
        held.wait(held.asking, "the question", 20)
        question = held.text("#question-text")
        assert "zw Bartek+Darek 78" in question and "zw Ania+Celina 61 k" in question, question
        held.shot("deal-filled")
        assert hands_in(ledger) == ["zw Bartek+Darek 78"]  # nothing appended unasked
        assert "zw a+c 61 k" in held.waiting()  # nor dropped: kept until answered
    finally:
        held.close()
        other.close()
    assert hands_in(ledger) == ["zw Bartek+Darek 78"]
