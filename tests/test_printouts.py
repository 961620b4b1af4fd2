"""What the organiser hands out and reads, in Polish all the way: full names sorted by surname
on the seating plan and the table sheets, the tournament's title on every page, place points
with a decimal comma for people (CSV and JSON keep the point), no English word left."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from baska_cli.game.spelling import collation_key
from baska_cli.i18n import speaking
from baska_cli.render.text import number, plain_number
from baska_cli.render.tournament.status import status_table
from baska_cli.tournament.players import surname_first
from baska_cli.tournament.tables.state import TableState
from tests.clikit import invoke

PLAYERS = """\
name,club,id
Stanisław Bąk,Puck,1
Jan Kowalski,Puck,101
Jan Kowalski,Hel,102
Anna Maria Kwiatkowska-Żółtowska,,4
Łucja Łęcka,,5
Lucyna Lis,,6
Żaneta Zając,,7
Zofia Ziółko,,8
"""
BY_SURNAME = [
    "Stanisław Bąk", "Jan Kowalski (Jan.K.101)", "Jan Kowalski (Jan.K.102)",
    "Anna Maria Kwiatkowska-Żółtowska", "Lucyna Lis", "Łucja Łęcka", "Żaneta Zając",
    "Zofia Ziółko",
]  # fmt: skip


@pytest.fixture
def gp(tmp_path: Path) -> str:
    players = tmp_path / "gracze.csv"
    players.write_text(PLAYERS, "utf-8")
    path = str(tmp_path / "gp")
    made = invoke(
        "--lang", "pl", "tournament", "new", path, "-p", str(players), "--rounds", "2",
        "--deals", "16", "-r", "mester", "--seed", "3", "--title", "Grand Prix Lęborka 2026",
    )  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert invoke("tournament", "draw", path).exit_code == 0
    return path


def test_names_sort_in_the_polish_alphabet() -> None:
    names = ["Żak", "Zając", "Łoś", "Lis", "Ąbel", "Bąk", "Adam", "Źrebię", "Bednarek"]
    assert sorted(names, key=collation_key) == [
        "Adam", "Ąbel", "Bąk", "Bednarek", "Lis", "Łoś", "Zając", "Źrebię", "Żak",
    ]  # fmt: skip
    assert sorted(BY_SURNAME[::-1], key=surname_first) == BY_SURNAME


def test_the_seating_plan_names_everyone_in_full_by_surname(gp: str) -> None:
    page = Path(gp, "r1", "seating.html").read_text("utf-8")
    index = re.findall(r"<div><b>([^<]*)</b>", page)
    assert index == BY_SURNAME
    assert "Anna.K" not in page and "Stanisław.B" not in page
    assert "<title>Grand Prix Lęborka 2026: " in page


def test_the_table_sheets_name_the_seats_in_full_and_cut_no_word(gp: str) -> None:
    page = Path(gp, "r1", "sheets.html").read_text("utf-8")
    seats = re.findall(r"<div>seat \d: <b>([^<]*)</b></div>", page)
    assert sorted(seats, key=surname_first) == BY_SURNAME
    assert "break-all" not in page
    # only the link's text may break anywhere: a name breaks between words or after a hyphen
    assert re.findall(r"([.\w -]+)\{[^}]*overflow-wrap: anywhere", page) == ["  .qr .link "]
    assert page.count("Grand Prix Lęborka 2026: round 1, table") == 2


def test_the_title_is_a_setting_and_heads_the_pages(gp: str) -> None:
    with open(Path(gp, "tournament.toml"), "rb") as stream:
        assert tomllib.load(stream)["title"] == "Grand Prix Lęborka 2026"
    text = Path(gp, "tournament.toml").read_text("utf-8")
    assert text.startswith("# Turniej baski: zob. `baska tournament --help`.")  # (--lang pl)
    assert invoke("tournament", "set", gp, "title", "GP Lębork").exit_code == 0
    shown = invoke("tournament", "standings", gp, "--html", str(Path(gp).parent / "s.html"))
    assert shown.exit_code == 0, shown.stderr
    page = Path(gp).parent.joinpath("s.html").read_text("utf-8")
    assert "<title>GP Lębork: standings" in page
    assert invoke("tournament", "set", gp, "title", "").exit_code == 0
    assert "title" not in Path(gp, "tournament.toml").read_text("utf-8")
    assert invoke("tournament", "print", gp).exit_code == 0
    assert "<title>gp: seating, round 1" in Path(gp, "r1", "seating.html").read_text("utf-8")


def test_the_board_and_the_hall_pages_carry_the_title(gp: str) -> None:
    from baska_cli.tournament.board.service import board_now
    from baska_cli.tournament.folder import load

    assert load(gp).name == "Grand Prix Lęborka 2026"
    assert board_now(gp).board.tournament == "Grand Prix Lęborka 2026"


def test_a_number_people_read_has_the_languages_decimal_separator() -> None:
    with speaking("pl"):
        assert [number(8.5), number(7 / 3), number(5), number(0.5)] == ["8,5", "2,33", "5", "0,5"]
        assert plain_number(8.5) == "8.5"  # (CSV: for scripts)
    with speaking("en"):
        assert [number(8.5), number(7 / 3), number(-0.001)] == ["8.5", "2.33", "0"]


def _tied(tmp_path: Path) -> str:
    path = str(tmp_path / "liga")
    players = tmp_path / "p.txt"
    players.write_text("\n".join(["Ania", "Bartek", "Celina", "Darek"]), "utf-8")
    made = invoke("tournament", "new", path, "-p", str(players), "--rounds", "1", "--deals",
                  "16", "-r", "mester", "--seed", "1")  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert invoke("tournament", "draw", path).exit_code == 0
    entered = invoke("tournament", "result", path, "1", "1", "1=+30", "2=-10", "3=-10", "4=-10")
    assert entered.exit_code == 0, entered.stderr
    return path


def test_place_points_with_a_decimal_comma_in_polish_and_a_point_in_csv(tmp_path: Path) -> None:
    path = _tied(tmp_path)
    table = invoke("--lang", "pl", "tournament", "standings", path)
    assert re.search(r"\b1,33\b", table.stdout) and "1.33" not in table.stdout
    csv = invoke("--lang", "pl", "tournament", "standings", path, "--format", "csv")
    rows = [row.split(",") for row in csv.stdout.splitlines()]
    assert (rows[0][3], rows[0][-1]) == ("place_points", "place_points_exact")
    tied = [row for row in rows if row[-1] == "4/3"]  # exact: not rounded to 1.33
    assert len(tied) == 3 and {row[3] for row in tied} == {"1.3333333333333333"}
    assert "1,33" not in csv.stdout
    out = tmp_path / "site"
    published = invoke("--lang", "pl", "tournament", "publish", path, str(out))
    assert published.exit_code == 0, published.stderr
    pages = "".join(p.read_text("utf-8") for p in out.rglob("*.html"))
    assert "1,33" in pages and ">1.33<" not in pages


def test_the_projector_shows_a_decimal_comma_in_polish() -> None:
    from baska_cli.web.hall.projector_routes import _row

    line = {"place": 4, "movement": None, "new": False, "name": "Bartek", "club": "",
            "place_points": 4 / 3, "total": -10}  # fmt: skip
    with speaking("pl"):
        assert _row(line)["points"] == "1,33"
    script = Path("baska_cli/web/static/board.js").read_text("utf-8")
    assert "toLocaleString(body.dataset.lang" in script


def test_status_says_who_confirmed_in_polish() -> None:
    state = TableState(1, 2, ("Ania", "Bartek", "Celina", "Darek"), "waiting", 16, 16,
                       (30, -10, -10, -10), "ledger", ("Ania", "Celina"), ())  # fmt: skip
    with speaking("pl"):
        text = status_table(1, [state])
    assert "potwierdzili: Ania, Celina" in text and "confirmed" not in text


def test_serve_speaks_polish(gp: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import baska_cli.web.server

    monkeypatch.setattr(baska_cli.web.server, "run", lambda app, sock, capacity: sock.close())
    assert "PLIK..." in invoke("--lang", "pl", "serve", "--help").stdout
    served = invoke("--lang", "pl", "serve", gp, "--port", "0")
    assert served.exit_code == 0, served.stderr
    labels = [line.split(": ")[0] for line in served.stdout.splitlines() if ": http" in line]
    assert labels == ["organizator", "klasyfikacja"]


LONG = """\
name,id
Anna Maria Kwiatkowska-Żółtowska,1
Grzegorz Brzęczyszczykiewicz,2
Małgorzata Szczepankiewicz,3
Krzysztof Chrząszczewski,4
Jan Kowalski,5
Jan Kowalski,6
Stanisław Bąk,7
Władysława Wierzbicka-Nowak,8
"""


@pytest.mark.slow
def test_a_printed_sheet_breaks_no_name_mid_word(tmp_path: Path) -> None:
    """The table sheets printed by Chromium and read back from the PDF: every word of every
    full name stands whole four times on its table's page (its seat, two column headings, its
    signature); a name may break only between words or after its hyphen."""
    from tests.test_render_tournament_html import _pages, _text

    players = tmp_path / "p.csv"
    players.write_text(LONG, "utf-8")
    path = tmp_path / "gp"
    made = invoke("tournament", "new", str(path), "-p", str(players), "--rounds", "1",
                  "--deals", "16", "-r", "plb", "--seed", "1")  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert invoke("tournament", "draw", str(path)).exit_code == 0
    html = path / "r1" / "sheets.html"
    assert _pages(html, tmp_path / "profile") == 2
    text = _text(html.with_suffix(".pdf")).replace("-", "")  # (joined after a hyphen)
    for name in LONG.splitlines()[1:]:
        for word in re.split(r"[ -]", name.split(",")[0]):
            assert text.count(word) >= 4, (word, text.count(word))
