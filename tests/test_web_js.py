"""The table page's own JavaScript, unit-tested by Node's built-in test runner (`node --test
tests/js/`): the outbox, the intent fields each write carries, the pad, the words — on a
stand-in document (tests/js/fakedom.mjs), no browser. `.ci/run` installs Debian's nodejs
where it is missing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "tests" / "js"


def test_the_pages_scripts_pass_their_unit_tests() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs Node.js (Debian's nodejs; .ci/run installs it)")
    files = sorted(str(path) for path in SCRIPTS.glob("*.test.mjs"))
    assert len(files) >= 4
    done = subprocess.run(
        [node, "--test", *files], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout
