"""Bots that play any game through the contract alone: random, greedy, information-set MCTS."""
from game.bots.base import Bot
from game.bots.factory import LEVELS, bot_names, make_bot
from game.bots.greedy import GreedyBot
from game.bots.hint import Hint, hint
from game.bots.mcts import MctsBot
from game.bots.random_bot import RandomBot

__all__ = ["Bot", "GreedyBot", "Hint", "LEVELS", "MctsBot", "RandomBot", "bot_names", "hint", "make_bot"]
