"""`baska serve` as a real process on 127.0.0.1 for the fault tests and the benchmark."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path


class Server:
    """`python -m baska_cli serve LEDGER… --port 0`, started and its links read (`url`,
    `key` and `headers` are the first table's; `tables` has every table's key by ledger)."""

    def __init__(self, ledger: str, *args: str, more: tuple[str, ...] = ()) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "baska_cli", "serve", ledger, *more, "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
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

    def kill(self) -> None:
        """SIGKILL: no clean-up at all."""
        self.process.kill()
        self.process.wait(10)

    def stop(self) -> tuple[int, str]:
        """Ctrl-C; the exit status and what it printed after the link."""
        self.process.send_signal(signal.SIGINT)
        out, _err = self.process.communicate(timeout=10)
        return self.process.returncode, out


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
