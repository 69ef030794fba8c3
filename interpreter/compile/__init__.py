"""The pack compiled for play: the meaning of its words, selectors, programs, its cards.

Built once when a game loads; imports only `core` (interpreter/__init__.py lists the layers).
"""
