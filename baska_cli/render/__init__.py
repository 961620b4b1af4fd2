"""Text for people and for scripts: tables, sheets, JSON and CSV. Nothing here prints."""
