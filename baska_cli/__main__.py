"""Run the command line as `python -m baska_cli`."""

from baska_cli.cli import script

script()
