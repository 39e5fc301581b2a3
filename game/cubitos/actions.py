"""Cubitos actions. Dice are named by kind, never by id: dice of one kind in one zone are alike.

A die key is a colour ("lgray", "red") for dice off the Active Zone, or colour:face
("red:pow", "lgray:$") for active dice, and zone/key ("discard/red") where the zone is a choice.
"""
from __future__ import annotations

import dataclasses
import functools
from typing import Any, ClassVar

from game.core import Action, ActionCodec
from game.cubitos.names import ActionKind


@dataclasses.dataclass(frozen=True, slots=True)
class CubitosAction(Action):
    """``text`` is the readable form; ``{name}`` fields are filled in, tuples joined by spaces."""

    text: ClassVar[str] = ""

    def __str__(self) -> str:
        values = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        text = self.text.format(**{k: " ".join(v) if isinstance(v, tuple) else v for k, v in values.items()})
        return " ".join(text.split())

    def __reduce__(self) -> tuple[Any, ...]:
        """Unpickled (or deep-copied), an action is the shared instance ``made`` gives, so a state
        that travelled still finds its actions among its legal ones by ``is``."""
        return made, (type(self), *(getattr(self, f.name) for f in dataclasses.fields(self)))


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(CubitosAction):
    kind = ActionKind.DRAW
    text = "draw {dice}"
    dice: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Push(CubitosAction):
    """Roll the Roll Zone again; ``back`` are rocks (and Pineapple Rocks' extra die) moved back first."""
    kind = ActionKind.PUSH
    text = "push {back}"
    back: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Use(CubitosAction):
    """Use an ability: ``card`` with the die ``die`` ("" for red cards); ``option`` holds its choices."""
    kind = ActionKind.USE
    text = "use {card} {die} {option}"
    card: str
    die: str = ""
    option: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Discard(CubitosAction):
    """Busting's bonus: move Roll Zone dice to the Discard Zone."""
    kind = ActionKind.DISCARD
    text = "discard {dice}"
    dice: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Take(CubitosAction):
    """Champion's draw; a die chosen for Punk Fruit, Rolling Stoned."""

    kind = ActionKind.TAKE
    text = "take {die}"
    die: str


@dataclasses.dataclass(frozen=True, slots=True)
class Lose(CubitosAction):
    kind = ActionKind.LOSE
    text = "lose {die}"
    die: str


@dataclasses.dataclass(frozen=True, slots=True)
class Gain(CubitosAction):
    kind = ActionKind.GAIN
    text = "gain {colour}"
    colour: str


@dataclasses.dataclass(frozen=True, slots=True)
class Step(CubitosAction):
    kind = ActionKind.STEP
    text = "step {space}"
    space: str


@dataclasses.dataclass(frozen=True, slots=True)
class Buy(CubitosAction):
    kind = ActionKind.BUY
    text = "buy {colour}"
    colour: str


def _plain(kind: ActionKind, text: str) -> type[CubitosAction]:
    """An action class with no choice in it (its one instance is made once, below): declared in a
    line, as it holds nothing a type checker needs to know."""
    cls = dataclasses.make_dataclass("".join(w.title() for w in kind.split("-")), [], bases=(CubitosAction,),
                                     frozen=True, slots=True, namespace={"kind": kind, "text": text})
    cls.__module__ = __name__
    return cls


EndDraw = _plain(ActionKind.END_DRAW, "end draw")
Pass = _plain(ActionKind.PASS, "pass")
Skip = _plain(ActionKind.SKIP, "skip")  # decline what is offered now: Now abilities, a reward, a save from busting
Convert = _plain(ActionKind.CONVERT, "convert 4 money to 1 movement")
Effect = _plain(ActionKind.EFFECT, "use the space's effect")  # shortcut, jet pack, track crossing
EndMove = _plain(ActionKind.END_MOVE, "end move")
Ready = _plain(ActionKind.READY, "ready")  # done with Run abilities before the swords are compared
EndTurn = _plain(ActionKind.END_TURN, "end turn")
RollChosen = _plain(ActionKind.ROLL_CHOSEN, "roll the chosen dice")  # Punk Fruit's Run roll, Rolling Stoned


@functools.cache
def made(cls: type[CubitosAction], *args: object) -> CubitosAction:
    """The one shared instance of ``cls(*args)``: actions are immutable, and the engine offers the
    same few (draw a gray, pass, step to a space) over and over, so a lookup beats building one."""
    return cls(*args)


# The actions without a choice in them, one shared instance each (the ones made() gives).
SKIP, END_DRAW, PASS, READY, END_TURN, CONVERT, EFFECT, END_MOVE, ROLL_CHOSEN = (
    made(cls) for cls in (Skip, EndDraw, Pass, Ready, EndTurn, Convert, Effect, EndMove, RollChosen))  # type: ignore[arg-type]  # mypy tests a class made at run time against Hashable by its instances' __hash__
PUSH = made(Push)  # a push with nothing moved back first

CODEC = ActionCodec([Draw, Take, EndDraw, Push, Pass, Use, Skip, Discard, Lose, Gain, Step, Convert, Effect,
                     EndMove, Ready, Buy, EndTurn, RollChosen])
