"""The game's values: contracts, sides, hands and outcomes (frozen dataclasses, no I/O)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

DEFAULT_PLAYERS: tuple[str, str, str, str] = ("A", "B", "C", "D")
SEATS = 4
TOTAL_POINTS = 104
TOTAL_TRICKS = 4


class FastHashEnum(Enum):
    """An Enum hashed by identity, in C: its members are singletons, and scoring looks them up
    in dicts many times per hand (Enum's own hash runs Python code)."""

    __hash__ = object.__hash__


class Play(FastHashEnum):
    """What decides a contract: card points, tricks, or nothing (an honour, no play)."""

    POINTS = "points"
    TRICKS = "tricks"
    NONE = "none"


class Contract(FastHashEnum):
    """Every contract of every rule system, by its short name in the notation."""

    ZW = "zw"
    WE = "we"
    CI = "ci"
    GR = "gr"
    ZO = "zo"
    GD = "gd"
    ZD = "zd"
    BA = "ba"
    ME = "me"
    ZB = "zb"

    @property
    def info(self) -> ContractInfo:
        """The contract's fixed structure: name, side size and what decides it."""
        return CONTRACT_INFO[self]

    @property
    def is_pair(self) -> bool:
        """True for the two-against-two games (zwykła, wesele)."""
        return CONTRACT_INFO[self].side_size == 2


@dataclass(frozen=True, slots=True)
class ContractInfo:
    """What a contract is, the same in every rule system."""

    name: str
    english: str
    side_size: int
    play: Play


CONTRACT_INFO: dict[Contract, ContractInfo] = {
    Contract.ZW: ContractInfo("zwykła", "normal game", 2, Play.POINTS),
    Contract.WE: ContractInfo("wesele", "wedding", 2, Play.POINTS),
    Contract.CI: ContractInfo("cicha", "silent solo", 1, Play.POINTS),
    Contract.GR: ContractInfo("gran", "gran", 1, Play.POINTS),
    Contract.ZO: ContractInfo("zolo", "zolo", 1, Play.POINTS),
    Contract.GD: ContractInfo("gran du", "gran du (all tricks)", 1, Play.TRICKS),
    Contract.ZD: ContractInfo("zolo du", "zolo du (all tricks)", 1, Play.TRICKS),
    Contract.BA: ContractInfo("baśka", "four queens, no play", 1, Play.NONE),
    Contract.ME: ContractInfo("méster", "four aces, no play", 1, Play.NONE),
    Contract.ZB: ContractInfo("zolo bieda", "four tens, no play", 1, Play.NONE),
}


class Side(FastHashEnum):
    """The declaring side (starzy, the wedding pair, the soloist) or its opponents."""

    DECLARERS = "declarers"
    OPPONENTS = "opponents"

    @property
    def other(self) -> Side:
        """The side across the table."""
        return Side.OPPONENTS if self is Side.DECLARERS else Side.DECLARERS


class Margin(FastHashEnum):
    """How badly the losers of a two-against-two game lost."""

    EXIT = "exit"  # z wyjściem
    NOEXIT = "noexit"  # bez wyjścia
    NOBITKA = "nobitka"  # bez bitki: no trick at all


@dataclass(frozen=True, slots=True)
class Hand:
    """One played or declared contract; seats are 0–3, points and tricks are the declarers'."""

    contract: Contract
    declarers: tuple[int, ...]
    points: int | None = None
    tricks: int | None = None
    contras: int = 0  # counted contras given as k, kr, krb, krbh or k0…kN
    callers: tuple[int, ...] | None = None  # the caller form k:B,A,D, seats in order
    kara: bool = False  # the soloist revoked (mester rule 7I): scored as lost
    # the contras and the kara flag as typed, for messages; not part of the hand's value
    typed_contras: str = field(default="", compare=False, repr=False)
    typed_kara: str = field(default="", compare=False, repr=False)

    @property
    def opponents(self) -> tuple[int, ...]:
        """The seats not on the declaring side, in seat order."""
        return tuple(seat for seat in range(SEATS) if seat not in self.declarers)


@dataclass(frozen=True, slots=True)
class Penalty:
    """`kara X` as a whole entry: player X revoked (mester rule 7H), the deal is annulled."""

    offender: int


@dataclass(frozen=True, slots=True)
class Adjustment:
    """`adj A+4 B-12 C+4 D+4`: a referee's manual adjustment, one change per seat."""

    deltas: tuple[int, int, int, int]


Entry = Hand | Penalty | Adjustment


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a scored entry means: each seat's change and why."""

    deltas: tuple[int, int, int, int]
    explanation: str
    derivation: tuple[str, ...]
    winner: Side | None = None
    margin: Margin | None = None
    value: int | None = None
    contras: int = 0
    language: str = "en"  # of the explanation and the derivation
