"""A command run as the console script runs it: errors become messages and exit statuses,
and output that fails (a full disk, a closed pipe) is said once, never as a traceback — with
exit status 3 where the command had already written a ledger (note_written)."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterable

import click

from baska_cli.cli.common import EXIT_FILE, EXIT_OK, EXIT_WRITTEN_OUTPUT_FAILED
from baska_cli.cli.lang import TranslatedHelp, choose_language
from baska_cli.i18n import _, os_reason

_written: list[str] = []  # what the running command has written (a ledger), for exit status 3


def note_written(what: str) -> None:
    """Say what the command has written (`hand 5 was recorded in FILE`): output that fails
    from now on ends with exit status 3."""
    _written.append(what)


class _ClosedOutput:
    """Standard output or error closed before baska started: every write fails."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        """Fail as a write to a closed file descriptor does."""
        raise OSError(errno.EBADF, _("the stream is closed"))

    def flush(self) -> None:
        """Nothing is held."""

    def isatty(self) -> bool:
        """Not a terminal."""
        return False


def _hold_closed_descriptors() -> None:
    """Put /dev/null on a standard descriptor that is closed (so no ledger is opened as fd 1)
    and make Python's stream for it fail, so output that cannot go anywhere is noticed."""
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            if name != "stdin":
                setattr(sys, name, _ClosedOutput())


def _silence(stream_name: str) -> None:
    """After a failed write: /dev/null under the stream's descriptor, so that Python's own
    flush at exit neither fails again nor prints "Exception ignored"."""
    stream = getattr(sys, stream_name)
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:
        pass


def _say(message: str) -> None:
    """A message on standard error; if that fails too, there is nowhere left to say it."""
    try:
        click.echo(message, err=True)
        sys.stderr.flush()
    except (OSError, ValueError, UnicodeError):
        _silence("stderr")


def _output_failed(error: Exception, status: int) -> int:
    """Report output that could not be written; 3 when a ledger was already written."""
    _silence("stdout")
    reason = os_reason(error) if isinstance(error, OSError) else str(error)
    if _written:
        _say(
            _(
                "Error: {done}, but the output could not be written: {reason}; "
                "do not run the command again"
            ).format(done=_written[-1], reason=reason)
        )
        return EXIT_WRITTEN_OUTPUT_FAILED
    _say(_("Error: the output could not be written: {reason}").format(reason=reason))
    return status or EXIT_FILE


class OutputFailed(Exception):
    """A write to standard output or error failed inside a command (kept from Click, which
    would turn a closed pipe into a silent exit status 1)."""

    def __init__(self, error: OSError) -> None:
        self.error = error
        super().__init__(str(error))


class Group(TranslatedHelp, click.Group):
    """The `baska` group: its help in the interface language, chosen before any argument
    is parsed; a failed write inside a command reaches `run` as OutputFailed."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Choose the language (--lang, BASKA_LANG, the locale), then parse as Click does."""
        if ctx.parent is None:
            choose_language(args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; an OSError that escapes it is output that failed."""
        try:
            return super().invoke(ctx)
        except OSError as error:
            raise OutputFailed(error) from error


def run(command: click.Command, argv: Iterable[str] | None, prog_name: str) -> int:
    """Run a command as the console script does and return its exit status: errors become
    messages, and output that fails (a full disk, a closed pipe) never a traceback."""
    _hold_closed_descriptors()
    _written.clear()
    status: int = EXIT_OK
    try:
        try:
            done = command.main(
                args=list(argv) if argv is not None else None,
                prog_name=prog_name,
                standalone_mode=False,
            )
            status = done if isinstance(done, int) else EXIT_OK
        except SystemExit as stop:
            code = stop.code
            status = EXIT_OK if code is None else code if isinstance(code, int) else EXIT_FILE
        except click.ClickException as error:
            status = error.exit_code
            with contextlib.suppress(OSError, ValueError):
                sys.stdout.flush()  # what was printed comes before the message
            try:
                error.show()
            except (OSError, ValueError, UnicodeError):
                _silence("stderr")
        except click.Abort:
            status = EXIT_FILE
            _say(_("Aborted!"))
        sys.stdout.flush()
    except OutputFailed as failed:
        return _output_failed(failed.error, status)
    except (OSError, UnicodeEncodeError) as error:
        return _output_failed(error, status)
    except ValueError as error:  # a write to a stream closed under us; anything else is a bug
        if not getattr(sys.stdout, "closed", False):
            raise
        return _output_failed(error, status)
    return status
