"""Supply (14.0): the lines of communication each unit traces in the Supply
Determination Segment. Empty: its home; supply status is recorded in core.state."""
