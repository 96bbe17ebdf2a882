"""A stronger bot for the four-sets-and-a-pair rule sets (Hong Kong 004, Chinese 001 Part two):
it values hands by what they score, defends against ready hands and looks ahead over draws.

Every decision compares the legal actions by an expected value in points, computed from the
bot's own view only (its tiles, the discards, melds and bonus tiles on the table, the wall
counts; never another player's concealed tiles or the wall order):

``value(action) = P(win) * gain - sum over opponents of P(deal in) * loss``

- **Gain (values hands by their fan).** A ready hand's gain is exact: for each winning tile,
  the rule set's own scorer (``rules.score``) scores the completed hand, won on a discard, and
  the gain is the points it collects (Hong Kong 004 s07: four times the base of its fan).
  A winning tile the rule set refuses (below a minimum, if it has one) is worth nothing, so
  the bot reaches the minimum or does not wait on it. A hand further away is valued by the fan
  it is heading for (Hong Kong): pungs and pairs of dragons and of the seat and prevailing
  winds, one suit with or without honours (partial credit for a hand that is nearly one
  suit), bonus tiles.
- **P(win) (thinks ahead over draws).** The chance to complete the hand before the wall runs
  out or an opponent wins: per round, the chance that one of four tiles (its draw and three
  discards; a win on any discard is allowed) is a winning tile, and, for a hand not ready,
  the chance per draw of a useful tile, stage by stage down the shanten. The ukeire after
  each useful draw is looked ahead one draw (every useful tile, weighted by its unseen
  copies, and the best discard after it), which values a discard by the hands it leads to.
- **Speed first.** A hand that wins ends the hand and every loser pays (Hong Kong 004 s07:
  the discarder twice the base, the others once; all three twice on a self-drawn win, which
  scores one fan more), so the bot keeps to the fastest discards (lowest shanten, unseen
  useful tiles within :attr:`StrongBot.speed_tol` of the most) and takes every claim that
  brings its hand closer, choosing among them by value; it leaves them only for a choice the
  model values :attr:`StrongBot.fan_margin` more (a pung of dragons, a hand in one suit). A
  kong that keeps the shanten is taken (its replacement tile is a free draw, 004 s05), a pung
  or chow that does not bring the hand closer only for clearly more value. The model's
  chance that another player ends the hand is at least :attr:`StrongBot.hazard_floor` a
  round: hands between these bots last about 8.7 rounds.
- **Defence.** Each opponent's chance of being ready grows with its exposed melds and its
  discards; the chance that a tile wins for it counts the waiting shapes that tile completes
  from the unseen tiles (pair, pung, side, edge and closed waits). A tile another player
  discarded since the opponent's own last discard, and that the opponent let pass, is taken as
  safe against it (a player who could win on it would have); the opponent's own discards are
  safer. The loss is twice the base its exposures show (004 s07: the discarder pays double).
  It is weighed by :attr:`StrongBot.defence` (0.1: the safer of near-equal discards; see
  there for why not more), and :attr:`StrongBot.fold_below` can make the bot fold a hopeless
  hand against a likely ready opponent (off by default). Under 004 s07 a deal-in is not the
  worst loss: an opponent left to draw its own winning tile collects one fan more from every
  player (measured: about 6 points a deal-in, 11 an opponent's self-drawn win).
- **Monte Carlo** (off by default, :attr:`StrongBot.mc_rollouts`): in a close decision the
  few best discards are compared over futures sampled from the tiles the bot has not seen
  (its own view only), the same futures for each. At 100 futures it cost 23 ms a decision
  (6 times the rest), too slow to measure its strength here.

American play (a card of lines, 47 tile kinds) is left to the american bot. Measured in the
arena against three efficiency bots (docs/bot-protocol.md, README "arena").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from ..analysis.shanten import Forms
from ..analysis.waits import discard_options, discard_shanten, draw_shanten, waiting_shapes
from ..engine import Action, ActionKind, PlayerView
from ..melds import Hand, Meld, MeldKind
from ..rng import below
from ..scoring import WinContext
from ..tiles import NUM_PLAYING, TILES

if TYPE_CHECKING:
    from ..rules.american.model import Card
    from ..rules.base import RuleSet
    from .base import Player

__all__ = ["StrongBot"]

_DRAGONS = (31, 32, 33)
#: how many of the best-ranked discards are looked ahead one draw
_LOOK_AHEAD = 5
#: how many discards keeping the shanten are tried after each looked-ahead draw
_AHEAD_DISCARDS = 4
#: the share of one suit's 3 fan credited to a hand 1, 2 or 3 tiles away from it
_FLUSH_CREDIT = (0.45, 0.25, 0.1)
#: the share of four runs and a pair's 1 fan credited to a hand with no pung among its
#: melds and 0, 1 or more concealed triplets
_ALL_CHOWS_CREDIT = (0.45, 0.2, 0.0)
#: typical unseen useful tiles of a hand at shanten 0, 1, 2, 3 (winning tiles at 0)
_TYPICAL_USEFUL = (6.0, 20.0, 34.0, 48.0, 58.0, 66.0, 72.0, 76.0, 80.0)


def _base_of(fan: float) -> float:
    """004 s07's base of a fan total, geometric between its steps (0 fan 1, 1 fan 2, 2 fan 4,
    3 fan 8, 4-6 fan 16, 7-9 fan 32, 10 or more 64)."""
    if fan <= 3:
        return float(2 ** max(fan, 0.0))
    if fan <= 4:
        return 8 * 2 ** (fan - 3)
    if fan <= 7:
        return 16 * 2 ** max(0.0, fan - 6)
    if fan <= 10:
        return 32 * 2 ** max(0.0, fan - 9)
    return 64.0


@lru_cache(maxsize=4096)
def _win_chance(stages: tuple[float, ...], rounds: int, hazard: float) -> float:
    """The chance to win within ``rounds`` rounds when the hand needs ``len(stages)`` steps:
    ``stages[i]`` is the chance per round of the next step (the last: of the winning tile),
    ``hazard`` the chance per round that an opponent ends the hand first."""
    # probability of being at each stage, round by round
    at = [1.0] + [0.0] * len(stages)
    won = 0.0
    for _ in range(rounds):
        nxt = [0.0] * (len(stages) + 1)
        for i, p in enumerate(at[:-1]):
            if p == 0.0:
                continue
            p *= 1.0 - hazard
            step = stages[i]
            nxt[i] += p * (1.0 - step)
            nxt[i + 1] += p * step
        won += nxt[-1]
        nxt[-1] = 0.0
        at = nxt
    return won


class StrongBot:
    """Plays for the most points (see the module docstring). Seeded: ties are broken by its
    own generator. ``rules``: the game's rule set (its scorer values ready hands); without it
    the bot reads the rule set named in the view with its default options."""

    _forms: ClassVar[dict[tuple[str, ...], Forms]] = {}
    #: :func:`~mahjong_table.players.make_bot` passes an American game's ``card``
    wants_card = True
    #: :func:`~mahjong_table.players.make_bot` passes the game's rule set
    wants_rules = True
    #: weight of a discard's expected loss against the expected gain (1: points for points).
    #: Measured in the arena against three efficiency bots (1,000-1,200 hands each), weights
    #: of 1 and 2 and folding below 0.5 or 1.5 points lost points: those bots end hands fast
    #: and pay for their own deal-ins, so the bot keeps the safer of near-equal discards
    #: (a small weight) rather than giving up speed
    defence: ClassVar[float] = 0.1
    #: below this expected value (points) against a likely ready opponent, the bot folds:
    #: it discards its safest tile (0: never)
    fold_below: ClassVar[float] = 0.0
    #: how much more (as a share) another discard must be worth than the fastest one for
    #: the bot to prefer it (0: always the best valued)
    switch_margin: ClassVar[float] = 0.0
    #: how much more (as a share) a claim must be worth than passing
    claim_margin: ClassVar[float] = 0.0
    #: speed first (0: off): the bot keeps to the fastest discards (lowest shanten, unseen
    #: useful tiles within speed_tol of the most) and takes every claim that brings its
    #: hand closer, unless the model values another choice this share more
    fan_margin: float = 0.5
    speed_tol: float = 0.1
    #: Monte Carlo rollouts in close decisions (0: none): how many futures, how many of the
    #: best-valued discards are compared, how close (a share of the best value) they must
    #: be, and how many rounds a future runs
    mc_rollouts: float = 0.0
    mc_top: float = 3.0
    mc_close: float = 0.05
    mc_depth: float = 10.0
    #: the chance per round that the hand ends by another's win, whatever the opponents
    #: show, and the share a likely ready opponent adds
    hazard_floor: float = 0.07
    hazard_per_ready: float = 0.22
    #: how much more (as a share) a pung or chow that does not bring the hand closer must be
    #: worth than passing (it spends the draw on a tile that does not advance the hand)
    keep_margin: float = 0.3
    #: a kong (claimed or declared) that keeps the shanten is taken unless it costs more
    #: than this share of the value: its replacement tile is a free draw (004 s05)
    kong_slack: float = 0.15

    def __init__(self, seed: int | str = 0, name: str = "Strong", card: Card | None = None,
                 rules: RuleSet | None = None) -> None:
        self.name = name
        self.seed = seed
        self.card = card
        self.rules = rules
        self.rng = random.Random(f"strong-bot/{seed}")
        self._card_player: Player | None = None
        self._gain_cache: dict[tuple[object, ...], float] = {}
        #: one-draw look-ahead by hand (kept for the hand: the unseen counts change little)
        self._ahead_cache: dict[tuple[object, ...], float] = {}
        # what the bot remembers of the hand: per seat, the discards seen, and the tiles
        # others discarded since that seat's last discard (which it let pass)
        self._hand_key: tuple[int, int] | None = None
        self._seen_discards: list[int] = [0, 0, 0, 0]
        self._passed: list[set[int]] = [set(), set(), set(), set()]

    # ----- the rule set --------------------------------------------------------------------

    def _rules(self, view: PlayerView) -> RuleSet:
        if self.rules is None or self.rules.name != view.rules:
            from ..rules import get_rule_set

            self.rules = get_rule_set(view.rules)
            self._gain_cache.clear()
        return self.rules

    def _forms_of(self, view: PlayerView) -> Forms:
        forms = self._forms.get(view.special_forms)
        if forms is None:
            forms = Forms("seven_pairs" in view.special_forms,
                          "thirteen_orphans" in view.special_forms)
            self._forms[view.special_forms] = forms
        return forms

    # ----- memory of the hand --------------------------------------------------------------

    def _observe(self, view: PlayerView) -> None:
        key = (view.hand_number, view.dealer)
        if key != self._hand_key:
            self._hand_key = key
            self._seen_discards = [0, 0, 0, 0]
            self._passed = [set(), set(), set(), set()]
            self._ahead_cache.clear()
        new: list[list[int]] = []
        discarded = [False] * 4
        for s in view.seats:
            n = len(s.discards)
            seen = self._seen_discards[s.player]
            new.append([int(t) for t in s.discards[seen:]] if n > seen else [])
            # a shorter list: its last discard was claimed, so it discarded meanwhile
            discarded[s.player] = n != seen
            self._seen_discards[s.player] = n
        for q in range(4):
            if discarded[q]:
                # q discarded since: what passed before was let pass by its old hand
                self._passed[q] = set()
                continue
            for r in range(4):
                if r != q:
                    self._passed[q].update(new[r])

    # ----- choosing ------------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Action:
        acts = view.legal_actions
        for a in acts:
            if a.kind is ActionKind.MAHJONG:
                return a
        if len(view.counts) > NUM_PLAYING:  # American play: the american bot's game
            if self._card_player is None:
                from .american_bot import AmericanBot

                self._card_player = AmericanBot(self.seed, self.name, card=self.card)
            return self._card_player.choose(view)
        if view.phase not in ("turn", "claim", "rob"):
            return acts[below(self.rng, len(acts))]
        self._observe(view)
        ctx = self._context(view)
        if view.phase == "turn":
            return self._turn(view, ctx)
        return self._claim(view, ctx)

    def _context(self, view: PlayerView) -> _Context:
        """What one decision needs (a subclass may read the table differently)."""
        return _Context(self, view)

    def _turn(self, view: PlayerView, ctx: _Context) -> Action:
        acts = view.legal_actions
        counts = list(view.counts)
        melds = list(view.me.melds)
        scored = ctx.rank_discards(counts, melds)
        best_value, best_tile = scored[0]
        discards = {int(a.tile): a for a in acts
                    if a.kind is ActionKind.DISCARD and a.tile is not None}
        # a declared kong: when it keeps the hand at least as good (it also draws a tile)
        s0 = -2
        for a in acts:
            if a.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG) and s0 == -2:
                s0 = min(v for v in discard_shanten(counts, len(melds), ctx.forms)
                         if v is not None)
            if a.tile is None or a.kind not in (ActionKind.CONCEALED_KONG,
                                                ActionKind.ADDED_KONG):
                continue
            k = int(a.tile)
            if a.kind is ActionKind.CONCEALED_KONG:
                counts[k] -= 4
                after = [*melds, Meld(MeldKind.KONG, (TILES[k],) * 4, exposed=False)]
            else:
                counts[k] -= 1
                after = [Meld(MeldKind.KONG, (TILES[k],) * 4) if m.kind is MeldKind.PUNG
                         and int(m.tile) == k else m for m in melds]
            value = ctx.hand_value(counts, after)
            keeps = ctx.forms.shanten(counts, len(after)) <= s0
            if a.kind is ActionKind.CONCEALED_KONG:
                counts[k] += 4
            else:
                counts[k] += 1
            if value >= best_value - 1e-9:
                return a
            slack = self.kong_slack
            if slack >= 0 and keeps and value >= best_value * (1.0 - slack) - 1e-9:
                return a
        if self.fan_margin > 0:
            # speed first: the best-valued of the fastest discards (lowest shanten, unseen
            # useful tiles within speed_tol of the most), unless a slower one is worth
            # fan_margin more
            options = discard_options(counts, len(melds), ctx.visible, ctx.forms)
            top = options[0]
            enough = (1.0 - self.speed_tol) * top.unseen_useful - 1e-9
            fast = [int(o.tile) for o in options if o.shanten_after == top.shanten_after
                    and o.unseen_useful >= enough and int(o.tile) in discards]
            if fast:
                value_of = {t: v for v, t in scored}
                fast_value = max(value_of.get(t, -1e18) for t in fast)
                if best_value - fast_value <= self.fan_margin * max(fast_value, 0.05):
                    ties = [t for t in fast if value_of.get(t, -1e18) >= fast_value - 1e-9]
                    return discards[ties[below(self.rng, len(ties))] if len(ties) > 1
                                    else ties[0]]
        if self.mc_rollouts > 0:
            pick = self._monte_carlo(ctx, counts, melds, scored, discards)
            if pick is not None:
                return discards[pick]
        # keep the fastest discard (lowest shanten, most unseen useful tiles) unless another
        # is worth clearly more: the model's values are estimates, speed is sure
        margin = self.switch_margin
        if margin > 0 and best_value > 0:
            value_of = {t: v for v, t in scored}
            fastest = ctx.fastest_discard(counts, melds)
            if fastest in discards and value_of.get(fastest, 0.0) * (1 + margin) >= best_value:
                return discards[fastest]
        ties = [t for v, t in scored if v >= best_value - 1e-9 and t in discards]
        if best_tile in discards and len(ties) <= 1:
            return discards[best_tile]
        if ties:
            return discards[ties[below(self.rng, len(ties))]]
        return next(iter(discards.values()))

    def _monte_carlo(self, ctx: _Context, counts: list[int], melds: list[Meld],
                     scored: list[tuple[float, int]], discards: dict[int, Action]
                     ) -> int | None:
        """In a close decision (the best :attr:`mc_top` discards within :attr:`mc_close` of
        the best value), the discard whose sampled futures pay most: :attr:`mc_rollouts`
        futures drawn from the tiles the bot has not seen (its own view only: never another
        player's hand or the wall order), the same futures for every candidate."""
        best = scored[0][0]
        if best <= 0:
            return None
        close = [d for v, d in scored[:int(self.mc_top)]
                 if d in discards and v >= best * (1.0 - self.mc_close)]
        if len(close) < 2:
            return None
        pool = [k for k in range(NUM_PLAYING) for _ in range(ctx.unseen[k])]
        rounds = min(ctx.rounds, int(self.mc_depth))
        need = min(len(pool), 4 * rounds)
        rng = self.rng
        futures: list[tuple[list[int], int]] = []
        for _ in range(int(self.mc_rollouts)):
            stop = 0
            while stop < rounds and rng.random() >= ctx.hazard:
                stop += 1
            futures.append((rng.sample(pool, need), stop))
        pick = close[0]
        pick_value = -1e18
        for d in close:
            counts[d] -= 1
            total = 0.0
            for future, stop in futures:
                total += ctx.rollout(counts, melds, future, stop)
            counts[d] += 1
            value = total / len(futures) - ctx.danger(d)
            if value > pick_value + 1e-9:
                pick, pick_value = d, value
        return pick

    def _claim(self, view: PlayerView, ctx: _Context) -> Action:
        acts = view.legal_actions
        pass_action = next((a for a in acts if a.kind is ActionKind.PASS), acts[0])
        tile = view.last_discard
        if tile is None:
            return pass_action
        t = int(tile)
        counts = list(view.counts)
        melds = list(view.me.melds)
        pass_value = best_value = ctx.hand_value(counts, melds)
        now = ctx.forms.shanten(counts, len(melds))
        best = pass_action
        for a in acts:
            margin = self.claim_margin
            if a.kind is ActionKind.KONG:
                counts[t] -= 3
                after = [*melds, Meld(MeldKind.KONG, (TILES[t],) * 4)]
                value = ctx.hand_value(counts, after)
                keeps = ctx.forms.shanten(counts, len(after)) <= now
                closer = keeps
                counts[t] += 3
                slack = self.kong_slack
                if slack >= 0 and keeps and value >= pass_value * (1.0 - slack) - 1e-9 \
                        and best is pass_action:
                    # the replacement tile is a free draw: taken unless it costs much
                    best_value, best = max(value, best_value), a
                    continue
            elif a.kind in (ActionKind.PUNG, ActionKind.CHOW):
                if a.kind is ActionKind.PUNG:
                    used = [t, t]
                    meld = Meld(MeldKind.PUNG, (TILES[t],) * 3)
                else:
                    start = int(a.tile) if a.tile is not None else t
                    used = [x for x in range(start, start + 3) if x != t]
                    meld = Meld(MeldKind.CHOW, tuple(TILES[x] for x in range(start, start + 3)))
                for x in used:
                    counts[x] -= 1
                value = ctx.rank_discards(counts, [*melds, meld], fold=False)[0][0]
                closer = min(v for v in discard_shanten(counts, len(melds) + 1, ctx.forms)
                             if v is not None) < now
                for x in used:
                    counts[x] += 1
                if not closer:
                    margin = self.keep_margin
            else:
                continue
            fm = self.fan_margin
            if fm > 0:
                # speed first: a claim that brings the hand closer is taken unless passing
                # is worth fan_margin more; another only when it is worth fan_margin more
                if closer:
                    if pass_value - value > fm * max(value, 0.05):
                        continue
                    if best is pass_action or value > best_value + 1e-9:
                        best_value, best = value, a
                    continue
                if best is pass_action and value - pass_value > fm * max(pass_value, 0.05):
                    best_value, best = value, a
                continue
            if value > best_value * (1.0 + margin) + 1e-9:
                best_value, best = value, a
        return best


class _Context:
    """What one decision needs, computed once from the view: unseen tiles, threats, the
    rounds left and the hazard of an opponent winning first."""

    def __init__(self, bot: StrongBot, view: PlayerView) -> None:
        self.bot = bot
        self.view = view
        self.rules = bot._rules(view)
        self.forms = bot._forms_of(view)
        self.fan_matters = self.rules.name == "hongkong"
        seen = view.visible_counts()
        #: copies of each kind outside the bot's hand that it can see (discards, melds)
        self.visible = list(view.table_counts()[:NUM_PLAYING])
        #: copies of each kind the bot has not seen anywhere
        self.unseen = [max(0, 4 - seen[k]) for k in range(NUM_PLAYING)]
        self.unseen_total = max(1, sum(self.unseen))
        self.rounds = max(1, min(20, view.live_wall // 4))
        me = view.player
        self.threats: list[tuple[int, float, float]] = []  # (seat, P(ready), loss)
        hazard_stay = 1.0
        for s in view.seats:
            if s.player == me:
                continue
            ready = self._ready_chance(len(s.melds), len(s.discards))
            # 004 s07: the discarder pays twice the base; on the Chinese simple scale every
            # win costs each player 1, however it is won
            loss = 2 * self._opponent_base(s.melds, s.player) if self.fan_matters else 1.0
            self.threats.append((s.player, ready, loss))
            hazard_stay *= 1.0 - bot.hazard_per_ready * ready
        self.hazard = min(0.6, bot.hazard_floor + (1.0 - hazard_stay))
        self._danger_cache: dict[int, float] = {}

    # ----- opponents -----------------------------------------------------------------------

    @staticmethod
    def _ready_chance(melds: int, discards: int) -> float:
        """How likely an opponent is ready, from its exposed melds and discards: a table
        measured on games between efficiency bots (players who claim whatever brings them
        closer; 150 Hong Kong hands, the share of ready hands by melds and discards)."""
        if melds >= 4:
            return 1.0
        if melds == 3:
            return 0.8
        if melds == 2:
            return min(0.9, 0.35 + 0.035 * discards)
        if melds == 1:
            return max(0.0, min(0.6, 0.05 * discards - 0.02))
        return max(0.0, min(0.3, 0.022 * discards - 0.02))

    def _opponent_base(self, melds: Sequence[Meld], player: int) -> float:
        if not self.fan_matters:
            return 1.0
        view = self.view
        wind = (player - view.dealer) % 4
        fan = 0.6
        suits: set[int] = set()
        for m in melds:
            k = int(m.tile)
            if k >= 27:
                if k in _DRAGONS or k == 27 + wind:
                    fan += 1
                if k == 27 + view.round_wind:
                    fan += 1
            else:
                suits.add(k // 9)
        if len(melds) >= 2 and len(suits) <= 1:
            fan += 1.5  # heading for one suit
        return _base_of(fan)

    def danger(self, t: int) -> float:
        """Expected points lost by discarding ``t`` now (over the opponents)."""
        cached = self._danger_cache.get(t)
        if cached is not None:
            return cached
        total = 0.0
        for q, ready, loss in self.threats:
            if ready <= 0.0:
                continue
            p = self._wait_chance(q, t)
            total += ready * p * loss
        total *= self.bot.defence
        self._danger_cache[t] = total
        return total

    def _combos(self, t: int) -> float:
        return waiting_shapes(self.unseen, t)

    def _wait_chance(self, q: int, t: int) -> float:
        seat = self.view.seats[q]
        if t in self.bot._passed[q]:
            return 0.01
        if len(seat.melds) >= 4:
            # one tile left: a pair wait on any unseen kind
            share = self.unseen[t] / self.unseen_total
        else:
            total = sum(self._combos(k) for k in range(NUM_PLAYING)) or 1.0
            share = min(1.0, 2.2 * self._combos(t) / total)
        if TILES[t] in seat.discards:
            share *= 0.35
        return share

    # ----- the bot's hand ------------------------------------------------------------------

    def gain(self, counts: list[int], melds: list[Meld], w: int) -> float:
        """Points the bot collects winning on a discarded ``w`` (0 if the rule set refuses
        the hand), by the rule set's own scorer."""
        key = (tuple(counts), tuple(melds), w, self.view.round_wind, self.view.me.wind)
        g = self.bot._gain_cache.get(key)
        if g is not None:
            return g
        view = self.view
        me = view.player
        tiles = [TILES[k] for k, c in enumerate(counts) for _ in range(c)] + [TILES[w]]
        ctx = WinContext(hand=Hand(tuple(tiles), tuple(melds)), win_tile=TILES[w],
                         seat_wind=view.me.wind, round_wind=view.round_wind,
                         self_drawn=False, discarder=(view.me.wind + 1) % 4,
                         bonus=tuple(view.seats[me].bonus))
        try:
            result = self.rules.score(ctx)
        except ValueError:
            result = None
        g = float(result.payments.get(view.me.wind, 0)) if result and result.valid else 0.0
        self.bot._gain_cache[key] = g
        return g

    def heading_gain(self, counts: Sequence[int], melds: Sequence[Meld]) -> float:
        """Points a hand not yet ready is heading for (Hong Kong: by the fan it builds
        towards; otherwise the points of a plain win)."""
        if not self.fan_matters:
            return 3.0
        view = self.view
        seat_wind = 27 + view.me.wind
        round_wind = 27 + view.round_wind
        fan = 0.0
        suit_tiles = [0, 0, 0]
        honours = 0
        meld_suits: set[int] = set()
        for m in melds:
            k = int(m.tile)
            if k >= 27:
                honours += 3
                fan += (k in _DRAGONS or k == seat_wind) + (k == round_wind)
            else:
                suit_tiles[k // 9] += 3
                meld_suits.add(k // 9)
        for k in range(27, 34):
            c = counts[k]
            honours += c
            worth = (k in _DRAGONS or k == seat_wind) + (k == round_wind)
            if worth:
                fan += worth * (1.0 if c >= 3 else 0.35 if c == 2 else 0.0)
        for k in range(27):
            suit_tiles[k // 9] += counts[k]
        main = max(range(3), key=lambda s: suit_tiles[s])
        if not meld_suits or meld_suits == {main}:
            off = sum(suit_tiles) - suit_tiles[main]
            if off == 0:
                fan += 3.0 if honours else 6.0
            elif off <= 3:
                fan += 3.0 * _FLUSH_CREDIT[off - 1]
        # four runs and a pair (1 fan): no pung among the melds, few among the concealed
        if not any(m.kind is not MeldKind.CHOW for m in melds):
            triplets = sum(1 for k in range(34) if counts[k] >= 3)
            fan += _ALL_CHOWS_CREDIT[min(triplets, 2)]
        bonus = view.me.bonus
        fan += 1.0 if not bonus else 0.5 * len(bonus)
        return 4.0 * _base_of(fan)

    def _stage_chance(self, useful: float, per_round: float) -> float:
        """The chance per round of drawing (or claiming) one of ``useful`` unseen tiles, with
        ``per_round`` chances a round."""
        miss: float = (1.0 - min(1.0, useful / self.unseen_total)) ** per_round
        return 1.0 - miss

    def hand_value(self, counts: list[int], melds: list[Meld]) -> float:
        """Expected points of a hand of ``13 - 3 * len(melds)`` concealed tiles (before any
        discard): P(win) times its gain."""
        n_melds = len(melds)
        s = self.forms.shanten(counts, n_melds)
        if s == 0:
            outs = 0.0
            gain = 0.0
            for w in range(NUM_PLAYING):
                if counts[w] >= 4 or self.unseen[w] == 0:
                    continue
                counts[w] += 1
                wins = self.forms.shanten(counts, n_melds) == -1
                counts[w] -= 1
                if wins:
                    g = self.gain(counts, melds, w)
                    if g > 0:
                        outs += self.unseen[w]
                        gain += self.unseen[w] * g
            if outs == 0:
                return 0.0
            p = _win_chance((round(self._stage_chance(outs, 4.0), 4),), self.rounds,
                            round(self.hazard, 3))
            return p * gain / outs
        after = draw_shanten(counts, n_melds, self.forms)
        useful = [t for t, x in enumerate(after) if x is not None and x < s]
        u = sum(self.unseen[t] for t in useful)
        ahead = self._look_ahead(counts, n_melds, s, useful)
        return self._value_far(s, u, ahead, counts, melds)

    def _value_far(self, s: int, useful: float, next_useful: float, counts: Sequence[int],
                   melds: Sequence[Meld]) -> float:
        """P(win) times the gain the hand heads for, ``s`` (>= 1) steps from ready with
        ``useful`` unseen useful tiles now and ``next_useful`` after the next step."""
        if useful <= 0:
            return 0.0
        # the useful tiles at each shanten on the way down: now, after the next step, then
        # no more than a typical hand has at that shanten
        scale = self.unseen_total / 120.0
        levels = [float(useful), float(next_useful)]
        for k in range(s - 2, -1, -1):
            levels.append(min(levels[-1], _TYPICAL_USEFUL[min(8, k)] * scale))
        stages = [self._stage_chance(x, 1.3) for x in levels[:-1]]
        stages.append(self._stage_chance(max(1.0, levels[-1]), 4.0))  # ready: any discard
        key = tuple(round(x, 4) for x in stages)
        p = _win_chance(key, self.rounds, round(self.hazard, 3))
        return p * self.heading_gain(counts, melds)

    def rank_discards(self, counts: list[int], melds: list[Meld], *, fold: bool = True
                      ) -> list[tuple[float, int]]:
        """``(value, kind)`` of each distinct discard of a hand that must discard, best
        first: the hand's expected points after it, less the discard's danger.

        The few best-ranked discards (by shanten and unseen useful tiles) are looked ahead
        one draw; the others' next-step useful tiles are scaled by the ratio those showed, so
        that every discard is valued on the same footing."""
        n_melds = len(melds)
        options = discard_options(counts, n_melds, self.visible, self.forms)
        lowest = options[0].shanten_after
        ahead: dict[int, float] = {}
        ratios = []
        for o in options[:_LOOK_AHEAD]:
            if o.shanten_after == lowest >= 1 and o.unseen_useful > 0:
                d = int(o.tile)
                counts[d] -= 1
                a = self._look_ahead(counts, n_melds, o.shanten_after,
                                     [int(x.tile) for x in o.useful])
                counts[d] += 1
                ahead[d] = a
                ratios.append(a / o.unseen_useful)
        ratio = sum(ratios) / len(ratios) if ratios else 0.6
        out: list[tuple[float, int]] = []
        for o in options:
            d = int(o.tile)
            counts[d] -= 1
            if o.shanten_after == 0:
                value = self.hand_value(counts, melds)
            elif o.shanten_after == lowest:
                nxt = ahead.get(d, o.unseen_useful * ratio)
                value = self._value_far(o.shanten_after, o.unseen_useful, nxt, counts, melds)
            elif o.shanten_after == lowest + 1:
                # a step back: kept for defence and for a hand worth much more, valued with
                # the typical useful tiles of the next shanten and at half (the model is
                # generous to wide, far hands)
                scale = self.unseen_total / 120.0
                nxt = min(float(o.unseen_useful), _TYPICAL_USEFUL[min(8, lowest)] * scale)
                value = 0.5 * self._value_far(o.shanten_after, o.unseen_useful, nxt, counts,
                                              melds)
            else:
                value = 0.0
            counts[d] += 1
            out.append((value - self.danger(d), d))
        out.sort(key=lambda x: -x[0])
        below = self.bot.fold_below
        if fold and below > 0 and out and out[0][0] < below and self.threatened():
            # a hand with little hope against a ready opponent: the safest tile goes
            raw = {d: v for v, d in out}
            out.sort(key=lambda x: (self.raw_danger(x[1]), -raw[x[1]]))
            out = [(below - self.raw_danger(d), d) for _, d in out]
        return out

    def rollout(self, counts: list[int], melds: list[Meld], future: Sequence[int],
                stop: int) -> float:
        """Points won in one sampled future of the 13-tile hand ``counts``: each round
        three discards by the others (``future`` in order; a win on any) and then the bot's
        own draw, for ``stop`` rounds (after which another player has won or the wall is
        out). The bot keeps the lowest shanten, letting go of its least connected tile. A
        self-drawn win is worth three discard wins (004 s07: one fan more, every loser pays
        twice the base)."""
        c = list(counts)
        n_melds = len(melds)
        forms = self.forms
        s = forms.shanten(c, n_melds)
        waits = self._waits_of(c, n_melds) if s == 0 else ()
        drawn_factor = 3.0 if self.fan_matters else 1.0
        i = 0
        for _ in range(stop):
            for j in range(4):
                if i >= len(future):
                    return 0.0
                t = future[i]
                i += 1
                if s == 0 and t in waits:
                    g = self.gain(c, melds, t)
                    if g > 0:
                        return g * (drawn_factor if j == 3 else 1.0)
            c[t] += 1
            after = discard_shanten(c, n_melds, forms)
            low = min(v for v in after if v is not None)
            out = -1
            out_key = 1e9
            for k, v in enumerate(after):
                if v == low:
                    key = self._connection(c, k)
                    if key < out_key:
                        out, out_key = k, key
            c[out] -= 1
            if low < s or (low == 0 and out != t):
                waits = self._waits_of(c, n_melds) if low == 0 else ()
            s = low
        return 0.0

    def _waits_of(self, counts: list[int], n_melds: int) -> tuple[int, ...]:
        after = draw_shanten(counts, n_melds, self.forms)
        return tuple(t for t, x in enumerate(after) if x == -1 and self.unseen[t] > 0)

    @staticmethod
    def _connection(c: Sequence[int], k: int) -> float:
        """How much tile ``k`` of the hand ``c`` connects (lower: let go first)."""
        key = 2.0 * (c[k] - 1)
        if k < 27:
            n = k % 9
            for j in range(max(0, n - 2), min(8, n + 2) + 1):
                if j != n:
                    key += c[k - n + j] * (1.0 if abs(j - n) == 1 else 0.5)
            key += 0.2 if n in (0, 8) else 0.4
        return key

    def fastest_discard(self, counts: list[int], melds: list[Meld]) -> int:
        """The discard with the lowest shanten and the most unseen useful tiles (the
        efficiency bot's choice; ties to the lowest tile)."""
        return int(discard_options(counts, len(melds), self.visible, self.forms,
                                   best_only=True)[0].tile)

    def threatened(self) -> bool:
        """Whether an opponent is likely ready (at least half a chance)."""
        return any(ready >= 0.5 for _, ready, _ in self.threats)

    def raw_danger(self, t: int) -> float:
        """The expected loss of discarding ``t``, whatever the defence weight."""
        return sum(ready * self._wait_chance(q, t) * loss for q, ready, loss in self.threats
                   if ready > 0.0)

    def _look_ahead(self, counts: list[int], n_melds: int, s: int,
                    useful: Sequence[int]) -> float:
        """Thinking one draw ahead: the mean unseen useful tiles after drawing each useful
        tile (weighted by its unseen copies) and keeping the best of a few discards that hold
        the lower shanten. ``counts``: a 13-tile (``13 - 3 * n_melds``) hand ``s`` from
        ready; ``useful``: the kinds that lower ``s``."""
        key = (tuple(counts), n_melds)
        cached = self.bot._ahead_cache.get(key)
        if cached is not None:
            return cached
        total = 0.0
        weight = 0
        target = s - 1
        forms = self.forms
        unseen = self.unseen
        for k in useful:
            if unseen[k] <= 0:
                continue
            counts[k] += 1
            best = 0
            tried = 0
            for d in range(NUM_PLAYING):
                if not counts[d] or d == k:
                    continue
                counts[d] -= 1
                if forms.shanten(counts, n_melds) == target:
                    after = draw_shanten(counts, n_melds, forms)
                    ukeire = sum(unseen[t] for t, x in enumerate(after)
                                 if x is not None and x < target)
                    best = max(best, ukeire)
                    tried += 1
                counts[d] += 1
                if tried >= _AHEAD_DISCARDS:
                    break
            counts[k] -= 1
            total += unseen[k] * best
            weight += unseen[k]
        value = total / weight if weight else 0.0
        self.bot._ahead_cache[key] = value
        return value
