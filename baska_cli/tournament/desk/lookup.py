"""A player found at the desk (pure): by full name, short form, id or a unique start of
one, case- and accent-blind; the players a few typed letters may mean (the search); the
nearest spellings of a surname (a misspelling: "kowalsky"); players of one full name."""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.errors import TournamentInputError
from baska_cli.game.spelling import fold, nearest, suggest
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
    """A player as the ambiguity names them: the full name, its short form, club and id."""
    extra = [p.name] if p.full_name else []
    extra += [p.club] if p.club else []
    extra += [_("id {id}").format(id=p.id)] if p.id else []
    return f"{p.display} ({', '.join(extra)})" if extra else p.display


def namesakes(players: Sequence[Entrant]) -> frozenset[str]:
    """The players (by the name the tables use) whose full name another player shares."""
    count: dict[str, int] = {}
    for p in players:
        count[fold(p.display)] = count.get(fold(p.display), 0) + 1
    return frozenset(p.name for p in players if count[fold(p.display)] > 1)


def _surname(p: Entrant) -> str:
    """The folded last word of a player's full name (a short form has none: "")."""
    words = p.display.split()
    return fold(words[-1]) if len(words) > 1 else ""


def by_surname(players: Sequence[Entrant], typed: str) -> list[Entrant]:
    """The players whose surname is the nearest spelling of a word typed (`kowalsky`:
    both Kowalski), narrowed to those whose other words the other typed words start; none
    for a word of fewer than three letters or with no surname near it."""
    surnames = sorted({s for p in players if (s := _surname(p))})
    nearest_of = {w: nearest(w, surnames) if len(w) >= 3 else None for w in fold(typed).split()}
    near = {n for n in nearest_of.values() if n is not None}
    rest = [w for w, n in nearest_of.items() if n is None]
    found = [p for p in players if _surname(p) in near]
    narrowed = [p for p in found if all(any(x.startswith(w) for x in _words(p)) for w in rest)]
    return sorted(narrowed or found, key=lambda p: surname_first(p.display))


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
    hint = suggest(typed.strip(), names)
    near = by_surname(players, typed) if not hint else []
    if near:
        hint = _("; did you mean {names}?").format(
            names=_(" or ").join(candidate(p) if p.name in namesakes(players) else p.display
                                 for p in near[:8])
        )  # fmt: skip
    raise TournamentInputError(
        _('"{name}" is not a player of this tournament').format(name=typed) + hint
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
