"""Write the lists of a tournament's settings and of a league's regulations into the manuals
(docs/manual.en.md, docs/manual.pl.md) from their rows, baska_cli/tournament/settings.py and
baska_cli/league/regulations.py (what tests/test_docs_settings.py and
tests/test_docs_regulations.py then check). Run from the repository: python
tools/settings_list.py"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import test_docs_regulations, test_docs_settings  # noqa: E402


def main() -> None:
    """Rewrite the lists in each manual."""
    for language, manual in test_docs_settings.MANUALS.items():
        path = ROOT / manual
        text = test_docs_settings.written(path.read_text("utf-8"), language)
        path.write_text(test_docs_regulations.written(text, language), "utf-8")


if __name__ == "__main__":
    main()
