"""The set-up tray: placing a side's counters by hand at set-up (19.0)."""
