"""The board the projector shows: the standings, teams and categories, the clock."""
