"""Bots: players that choose among the legal actions, playouts, the bots by name."""
