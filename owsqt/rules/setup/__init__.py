"""Set-up (19.11, 19.12): the judge of a side's set-up against its zones and the rules."""
