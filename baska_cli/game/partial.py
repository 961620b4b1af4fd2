"""What a line being typed still lacks before it is a hand: found by reading it completed.

The notation's rules stay in game/notation and game/correction: a line lacks a part when
the parser refuses it as typed but reads it once that part is added (a partner, card
points or tricks, a caller, a player being typed), and lacks nothing (it is complete, or
wrong) otherwise. The parts are facts; render/compact says them in words."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Literal

from baska_cli.errors import NotationError
from baska_cli.game.correction import correct
from baska_cli.game.model import DEFAULT_PLAYERS, SEATS, Contract, Entry, Hand, Play
from baska_cli.game.notation import parse_hand, token_kind
from baska_cli.game.seats import Table, table_of
from baska_cli.game.spelling import fold
from baska_cli.game.vocabulary import (
    ADJUST_WORD,
    CONTRA_SPELLINGS,
    CONTRACT_LOOKUP,
    PENALTY_WORD,
)

Part = Literal[
    "contract",  # the contract's word is being typed
    "player",  # the soloist
    "players",  # both players of a pair
    "partner",  # the second player of a pair
    "points",  # the card points (a number being typed, or none yet)
    "tricks",  # the tricks (`/` typed, or none yet in a du game)
    "callers",  # who called the contras (`k:` typed)
    "offender",  # who revoked (`kara` typed)
    "changes",  # an adjustment's changes (`adj` typed)
    "word",  # a word of the notation being typed (`kon` of kontra)
]
_GROWTH = "0123456789/"  # what a points word may grow by, a character at a time
_LONGEST = 5  # the characters of the longest points word, `104/4`
_TRIES = 150  # completions of a points word read at most (two more digits need 111)

Reads = Callable[[list[str]], bool]


def missing(
    text: str,
    players: Sequence[str] = DEFAULT_PLAYERS,
    contracts: Collection[Contract] | None = None,
) -> tuple[Part, ...]:
    """The parts a hand's line still lacks, in the order they are typed, when adding them
    makes a line parse_hand reads; () when it reads already or nothing added would make it
    read (then the parser's error stands). A last word with no space after it may still
    grow (`Z` of Zbigniew, `kon` of kontra); a points word may grow wherever it stands (the
    pad's keypad adds to it)."""
    tokens = text.split()
    if not tokens or _reads(lambda line: parse_hand(line, players, contracts), tokens):
        return ()
    table = table_of(tuple(players))
    growing = not text[-1].isspace()
    head = fold(tokens[0])
    if head == PENALTY_WORD:
        if len(tokens) == 1 or (len(tokens) == 2 and growing and _typing(tokens[1], table)):
            return ("offender",)
        return ()
    if head == ADJUST_WORD:
        return ("changes",) if len(tokens) == 1 else ()
    contract = CONTRACT_LOOKUP.get(head)
    if contract is None:
        words = [*_contract_words(contracts), PENALTY_WORD, ADJUST_WORD]
        return ("contract",) if len(tokens) == 1 and growing and _begins(head, words) else ()
    side = _side(
        tokens[1] if len(tokens) > 1 else "", contract, table, growing and len(tokens) == 2
    )
    if side is None:
        return ()
    side_word, lacks = side

    def reads(rest: list[str]) -> bool:
        line = [tokens[0], side_word, *rest]
        return _reads(lambda typed: parse_hand(typed, players, contracts), line)

    rest = _rest(tokens[2:], growing and len(tokens) > 2, contract, reads)
    return () if rest is None else (*lacks, *rest)


def correction_missing(
    old: Entry,
    words: str,
    players: Sequence[str] = DEFAULT_PLAYERS,
    contracts: Collection[Contract] | None = None,
) -> tuple[Part, ...]:
    """The parts a correction of `old` being typed (`+6` on the way to `+61`, a pair's
    first player) still lacks, as `missing` finds them, each completion read by
    game/correction.correct."""
    tokens = words.split()
    if not tokens or not isinstance(old, Hand):
        return ()

    def reads(line: list[str]) -> bool:
        if not any(line):
            return True  # (nothing left to correct: the hand as it was)
        return _reads(lambda typed: correct(old, typed, players, contracts), line)

    if reads(tokens):
        return ()
    table = table_of(tuple(players))
    growing = not words[-1].isspace()
    last = len(tokens) - 1
    kinds = [token_kind(token, contracts) for token in tokens]
    if kinds[:2] == ["contract", None]:
        return missing(words, players, contracts)  # a whole hand typed
    named = [i for i, kind in enumerate(kinds) if kind == "contract"]
    contract = CONTRACT_LOOKUP[fold(tokens[named[0]])] if named else old.contract
    fixed = [tokens[i] for i in named]
    side_at = next(
        (
            i
            for i, kind in enumerate(kinds)
            if kind is None and not _begins_rest(tokens[i], growing and i == last)
        ),
        None,
    )
    if side_at is not None:
        side = _side(tokens[side_at], contract, table, growing and side_at == last)
    elif contract.info.side_size != len(old.declarers):  # `+zo` after zw: whose solo?
        kept = old.declarers[: contract.info.side_size]
        side = _side("+".join(_seat_word(seat, table) for seat in kept), contract, table, False)
        if side is not None and contract.info.side_size < len(old.declarers):
            side = (side[0], ("player",))  # (which of the pair plays it alone)
    else:
        side = ("", ())
    if side is None:
        return ()
    fixed.append(side[0])
    rest = [t for i, t in enumerate(tokens) if i not in named and i != side_at]
    open_rest = growing and side_at != last and kinds[last] != "contract"
    found = _rest(rest, open_rest, contract, lambda more: reads([*fixed, *more]))
    return () if found is None else (*side[1], *found)


def _reads(parse: Callable[[str], object], words: list[str]) -> bool:
    """Whether the words (empty ones left out) are read without a NotationError."""
    try:
        parse(" ".join(word for word in words if word))
    except NotationError:
        return False
    return True


def _begins(low: str, words: Collection[str]) -> bool:
    """Whether the folded word is the beginning of one of `words`, not a whole one."""
    return any(word != low and word.startswith(low) for word in words)


def _begins_rest(token: str, growing: bool) -> bool:
    """Whether a word after the side is a contra's word or kara being typed (`kon`)."""
    if not growing or token_kind(token) is not None:
        return False
    return _begins(fold(token), [*CONTRA_SPELLINGS, PENALTY_WORD])


def _contract_words(contracts: Collection[Contract] | None) -> list[str]:
    """Every spelling of the contracts (of the rules, if given)."""
    return [w for w, c in CONTRACT_LOOKUP.items() if contracts is None or c in contracts]


def _typing(token: str, table: Table) -> bool:
    """Whether a player's word may still be being typed: it begins more than one name."""
    return len(table.matches(token)) > 1


def _side(
    word: str, contract: Contract, table: Table, growing: bool
) -> tuple[str, tuple[Part, ...]] | None:
    """The declaring side typed so far, completed with other seats when players are
    missing, and what is missing; None when it cannot be the side."""
    size = contract.info.side_size
    parts = word.split("+") if word else []
    if parts and not parts[-1] and len(parts) > 1:
        parts.pop()  # `A+`: the partner comes next
    if growing and parts and _typing(parts[-1], table):
        parts.pop()  # the last name still being typed (`Z` of Zbigniew or Zofia)
    try:
        seats = table.seats("+".join(parts), "+") if parts else ()
    except NotationError:
        return None
    if len(set(seats)) != len(seats) or len(seats) > size:
        return None
    if len(seats) == size:
        return (word, ()) if "+".join(parts) == word else None
    fill = [seat for seat in range(SEATS) if seat not in seats][: size - len(seats)]
    lack: Part = "partner" if seats else ("players" if size == 2 else "player")
    return "+".join(_seat_word(seat, table) for seat in (*seats, *fill)), (lack,)


def _seat_word(seat: int, table: Table) -> str:
    """A seat as a word of the side: its player's name where that reads back as the seat
    alone and as no other word (a correction takes a bare number for points), else its
    number."""
    name = table.names[seat]
    try:
        alone = "+" not in name and table.seats(name, "+") == (seat,)
    except NotationError:
        alone = False
    return name if alone and token_kind(name) is None else str(seat + 1)


def _rest(
    words: list[str], growing: bool, contract: Contract, reads: Reads
) -> tuple[Part, ...] | None:
    """What the words after the side lack (points or tricks, callers, a word being typed),
    or None when no completion of them reads."""
    words = list(words)
    lacks: list[Part] = []
    if words and _begins_rest(words[-1], growing):
        words.pop()
        lacks.append("word")
    for at, word in enumerate(words):
        low = fold(word)
        if low.startswith("k:") and (low == "k:" or low.endswith(",")):
            words[at] = word + "1"  # a caller (any seat reads: scoring judges who)
            lacks.insert(0, "callers")
    if any(token_kind(word) is None and not _points_so_far(word) for word in words):
        return None  # a word no completion reads
    points = next((i for i, word in enumerate(words) if _points_so_far(word)), None)
    if points is None:
        if reads(words):
            return tuple(lacks)
        words.append("")
        points = len(words) - 1
    grew = _grow(words, points, reads)
    if grew is None:
        return None
    if grew:
        tricks = contract.info.play is Play.TRICKS or words[points].endswith("/")
        lacks.insert(0, "tricks" if tricks else "points")
    return tuple(lacks)


def _points_so_far(word: str) -> bool:
    """Whether the word is card points or tricks, or their beginning (`61/`, `/`)."""
    return token_kind(word) == "points" or token_kind(word + "0") == "points"


def _grow(words: list[str], at: int, reads: Reads) -> bool | None:
    """Whether the points word at `at` must grow for the words to read (False: they read
    as typed), or None when no longer points word makes them read."""
    frontier = [words[at]]
    tries = _TRIES
    for depth in range(_LONGEST + 1):
        for word in frontier:
            if word != "" and token_kind(word) != "points":
                continue
            if tries == 0:
                return None  # (the points are not what keeps the line from being read)
            tries -= 1
            if reads([*words[:at], word, *words[at + 1 :]]):
                return depth > 0
        frontier = [word + c for word in frontier for c in _GROWTH if _points_so_far(word + c)]
        frontier = [word for word in frontier if len(word) <= _LONGEST]
    return None
