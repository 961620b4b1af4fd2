"""RuleSet: one rule system as typed, validated data, built from its settings.

A RuleSet is built from settings (a mapping) given by baska_cli.rulesets.loader, which reads
the files they are in and loads the built-in systems: nothing here opens a file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from baska_cli.errors import RulesFileError
from baska_cli.game.model import Contract, Margin, Play, Side
from baska_cli.game.model import TieRule as TieRule
from baska_cli.game.names import name_key
from baska_cli.game.rules_schema import TEXT_LIMITS, check_settings, text_problem
from baska_cli.i18n import _

BUILTIN_NAMES = ("plb", "mester", "pagat")
DEFAULT_RULES = "plb"
PROVISIONAL = ("reconstructed", "chosen", "house")


@dataclass(frozen=True, slots=True)
class ContractRules:
    """One contract's settings in one rule system."""

    base: int  # per opponent for a solo; unused for zwykła and wesele (see RuleSet.pair)
    max_contras: int | None  # None: no limit (Słup)
    first_contra_by_opponents: bool


@dataclass(frozen=True, slots=True)
class PenaltyRules:
    """mester rules 7H (a revoke costs the offender, pays the others) and 7I."""

    offender: int
    others: int
    soloist_revoke_loses: bool


@dataclass(frozen=True, slots=True)
class WalkoutRules:
    """A tournament's fixed results (PSB §9): for the three players left at a table when one
    walks out, for the one who walked out, and for a player the draw leaves without a
    full table (place points, small points)."""

    others: tuple[float, int] = (0, 0)
    left: tuple[float, int] = (0, 0)
    sitout: tuple[float, int] = (0, 0)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every number and switch that scoring needs, with where each comes from."""

    name: str
    title: str
    source: str
    contracts: Mapping[Contract, ContractRules]
    pair: Mapping[tuple[Side, Margin], int]
    win_points: int
    exit_young: int
    exit_old: int
    tie_52: TieRule
    contra_factor: int
    solo_loss_multiplier: int
    same_player_twice: bool
    penalty: PenaltyRules | None
    deals: tuple[int, ...]
    place_points: tuple[float, ...]
    positive_bonus: tuple[float, ...]
    provenance: Mapping[str, str]
    base: str  # the built-in system this one starts from (itself for a built-in)
    overrides: tuple[tuple[str, Any], ...] = field(default=())  # a house file's settings
    walkout: WalkoutRules = field(default=WalkoutRules())
    # the rulebooks' titles by key, which its provenance texts cite (rulesets/sources.toml)
    books: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    # the built-in systems, which an error may point to (`it is played in mester`)
    known: tuple[RuleSet, ...] = field(default=(), compare=False, repr=False)

    @property
    def label(self) -> str:
        """The system's name as every page shows it: `plb`, or `house rules: klub-kontra`
        (house rules never pass for a built-in system)."""
        if not self.overrides:
            return self.name
        return _("house rules: {name}").format(name=self.name)

    def has(self, contract: Contract) -> bool:
        """Whether this system has the contract."""
        return contract in self.contracts

    def provenance_of(self, key: str) -> str:
        """The provenance text of a setting, looking up its parents too."""
        while key:
            if key in self.provenance:
                return self.provenance[key]
            key = key.rpartition(".")[0]
        return ""

    def is_provisional(self, key: str) -> bool:
        """Whether a setting is reconstructed, chosen or a house rule rather than stated."""
        return self.provenance_of(key).startswith(PROVISIONAL)


_NO_GRAN = (Contract.GR, Contract.GD)
_RULE_7N = (Contract.GR, Contract.ZO, Contract.GD, Contract.ZD)


def flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """A nested TOML table as dotted keys (`contracts.gr.base`); provenance is kept whole."""
    flat: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and path != "provenance":
            flat.update(flatten(value, path + "."))
        else:
            flat[path] = value
    return flat


def _build(
    origin: str,
    flat: Mapping[str, Any],
    overrides: tuple[tuple[str, Any], ...],
    books: Mapping[str, str],
    known: tuple[RuleSet, ...],
) -> RuleSet:
    """Turn checked, merged dotted settings into a RuleSet."""

    def need(key: str) -> Any:
        if key not in flat:
            raise RulesFileError(
                _('{origin}: the setting "{key}" is missing').format(origin=origin, key=key)
            )
        return flat[key]

    no_gran = bool(flat.get("no_gran", False))
    strict_7n = bool(flat.get("rule_7n_strict", False))
    slup = bool(flat.get("slup", False))
    contracts: dict[Contract, ContractRules] = {}
    for contract in Contract:
        prefix = f"contracts.{contract.value}."
        if not any(k.startswith(prefix) for k in flat):
            continue
        if not flat.get(prefix + "enabled", True) or (no_gran and contract in _NO_GRAN):
            continue
        base = 0 if contract.is_pair else need(prefix + "base")
        max_k: int | None = need(prefix + "max_contras")
        if strict_7n and contract in _RULE_7N:
            max_k = 0
        if slup and max_k is not None and max_k >= 4 and contract.info.play is not Play.NONE:
            max_k = None
        first = bool(flat.get(prefix + "first_contra_by_opponents", False))
        contracts[contract] = ContractRules(base, max_k, first)
    pair = {
        (side, margin): need(f"pair.{side.value}_win.{margin.value}")
        for side in Side
        for margin in Margin
    }
    penalty = None
    if flat.get("penalty.enabled", False):
        penalty = PenaltyRules(
            need("penalty.offender"),
            need("penalty.others"),
            bool(flat.get("penalty.soloist_revoke_loses", False)),
        )
        if penalty.offender + 3 * penalty.others != 0:
            raise RulesFileError(
                _(
                    '{origin}: "penalty.offender" + 3 × "penalty.others" must be 0 (a hand sums '
                    "to zero), not {offender} + 3 × {others}"
                ).format(origin=origin, offender=penalty.offender, others=penalty.others)
            )
    for key in ("session.place_points", "session.positive_bonus"):
        if len(flat.get(key, [])) not in (0, 4):
            raise RulesFileError(
                _('{origin}: "{key}" must list four numbers (places 1–4) or none').format(
                    origin=origin, key=key
                )
            )
    provenance = dict(need("provenance"))
    for key, _value in overrides:
        provenance[key] = f"house: set in {origin}"
    return RuleSet(
        name=need("name"),
        title=need("title"),
        source=need("source"),
        contracts=contracts,
        pair=pair,
        win_points=need("win_points"),
        exit_young=need("exit_young"),
        exit_old=need("exit_old"),
        tie_52=TieRule(need("tie_52")),
        contra_factor=need("contra_factor"),
        solo_loss_multiplier=need("solo_loss_multiplier"),
        same_player_twice=need("same_player_twice"),
        penalty=penalty,
        deals=tuple(flat.get("session.deals", ())),
        place_points=tuple(flat.get("session.place_points", ())),
        positive_bonus=tuple(flat.get("session.positive_bonus", ())),
        provenance=provenance,
        base=flat.get("base", need("name")),
        overrides=overrides,
        walkout=WalkoutRules(
            *(
                (
                    flat.get(f"tournament.{who}_place_points", 0),
                    flat.get(f"tournament.{who}_small_points", 0),
                )
                for who in ("walkout", "left", "sitout")
            )
        ),
        books=books,
        known=known,
    )


def builtin_system(
    name: str,
    settings: Mapping[str, Any],
    books: Mapping[str, str] | None = None,
    known: Sequence[RuleSet] = (),
) -> RuleSet:
    """A built-in system from the dotted settings of its file `{name}.toml` (checked here),
    the rulebooks' titles and the built-in systems it knows of."""
    origin = f"{name}.toml"
    check_settings(origin, settings)
    return _build(origin, settings, (), books or {}, tuple(known))


def house_system(
    own: Mapping[str, Any],
    base: Mapping[str, Any],
    origin: str,
    builtins: Sequence[RuleSet],
    default_name: str = "house",
    kept: bool = False,
) -> RuleSet:
    """House rules: their own dotted settings (`own`, naming their base system, checked
    here) over the dotted settings of that built-in system (`base`). Their name and title may
    not be a built-in system's (one of `builtins`), unless `kept` (as a ledger written before
    recorded them: read as they are, and shown as house rules everywhere). They cite the
    rulebooks the built-in systems do, and know of them."""
    base_name = str(own["base"]).lower()  # (rule system names are case-insensitive everywhere)
    merged = dict(base)
    overrides = tuple(
        (k, v) for k, v in own.items() if k not in ("base", "provenance", "name", "title")
    )
    merged.update(own)
    merged["provenance"] = {**merged["provenance"], **own.get("provenance", {})}
    for key in ("name", "title"):
        if key in own and not kept:
            _check_own_name(origin, key, own[key], builtins)
    if "name" not in own:
        stem = default_name[: TEXT_LIMITS["name"]].strip()
        taken = text_problem(stem, TEXT_LIMITS["name"]) or _builtin_named(stem, builtins)
        merged["name"] = "house" if taken else stem
    if "title" not in own:
        merged["title"] = _("house rules on {base}").format(base=base_name)
    if "source" not in own:
        merged["source"] = _("{origin}, starting from {base} ({source})").format(
            origin=origin, base=base_name, source=merged["source"]
        )
    merged["base"] = base_name
    named = tuple((k, v) for k, v in own.items() if k in ("name", "title"))
    books = builtins[0].books if builtins else {}
    settings = (("base", base_name), *named, *overrides)
    return _build(origin, merged, settings, books, tuple(builtins))


def _builtin_named(text: str, builtins: Sequence[RuleSet]) -> str | None:
    """The built-in system whose name or title this text is (case-, accent- and
    invisible-character-blind), or None."""
    key = name_key(text)
    for rules in builtins:
        if key in (name_key(rules.name), name_key(rules.title)):
            return rules.name
    return None


def _check_own_name(origin: str, key: str, value: str, builtins: Sequence[RuleSet]) -> None:
    """Refuse a house name or title that is a built-in system's: it would pass for it."""
    system = _builtin_named(value, builtins)
    if system is not None:
        raise RulesFileError(
            _(
                '{origin}: "{key}" cannot be "{value}": that is the built-in system {system}, '
                "and house rules must not pass for it; give them a name of their own (e.g. "
                '"{system}-house")'
            ).format(origin=origin, key=key, value=value, system=system)
        )


def house_base(own: Mapping[str, Any], origin: str) -> str:
    """The built-in system house rules start from (`base = "plb"`), checked, in lower case."""
    check_settings(origin, own)
    base_name = own.get("base")
    if base_name is None:
        raise RulesFileError(
            _(
                '{origin}: say which system the house rules start from, e.g. base = "plb" '
                "(one of {systems})"
            ).format(origin=origin, systems=", ".join(BUILTIN_NAMES))
        )
    if base_name.lower() not in BUILTIN_NAMES:
        raise RulesFileError(
            _('{origin}: "base" must be one of {systems}, not {value}').format(
                origin=origin, systems=", ".join(BUILTIN_NAMES), value=repr(base_name)
            )
        )
    return str(base_name).lower()
