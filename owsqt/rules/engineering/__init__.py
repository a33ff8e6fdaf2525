"""Engineers (15.0, 16.2): entrenchments built and bridges built or blown."""
