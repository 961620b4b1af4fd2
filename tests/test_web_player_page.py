"""A player's own page in a real browser: Debian's Chromium, headless, a phone-sized window
(360 x 740, in Polish) on a real `baska serve DIR`. The page follows its table's series, the
player agrees from it (their word, by their key), the other side's word makes it final,
the round's clock and the organiser's announcement show in its banner,
then the next round's draw shows "Runda 2: stół T, miejsce S" — all without a reload; it
fits at 360 px with the text at 200 %. Screenshots are saved (their paths printed)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from baska_cli.tournament.clock import service as clock
from baska_cli.tournament.folder import load
from baska_cli.tournament.tables import service as service_confirm
from baska_cli.tournament.tables.state import table_state
from tests import tournamentkit as kit
from tests.phonekit import HEIGHT, WIDTH, Browser, missing
from tests.servekit import HallServer

pytestmark = pytest.mark.slow


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, HallServer]]:
    reason = missing()
    if reason:
        pytest.skip(reason)
    path = kit.drawn(tmp_path)
    server = HallServer(path, "--lang", "en")
    try:
        yield path, server
    finally:
        server.stop()


def test_a_players_page_follows_the_series_a_word_and_the_draw(
    served: tuple[str, HallServer],
) -> None:
    path, server = served
    me, left, partner, right = kit.seats(path, 1, 1)
    shots = Path(tempfile.mkdtemp(prefix="baska-player-shots-"))
    print(f"screenshots in {shots}")
    page = Browser(
        "player", f"{server.base}/p/{kit.player_key(path, me)}", shots, (WIDTH, HEIGHT), "pl"
    )
    try:
        page.wait(lambda: page.text("#where") == "Runda 1: stół 1, miejsce 1", "the seat")
        page.wait(lambda: page.text("#table-status") == "nierozpoczęty", "the table's state")
        seats = page.js(
            "return [...document.querySelectorAll('#seats .who')].map(e => e.innerText)"
        )
        assert seats[0] == f"miejsce 1: {me} (ty)" and seats[1:] == [
            f"miejsce {n}: {name}" for n, name in ((2, left), (3, partner), (4, right))
        ]
        assert page.js("return !document.getElementById('banner')") is False  # (its place)
        page.fits()
        page.shot("01-drawn")
        # the round's clock and the organiser's word, heard from the board's stream
        clock.start_clock(path)
        clock.announce(path, "Obiad o 14:00")
        page.wait(lambda: page.text("#banner .clock").startswith("Runda 1: zostało "), "clock", 5)
        page.wait(lambda: page.text("#banner .note") == "Obiad o 14:00", "the announcement", 5)
        page.fits()
        kit.play(path, 1, kit.SERIES[:5])
        page.wait(lambda: page.text("#table-status") == "gra: rozdanie 5 z 16", "playing")
        kit.play(path, 1, kit.SERIES[5:])
        page.wait(lambda: page.text("#table-status") == "czeka na potwierdzenie", "complete")
        totals = table_state(path, 1, 1).totals
        assert totals is not None
        shown = page.js(
            "return [...document.querySelectorAll('#seats .total')].map(e => e.innerText)"
        )
        assert shown == [f"{t:+d}" if t else "0" for t in totals]
        page.shot("02-waiting")
        page.tap("#word-agree")
        page.wait(lambda: page.text("#word-help") == "Zgodziłeś(-aś) się z tymi wynikami.", "mine")
        assert f"Potwierdzili: {me}" in page.text("#word-by")
        # the other side's word, with their PIN at the table's phone: final on this page
        service_confirm.confirm(path, 1, 1, left, True, totals, kit.pin(path, left))
        page.wait(lambda: page.text("#table-status") == "potwierdzony", "confirmed")
        assert "wynik jest potwierdzony" in page.text("#word-help")
        page.fits()
        page.shot("03-confirmed")
        kit.play(path, 2)
        service_confirm.accept(path, 1, 2)
        kit.draw(path)
        t = load(path)
        table = next(n for n, m in enumerate(t.draws[1].tables, 1) if me in m)
        seat = t.draws[1].tables[table - 1].index(me) + 1
        big = f"Runda 2: stół {table}, miejsce {seat}"
        page.wait(lambda: page.text("#where") == big, "the next round's seat")
        size = page.js("return getComputedStyle(document.getElementById('where')).fontSize")
        assert float(size.removesuffix("px")) >= 30  # large type
        rows = page.js("return [...document.querySelectorAll('#results li')].map(r => r.innerText)")
        assert len(rows) == 1 and rows[0].startswith("Runda 1, stół 1: miejsce ")
        assert "punkty za miejsca " in rows[0] and ", małe punkty " in rows[0]
        assert page.text("#place").startswith("Twoje miejsce w klasyfikacji: ")
        page.fits()
        page.shot("04-next-round")
        # the text at 200 %: still one column, nothing wider than the phone
        page.js("document.documentElement.style.fontSize = '200%';"
                "document.body.style.fontSize = '34px'")  # fmt: skip
        page.fits()
        page.shot("05-text-200")
    finally:
        page.close()
