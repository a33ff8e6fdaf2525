"""Combat at the table: the combat panel and its pages, the engagement marks on the map,
and the calculator (11.0, 12.0)."""
