"""Supply (14.0, 10.3): the chains of command a line follows (`chains`), tracing the lines
(`lines`) and the Supply Determination Segment that sets each unit's mode
(`determination`). A unit's mode is recorded in core.state (UnitState.supply)."""
