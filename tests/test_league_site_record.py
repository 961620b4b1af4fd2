"""league/service/site_record.py and publish_site: publishing a league's site again makes
nothing while no input changed, makes again only the corrected event's part (and writes only
the files whose bytes change), never trusts a broken record or a page changed by hand; the
site and the season the same with the side files as without."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest

from baska_cli.files import stamps
from baska_cli.league.service import publish as publish_service
from baska_cli.league.service.site_record import RECORD
from baska_cli.tournament.publish import service as tournament_publish
from baska_cli.tournament.scores.kept import KEPT
from baska_cli.tournament.scores.service import correct_result
from tests.clikit import invoke
from tests.test_league import NAMES, REGISTER, ok, play_event
from tests.tournamentkit import entries


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A league of three events of eight players (two rounds each), every table's result
    a paper sheet's: the folder holding the league and its events."""
    home = tmp_path_factory.mktemp("record")
    (home / "zawodnicy.csv").write_text(REGISTER, "utf-8")
    liga = str(home / "liga")
    ok("league", "new", liga, "--title", "Liga", "--players", str(home / "zawodnicy.csv"))
    rng = random.Random(40)
    for n in range(3):
        (home / f"gp{n}.txt").write_text("".join(f"{c}\n" for c in rng.sample(NAMES, 8)))
        path = str(home / f"gp{n}")
        ok(
            "tournament", "new", path, "--league", liga, "-p", str(home / f"gp{n}.txt"),
            "--rounds", "2", "--deals", "8", "-r", "plb", "--seed", str(n),
        )  # fmt: skip
        play_event(path, rng)
    return home


@pytest.fixture
def league(made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A copy of the league, every file settled (no wait for the clock's tick)."""
    shutil.copytree(made, tmp_path / "home")
    monkeypatch.setattr(stamps, "SETTLED", -(10**18))
    return str(tmp_path / "home" / "liga")


@pytest.fixture
def gathered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each event whose publication is gathered (its part of the site made)."""
    found: list[str] = []

    def counted(path: str, round_number: int | None = None) -> tournament_publish.Publication:
        found.append(os.path.basename(path))
        return tournament_publish.gather(path, round_number)

    monkeypatch.setattr(publish_service, "gather", counted)
    return found


def publish(liga: str, out: Path) -> str:
    done = invoke("league", "publish", liga, str(out))
    assert done.exit_code == 0, done.output
    return done.stderr


def site(out: Path) -> dict[str, bytes]:
    """The site's files (the record left out) and their bytes."""
    return {
        p.relative_to(out).as_posix(): p.read_bytes()
        for p in out.rglob("*")
        if p.is_file() and p.name != RECORD
    }


def times(out: Path) -> dict[str, int]:
    return {
        p.relative_to(out).as_posix(): p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()
    }


def test_publishing_again_unchanged_makes_nothing(
    league: str, tmp_path: Path, gathered: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "web"
    publish(league, out)
    assert sorted(gathered) == ["gp0", "gp1", "gp2"]
    before = times(out)

    def refused(*_args: object) -> None:
        raise AssertionError("the season read again")

    monkeypatch.setattr(publish_service, "gather_site", refused)
    said = publish(league, out)
    assert sorted(gathered) == ["gp0", "gp1", "gp2"]
    assert " 0 files written" in said and times(out) == before


def test_after_one_event_corrected_only_its_part_and_the_changed_files_are_written(
    league: str, tmp_path: Path, gathered: list[str]
) -> None:
    out = tmp_path / "web"
    publish(league, out)
    old, before = site(out), times(out)
    gathered.clear()
    event = os.path.join(os.path.dirname(league), "gp1")
    correct_result(event, 1, 1, entries(event, 1, 1, (50, -50, 10, -10)))
    publish(league, out)
    assert gathered == ["gp1"]
    new, after = site(out), times(out)
    changed = {name for name in new if new[name] != old.get(name)}
    rewritten = {name for name in after if after[name] != before.get(name)} - {RECORD}
    assert "events/gp1/index.html" in changed and "index.html" in changed
    assert not any(name.startswith(("events/gp0/", "events/gp2/")) for name in changed)
    assert rewritten == changed
    fresh = tmp_path / "fresh"
    publish(league, fresh)
    assert site(fresh) == new


@pytest.mark.parametrize("broken", [b"", b"{", b"\xff", b"[1]", b'{"layout": [1, "0.0.0"]}'])
def test_a_broken_record_is_not_trusted(
    league: str, tmp_path: Path, gathered: list[str], broken: bytes
) -> None:
    out = tmp_path / "web"
    publish(league, out)
    made = site(out)
    (out / RECORD).write_bytes(broken)
    gathered.clear()
    said = publish(league, out)
    assert sorted(gathered) == ["gp0", "gp1", "gp2"] and " 0 files written" in said
    assert site(out) == made


@pytest.mark.parametrize("page", ["events/gp2/index.html", "index.html", "style.css"])
def test_a_page_removed_or_changed_by_hand_is_made_again(
    league: str, tmp_path: Path, gathered: list[str], page: str
) -> None:
    out = tmp_path / "web"
    publish(league, out)
    made = site(out)
    (out / page).unlink()
    publish(league, out)
    assert site(out) == made
    (out / page).write_bytes(made[page] + b" ")
    publish(league, out)
    assert site(out) == made


def test_the_season_is_the_same_with_the_side_files_as_without(league: str) -> None:
    first = ok("league", "standings", league, "--format", "json")
    home = Path(league).parent
    assert sorted(p.parent.name for p in home.glob(f"gp*/{KEPT}")) == ["gp0", "gp1", "gp2"]
    assert ok("league", "standings", league, "--format", "json") == first
    ratings = ok("league", "ratings", league, "--format", "json")
    for kept in home.glob(f"gp*/{KEPT}"):
        kept.unlink()
    assert ok("league", "standings", league, "--format", "json") == first
    assert ok("league", "ratings", league, "--format", "json") == ratings


CHANGES = {
    "a name in the register": ("league", "players", "rename", "{liga}", "101", "Jan Kowalski-Lis"),
    "a regulation": ("league", "set", "{liga}", "best", "1"),
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_a_change_of_the_leagues_own_files_makes_the_site_again(
    league: str, tmp_path: Path, change: str
) -> None:
    out = tmp_path / "web"
    publish(league, out)
    old = site(out)
    ok(*(arg.format(liga=league) for arg in CHANGES[change]))
    publish(league, out)
    new = site(out)
    assert new != old
    fresh = tmp_path / "fresh"
    publish(league, fresh)
    assert site(fresh) == new


def test_the_league_pages_link_the_app_once_it_is_published_beside_them(
    league: str, tmp_path: Path, gathered: list[str]
) -> None:
    """`league publish --app` puts the app in `app/`: the season's page links it (a folder
    with the app from an earlier `--app` too), and only the league's own pages are made
    again for it."""
    out = tmp_path / "web"
    publish(league, out)
    assert 'href="app/"' not in (out / "index.html").read_text("utf-8")
    (out / "app").mkdir()
    (out / "app" / "index.html").write_text("<!doctype html>", "utf-8")  # (as `baska app`)
    gathered.clear()
    publish(league, out)
    index = (out / "index.html").read_text("utf-8")
    assert '<a href="app/">Score an evening on your phone: the app, offline too</a>' in index
    assert gathered == []  # (the events' parts as they were)
    (out / "app" / "index.html").unlink()
    publish(league, out)
    assert 'href="app/"' not in (out / "index.html").read_text("utf-8")
