"""The project's exceptions: everything a user can cause is a BaskaError."""

from __future__ import annotations


class BaskaError(Exception):
    """Root of every error the project raises on purpose."""


class NotationError(BaskaError, ValueError):
    """A hand's text does not follow the notation (a syntax or feasibility error)."""


class RuleError(BaskaError, ValueError):
    """A well-formed hand that the chosen rule system does not allow."""


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
