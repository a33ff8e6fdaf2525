"""The Stalingrad Pocket Phase at the table (5.0): the Ring Forces dock (5.2)."""
