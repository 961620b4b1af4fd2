"""The round's clock, the organiser's announcement and the standings hidden until the end:
what the hall's screens show beside the standings."""
