"""`tournament publish`: the results gathered, and the folder they are written into."""
