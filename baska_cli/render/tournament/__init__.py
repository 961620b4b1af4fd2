"""A tournament for people and scripts: the terminal, printed pages, published pages."""
