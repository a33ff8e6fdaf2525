"""The heuristic player (issue 38, item 2): per step of the sequence of play, candidate
actions scored by the rules' own arithmetic on a situation analysis (`analysis`), the best
played. Pure: it imports owsqt.rules and owsqt.players only."""
