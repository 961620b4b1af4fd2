"""The hand notation: parse_hand(text, players) -> Entry and format_hand(entry, players) -> str."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from baska_cli import deck
from baska_cli.errors import NotationError
from baska_cli.model import (
    DEFAULT_PLAYERS,
    SEATS,
    TOTAL_POINTS,
    TOTAL_TRICKS,
    Adjustment,
    Contract,
    Entry,
    Hand,
    Penalty,
    Play,
)

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

# numbers are ASCII digits only (`\d` would take "٦١" or "６１" too)
_POINTS_RE = re.compile(r"([0-9]{1,3})?(?:/([0-9]{1,2}))?\Z")
_ADJ_RE = re.compile(r"(.+?)([+-][0-9]{1,6})\Z")
_CONTRA_COUNT_RE = re.compile(r"k[0-9]{1,2}\Z")


def fold(text: str) -> str:
    """Lower case without diacritics, so `Zwykła`, `zwykla` and `ZWYKŁA` compare equal."""
    if text.isascii():  # no diacritics to take off (the common case: a ledger's hands)
        return text.lower()
    text = text.lower().replace("ł", "l")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _derive_lookup() -> dict[str, Contract]:
    """The reverse table: every folded spelling to its contract (derived in one place)."""
    lookup: dict[str, Contract] = {}
    for short, aliases in CONTRACT_ALIASES.items():
        for spelling in (short, *aliases):
            lookup[fold(spelling)] = Contract(short)
    return lookup


CONTRACT_LOOKUP = _derive_lookup()


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance: insertions, deletions and substitutions."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i]
        for j, cb in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def nearest(word: str, choices: Sequence[str]) -> str | None:
    """The choice a typo most likely meant (fewest edits, then same first and last letter)."""
    limit = max(1, len(word) // 2)
    # edit distance is at least the difference in length: skip what cannot be within the limit
    # (and keep a million-character word from costing minutes of edit distances)
    choices = [choice for choice in choices if abs(len(word) - len(choice)) <= limit]
    if not word or not choices:
        return None

    def rank(choice: str) -> tuple[int, bool, bool, int]:
        return (
            edit_distance(word, choice),
            word[0] != choice[0],
            word[-1] != choice[-1],
            abs(len(word) - len(choice)),
        )

    best = min(choices, key=rank)
    return best if edit_distance(word, best) <= limit else None


def _suggest(word: str, choices: Sequence[str]) -> str:
    """`; did you mean "x"?` for the nearest choice, or nothing."""
    near = nearest(word, choices)
    return f'; did you mean "{near}"?' if near else ""


def other_digit(text: str) -> str | None:
    """The first character of the text that is a digit but not an ASCII one (`¹`, `٣`, `６`);
    numerals that are words too (`三` in a Chinese name) are not digits."""
    if text.isascii():
        return None
    return next((ch for ch in text if ch.isdigit() and not ch.isascii()), None)


def _quoted_in(part: str, whole: str) -> str:
    """`"E" in "A+E"`, or just `"E"` when the part is the whole token."""
    return f'"{part}"' if part == whole else f'"{part}" in "{whole}"'


class _Table:
    """The players of one table and how a typed player resolves to a seat."""

    def __init__(self, players: Sequence[str]) -> None:
        self.names = tuple(players)
        self.folded = [fold(n) for n in self.names]
        initials = [f[:1] for f in self.folded]  # a name may fold to nothing (a lone accent)
        self.initials = initials if len(set(initials)) == SEATS else None

    def listing(self) -> str:
        return ", ".join(f"{i + 1}={n}" for i, n in enumerate(self.names))

    def seat(self, typed: str, whole: str) -> int:
        """The seat of one typed player: seat number, name or unique prefix."""
        key = fold(typed)
        if typed.isascii() and typed.isdigit() and 1 <= int(typed) <= SEATS:
            return int(typed) - 1
        if key in self.folded:
            return self.folded.index(key)
        matches = [i for i, n in enumerate(self.folded) if key and n.startswith(key)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            which = " and ".join(self.names[i] for i in matches)
            raise NotationError(
                f"{_quoted_in(typed, whole)} is ambiguous: it starts {which}; "
                f"players: {self.listing()}"
            )
        raise NotationError(
            f"{_quoted_in(typed, whole)} is not a player; players: {self.listing()}"
            + _suggest(typed, self.names)
        )

    def seats(self, token: str, separator: str) -> tuple[int, ...]:
        """Several players joined by the separator, or run together as initials or digits."""
        parts = token.split(separator)
        if len(parts) == 1 and len(token) > 1:
            whole_name = self._try_seat(token)
            if whole_name is not None:
                return (whole_name,)
            key = fold(token)
            seats = token.isascii() and token.isdigit()
            if seats or (self.initials and all(ch in self.initials for ch in key)):
                parts = list(token)
        if any(not part for part in parts):
            raise NotationError(f'"{token}" has an empty player; write players as A+C or 1+3')
        return tuple(self.seat(part, token) for part in parts)

    def _try_seat(self, typed: str) -> int | None:
        try:
            return self.seat(typed, typed)
        except NotationError:
            return None


@lru_cache(maxsize=16)
def _table(players: tuple[str, ...]) -> _Table:
    """The table of these players (built once: a ledger parses every hand with the same)."""
    return _Table(players)


def player_seat(typed: str, players: Sequence[str] = DEFAULT_PLAYERS) -> int:
    """The seat (0–3) of one player typed as a seat number, a name or a unique prefix."""
    return _Table(players).seat(typed.strip(), typed.strip())


def parse_hand(text: str, players: Sequence[str] = DEFAULT_PLAYERS) -> Entry:
    """Read one line of notation, e.g. `zw A+C 61 k`, into a Hand, Penalty or Adjustment."""
    tokens = text.split()
    if not tokens:
        raise NotationError('an empty hand; expected e.g. "zw A+C 61 k"')
    too_long = next((t for t in tokens if len(t) > MAX_TOKEN), None)
    if too_long is not None:
        raise NotationError(
            f'"{too_long[:40]}…" ({len(too_long)} characters) is not a token of a hand; '
            f'a hand is one short line, e.g. "zw A+C 61 k"'
        )
    if not text.isascii():
        for token in tokens:
            digit = other_digit(token)
            if digit is not None:
                raise NotationError(
                    f'"{token}": "{digit}" is not a digit 0–9; points, tricks, seats, contras '
                    f"and changes are written with the digits 0–9"
                )
    table = _table(tuple(players))
    head = fold(tokens[0])
    if head == PENALTY_WORD:
        return _parse_penalty(tokens, table)
    if head == ADJUST_WORD:
        return _parse_adjustment(tokens, table)
    contract = CONTRACT_LOOKUP.get(head)
    if contract is None:
        near = nearest(head, sorted(CONTRACT_LOOKUP))
        hint = ""
        if near:
            c = CONTRACT_LOOKUP[near]
            hint = f'; did you mean "{c.value}" ({c.info.name})?'
        raise NotationError(
            f'"{tokens[0]}" is not a contract; expected one of '
            f"{', '.join(c.value for c in Contract)}{hint}"
        )
    if len(tokens) < 2:
        raise NotationError(
            f'"{text.strip()}" needs the declaring side after the contract, e.g. '
            f'"{contract.value} {"A+C" if contract.is_pair else "A"}"'
        )
    declarers = _parse_side(contract, tokens[1], table)
    return _parse_rest(contract, declarers, tokens[2:], table)


def token_kind(token: str) -> str | None:
    """What a word of a hand is, read alone: "contract", "points" (points and/or tricks),
    "contras", "kara", or None (a player or players, or nothing known). A number is points."""
    low = fold(token)
    if low in CONTRACT_LOOKUP:
        return "contract"
    match = _POINTS_RE.match(low)
    if match and (match.group(1) or match.group(2)):
        return "points"
    if low.startswith("k:") or low in COUNTED_CONTRAS or _CONTRA_COUNT_RE.match(low):
        return "contras"
    if low == PENALTY_WORD:
        return "kara"
    return None


def _parse_side(contract: Contract, token: str, table: _Table) -> tuple[int, ...]:
    """The declaring side: two players for zw and we, one for the rest."""
    seats = table.seats(token, "+")
    size = contract.info.side_size
    if len(set(seats)) != len(seats):
        raise NotationError(f'"{token}" names the same player twice; players: {table.listing()}')
    if len(seats) != size:
        want = "two players, e.g. A+C" if size == 2 else "one player, e.g. B"
        raise NotationError(
            f'"{token}": {contract.info.name} ({contract.value}) is played by {want}; '
            f"players: {table.listing()}"
        )
    if contract is Contract.ZW:
        seats = tuple(sorted(seats))
    return seats


def _parse_rest(
    contract: Contract, declarers: tuple[int, ...], tokens: list[str], table: _Table
) -> Hand:
    """Points/tricks, contras and the kara flag, in any order."""
    points: int | None = None
    tricks: int | None = None
    contras = 0
    callers: tuple[int, ...] | None = None
    kara = False
    seen: set[str] = set()
    for token in tokens:
        low = fold(token)
        kind: str
        match = _POINTS_RE.match(low)
        if match and (match.group(1) or match.group(2)):
            kind = "points"
            points = int(match.group(1)) if match.group(1) else None
            tricks = int(match.group(2)) if match.group(2) else None
        elif low.startswith("k:"):
            kind = "contras"
            callers = _parse_callers(token, table)
        elif low in COUNTED_CONTRAS:
            kind = "contras"
            contras = COUNTED_CONTRAS[low]
        elif _CONTRA_COUNT_RE.match(low):
            kind = "contras"
            contras = int(low[1:])
        elif low == PENALTY_WORD:
            kind = "kara"
            kara = True
        else:
            raise NotationError(_unknown_token(token))
        if kind in seen:
            raise NotationError(f'"{token}": the {kind} are given twice in one hand')
        seen.add(kind)
    hand = Hand(contract, declarers, points, tricks, contras, callers, kara)
    _check_play(hand, tokens)
    return hand


def _unknown_token(token: str) -> str:
    """The message for a token that is neither points, contras nor a flag."""
    low = fold(token)
    if low.startswith("k"):
        return (
            f'"{token}" is not a contra; expected k, kr, krb, krbh (1–4 counted contras), '
            f"k0…k4, or the callers in order as k:B,A,D"
            + _suggest(low, [*COUNTED_CONTRAS, PENALTY_WORD])
        )
    if re.fullmatch(r"[0-9/]+", low):
        return (
            f'"{token}" is not points/tricks; expected points 0–104, points/tricks '
            f'such as "61/2", or tricks alone as "/4"'
        )
    return (
        f'"{token}" is not understood; after the side come the card points ("61", "61/2", '
        f'"/4"), the contras ("k", "kr", "k:B,A") and "kara"'
        + _suggest(low, [*COUNTED_CONTRAS, PENALTY_WORD])
    )


def _parse_callers(token: str, table: _Table) -> tuple[int, ...]:
    """`k:B,A,D` or `k:BAD`: who said each doubling call, in order."""
    body = token[2:]
    if not body:
        raise NotationError(f'"{token}" names no caller; expected e.g. "k:B,A,D"')
    try:
        return table.seats(body, ",")
    except NotationError as exc:
        raise NotationError(f'{exc} (in the contras "{token}")') from None


def _check_play(hand: Hand, tokens: list[str]) -> None:
    """Points and tricks that the contract needs and the deck allows."""
    contract, points, tricks = hand.contract, hand.points, hand.tricks
    given = next((t for t in tokens if _POINTS_RE.match(t) and t.strip("/")), "")
    play = contract.info.play
    name = f"{contract.info.name} ({contract.value})"
    if play is Play.NONE:
        if points is not None or tricks is not None:
            raise NotationError(f'"{given}": {name} is not played, so it takes no points or tricks')
        return
    if play is Play.POINTS and points is None:
        raise NotationError(
            f"{name} needs the declaring side's card points, e.g. "
            f'"{contract.value} {"A+C" if contract.is_pair else "A"} 61" or "… 61/2"'
        )
    if play is Play.TRICKS and points is None and tricks is None:
        raise NotationError(f'{name} needs the declarer\'s tricks, e.g. "/4" (all four) or "/3"')
    if points is not None and points > TOTAL_POINTS:
        raise NotationError(f'"{given}": card points go from 0 to {TOTAL_POINTS}')
    if tricks is not None and tricks > TOTAL_TRICKS:
        raise NotationError(f'"{given}": tricks go from 0 to {TOTAL_TRICKS}')
    if not deck.is_possible(points, tricks):
        assert points is not None
        near = " or ".join(str(p) for p in deck.nearest_points(points, tricks))
        if tricks is None:
            raise NotationError(
                f'"{given}": no side can take exactly {points} card points with this deck; '
                f"the nearest possible {_totals(near)}"
            )
        can = sorted(deck.tricks_for_points(points))
        in_tricks = f"; {points} is possible in {_tricks_text(can)}" if can else ""
        raise NotationError(
            f'"{given}": {points} card points cannot be taken in {_tricks_text([tricks])}; '
            f"with {_tricks_text([tricks])} the nearest possible {_totals(near)}{in_tricks}"
        )


def _totals(near: str) -> str:
    """`totals are 64 or 66`, `total is 104`."""
    return f"totals are {near}" if " or " in near else f"total is {near}"


def _tricks_text(counts: list[int]) -> str:
    """`1 trick`, `2 tricks`, `1 or 2 tricks`."""
    word = "trick" if counts == [1] else "tricks"
    return " or ".join(str(c) for c in counts) + f" {word}"


def _parse_penalty(tokens: list[str], table: _Table) -> Penalty:
    """`kara X`: player X revoked."""
    if len(tokens) != 2:
        raise NotationError(
            f'"{" ".join(tokens)}": a penalty is written "kara X" with the one player who revoked; '
            f'for a soloist\'s revoke write "kara" after the hand, e.g. "zo A 70 kara"'
        )
    return Penalty(table.seat(tokens[1], tokens[1]))


def _parse_adjustment(tokens: list[str], table: _Table) -> Adjustment:
    """`adj A+4 B-12 C+4 D+4`: a referee's adjustment; players left out change by 0."""
    deltas = [0] * SEATS
    seen: set[int] = set()
    if len(tokens) < 2:
        raise NotationError('"adj" needs the changes, e.g. "adj A+4 B-12 C+4 D+4"')
    for token in tokens[1:]:
        match = _ADJ_RE.match(token)
        if not match:
            raise NotationError(
                f'"{token}" is not a change; expected a player and a signed number, e.g. "B-12"'
            )
        seat = table.seat(match.group(1), token)
        if seat in seen:
            raise NotationError(f'"{token}": {table.names[seat]} is adjusted twice')
        seen.add(seat)
        deltas[seat] = int(match.group(2))
    if sum(deltas) != 0:
        raise NotationError(
            f'"{" ".join(tokens)}": an adjustment must sum to zero, this one sums to '
            f"{sum(deltas):+d}"
        )
    return Adjustment((deltas[0], deltas[1], deltas[2], deltas[3]))


def canonical(entry: Entry, players: Sequence[str] = DEFAULT_PLAYERS) -> str:
    """The canonical text of an entry, refused (NotationError) if a word of it would be too
    long to be read back: many callers with long names (`k:…`) can make one."""
    text = format_hand(entry, players)
    too_long = next((t for t in text.split() if len(t) > MAX_TOKEN), None)
    if too_long is not None:
        raise NotationError(
            f'written out with the players\' names, "{too_long[:40]}…" has {len(too_long)} '
            f"characters, more than the {MAX_TOKEN} a word of a hand may have; write fewer "
            f"contras (the counted form, e.g. k4) or record the hand under shorter names"
        )
    return text


def format_hand(entry: Entry, players: Sequence[str] = DEFAULT_PLAYERS) -> str:
    """The canonical text of an entry; parse_hand(format_hand(e)) == e."""
    if isinstance(entry, Penalty):
        return f"{PENALTY_WORD} {players[entry.offender]}"
    if isinstance(entry, Adjustment):
        changes = " ".join(f"{players[s]}{d:+d}" for s, d in enumerate(entry.deltas))
        return f"{ADJUST_WORD} {changes}"
    parts = [entry.contract.value, "+".join(players[s] for s in entry.declarers)]
    if entry.points is not None or entry.tricks is not None:
        points = "" if entry.points is None else str(entry.points)
        tricks = "" if entry.tricks is None else f"/{entry.tricks}"
        parts.append(points + tricks)
    if entry.callers is not None:
        parts.append("k:" + ",".join(players[s] for s in entry.callers))
    elif entry.contras:
        parts.append(COUNTED_FORMS.get(entry.contras, f"k{entry.contras}"))
    if entry.kara:
        parts.append(PENALTY_WORD)
    return " ".join(parts)
