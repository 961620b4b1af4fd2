"""What a front end asks of a tournament: each operation of the CLI and the web, once."""
