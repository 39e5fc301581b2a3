"""Cubitos actions. Dice are named by kind, never by id: dice of one kind in one zone are alike.

A die key is a colour ("lgray", "red") for dice off the Active Zone, or colour:face
("red:pow", "lgray:$") for active dice, and zone/key ("discard/red") where the zone is a choice.
"""
from __future__ import annotations

import dataclasses
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


def _simple(kind: str, text: str) -> type[CubitosAction]:
    """An action without fields."""
    cls = dataclasses.make_dataclass(kind.title().replace("-", ""), [], bases=(CubitosAction,), frozen=True,
                                     slots=True, namespace={"kind": kind, "text": text})
    cls.__module__ = __name__
    return cls


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(CubitosAction):
    kind = "draw"
    text = "draw {dice}"
    dice: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Take(CubitosAction):
    """Champion's draw: one die at a time from any of Draw, Active and Discard."""
    kind = "take"
    text = "take {die}"
    die: str


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


@dataclasses.dataclass(frozen=True, slots=True)
class Lose(CubitosAction):
    kind = "lose"
    text = "lose {die}"
    die: str


@dataclasses.dataclass(frozen=True, slots=True)
class Gain(CubitosAction):
    kind = "gain"
    text = "gain {colour}"
    colour: str


@dataclasses.dataclass(frozen=True, slots=True)
class Step(CubitosAction):
    kind = "step"
    text = "step {space}"
    space: str


@dataclasses.dataclass(frozen=True, slots=True)
class Buy(CubitosAction):
    kind = "buy"
    text = "buy {colour}"
    colour: str


EndDraw = _simple("end-draw", "end draw")
Pass = _simple("pass", "pass")
Skip = _simple("skip", "skip")  # decline what is offered now: Now abilities, a reward, a save from busting
Convert = _simple("convert", "convert 4 money to 1 movement")
Effect = _simple("effect", "use the space's effect")  # shortcut, jet pack, track crossing
EndMove = _simple("end-move", "end move")
Ready = _simple("ready", "ready")  # done with Run abilities before the swords are compared
EndTurn = _simple("end-turn", "end turn")

CODEC = ActionCodec([Draw, Take, EndDraw, Push, Pass, Use, Skip, Discard, Lose, Gain, Step, Convert, Effect,
                     EndMove, Ready, Buy, EndTurn])
