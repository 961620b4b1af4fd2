"""render/batch.py: a batch of hands scored line by line, each bad line named by number."""

from __future__ import annotations

import io

from baska_cli.render.batch import MAX_BATCH_LINE, BatchLine, score_batch
from baska_cli.rulesets.loader import builtin


def _lines(text: str, output_format: str = "table") -> list[BatchLine]:
    stream = io.StringIO(text)
    stream.name = "hands.txt"
    return list(score_batch(stream, builtin("plb"), output_format))


def test_each_hand_gives_a_result_and_each_bad_line_a_problem() -> None:
    found = _lines("# a comment\n\nzw A+C 61 k\nzw A+C 61 x\n")
    assert [line.problem for line in found] == [False, True]
    assert found[0].text.split()[:2] == ["3", "zw"]
    assert found[1].text.startswith("hands.txt:4: ") and '"x"' in found[1].text


def test_csv_starts_with_its_header_and_a_long_line_is_refused_unread() -> None:
    found = _lines("x" * (MAX_BATCH_LINE + 10) + "\nzw A+C 61\n", "csv")
    assert found[0] == BatchLine(found[0].text) and found[0].text.startswith("notation,")
    assert found[1].problem and found[1].text.startswith("hands.txt:1: ")
    assert not found[2].problem and found[2].text.startswith("zw A+C 61,")
