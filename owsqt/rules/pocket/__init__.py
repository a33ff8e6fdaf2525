"""The Stalingrad Pocket Phase (5.0): Operation Thunderclap, the Sixth Army and the
ring forces. Empty: its home."""
