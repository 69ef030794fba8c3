"""Plays a pack: the state as a value, the engine, the verbs' mechanics, bots."""

from .actions import Action, Decision
from .engine import Game, IllegalActionError, PackError, RuleLoopError
from .state import State

__all__ = ["Action", "Decision", "Game", "IllegalActionError", "PackError", "RuleLoopError",
           "State"]
