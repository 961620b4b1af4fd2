"""What a front end asks of a league: its register, its events, its season and ratings."""
