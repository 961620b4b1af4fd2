"""A batch of hands (`baska score --batch`): one result line per hand, or what is wrong with it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, NamedTuple

from baska_cli.errors import BaskaError, InputFileError
from baska_cli.game.notation import parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.i18n import _, os_reason
from baska_cli.render.outcome import (
    csv_header,
    outcome_csv,
    outcome_json,
    outcome_line,
    outcome_record,
)

MAX_BATCH_LINE = 4096  # characters in one line of --batch; a hand is far shorter
PLAYERS = ("A", "B", "C", "D")


class BatchLine(NamedTuple):
    """One line of output: a result for standard output, or a problem for standard error."""

    text: str
    problem: bool = False


def numbered_lines(stream: IO[str], name: str) -> Iterator[tuple[int, str | None]]:
    """The lines worth scoring: no blank lines, no # comments; None for a line longer than
    MAX_BATCH_LINE (read a piece at a time, never held whole)."""
    number = 0
    while True:
        try:
            line = stream.readline(MAX_BATCH_LINE + 1)
            if not line:
                return
            number += 1
            if len(line) > MAX_BATCH_LINE and not line.endswith("\n"):
                while (rest := stream.readline(MAX_BATCH_LINE + 1)) and not rest.endswith("\n"):
                    pass
                yield number, None
                continue
        except OSError as error:
            raise InputFileError(
                _("{name}: cannot read the batch: {reason}").format(
                    name=name, reason=os_reason(error)
                )
            ) from None
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


def not_utf8(text: str) -> str | None:
    """What is wrong with a line read with surrogateescape, if it was not UTF-8."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        byte = ord(text[error.start]) - 0xDC00
        return _("not UTF-8 text (the byte 0x{byte:02x} at column {column})").format(
            byte=byte, column=error.start + 1
        )
    return None


def _result(number: int, text: str, rules: RuleSet, output_format: str) -> str:
    """One hand scored and rendered in the output format (a BaskaError if it is wrong)."""
    entry = parse_hand(text, contracts=rules.contracts)
    outcome = score(entry, rules)
    scripts = output_format != "table"  # (a table is read by a player)
    record = outcome_record(entry, outcome, rules, PLAYERS, scripts)
    if output_format == "json":
        return outcome_json(record)
    if output_format == "csv":
        return outcome_csv(record)
    return outcome_line(number, record)


def score_batch(stream: IO[str], rules: RuleSet, output_format: str) -> Iterator[BatchLine]:
    """Each line of the batch scored: the CSV header first (--format csv), then a result per
    hand, and a problem (`name:line: why`) for each line that is no hand."""
    name = getattr(stream, "name", "-")
    name = "-" if name == "<stdin>" else name
    if output_format == "csv":
        yield BatchLine(csv_header(PLAYERS))
    for number, text in numbered_lines(stream, name):
        if text is None:
            too_long = _("the line is longer than {limit} characters; a hand is far shorter")
            yield BatchLine(f"{name}:{number}: " + too_long.format(limit=MAX_BATCH_LINE), True)
            continue
        wrong = not_utf8(text)
        if wrong is not None:
            yield BatchLine(f"{name}:{number}: {wrong}", True)
            continue
        try:
            result = BatchLine(_result(number, text, rules, output_format))
        except BaskaError as error:
            result = BatchLine(f"{name}:{number}: {error}", True)
        yield result
