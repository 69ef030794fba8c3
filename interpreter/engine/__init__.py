"""The engine: `Game` (game.py) loads a pack, starts a game, lists the choices, applies one."""
