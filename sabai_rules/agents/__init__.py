"""Bots, search, simulated games, tournaments and their reports (layer 4)."""
