"""A paper sheet typed twice, by two people, before its result counts (`double-entry`)."""
