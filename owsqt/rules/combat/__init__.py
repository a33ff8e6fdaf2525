"""Combat (11.0) and artillery (12.0): prepared and hasty attacks, fire, bombardment and
counterbattery, results, losses, retreat and advance, and the legal choices at each step."""
