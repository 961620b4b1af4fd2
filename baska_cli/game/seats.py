"""How a typed player picks a seat: a seat number, a name, a unique prefix or initials run
together; a typed diacritic counts (`ż` is Żaneta, `z` Zbigniew)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from baska_cli.errors import NotationError
from baska_cli.game.model import DEFAULT_PLAYERS, SEATS
from baska_cli.game.spelling import fold, suggest
from baska_cli.i18n import _


def _quoted_in(part: str, whole: str) -> str:
    """`"E" in "A+E"`, or just `"E"` when the part is the whole token."""
    if part == whole:
        return _('"{typed}"').format(typed=part)
    return _('"{part}" in "{whole}"').format(part=part, whole=whole)


def _as_typed(text: str) -> str:
    """Lower case, accents kept (composed, so `ż` typed in two code points is one letter)."""
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFC", text).lower()


def _letter_fits(typed: str, letter: str) -> bool:
    """Whether a typed letter may stand for a name's letter: the same letter, or the letter
    without its diacritic (`z` for `ż`); a typed diacritic counts (`ż` is never `z`)."""
    return typed == letter or (fold(typed) == typed and fold(letter) == typed)


def _loose_prefix(typed: str, name: str) -> bool:
    """Whether the name starts with the typed letters, letters typed without diacritics
    standing for letters with them."""
    return len(typed) <= len(name) and all(map(_letter_fits, typed, name))


class Table:
    """The players of one table and how a typed player resolves to a seat.

    A typed diacritic counts: with Zbigniew and Żaneta at the table `z` and `zb` are
    Zbigniew, `ż` and `ża` Żaneta. Letters typed without diacritics also stand for letters
    with them when no name matches as typed (`za` is Żaneta, `lu` Łucja)."""

    def __init__(self, players: Sequence[str]) -> None:
        self.names = tuple(players)
        self.lower = [_as_typed(n) for n in self.names]
        # each name as typed: the seats of that name (two players may share one)
        self.named = {
            name: tuple(i for i, n in enumerate(self.lower) if n == name) for name in self.lower
        }

    def listing(self) -> str:
        return ", ".join(f"{i + 1}={n}" for i, n in enumerate(self.names))

    def matches(self, typed: str) -> Sequence[int]:
        """The seats a typed name or prefix may mean: the one name it is, else the names
        that start with it as typed, else those that start with it letting plain letters
        stand for accented ones."""
        key = _as_typed(typed)
        if not key:
            return []
        if key in self.named:
            return self.named[key]
        found = [i for i, n in enumerate(self.lower) if n.startswith(key)]
        if found:
            return found
        exact = [i for i, n in enumerate(self.lower) if len(n) == len(key)]
        found = [i for i in exact if _loose_prefix(key, self.lower[i])]
        if found:
            return found
        return [i for i, n in enumerate(self.lower) if _loose_prefix(key, n)]

    def seat(self, typed: str, whole: str) -> int:
        """The seat of one typed player: seat number, name or unique prefix."""
        if typed.isascii() and typed.isdigit() and 1 <= int(typed) <= SEATS:
            return int(typed) - 1
        matches = self.matches(typed)
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise NotationError(
                _("{typed} is ambiguous: it could be {names}; players: {players}").format(
                    typed=_quoted_in(typed, whole),
                    names=_(" or ").join(self.names[i] for i in matches),
                    players=self.listing(),
                )
            )
        raise NotationError(
            _("{typed} is not a player; players: {players}").format(
                typed=_quoted_in(typed, whole), players=self.listing()
            )
            + suggest(typed, self.names)
        )

    def initials(self, token: str) -> list[str] | None:
        """The token's letters, when each of them is the first letter of one player only
        (`AC`, `ŁŚ`, `zż` with Zbigniew and Żaneta); None otherwise."""
        letters = list(unicodedata.normalize("NFC", token)) if not token.isascii() else [*token]
        if all(len(self.matches(ch)) == 1 and ch.isalpha() for ch in letters):
            return letters
        return None

    def seats(self, token: str, separator: str) -> tuple[int, ...]:
        """Several players joined by the separator, or run together as initials or digits."""
        parts = token.split(separator)
        if len(parts) == 1 and len(token) > 1:
            whole_name = self._try_seat(token)
            if whole_name is not None:
                return (whole_name,)
            if token.isascii() and token.isdigit():
                parts = list(token)
            else:
                parts = self.initials(token) or parts
        if any(not part for part in parts):
            raise NotationError(
                _('"{token}" has an empty player; write players as A+C or 1+3').format(token=token)
            )
        return tuple(self.seat(part, token) for part in parts)

    def _try_seat(self, typed: str) -> int | None:
        try:
            return self.seat(typed, typed)
        except NotationError:
            return None


@lru_cache(maxsize=16)
def table_of(players: tuple[str, ...]) -> Table:
    """The table of these players (built once: a ledger parses every hand with the same)."""
    return Table(players)


def player_seat(typed: str, players: Sequence[str] = DEFAULT_PLAYERS) -> int:
    """The seat (0–3) of one player typed as a seat number, a name or a unique prefix."""
    return Table(players).seat(typed.strip(), typed.strip())
