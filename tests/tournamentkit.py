"""The tournament tests' kit: eight players (plain, in a club, with a hostile name), and a
tournament made (by the CLI or the service), drawn, played, its seats and its results."""

from __future__ import annotations

import atexit
import os
import random
import shutil
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from click.testing import Result

from baska_cli.ledger import edits
from baska_cli.rulesets.loader import builtin
from baska_cli.tournament import service
from baska_cli.tournament.draw import Draw
from baska_cli.tournament.folder import Tournament, load
from baska_cli.tournament.hall.keys import hall_keys
from baska_cli.tournament.personal.identity import identities
from baska_cli.tournament.players import find
from tests.clikit import invoke

NAMES = ("Ania", "Bartek", "Celina", "Darek", "Ewa", "Feliks", "Grzegorz", "Halina")
SCRIPT = "<script>"  # hostile names, for the pages: shown as text, never run
SVG = "<svg onload=alert(1)>"
SERIES = ("zw 1+3 61", "zw 2+4 71") * 7 + ("zw 1+3 80", "zw 2+4 61")  # a table's 16 deals


FIRST = ["Jan", "Anna", "Piotr", "Żaneta", "Łukasz", "Ewa", "Grzegorz", "Małgorzata"]
LAST = ["Kowalski", "Nowak", "Wiśniewska", "Wójcik", "Kamiński", "Lewandowska", "Zieliński"]
LONG = "Małgorzata Konstancja Wiśniewska-Grzybowska"  # the longest name of the roster


def roster(count: int) -> str:
    """A players file of `count` with columns: full names (some alike, one long), clubs,
    teams of 4, categories, ids."""
    rng = random.Random(26)
    lines = ["name,club,team,category,id"]
    for i in range(count):
        name = LONG if i == 7 else f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        club = "Klub Sportowy „Orzeł” Wysokie Mazowieckie" if i == 7 else f"KS {i % 17}"
        category = ("M", "K", "J")[i % 3]
        lines.append(f"{name},{club},Drużyna {i // 4 + 1},{category},{10000 + i}")
    return "\n".join(lines) + "\n"


def eight(puck: int = 0, last: str = "Halina") -> str:
    """players.txt of eight players, one a line: the first `puck` of them of the club Puck,
    the eighth named `last` (SCRIPT or SVG: a hostile name)."""
    names = [*NAMES[:7], last]
    return "".join(f"{name},Puck\n" if i < puck else f"{name}\n" for i, name in enumerate(names))


PLAIN = eight()  # Ania … Halina
CLUB = eight(puck=1)  # Ania of the club Puck


def listed(names: Sequence[str]) -> str:
    """A players file of these names (or rows), one a line."""
    return "".join(f"{name}\n" for name in names)


def create(
    folder: Path,
    players: str = PLAIN,
    *options: str,
    rounds: int = 2,
    deals: int = 16,
    rules: str | None = "mester",
    seed: str | None = "9",
    name: str = "liga",
    file: str = "players.txt",
) -> tuple[str, Result]:
    """`baska tournament new FOLDER/NAME -p FOLDER/FILE` (FILE holding `players`), the
    command's result unchecked: the tournament's path and the result. `rules` and `seed`
    None: their options left out (the defaults)."""
    written = folder / file
    written.write_text(players, "utf-8")
    path = str(folder / name)
    args = ["-p", str(written), "--rounds", str(rounds), "--deals", str(deals)]
    args += ["-r", rules] if rules else []
    args += ["--seed", seed] if seed else []
    return path, invoke("tournament", "new", path, *args, *options)


def new(folder: Path, players: str = PLAIN, *options: str, **settings: Any) -> str:
    """A tournament made by `baska tournament new` (as `create`, checked): its path."""
    path, made = create(folder, players, *options, **settings)
    assert made.exit_code == 0, made.output
    return path


def drawn(folder: Path, players: str = PLAIN, *options: str, **settings: Any) -> str:
    """A tournament made by `baska tournament new`, its first round drawn: its path (a copy
    of the one this process made first with these players and settings)."""

    def make(home: Path) -> str:
        path = new(home, players, *options, **settings)
        draw(path)
        return path

    return copied(folder, ("drawn", players, options, sorted(settings.items())), make)


_MADE: dict[object, tuple[Path, str]] = {}


def copied(folder: Path, key: object, make: Callable[[Path], str]) -> str:
    """What `make(FOLDER)` makes, copied into `folder`: made once per test process (in a
    folder of its own, under umask 022, in this language) and copied for each test after,
    each file written anew (the test's umask, the time now). Its path in `folder`."""
    language = {k: v for k, v in os.environ.items() if k.startswith(("BASKA_", "LANG", "LC_"))}
    key = repr((key, sorted(language.items())))
    if key not in _MADE:
        home = Path(tempfile.mkdtemp(prefix="baska-tournamentkit-"))
        atexit.register(shutil.rmtree, home, True)
        umask = os.umask(0o022)
        try:
            _MADE[key] = home, os.path.relpath(make(home), home)
        finally:
            os.umask(umask)
    home, made = _MADE[key]
    folder.mkdir(parents=True, exist_ok=True)
    for entry in home.iterdir():
        if entry.is_dir():
            shutil.copytree(entry, folder / entry.name, copy_function=shutil.copy)
        else:
            shutil.copy(entry, folder / entry.name)
    return str(folder / made)


def new_by_service(
    folder: Path,
    players: str = PLAIN,
    *,
    file: str = "players.txt",
    rules: str = "mester",
    name: str = "liga",
    **settings: Any,
) -> str:
    """A tournament made by `service.new` (no CLI): its path. The settings as `service.new`
    takes them; unless given, 2 rounds of 16 deals, seed 9."""
    path = str(folder / name)
    plan: dict[str, Any] = {"rounds": 2, "deals": 16, "seed": "9", **settings}
    service.new(path, players, file, builtin(rules), **plan)
    return path


def pages(t: Tournament, draw: Draw) -> Mapping[str, str]:
    """The printable pages `rounds.draw_next` writes, as small as can be."""
    return {"seating.html": f"<p>{t.name} {draw.round}</p>"}


def draw(path: str, *options: str) -> None:
    """`baska tournament draw PATH`: the next round (`--anyway` where tables are not in)."""
    done = invoke("tournament", "draw", path, *options)
    assert done.exit_code == 0, done.output


def play(path: str, table: int, hands: Sequence[str] = SERIES, round_number: int = 1) -> str:
    """These hands recorded in the table's ledger, as a phone records them: its path."""
    assert not isinstance(hands, str), "hands: a sequence of hands"
    ledger = str(Path(path, f"r{round_number}", f"t{table}.csv"))
    for hand in hands:
        edits.record(ledger, hand)
    return ledger


def seats(path: str, round_number: int, table: int) -> list[str]:
    """The players of a table of a drawn round in seat order, as seating.csv lists them."""
    rows = Path(path, f"r{round_number}", "seating.csv").read_text("utf-8").splitlines()[1:]
    return [row.split(",", 2)[2] for row in rows if row.split(",")[0] == str(table)]


def entries(path: str, round_number: int, table: int, totals: Sequence[int]) -> list[str]:
    """`NAME=+N` for each player of a table, as `tournament result` takes them."""
    members = load(path).draws[round_number - 1].tables[table - 1]
    return [f"{name}={total:+d}" for name, total in zip(members, totals, strict=True)]


def result(path: str, round_number: int, table: int, *entered: str) -> None:
    """`baska tournament result PATH ROUND TABLE ENTRIES…`, checked."""
    done = invoke("tournament", "result", path, str(round_number), str(table), *entered)
    assert done.exit_code == 0, done.output


def pin(path: str, name: str) -> str:
    """A player's PIN, as their start card gives it (the player by name, any case)."""
    player = find(load(path).players, name)
    assert player is not None, name
    return identities(hall_keys(path), ()).pin(player)


def player_key(path: str, name: str) -> str:
    """A player's own key, as their start card's link holds it (the player by name)."""
    player = find(load(path).players, name)
    assert player is not None, name
    return identities(hall_keys(path), ()).key(player)


# nine players with full names for the desk: two of one full name told apart by their ids
ROSTER = (
    "name,id,club\nJan Kowalski,101,Puck\nJan Kowalski,102,Hel\nAnna Nowak,7,\n"
    "Żaneta Łęcka,,\nEwa Bąk,55,\nFeliks Zając,,\nGrzegorz Lis,,\nHalina Kot,,\nIrena Pająk,,\n"
)


def checkin(path: str, *args: str) -> Result:
    """`baska tournament checkin PATH ARGS…`, the result unchecked."""
    return invoke("tournament", "checkin", path, *args)


def table_key(path: str, round_number: int, table: int) -> str:
    """A table's key in a drawn round, as its sheet's QR code and `tournament links` give
    it (bound to the round's draw as it is now)."""
    return hall_keys(path).table(load(path).draws[round_number - 1], table)
