"""The lowest layer: the state as a value, actions and decisions, chance, errors, control.

Imports nothing else of the interpreter (interpreter/__init__.py lists the layers).
"""
