"""The scores: results entered, walk-outs, which results count, the standings, lots, the check."""
