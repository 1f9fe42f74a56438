"""The window's screens: start, the game, the hand-over curtain, the final scores, notices."""
