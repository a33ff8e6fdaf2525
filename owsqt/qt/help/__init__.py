"""The Help of the table: the rulebook dock, rule citations as links, the keyboard
shortcut list and the map legend."""
