"""Plays a pack: the state as a value, the engine, the verbs' mechanics, bots."""

from .actions import Action, Decision
from .bots import BOTS, GreedyBot, RandomBot
from .engine import Game
from .errors import IllegalActionError, PackError, RuleError, RuleLoopError
from .report import Report
from .simulate import simulate
from .state import State

__all__ = ["BOTS", "Action", "Decision", "Game", "GreedyBot", "IllegalActionError", "PackError",
           "RandomBot", "Report", "RuleError", "RuleLoopError", "State", "simulate"]
