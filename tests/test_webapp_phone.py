"""The app for one phone as a person uses it (slow: Chromium at 360 x 740, the app built and
served by `python -m http.server` on 127.0.0.1): an evening for four started from four
names, sixteen hands typed with two corrections and a void, the app opened again with no
network (the server gone) and after the browser was killed, the ledger exported; `baska
check` passes the export and its totals and hands are those of the same evening played
with the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.appkit import AppPhone, runtime_for_tests, served
from tests.clikit import invoke
from tests.phonekit import missing

pytestmark = pytest.mark.slow

NAMES = ["Ania", "Bartek", "Celina", "Darek"]
# the evening, as typed: (line, what the page asks then: None, or "yes"), each a hand's
# change; hand 1 is corrected by its forgotten contra, hand 9 amended, hand 12 voided
PLAYED = [
    ("zw A+C 61", None),
    ("+k", "yes"),
    ("zw B+D 78", None),
    ("we A+D 70/3 kr", None),
    ("ci B 40", None),
    ("zw A+B 52", None),
    ("gr C 68 k:A", None),
    ("zo D 77 k:A,D", None),
    ("zw C+D 26/1", None),
    # (the network goes here: the page reloaded with nothing answering)
    ("gd A /3", None),
    ("amend 9 gd A /4", "yes"),
    ("zw B+C 60 k:A,B", None),
    ("zd B /3", None),
    ("ba C", None),
    ("void 12", "yes"),
    # (the browser killed here, opened again, still with no network)
    ("zw A+D 44 k", None),
    ("ci D 66/2 k:A,D", None),
    ("zo A 40/1", None),
    ("zw B+D 104/4 kr", None),
]
OFFLINE_AT, KILLED_AT = 9, 15  # the lines played before each


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> str:
    why = missing()
    if why:
        pytest.skip(why)
    found, why = runtime_for_tests()
    if found is None:
        pytest.skip(why)
    from baska_cli.webapp.build import build

    out = tmp_path_factory.mktemp("app") / "baska-app"
    build(str(out), found)
    return str(out)


def cli_evening(folder: Path) -> Path:
    """The same evening through the CLI: new, score --ledger, amend, void."""
    path = folder / "cli.csv"
    assert invoke("new", str(path), "--players", ",".join(NAMES), "--deals", "16").exit_code == 0
    for line, _asked in PLAYED:
        if line == "+k":
            done = invoke("amend", str(path), "1", "k")
        elif line.startswith("amend "):
            _word, number, *text = line.split()
            done = invoke("amend", str(path), number, *text)
        elif line.startswith("void "):
            done = invoke("void", str(path), line.split()[1])
        else:
            done = invoke("score", "--ledger", str(path), *line.split())
        assert done.exit_code == 0, done.output
    return path


def sheet(path: Path) -> dict[str, object]:
    done = invoke("ledger", str(path), "--format", "json")
    assert done.exit_code == 0, done.output
    found: dict[str, object] = json.loads(done.stdout)
    return found


def play(phone: AppPhone, lines: list[tuple[str, str | None]], first: int) -> None:
    number = first
    for line, asked in lines:
        before = phone.text("#status")
        phone.type_hand(line)
        if asked == "yes":
            phone.answer_yes()
        if not line.startswith(("+", "amend", "void")):
            phone.settled(number)
            number += 1
        else:
            # a correction's answer names its hand: until it replaces the status shown before
            # (the last hand's, "ok" too), the change may still be on its way to the store
            phone.settled(number - 1 if line.startswith("+") else int(line.split()[1]), before)


def test_an_evening_on_one_phone_offline_killed_and_exported(app: str, tmp_path: Path) -> None:
    profile = str(tmp_path / "profile")
    with served(app) as server:
        phone = AppPhone("app", server.address + "?lang=pl", tmp_path, "pl", profile)
        try:
            phone.offline_kept()
            phone.start_evening(NAMES)
            evening = phone.evening_id()
            play(phone, PLAYED[:OFFLINE_AT], 1)
            server.stop()  # the network gone: nothing answers at the app's address
            phone.driver.refresh()
            phone.ready()
            assert phone.totals() == [-15, -57, 13, 59]
            play(phone, PLAYED[OFFLINE_AT:KILLED_AT], 9)
        finally:
            phone.kill()
        phone = AppPhone("app", server.address + "?lang=pl", tmp_path, "pl", profile)
        try:
            phone.tap(f".app-evening[data-id='{evening}'] a.button.primary")
            phone.ready()
            assert phone.totals() == [31, -123, 27, 65]  # (hand 12 void: its 30 skipped)
            play(phone, PLAYED[KILLED_AT:], 13)
            report = phone.report()
            phone.shot("end")
            phone.tap(".app-home-link")
            phone.ready()
            exported = phone.exported(evening)
            name = phone.download_name(evening)
        finally:
            phone.close()
    # the end's printable report, made by the page's Python with no network, in Polish
    assert all(player in report for player in NAMES), report[:300]
    assert "Rozdanie" in report or "rozdanie" in report, report[:300]
    assert re.fullmatch(r"baska-\d{4}-\d\d-\d\d-ania-bartek-celina-darek\.csv", name), name
    path = tmp_path / name
    path.write_bytes(exported)
    checked = invoke("check", str(path))
    assert (checked.exit_code, checked.stderr) == (0, f"{path}: ok, 15 hands (ledger format 2)\n")
    ours, theirs = sheet(path), sheet(cli_evening(tmp_path))
    for part in ("totals", "standings", "hands", "history", "deals"):
        assert (part, ours[part]) == (part, theirs[part])
    assert ours["totals"] == {"Ania": -31, "Bartek": -113, "Celina": 13, "Darek": 131}


def test_two_tabs_of_one_evening_lose_no_hand(app: str, tmp_path: Path) -> None:
    """A second tab on the same evening, its copy older than what the first tab wrote: its
    hand is recorded on the evening as it is now (the first tab's hand kept), never laid
    over it."""
    with served(app) as server:
        phone = AppPhone("tabs", server.address + "?lang=en", tmp_path, "en")
        try:
            phone.start_evening(NAMES)
            first = phone.driver.current_window_handle
            evening = phone.evening_id()
            phone.driver.switch_to.new_window("tab")
            phone.driver.get(server.address + f"?evening={evening}&lang=en")
            phone.ready()
            second = phone.driver.current_window_handle
            phone.driver.switch_to.window(first)
            phone.type_hand("zw A+C 61 k")
            phone.settled(1)
            phone.driver.switch_to.window(second)  # (it still shows no hand)
            phone.type_hand("ci B 40")
            if phone.js("return !document.getElementById('question').hidden"):
                phone.answer_yes()
            phone.wait(
                lambda: (
                    len(phone.js("return [...document.querySelectorAll('#last li.hand')]")) == 2
                ),
                "both hands",
            )
            phone.tap(".app-home-link")
            phone.ready()
            exported = phone.exported(evening).decode("utf-8")
        finally:
            phone.close()
    assert "zw Ania+Celina 61 k" in exported
    assert "ci Bartek 40" in exported
