"""A tournament: players, the seating draw, table results, standings and lots (pure); `folder`
reads and writes its directory, `tables` finds each table's result; `service` and
`service_scores` are what a front end calls."""
