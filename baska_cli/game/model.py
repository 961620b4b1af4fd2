"""The game's values: contracts, sides, hands and outcomes (frozen dataclasses, no I/O)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

DEFAULT_PLAYERS: tuple[str, str, str, str] = ("A", "B", "C", "D")
SEATS = 4
TOTAL_POINTS = 104
TOTAL_TRICKS = 4
Deltas = tuple[int, int, int, int]  # each seat's change (or running total), seat by seat


class Play(Enum):
    """What decides a contract: card points, tricks, or nothing (an honour, no play)."""

    POINTS = "points"
    TRICKS = "tricks"
    NONE = "none"


class Contract(Enum):
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


class Side(Enum):
    """The declaring side (starzy, the wedding pair, the soloist) or its opponents."""

    DECLARERS = "declarers"
    OPPONENTS = "opponents"

    @property
    def other(self) -> Side:
        """The side across the table."""
        return Side.OPPONENTS if self is Side.DECLARERS else Side.DECLARERS


class Margin(Enum):
    """How badly the losers of a two-against-two game lost."""

    EXIT = "exit"  # z wyjściem
    NOEXIT = "noexit"  # bez wyjścia
    NOBITKA = "nobitka"  # bez bitki: no trick at all


class TieRule(Enum):
    """Who wins a point game that ends 52:52."""

    OPPONENTS_WIN = "opponents_win"
    LAST_DOUBLER_LOSES = "last_doubler_loses"


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


class Decided(Enum):
    """How a hand's winner was found."""

    REACHED = "reached"  # the declaring side has win_points and more than the opponents
    SHORT = "short"  # the declaring side is short of win_points
    OUTSCORED = "outscored"  # win_points reached, but the opponents have more
    TIE = "tie"  # 52:52, settled by the system's tie rule
    TRICKS = "tricks"  # du: all 4 tricks, or not
    NO_PLAY = "no play"  # baśka, méster, zolo bieda: won without play
    KARA = "kara"  # the soloist revoked: the contract is lost


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a scored entry means: each seat's change and the facts that decided it (the
    words are render/explain.py's, in any language)."""

    deltas: tuple[int, int, int, int]
    winner: Side | None = None
    margin: Margin | None = None  # of a two-against-two game
    value: int | None = None  # what each loser pays (each other player receives for kara X)
    contras: int = 0  # counted contras
    callers: tuple[int, ...] | None = None  # who called them, if written out (k:B,A)
    factor: int = 1  # the contras' multiplier, contra_factor ** contras
    decided: Decided | None = None  # how the winner was found (None: kara X, adj)
    tie: TieRule | None = None  # the 52:52 rule applied, if the hand was a tie
    last_contra: Side | None = None  # the side of the last doubling call, if any contra
    last_assumed: bool = False  # the last contra's side assumed for counted contras
    tricks: int | None = None  # du: the tricks counted (None: fewer than 4, from card points)
    base: int = 0  # the table's value (a pair game) or the contract's stake (a solo)
    losers_points: int | None = None  # a pair game: the losers' card points
    threshold: int | None = None  # a pair game: the losers' wyjście, from this many points
    loss_multiplier: int = 1  # a solo lost: the stake times this
