"""Playing a game through: the turn bar and step hints, the initiative dialog, the hot-seat
hand-over, e-mail play and the replay dock."""
