"""The console script ends its process without the interpreter's teardown only where nothing
waits for the exit: the output, the exit status, exit handlers and profilers all stay."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = "import sys; sys.argv[1:] = {args!r}\n{before}\nfrom baska_cli.cli import script\nscript()"


def _script(args: list[str], before: str = "", *python: str) -> subprocess.CompletedProcess[str]:
    code = SCRIPT.format(args=args, before=before)
    return subprocess.run(
        [sys.executable, *python, "-c", code], capture_output=True, text=True, check=False
    )


def test_the_output_and_the_exit_status_are_kept() -> None:
    done = _script(["score", "zw", "A+C", "61", "k"])
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("zw A+C 61 k")
    refused = _script(["score", "zw", "A+C", "61", "x"])
    assert refused.returncode == 2 and '"x"' in refused.stderr


def test_an_exit_handler_still_runs() -> None:
    done = _script(["score", "zw", "A+C", "61"], "import atexit; atexit.register(print, 'bye')")
    assert done.returncode == 0
    assert done.stdout.endswith("bye\n")


def test_a_profiler_still_writes_its_results(tmp_path: Path) -> None:
    results = tmp_path / "score.prof"
    script = tmp_path / "run.py"
    script.write_text(SCRIPT.format(args=["score", "zw", "A+C", "61"], before=""), "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "cProfile", "-o", str(results), str(script)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert results.stat().st_size > 0
