"""The Stalingrad Pocket Phase at the table (5.0): the Pocket dock (Operation Thunderclap,
5.1) and the Ring Forces dock (5.2)."""
