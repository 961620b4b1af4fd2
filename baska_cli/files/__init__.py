"""Files that are not ledgers' alone: written whole, kept secret, written for people, of a kind."""
