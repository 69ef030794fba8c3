"""The verbs' mechanics: handlers, moves, effects, wars, the board, dice, ages, costs, payments.

They see the game through the protocol `game.Game`, never the engine; they import only `core`
and `compile` (interpreter/__init__.py lists the layers).
"""
