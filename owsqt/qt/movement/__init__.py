"""Movement at the table: the gesture of a drag (`drag.StackDrag`) and the rules' answer
for the hovered hex it keeps for the drop (`answers`), the move control that draws the
reach, path and bill, the reach shading and path overlay, the cost bill, and the
displacement menu (8.0, 9.3)."""
