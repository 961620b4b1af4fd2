"""`baska league publish`: the league's web site from a league of generated events (the
league tests' builders) — every link followed and found, no key and no path of this
computer inside, every name escaped, publishing again writes nothing, Polish and English;
in Chromium (slow) the index and a player's page at 360 and 1920 px, no sideways scroll."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag

import pytest

from baska_cli.files.secret import kept_key
from baska_cli.tournament.folder import load
from baska_cli.tournament.hall.keys import hall_keys
from tests import phonekit
from tests.clikit import invoke
from tests.test_league import NAMES, REGISTER, ok, play_event
from tests.tournamentkit import table_key

HOSTILE = "<script>x</script>"  # a name of the register: shown as text, never run


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A league of three events of eight players (two rounds each), a hostile name among
    them, every table's result a paper sheet's; the events' keys made (as `serve` would)."""
    home = tmp_path_factory.mktemp("site")
    (home / "zawodnicy.csv").write_text(REGISTER + f"{HOSTILE};Puck;111;M;Puck A\n", "utf-8")
    liga = str(home / "liga")
    ok("league", "new", liga, "--title", "Liga Lęborska", "--players", str(home / "zawodnicy.csv"))
    rng = random.Random(35)
    for n in range(3):
        chosen = [*rng.sample(NAMES, 7), HOSTILE]
        (home / f"gp{n}.txt").write_text("".join(f"{c}\n" for c in chosen), "utf-8")
        path = str(home / f"gp{n}")
        ok(
            "tournament", "new", path, "--league", liga, "-p", str(home / f"gp{n}.txt"),
            "--rounds", "2", "--deals", "8", "-r", "plb", "--seed", str(n),
        )  # fmt: skip
        play_event(path, rng)
        kept_key(os.path.join(path, "r1", ".t1.csv.serve-key"), path)
    return liga


def publish(liga: str, out: Path, *options: str) -> str:
    done = invoke("league", "publish", liga, str(out), *options)
    assert done.exit_code == 0, done.output
    return done.stderr


def files(out: Path) -> dict[str, str]:
    return {
        p.relative_to(out).as_posix(): p.read_text("utf-8") for p in out.rglob("*") if p.is_file()
    }


class Links(HTMLParser):
    """Every href and src of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.found.append(value)
            if name == "id" and value:
                self.ids.add(value)


def parsed(text: str) -> Links:
    links = Links()
    links.feed(text)
    return links


def test_every_link_of_the_site_is_followed_and_found(league: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    said = publish(league, out)
    got = files(out)
    assert re.fullmatch(
        rf"{out}: the league's site published: (\d+) files written, 0 files unchanged\n", said
    )
    pages = {name: parsed(text) for name, text in got.items() if name.endswith(".html")}
    assert {"index.html", "events.html", "ratings.html", "clubs.html", "style.css"} <= set(got)
    season = json.loads(ok("league", "standings", league, "--format", "json"))["standings"]
    assert {n for n in pages if n.startswith("players/")} == {
        f"players/{line['id']}.html" for line in season
    }
    assert "111" in {line["id"] for line in season}  # (the hostile name has a page too)
    assert {n.split("/")[1] for n in got if n.startswith("events/")} == {"gp0", "gp1", "gp2"}
    assert {"events/gp0/index.html", "events/gp0/r2/t2.html", "events/gp2/r1.json"} <= set(got)
    followed = 0
    for name, links in pages.items():
        for href in links.found:
            assert not re.match(r"[a-z]+:|/", href), (name, href)  # (relative links only)
            target, anchor = urldefrag(href)
            path = os.path.normpath(os.path.join(os.path.dirname(name), unquote(target)))
            if not target:
                path = name
            assert path in got, (name, href)
            if anchor:
                assert anchor in pages[path].ids, (name, href)
            followed += 1
    assert followed > 300
    # every page is reached from the index
    seen, todo = {"index.html"}, ["index.html"]
    while todo:
        name = todo.pop()
        for href in pages[name].found if name in pages else []:
            target = os.path.normpath(os.path.join(os.path.dirname(name), urldefrag(href)[0]))
            if target in got and target not in seen:
                seen.add(target)
                todo.append(target)
    assert {n for n in pages} <= seen


def test_the_pages_say_what_the_season_and_the_ratings_say(league: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    publish(league, out)
    got = files(out)
    index = got["index.html"]
    assert "Liga Lęborska: the season&#39;s standings" in index and 'id="teams"' in index
    assert "category K" in index and "category M" in index
    ratings = got["ratings.html"]
    assert "not the official classification" in ratings
    season = invoke("league", "standings", league, "--format", "json")
    lines = json.loads(season.stdout)["standings"]
    first = lines[0]
    page = got[f"players/{first['id']}.html"]
    assert "not the official classification" in page and "<svg" in page
    assert f"<h1>{first['player']}</h1>" in page
    for result in first["results"]:
        assert f'href="../events/{os.path.basename(result["event"])}/index.html"' in page
    assert (
        json.loads(got["standings.json"])["standings"][0]["points_exact"] == first["points_exact"]
    )
    assert json.loads(got["standings.json"])["events"][0]["event"] == "gp0"
    assert "not the official classification" not in index  # (the ratings are apart)
    assert 'href="../../index.html"' in got["events/gp1/index.html"]  # (back to the league)
    assert 'href="../../../index.html"' in got["events/gp1/r1/t1.html"]


def test_no_key_no_path_of_this_computer_no_script(league: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    publish(league, out)
    text = "".join(files(out).values())
    home = os.path.dirname(os.path.abspath(league))
    secrets = []
    for n in range(3):
        event = os.path.join(home, f"gp{n}")
        keys = hall_keys(event)
        secrets += [Path(event, ".serve-secret").read_text("ascii").strip(), keys.organiser]
        secrets += [table_key(event, r, t) for r in (1, 2) for t in (1, 2)]
        secrets.append(kept_key(os.path.join(event, "r1", ".t1.csv.serve-key"), event))
        assert event not in text and os.path.realpath(event) not in text
    assert all(len(s) >= 16 for s in secrets)
    for key in secrets:
        assert key not in text
    assert home not in text and str(tmp_path) not in text and "../gp" not in text
    for name, page in files(out).items():
        if name.endswith(".html"):
            assert "<script" not in page and "http" not in page.replace("http://www.w3.org", "")
            assert not re.search(r"<[^>]*\son[a-z]+=", page), name
    assert "&lt;script&gt;x&lt;/script&gt;" in files(out)["index.html"]


def test_publishing_again_writes_nothing_and_a_change_rewrites_only_it(
    league: str, tmp_path: Path
) -> None:
    out = tmp_path / "web"
    publish(league, out)
    times = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    said = publish(league, out)
    count = len(times) - 3  # (the list of baska's files, its lock and the record not counted)
    assert said == f"{out}: the league's site published: 0 files written, {count} files unchanged\n"
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()} == times
    polish = invoke("--lang", "pl", "league", "publish", league, str(out), "--lang", "en")
    assert polish.exit_code == 0 and "zapisano 0 plików" in polish.stderr
    (out / "stray.html").write_text("<p>mine</p>", "utf-8")
    publish(league, out)  # (a file of someone else's is left alone)
    assert (out / "stray.html").read_text("utf-8") == "<p>mine</p>"
    inside = invoke("league", "publish", league, os.path.join(league, "web"))
    assert inside.exit_code == 1 and "is inside" in inside.stderr


def test_a_link_in_the_site_is_not_written_through(league: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    publish(league, out)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep", "utf-8")
    (out / "clubs.html").unlink()
    (out / "clubs.html").symlink_to(victim)
    done = invoke("league", "publish", league, str(out))
    assert done.exit_code == 1 and "symbolic link" in done.stderr
    assert victim.read_text("utf-8") == "keep"


def test_the_site_in_polish(league: str, tmp_path: Path) -> None:
    event = Path(os.path.dirname(league), "gp0")
    kept = {name: (event / name).read_bytes() for name in ("tournament.toml", "roster.csv")}
    out = tmp_path / "web"
    said = publish(league, out, "--lang", "pl")
    assert "files written" in said  # (the messages in baska's language, the pages in Polish)
    got = files(out)
    assert (
        '<html lang="pl">' in got["index.html"]
        and '<html lang="pl">' in got["events/gp0/index.html"]
    )
    assert "to nie jest oficjalna klasyfikacja" in got["ratings.html"]
    assert "Liga Lęborska: klasyfikacja sezonu" in got["index.html"]
    publish(league, tmp_path / "en", "--lang", "en")
    assert '<html lang="en">' in (tmp_path / "en" / "index.html").read_text("utf-8")
    assert {name: (event / name).read_bytes() for name in kept} == kept  # (untouched)


@pytest.mark.slow
@pytest.mark.skipif(phonekit.missing() is not None, reason=str(phonekit.missing()))
def test_the_pages_fit_a_phone_and_a_wide_screen(league: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    publish(league, out, "--lang", "pl")
    shots = Path("/tmp")
    player = next(p for p in sorted((out / "players").iterdir()) if p.name == "101.html")
    for width, height in ((360, 740), (1920, 1080)):
        browser = phonekit.Browser(
            f"league-site-{width}", (out / "index.html").as_uri(), shots, (width, height), "pl"
        )
        try:
            for label, page in (("index", out / "index.html"), ("player", player)):
                browser.driver.get(page.as_uri())
                assert browser.text("h1")
                scroll = browser.js("return document.documentElement.scrollWidth")
                inner = browser.js("return window.innerWidth")
                assert scroll <= inner, (label, width, scroll, inner)
                browser.shot(label)
        finally:
            browser.close()


def test_publishing_again_keeps_the_sites_language(league: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    publish(league, out, "--lang", "pl")
    again = invoke("--lang", "en", "league", "publish", league, str(out))
    assert again.exit_code == 0, again.output
    assert '<html lang="pl">' in (out / "index.html").read_text("utf-8")
    assert "0 files written" in again.stderr
    switched = invoke("league", "publish", league, str(out), "--lang", "en")
    assert switched.exit_code == 0, switched.output
    assert '<html lang="en">' in (out / "index.html").read_text("utf-8")
    assert '<html lang="en">' in (out / "events" / "gp0" / "index.html").read_text("utf-8")
    publish(league, out)
    assert '<html lang="en">' in (out / "index.html").read_text("utf-8")


def test_an_events_pages_link_to_the_players_pages(league: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    publish(league, out)
    got = files(out)
    season = json.loads(ok("league", "standings", league, "--format", "json"))["standings"]
    first = load(os.path.join(os.path.dirname(league), "gp0")).players[0]
    assert first.id and first.full_name
    page = f"players/{first.id}.html"
    assert (
        f'<a href="../../{page}">{first.full_name} ({first.name})</a>'
        in (got["events/gp0/index.html"])
    )
    assert f'href="../../{page}"' in got["events/gp0/r1.html"]
    table = next(
        n for n in got if re.fullmatch(r"events/gp0/r1/t\d+\.html", n) and first.name in got[n]
    )
    assert f'href="../../../{page}"' in got[table]
    assert len(season) > 1


def test_two_publishings_into_one_folder_at_once_both_finish(league: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    baska = os.path.join(os.path.dirname(sys.executable), "baska")
    runs = [
        subprocess.Popen(
            [baska, "league", "publish", league, str(out)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    said = [run.communicate(timeout=300) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], said
    assert not any("remove" in err for _out, err in said), said
    assert any(" 0 files written" in err for _out, err in said), said
    listed = (out / ".baska-publish").read_text("utf-8").splitlines()
    assert "index.html" in listed and "events/gp2/index.html" in listed


def test_the_site_carries_the_app_for_one_phone(
    league: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--app`: the league's players find the app at the league's address (site/app/), made
    as `baska app` makes it, beside the pages."""
    from tests.test_webapp_runtime import fake_files

    monkeypatch.setenv("BASKA_CACHE", str(tmp_path / "cache"))
    fake_files(tmp_path / "cache" / "pyodide" / "314.0.8", monkeypatch)
    said = publish(league, tmp_path / "web", "--app")
    assert f"{tmp_path / 'web' / 'app'}: the app for one phone, " in said
    assert (tmp_path / "web" / "index.html").is_file()
    assert (tmp_path / "web" / "app" / "index.html").is_file()
    assert (tmp_path / "web" / "app" / "pyodide" / "pyodide.mjs").is_file()
    again = publish(league, tmp_path / "web")  # (published again without it: the app stays)
    assert "removed" not in again
    assert (tmp_path / "web" / "app" / "sw.js").is_file()
