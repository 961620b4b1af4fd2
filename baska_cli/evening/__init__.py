"""An evening at one table: running totals, dealer rotation, statistics and settlement (pure)."""
