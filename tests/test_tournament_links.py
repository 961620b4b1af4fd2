"""`baska tournament links` and the QR codes of the printed table sheets: each table's link
of a round with the hall's key, the server's address typed or kept by `baska serve`, the
errors, and the keys nowhere but in the links and the sheets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from baska_cli.tournament.hall.address import SERVE_URL
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.hall.links import is_address
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.qrkit import decode_modules, modules, svgs
from tests.tournamentkit import table_key

LONG = [  # one word each: its own short form, as long as a name may be (48)
    "Brzęczyszczykiewicz-Przybyszewski-Grzegorzewski",
    "Konstantynopolitańczykowianeczka-Świętosławska",
    "Dziewięćdziesięciodziewięciokilometrowy-Żółkiew",
    "Szczebrzeszyńska-Żółkiewska-Krzyżanowska-Wąż",
]
PLAYERS = "\n".join([*LONG, "Ania", "Bartek", "Celina", "Darek", "Ewa", "Feliks", "Halina", "Iga"])
BASE = "http://192.168.1.10:8000"


@pytest.fixture
def liga(tmp_path: Path) -> str:
    """A tournament of 12 players (three tables, four long names), round 1 drawn."""
    return kit.drawn(tmp_path, PLAYERS + "\n", rounds=3, seed="7")


def _tables(liga: str, round_number: int = 1) -> list[list[str]]:
    drawn = invoke(
        "tournament", "draw", liga, "--anyway", "--round", str(round_number), "-f", "json"
    )
    return [t["players"] for t in json.loads(drawn.stdout)["tables"]]


def test_the_json_gives_each_tables_link_with_the_halls_key(liga: str) -> None:
    result = invoke("tournament", "links", liga, "--base-url", BASE + "/", "-f", "json")
    assert (result.exit_code, result.stderr) == (0, "")
    links = json.loads(result.stdout)
    assert [list(link) for link in links] == [["round", "table", "players", "url", "key"]] * 3
    assert [link["players"] for link in links] == _tables(liga)
    for t, link in enumerate(links, 1):
        assert (link["round"], link["table"], link["key"]) == (1, t, table_key(liga, 1, t))
        assert link["url"] == f"{BASE}/t/{table_key(liga, 1, t)}"
    assert len({link["key"] for link in links}) == 3


def test_each_round_has_its_own_keys_and_the_newest_is_the_default(liga: str) -> None:
    assert invoke("tournament", "draw", liga, "--anyway").exit_code == 0
    newest = json.loads(
        invoke("tournament", "links", liga, "--base-url", BASE, "-f", "json").stdout
    )
    first = invoke("tournament", "links", liga, "--round", "1", "--base-url", BASE, "-f", "json")
    older = json.loads(first.stdout)
    assert [link["round"] for link in newest] == [2, 2, 2]
    assert [link["players"] for link in newest] == _tables(liga, 2)
    assert not {link["key"] for link in newest} & {link["key"] for link in older}


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_table_fits_80_columns_with_long_names(liga: str, language: str) -> None:
    base = "https://turniej-baski.klub-puck.example.org:8443/sala"
    result = invoke("--lang", language, "tournament", "links", liga, "--base-url", base)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0] == ("round 1: 3 tables" if language == "en" else "runda 1: 3 stoły")
    text = "\n".join(lines)
    flat = " ".join(text.split())
    label = "table" if language == "en" else "stół"
    for t, members in enumerate(_tables(liga), 1):
        url = f"{base}/t/{table_key(liga, 1, t)}"
        assert text.count(url) == 1 and f"\n{url}" not in text  # whole, on its own line
        seats = ", ".join(f"{s}. {name}" for s, name in enumerate(members, 1))
        assert f"{label} {t} {url} {seats}" in flat


def test_a_short_link_goes_beside_its_table(liga: str) -> None:
    result = invoke("tournament", "links", liga, "--base-url", BASE)
    key = table_key(liga, 1, 2)
    assert f"table 2  {BASE}/t/{key}" in result.stdout.splitlines()


@pytest.mark.parametrize(
    ("typed", "nearest"),
    [
        ("192.168.1.10:8000", "http://192.168.1.10:8000"),
        ("sala.local", "http://sala.local"),
        ("ftp://192.168.1.10", "http://192.168.1.10:8000"),
        ("http://", "http://192.168.1.10:8000"),
        ("http://192.168.1.10:99999", "http://192.168.1.10:8000"),
        ("http://192.168.1.10:80a", "http://192.168.1.10:8000"),
        ("http://a b:8000", "http://192.168.1.10:8000"),
        ("http://10.0.0.5:8000/?x=1", "http://192.168.1.10:8000"),
        ("http://ania:hasło@10.0.0.5", "http://192.168.1.10:8000"),
        ("", "http://192.168.1.10:8000"),
    ],
)
def test_a_bad_base_url_is_refused_quoting_it(liga: str, typed: str, nearest: str) -> None:
    for command in ("links", "print", "draw"):
        result = invoke("tournament", command, liga, "--base-url", typed)
        assert result.exit_code == 2, (command, result.output)
        assert result.stderr == (
            f'Error: --base-url "{typed}": expected the server\'s address, http:// or https:// '
            f"and a host (and a port), e.g. {nearest}\n"
        )
    assert not Path(liga, "r2").exists()


def test_a_bad_base_url_is_refused_in_polish(liga: str) -> None:
    result = invoke("--lang", "pl", "tournament", "links", liga, "--base-url", "10.0.0.5:80")
    assert result.exit_code == 2
    assert result.stderr.startswith("Błąd: --base-url „10.0.0.5:80”: oczekiwano adresu serwera")
    assert result.stderr.endswith("np. http://10.0.0.5:80\n")


def test_addresses_that_are_fine() -> None:
    for text in ("http://10.0.0.5:8000", "https://sala.example.org/baska", "http://[::1]:8000"):
        assert is_address(text), text


def test_a_round_not_drawn_is_refused(liga: str, tmp_path: Path) -> None:
    result = invoke("tournament", "links", liga, "--round", "3", "--base-url", BASE)
    assert (result.exit_code, result.stderr) == (2, "Error: round 3 is not drawn yet (1 drawn)\n")
    four = kit.listed(kit.NAMES[:4])
    fresh = kit.new(tmp_path, four, rounds=1, rules=None, seed=None, name="fresh", file="p.txt")
    result = invoke("tournament", "links", fresh, "--base-url", BASE)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no round is drawn yet")


@pytest.mark.parametrize("language", ["en", "pl"])
def test_without_a_base_url_it_says_how_to_get_one(liga: str, language: str) -> None:
    result = invoke("--lang", language, "tournament", "links", liga)
    assert (result.exit_code, result.stdout) == (2, "")
    assert f"`baska serve {liga} --host 0.0.0.0`" in result.stderr
    assert "--base-url" in result.stderr
    if language == "en":
        assert result.stderr.startswith(f"Error: no server's address is known for {liga}")
    else:
        assert result.stderr.startswith(f"Błąd: adres serwera turnieju {liga} nie jest znany")


def test_the_address_kept_by_serve_is_used_and_the_typed_one_wins(liga: str) -> None:
    Path(liga, SERVE_URL).write_text("http://10.0.0.5:8123/\n", "utf-8")
    kept = json.loads(invoke("tournament", "links", liga, "-f", "json").stdout)
    assert kept[0]["url"] == f"http://10.0.0.5:8123/t/{table_key(liga, 1, 1)}"
    typed = json.loads(invoke("tournament", "links", liga, "--base-url", BASE, "-f", "json").stdout)
    assert typed[0]["url"].startswith(BASE + "/t/")
    Path(liga, SERVE_URL).write_text("\n", "utf-8")  # an empty file keeps no address
    assert invoke("tournament", "links", liga).exit_code == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not an address\n", '"not an address" is not a server\'s address; start `baska serve'),
        ("http://10.0.0.5:8123\nhttp://10.0.0.6:8123\n", "is not a server's address"),
        (b"\xff\xfe\n", "cannot read the server's address: not UTF-8 text"),
        (None, "cannot read the server's address: it is a directory, not a file"),
    ],
)
def test_a_kept_address_that_cannot_be_read_is_an_error_naming_its_file(
    liga: str, content: str | bytes | None, message: str
) -> None:
    kept = Path(liga, SERVE_URL)
    if content is None:
        kept.mkdir()
    elif isinstance(content, bytes):
        kept.write_bytes(content)
    else:
        kept.write_text(content, "utf-8")
    for command in ("links", "print"):
        result = invoke("tournament", command, liga)
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(f"Error: {kept}: ")
        assert message in result.stderr
        assert "Traceback" not in result.output


def test_print_puts_each_tables_link_on_its_sheet_as_a_qr_code(liga: str) -> None:
    result = invoke("tournament", "print", liga, "--base-url", BASE)
    assert result.exit_code == 0
    assert result.stderr == f"{liga}: printable: r1/seating.html, r1/sheets.html\n"
    html = Path(liga, "r1", "sheets.html").read_text("utf-8")
    codes = svgs(html)
    assert len(codes) == 3
    for t, svg in enumerate(codes, 1):
        url = f"{BASE}/t/{table_key(liga, 1, t)}"
        assert decode_modules(modules(svg)) == [url]
        assert f'<p class="link">{url}</p>' in html
    assert "<script" not in html
    again = Path(liga, "r1", "sheets.html").read_text("utf-8")
    assert again == html  # the same codes whenever printed


def test_the_qr_reader_reads_segnos_own_matrix() -> None:
    """The test's SVG reader against segno's matrix of the same link (a check of the test)."""
    import segno

    from baska_cli.render.tournament.printed import qr_svg

    url = f"{BASE}/t/AbCdEfGhIjKlMnOpQrStUv"
    code = segno.make(url, error="m")
    grid = [[bool(cell) for cell in row] for row in code.matrix_iter(border=4)]
    assert modules(qr_svg(url)) == grid
    assert decode_modules(grid) == [url]


@pytest.mark.parametrize("language", ["en", "pl"])
def test_without_an_address_the_sheets_are_as_before_and_it_is_said_once(
    liga: str, language: str
) -> None:
    before = Path(liga, "r1", "sheets.html").read_bytes()
    result = invoke("--lang", language, "tournament", "print", liga)
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[1].count("--base-url") == 1
    assert f"`baska tournament print {liga}`" in lines[1]
    html = Path(liga, "r1", "sheets.html").read_text("utf-8")
    assert svgs(html) == [] and '<div class="qr">' not in html and "/t/" not in html
    if language == "en":
        assert html.encode("utf-8") == before
        assert lines[1].startswith("the table sheets carry no QR codes")


def test_draw_puts_the_qr_codes_on_the_new_rounds_sheets(liga: str) -> None:
    Path(liga, SERVE_URL).write_text("http://10.0.0.5:8123\n", "utf-8")
    result = invoke("tournament", "draw", liga, "--anyway")
    assert result.exit_code == 0
    assert "QR" not in result.stderr
    html = Path(liga, "r2", "sheets.html").read_text("utf-8")
    urls = [decode_modules(modules(svg)) for svg in svgs(html)]
    assert urls == [[f"http://10.0.0.5:8123/t/{table_key(liga, 2, t)}"] for t in (1, 2, 3)]
    seating = Path(liga, "r2", "seating.html").read_text("utf-8")
    assert "<svg" not in seating and "http" not in seating


def test_draw_without_an_address_says_so_once_and_only_when_it_prints(liga: str) -> None:
    result = invoke("tournament", "draw", liga, "--anyway")
    assert result.stderr.count("the table sheets carry no QR codes") == 1
    shown = invoke("tournament", "draw", liga, "--anyway", "--round", "1")
    assert (shown.exit_code, shown.stderr) == (0, "")


def test_the_keys_appear_only_in_the_links_and_on_the_sheets(liga: str) -> None:
    Path(liga, SERVE_URL).write_text(BASE + "\n", "utf-8")
    assert invoke("tournament", "draw", liga, "--anyway").exit_code == 0
    assert invoke("tournament", "print", liga, "--round", "1").exit_code == 0
    keys = hall_keys(liga)
    every = [keys.organiser] + [table_key(liga, r, t) for r in (1, 2) for t in (1, 2, 3)]
    outputs = [
        invoke("tournament", *args)
        for args in (
            ("standings", liga), ("standings", liga, "-f", "json"),
            ("standings", liga, "-f", "csv"),
            ("draw", liga, "--round", "1", "-f", "json"), ("draw", liga, "--round", "2"),
            ("check", liga), ("print", liga),
        )
    ]  # fmt: skip
    page = invoke("tournament", "standings", liga, "--html", str(Path(liga, "..", "s.html")))
    assert page.exit_code == 0, page.output
    for result in outputs:
        assert not any(key in result.output for key in every), result.output
    holding = set()
    for folder, _dirs, files in os.walk(liga):
        for name in files:
            path = Path(folder, name)
            text = path.read_bytes().decode("utf-8", "replace")
            if any(key in text for key in every):
                holding.add(str(path.relative_to(liga)))
    assert holding == {"r1/sheets.html", "r2/sheets.html"}
    page = Path(liga, "..", "s.html").read_text("utf-8")
    assert not any(key in page for key in every)
    site = Path(liga, "..", "site")
    published = invoke("tournament", "publish", liga, str(site))
    assert published.exit_code == 0, published.output
    status = invoke("tournament", "status", liga, "-f", "json")
    assert status.exit_code == 0, status.output
    files = [p for p in site.rglob("*") if p.is_file()]
    assert files
    for text in [status.output, published.output, *(p.read_bytes().decode() for p in files)]:
        assert not any(key in text for key in every)


def test_score_does_not_import_segno() -> None:
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from baska_cli.cli import cli\n"
        "CliRunner().invoke(cli, ['score', 'zw', 'ac', '61'])\n"
        "print('segno' in sys.modules, 'baska_cli.render.tournament.printed' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "False False\n"


def test_the_organisers_page_prints_and_draws_the_sheets_with_their_codes(liga: str) -> None:
    from baska_cli.web.hall import actions as hall_actions
    from baska_cli.web.hall.prints import printed

    Path(liga, SERVE_URL).write_text(BASE + "\n", "utf-8")
    codes = [decode_modules(modules(svg)) for svg in svgs(printed(liga, 1, "sheets"))]
    assert codes == [[f"{BASE}/t/{table_key(liga, 1, t)}"] for t in (1, 2, 3)]
    assert hall_actions.draw(liga, {"anyway": True})[0] == 201
    html = Path(liga, "r2", "sheets.html").read_text("utf-8")
    codes = [decode_modules(modules(svg)) for svg in svgs(html)]
    assert codes == [[f"{BASE}/t/{table_key(liga, 2, t)}"] for t in (1, 2, 3)]


@pytest.mark.parametrize(
    "base", ["http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:80"]
)
def test_links_to_this_computers_own_address_are_warned_of(liga: str, base: str) -> None:
    Path(liga, SERVE_URL).write_text(base + "\n", "utf-8")
    for args in (("links", liga), ("print", liga), ("links", liga, "--base-url", base)):
        result = invoke("tournament", *args)
        assert result.exit_code == 0
        assert result.stderr.count(f"warning: {base} is this computer's own address") == 1
    fine = invoke("tournament", "links", liga, "--base-url", BASE)
    assert (fine.exit_code, fine.stderr) == (0, "")
