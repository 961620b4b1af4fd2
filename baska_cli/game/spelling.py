"""How typed words compare: spellings folded (no case, no diacritics), names in alphabetical
order (Polish: ą after a, ł after l, ż last), edit distance, the choice a typo most likely meant
and the `did you mean` hint."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from baska_cli.i18n import _


def fold(text: str) -> str:
    """Lower case without diacritics, so `Zwykła`, `zwykla` and `ZWYKŁA` compare equal."""
    if text.isascii():  # no diacritics to take off (the common case: a ledger's hands)
        return text.lower()
    text = text.lower().replace("ł", "l")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# the Polish alphabet in its order; a letter outside it sorts as its base letter, just after it
ALPHABET = "aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż"
_RANK = {letter: 20 + 2 * rank for rank, letter in enumerate(ALPHABET)}


def collation_key(text: str) -> tuple[int, ...]:
    """A key that sorts text in the alphabet's order, case-blind (Łucja after Lucyna, Żaneta
    after Zofia); a space or a mark sorts before any letter, a digit before the letters."""
    key = []
    for ch in text.casefold():
        rank = _RANK.get(ch)
        if rank is None:
            base = unicodedata.normalize("NFKD", ch)[:1]
            if base in _RANK:
                rank = _RANK[base] + 1
            elif ch in "0123456789":
                rank = 1 + int(ch)
            elif ch.isalpha():
                rank = 20 + 2 * len(ALPHABET) + ord(ch)
            else:
                rank = 0
        key.append(rank)
    return tuple(key)


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: insertions, deletions and substitutions."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


# the letter keys of a QWERTY keyboard: (row, column), each row set off half a key from the last
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_KEY_AT = {
    key: (row, column + row * 0.5)
    for row, keys in enumerate(_ROWS)
    for column, key in enumerate(keys)
}


def neighbours(a: str, b: str) -> bool:
    """Whether two letters are next to each other on a QWERTY keyboard (`q` and `w`)."""
    if a not in _KEY_AT or b not in _KEY_AT or a == b:
        return False
    (row_a, col_a), (row_b, col_b) = _KEY_AT[a], _KEY_AT[b]
    return abs(row_a - row_b) <= 1 and abs(col_a - col_b) <= 1


def key_distance(a: str, b: str) -> float:
    """Edit distance in which a letter typed for its neighbour on the keyboard costs half
    an edit (`zq` is nearer `zw` than `zb`)."""
    previous: list[float] = [float(j) for j in range(len(b) + 1)]
    for i, ca in enumerate(a, start=1):
        current = [float(i)]
        for j, cb in enumerate(b, start=1):
            swap = 0.0 if ca == cb else (0.5 if neighbours(ca, cb) else 1.0)
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + swap))
        previous = current
    return previous[-1]


def nearest(word: str, choices: Sequence[str], keyboard: bool = False) -> str | None:
    """The choice a typo most likely meant (fewest edits, then same first and last letter);
    with `keyboard`, a neighbouring key typed for a letter counts half an edit."""
    limit = max(1, len(word) // 2)
    # edit distance is at least the difference in length: skip what cannot be within the limit
    # (and keep a million-character word from costing minutes of edit distances)
    choices = [choice for choice in choices if abs(len(word) - len(choice)) <= limit]
    if not word or not choices:
        return None

    distance = key_distance if keyboard else edit_distance

    def rank(choice: str) -> tuple[float, bool, bool, int]:
        return (
            distance(word, choice),
            word[0] != choice[0],
            word[-1] != choice[-1],
            abs(len(word) - len(choice)),
        )

    best = min(choices, key=rank)
    return best if distance(word, best) <= limit else None


def suggest(word: str, choices: Sequence[str]) -> str:
    """`; did you mean "x"?` for the nearest choice, or nothing."""
    near = nearest(word, choices)
    return _('; did you mean "{word}"?').format(word=near) if near else ""
