"""The rounds: each drawn, printed, closed or taken back, and which tables are not in."""
