"""What a rules file may hold: every setting with its type and limits, and their check.

`check_settings` raises a RulesFileError naming the file, the key, what it allows and what
was given, for the first unknown key or badly typed, out-of-range or unkeepable value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baska_cli.errors import RulesFileError
from baska_cli.game.formula import formula_in
from baska_cli.game.model import Contract, TieRule
from baska_cli.game.spelling import nearest
from baska_cli.i18n import N_, _, ngettext

# The longest texts a rules file may give (a ledger keeps them on one line of its own).
TEXT_LIMITS = {"base": 40, "name": 40, "title": 200, "source": 200, "provenance": 500}
MAX_LIST = 64  # numbers in a list setting (session.deals, …)
MAX_NUMBER = 1_000_000  # the largest size of a number in a list setting


# --- the schema: every setting, its type and its allowed values -------------------------

_INT = N_("a whole number")
_BOOL = N_("true or false")
_STR = N_("a text in quotes")
_DEALS = N_("a list of whole numbers of deals")
_POINTS = N_("a list of numbers")
_NUMBER = N_("a number")

_MARGINS = ("exit", "noexit", "nobitka")
_SCALARS: dict[str, tuple[str, Any]] = {
    "base": (_STR, None),
    "name": (_STR, None),
    "title": (_STR, None),
    "source": (_STR, None),
    "win_points": (_INT, (27, 104)),
    "exit_young": (_INT, (0, 104)),
    "exit_old": (_INT, (0, 104)),
    "tie_52": (_STR, tuple(t.value for t in TieRule)),
    "contra_factor": (_INT, (1, 100)),
    "solo_loss_multiplier": (_INT, (1, 100)),
    "same_player_twice": (_BOOL, None),
    "slup": (_BOOL, None),
    "no_gran": (_BOOL, None),
    "rule_7n_strict": (_BOOL, None),
    "penalty.enabled": (_BOOL, None),
    "penalty.offender": (_INT, (-1000, 0)),
    "penalty.others": (_INT, (0, 1000)),
    "penalty.soloist_revoke_loses": (_BOOL, None),
    "session.deals": (_DEALS, (1, 10_000)),
    "session.place_points": (_POINTS, (-1000, 1000)),
    "session.positive_bonus": (_POINTS, (-1000, 1000)),
    # a tournament's walk-outs (PSB §9): the other three players, the one who left, and a
    # player the draw leaves without a full table
    "tournament.walkout_place_points": (_NUMBER, (-1000, 1000)),
    "tournament.walkout_small_points": (_INT, (-10_000, 10_000)),
    "tournament.left_place_points": (_NUMBER, (-1000, 1000)),
    "tournament.left_small_points": (_INT, (-10_000, 10_000)),
    "tournament.sitout_place_points": (_NUMBER, (-1000, 1000)),
    "tournament.sitout_small_points": (_INT, (-10_000, 10_000)),
}
for _side in ("declarers_win", "opponents_win"):
    for _margin in _MARGINS:
        _SCALARS[f"pair.{_side}.{_margin}"] = (_INT, (0, 10_000))
for _c in Contract:
    _SCALARS[f"contracts.{_c.value}.enabled"] = (_BOOL, None)
    _SCALARS[f"contracts.{_c.value}.base"] = (_INT, (0, 10_000))
    _SCALARS[f"contracts.{_c.value}.max_contras"] = (_INT, (0, 20))
    _SCALARS[f"contracts.{_c.value}.first_contra_by_opponents"] = (_BOOL, None)


def check_settings(origin: str, flat: Mapping[str, Any]) -> None:
    """Raise a RulesFileError for the first unknown key or badly typed value."""
    for key, value in flat.items():
        if key == "provenance":
            if not isinstance(value, Mapping):
                raise RulesFileError(
                    _("{origin}: [provenance] must be a table of texts").format(origin=origin)
                )
            for setting, text in value.items():
                if not isinstance(text, str):
                    raise RulesFileError(
                        _('{origin}: "{key}" must be a text in quotes, not {value}').format(
                            origin=origin, key=f"provenance.{setting}", value=repr(text)
                        )
                    )
                _check_text(origin, f"provenance.{setting}", text, TEXT_LIMITS["provenance"])
            continue
        if key not in _SCALARS:
            near = nearest(key, list(_SCALARS))
            if near:
                hint = _('; did you mean "{word}"?').format(word=near)
            else:
                hint = _("; see `baska rules plb --export`")
            raise RulesFileError(
                _('{origin}: "{key}" is not a setting').format(origin=origin, key=key) + hint
            )
        kind, allowed = _SCALARS[key]
        _check_value(origin, key, value, kind, allowed)


def _check_value(origin: str, key: str, value: Any, kind: str, allowed: Any) -> None:
    """Raise a RulesFileError naming the file, the key and what it allows."""
    ok = {
        _INT: isinstance(value, int) and not isinstance(value, bool),
        _NUMBER: isinstance(value, int | float) and not isinstance(value, bool),
        _BOOL: isinstance(value, bool),
        _STR: isinstance(value, str),
        _DEALS: isinstance(value, list)
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value),
        _POINTS: isinstance(value, list)
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value),
    }[kind]
    expected = _(kind)
    if kind == _INT and allowed is not None:
        low, high = allowed
        ok = ok and low <= value <= high
        expected = _("a whole number from {low} to {high}").format(low=low, high=high)
    if kind == _NUMBER:
        low, high = allowed
        ok = ok and low <= value <= high  # (False for nan; inf is out of range)
        expected = _("a number from {low} to {high}").format(low=low, high=high)
    if kind in (_DEALS, _POINTS):
        low, high = allowed
        ok = ok and all(low <= v <= high for v in value)  # (False for nan; inf is out of range)
        example = "[16, 24]" if kind == _DEALS else "[5, 3, 1, 0]"
        expected = _("{kind} from {low} to {high}, e.g. {example}").format(
            kind=_(kind), low=low, high=high, example=example
        )
    if ok and kind == _STR and allowed is not None:
        ok = value in allowed
        expected = _(" or ").join(f'"{a}"' for a in allowed)
    if not ok:
        shown = repr(value)
        if len(shown) > 80:
            shown = _("{start}… (cut short)").format(start=shown[:70])
        raise RulesFileError(
            _('{origin}: "{key}" must be {expected}, not {value}').format(
                origin=origin, key=key, expected=expected, value=shown
            )
        )
    if kind == _STR and key in TEXT_LIMITS:
        _check_text(origin, key, value, TEXT_LIMITS[key])
    if kind in (_DEALS, _POINTS):
        _check_list(origin, key, value)


def text_problem(value: str, limit: int) -> str | None:
    """Why a text cannot be kept in a rules file or a ledger line, or None if it can."""
    if not value.strip():
        return _("it is empty")
    if value != value.strip():
        return _("it starts or ends with a space")
    if len(value) > limit:
        return ngettext(
            "it is {count} character long; at most {most}",
            "it is {count} characters long; at most {most}",
            len(value),
        ).format(count=len(value), most=limit)
    bad = next((ch for ch in value if not ch.isprintable()), None)
    if bad is not None:
        escaped = ascii(bad)[1:-1]
        if len(f"{bad}x".splitlines()) > 1:
            return _("it holds a line break ({character})").format(character=escaped)
        return _("it holds a control character ({character})").format(character=escaped)
    formula = formula_in(value)
    if formula is not None:
        return _('a spreadsheet would run "{text}" as a formula').format(text=formula)
    return None


def _check_text(origin: str, key: str, value: Any, limit: int) -> None:
    """Raise a RulesFileError for a text that is not one printable line of 1 to `limit`."""
    if not isinstance(value, str):
        raise RulesFileError(
            _('{origin}: "{key}" must be {expected}, not {value}').format(
                origin=origin, key=key, expected=_(_STR), value=repr(value)
            )
        )
    why = text_problem(value, limit)
    if why is not None:
        raise RulesFileError(
            _(
                '{origin}: "{key}" must be one line of 1 to {most} printable characters, '
                "not {value}: {why}"
            ).format(origin=origin, key=key, most=limit, value=_shown(value), why=why)
        )


def _shown(value: str) -> str:
    """A typed text quoted for a message: escapes shown, a long text cut short."""
    quoted = ascii(value) if not value.isprintable() else repr(value)
    if len(quoted) <= 60:
        return quoted
    return ngettext(
        "{start}…' ({count} character)", "{start}…' ({count} characters)", len(value)
    ).format(start=quoted[:50], count=len(value))


def _check_list(origin: str, key: str, value: list[Any]) -> None:
    """Raise a RulesFileError for a list too long, or with a number too large or not finite."""
    if len(value) > MAX_LIST:
        raise RulesFileError(
            _('{origin}: "{key}" must list at most {most} numbers, not {count}').format(
                origin=origin, key=key, most=MAX_LIST, count=len(value)
            )
        )
    for number in value:
        if not -MAX_NUMBER <= number <= MAX_NUMBER:  # (also false for nan)
            shown = repr(number)
            if len(shown) >= 30:
                shown = _("a {count}-digit number").format(count=len(str(number)))
            raise RulesFileError(
                _('{origin}: "{key}" must list numbers from {low} to {high}, not {value}').format(
                    origin=origin, key=key, low=-MAX_NUMBER, high=MAX_NUMBER, value=shown
                )
            )
