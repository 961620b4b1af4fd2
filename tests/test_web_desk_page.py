"""The desk on the organiser's page of a real `baska serve DIR` in Debian's headless Chromium
at a phone's size, in Polish: forty players checked in by typing three letters of each
surname and tapping "Obecność" (one tap after the search), a few paying ("Wpłata"), the
counts following on a second window, a misspelt surname answered with the nearest; the draw
then seats only the forty. Screenshots are
saved (their paths printed) to be looked at."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from baska_cli.tournament.desk.service import desk_view
from baska_cli.tournament.folder import load
from tests.clikit import invoke
from tests.phonekit import Browser, missing
from tests.tournamentkit import new

pytestmark = pytest.mark.slow

FIRST = ("Anna", "Jan", "Ewa", "Piotr", "Maria", "Tomasz", "Zofia", "Adam")
LAST = (
    "Kowalski", "Nowak", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski",
    "Zieliński", "Szymański", "Woźniak", "Dąbrowski", "Kozłowski", "Jankowski", "Mazur",
    "Kwiatkowski", "Krawczyk", "Piotrowski", "Grabowski", "Nowakowski", "Pawłowski",
    "Michalski", "Nowicki", "Adamczyk", "Dudek", "Zając", "Wieczorek", "Jabłoński", "Król",
    "Majewski", "Olszewski", "Jaworski", "Wróbel", "Malinowski", "Pawlak", "Witkowski",
    "Walczak", "Stępień", "Górski", "Rutkowski", "Michalak", "Sikora", "Ostrowski",
    "Baran", "Duda",
)  # fmt: skip
PLAYERS = [f"{FIRST[i % len(FIRST)]} {last}" for i, last in enumerate(LAST)]  # 44 registered
COMING = PLAYERS[:40]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A real `baska serve DIR` of 44 registered players with a fee: the organiser's link."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    liga = new(tmp_path, "".join(f"{p}\n" for p in PLAYERS), rounds=3)
    assert invoke("tournament", "set", liga, "fee", "25").exit_code == 0
    server = subprocess.Popen(
        [sys.executable, "-m", "baska_cli", "serve", liga, "--port", "0", "--lang", "pl"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    link = next((ln.split()[1] for ln in server.stdout if ln.startswith("organiser: ")), "")
    try:
        assert link, server.stderr.read() if server.stderr else "no link"
        yield link, liga
    finally:
        server.terminate()
        server.wait(10)


class Desk(Browser):
    """The organiser's page at a phone's size, in Polish, the desk in sight."""

    pause = 0.02

    def __init__(self, name: str, address: str, shots: Path) -> None:
        super().__init__(name, address, shots, (360, 740), "pl")
        self.wait(lambda: self.counts()[0] == len(PLAYERS), "the desk's counts")

    def counts(self) -> tuple[int, int, int]:
        found = self.js(
            "const d = document.getElementById('desk').dataset;"
            "return [d.registered, d.present, d.paid].map(n => Number(n || 0))"
        )
        return int(found[0]), int(found[1]), int(found[2])

    def found(self) -> list[str]:
        script = (
            "return [...document.querySelectorAll('#desk-found li')].map(l => l.dataset.player)"
        )
        return list(self.js(script))

    def search(self, letters: str) -> None:
        box = self.driver.find_element("id", "desk-search")
        box.clear()
        box.send_keys(letters)


def short(liga: str, full: str) -> str:
    """The short form the players file gave a full name."""
    return next(p.name for p in load(liga).players if p.full_name == full)


def test_forty_players_checked_in_by_three_letters_and_a_tap(served: tuple[str, str]) -> None:
    link, liga = served
    shots = Path(tempfile.mkdtemp(prefix="baska-desk-shots-"))
    print(f"screenshots in {shots}")
    desk = Desk("desk", link, shots)
    other = Desk("laptop-desk", link, shots)
    try:
        assert desk.text("#desk .desk-label").startswith("Znajdź gracza")
        desk.fits()
        taken = []
        for number, full in enumerate(COMING, 1):
            surname = full.split()[1]
            letters = surname[:3].lower()
            name = short(liga, full)
            desk.search(letters)
            want = [line.player.name for line in desk_view(liga, letters).lines]
            assert name in want
            # (the list for these letters, not one for a box half typed: that one is
            # replaced, its buttons with it)
            desk.wait(lambda w=want: desk.found() == w, f"{full} found by {letters}")
            started = time.monotonic()
            desk.tap(f'#desk-found li[data-player="{name}"] .mark.present')  # the one tap
            desk.wait(lambda n=number: desk.counts()[1] == n, f"{number} present")
            taken.append(time.monotonic() - started)
            if number == 1:
                desk.shot("01-first-present", "#desk")
                tap = desk.driver.find_element(
                    "css selector", f'#desk-found li[data-player="{name}"] .mark.present'
                )
                assert (
                    tap.text.strip().endswith("Obecność")
                    and tap.get_attribute("aria-pressed") == "true"
                )
            if number % 10 == 0:  # every tenth pays at the desk as well: a second tap
                desk.tap(f'#desk-found li[data-player="{name}"] .mark.paid')
                desk.wait(lambda n=number: desk.counts()[2] == n // 10, "paid")
        desk.shot("02-forty", "#desk")
        other.wait(lambda: other.counts() == (44, 40, 4), "the counts on the other window")
        other.shot("03-counts")
        print(
            f"check-in: {len(taken)} players, a tap to the count shown: median "
            f"{sorted(taken)[len(taken) // 2] * 1000:.0f} ms, slowest {max(taken) * 1000:.0f} ms"
        )

        # a player not found is said so
        desk.search("xyz")
        desk.wait(lambda: desk.text("#desk-none") == "Nie znaleziono gracza „xyz”.", "none found")
        # a misspelt surname lists the nearest, said so
        desk.search("kowalsky")
        near = "Nie znaleziono gracza „kowalsky”; najbliższe nazwiska:"
        desk.wait(lambda: desk.text("#desk-none") == near, "the nearest surnames")
        desk.wait(lambda: desk.found() == [short(liga, "Anna Kowalski")], "Kowalski listed")
        desk.shot("04-nearest", "#desk")
    finally:
        desk.close()
        other.close()

    listed = json.loads(invoke("tournament", "checkin", liga, "-f", "json").stdout)
    assert (listed["registered"], listed["present"], listed["paid"]) == (44, 40, 4)
    done = invoke("tournament", "draw", liga, "--format", "json")
    assert done.exit_code == 0, done.output
    record = json.loads(done.stdout)
    assert len(record["tables"]) == 10
    assert sorted(record["absent"]) == sorted(short(liga, full) for full in PLAYERS[40:])
