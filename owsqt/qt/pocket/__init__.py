"""The Stalingrad Pocket Phase at the table (5.0): Operation Thunderclap and the ring forces."""
