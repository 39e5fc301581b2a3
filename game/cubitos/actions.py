"""Cubitos actions. Dice are named by kind, never by id: dice of one kind in one zone are alike.

A die key is a colour ("lgray", "red") for dice off the Active Zone, or colour:face
("red:pow", "lgray:$") for active dice, and zone/key ("discard/red") where the zone is a choice.
"""
from __future__ import annotations

import dataclasses
import functools
from typing import ClassVar

from game.core import Action, ActionCodec


@dataclasses.dataclass(frozen=True, slots=True)
class CubitosAction(Action):
    """``text`` is the readable form; ``{name}`` fields are filled in, tuples joined by spaces."""

    text: ClassVar[str] = ""

    def __str__(self) -> str:
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        text = self.text.format(**{k: " ".join(v) if isinstance(v, tuple) else v for k, v in values.items()})
        return " ".join(text.split())


def _action(kind: str, text: str, *fields: tuple[str, type]) -> type[CubitosAction]:
    """An action class with these (name, type) fields."""
    cls = dataclasses.make_dataclass("".join(w.title() for w in kind.split("-")), list(fields),
                                     bases=(CubitosAction,), frozen=True, slots=True,
                                     namespace={"kind": kind, "text": text})
    cls.__module__ = __name__
    return cls


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(CubitosAction):
    kind = "draw"
    text = "draw {dice}"
    dice: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Push(CubitosAction):
    """Roll the Roll Zone again; ``back`` are rocks (and Pineapple Rocks' extra die) moved back first."""
    kind = "push"
    text = "push {back}"
    back: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Use(CubitosAction):
    """Use an ability: ``card`` with the die ``die`` ("" for red cards); ``option`` holds its choices."""
    kind = "use"
    text = "use {card} {die} {option}"
    card: str
    die: str = ""
    option: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Discard(CubitosAction):
    """Busting's bonus: move Roll Zone dice to the Discard Zone."""
    kind = "discard"
    text = "discard {dice}"
    dice: tuple[str, ...]


Take = _action("take", "take {die}", ("die", str))  # Champion's draw; a die chosen for Punk Fruit, Rolling Stoned
Lose = _action("lose", "lose {die}", ("die", str))
Gain = _action("gain", "gain {colour}", ("colour", str))
Step = _action("step", "step {space}", ("space", str))
Buy = _action("buy", "buy {colour}", ("colour", str))
EndDraw = _action("end-draw", "end draw")
Pass = _action("pass", "pass")
Skip = _action("skip", "skip")  # decline what is offered now: Now abilities, a reward, a save from busting
Convert = _action("convert", "convert 4 money to 1 movement")
Effect = _action("effect", "use the space's effect")  # shortcut, jet pack, track crossing
EndMove = _action("end-move", "end move")
Ready = _action("ready", "ready")  # done with Run abilities before the swords are compared
EndTurn = _action("end-turn", "end turn")
RollChosen = _action("roll-chosen", "roll the chosen dice")  # Punk Fruit's Run roll, Rolling Stoned



@functools.cache
def made(cls: type[CubitosAction], *args: object) -> CubitosAction:
    """The one shared instance of ``cls(*args)``: actions are immutable, and the engine offers the
    same few (draw a gray, pass, step to a space) over and over, so a lookup beats building one."""
    return cls(*args)


# The actions without a choice in them, one shared instance each (the ones made() gives).
SKIP, END_DRAW, PASS, READY, END_TURN, CONVERT, EFFECT, END_MOVE = (
    made(cls) for cls in (Skip, EndDraw, Pass, Ready, EndTurn, Convert, Effect, EndMove))
PUSH = made(Push)  # a push with nothing moved back first

CODEC = ActionCodec([Draw, Take, EndDraw, Push, Pass, Use, Skip, Discard, Lose, Gain, Step, Convert, Effect,
                     EndMove, Ready, Buy, EndTurn, RollChosen])
