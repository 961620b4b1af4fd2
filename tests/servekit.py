"""`baska serve` as a real process on 127.0.0.1 for the fault tests and the benchmark: of
ledgers (`Server`) or of a tournament's directory (`HallServer`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from baska_cli.tournament.folder import load
from baska_cli.tournament.hall.keys import hall_keys


def _start(*args: str, descriptors: int | None = None) -> subprocess.Popen[str]:
    """`python -m baska_cli serve ARGS…`, its output read line by line; `descriptors`: its
    open-file limit, soft and hard (as `ulimit -n N` sets it), else the test's."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}

    def limited() -> None:
        import resource

        assert descriptors is not None
        resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    return subprocess.Popen(
        [sys.executable, "-m", "baska_cli", "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=None if descriptors is None else limited,
    )


class Running:
    """A `baska serve` process: killed, or stopped as Ctrl-C does. Once it serves, what it
    prints (a line per write) is read as it comes, so that no pipe fills and holds it."""

    process: subprocess.Popen[str]
    errors = ""  # what it wrote on stderr, once stopped
    _drains: tuple[threading.Thread, ...] = ()
    _read: tuple[list[str], list[str]] = ([], [])

    def drain(self) -> None:
        """Read what it prints from now on, each stream in a thread of its own."""
        self._read = ([], [])
        streams = (self.process.stdout, self.process.stderr)
        self._drains = tuple(
            threading.Thread(target=kept.extend, args=(stream,), daemon=True)
            for kept, stream in zip(self._read, streams, strict=True)
        )
        for thread in self._drains:
            thread.start()

    def printed_since(self) -> str:
        """What it printed on stdout since it served (so far)."""
        return "".join(self._read[0])

    def kill(self) -> None:
        """SIGKILL: no clean-up at all."""
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> tuple[int, str]:
        """Ctrl-C; the exit status and what it printed after the link (what it wrote on
        stderr is kept in `errors`)."""
        self.process.send_signal(signal.SIGINT)
        if not self._drains:
            out, self.errors = self.process.communicate(timeout=10)
            return self.process.returncode, out
        self.process.wait(10)
        for thread in self._drains:
            thread.join(10)
        self.errors = "".join(self._read[1])
        return self.process.returncode, "".join(self._read[0])


class Server(Running):
    """`python -m baska_cli serve LEDGER… --port 0`, started and its links read (`url`,
    `key` and `headers` are the first table's; `tables` has every table's key by ledger)."""

    def __init__(self, ledger: str, *args: str, more: tuple[str, ...] = ()) -> None:
        self.process = _start(ledger, *more, "--port", "0", *args)
        assert self.process.stdout is not None
        self.tables: dict[str, str] = {}
        ledgers = [ledger, *more]
        for line in self.process.stdout:
            if line.startswith("table: "):
                url = line.split()[1]
                self.base, _sep, key = url.rpartition("/t/")
                self.tables[ledgers[len(self.tables)]] = key
                if len(self.tables) == len(ledgers):
                    break
        else:
            raise AssertionError(f"baska serve did not start: {self.process.stderr}")
        self.url = f"{self.base}/t/{self.tables[ledger]}"
        self.key = self.tables[ledger]
        self.headers = {"Authorization": f"Bearer {self.key}", "Origin": self.base}
        self.drain()


POLISH_LINKS = {"organizator": "organiser", "klasyfikacja": "standings"}


class HallServer(Running):
    """`python -m baska_cli serve DIR --port 0` of a tournament's directory, started and its
    printed links read: `organiser` (its key `organiser_key`) and `standings`; `base` is
    `http://127.0.0.1:P`; `printed`, every line up to Ctrl-C's. Each table's key is
    `table_key(round, table)`; `descriptors`: the server's open-file limit (`ulimit -n`)."""

    def __init__(self, folder: str, *args: str, descriptors: int | None = None) -> None:
        self.folder = folder
        self.process = _start(folder, "--port", "0", *args, descriptors=descriptors)
        assert self.process.stdout is not None
        links: dict[str, str] = {}
        self.printed: list[str] = []
        for line in self.process.stdout:
            self.printed.append(line.rstrip("\n"))
            what, sep, url = line.strip().partition(": ")
            what = POLISH_LINKS.get(what, what)  # (a server started in Polish: LANG=pl_PL)
            if sep and what in ("organiser", "standings") and url.startswith("http"):
                links[what] = url
            if line.startswith("Ctrl-C") and len(links) == 2:  # (its last line: it serves)
                break
        else:
            self.process.wait(10)
            raise AssertionError(f"baska serve did not start: {self.process.stderr.read()}")
        self.organiser, self.standings = links["organiser"], links["standings"]
        self.base, _sep, self.organiser_key = self.organiser.rpartition("/o/")
        assert self.standings == f"{self.base}/standings"
        self._keys = hall_keys(folder)
        self.drain()

    def table_key(self, round_number: int, table: int) -> str:
        """The key of a table of a round (as `baska tournament links` gives it)."""
        return self._keys.table(load(self.folder).draws[round_number - 1], table)

    def headers(self, key: str) -> dict[str, str]:
        """What a phone of the key sends with a write (its key, its page's origin)."""
        return {"Authorization": f"Bearer {key}", "Origin": self.base}


def new_ledger(folder: Path, name: str = "evening.csv", deals: int | None = 16) -> str:
    """A new ledger made by `baska new` (as a player would; `deals` None: no plan)."""
    plan = [] if deals is None else ["--deals", str(deals)]
    path = str(folder / name)
    subprocess.run(
        [sys.executable, "-m", "baska_cli", "new", path, "-p", "Ania,Bartek,Celina,Darek", *plan],
        check=True,
        capture_output=True,
    )
    return path


SEAT_HANDS = [  # by seat number, so that every table of a tournament can play them (mester)
    "zw 1+3 61 k",
    "zo 4 70",
    "gr 2 53",
    "ci 3 70",
    "we 1+4 70/3 kr",
    "zw 2+4 78",
    "zd 2 /3",
    "ba 3",
    "zw 1+2 52",
    "gd 1 /4",
    "zw 3+4 66",
    "ci 1 40",
]


def new_tournament(
    path: str, players: list[str], deals: int, rounds: int = 1, rules: str = "mester"
) -> str:
    """A tournament made by `baska tournament new` and its first round drawn (as an
    organiser would): `players` one a line beside it, the series `deals` long."""
    listed = Path(path).with_name(Path(path).name + "-players.txt")
    listed.write_text("\n".join(players) + "\n", "utf-8")
    made = ["new", path, "-p", str(listed), "--rounds", str(rounds), "--deals", str(deals)]
    for args in ([*made, "-r", rules, "--seed", "26"], ["draw", path]):
        done = subprocess.run(
            [sys.executable, "-m", "baska_cli", "tournament", *args],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
    return path


def unpinged(lines: Iterator[str]) -> Iterator[str]:
    """A stream's lines without its heartbeat's (an event `ping` every second of quiet)."""
    ping = False
    for line in lines:
        if line == "event: ping" or ping:
            ping = line != ""
            continue
        yield line
