"""The hall on phones: its keys, the tables' links, the server's address, the directory's stamp."""
