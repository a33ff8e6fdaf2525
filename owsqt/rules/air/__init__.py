"""Air operations (4.0, 16.1): the charts, the allocation, air battles, ground attack and
interdiction, and recovery. Air units and their boxes are in core.state, the air tables in
data.tables.air."""
