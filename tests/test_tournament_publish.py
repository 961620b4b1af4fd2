"""`baska tournament publish`: the files made and what they hold (the standings equal to the
CLI's), no key and no path of the organiser's machine inside, every name escaped, the output
folder's rules, both languages — as an organiser types the commands."""

from __future__ import annotations

import json
import os
import re
from html import escape
from pathlib import Path

import pytest

from baska_cli.files.secret import kept_key
from baska_cli.ledger.view import read_rows
from baska_cli.tournament.hall.keys import hall_keys
from tests import tournamentkit as kit
from tests.clikit import invoke
from tests.tournamentkit import table_key

EIGHT = kit.eight(puck=1, last=kit.SCRIPT)
ROUND_ONE = ("index.html", "style.css", "standings.json", "r1.html", "r1.json")


def _new(tmp_path: Path, players: str = EIGHT) -> str:
    """Two rounds of 8 deals under plb, round 1 drawn."""
    return kit.drawn(tmp_path, players, deals=8, rules="plb")


def _play(path: str, round_number: int, table: int) -> str:
    """Table `table`'s ledger played to its end, one hand amended, one voided, one undone
    and dealt again."""
    ledger = os.path.join(path, f"r{round_number}", f"t{table}.csv")
    for hand in ("zw 1+3 61", "zw 2+4 70", "zw 1+2 64"):
        assert invoke("score", "-l", ledger, *hand.split()).exit_code == 0
    assert invoke("amend", ledger, "2", "zw", "2+4", "75").exit_code == 0
    assert invoke("void", ledger, "3").exit_code == 0
    assert invoke("score", "-l", ledger, "zw", "3+4", "61").exit_code == 0
    assert invoke("undo", ledger).exit_code == 0
    for _n in range(5):
        assert invoke("score", "-l", ledger, "zw", "1+3", "61").exit_code == 0
    return ledger


@pytest.fixture
def liga(tmp_path: Path) -> str:
    """Round 1 complete (table 1 from its ledger, table 2 from a corrected paper sheet),
    round 2 drawn and half entered."""

    def make(home: Path) -> str:
        path = _new(home)
        _play(path, 1, 1)
        kit.result(path, 1, 2, "1=+10", "2=-10", "3=+5", "4=-5")
        kit.result(path, 1, 2, "1=+12", "2=-10", "3=+3", "4=-5", "--correct")
        kit.draw(path, "--anyway")  # (table 1's ledger awaits its players' word)
        kit.result(path, 2, 2, "1=+1", "2=-1", "3=0", "4=0")
        return path

    return kit.copied(tmp_path, "publish: round 1 complete, round 2 half entered", make)


def _files(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): p.read_text("utf-8")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _publish(*args: str, lang: str = "en") -> tuple[int, str]:
    result = invoke("--lang", lang, "tournament", "publish", *args)
    return result.exit_code, result.stderr


def test_the_newest_complete_round_is_published_with_every_table(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    code, said = _publish(liga, str(out))
    assert code == 0, said
    assert said == f"{out}: the standings after round 1 published: 9 files\n"
    files = _files(out)
    assert sorted(files) == sorted(
        [
            *ROUND_ONE,
            "r1/t1.html",
            "r1/t1.json",
            "r1/t2.html",
            "r1/t2.json",
            ".baska-publish",
            ".baska-publish.lock",
        ]
    )
    cli = invoke("tournament", "standings", liga, "--round", "1", "--format", "json")
    assert json.loads(files["standings.json"]) == json.loads(cli.stdout)
    first = json.loads(cli.stdout)["standings"][0]
    index = files["index.html"]
    assert '<html lang="en">' in index and '<meta name="generator" content="baska">' in index
    assert "liga: standings" in index and "after round 1 of 2 · 8 players" in index
    assert f'<td class=" lead break">{escape(first["player"])}</td>' in index
    assert 'href="r1.html"' in index and 'href="style.css"' in index and "r2.html" not in index
    round_one = json.loads(files["r1.json"])
    assert round_one["complete"] is True and round_one["round"] == 1
    one, two = round_one["tables"]
    assert (one["source"], two["source"]) == ("ledger", "sheet")
    assert [s["total"] for s in two["seats"]] == [12, -10, 3, -5]
    assert [s["place"] for s in two["seats"]] == [1, 4, 2, 3]
    assert one["page"] == "r1/t1.html" and one["players"] == kit.seats(liga, 1, 1)
    table = json.loads(files["r1/t1.json"])
    ledger = table["ledger"]
    assert ledger["file"] == "r1/t1.csv" and ledger["players"] == kit.seats(liga, 1, 1)
    assert [h["n"] for h in ledger["hands"]] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [h["status"] for h in ledger["history"]] == ["amended", "undone"]
    assert ledger["hands"][2].get("void") is True
    own = invoke("ledger", os.path.join(liga, "r1", "t1.csv"), "--format", "json")
    assert {**json.loads(own.stdout), "file": "r1/t1.csv"} == ledger
    sheet = json.loads(files["r1/t2.json"])
    assert sheet["ledger"] is None
    assert sheet["sheets"] == [
        {"totals": [10, -10, 5, -5], "status": "corrected"},
        {"totals": [12, -10, 3, -5], "status": ""},
    ]


def test_a_table_page_shows_the_sheet_and_its_corrections(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    assert _publish(liga, str(out))[0] == 0
    page = (out / "r1" / "t1.html").read_text("utf-8")
    assert 'href="../style.css"' in page and 'href="../index.html"' in page
    rows = re.findall(
        r'<tr class="([a-z]*)"><td class="num">(\d+)</td><td class="hand">'
        r'<span class="text">([^<]*)</span> <span class="dealer">dealer: ([^<]*)</span>',
        page,
    )
    _view, kept = read_rows(os.path.join(liga, "r1", "t1.csv"))
    kinds = {"": "", "void": "cancelled", "amended": "history", "undone": "history"}
    assert rows == [
        (kinds[r.status], str(r.n), escape(r.hand, quote=True), escape(r.dealer)) for r in kept
    ]
    assert [r.status for r in kept].count("amended") == 1
    assert [r.status for r in kept].count("undone") == 1
    assert [r.status for r in kept].count("void") == 1
    assert "(amended)" in page and "(undone)" in page and "(void)" in page
    paper = (out / "r1" / "t2.html").read_text("utf-8")
    assert paper.count("the paper sheet's final totals") == 1 and "corrected" in paper


def test_a_round_asked_for_names_the_tables_it_leaves_out(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    code, said = _publish(os.path.abspath(liga), str(out), "--round", "2")
    assert code == 0
    assert "warning: round 2/table 1: no result yet" in said
    files = _files(out)
    assert {"r2.html", "r2.json", "r2/t1.html", "r2/t2.json"} <= set(files)
    assert "<li>round 2/table 1: no result yet</li>" in files["index.html"]
    assert json.loads(files["r2.json"])["complete"] is False
    assert json.loads(files["r2.json"])["tables"][0]["not_counted"] == ["no result yet"]
    cli = invoke("tournament", "standings", liga, "--format", "json")
    assert json.loads(files["standings.json"]) == json.loads(cli.stdout)
    ledger = os.path.join(liga, "r2", "t1.csv")
    assert invoke("score", "-l", ledger, "zw", "1+3", "61").exit_code == 0
    assert _publish(liga, str(out), "--round", "2")[0] == 0
    index = (out / "index.html").read_text("utf-8")
    assert "<li>r2/t1.csv: 1 of 8 deals played</li>" in index  # (no path of this machine)
    assert str(tmp_path) not in "".join(_files(out).values())


def test_nothing_secret_goes_out(liga: str, tmp_path: Path) -> None:
    keys = hall_keys(liga)
    ledger_key = kept_key(os.path.join(liga, "r1", ".t1.csv.serve-key"), liga)
    Path(liga, ".serve-url").write_text("http://192.168.7.1:8000\n", "utf-8")
    out = tmp_path / "web"
    assert _publish(liga, str(out), "--round", "2")[0] == 0
    text = "".join(_files(out).values())
    secret = Path(liga, ".serve-secret").read_text("ascii").strip()
    secrets = [secret, keys.organiser, ledger_key]
    secrets += [table_key(liga, r, t) for r in (1, 2) for t in (1, 2)]
    assert all(len(s) >= 16 for s in secrets)
    for key in secrets:
        assert key not in text
    assert "192.168.7.1" not in text and "/t/" not in text and "/o/" not in text
    assert str(tmp_path) not in text


def test_every_name_is_escaped_and_no_script_runs(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    assert _publish(liga, str(out), "--round", "2")[0] == 0
    files = _files(out)
    pages = {name: text for name, text in files.items() if name.endswith(".html")}
    assert len(pages) == 7
    for name, text in pages.items():
        assert "<script" not in text, name
        assert "http" not in text and "src=" not in text, name
        assert not re.search(r"<[^>]*\son[a-z]+=", text), name  # (no event handler)
    assert any("&lt;script&gt;" in text for text in pages.values())
    assert "&lt;script&gt;" in files["index.html"]
    assert "url(" not in files["style.css"] and "@import" not in files["style.css"]
    assert "<script>" in files["standings.json"]  # (JSON holds the name as it is)


def test_the_pages_speak_the_language_asked_for(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    code, said = _publish(liga, str(out), lang="pl")
    assert code == 0
    assert said == f"{out}: opublikowano klasyfikację po rundzie 1: 9 plików\n"
    index = (out / "index.html").read_text("utf-8")
    assert '<html lang="pl">' in index and "liga: klasyfikacja" in index
    assert ">runda 1</a>" in index
    paper = (out / "r1" / "t2.html").read_text("utf-8")
    assert "wynik końcowy z papierowej karty" in paper and "poprawiony" in paper
    assert json.loads((out / "r1.json").read_text("utf-8"))["tables"][1]["source"] == "sheet"


def test_teams_and_categories_are_published(tmp_path: Path) -> None:
    players = "name,club,team,category\n" + "".join(
        f"Gracz {chr(65 + i)},,{'Orły' if i < 4 else 'Sokoły'},{'K' if i % 2 else 'M'}\n"
        for i in range(8)
    )
    path = _new(tmp_path, players)
    for table in (1, 2):
        kit.result(path, 1, table, "1=+30", "2=+10", "3=-10", "4=-30")
    out = tmp_path / "web"
    assert _publish(path, str(out))[0] == 0
    files = _files(out)
    cli = invoke("tournament", "standings", path, "--teams", "--format", "json")
    assert json.loads(files["teams.json"]) == json.loads(cli.stdout)
    index = files["index.html"]
    assert "teams after round 1 of 2" in index and "Orły" in index
    assert "category K · 4 players" in index and "category M · 4 players" in index
    assert "Gracz A (Gracz.A)" in index


def test_a_walkout_table_says_so(liga: str, tmp_path: Path) -> None:
    darek = kit.seats(liga, 2, 1)[3]
    assert invoke("tournament", "walkout", liga, "2", "1", darek).exit_code == 0
    out = tmp_path / "web"
    assert _publish(liga, str(out))[0] == 0  # (round 2 complete now)
    round_two = json.loads((out / "r2.json").read_text("utf-8"))
    assert round_two["complete"] is True
    assert round_two["tables"][0]["source"] == "walkout"
    assert round_two["tables"][0]["walked_out"] == [darek]
    page = (out / "r2" / "t1.html").read_text("utf-8")
    assert f"walk-out of {darek}: the others get the walk-out result" in page


def test_the_folder_is_made_then_only_baskas_is_written_again(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "a" / "web"
    assert _publish(liga, str(out), "--round", "2")[0] == 0
    assert (out / "r2" / "t1.html").exists()
    (out / "notes.txt").write_text("mine\n", "utf-8")  # the organiser's own file stays
    edited = out / "r2" / "t2.html"
    edited.write_text("<p>my own page now</p>\n", "utf-8")  # no mark: not removed
    code, said = _publish(liga, str(out), "--round", "1")
    assert code == 0
    assert "5 files of rounds no longer published were removed" in said
    assert not (out / "r2.html").exists() and not (out / "r2.json").exists()
    assert not (out / "r2" / "t1.html").exists() and edited.exists()
    assert (out / "notes.txt").read_text("utf-8") == "mine\n"
    listed = (out / ".baska-publish").read_text("utf-8").splitlines()
    assert "r2.html" not in listed and "notes.txt" not in listed and "index.html" in listed
    assert _publish(liga, str(out), "--round", "2")[0] == 1  # r2/t2.html is not baska's now
    assert not (out / "r2.html").exists()


def _stamps(folder: Path) -> dict[Path, int]:
    """Every file's modification time (but the standings' cache of checked ledgers)."""
    return {
        p: p.stat().st_mtime_ns
        for p in folder.rglob("*")
        if p.is_file() and p.name != ".checked.csv"
    }


@pytest.mark.parametrize("case", ["foreign", "file", "inside", "around", "same"])
def test_a_folder_that_is_not_for_publishing_is_refused(
    liga: str, tmp_path: Path, case: str
) -> None:
    folder = {
        "foreign": tmp_path / "site",
        "file": tmp_path / "players.txt",
        "inside": Path(liga, "web"),
        "around": tmp_path,
        "same": Path(liga),
    }[case]
    if case == "foreign":
        folder.mkdir()
        (folder / "index.html").write_text("<p>the club's page</p>\n", "utf-8")
    before = _stamps(tmp_path)
    code, said = _publish(liga, str(folder))
    assert code == 1
    assert said.startswith(f"Error: {folder}: "), said
    expected = {
        "foreign": "the folder holds files and baska did not publish into it",
        "file": "is not a folder; give a folder to publish into",
        "inside": f"is inside the tournament's directory {liga} or holds it",
        "around": f"is inside the tournament's directory {liga} or holds it",
        "same": f"is inside the tournament's directory {liga} or holds it",
    }[case]
    assert expected in said
    assert _stamps(tmp_path) == before
    assert not Path(liga, "web").exists()


def test_links_and_strange_files_in_the_folder_are_refused(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    assert _publish(liga, str(out))[0] == 0
    players = Path(liga, "players.csv")
    kept = players.read_text("utf-8")
    (out / "index.html").unlink()
    (out / "index.html").symlink_to(players)
    code, said = _publish(liga, str(out))
    assert code == 1 and f"{out / 'index.html'}: is a symbolic link" in said
    assert players.read_text("utf-8") == kept
    (out / "index.html").unlink()
    (out / "r1" / "t1.html").unlink()
    (out / "r1" / "t1.json").unlink()
    (out / "r1" / "t2.html").unlink()
    (out / "r1" / "t2.json").unlink()
    (out / "r1").rmdir()
    (out / "r1").symlink_to(Path(liga, "r1"), target_is_directory=True)
    code, said = _publish(liga, str(out))
    assert code == 1 and f"{out / 'r1'}: is not a folder baska made" in said
    assert not Path(liga, "r1", "t1.html").exists()
    (out / "r1").unlink()
    (out / "style.css").write_text("body{}", "utf-8")  # listed: baska's own, replaced
    assert _publish(liga, str(out))[0] == 0
    assert (out / "style.css").read_text("utf-8") != "body{}"


def test_a_round_not_drawn_is_refused(tmp_path: Path) -> None:
    path = _new(tmp_path)
    code, said = _publish(path, str(tmp_path / "web"), "--round", "3")
    assert (code, said) == (2, "Error: round 3 is not drawn yet (1 drawn)\n")
    assert not (tmp_path / "web").exists()
    code, said = _publish(path, str(tmp_path / "web"))
    assert code == 0 and "after round 1 published" in said  # (none complete: round 1)


def test_a_disputed_table_is_named_and_not_counted(liga: str, tmp_path: Path) -> None:
    from baska_cli.tournament.tables.service import confirm

    player = kit.seats(liga, 1, 2)[1]
    confirm(liga, 1, 2, player, False, (12, -10, 3, -5), kit.pin(liga, player), "<b>not so</b>")
    out = tmp_path / "web"
    code, said = _publish(liga, str(out))
    assert code == 0 and "after round 1 published" in said  # (no round is complete now)
    table = json.loads((out / "r1.json").read_text("utf-8"))["tables"][1]
    assert table["counted"] is False and table["seats"][0]["total"] is None
    assert table["not_counted"] == [
        f"disputed: {player} disagreed with the totals; the organiser corrects the table or "
        "accepts its result"
    ]
    index = (out / "index.html").read_text("utf-8")
    assert f"<li>round 1/table 2: disputed: {escape(player)} disagreed" in index
    page = (out / "r1.html").read_text("utf-8")
    assert f'<p class="note out">disputed: {escape(player)} disagreed' in page
    assert "not so" not in "".join(_files(out).values())
    cli = invoke("tournament", "standings", liga, "--round", "1", "--format", "json")
    assert json.loads((out / "standings.json").read_text("utf-8")) == json.loads(cli.stdout)


def test_a_link_typed_as_the_folder_is_that_folder(liga: str, tmp_path: Path) -> None:
    real = tmp_path / "www"
    real.mkdir()
    (tmp_path / "site").symlink_to(real, target_is_directory=True)
    assert _publish(liga, str(tmp_path / "site"))[0] == 0
    assert (real / "index.html").is_file() and (real / ".baska-publish").is_file()
    inside = tmp_path / "into-liga"
    inside.symlink_to(Path(liga), target_is_directory=True)
    code, said = _publish(liga, str(inside))
    assert code == 1 and "is inside the tournament's directory" in said


def test_hidden_standings_are_not_published_unless_anyway(liga: str, tmp_path: Path) -> None:
    """Issue 41, item 3: publish honours hide-standings, refusing (exit 1, nothing written)
    until the last round is over or --anyway is given, and says so either way."""
    assert invoke("tournament", "set", liga, "hide-standings", "yes").exit_code == 0
    out = tmp_path / "web"
    code, said = _publish(liga, str(out))
    assert (code, said) == (1, (
        f"Error: {liga}: the standings are hidden from the public until the last round is "
        "over (hide-standings), and a published site would show them; publish once the last "
        "round is over, or give --anyway to publish them now\n"
    ))  # fmt: skip
    assert not out.exists()
    polish = _publish(liga, str(out), lang="pl")
    assert polish[0] == 1 and "--anyway" in polish[1] and "hide-standings" in polish[1]
    code, said = _publish(liga, str(out), "--anyway")
    assert code == 0, said
    assert (
        "note: published with the standings, though the hall's screens hide them until the "
        "last round is over (hide-standings)\n"
    ) in said
    assert (out / "index.html").exists()
    assert invoke("tournament", "close", liga, "2").exit_code == 0  # (the last round over)
    code, said = _publish(liga, str(out))
    assert code == 0 and "hide-standings" not in said
