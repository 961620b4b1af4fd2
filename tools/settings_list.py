"""Write the list of a tournament's settings into the manuals (docs/manual.en.md,
docs/manual.pl.md) from the settings table, baska_cli/tournament/settings.py (what
tests/test_docs_settings.py then checks). Run from the repository: python tools/settings_list.py"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_docs_settings import MANUALS, written  # noqa: E402


def main() -> None:
    """Rewrite the list in each manual."""
    for language, manual in MANUALS.items():
        path = ROOT / manual
        path.write_text(written(path.read_text("utf-8"), language), "utf-8")


if __name__ == "__main__":
    main()
