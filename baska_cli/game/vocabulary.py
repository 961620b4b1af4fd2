"""The notation's words: the contracts' spellings, the contras, kara and adj, and how long a
word and a player's name may be."""

from __future__ import annotations

from baska_cli.game.model import Contract
from baska_cli.game.spelling import fold

# Every accepted spelling of a contract, normalised (lower case, no diacritics).
CONTRACT_ALIASES: dict[str, tuple[str, ...]] = {
    "zw": ("zwykla", "zwykła", "normal", "zwykla-gra"),
    "we": ("wesele", "wedding"),
    "ci": ("cicha", "silent"),
    "gr": ("gran",),
    "zo": ("zolo",),
    "gd": ("grandu", "gran-du"),
    "zd": ("zolodu", "zolo-du"),
    "ba": ("baska", "baśka", "baszka"),
    "me": ("mester", "méster"),
    "zb": ("bieda", "zolo-bieda", "zolobieda"),
}
MAX_TOKEN = 200  # longer words are quoted cut short: a hand is one short line
# A player's longest name: so that the callers of four contras, `k:A,B,C,D`, fit in a word.
MAX_NAME = (MAX_TOKEN - len("k:") - 3) // 4
PENALTY_WORD = "kara"
ADJUST_WORD = "adj"
CONTRA_NAMES = ("kontra", "rekontra", "bok", "hirsz")
COUNTED_CONTRAS = {"k": 1, "kr": 2, "krb": 3, "krbh": 4}
COUNTED_FORMS = {count: form for form, count in COUNTED_CONTRAS.items()}
# The players' words for the highest doubling call reached, in Polish and other spellings:
# `rekontra` is two counted contras, as `kr` is.
CONTRA_WORDS = {
    "kontra": 1, "contra": 1,
    "rekontra": 2, "recontra": 2, "re": 2,
    "bok": 3, "bock": 3,
    "hirsz": 4, "hirsch": 4,
}  # fmt: skip
CONTRA_SPELLINGS = (*COUNTED_CONTRAS, *CONTRA_WORDS)


def _derive_lookup() -> dict[str, Contract]:
    """The reverse table: every folded spelling to its contract (derived in one place)."""
    lookup: dict[str, Contract] = {}
    for short, aliases in CONTRACT_ALIASES.items():
        for spelling in (short, *aliases):
            lookup[fold(spelling)] = Contract(short)
    return lookup


CONTRACT_LOOKUP = _derive_lookup()


def other_digit(text: str) -> str | None:
    """The first character of the text that is a digit but not an ASCII one (`¹`, `٣`, `６`);
    numerals that are words too (`三` in a Chinese name) are not digits."""
    if text.isascii():
        return None
    return next((ch for ch in text if ch.isdigit() and not ch.isascii()), None)


EXAMPLE = "zw A+C 61 k"
