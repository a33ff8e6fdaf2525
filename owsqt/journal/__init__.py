"""The append-only, hash-chained action log: save file, undo history and PBEM file."""
