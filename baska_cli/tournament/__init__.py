"""A tournament: players, the seating draw, table results and standings (pure), and `folder`,
the only module that reads and writes a tournament's directory."""
