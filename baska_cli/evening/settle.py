"""Who pays whom: points times a stake, rounded to the currency's unit, in the fewest transfers.

Pure: a stake as typed and balances in, transfers out. For up to `EXACT_UP_TO` players (a
table, a small club evening) the number of transfers is the least possible: the players are
split into as many groups as can be whose balances sum to zero, and a group of k players
settles in k − 1 transfers. For more players a deterministic greedy method is used (the
largest debt is paid to the largest credit first), which needs at most n − 1 transfers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from functools import cache

from baska_cli.errors import RequestError
from baska_cli.game.numbers import shown
from baska_cli.i18n import _

EXACT_UP_TO = 10  # players for which the fewest transfers are searched for (3**n steps)
# the smallest unit of a currency, where it is not a hundredth
UNITS = {"jpy": "1", "¥": "1", "huf": "1", "pkt": "1", "points": "1"}
MAX_STAKE = Decimal(1_000_000)  # per point; any stake of a card game is far below
# a stake as written: digits, a decimal point, at most 6 places (no exponent: `1e26`)
_STAKE = re.compile(r"[0-9]{1,7}(\.[0-9]{0,6})?|\.[0-9]{1,6}")


def stake_from(text: str) -> Decimal:
    """The stake per point as typed (`0.10`, or `0,10` as Polish writes it), or a
    RequestError that quotes it."""
    typed = text.strip().replace(",", ".")
    try:
        value = Decimal(typed) if len(typed) <= 40 else Decimal(-1)
    except InvalidOperation:
        value = Decimal(-1)
    if not typed.replace(".", "", 1).isascii() or not value.is_finite() or value <= 0:
        raise RequestError(
            _('"{text}" is not a stake; expected an amount per point above zero, e.g. 0.10').format(
                text=shown(text)
            )
        )
    if _STAKE.fullmatch(typed) is None or value > MAX_STAKE:
        raise RequestError(
            _(
                '"{text}" is not a stake: at most {most} a point, written with at most 6 '
                "decimal places and no exponent, e.g. 0.10"
            ).format(text=shown(text), most=MAX_STAKE)
        )
    return value


def unit_of(currency: str) -> Decimal:
    """The smallest amount of the currency (a hundredth unless UNITS says otherwise)."""
    return Decimal(UNITS.get(currency.strip().lower(), "0.01"))


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment: who pays, who is paid, how much."""

    payer: str
    payee: str
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Rounded:
    """A player's balance before and after rounding to the currency's unit."""

    player: str
    exact: Decimal
    rounded: Decimal


@dataclass(frozen=True, slots=True)
class Settlement:
    """The stake, each player's balance (rounded, summing to zero) and the transfers."""

    stake: Decimal
    unit: Decimal
    balances: dict[str, Decimal]
    rounding: tuple[Rounded, ...]  # the players whose balance had to be rounded
    transfers: tuple[Transfer, ...]


def round_balances(exact: Mapping[str, Decimal], unit: Decimal) -> dict[str, Decimal]:
    """Each balance rounded to a whole number of `unit`s so that they still sum to zero:
    rounded half to even, then the units left over (or missing) go one by one to the players
    whose balances were rounded the most, ties by name."""
    units = {p: v / unit for p, v in exact.items()}
    whole = {p: u.to_integral_value(rounding=ROUND_HALF_EVEN) for p, u in units.items()}
    left = -sum(whole.values(), Decimal(0))  # units to add (positive) or take (negative)
    step = Decimal(1) if left > 0 else Decimal(-1)
    order = sorted(units, key=lambda p: (-(units[p] - whole[p]) * step, p))
    for player in order[: int(abs(left))]:
        whole[player] += step
    return {p: (whole[p] * unit).quantize(unit) for p in exact}


def settle(points: Mapping[str, int], stake: Decimal, unit: Decimal) -> Settlement:
    """Who pays whom when each point is worth `stake` (points sum to zero)."""
    if sum(points.values()):
        raise ValueError("the points do not sum to zero")
    exact = {p: Decimal(v) * stake for p, v in points.items()}
    balances = round_balances(exact, unit)
    rounding = tuple(
        Rounded(p, exact[p], balances[p]) for p in sorted(exact) if exact[p] != balances[p]
    )
    return Settlement(stake, unit, balances, rounding, tuple(transfers(balances)))


def transfers(balances: Mapping[str, Decimal]) -> list[Transfer]:
    """The payments that settle balances summing to zero (see the module's docstring)."""
    players = sorted(p for p, v in balances.items() if v)
    if len(players) <= EXACT_UP_TO:
        groups = _zero_groups(tuple(balances[p] for p in players))
    else:
        groups = [tuple(range(len(players)))]
    made: list[Transfer] = []
    for group in groups:
        made += _greedy({players[i]: balances[players[i]] for i in group})
    return sorted(made, key=lambda t: (t.payer, t.payee))


def _greedy(balances: Mapping[str, Decimal]) -> list[Transfer]:
    """At most n − 1 payments: the largest debtor pays the largest creditor, again and again."""
    debts = {p: -v for p, v in balances.items() if v < 0}
    credits = {p: v for p, v in balances.items() if v > 0}
    made = []
    while debts and credits:
        payer = min(debts, key=lambda p: (-debts[p], p))  # the largest; on a tie, by name
        payee = min(credits, key=lambda p: (-credits[p], p))
        amount = min(debts[payer], credits[payee])
        made.append(Transfer(payer, payee, amount))
        for side, who in ((debts, payer), (credits, payee)):
            side[who] -= amount
            if not side[who]:
                del side[who]
    return made


def _zero_groups(values: Sequence[Decimal]) -> list[tuple[int, ...]]:
    """The players split into as many groups with a zero sum as possible (each group then
    needs one transfer fewer than it has players), by dynamic programming over subsets."""
    n = len(values)
    full = (1 << n) - 1
    sums = [Decimal(0)] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]

    @cache
    def best(mask: int) -> tuple[int, int]:
        """(groups, the first group's mask) for the players in `mask` (which sums to zero)."""
        if not mask:
            return 0, 0
        low = mask & -mask  # the first player is in the first group: no group is counted twice
        rest = mask ^ low
        found = (1, mask)
        sub = rest
        while True:
            group = sub | low
            if group != mask and not sums[group]:
                count = 1 + best(mask ^ group)[0]
                if count > found[0]:
                    found = (count, group)
            if not sub:
                break
            sub = (sub - 1) & rest
        return found

    groups = []
    mask = full
    while mask:
        group = best(mask)[1]
        groups.append(tuple(i for i in range(n) if group >> i & 1))
        mask ^= group
    return groups
