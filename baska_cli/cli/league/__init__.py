"""`baska league`: a league across events — its register, events, season and ratings."""
