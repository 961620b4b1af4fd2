"""`baska tournament` and its commands."""
