"""The players' side of the hall: the tournament read for every player's page once for each
state of its files (looked at twice a second at most; a hand appended makes it again at most
once a second: the live totals are read fresh from the table's ledger anyway), who a
player's key is, and the wrong PINs counted per table (a table's phone that guesses PINs is
held off for a while)."""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time
from collections import deque

from baska_cli.i18n import ngettext
from baska_cli.tournament.hall.keys import HallKeys
from baska_cli.tournament.personal.service import PlayersNow, players_now
from baska_cli.web.hall.projector import Stamp, stamp
from baska_cli.web.requests import Refused

GAP = 1.0  # seconds at least between two readings that only a ledger's hand asks for
LOOK = 0.5  # seconds at least between two looks at the files (400 pages ask every 3 s)
LEDGER = re.compile(r"t\d+\.csv")  # a table's ledger: appended at every hand
WRONG_PINS = 5  # wrong PINs a table's phone may give …
PIN_WINDOW = 300.0  # … within this many seconds; then it waits until the oldest is this old


class Personal:
    """The players' pages of one tournament directory, read again only when a file they are
    made of changed (a table's ledger: at most once a GAP)."""

    def __init__(self, folder: str, keys: HallKeys) -> None:
        self.folder = folder
        self.keys = keys
        self._lock = threading.Lock()
        self._now: PlayersNow | None = None
        self._stamp: Stamp | None = None
        self._made = 0.0
        self._looked = 0.0

    def now(self, look: bool = False) -> PlayersNow:
        """The tournament as the players' pages need it (blocking: call it in a worker); its
        files looked at once a LOOK at most (`look`: now; read again only if one changed)."""
        with self._lock:
            found = self._now
            if found is not None and not look and time.monotonic() - self._looked < LOOK:
                return found
            self._looked = time.monotonic()
            if found is not None:
                seen = stamp(found.watched)
                if seen == self._stamp:
                    return found
                if time.monotonic() - self._made < GAP and not self._urgent(found, seen):
                    return found
            before = stamp(found.watched) if found is not None else None
            made = players_now(self.folder, self.keys)
            self._now, self._made = made, time.monotonic()
            self._stamp = before if found is not None and made.watched == found.watched else None
            return made

    def _urgent(self, found: PlayersNow, seen: Stamp) -> bool:
        """Whether a file other than a table's ledger changed (a word, a draw, a result)."""
        old = self._stamp or ()
        return any(
            not LEDGER.fullmatch(os.path.basename(name)) and (i >= len(old) or old[i] != now)
            for i, (name, now) in enumerate(zip(found.watched, seen, strict=True))
        )

    def forget(self) -> None:
        """Read the files again at the next request (a word was just written)."""
        with self._lock:
            self._stamp = None
            self._made = self._looked = 0.0


class PinGuard:
    """Wrong PINs counted per table: past WRONG_PINS within PIN_WINDOW seconds the table's
    phone is refused (429) until the oldest of them is that old. Each PIN is counted as
    wrong before it is checked, under the guard's lock, and given back once it proved
    right (or was never looked at): PINs sent at once are never checked past the limit."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._wrong: dict[tuple[int, int], deque[float]] = {}

    def _recent(self, where: tuple[int, int], now: float) -> deque[float]:
        found = self._wrong.setdefault(where, deque())
        while found and now - found[0] >= PIN_WINDOW:
            found.popleft()
        return found

    def take(self, where: tuple[int, int]) -> float:
        """Count a PIN about to be checked at the table as wrong (its mark, for
        `give_back`); refused (429) while the table gave too many wrong PINs."""
        now = time.monotonic()
        with self._lock:
            recent = self._recent(where, now)
            if len(recent) < WRONG_PINS:
                recent.append(now)
                return now
            wait = max(1, round(PIN_WINDOW - (now - recent[0])))
        minutes = (wait + 59) // 60
        raise Refused(
            429,
            ngettext(
                "too many wrong PINs at this table; try again in {count} minute, or ask the "
                "organiser",
                "too many wrong PINs at this table; try again in {count} minutes, or ask the "
                "organiser",
                minutes,
            ).format(count=minutes),
        )

    def give_back(self, where: tuple[int, int], mark: float) -> None:
        """A PIN counted by `take` that was not wrong after all."""
        with self._lock, contextlib.suppress(ValueError):
            self._wrong.get(where, deque()).remove(mark)
