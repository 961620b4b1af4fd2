"""No file baska keeps in a tournament's folder or beside a ledger is written through a
symbolic link planted at its name (files/replace.py's `replace_text`, files/append.py's
`append_line`): the write is refused with a message naming the file, the link and its
target stay as they were. A folder above the file may be a link: only the file's own name is
never followed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from baska_cli.errors import LedgerError
from baska_cli.files.append import append_line
from baska_cli.files.replace import replace_text
from baska_cli.tournament.clock import service as clock
from baska_cli.tournament.desk import service as desk
from baska_cli.web.changes import Author, Changes, changes_path
from baska_cli.web.entries import Intent, Journal, Ticket, journal_path
from tests import tournamentkit as kit
from tests.clikit import invoke

VICTIM = "the victim's own file\n"


def planted(link: Path, tmp_path: Path, exists: bool = True) -> Path:
    """A symbolic link at `link` to a file outside the folder (made if `exists`)."""
    victim = tmp_path / "elsewhere" / "victim.txt"
    victim.parent.mkdir(exist_ok=True)
    if exists:
        victim.write_text(VICTIM, "utf-8")
    if link.exists() or link.is_symlink():
        link.unlink()
    link.symlink_to(victim)
    return victim


def untouched(link: Path, victim: Path, exists: bool = True) -> None:
    assert link.is_symlink()
    if exists:
        assert victim.read_text("utf-8") == VICTIM
    else:
        assert not victim.exists()


LINKED = "is a symbolic link; baska writes its own files only in their own place, never "


@pytest.mark.parametrize("exists", [True, False], ids=["to a file", "dangling"])
def test_replace_text_refuses_a_link_at_the_files_name(tmp_path: Path, exists: bool) -> None:
    link = tmp_path / "results.csv"
    victim = planted(link, tmp_path, exists)
    with pytest.raises(LedgerError, match=f"^{link}: {LINKED}"):
        replace_text(str(link), "written\n")
    untouched(link, victim, exists)


def test_replace_text_writes_through_a_linked_folder(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "alias").symlink_to(tmp_path / "real", target_is_directory=True)
    replace_text(str(tmp_path / "alias" / "a.txt"), "written\n")
    assert (tmp_path / "real" / "a.txt").read_text("utf-8") == "written\n"


@pytest.mark.parametrize("exists", [True, False], ids=["to a file", "dangling"])
def test_append_line_refuses_a_link(tmp_path: Path, exists: bool) -> None:
    link = tmp_path / ".t1.csv.entries"
    victim = planted(link, tmp_path, exists)
    with pytest.raises(LedgerError, match=f"^{link}: {LINKED}"):
        append_line(str(link), b"{}\n", sync=True)
    untouched(link, victim, exists)


def test_append_line_puts_a_line_after_a_torn_one_on_its_own(tmp_path: Path) -> None:
    path = tmp_path / "journal"
    path.write_bytes(b'{"id": "a"}\n{"id": "to')
    append_line(str(path), b'{"id": "b"}\n')
    assert path.read_bytes() == b'{"id": "a"}\n{"id": "to\n{"id": "b"}\n'


def test_a_phone_recording_a_hand_writes_no_change_log_through_a_link(tmp_path: Path) -> None:
    liga = kit.drawn(tmp_path)
    ledger = str(Path(liga, "r1", "t1.csv"))
    link = Path(changes_path(ledger))
    victim = planted(link, tmp_path)
    Changes(ledger).note("hand", 1, None, "zw 1+3 61", Author("Ania", "phone-1"))  # (no error)
    untouched(link, victim)


def test_the_id_journal_is_refused_through_a_link(tmp_path: Path) -> None:
    liga = kit.drawn(tmp_path)
    ledger = str(Path(liga, "r1", "t1.csv"))
    link = Path(journal_path(ledger))
    victim = planted(link, tmp_path)
    with pytest.raises(LedgerError, match=LINKED):
        Journal(ledger).intend(Ticket("phone-1", "d"), Intent("hand", 1, "zw 1+3 61"))
    untouched(link, victim)


def _result(liga: str) -> object:
    return invoke("tournament", "result", liga, "1", "2", *kit.entries(liga, 1, 2, (9, -3, -3, -3)))


WRITES: dict[str, tuple[str, Callable[[str], object]]] = {
    "the clock": ("clock.json", lambda liga: clock.start_clock(liga)),
    "the announcement": ("announcement.txt", lambda liga: clock.announce(liga, "Przerwa")),
    "the desk": ("desk.csv", lambda liga: desk.check_in(liga, ["Ania"])),
    "the results": ("results.csv", _result),
    "the round closed": ("r1/closed", lambda liga: invoke("tournament", "close", liga, "1")),
}


@pytest.mark.parametrize("write", WRITES.values(), ids=WRITES.keys())
def test_a_tournaments_file_is_never_written_through_a_link(
    tmp_path: Path, write: tuple[str, Callable[[str], object]]
) -> None:
    """The link points at a copy of the file's content (a file of the same kind, elsewhere)
    or, where there is no such file yet, at nothing (the write would make it)."""
    name, action = write
    liga = kit.drawn(tmp_path)
    link = Path(liga, name)
    victim = tmp_path / "elsewhere" / "victim"
    victim.parent.mkdir()
    before = link.read_bytes() if link.exists() else None
    if before is not None:
        victim.write_bytes(before)
        link.unlink()
    link.symlink_to(victim)
    try:
        done = action(liga)
    except LedgerError as error:
        said = str(error)
    else:
        said = getattr(done, "stderr", "")
        assert getattr(done, "exit_code", 1) == 1, said
    assert f"{name}: {LINKED}" in said
    assert link.is_symlink()
    assert (victim.read_bytes() if victim.exists() else None) == before


def test_the_cli_says_which_file_is_a_link(tmp_path: Path) -> None:
    liga = kit.drawn(tmp_path)
    victim = planted(Path(liga, "announcement.txt"), tmp_path)
    done = invoke("tournament", "announce", liga, "Przerwa")
    assert (done.exit_code, done.stdout) == (1, "")
    assert done.stderr == (
        f"Error: {liga}/announcement.txt: is a symbolic link; baska writes its own files only "
        "in their own place, never through a link (one could point at any file): remove the "
        "link\n"
    )
    assert victim.read_text("utf-8") == VICTIM
