"""The console script: its output and its exit status."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = "import sys; sys.argv[1:] = {args!r}\nfrom baska_cli.cli import script\nscript()"


def _script(args: list[str]) -> subprocess.CompletedProcess[str]:
    code = SCRIPT.format(args=args)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)


def test_the_output_and_the_exit_status_are_kept() -> None:
    done = _script(["score", "zw", "A+C", "61", "k"])
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("zw A+C 61 k")
    refused = _script(["score", "zw", "A+C", "61", "x"])
    assert refused.returncode == 2 and '"x"' in refused.stderr
