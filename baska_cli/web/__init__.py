"""`baska serve`: a table's page and JSON API over one ledger (Starlette; imported by serve)."""
