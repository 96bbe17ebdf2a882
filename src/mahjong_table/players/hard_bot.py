"""The hard bot for the four-sets-and-a-pair rule sets (Hong Kong 004, Chinese 001 Part two,
simple and MCR scoring): the strong bot's model of a hand's value, with a reading of each
opponent, defence weighed by the bot's own hand, and MCR planning toward the 8-fan minimum.

Everything it reads is its own :class:`~mahjong_table.engine.PlayerView`: its tiles, the
discards of each seat in order, the exposed melds and bonus tiles, the wall counts; never
another player's concealed tiles or the wall order. It remembers, across the decisions of a
hand, which tiles each opponent let pass (as the strong bot does).

What it adds to :class:`~mahjong_table.players.strong_bot.StrongBot`:

- **Reading each opponent.** The chance that an opponent is ready starts from the strong
  bot's table (exposed melds and discards) and rises when its latest discards are middle
  tiles (3 to 7 of a suit: a player lets go of connected tiles once its hand is shaped, after
  its honours and terminals went early) and when it claimed a set lately. A hand heading for
  one suit shows it in its melds (two or more, all of one suit, with honours or not) and in
  its discards (none of that suit lately): tiles of that suit are then far more dangerous
  against it, tiles of the other suits hardly at all.
- **Defence weighed by the hand (push or fold).** The danger of a discard (the chance each
  opponent is ready times the chance the tile wins for it times what it would collect) is
  weighed by how far the bot's own hand is: lightly when it is ready or one step away (it
  pushes), heavily when it is far (it plays safe). The weights are
  :attr:`HardBot.defence_by_shanten`.
- **MCR: the 8-fan minimum by design.** A hand not yet ready is valued by the fan it is
  heading for under MCR (a one-suit hand, all pungs, a straight or three chows alike across
  the suits, dragon and wind pungs, a concealed hand, no honours and so on, each credited by
  how close the hand is to it) and the chance that its total reaches 8; so the discards and
  claims steer toward a hand that may win rather than a fast hand that may not. A ready
  hand's winning tiles are scored exactly by the MCR scorer, as the strong bot does.
- Hong Kong: the strong bot's fan model (one suit, dragons, winds) decides when a detour is
  worth it; its speed margin is kept.

Decisions take about the strong bot's time (a few milliseconds compiled). American play (a
card of lines) is the hard American bot's (:mod:`.hard_american_bot`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ..analysis.waits import discard_shanten
from ..engine import PlayerView
from ..melds import Meld, MeldKind
from ..tiles import NUM_PLAYING
from .strong_bot import StrongBot, _Context

if TYPE_CHECKING:
    from ..rules.american.model import Card
    from ..rules.base import RuleSet

__all__ = ["HardBot", "mcr_heading_fan"]

_DRAGONS = (31, 32, 33)


def _middle(k: int) -> bool:
    return k < 27 and 2 <= k % 9 <= 6


def _distinct_share(counts: Sequence[int], needed: Sequence[int],
                    in_melds: Sequence[int]) -> int:
    """How many of the ``needed`` kinds (each wanted once) the hand holds or has melded."""
    return sum(1 for k in needed if counts[k] > 0 or in_melds[k] > 0)


def mcr_heading_fan(counts: Sequence[int], melds: Sequence[Meld], seat_wind: int,
                    round_wind: int) -> float:
    """The MCR fan a hand of concealed ``counts`` (34 kinds) and declared ``melds`` is heading
    for: the best plan among the big fans (Half Flush 6 or Full Flush 24, All Pungs 6, Pure
    Straight 16, Mixed Straight 8, Mixed Triple Chow 8), each credited by how close the hand is
    to it, plus the small fans it holds or nearly holds (Dragon Pung 2, Prevalent and Seat Wind
    2, Concealed Hand 2, All Chows 2, No Honours 1). An estimate for planning (MCR fan table,
    :mod:`mahjong_table.rules.mcr_fans`), not a score: the scorer scores finished hands."""
    in_melds = [0] * NUM_PLAYING
    chow_melds = 0
    pung_melds = 0
    exposed = False
    for m in melds:
        k = int(m.tile)
        if m.kind is MeldKind.CHOW:
            chow_melds += 1
            for x in range(k, k + 3):
                in_melds[x] += 1
        else:
            pung_melds += 1
            in_melds[k] += 3
        exposed = exposed or m.exposed
    small = 0.0
    honours = 0
    for k in range(27, 34):
        c = counts[k] + in_melds[k]
        honours += c
        worth = 2.0 if k in _DRAGONS else 0.0
        if k == 27 + seat_wind:
            worth += 2.0
        if k == 27 + round_wind:
            worth += 2.0
        if worth:
            small += worth * (1.0 if c >= 3 else 0.4 if c == 2 else 0.0)
    if not exposed:
        small += 1.5  # a concealed hand (2) if it wins on a discard, more if self-drawn
    if honours == 0:
        small += 1.0  # no honours
    triplets = pung_melds + sum(1 for k in range(34) if counts[k] >= 3)
    pairs = sum(1 for k in range(34) if counts[k] == 2)
    if pung_melds == 0 and honours == 0 and triplets == 0:
        small += 1.2  # heading for all chows
    plans = [0.0]
    # one suit: Full Flush 24 without honours, Half Flush 6 with them
    suit_tiles = [0, 0, 0]
    for k in range(27):
        suit_tiles[k // 9] += counts[k] + in_melds[k]
    main = max(range(3), key=lambda s: suit_tiles[s])
    off = sum(suit_tiles) - suit_tiles[main]
    flush = 24.0 if honours == 0 else 6.0
    if off == 0:
        plans.append(flush)
    elif off <= 4:
        plans.append(flush * (0.6, 0.4, 0.2, 0.08)[off - 1])
    # all pungs: four pungs and a pair, no chow melded
    if chow_melds == 0:
        have = triplets + 0.55 * pairs
        if have >= 4.0:
            plans.append(6.0)
        elif have >= 2.5:
            plans.append(6.0 * (have - 2.0) / 2.0)
    # straights and three chows alike (what is held of the nine kinds each needs)
    for s in range(3):
        got = _distinct_share(counts, range(9 * s, 9 * s + 9), in_melds)
        if got >= 6:
            plans.append(16.0 * (0.1, 0.25, 0.5, 1.0)[got - 6])
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        needed = [9 * order[i] + 3 * i + j for i in range(3) for j in range(3)]
        got = _distinct_share(counts, needed, in_melds)
        if got >= 6:
            plans.append(8.0 * (0.15, 0.3, 0.6, 1.0)[got - 6])
    for n in range(7):
        needed = [9 * s + n + j for s in range(3) for j in range(3)]
        got = _distinct_share(counts, needed, in_melds)
        if got >= 6:
            plans.append(8.0 * (0.15, 0.3, 0.6, 1.0)[got - 6])
    return small + max(plans)


class HardBot(StrongBot):
    """The hard bot (module docstring): a :class:`StrongBot` that reads its opponents,
    weighs its defence by its own hand and plans MCR hands toward the 8-fan minimum.
    Seeded: ties are broken by its own generator."""

    wants_card = True
    wants_rules = True
    #: the weight of a discard's danger by the bot's shanten after the discard (0 ready,
    #: 1, 2, 3 or more): it pushes a hand near winning and defends a far one
    defence_by_shanten: ClassVar[tuple[float, ...]] = (0.1, 0.15, 0.3, 0.5)
    #: how much a run of middle-tile discards raises an opponent's chance of being ready
    middle_signal: ClassVar[float] = 0.15
    #: how much more dangerous a tile of an opponent's one-suit hand is (and how much less a
    #: tile of another suit)
    flush_danger: ClassVar[float] = 2.5
    flush_safe: ClassVar[float] = 0.25
    #: the fan a far MCR hand must be heading for to be worth half (logistic midpoint) and
    #: the spread of that curve
    mcr_midpoint: ClassVar[float] = 7.0
    mcr_spread: ClassVar[float] = 1.5

    def __init__(self, seed: int | str = 0, name: str = "Hard", card: Card | None = None,
                 rules: RuleSet | None = None) -> None:
        super().__init__(seed, name, card, rules)
        self.rng.seed(f"hard-bot/{seed}")

    def _context(self, view: PlayerView) -> _Context:
        return _HardContext(self, view)


class _HardContext(_Context):
    """A decision's context for the hard bot: opponents read from the table, defence by the
    bot's own shanten, MCR hands valued by the fan they head for."""

    def __init__(self, bot: HardBot, view: PlayerView) -> None:
        super().__init__(bot, view)
        self.hard = bot
        self.mcr = "knitted_straight" in view.special_forms
        counts = view.counts
        n_melds = len(view.me.melds)
        if sum(counts) % 3 == 2:  # a hand that must discard: its best shanten after one
            s = min(v for v in discard_shanten(list(counts), n_melds, self.forms)
                    if v is not None)
        else:
            s = self.forms.shanten(list(counts), n_melds)
        weights = bot.defence_by_shanten
        # Chinese simple scale: every win costs each loser 1 point, whoever discarded, so
        # feeding a win costs no more than letting it be drawn: speed only
        simple = not self.fan_matters and not self.mcr
        self.weight = 0.0 if simple else weights[max(0, min(len(weights) - 1, s))]
        # the opponents, read again
        me = view.player
        threats: list[tuple[int, float, float]] = []
        hazard_stay = 1.0
        self.flush_suit: dict[int, int] = {}
        for seat in view.seats:
            q = seat.player
            if q == me:
                continue
            ready = self._ready_chance(len(seat.melds), len(seat.discards))
            recent = [int(t) for t in seat.discards[-3:]]
            if len(seat.discards) >= 6 and sum(1 for k in recent if _middle(k)) >= 2:
                ready = min(0.95, ready + bot.middle_signal)
            suit = self._one_suit(seat.melds, [int(t) for t in seat.discards])
            if suit >= 0:
                self.flush_suit[q] = suit
                ready = min(0.95, ready + 0.1)
            loss = 2 * self._opponent_base(seat.melds, q) if self.fan_matters else (
                12.0 if self.mcr else 1.0)
            threats.append((q, ready, loss))
            hazard_stay *= 1.0 - bot.hazard_per_ready * ready
        self.threats = threats
        self.hazard = min(0.6, bot.hazard_floor + (1.0 - hazard_stay))

    @staticmethod
    def _one_suit(melds: Sequence[Meld], discards: Sequence[int]) -> int:
        """The suit (0-2) an opponent's hand is heading for, or -1: two or more melds, every
        suited one in one suit, and none of that suit among its latest six discards."""
        if len(melds) < 2:
            return -1
        suits = {int(m.tile) // 9 for m in melds if int(m.tile) < 27}
        if len(suits) != 1:
            return -1
        suit = next(iter(suits))
        if any(k < 27 and k // 9 == suit for k in discards[-6:]):
            return -1
        return suit

    def danger(self, t: int) -> float:
        cached = self._danger_cache.get(t)
        if cached is not None:
            return cached
        total = 0.0
        for q, ready, loss in self.threats:
            if ready <= 0.0:
                continue
            p = self._wait_chance(q, t)
            suit = self.flush_suit.get(q, -1)
            if suit >= 0 and t < 27:
                p = min(1.0, p * (self.hard.flush_danger if t // 9 == suit
                                  else self.hard.flush_safe))
            total += ready * p * loss
        total *= self.weight
        self._danger_cache[t] = total
        return total

    def heading_gain(self, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        if not self.mcr:
            return super().heading_gain(counts, melds)
        view = self.view
        fan = mcr_heading_fan(counts, melds, view.me.wind, view.round_wind)
        x = (fan - self.hard.mcr_midpoint) / self.hard.mcr_spread
        reach = 1.0 / (1.0 + math.exp(-x))
        # a win on a discard collects 8 + fan from the discarder and 8 from each other
        return reach * (24.0 + max(8.0, fan))
