"""A table of a round in the hall: its state, the players' words, its paper sheet typed twice."""
