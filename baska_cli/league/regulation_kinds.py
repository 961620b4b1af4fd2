"""The kinds of a league's regulations that a tournament's settings do not have (points, the
points of each place, a count or "all", some tie-breaks in order): each parses what was typed,
checks its bounds (the one place they are checked), shows, stores and reads back a value, as
the kinds of tournament/setting_kinds.py do. Points are kept as exact fractions."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baska_cli.errors import TournamentInputError
from baska_cli.game.numbers import shown as quoted
from baska_cli.i18n import _
from baska_cli.tournament.setting_kinds import Kind

ALL = ("all", "wszystkie", "")  # `best all`: every event counts
_DECIMAL = re.compile(r"[0-9]{1,9}([.,][0-9]{1,6})?")


def exact(value: float | Fraction | int) -> Fraction:
    """Points as an exact fraction (a float such as 16.5, or a float sum of thirds, read back
    as the fraction it stands for)."""
    if isinstance(value, float):
        return Fraction(value).limit_denominator(10**6)
    return Fraction(value)


def text_of(value: Any) -> str:
    """A value as a message quotes it: 1e+308, nan, 12.5, 25."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        whole = value.denominator == 1 and abs(value) < 10**9
        return str(value.numerator) if whole else f"{float(value):g}"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _number(raw: Any) -> Fraction | float:
    """A number of a file: exact when finite (nan and inf are kept for `check` to refuse,
    naming the bounds); a TypeError for anything else."""
    if isinstance(raw, bool) or not isinstance(raw, int | float | Fraction):
        raise TypeError(raw)
    return raw if isinstance(raw, float) and not math.isfinite(raw) else exact(raw)


@dataclass(frozen=True, slots=True)
class Points(Kind):
    """Points from 0 to `high`, decimals allowed (12.5 or 12,5), kept exactly."""

    high: int

    @property
    def bounds(self) -> tuple[int, int]:
        """The lowest and the highest number of points."""
        return 0, self.high

    def parse(self, text: str, key: str) -> Fraction:
        """The points typed."""
        typed = text.strip()
        if _DECIMAL.fullmatch(typed) is None:
            raise self.refused(key, text)
        value = Fraction(typed.replace(",", "."))
        self.check(value, key)
        return value

    def check(self, value: Any, key: str) -> None:
        """Refuse points that are not a finite number from 0 to `high`."""
        if not isinstance(value, Fraction) or not 0 <= value <= self.high:
            raise self.refused(key, text_of(value))

    def refused(self, key: str, text: str) -> TournamentInputError:
        """What points the regulation takes."""
        return TournamentInputError(
            _('{key} "{text}": expected points from {low} to {high}, e.g. 12.5').format(
                key=key, text=quoted(text), low=0, high=self.high
            )
        )

    def show(self, value: Any) -> str:
        """25, 12.5."""
        return text_of(value)

    def stored(self, value: Any) -> int | float:
        """A whole number, or a decimal."""
        return value.numerator if value.denominator == 1 else float(value)

    def loaded(self, raw: Any) -> Fraction | float:
        """A number (exactly)."""
        return _number(raw)


@dataclass(frozen=True, slots=True)
class PointsList(Kind):
    """The points of each place, place 1 first (at most `most` places, each from 0 to
    `high`); none: the regulation's other way of counting. Typed with commas between
    (25,20,16) or, with decimal commas, semicolons (25;20;12,5)."""

    high: int
    most: int

    @property
    def bounds(self) -> tuple[int, int]:
        """The lowest and the highest number of points of a place."""
        return 0, self.high

    def parse(self, text: str, key: str) -> tuple[Fraction, ...]:
        """The points of each place typed."""
        items = text.split(";") if ";" in text else text.replace(",", " ").split()
        value = []
        for item in (i.strip() for i in items if i.strip()):
            if _DECIMAL.fullmatch(item) is None:
                raise self.refused(key, item)
            value.append(Fraction(item.replace(",", ".")))
        self.check(value, key)
        return tuple(value)

    def check(self, value: Any, key: str) -> None:
        """Refuse more places than `most`, or points out of bounds."""
        if len(value) > self.most:
            raise TournamentInputError(
                _("{key}: {count} places; expected at most {most}").format(
                    key=key, count=len(value), most=self.most
                )
            )
        for points in value:
            if not isinstance(points, Fraction) or not 0 <= points <= self.high:
                raise self.refused(key, text_of(points))

    def refused(self, key: str, text: str) -> TournamentInputError:
        """What the points of each place may be."""
        return TournamentInputError(
            _(
                '{key} "{text}": expected the points of each place from {low} to {high}, '
                "place 1 first, with commas between, e.g. 25,20,16,13"
            ).format(key=key, text=quoted(text), low=0, high=self.high)
        )

    def show(self, value: Any) -> str:
        """25,20,16.5 (a decimal with a point)."""
        return ",".join(text_of(p) for p in value)

    def stored(self, value: Any) -> list[int | float] | str:
        """A list ("" for none: left out of the file)."""
        return [Points(self.high).stored(p) for p in value] if value else ""

    def loaded(self, raw: Any) -> tuple[Fraction | float, ...]:
        """A list of numbers."""
        if not isinstance(raw, list | tuple):
            raise TypeError(raw)
        return tuple(_number(p) for p in raw)


@dataclass(frozen=True, slots=True)
class CountOrAll(Kind):
    """A whole number from `low` to `high`, or all (None)."""

    low: int
    high: int

    @property
    def bounds(self) -> tuple[int, int]:
        """The lowest and the highest number."""
        return self.low, self.high

    def parse(self, text: str, key: str) -> int | None:
        """The number typed, or all."""
        typed = text.strip().casefold()
        if typed in ALL:
            return None
        if not (typed.isascii() and typed.isdigit()) or len(typed) > 9:
            raise self.refused(key, text)
        self.check(int(typed), key)
        return int(typed)

    def check(self, value: Any, key: str) -> None:
        """Refuse a number out of bounds."""
        if value is not None and not self.low <= value <= self.high:
            raise self.refused(key, str(value))

    def refused(self, key: str, text: str) -> TournamentInputError:
        """What the regulation takes."""
        return TournamentInputError(
            _('{key} "{text}": expected a whole number from {low} to {high}, or all').format(
                key=key, text=quoted(text), low=self.low, high=self.high
            )
        )

    def show(self, value: Any) -> str:
        """The number, or all."""
        return "all" if value is None else str(value)

    def stored(self, value: Any) -> int | str:
        """The number ("" for all: left out of the file)."""
        return "" if value is None else int(value)

    def loaded(self, raw: Any) -> int | None:
        """An integer (not a boolean); None: all."""
        if raw is None:
            return None
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise TypeError(raw)
        return raw


@dataclass(frozen=True, slots=True)
class Some(Kind):
    """Some of `names` (perhaps none), each once, in the order they apply."""

    names: tuple[str, ...]

    def parse(self, text: str, key: str) -> tuple[str, ...]:
        """Names with commas between ("" for none)."""
        value = tuple(n.strip().casefold().replace("-", "_") for n in text.split(",") if n.strip())
        self.check(value, key)
        return value

    def check(self, value: Any, key: str) -> None:
        """Refuse an unknown name or one given twice."""
        if any(n not in self.names for n in value) or len(set(value)) != len(value):
            raise self.refused(key, ",".join(value))

    def refused(self, key: str, text: str) -> TournamentInputError:
        """Which names the regulation takes."""
        return TournamentInputError(
            _(
                '{key} "{text}": expected some of {names}, each once, in the order they apply'
            ).format(key=key, text=quoted(text), names=", ".join(self.names))
        )

    def show(self, value: Any) -> str:
        """Names with commas between."""
        return ",".join(value)

    def stored(self, value: Any) -> list[str]:
        """A list of names."""
        return list(value)

    def loaded(self, raw: Any) -> tuple[str, ...]:
        """A list of names."""
        if not isinstance(raw, list | tuple) or not all(isinstance(n, str) for n in raw):
            raise TypeError(raw)
        return tuple(raw)
