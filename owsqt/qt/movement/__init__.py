"""Movement at the table: the gesture of a drag (`drag.StackDrag`) and the rules' answer
for the hovered hex it keeps for the drop (`answers`), the move control that draws the
reach, path and bill, the cost bill, the hasty attack a drop may ask for (`hastyask`), and
the displacement menu (8.0, 8.4, 9.3)."""
