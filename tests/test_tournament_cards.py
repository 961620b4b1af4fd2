"""`baska tournament cards`: each player's start card as JSON and as a printable page (eight
to an A4 sheet, each QR code the player's own link: segno's matrix of it, read back by a real
decoder), written 0600, with the server's address as `tournament links` chooses it."""

from __future__ import annotations

import json
import stat
from html import escape
from pathlib import Path

import pytest

from baska_cli.tournament.folder import load
from baska_cli.tournament.hall.address import SERVE_URL
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.personal.identity import stable_id
from baska_cli.tournament.players import surname_first
from tests.clikit import invoke
from tests.qrkit import decode_modules, modules, svgs
from tests.tournamentkit import new, roster

BASE = "http://192.168.1.10:8000"


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return new(tmp_path, roster(20), file="players.csv")


def test_the_json_gives_each_players_link_key_and_pin(liga: str) -> None:
    done = invoke("tournament", "cards", liga, "-f", "json", "--base-url", BASE + "/")
    assert done.exit_code == 0, done.stderr
    cards = json.loads(done.stdout)
    keys = hall_keys(liga)
    players = {p.name: p for p in load(liga).players}
    assert len(cards) == 20 and {c["player"] for c in cards} == set(players)
    for card in cards:
        player = players[card["player"]]
        assert set(card) == {"player", "name", "id", "club", "url", "key", "pin"}
        assert card["key"] == keys.player(stable_id(player)) == keys.player(f"id {player.id}")
        assert card["pin"] == keys.pin(stable_id(player)) and len(card["pin"]) == 4
        assert card["url"] == f"{BASE}/p/{card['key']}"
        assert (card["id"], card["club"], card["name"]) == (
            player.id, player.club, card["name"]
        )  # fmt: skip
        assert card["name"].startswith(player.display)
    again = invoke("tournament", "cards", liga, "-f", "json", "--base-url", BASE)
    assert json.loads(again.stdout) == cards  # the same cards whenever printed


def test_the_page_prints_eight_cards_a_sheet_each_code_the_players_link(liga: str) -> None:
    Path(liga, SERVE_URL).write_text(BASE + "\n", "utf-8")  # (as `baska serve` keeps it)
    done = invoke("--lang", "pl", "tournament", "cards", liga)
    assert done.exit_code == 0, done.stderr
    written = Path(liga, "cards.html")
    assert str(written) in done.stderr and "20" in done.stderr
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
    html = written.read_text("utf-8")
    assert html.count('<section class="page">') == 3  # 8 + 8 + 4
    assert "@page { size: A4 portrait" in html and "repeat(2, 95mm)" in html
    assert "<script" not in html and "Zachowaj PIN dla siebie" in html
    listed = json.loads(invoke("tournament", "cards", liga, "-f", "json").stdout)
    import segno

    codes = svgs(html)
    assert len(codes) == 20
    for card, svg in zip(listed, codes, strict=True):
        grid = modules(svg)
        made = segno.make(card["url"], error="m")
        assert grid == [[bool(cell) for cell in row] for row in made.matrix_iter(border=4)]
        assert decode_modules(grid) == [card["url"]]
        assert f">{card['pin']}</b>" in html and card["url"] in html
    # by surname, the page's order the JSON's
    names = [c["name"] for c in listed]
    assert names == sorted(names, key=surname_first)
    assert [html.index(f"<h2>{escape(n)}</h2>") for n in names] == sorted(
        html.index(f"<h2>{escape(n)}</h2>") for n in names
    )


def test_an_output_file_is_written_0600_and_no_address_is_refused(
    liga: str, tmp_path: Path
) -> None:
    out = tmp_path / "karty.json"
    done = invoke("tournament", "cards", liga, "-f", "json", "-o", str(out), "--base-url", BASE)
    assert done.exit_code == 0, done.stderr
    assert stat.S_IMODE(out.stat().st_mode) == 0o600 and len(json.loads(out.read_text())) == 20
    refused = invoke("tournament", "cards", liga)
    assert refused.exit_code == 2 and "--base-url" in refused.stderr
    assert not Path(liga, "cards.html").exists()
    typo = invoke("tournament", "cards", liga, "--base-url", "192.168.1.10:8000")
    assert typo.exit_code == 2 and "http://192.168.1.10:8000" in typo.stderr
    local = invoke("tournament", "cards", liga, "-o", "-", "--base-url", "http://127.0.0.1:8000")
    assert local.exit_code == 0 and "no phone can open these links" in local.stderr
    assert local.stdout.startswith("<!DOCTYPE html>")


def test_cards_do_not_import_segno_for_json(liga: str) -> None:
    """The QR codes' library is imported where a code is drawn only."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from baska_cli.cli import cli\n"
        f"r = CliRunner().invoke(cli, ['tournament', 'cards', {liga!r}, '-f', 'json', "
        f"'--base-url', {BASE!r}])\n"
        "print(r.exit_code, 'segno' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "0 False"
