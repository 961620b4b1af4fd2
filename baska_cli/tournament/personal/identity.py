"""Who a player is to the hall: their stable id (the id of the players file, else the name
the tables use: never their position, which a late entry or a withdrawal would shift), and
from it their key and PIN (hall/keys.py); a key given found back as its player, a PIN given
checked against a player's, each in constant time."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from dataclasses import dataclass, field

from baska_cli.tournament.hall.keys import HallKeys
from baska_cli.tournament.players import Entrant

KEY, PIN = "key", "pin"  # how a player proved a word theirs (confirmations.csv's `proof`)


def stable_id(player: Entrant) -> str:
    """What a player's key and PIN are made from: `id 101` for a player with an id in the
    players file, else `name Ania` (the name the tables use, unique in a tournament)."""
    return f"id {player.id}" if player.id else f"name {player.name}"


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "replace")).digest()


@dataclass(frozen=True)
class Identities:
    """The players of one tournament with their keys and PINs, found by key."""

    keys: HallKeys
    players: tuple[Entrant, ...]
    _by_key: dict[bytes, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_key = {_digest(self.key(p)): p.name for p in self.players}
        object.__setattr__(self, "_by_key", by_key)

    def key(self, player: Entrant) -> str:
        """The player's own key (in their page's link, `/p/KEY`)."""
        return self.keys.player(stable_id(player))

    def pin(self, player: Entrant) -> str:
        """The player's 4-digit PIN."""
        return self.keys.pin(stable_id(player))

    def named(self, name: str) -> Entrant | None:
        """The player of this name (as the tables use it), or None."""
        return next((p for p in self.players if p.name == name), None)

    def by_key(self, given: str) -> str | None:
        """The name of the player whose key is `given` (looked up by its digest: the time it
        takes does not tell how near a key given is), None for no player's key."""
        return self._by_key.get(_digest(given))

    def proof(self, name: str, given: str) -> str | None:
        """How `given` proves a word the player `name`'s: KEY (their key), PIN (their PIN), or
        None (neither; compared in constant time)."""
        player = self.named(name)
        if player is None or not given:
            return None
        if hmac.compare_digest(_digest(given), _digest(self.key(player))):
            return KEY
        if hmac.compare_digest(_digest(given), _digest(self.pin(player))):
            return PIN
        return None


def identities(keys: HallKeys, players: Iterable[Entrant]) -> Identities:
    """The identities of these players."""
    return Identities(keys, tuple(players))
