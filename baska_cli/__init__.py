"""baska: a scoring calculator for the Kashubian card game Baśka."""

__version__ = "0.1.0"
