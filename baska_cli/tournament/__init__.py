"""A tournament in one directory. At the root, its records: `folder` reads and writes the
directory, and the players, settings, draws, results, walk-outs, words, lots and standings
it holds (pure), with `service`, what a front end does to the tournament itself; each
feature a folder with its own `service` (rounds/, scores/, tables/, classifications/,
hall/, board/, clock/, desk/, personal/, publish/)."""
