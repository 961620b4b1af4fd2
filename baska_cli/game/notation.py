"""The hand notation: parse_hand(text, players) -> Entry and format_hand(entry, players) -> str."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from baska_cli.errors import NotationError
from baska_cli.game.card_points import check_play, side_example
from baska_cli.game.model import (
    DEFAULT_PLAYERS,
    SEATS,
    Adjustment,
    Contract,
    Entry,
    Hand,
    Penalty,
)
from baska_cli.game.seats import Table, table_of
from baska_cli.game.spelling import edit_distance, fold, nearest, suggest
from baska_cli.game.vocabulary import (
    ADJUST_WORD,
    CONTRA_SPELLINGS,
    CONTRA_WORDS,
    CONTRACT_LOOKUP,
    COUNTED_CONTRAS,
    COUNTED_FORMS,
    EXAMPLE,
    MAX_TOKEN,
    PENALTY_WORD,
    other_digit,
)
from baska_cli.i18n import _, ngettext

# numbers are ASCII digits only (`\d` would take "٦١" or "６１" too)
_POINTS_RE = re.compile(r"([0-9]{1,3})?(?:/([0-9]{1,2}))?\Z")
_ADJ_RE = re.compile(r"(.+?)([+-][0-9]{1,6})\Z")
_CONTRA_COUNT_RE = re.compile(r"(?:k|kontra|contra)([0-9]{1,2})\Z")


def parse_hand(
    text: str,
    players: Sequence[str] = DEFAULT_PLAYERS,
    contracts: Collection[Contract] | None = None,
) -> Entry:
    """Read one line of notation, e.g. `zw A+C 61 k`, into a Hand, Penalty or Adjustment.
    `contracts`, the contracts of the rules in force (None: every contract), are those a
    typo is compared with and listed (a contract the rules lack is left to scoring)."""
    tokens = text.split()
    if not tokens:
        raise NotationError(_('an empty hand; expected e.g. "{example}"').format(example=EXAMPLE))
    too_long = None
    if len(text) > MAX_TOKEN:  # (else no word of it is longer)
        too_long = next((t for t in tokens if len(t) > MAX_TOKEN), None)
    if too_long is not None:
        raise NotationError(
            ngettext(
                '"{start}…" ({count} character) is not a word of a hand; a hand is one short '
                'line, e.g. "{example}"',
                '"{start}…" ({count} characters) is not a word of a hand; a hand is one short '
                'line, e.g. "{example}"',
                len(too_long),
            ).format(start=too_long[:40], count=len(too_long), example=EXAMPLE)
        )
    if not text.isascii():
        for token in tokens:
            digit = other_digit(token)
            if digit is not None:
                raise NotationError(
                    _(
                        '"{token}": "{digit}" is not a digit 0–9; points, tricks, seats, '
                        "contras and changes are written with the digits 0–9"
                    ).format(token=token, digit=digit)
                )
    table = table_of(tuple(players))
    head = fold(tokens[0])
    if head == PENALTY_WORD:
        return _parse_penalty(tokens, table)
    if head == ADJUST_WORD:
        return _parse_adjustment(tokens, table)
    contract = CONTRACT_LOOKUP.get(head)
    if contract is None:
        known = [c for c in Contract if contracts is None or c in contracts]
        message = _('"{typed}" is not a contract; expected one of {contracts}').format(
            typed=tokens[0], contracts=", ".join(c.value for c in known)
        )
        spellings = sorted(word for word, c in CONTRACT_LOOKUP.items() if c in known)
        near = nearest(head, spellings, keyboard=True)
        if near:
            c = CONTRACT_LOOKUP[near]
            message += _('; did you mean "{short}" ({contract})?').format(
                short=c.value, contract=c.info.name
            )
        raise NotationError(message)
    if len(tokens) < 2:
        raise NotationError(
            _('"{typed}" needs the declaring side after the contract, e.g. "{example}"').format(
                typed=text.strip(), example=f"{contract.value} {side_example(contract)}"
            )
        )
    declarers = _parse_side(contract, tokens, table)
    return _parse_rest(contract, declarers, tokens[2:], table)


def token_kind(token: str, contracts: Collection[Contract] | None = None) -> str | None:
    """What a word of a hand is, read alone: "contract", "points" (points and/or tricks),
    "contras", "kara", or None (a player or players, or nothing known). A number is points.
    With `contracts` (the rules' own), a contract's name the rules lack is no contract: it
    may be a player (`zb` under plb is Zbigniew)."""
    low = fold(token)
    contract = CONTRACT_LOOKUP.get(low)
    if contract is not None and (contracts is None or contract in contracts):
        return "contract"
    return _token_kind(low)


def _token_kind(low: str) -> str | None:
    """What a folded word after the side is: "points", "contras", "kara", or None."""
    match = _POINTS_RE.match(low)
    if match and (match.group(1) or match.group(2)):
        return "points"
    if low.startswith("k:") or low in COUNTED_CONTRAS or low in CONTRA_WORDS:
        return "contras"
    if _CONTRA_COUNT_RE.match(low):
        return "contras"
    if low == PENALTY_WORD:
        return "kara"
    return None


def _parse_side(contract: Contract, tokens: list[str], table: Table) -> tuple[int, ...]:
    """The declaring side: two players for zw and we, one for the rest."""
    token = tokens[1]
    try:
        seats = table.seats(token, "+")
    except NotationError:
        if _token_kind(fold(token)) is None:
            raise
        raise NotationError(_word_order(contract, tokens, table)) from None
    size = contract.info.side_size
    if len(set(seats)) != len(seats):
        raise NotationError(
            _('"{typed}" names the same player twice; players: {players}').format(
                typed=token, players=table.listing()
            )
        )
    if len(seats) != size:
        message = (
            _('"{typed}": {contract} ({short}) is played by two players, e.g. A+C; '
              "players: {players}")
            if size == 2
            else _('"{typed}": {contract} ({short}) is played by one player, e.g. B; '
                   "players: {players}")
        )  # fmt: skip
        raise NotationError(
            message.format(
                typed=token,
                contract=contract.info.name,
                short=contract.value,
                players=table.listing(),
            )
        )
    if contract is Contract.ZW:
        seats = tuple(sorted(seats))
    return seats


def _word_order(contract: Contract, tokens: list[str], table: Table) -> str:
    """The message for a hand whose second word is not the side but points or contras
    (`zw 61 A+C`): the order of the words, with the hand put in order where it can be."""
    side = next((t for t in tokens[2:] if _is_side(contract, t, table)), None)
    if side is None:
        example = f"{contract.value} {side_example(contract)} {' '.join(tokens[1:])}"
    else:
        rest = [t for t in tokens[1:] if t is not side]
        example = " ".join([tokens[0], side, *rest])
    return _(
        '"{typed}" stands where the declaring side goes: first the contract, then who '
        'played, then the rest; e.g. "{example}"'
    ).format(typed=tokens[1], example=example)


def _is_side(contract: Contract, token: str, table: Table) -> bool:
    """Whether the token names the right number of different players for the contract."""
    if _token_kind(fold(token)) is not None:
        return False
    try:
        seats = table.seats(token, "+")
    except NotationError:
        return False
    return len(set(seats)) == len(seats) == contract.info.side_size


def _parse_rest(
    contract: Contract, declarers: tuple[int, ...], tokens: list[str], table: Table
) -> Hand:
    """Points/tricks, contras and the kara flag, in any order."""
    points: int | None = None
    tricks: int | None = None
    contras = 0
    callers: tuple[int, ...] | None = None
    typed_contras = typed_kara = ""
    seen: dict[str, str] = {}
    for token in tokens:
        low = fold(token)
        kind = _token_kind(low)
        if kind is None:
            raise NotationError(_unknown_token(token, contract, table))
        if kind in seen:
            raise NotationError(_given_twice(kind, seen[kind], token))
        seen[kind] = token
        if kind == "points":
            match = _POINTS_RE.match(low)
            assert match is not None
            points = int(match.group(1)) if match.group(1) else None
            tricks = int(match.group(2)) if match.group(2) else None
        elif kind == "kara":
            typed_kara = token
        else:
            typed_contras = token
            counted = _CONTRA_COUNT_RE.match(low)
            if low.startswith("k:"):
                callers = _parse_callers(token, table)
            elif counted:
                contras = int(counted.group(1))
            else:
                contras = COUNTED_CONTRAS.get(low) or CONTRA_WORDS[low]
    hand = Hand(
        contract,
        declarers,
        points,
        tricks,
        contras,
        callers,
        bool(typed_kara),
        typed_contras=typed_contras,
        typed_kara=typed_kara,
    )
    check_play(hand, seen.get("points", ""))
    return hand


def _given_twice(kind: str, first: str, again: str) -> str:
    """The message for a second word of the same kind ("61" and then "70")."""
    message = {
        "points": _('"{again}": the card points are given twice in one hand (first "{first}")'),
        "contras": _('"{again}": the contras are given twice in one hand (first "{first}"); '
                     'give the highest call reached, e.g. "rekontra" or "kr"'),
        "kara": _('"{again}": "kara" is given twice in one hand'),
    }[kind]  # fmt: skip
    return message.format(again=again, first=first)


def _contra_like(low: str) -> bool | None:
    """Whether an unknown word was meant as contras (True), as kara (False), or neither
    clearly (None): so that a suggestion is always a word of the kind typed."""
    if re.fullmatch(r"k[rbh0-9]*", low):
        return True
    to_contras = min(edit_distance(low, w) for w in CONTRA_SPELLINGS)
    to_kara = edit_distance(low, PENALTY_WORD)
    if len(low) >= 3 and to_kara < to_contras and to_kara <= len(low) // 2:
        return False
    near = nearest(low, CONTRA_SPELLINGS)
    if low.startswith("k") or (len(low) >= 3 and near and near[0] == low[0]):
        return True
    return None


def _unknown_token(token: str, contract: Contract, table: Table) -> str:
    """The message for a token that is neither points, contras nor a flag."""
    low = fold(token)
    if re.fullmatch(r"[0-9/]+", low):
        return _(
            '"{typed}" is not points/tricks; expected points 0–104, points/tricks such as '
            '"61/2", or tricks alone as "/4"'
        ).format(typed=token)
    if _is_side(contract, token, table) or "+" in token:
        return _(
            '"{typed}" names players, but the declaring side was given already: it is the '
            'second word, right after the contract, e.g. "{example}"'
        ).format(typed=token, example=f"{contract.value} {token} 61")
    kind = _contra_like(low)
    if kind:
        return _(
            '"{typed}" is not a contra; expected kontra, rekontra, bok, hirsz (or k, kr, '
            "krb, krbh: 1–4 counted contras), k0…k4, or the callers in order as k:B,A,D"
        ).format(typed=token) + suggest(low, CONTRA_SPELLINGS)
    suggestion = suggest(low, [PENALTY_WORD]) if kind is False else ""
    return (
        _(
            '"{typed}" is not understood; after the side come the card points ("61", "61/2", '
            '"/4"), the contras ("kontra", "rekontra", "kr", "k:B,A") and "kara"'
        ).format(typed=token)
        + suggestion
    )


def _parse_callers(token: str, table: Table) -> tuple[int, ...]:
    """`k:B,A,D` or `k:BAD`: who said each doubling call, in order."""
    body = token[2:]
    if not body:
        raise NotationError(
            _('"{typed}" names no caller; expected e.g. "k:B,A,D"').format(typed=token)
        )
    try:
        return table.seats(body, ",")
    except NotationError as exc:
        raise NotationError(
            _('{error} (in the contras "{typed}")').format(error=exc, typed=token)
        ) from None


def _parse_penalty(tokens: list[str], table: Table) -> Penalty:
    """`kara X`: player X revoked."""
    if len(tokens) != 2:
        raise NotationError(
            _(
                '"{typed}": a penalty is written "kara X" with the one player who revoked; '
                'for a soloist\'s revoke write "kara" after the hand, e.g. "zo A 70 kara"'
            ).format(typed=" ".join(tokens))
        )
    return Penalty(table.seat(tokens[1], tokens[1]))


def _parse_adjustment(tokens: list[str], table: Table) -> Adjustment:
    """`adj A+4 B-12 C+4 D+4`: a referee's adjustment; players left out change by 0."""
    deltas = [0] * SEATS
    seen: set[int] = set()
    if len(tokens) < 2:
        raise NotationError(
            _('"{typed}" needs the changes, e.g. "adj A+4 B-12 C+4 D+4"').format(typed=tokens[0])
        )
    for token in tokens[1:]:
        match = _ADJ_RE.match(token)
        if not match:
            raise NotationError(
                _(
                    '"{typed}" is not a change; expected a player and a signed number, e.g. "B-12"'
                ).format(typed=token)
            )
        seat = table.seat(match.group(1), token)
        if seat in seen:
            raise NotationError(
                _('"{typed}": {player} is adjusted twice').format(
                    typed=token, player=table.names[seat]
                )
            )
        seen.add(seat)
        deltas[seat] = int(match.group(2))
    if sum(deltas) != 0:
        raise NotationError(
            _('"{typed}": an adjustment must sum to zero, this one sums to {total}').format(
                typed=" ".join(tokens), total=f"{sum(deltas):+d}"
            )
        )
    return Adjustment((deltas[0], deltas[1], deltas[2], deltas[3]))


def canonical(entry: Entry, players: Sequence[str] = DEFAULT_PLAYERS) -> str:
    """The canonical text of an entry, refused (NotationError) if a word of it would be too
    long to be read back: many callers with long names (`k:…`) can make one."""
    text = format_hand(entry, players)
    too_long = next((t for t in text.split() if len(t) > MAX_TOKEN), None)
    if too_long is not None:
        raise NotationError(
            ngettext(
                'written out with the players\' names, "{start}…" has {count} character, more '
                "than the {most} a word of a hand may have; write fewer contras (the counted "
                "form, e.g. k4) or record the hand under shorter names",
                'written out with the players\' names, "{start}…" has {count} characters, more '
                "than the {most} a word of a hand may have; write fewer contras (the counted "
                "form, e.g. k4) or record the hand under shorter names",
                len(too_long),
            ).format(start=too_long[:40], count=len(too_long), most=MAX_TOKEN)
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
