"""A player found at the desk (pure): by full name, short form, id or a unique start of
one, case- and accent-blind; and the players a few typed letters may mean (the search)."""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.errors import TournamentInputError
from baska_cli.game.spelling import fold, suggest
from baska_cli.i18n import _
from baska_cli.tournament.players import Entrant, find, surname_first

SEARCH_LIMIT = 30  # players a search lists at most (three letters find a handful)


def _words(p: Entrant) -> list[str]:
    """The folded words a search's words may start: the full name's, the short form's."""
    return fold(p.display).split() + fold(p.name).replace(".", " ").split()


def _starts(typed: str, p: Entrant) -> bool:
    """Whether `typed` starts the player's short form, full name or id, or each of its
    words starts a word of the full name or the short form (`kow jan`, `now a`)."""
    key = fold(" ".join(typed.split()))
    if not key:
        return False
    if fold(p.name).startswith(key) or fold(p.display).startswith(key):
        return True
    if p.id and p.id.casefold().startswith(key):
        return True
    words = _words(p)
    return all(any(w.startswith(part) for w in words) for part in key.split())


def candidate(p: Entrant) -> str:
    """A player as the ambiguity names them: the full name, its short form and its id."""
    extra = [p.name] if p.full_name else []
    extra += [_("id {id}").format(id=p.id)] if p.id else []
    return f"{p.display} ({', '.join(extra)})" if extra else p.display


def resolve(players: Sequence[Entrant], typed: str) -> Entrant:
    """The one player `typed` means: a short form, a full name, an id (exactly), else the
    one player it starts; an error listing the candidates, or quoting it with the nearest."""
    found = find(players, typed)
    if found is not None:
        return found
    key = fold(" ".join(typed.split()))
    same = [p for p in players if fold(p.display) == key]  # (one full name, two players)
    fits = same or [p for p in players if _starts(typed, p)]
    if len(fits) == 1:
        return fits[0]
    if fits:
        listed = fits if len(fits) <= 8 else fits[:8]
        more = _(" and {count} more").format(count=len(fits) - 8) if len(fits) > 8 else ""
        raise TournamentInputError(
            _('"{typed}" is ambiguous: it could be {names}').format(
                typed=typed, names=_(" or ").join(candidate(p) for p in listed)
            )
            + more
        )
    names = [n for p in players for n in dict.fromkeys((p.display, p.name))]
    raise TournamentInputError(
        _('"{name}" is not a player of this tournament').format(name=typed)
        + suggest(typed.strip(), names)
    )


def search(players: Sequence[Entrant], typed: str) -> list[Entrant]:
    """The players the letters typed may mean (at least one letter or digit), by surname;
    at most SEARCH_LIMIT of them."""
    if not any(c.isalnum() for c in typed):
        return []
    found = sorted(
        (p for p in players if _starts(typed, p)), key=lambda p: surname_first(p.display)
    )
    return found[:SEARCH_LIMIT]
