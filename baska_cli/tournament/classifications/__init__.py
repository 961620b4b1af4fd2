"""The classifications beyond the individual standings: teams and categories."""
