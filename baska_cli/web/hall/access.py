"""The hall of a tournament's directory: the organiser's key, and each table of each drawn
round with its own key, its ledger served as a table's is (web/hall.py); each player's key
opens only their own page (web/hall/personal.py, player.py), never a table's."""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Mapping
from typing import Any

from baska_cli.i18n import _
from baska_cli.tournament.folder import (
    CONFIRMATIONS,
    RESULTS,
    SEATING,
    WALKOUTS,
    Tournament,
    ledger_name,
    load,
    round_closed,
    round_dir,
    table_players,
)
from baska_cli.tournament.hall.keys import hall_keys, restore_secret
from baska_cli.tournament.tables.state import closed_refusal, refusal_at
from baska_cli.web.hall.personal import Personal, PinGuard
from baska_cli.web.hall.projector import Projector
from baska_cli.web.requests import Refused
from baska_cli.web.served import Access, Served, key_digest


class TournamentHall:
    """The tournament at `folder` (read when made, and again when a round is drawn), the
    keys of its organiser and tables, and the tables served so far."""

    def __init__(self, folder: str, language: str) -> None:
        self.folder = folder
        self.language = language
        keys = hall_keys(folder, serving=True)  # (read once: `keep_secret` writes it back)
        self.organiser_key = keys.organiser
        self.keys = keys
        self._organiser = key_digest(keys.organiser)
        self._lock = threading.Lock()  # (tables are opened from the requests' threads)
        self._open: dict[tuple[int, int], Served] = {}
        self._by_key: dict[bytes, tuple[int, int]] = {}
        self.tournament = load(folder)
        # what a table's phones hear of besides their ledger: a paper result, a word, a walk-out
        self._watched = tuple(os.path.join(folder, f) for f in (RESULTS, CONFIRMATIONS, WALKOUTS))
        self.projector = Projector(folder)  # the standings' board, for every screen
        self.personal = Personal(folder, keys)  # each player's own page, by their key
        self.pins = PinGuard()  # the wrong PINs given at each table's phone
        self._seen_rounds = 0
        # the newest round directory's identity, as read
        self._newest = _identity(folder, len(self.tournament.draws))
        self._refresh()

    @property
    def rounds(self) -> int:
        """The rounds drawn so far."""
        return len(self.tournament.draws)

    def _refresh(self) -> None:
        """Read the tournament again if a round was drawn or taken back since it was last
        read (a look at whether the next round's directory exists, and whether the newest's
        is still the one read), and learn the new tables' keys (forget those of a round taken
        back, drawn again perhaps otherwise)."""
        newest = self.rounds
        replaced = newest > 0 and _identity(self.folder, newest) != self._newest
        if replaced:
            self._forget(newest - 1)
        following = os.path.isdir(os.path.join(self.folder, round_dir(newest + 1)))
        if replaced or following:
            # (the identity read before the files: a draw made meanwhile is seen next time)
            expected = newest + 1 if following else newest
            ahead = _identity(self.folder, expected)
            self.tournament = load(self.folder)
            found = self.rounds
            self._newest = ahead if found == expected else _identity(self.folder, found)
        for round_number in range(self._seen_rounds + 1, self.rounds + 1):
            draw = self.tournament.draws[round_number - 1]
            for table in range(1, len(draw.tables) + 1):
                key = self.keys.table(draw, table)
                self._by_key[key_digest(key)] = (round_number, table)
        self._seen_rounds = self.rounds

    def keep_secret(self) -> None:
        """Write the hall's secret back if it was deleted while serving, so that every
        command's links are the ones this server takes."""
        restore_secret(self.folder, self.keys)

    def _forget(self, kept: int) -> None:
        """Forget the tables of the rounds after `kept` (their draw was taken back)."""
        self._by_key = {k: v for k, v in self._by_key.items() if v[0] <= kept}
        for where in [w for w in self._open if w[0] > kept]:
            self._open.pop(where).watcher.close_soon()
        self._seen_rounds = kept

    def find(
        self, given: str, query: Mapping[str, str] | None = None, writing: bool = False
    ) -> Access | None:
        """What the key given lets in: a table's key its table; the organiser's key the
        table named by `?round=R&table=T` (the newest round if no round is named), or no
        table; None for no key of this hall. With `writing`, why the key may not write now
        (a reading request does not ask)."""
        self.keep_secret()
        with self._lock:
            self._refresh()
            digest = key_digest(given)
            if digest == self._organiser:
                where = _named_table(query or {}, self.rounds)
                if where is None:
                    return Access(None, organiser=True)
                return self._access(*where, organiser=True, writing=writing)
            found = self._by_key.get(digest)
            return None if found is None else self._access(*found, False, writing)

    def _access(self, round_number: int, table: int, organiser: bool, writing: bool) -> Access:
        players = table_players(self.tournament, round_number, table)
        served = self._open.get((round_number, table))
        if served is None:
            path = self.tournament.file(ledger_name(round_number, table))
            # (and the next round's seating: its phones hear at once of the draw)
            following = os.path.join(self.folder, round_dir(round_number + 1), SEATING)
            watched = (*self._watched, following)
            key = self.keys.table(self.tournament.draws[round_number - 1], table)
            served = Served(path, key, watched)
            self._open[(round_number, table)] = served
        refusal = self._refusal(round_number, table) if writing and not organiser else None
        checks_hands = writing and not organiser and refusal is None
        return Access(
            served,
            organiser=organiser,
            round=round_number,
            table=table,
            refusal=refusal,
            hands_refusal=refusal_at(self.folder, round_number, table, hands=True)
            if checks_hands
            else None,
            tournament=self._context(self.tournament, round_number, table, players, organiser),
        )

    def _refusal(self, round_number: int, table: int) -> str | None:
        """Why a table's key may not write now (None: it may): its round closed by the
        organiser, or its result confirmed (a later round drawn closes nothing)."""
        if round_closed(self.folder, round_number):
            return closed_refusal(round_number)
        return refusal_at(self.folder, round_number, table)  # (a confirmed result)

    @staticmethod
    def _context(
        t: Tournament, round_number: int, table: int, players: tuple[str, ...], organiser: bool
    ) -> dict[str, Any]:
        return {
            "name": t.name,
            "round": round_number,
            "rounds": t.plan.rounds,
            "table": table,
            "seats": list(players),
            "deals": t.plan.deals,
            "organiser": organiser,
        }

    def served(self) -> list[Served]:
        """The tables opened so far."""
        with self._lock:
            return list(self._open.values())

    def close_soon(self) -> None:
        """End every open event stream soon (the server is stopping)."""
        for served in self.served():
            served.watcher.close_soon()
        self.projector.close_soon()

    async def stop(self) -> None:
        """End the watches (the app is shutting down)."""
        for served in self.served():
            await served.watcher.stop()
        await self.projector.stop()


def _identity(folder: str, round_number: int) -> bytes | None:
    """A drawn round's identity: the digest of its seating as written (a round drawn again
    with other players is another round, though its directory may get the same inode), None
    if there is none."""
    try:
        with open(os.path.join(folder, round_dir(round_number), SEATING), "rb") as file:
            return hashlib.blake2b(file.read(), digest_size=16).digest()
    except OSError:
        return None


def _named_table(query: Mapping[str, str], rounds: int) -> tuple[int, int] | None:
    """The (round, table) of `?round=R&table=T`, None if no table is named; a clear 400 for
    numbers that are not."""
    typed_table = query.get("table")
    if typed_table is None:
        return None
    typed_round = query.get("round", str(rounds))
    try:
        round_number, table = int(typed_round), int(typed_table)
    except ValueError:
        raise Refused(
            400,
            _('expected ?round=R&table=T with whole numbers, not "{typed}"').format(
                typed=f"round={typed_round}&table={typed_table}"
            ),
        ) from None
    return round_number, table
