"""Movement at the table: the move control of a drag, the reach shading and path
overlay, the cost bill, and the displacement menu (8.0, 9.3)."""
