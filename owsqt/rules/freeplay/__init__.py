"""Free play: the manual edits of a table with no referee, and open die rolls."""
