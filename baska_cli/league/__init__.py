"""A league across events: its register of players, its season and its rating list."""
