"""A league for people and scripts: its register, its season and its rating list."""
