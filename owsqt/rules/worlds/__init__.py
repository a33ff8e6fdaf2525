"""[18.1] Each side's world in e-mail play under fog of war: what its units show the enemy
(exposure), and the game as its program plays it, the enemy's hidden counters standing as
phantoms (belief)."""
