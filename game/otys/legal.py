"""What the seat to move may do: every legal choice once, for each stage and sub-choice.

Functions of the state rather than methods, to keep the turn machine in ``state.py`` short; the
costs live here because the choices offered and the credits paid must agree.
"""
from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from game.core import Action
from game.otys import actions as A
from game.otys.contracts import CARDS, ways
from game.otys.data import (BUY_COST, COLOURS, ENGINEER, ENGINEER_COST, EXPERTS, EXPLORER, EXPLORER_COST, LEVELS,
                            MAX_IMPROVEMENTS, METAL, OWN_X, POSITIONS, REWARDS, SELL_PRESTIGE, SPY, SPY_COST,
                            SURFACE, TECH, TRADER, UPGRADE_COST)
from game.otys.player import Player

if TYPE_CHECKING:
    from game.otys.state import OtysState, Pending


def legal_actions(s: OtysState) -> list[Action]:
    stage = s.stage
    if stage == "over":
        return []
    if s.pending:
        return pending_choices(s, s.pending[-1])
    p = s._players[s.turn]
    acts: list[Action] = completions(s, p)
    if stage == "key":
        key = (bool(p.neutral_x), *p.track)
        keys = _KEY_CHOICES.get(key)
        if keys is None:
            keys = _KEY_CHOICES[key] = _key_choices(p.track, bool(p.neutral_x))
        acts += keys
    elif stage == "step1":
        if not s.sponsor_used:
            acts += sponsor_choices(s, p)
        if p.batteries:
            acts += propel_choices(s, p)
        acts.append(A.DONE)
    elif stage == "step2":
        acts += effect_choices(s, p, s.active, s.turn, 0)
        acts.append(A.DONE)
    elif stage == "step3":
        acts.append(A.RESURFACE)
        if p.batteries:
            acts.append(A.OXYGEN)
    return acts


def _key_choices(track: list[int], neutral_x: bool) -> tuple[Action, ...]:
    """The keys not on the Hacker track, then the X keys the seat holds."""
    acts: list[Action] = [key for key in A.KEYS if key.level not in track]
    if OWN_X not in track:
        acts += A.X_KEYS[False]
    if neutral_x:
        acts += A.X_KEYS[True]
    return tuple(acts)


_KEY_CHOICES: dict[tuple[int, ...], tuple[Action, ...]] = {}  # by (holds a neutral X, *track)


def completions(s: OtysState, p: Player) -> list[Action]:
    """Memoised on the board with copies of the resources, hand and public contracts it was
    worked out from: most calls see the same ones as the last (a turn asks at every step)."""
    public, memo = s._table.public, p.completable
    if memo is None or memo[0] != p.res or memo[1] != p.hand or memo[2] != public:
        memo = p.completable = ([have[:] for have in p.res], p.hand[:], public[:],
                                _completions(p.res, public, p.hand))
    return list(memo[3])


def _completions(res: list[list[int]], public: list[int], hand: list[int]) -> tuple[A.Complete, ...]:
    """Levels that complete nothing are dropped first, then cards that no level completes: most
    turns no card can be completed. Identical cards complete alike, so skipping a card never
    changes which of two identical cards is offered."""
    found = []
    for level, have in enumerate(res, 1):
        done = _COMPLETABLE.get((level, *have))
        if done is None:
            done = _completable(level, have)
        if done:
            found.append(done)
    if not found:
        return ()
    able = set().union(*found)
    acts: list[A.Complete] = []
    seen: set[tuple[int, bool]] = set()
    for is_public, cards in ((True, public), (False, hand)):
        for card in cards:
            if card in able and (CARDS[card].signature, is_public) not in seen:
                seen.add((CARDS[card].signature, is_public))
                for done in found:
                    acts += done.get(card, ())
    return tuple(acts)


_COMPLETABLE: dict[tuple[int, ...], dict[int, tuple[A.Complete, ...]]] = {}


def _completable(level: int, have: list[int]) -> dict[int, tuple[A.Complete, ...]]:
    """Every card ``have`` (one level's resources) completes, with its completions; memoised,
    as a level holds few resources and so takes few distinct contents (and the same contents
    on several levels: the ways to complete are memoised apart from the level)."""
    key = tuple(have)
    uses = _WAYS.get(key)
    if uses is None:
        uses = _WAYS[key] = tuple((card, found) for card in range(len(CARDS)) if (found := ways(card, have)))
    done = _COMPLETABLE[(level, *have)] = {card: tuple(A.Complete(card, level, use) for use in found)
                                           for card, found in uses}
    return done


_WAYS: dict[tuple[int, ...], tuple[tuple[int, list[tuple[int, int, int, int]]], ...]] = {}


def pending_choices(s: OtysState, top: Pending) -> list[Action]:
    kind = top[0]
    if kind == "keep":
        seen: set[int] = set()
        acts: list[Action] = []
        for card in map(int, top[2:]):
            if CARDS[card].signature not in seen:
                seen.add(CARDS[card].signature)
                acts.append(A.KEEPS[card])
        return acts
    if kind == "oxygen":
        return [A.RESURFACE, A.OXYGEN] if s._players[int(top[1])].batteries else [A.RESURFACE]
    p = s._players[s.turn]
    if kind == "front":
        return front_choices(s, p, int(top[1])) + [A.DONE]
    return effect_choices(s, p, int(top[2]), int(top[1]), int(top[3])) + [A.DONE]  # a copied diver


def sponsor_choices(s: OtysState, p: Player) -> list[Action]:
    level = s.key_level
    sponsor = s._table.sponsors[level - 1]
    advanced = s._table.sides[sponsor]
    if sponsor == 1 and advanced:
        return reward_choices(s, level)
    if sponsor == 2 and not advanced:
        return [A.RETURN_KEYS[t] for t in p.own_on_track()]
    if sponsor == 3:
        if p.credits < UPGRADE_COST:
            return []
        candidates = p.divers[:SURFACE] if advanced else [p.diver_at(level)]
        return [A.UPGRADES[d] for d in candidates if not p.upgraded[d]]
    acts: list[Action] = [A.SPONSOR]
    if sponsor == 4 and advanced and p.batteries:
        for src in range(1, LEVELS + 1):
            for dst in range(1, LEVELS + 1):
                if src != dst and level in (src, dst) and p.has_space(dst):
                    acts += [A.MOVES[c][src][dst] for c in range(len(COLOURS)) if p.res[src - 1][c]]
    return acts


def propel_choices(s: OtysState, p: Player) -> list[Action]:
    """Each new column once: an adjacent swap is listed only as the upper diver moving down."""
    reach = p.reach
    acts: list[Action] = []
    for src, diver in enumerate(p.divers):
        propels = A.PROPELS[diver]
        acts += [propels[dst] for dst in _destinations(reach, src)]
    return acts


@cache
def _destinations(reach: int, src: int) -> tuple[int, ...]:
    return tuple(dst for dst in range(max(0, src - reach), min(POSITIONS - 1, src + reach) + 1)
                 if dst > src or dst < src - 1)


def reward_choices(s: OtysState, level: int) -> list[Action]:
    """Slots of the Colony level; two identical tokens are one choice."""
    row = s._table.display[level - 1]
    acts: list[Action] = []
    for slot, token in enumerate(row):
        if token >= 0 and not (slot and row[0] >= 0 and REWARDS[row[0]] == REWARDS[token]):
            acts.append(A.TAKE_REWARDS[slot])
    return acts


def front_choices(s: OtysState, p: Player, token: int) -> list[Action]:
    front, pair, _ = REWARDS[token]
    if front == "resource":
        return [A.FRONTS[c] for c in pair] if p.has_space(s.key_level) else []
    if front == "upgrade":
        return [A.FRONTS[d] for d in range(8) if not p.upgraded[d]]
    if front == "draw" and not s._table.can_draw_contract():
        return []
    return [A.FRONTS[0]]


def cost(s: OtysState, diver: int, upgraded: bool, own: bool) -> int:
    """Credits the spy, engineer or explorer asks; sponsor #1 advanced waives own divers' costs."""
    if own and s.free:
        return 0
    if diver == EXPLORER:
        return EXPLORER_COST[upgraded]
    return 0 if upgraded else (SPY_COST if diver == SPY else ENGINEER_COST)


def buy_cost(s: OtysState, row: int, upgraded: bool, own: bool) -> int:
    """The price of the resource taken from store ``row`` (the buyer chooses the row)."""
    if own and s.free:
        return 0
    return max(0, BUY_COST[row] - upgraded)


def effect_choices(s: OtysState, p: Player, diver: int, owner: int, depth: int) -> list[Action]:
    """The choices of ``diver`` (``owner``'s tile, its side) used on the key's level of ``p``."""
    level = s.key_level
    upgraded = s._players[owner].upgraded[diver]
    own = owner == s.turn
    space = p.has_space(level)
    have = p.res[level - 1]
    acts: list[Action] = []
    if diver in EXPERTS:
        if space:
            acts.append(A.GATHERS[True][0])
        if upgraded:
            if diver == TECH:
                bonuses = p.own_on_track()
            elif diver == METAL:
                bonuses = [1] if s._table.neutral_pile else []
            else:
                bonuses = [1]
            for b in bonuses:
                if space:
                    acts.append(A.GATHERS[True][b])
                acts.append(A.GATHERS[False][b])
    elif diver == TRADER:
        t = s._table
        for c in range(len(COLOURS)):
            row = t.sale_row(c)
            if have[c] and row >= 0:
                acts.append(A.SELLS[c][False])
                if SELL_PRESTIGE[row] + upgraded:
                    acts.append(A.SELLS[c][True])
        if space:
            for c in range(len(COLOURS)):
                acts += [A.BUYS[c][row] for row in t.filled_rows(c) if p.credits >= buy_cost(s, row, upgraded, own)]
    elif p.credits >= cost(s, diver, upgraded, own):
        if diver == SPY:
            if s._table.can_draw_contract():
                acts.append(A.DRAW)
            seen: set[object] = set()
            for seat in neighbours(s):
                q = s._players[seat]
                target = q.diver_at(level)
                # two neighbours showing the same tile are one choice, unless the variant pays them
                same = seat if s.spy_variant else (target, q.upgraded[target])
                if not (depth and target == SPY) and same not in seen:
                    seen.add(same)
                    acts.append(A.COPIES[seat])
        elif diver == ENGINEER:
            acts += [A.IMPROVES[t] for t, v in enumerate((p.mechanic, p.hacker)) if v < MAX_IMPROVEMENTS]
        else:
            acts += reward_choices(s, level)
    return acts


def neighbours(s: OtysState) -> list[int]:
    n, t = s.num_players, s.turn
    return sorted({(t - 1) % n, (t + 1) % n})
