"""The commands that serve the table page: `baska serve` and `baska app`."""
