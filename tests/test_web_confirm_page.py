"""The confirmation on the table page of a tournament in a real browser: Debian's Chromium,
headless, two phone-sized windows (360 x 740, each its own phone) on a real `baska serve DIR`.

Table 1 plays its series; one phone agrees with a player's PIN, a wrong PIN is refused,
the other phone disagrees with a note and a PIN (disputed on both), the organiser accepts
(final on both). Table 2 enters only its final totals from the sheet and a player of each side
confirms them (final). Screenshots are saved (their paths printed) to be looked at."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from baska_cli.ledger import edits
from tests.clikit import invoke
from tests.phonekit import Phone, missing
from tests.tournamentkit import SERIES, drawn, pin, play, seats, table_key

pytestmark = pytest.mark.slow


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A drawn tournament served by a real `baska serve DIR`: its directory and base URL."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    path = drawn(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "baska_cli", "serve", path, "--port", "0", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    base = ""
    for line in process.stdout:
        if line.startswith("organiser: "):
            base = line.split()[1].rpartition("/o/")[0]
            break
    assert base, process.stderr.read() if process.stderr else "no link"
    try:
        yield path, base
    finally:
        process.terminate()
        process.communicate(timeout=10)


def name_button(name: str) -> str:
    return f'#confirm-names button[data-name="{name}"]'


def test_a_result_confirmed_disputed_accepted_and_entered_alone(hall: tuple[str, str]) -> None:
    path, base = hall
    play(path, 1)
    shots = Path(tempfile.mkdtemp(prefix="baska-confirm-shots-"))
    print(f"screenshots in {shots}")
    first, second = seats(path, 1, 1), seats(path, 1, 2)
    one = Phone("one", f"{base}/t/{table_key(path, 1, 1)}", shots)
    other = Phone("other", f"{base}/t/{table_key(path, 1, 1)}", shots)
    try:
        for phone in (one, other):
            phone.wait(lambda p=phone: p.text("#confirm-status") == "czeka na potwierdzenie",
                       "the table waiting for confirmation")  # fmt: skip
            phone.fits()
        one.shot("01-waiting", at="#confirm")
        one.tap(name_button(first[0]))
        assert first[0] in one.text("#confirm-who")
        one.tap("#confirm-agree")
        one.shot("02-pin-pad", at="#pin")
        one.fits()
        one.type_pin(pin(path, first[0]))
        one.wait(lambda: f"Potwierdzili: {first[0]}" in one.text("#confirm-by"), "agreed")
        one.tap(name_button(first[1]))  # a player of the other side, with another's PIN
        one.tap("#confirm-agree")
        one.type_pin(pin(path, first[0]))
        one.wait(lambda: f"to nie PIN gracza {first[1]}" in one.text("#confirm-message"),
                 "a wrong PIN refused")  # fmt: skip
        one.shot("02-wrong-pin-refused", at="#confirm")
        other.wait(lambda: first[0] in other.text("#confirm-by"), "the other phone sees it")
        other.tap(name_button(first[3]))
        other.driver.find_element("id", "confirm-note").send_keys("rozdanie 9: 71, nie 61")
        other.tap("#confirm-disagree")
        other.type_pin(pin(path, first[3]))
        for phone in (one, other):
            phone.wait(lambda p=phone: p.text("#confirm-status") == "sporny", "disputed")
        assert f"{first[3]} się nie zgadza: rozdanie 9: 71, nie 61" in one.text("#confirm-disputes")
        one.shot("03-disputed", at="#confirm")
        accepted = invoke("tournament", "accept", path, "1", "1")
        assert accepted.exit_code == 0, accepted.stderr
        for phone in (one, other):
            phone.wait(
                lambda p=phone: "organizator zatwierdził" in p.text("#confirm-help"), "accepted"
            )
            assert phone.js("return document.getElementById('confirm-ask').hidden")
        other.shot("04-accepted", at="#confirm")
        # table 2: only the sheet's final totals, then a player of each side confirms
        for phone in (one, other):
            phone.driver.get(f"{base}/t/{table_key(path, 1, 2)}")
            phone.wait(lambda p=phone: "rozdaje" in p.text("#turn").lower(), "table 2's page")
            phone.wait(lambda p=phone: p.js("return !document.getElementById('final-only')"
                                            ".hidden"), "the form of final totals")  # fmt: skip
        one.tap("#final-only summary")
        for n, value in zip((1, 2, 3, 4), ("40", "12", "-8", "-20"), strict=True):
            one.driver.find_element("id", f"final-{n}").send_keys(value)
        one.tap('#final-form .sign[data-for="final-2"]')  # 12 becomes -12
        one.shot("05-final-totals", at="#final-only")
        one.tap('#final-form button[type="submit"]')
        one.wait(lambda: one.text("#confirm-status") == "czeka na potwierdzenie", "entered")
        assert "+40" in one.text(name_button(second[0])) and "-12" in one.text(
            name_button(second[1])
        )
        one.tap(name_button(second[0]))
        one.tap("#confirm-agree")
        one.type_pin(pin(path, second[0]))
        other.wait(  # (a table not started is looked at every 15 s)
            lambda: other.text("#confirm-status") == "czeka na potwierdzenie", "seen", 25
        )
        other.tap(name_button(second[1]))
        other.tap("#confirm-agree")
        other.type_pin(pin(path, second[1]))
        for phone in (one, other):
            phone.wait(
                lambda p=phone: "wynik jest potwierdzony" in p.text("#confirm-help"), "final"
            )
            phone.fits()
            assert phone.js("return document.querySelector('section.entry').hidden")
        one.shot("06-final", at="#confirm")
    finally:
        one.close()
        other.close()
    status = invoke("tournament", "status", path, "-f", "json")
    tables = json.loads(status.stdout)["tables"]
    assert [t["status"] for t in tables] == ["confirmed", "confirmed"]
    assert tables[1]["totals"] == [40, -12, -8, -20] and tables[1]["source"] == "sheet"


def test_after_a_walkout_and_after_paper_totals_the_page_says_why_no_hand(
    hall: tuple[str, str],
) -> None:
    path, base = hall
    for hand in SERIES[:7]:
        edits.record(str(Path(path, "r1", "t1.csv")), hand)
    shots = Path(tempfile.mkdtemp(prefix="baska-fixed-shots-"))
    print(f"screenshots in {shots}")
    one = Phone("one", f"{base}/t/{table_key(path, 1, 1)}", shots)
    other = Phone("other", f"{base}/t/{table_key(path, 1, 2)}", shots)
    try:
        for phone in (one, other):
            phone.wait(lambda p=phone: "rozdaje" in p.text("#turn").lower(), "the table's page")
            assert not phone.js("return document.querySelector('section.entry').hidden")
        gone = seats(path, 1, 1)[3]
        assert invoke("tournament", "walkout", path, "1", "1", gone).exit_code == 0
        one.wait(lambda: one.js("return document.querySelector('section.entry').hidden"),
                 "the keypad put away")  # fmt: skip
        said = one.text("#confirm-fixed")
        assert "była ucieczka" in said and "co dalej, powie stołowi organizator" in said
        one.fits()
        one.shot("01-walkout", at="#confirm-fixed")
        other.tap("#final-only summary")
        for n, value in zip((1, 2, 3, 4), ("40", "-12", "-8", "-20"), strict=True):
            other.driver.find_element("id", f"final-{n}").send_keys(value)
        other.tap('#final-form button[type="submit"]')
        other.wait(lambda: other.text("#confirm-status") == "czeka na potwierdzenie", "entered")
        other.wait(lambda: other.js("return document.querySelector('section.entry').hidden"),
                   "the keypad put away")  # fmt: skip
        assert "z papierowej karty" in other.text("#confirm-fixed")
        other.shot("02-paper-totals", at="#confirm-fixed")
    finally:
        one.close()
        other.close()
