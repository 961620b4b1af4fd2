"""The project's exceptions: everything a user can cause is a BaskaError.

The rule errors that scoring raises carry their facts and are worded here, in the language
of the context that raises them, so that game/scoring.py holds no words.
"""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.i18n import _, ngettext


class BaskaError(Exception):
    """Root of every error the project raises on purpose."""


class NotationError(BaskaError, ValueError):
    """A hand's text does not follow the notation (a syntax or feasibility error)."""


class RuleError(BaskaError, ValueError):
    """A well-formed hand that the chosen rule system does not allow."""


class ContractNotInRules(RuleError):
    """A contract the rule system does not have; names the built-in systems that have it."""

    def __init__(self, short: str, contract: str, rules: str, having: Sequence[str]) -> None:
        self.short, self.contract, self.rules, self.having = short, contract, rules, tuple(having)
        message = _('"{short}" ({contract}) is not a contract of the rule system "{rules}"').format(
            short=short, contract=contract, rules=rules
        )
        if having:
            message += _("; it is played in {systems}").format(systems=", ".join(having))
        super().__init__(message)


class CalledTwiceInARow(RuleError):
    """One player gives two doubling calls in a row where the system forbids it."""

    def __init__(self, typed: str, player: str, rules: str) -> None:
        self.typed, self.player, self.rules = typed, player, rules
        super().__init__(
            _(
                '"{typed}": {player} gives two doubling calls in a row, which '
                '"{rules}" forbids; one player never calls twice in a row'
            ).format(typed=typed, player=player, rules=rules)
        )


class FirstContraByDeclarer(RuleError):
    """A declarer gives the first contra where only an opponent may."""

    def __init__(self, typed: str, contract: str, rules: str, declarers: str) -> None:
        self.typed, self.contract, self.rules, self.declarers = typed, contract, rules, declarers
        super().__init__(
            _(
                '"{typed}": in {contract} under "{rules}" only an opponent of {declarers} '
                "may give the first contra"
            ).format(typed=typed, contract=contract, rules=rules, declarers=declarers)
        )


class TooManyContras(RuleError):
    """More counted contras than the contract allows under the system (`limit`, the first
    of them named in `names`)."""

    def __init__(
        self, typed: str, count: int, contract: str, rules: str, limit: int, names: str
    ) -> None:
        self.typed, self.count, self.contract, self.rules = typed, count, contract, rules
        self.limit = limit
        if limit == 0:  # (a sentence of its own: Polish says it with a verb of its own)
            said = ngettext(
                '"{typed}": {count} counted contra, but {contract} under "{rules}" allows no '
                "contra",
                '"{typed}": {count} counted contras, but {contract} under "{rules}" allows no '
                "contra",
                count,
            )
            allowed = ""
        else:
            said = ngettext(
                '"{typed}": {count} counted contra, but {contract} under "{rules}" allows '
                "{allowed}",
                '"{typed}": {count} counted contras, but {contract} under "{rules}" allows '
                "{allowed}",
                count,
            )
            allowed = _("at most {limit} ({names})").format(limit=limit, names=names)
        super().__init__(
            said.format(typed=typed, count=count, contract=contract, rules=rules, allowed=allowed)
        )


class RulesFileError(BaskaError):
    """A rule system (built-in or house rules) that cannot be loaded; names file and key."""


class RuleNameError(RulesFileError, ValueError):
    """A rule system asked for by a name that is neither built in nor a file (a typo)."""


class InputFileError(BaskaError):
    """A file of input given to a command (a batch of hands) that cannot be read (exit 1)."""


class RequestError(BaskaError, ValueError):
    """A request the ledger cannot grant as asked: a hand number it lacks, other rules."""


class LedgerError(BaskaError):
    """A ledger file that cannot be read or written; carries the path and physical line."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        self.message = message
        self.path = path
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path or ""
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.message}" if where else self.message


class PastPlanError(LedgerError):
    """A hand that would be dealt after the session's planned deals, not confirmed as extra."""

    def __init__(self, message: str, path: str | None = None, deals: int = 0) -> None:
        self.deals = deals
        super().__init__(message, path)


class StaleWriteError(LedgerError):
    """A write that named what its writer saw finding the ledger holding something else, so
    nothing was written: a new hand for deal `number` when the next hand is `next` (`now`:
    deal `number`'s text, None if it has none), or an edit of hand `number` whose text is
    `now`, no longer the one seen (None: no such hand, or an undo of a hand no longer the
    last); `status`: hand `number`'s status ("" or "void"); `mine`: the new hand's text, for
    a new hand (`same`: the ledger holds that very hand as hand `number`)."""

    def __init__(
        self,
        message: str,
        path: str | None,
        number: int,
        now: str | None,
        next_number: int,
        status: str = "",
        mine: str | None = None,
    ) -> None:
        self.number = number
        self.now = now
        self.next_number = next_number
        self.status = status
        self.mine = mine
        super().__init__(message, path)

    @property
    def same(self) -> bool:
        """Whether the ledger holds the very hand sent, as hand `number` (nothing to do)."""
        return self.mine is not None and self.now == self.mine


class ProblemsError(LedgerError):
    """A ledger operation refused because of these problems (each a LedgerError at file:line)."""

    def __init__(
        self,
        message: str,
        path: str | None = None,
        line: int | None = None,
        problems: tuple[LedgerError, ...] = (),
    ) -> None:
        self.problems = problems
        super().__init__(message, path, line)


class TournamentError(LedgerError):
    """A tournament's file that is broken, or an operation on it that is refused (exit 1)."""


class TournamentInputError(BaskaError):
    """What was typed for a tournament (a round, a table, a name, a result) is wrong (exit 2)."""


class OutputError(LedgerError):
    """A page or file a command writes that is refused (it would overwrite a ledger, an input,
    a file baska did not write, or go through a link) or cannot be written (exit 1)."""
