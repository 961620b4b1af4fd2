"""A table of a round in the hall: its state, the players' words, what it is told after."""
