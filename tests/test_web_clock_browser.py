"""The round's clock and the announcement in a real browser: `baska serve DIR` and Debian's
headless Chromium (Selenium), the projector at 1920 × 1080, a table's page on a phone
(360 × 740) and the organiser's page. The clock is started through the service with a time
in the past (10 minutes left, then 5, then none), never slept for: every screen shows the
same time left, warns, and says the time is up; the organiser's page lists the tables still
playing. Screenshots are saved (their paths printed) to be looked at."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from baska_cli.tournament.clock import service as clock
from baska_cli.tournament.clock.timing import utc_now
from tests.phonekit import Browser, Phone, missing
from tests.servekit import HallServer, new_tournament

pytestmark = pytest.mark.slow

PLAYERS = ["Ania", "Bartek", "Celina", "Darek", "Ewa", "Feliks", "Grzegorz", "Halina"]
BANNER = "const b = document.getElementById('banner'); "


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[HallServer]:
    reason = missing()
    if reason:
        pytest.skip(reason)
    liga = new_tournament(str(tmp_path / "liga"), PLAYERS, 8, rounds=2, rules="plb")
    server = HallServer(liga, "--lang", "pl")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def shots() -> Path:
    path = Path(tempfile.mkdtemp(prefix="baska-clock-shots-"))
    print(f"screenshots in {path}")
    return path


def left(screen: Browser) -> int:
    """The seconds the screen's banner shows left (-1: no clock shown)."""
    shown = "return b && !b.hidden && b.dataset.left ? Number(b.dataset.left) : -1"
    return int(screen.js(BANNER + shown))


def state(screen: Browser) -> str:
    return str(screen.js(BANNER + "return b ? b.dataset.state || '' : ''"))


def started_ago(folder: str, minutes: float) -> None:
    """The round's clock (re)started `minutes` ago (60-minute rounds): the time moved."""
    clock.start_clock(folder, restart=True, now=utc_now() - timedelta(minutes=minutes))


def test_the_clock_on_the_projector_a_phone_and_the_organisers_page(
    hall: HallServer, shots: Path
) -> None:
    projector = Browser("projector", hall.standings + "?lang=pl", shots, (1920, 1080), "pl")
    phone = Phone("phone", f"{hall.base}/t/{hall.table_key(1, 1)}", shots)
    organiser = Browser("organiser", hall.organiser + "?lang=pl", shots, (1280, 900), "pl")
    screens = (projector, phone, organiser)
    try:
        for screen in screens:
            screen.wait(lambda s=screen: s.js(BANNER + "return !!b"), "the banner")
            assert left(screen) == -1  # (no clock yet, no announcement: nothing shown)
        tables = "return !!document.querySelector('#tables li')"
        organiser.wait(lambda: organiser.js(tables), "the tables")
        organiser.tap("#start-clock")  # the organiser's button starts the clock
        for screen in screens:
            screen.wait(lambda s=screen: left(s) > 3590, "the clock started", timeout=5)
        assert re.fullmatch(r"Runda 1: zostało (1:00:00|59:\d\d)", projector.text("#banner .clock"))
        organiser.tap("#start-clock")  # running: asked again on the button
        organiser.wait(lambda: "ponownie" in organiser.text("#start-clock").lower(), "asked again")

        started_ago(hall.folder, 50)  # 10 minutes left: the first warning
        for screen in screens:
            screen.wait(lambda s=screen: state(s) == "warn10", "the 10 minutes' warning", 5)
        shown = [left(s) for s in screens]
        assert max(shown) - min(shown) <= 1 and 597 <= min(shown) <= 600, shown
        projector.fits()
        phone.fits()
        projector.shot("10-minutes")
        phone.shot("10-minutes")

        started_ago(hall.folder, 55.5)  # 4½ minutes left: the second warning
        for screen in screens:
            screen.wait(lambda s=screen: state(s) == "warn5", "the 5 minutes' warning", 5)
        assert re.fullmatch(r"Runda 1: zostało 4:[0-3]\d", phone.text("#banner .clock"))

        organiser.driver.find_element("id", "announce-text").send_keys("Obiad o 14:00 w sali B")
        organiser.tap("#announce")
        for screen in screens:
            screen.wait(lambda s=screen: "Obiad o 14:00" in s.text("#banner .note"), "the note", 5)
        projector.shot("5-minutes-announcement")
        phone.shot("5-minutes-announcement")

        started_ago(hall.folder, 61)  # the time is up
        for screen in screens:
            screen.wait(lambda s=screen: state(s) == "up", "the time up", 5)
        assert "czas minął" in phone.text("#banner .clock").lower()
        organiser.wait(lambda: not organiser.js("return document.getElementById('time-up').hidden"),
                       "the tables still playing")  # fmt: skip
        assert organiser.js("return document.getElementById('time-up').dataset.tables") == "1,2"
        phone.fits()
        projector.shot("time-up")
        phone.shot("time-up")
        organiser.shot("time-up", at="#clock")

        organiser.tap("#clear-announcement")
        for screen in screens:
            screen.wait(lambda s=screen: not s.text("#banner .note"), "the note taken down", 5)
    finally:
        for screen in screens:
            screen.close()
