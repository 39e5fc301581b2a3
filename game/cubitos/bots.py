"""Cubitos game knowledge for bots: the exact bust chance, a position evaluation, and the
``threshold`` rule-of-thumb bot (push while fewer than N dice are active).
"""
from __future__ import annotations

from typing import Any

from game.core import Action, Rng
from game.cubitos.actions import Buy, Convert, Discard, Draw, Effect, EndMove, Gain, Lose, Pass, Push, Skip, Step, Take
from game.cubitos.dice import FACE_GAIN, FACES, GRAYS, START, miss_chance
from game.cubitos.state import ACTIVE, ROLL, USED_RUN, CubitosState

# Evaluation weights: a step of progress is worth 1.
W_DIE_PER_COST = 0.25
W_GRAY = -0.3  # a gray die dilutes the draw
W_MOVE = 0.95  # unspent movement this turn
W_MONEY = 0.2  # money this round (4 buy 1 movement)
W_CREDIT = 0.22
W_FAN = 0.3
W_TOKEN = 1.2

# What an unused active ability die is still worth, in evaluation points (movement ~0.95, money
# ~0.2, a credit ~0.22 each); Now cards are spent when they land, so they keep nothing. Rough
# estimates from the card texts, tuned by play, not rules data.
ABILITY_VALUE = {
    "Smelly Cat": 1.9, "Cat Tastrophy": 0.8, "Fat Cat": 2.5, "Dope Cat": 0.6, "Broken Cow": 1.0, "Schmutz": 1.0,
    "Rich Dog": 0.6, "Captain Bark": 0.45, "Dapper Doggie": 0.6, "Dr. Livingstone": 1.9, "Mr. Dog": 0.45,
    "Muggles": 0.4, "Mr. Soldier": 0.9, "Punch Guy": 0.5, "Supah General!": 0.9, "Jacques Couteau": 0.5,
    "Champion": 0.6, "Crabby": 0.4, "El Bandito": 0.4, "Reliever Beaver": 0.3, "Benchwarmer": 0.3,
    "Mr. Bats": 0.45, "The Babe": 1.0, "Reckless Cheese": 0.9, "The Big Cheese": 1.2, "Ledercheesen": 0.5,
    "Stinky Cheese": 1.9, "Bad Cheese": 1.9, "The Cheese Stands Alone": 2.85, "Cheese Boy": 1.2, "Rock On": 0.6,
    "Piña Cubelada": 0.5, "Keep On Rollin'": 0.6, "Pineapple Rocks": 0.6, "Up to 11": 0.6, "Rolling Stoned": 0.6,
    "Punk Fruit": 0.8, "Bob": 1.0, "Undercover Fish": 1.9, "Llama-Rama": 0.6, "Bahama Llama": 1.55,
    "Llama Shaman": 1.2, "Chilly McChillster": 0.8, "Rollosaurus": 3.8, "Dancing Dino": 2.5,
    "Wikiwiki Dinosaur": 2.5, "You Bet Jurassican": 2.5, "Shimmy Shimmy Dino": 2.5, "Pronto Bronto": 2.5,
}
POWER_EXTRA = {"The Babe": 0.95, "Bad Cheese": 0.6, "Up to 11": 2.0, "Ledercheesen": 1.5, "Llama-Rama": 0.5,
               "Stinky Cheese": 0.5, "Mr. Soldier": 0.9}
# A Now ability's worth when rolling it (dice rolled for free, a die placed, a forced push).
NOW_VALUE = {"Fast Cat": 0.6, "Muggles": 0.9, "Dugout": 0.9, "Batter Beaver": 0.6, "Pinch Eater": 1.2,
             "Stogie": 1.0, "Cubasaurus": 2.0, "The Cheese Stands Alone": 2.0}
WIN = 1000.0
DEFAULT_THRESHOLD = 5


def miss_all(colours: list[str]) -> float:
    """Chance that every die of these colours rolls a blank."""
    chance = 1.0
    for c in colours:
        chance *= miss_chance(c)
    return chance


def bust_chance(state: CubitosState, seat: int, back: tuple[str, ...] = ()) -> float:
    """The exact chance that ``seat`` busts if it pushes now with the dice in its Roll Zone
    (plus the kinds in ``back`` moved back from the Active Zone); saving cards left aside."""
    p = state.seats[seat]
    active = len(p.zones[ACTIVE])
    if p.safe or not (p.risk or active >= 3):
        return 0.0
    colours = [state.colour(d) for d in p.zones[ROLL]] + [k.split(":")[0] for k in back]
    return miss_all(colours)


def dice_value(state: CubitosState, seat: int) -> float:
    total = 0.0
    for zone in state.seats[seat].zones:
        for d in zone:
            c = state.colour(d)
            if c in GRAYS:
                total += W_GRAY
            elif c != START:
                total += W_DIE_PER_COST * state.setup.cost(c)
    return total


def pending_value(state: CubitosState, seat: int) -> float:
    """What the active dice will still bring this round: faces not yet totalled (Roll Phase) and
    abilities not yet used, an ability worth about half its card's cost in movement."""
    total = 0.0
    rolling = state.phase == "roll"
    for d in state.seats[seat].zones[ACTIVE]:
        face = state.face_name(d)
        if face in FACE_GAIN and rolling:
            money, move, credits = FACE_GAIN[face]
            total += W_MONEY * money + W_MOVE * move + W_CREDIT * credits
        elif face in ("sym", "pow") and not state.used[d] & USED_RUN and state.colour(d) in state.setup.card_set:
            total += ability_value(state.setup.card(state.colour(d)), face)
    return total


def ability_value(card: str, face: str) -> float:
    """Evaluation points an unused active die of ``card`` is still worth this round."""
    value = ABILITY_VALUE.get(card, 0.0)
    return value + POWER_EXTRA.get(card, 0.0) if face == "pow" else value


def push_option(state: CubitosState, seat: int) -> float:
    """In the Roll Phase, what the chance to push again is worth: the expected gain of the Roll Zone
    against the exact risk of losing the active dice, never below passing."""
    p = state.seats[seat]
    if state.phase != "roll" or p.stage not in ("draw", "drawn", "decide"):
        return 0.0
    chance = bust_chance(state, seat) if p.stage == "decide" else 0.0
    return max(0.0, (1 - chance) * push_gain(state, seat) - chance * (pending_value(state, seat) - W_FAN))


def strength(state: CubitosState, seat: int) -> float:
    p = state.seats[seat]
    moved = state.phase == "turn" and p.stage in ("buy", "done")  # movement gained now is lost
    return (state.progress(seat) + dice_value(state, seat) + pending_value(state, seat) + push_option(state, seat)
            + (0 if moved else W_MOVE * (p.move + p.wmove)) + W_MONEY * p.money + W_CREDIT * p.credits + W_FAN * p.fans
            + W_TOKEN * p.tokens)


def evaluate(state: CubitosState, seat: int) -> float:
    """Own strength minus the best opponent's; a won game outweighs everything."""
    if state.is_over:
        return WIN if seat in state.winners() else -WIN
    mine = strength(state, seat)
    others = [strength(state, q) for q in range(state.num_players) if q != seat]
    return mine - max(others)


def describe(state: CubitosState, action: Action) -> str:
    return f"P{state.current_player + 1}: {action}"


# ---- the threshold bot -----------------------------------------------------------------------------
def kind_value(state: CubitosState, key: str) -> float:
    colour = key.split("/")[-1].split(":")[0]
    if colour in GRAYS:
        return 0.5 if colour == "dgray" else 0.0
    return 1.0 + state.setup.cost(colour) if colour != START else 0.0


class ThresholdBot:
    """Push while fewer than ``n`` dice are active; draw, move and buy by simple rules; everything
    else one ply deep with :func:`evaluate`."""

    def __init__(self, seat: int, seed: int, n: int = DEFAULT_THRESHOLD) -> None:
        self.seat, self.n, self.rng = seat, n, Rng(seed)

    def choose(self, state: CubitosState) -> Action:
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        me = state.current_player
        p = state.seats[me]
        pushes = [a for a in acts if isinstance(a, Push)]
        if pushes:
            if Pass() not in acts or len(p.zones[ACTIVE]) < self.n:
                return max(pushes, key=lambda a: len(a.back))
            return Pass()
        draws = [a for a in acts if isinstance(a, Draw)]
        if draws:
            return max(draws, key=lambda a: sum(kind_value(state, k) for k in a.dice))
        if any(isinstance(a, Discard) for a in acts):
            return Discard(("lgray",)) if Discard(("lgray",)) in acts else Skip()
        takes = [a for a in acts if isinstance(a, Take)]
        if takes:
            return takes[0]
        loses = [a for a in acts if isinstance(a, Lose)]
        if loses:
            return min(loses, key=lambda a: kind_value(state, a.die) - 0.1 * a.die.startswith("active"))
        gains = [a for a in acts if isinstance(a, Gain)]
        if gains:
            return max(gains, key=lambda a: kind_value(state, a.colour))
        if any(isinstance(a, (Step, EndMove)) for a in acts) and p.stage == "move" or \
                all(isinstance(a, (Step, Convert, Effect, EndMove)) for a in acts):
            return self.move(state, me, acts)
        buys = [a for a in acts if isinstance(a, Buy)]
        if buys and p.stage == "buy" and not any(a.kind == "use" for a in acts):
            return max(buys, key=lambda a: state.setup.cost(a.colour))
        return self.one_ply(state, me, acts)

    def move(self, state: CubitosState, me: int, acts: list[Action]) -> Action:
        p, b = state.seats[me], state.board
        steps = [a for a in acts if isinstance(a, Step)]
        if Effect() in acts:
            kind, cost, dest = b.effect[p.node]
            if kind in ("jet", "cross") or b.pot_land(dest) + cost < b.pot_land(p.node) - 1:
                return Effect()
        if steps:
            return min(steps, key=lambda a: (b.dist_all[b.node(a.space)], -len(b.rewards[b.node(a.space)])))
        near_end = b.pot_land(p.node) <= 12 or p.finished
        best_buy = max((state.setup.cost(c) for c in state.setup.colours() if state.trays[c]
                        and state.setup.cost(c) <= p.money + p.credits), default=0)
        if Convert() in acts and (near_end or p.money + p.credits - 4 >= best_buy):
            return Convert()
        return EndMove()

    def one_ply(self, state: CubitosState, me: int, acts: list[Action]) -> Action:
        best, best_value = acts[0], -1e18
        for a in acts:
            world = state.clone()
            world.rng = Rng(self.rng.next_u64())
            world.apply(a)
            value = evaluate(world, me) - (0.01 if isinstance(a, Skip) else 0.0)
            if value > best_value:
                best, best_value = a, value
        return best


def face_value(state: CubitosState, colour: str, face: str) -> float:
    """Evaluation points one face is worth once active."""
    if face in FACE_GAIN:
        money, move, credits = FACE_GAIN[face]
        return W_MONEY * money + W_MOVE * move + W_CREDIT * credits
    if face in ("sym", "pow") and colour in state.setup.card_set:
        return NOW_VALUE.get(state.setup.card(colour), ability_value(state.setup.card(colour), face))
    return 0.0


def push_gain(state: CubitosState, seat: int) -> float:
    """Expected evaluation points the dice in the Roll Zone bring if pushed and not busting."""
    return sum(face_value(state, state.colour(d), f) / 6 for d in state.seats[seat].zones[ROLL]
               for f in FACES[state.colour(d)])


class OddsBot(ThresholdBot):
    """Pushes when the expected gain of the roll beats the expected loss of busting (what the
    active dice would still bring), with the exact bust chance; ``risk`` > 1 pushes more."""

    def __init__(self, seat: int, seed: int, risk: float = 1.0) -> None:
        super().__init__(seat, seed)
        self.risk = risk

    def choose(self, state: CubitosState) -> Action:
        return odds_push_or_pass(state, self.risk) or super().choose(state)


def finish_in_hand(state: CubitosState, seat: int) -> bool:
    """Whether the movement ``seat`` already holds in the Roll Phase (its own and its active dice's
    faces) carries its runner to the finish: busting would throw the finish away."""
    p, b = state.seats[seat], state.board
    if p.finished:
        return False
    held = p.move + sum(FACE_GAIN[f][1] for f in map(state.face_name, p.zones[ACTIVE]) if f in FACE_GAIN)
    goal = b.finish_distance() * (state.setup.laps if b.lap else 1)
    return held >= goal - state.progress(seat)


def odds_push_or_pass(state: CubitosState, risk: float = 1.0) -> Action | None:
    """At a push-or-pass decision, push (moving back all it can) when the expected gain of the roll
    beats the expected loss of busting, and never at a risk when the finish is already in hand;
    None when the seat to move has no such choice."""
    acts = state.legal_actions()
    pushes = [a for a in acts if isinstance(a, Push)]
    if not pushes or Pass() not in acts:
        return None
    me = state.current_player
    push = max(pushes, key=lambda a: len(a.back))
    chance = bust_chance(state, me, push.back)
    if chance > 0 and finish_in_hand(state, me):
        return Pass()
    loss = pending_value(state, me) - W_FAN
    return push if (1 - chance) * push_gain(state, me) * risk >= chance * loss else Pass()


def odds_bot(rules: Any, seat: int, seed: int, arg: str | None) -> OddsBot:
    try:
        risk = 1.0 if arg is None else float(arg)
    except ValueError:
        risk = -1.0
    if not 0 < risk <= 10:
        raise ValueError(f"bad risk {arg!r}: give a factor such as odds:1.5 (more than 1 pushes more)")
    return OddsBot(seat, seed, risk)


def threshold_bot(rules: Any, seat: int, seed: int, arg: str | None) -> ThresholdBot:
    if arg is None:
        return ThresholdBot(seat, seed)
    if not arg.isdigit() or not 1 <= int(arg) <= 30:
        raise ValueError(f"bad threshold {arg!r}: give the number of active dice to stop at, e.g. threshold:5")
    return ThresholdBot(seat, seed, int(arg))
