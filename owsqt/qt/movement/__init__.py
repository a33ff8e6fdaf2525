"""Movement at the table: the move control of a drag, the colours of its reach shading,
the cost bill, the hasty attack a drop may ask for, and the displacement menu (8.0, 8.4,
9.3)."""
