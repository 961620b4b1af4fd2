"""The tournament hall on phones: keys, each table's state, the players' words, the board, links."""
