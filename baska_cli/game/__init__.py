"""The game itself: contracts, hands, the notation, names, rule systems and scoring (pure)."""
