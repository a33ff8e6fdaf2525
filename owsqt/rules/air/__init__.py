"""Air operations (4.0, 16.1): allocation, air combat, bombardment, interdiction and
recovery. Empty: the home of issue "Air Operations"; air units and their boxes are in
core.state, the air tables in data.tables.air."""
