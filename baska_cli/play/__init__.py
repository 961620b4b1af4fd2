"""What `baska play` does with a typed line, below any terminal."""
