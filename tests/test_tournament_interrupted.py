"""A tournament's files and its published folder: nothing removed through a link; a write
killed midway (simulated by the temporary file it leaves, named as baska names them) blocks
no later command, which tidies it — as an organiser types the commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baska_cli.files.replace import temp_prefix
from tests import tournamentkit as kit
from tests.clikit import invoke


@pytest.fixture
def liga(tmp_path: Path) -> str:
    """Two rounds drawn, every table's result entered from its paper sheet."""
    path = kit.new(tmp_path)
    for number in (1, 2):
        kit.draw(path)
        for table in (1, 2):
            kit.result(path, number, table, "1=+3", "2=-1", "3=-1", "4=-1")
    return path


def stale(path: Path) -> Path:
    """The temporary file a writer of `path` killed at its first write leaves."""
    folder, prefix = temp_prefix(str(path))
    left = Path(folder, f"{prefix}k1ll3d_x.tmp")
    left.write_text("half", "utf-8")
    return left


def publish(*args: str) -> tuple[int, str]:
    result = invoke("tournament", "publish", *args)
    return result.exit_code, result.stderr


def test_no_file_is_removed_through_a_linked_round_folder(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    assert publish(liga, str(out))[0] == 0
    assert (out / "r2" / "t1.json").exists()
    mine = tmp_path / "mine"
    (out / "r2").rename(mine)  # the user's own folder now, its files the user's
    (mine / "notes.txt").write_text("mine\n", "utf-8")
    (out / "r2").symlink_to(mine, target_is_directory=True)
    kept = {p.name: p.read_bytes() for p in mine.iterdir()}
    code, said = publish(liga, str(out), "--round", "1")
    assert code == 0, said
    assert {p.name: p.read_bytes() for p in mine.iterdir()} == kept
    assert (out / "r2").is_symlink()


def test_a_publish_killed_at_its_first_write_blocks_no_later_one(liga: str, tmp_path: Path) -> None:
    out = tmp_path / "web"
    out.mkdir()
    left = stale(out / ".baska-publish")
    code, said = publish(liga, str(out))
    assert code == 0, said
    assert not left.exists() and (out / "index.html").exists()
    inner = stale(out / "r1" / "t1.html")  # killed midway through a later publish
    assert publish(liga, str(out))[0] == 0
    assert not inner.exists()


def test_a_folder_with_other_files_is_still_refused_and_left_as_it_is(
    liga: str, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("<p>the club's page</p>\n", "utf-8")
    left = stale(out / ".baska-publish")
    code, said = publish(liga, str(out))
    assert code == 1 and "baska did not publish into it" in said
    assert (out / "index.html").exists()
    assert not left.exists()  # (baska's own temporary file: tidied all the same)


@pytest.mark.parametrize(
    ("file", "command"),
    [
        ("results.csv", ("result", "{dir}", "1", "1", "1=+4", "2=-4", "3=0", "4=0", "--correct")),
        ("tournament.toml", ("set", "{dir}", "rounds", "3")),
    ],
)  # fmt: skip
def test_a_killed_command_leaves_nothing_the_next_keeps(
    liga: str, file: str, command: tuple[str, ...]
) -> None:
    left = stale(Path(liga, file))
    result = invoke("tournament", *(c.format(dir=liga) for c in command))
    assert result.exit_code == 0, result.stderr
    assert not left.exists()
    assert not [p.name for p in Path(liga).iterdir() if p.name.endswith(".tmp")]


def test_a_walkout_tables_published_page_shows_what_was_played(
    tmp_path: Path,
) -> None:
    path = kit.drawn(tmp_path, rounds=1)
    kit.play(path, 1, kit.SERIES[:7])
    assert invoke("tournament", "walkout", path, "1", "1", kit.seats(path, 1, 1)[3]).exit_code == 0
    kit.result(path, 1, 2, "1=+3", "2=-1", "3=-1", "4=-1")
    out = tmp_path / "web"
    code, said = publish(path, str(out))
    assert code == 0, said
    page = (out / "r1" / "t1.html").read_text("utf-8")
    assert "7 of 16 deals played" in page and "16 deals</" not in page
    assert page.count('<td class="hand">') == 7
    table = json.loads((out / "r1" / "t1.json").read_text("utf-8"))
    assert table["ledger"] is not None
