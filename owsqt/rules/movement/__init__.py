"""Movement (8.0), zones of control (10.0), stacking and displacement (9.0), arrivals of
reinforcements and reserves (19.11), and what a moving or attacking unit leaves behind."""
