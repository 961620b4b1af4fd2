"""Each player's own: their key and PIN (the start card), their page's facts, read once for all."""
