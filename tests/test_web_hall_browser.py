"""A tournament's round in the hall from real phones: `baska serve DIR` and Debian's headless
Chromium (Selenium), 8 phone-sized windows (360 x 740), two at each of 4 tables, one of each
side. Tables 1 and 2 type their series and confirm it; table 3 types it and one side
disagrees, the organiser corrects the hand named in the note on the table's page and accepts
the result on the organiser's page; table 4 enters only its paper sheet's totals and
confirms them; the organiser draws the next round from the page. Screenshots are saved (their
paths printed) to be looked at."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from baska_cli.tournament.tables.state import table_state
from tests.phonekit import Phone, missing
from tests.servekit import SEAT_HANDS, HallServer, new_tournament
from tests.tournamentkit import pin

pytestmark = pytest.mark.slow

PLAYERS = "Ania Bartek Celina Darek Ewa Feliks Grzegorz Halina Irena Janusz Kasia Leszek"
PLAYERS += " Monika Norbert Olga Piotr"
DEALS = 8  # plb's shortest series
SERIES = (*SEAT_HANDS[: DEALS - 1], "zw 1+2 52")  # the last one, disputed: it was 61
PAPER = ("+40", "-12", "-8", "-20")  # table 4's sheet


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[HallServer]:
    reason = missing()
    if reason:
        pytest.skip(reason)
    liga = new_tournament(str(tmp_path / "liga"), PLAYERS.split(), DEALS, rounds=2, rules="plb")
    server = HallServer(liga, "--lang", "pl")
    try:
        yield server
    finally:
        server.stop()


def status(folder: str) -> dict[int, str]:
    done = subprocess.run(
        [sys.executable, "-m", "baska_cli", "tournament", "status", folder, "--round", "1",
         "--format", "json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return {row["table"]: row["status"] for row in json.loads(done.stdout)["tables"]}


def confirm(phone: Phone, folder: str, name: str, agree: bool, note: str = "") -> None:
    """The player taps their name, then agrees (or disagrees, saying why) with their PIN."""
    phone.wait(lambda: phone.js("return !document.getElementById('confirm').hidden"), "confirm")
    phone.tap(f'#confirm-names button[data-name="{name}"]')
    if note:
        phone.driver.find_element("id", "confirm-note").send_keys(note)
    phone.tap("#confirm-agree" if agree else "#confirm-disagree")
    phone.type_pin(pin(folder, name))
    phone.wait(lambda: "ok" in phone.js("return document.getElementById('confirm-message')"
                                         ".className"), f"{name}'s word sent")  # fmt: skip


def shown_status(phone: Phone) -> str:
    return str(phone.js("return document.getElementById('confirm').dataset.status || ''"))


def test_a_round_entered_confirmed_disputed_corrected_and_the_next_drawn(
    hall: HallServer,
) -> None:
    folder = hall.folder
    shots = Path(tempfile.mkdtemp(prefix="baska-hall-shots-"))
    print(f"screenshots in {shots}")
    seats = {t: table_state(folder, 1, t).players for t in (1, 2, 3, 4)}
    phones: dict[int, tuple[Phone, Phone]] = {}
    organiser = None
    try:
        for t in (1, 2, 3, 4):
            link = f"{hall.base}/t/{hall.table_key(1, t)}"
            phones[t] = (Phone(f"t{t}-side1", link, shots), Phone(f"t{t}-side2", link, shots))
        organiser = Phone("organiser", f"{hall.base}/o/{hall.organiser_key}/t/1/3", shots)

        # tables 1 to 3 type their series, the two phones taking turns; each sees the other's
        for t in (1, 2, 3):
            for number, hand in enumerate(SERIES, 1):
                typist = phones[t][number % 2]
                typist.type_line(hand)
                typist.wait_recorded(number)
            for phone in phones[t]:
                phone.wait(lambda p=phone: len(p.hands_shown()) > 0, "the last hands")
                phone.wait(lambda p=phone: shown_status(p) == "waiting", "waiting to confirm")
                phone.fits()
            assert phones[t][0].totals() == phones[t][1].totals()
        phones[1][0].shot("01-series-complete")

        # tables 1 and 2: a player of each side agrees, each on their own phone
        for t in (1, 2):
            confirm(phones[t][0], folder, seats[t][0], True)
            confirm(phones[t][1], folder, seats[t][1], True)
            for phone in phones[t]:
                phone.wait(lambda p=phone: shown_status(p) == "confirmed", "final")
        phones[1][1].shot("02-confirmed")

        # table 3: one side agrees, the other disagrees and says why
        confirm(phones[3][0], folder, seats[3][0], True)
        confirm(phones[3][1], folder, seats[3][1], False, "we had 61 in the last deal")
        for phone in phones[3]:
            phone.wait(lambda p=phone: shown_status(p) == "disputed", "disputed")
        phones[3][1].shot("03-disputed")

        # table 4: only the paper sheet's totals, then both sides agree
        sheet = phones[4][0]
        sheet.wait(lambda: sheet.js("return !document.getElementById('final-only').hidden"),
                   "the final totals' form")  # fmt: skip
        sheet.tap("#final-only summary")
        for n, total in enumerate(PAPER, 1):
            sheet.driver.find_element("id", f"final-{n}").send_keys(total)
        sheet.shot("04-paper-totals")
        sheet.tap('#final-form button[type="submit"]')
        # (the other phone hears of it on its event stream, which follows results.csv too:
        # its fallback look is a minute away)
        for phone in phones[4]:
            phone.wait(lambda p=phone: shown_status(p) == "waiting", "the totals to confirm")
        confirm(phones[4][0], folder, seats[4][0], True)
        confirm(phones[4][1], folder, seats[4][1], True)
        phones[4][1].wait(lambda: shown_status(phones[4][1]) == "confirmed", "table 4 final")
        assert status(folder) == {1: "confirmed", 2: "confirmed", 3: "disputed", 4: "confirmed"}

        # the organiser corrects table 3's last hand on its page, then accepts the result
        organiser.driver.refresh()
        organiser.wait(lambda: DEALS in organiser.hands_shown(), "table 3's hands")
        organiser.tap(f'#last li[data-number="{DEALS}"] .head')
        organiser.tap(f'#last li[data-number="{DEALS}"] .actions button')
        field = organiser.driver.find_element("id", "hand")
        field.clear()
        field.send_keys("zw 1+2 61")
        organiser.wait(lambda: organiser.text("#preview").strip(), "the correction's preview")
        organiser.shot("05-organiser-corrects")
        organiser.record()
        organiser.wait(lambda: organiser.asking() or " 61" in organiser.text("#last"), "done")
        if organiser.asking():
            organiser.answer_question("06-organiser-asked")
        for phone in phones[3]:  # the correction voids the word given: waiting again
            phone.wait(lambda p=phone: shown_status(p) == "waiting", "confirmations voided", 20)
        organiser.driver.get(f"{hall.base}/o/{hall.organiser_key}")
        organiser.wait(lambda: organiser.js(
            "return document.querySelector('#tables li[data-table=\"3\"] "
            "button[data-action=\"accept\"]')"), "the accept button")  # fmt: skip
        organiser.tap('#tables li[data-table="3"] button[data-action="accept"]')
        organiser.wait(lambda: organiser.js("return document.getElementById('ask').open"), "ask")
        organiser.shot("07-accept-asked")
        organiser.tap("#ask-yes")
        for phone in phones[3]:
            phone.wait(lambda p=phone: shown_status(p) == "confirmed", "accepted", 20)
        assert set(status(folder).values()) == {"confirmed"}

        # every table is in: the organiser draws round 2 from the page
        organiser.tap("#draw")
        organiser.wait(lambda: organiser.js("return document.getElementById('ask').open"), "ask")
        organiser.tap("#ask-yes")
        organiser.wait(lambda: Path(folder, "r2", "t4.csv").exists(), "round 2 drawn")
        organiser.wait(lambda: "runda 2 z 2" in organiser.text("#round-line").lower(), "round 2")
        organiser.js("window.scrollTo(0, 0)")
        organiser.shot("08-round-2-drawn")
        organiser.fits()
    finally:
        for pair in phones.values():
            for phone in pair:
                phone.close()
        if organiser is not None:
            organiser.close()
