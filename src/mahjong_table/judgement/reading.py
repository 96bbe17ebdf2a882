"""The table as one seat reads it: the tiles it has not seen, how long the hand may last, and
each opponent's threat (how likely it is ready, which tiles would complete it, what its win
would cost), from the seat's own view only.

Four-sets-and-a-pair rule sets (Hong Kong 004, Chinese 001 Part two). What the view shows and
how it is read:

- *Unseen tiles*: four copies of each kind less those in the seat's hand, in every exposed
  meld and among the discards.
- *An opponent's readiness* grows with its exposed melds and its discards (a table measured
  between efficiency bots: players who claim whatever brings them closer), and rises when two
  of its latest three discards are middle tiles (3-7: a player lets connected tiles go once its
  hand is shaped) and when its melds show a hand in one suit (two or more, every suited one in
  one suit, none of that suit among its latest six discards).
- *Which tiles complete it*: the waiting shapes a tile completes among the unseen tiles (pair,
  pung, sides, edge and closed waits); against a one-suit hand the tiles of that suit are far
  more dangerous and the others hardly at all; a tile the opponent discarded itself, and a tile
  others discarded after its last discard that it let pass, is safer (it could have won on it).
- *A limit in sight*: an opponent showing two dragon pungs (or kongs) keeps the third dragon,
  one showing three wind pungs the fourth wind; that tile, while any copy is unseen, is
  among its likeliest waits (:data:`LIMIT_SHARE`) and a win on it is a limit (004 s07: three
  dragons, three winds with a pair of the fourth; MCR: Little or Big Three Dragons, Little or
  Big Four Winds), paid as one (:data:`LIMIT_WORTH`) when the seat deals it in.
- *What its win costs*: its likely worth read from its melds (dragon and wind pungs, one suit)
  under the rule set's own payments (:meth:`~mahjong_table.rules.base.RuleSet.win_payments`):
  in Hong Kong the discarder pays twice the base and a self-drawn win costs everyone twice the
  base of one fan more (004 s07), so letting an opponent draw its win can cost more than
  feeding it. What a deal-in costs is net of what folding cannot save: an opponent that is
  ready and not fed now still wins the hand up to a third of the time, less late in the wall
  (:data:`LATER_WIN`), and then the seat pays its share anyway.
- *The hazard*: the chance a round that another player ends the hand, from their readiness,
  never below :data:`HAZARD_FLOOR` (hands between these bots last about 8.7 rounds).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..analysis.waits import waiting_shapes
from ..engine.view import PlayerView
from ..melds import Meld, MeldKind
from ..rules.base import RuleSet
from ..tiles import NUM_PLAYING

__all__ = ["HAZARD_FLOOR", "HAZARD_PER_READY", "LATER_PER_ROUND", "LATER_WIN", "LIMIT_SHARE",
           "LIMIT_WORTH", "Opponent", "Reading", "limit_kinds"]

_DRAGONS: Final = (31, 32, 33)
#: the chance per round that the hand ends by another's win, whatever the opponents show
HAZARD_FLOOR: Final = 0.07
#: what a surely ready opponent adds to that chance
HAZARD_PER_READY: Final = 0.22
#: share of another player's wins that it draws itself
SELF_DRAWN_SHARE: Final = 0.3
#: the least chance that a tile completing a limit an opponent's melds show is its wait
LIMIT_SHARE: Final = 0.5
#: what a limit is worth in the rule set's own terms: 004 s07 pays a limit at the base of 10
#: fan (64); MCR's Big Three Dragons and Big Four Winds are 88 fan (Little ones 64)
LIMIT_WORTH: Final = {"hongkong": 10, "mcr": 88}
#: the wait model's chances scaled to what happened (measured: 3.2% of discards predicted to
#: deal in against 2.2% that did, over 1,450 discards of normal bots in Hong Kong hands)
DANGER_SCALE: Final = 0.7
#: the chance that an opponent ready when the seat discards, and not fed by that discard,
#: still wins the hand, at most (what a deal-in costs beyond what the seat pays anyway is the
#: payment less this share of what that opponent's win costs the seat when someone else's
#: discard or its own draw completes it), and its rise a round of draws left: measured with
#: the true hands of normal bots (``python -m tools.judgement_calibration later``, 300 hands),
#: Chinese 0.00 with 0-3 rounds left, 0.13-0.21 with 4-7, 0.23-0.27 with 8-11, 0.34 with 12 or
#: more; Hong Kong about 0.26 with 0-7, 0.31-0.39 with 8-11, 0.46 with 12 or more. The rule
#: ``min(LATER_WIN, LATER_PER_ROUND * rounds)`` follows the Chinese rise and stays under the
#: Hong Kong one (never charging a deal-in less than the table shows)
LATER_WIN: float = 0.35
LATER_PER_ROUND: float = 0.03


def _middle(k: int) -> bool:
    return k < 27 and 2 <= k % 9 <= 6


def ready_chance(melds: int, discards: int) -> float:
    """How likely an opponent is ready from its exposed melds and its discards (the table
    the strong bot measured: 150 Hong Kong hands between efficiency bots)."""
    if melds >= 4:
        return 1.0
    if melds == 3:
        return 0.8
    if melds == 2:
        return min(0.9, 0.35 + 0.035 * discards)
    if melds == 1:
        return max(0.0, min(0.6, 0.05 * discards - 0.02))
    return max(0.0, min(0.3, 0.022 * discards - 0.02))


def limit_kinds(melds: Sequence[Meld]) -> frozenset[int]:
    """The honour kinds that would complete a limit hand an opponent's exposed ``melds`` show
    (004 s07; MCR's dragon and wind hands alike): the third dragon when two dragon pungs or
    kongs are exposed, the fourth wind when three wind pungs or kongs are."""
    held = {int(m.tile) for m in melds if m.kind is not MeldKind.CHOW}
    dragons = [k for k in _DRAGONS if k in held]
    winds = [k for k in range(27, 31) if k in held]
    out: set[int] = set()
    if len(dragons) >= 2:
        out.update(k for k in _DRAGONS if k not in held)
    if len(winds) >= 3:
        out.update(k for k in range(27, 31) if k not in held)
    return frozenset(out)


def one_suit(melds: Sequence[Meld], discards: Sequence[int]) -> int:
    """The suit (0-2) an opponent's hand shows it is heading for, or -1: two or more melds,
    every suited one in one suit, and none of that suit among its latest six discards."""
    if len(melds) < 2:
        return -1
    suits = {int(m.tile) // 9 for m in melds if int(m.tile) < 27}
    if len(suits) != 1:
        return -1
    suit = next(iter(suits))
    if any(k < 27 and k // 9 == suit for k in discards[-6:]):
        return -1
    return suit


class Opponent:
    """One opponent as the seat reads it: ``player``, ``ready`` (the chance it is ready),
    ``suit`` (the suit its melds show it collects, or -1), ``safe`` (kinds it would have won
    on and let pass, or discarded itself), and what its win costs the seat: ``dealing_in``
    (the seat discards the winning tile), ``other_discard`` (another player does) and
    ``self_drawn`` (it draws it), as positive points; ``limit`` the kinds that would complete
    a limit its melds show (:func:`limit_kinds`) and ``limit_in`` what the seat pays dealing
    one in."""

    __slots__ = ("dealing_in", "limit", "limit_in", "other_discard", "player", "ready", "safe",
                 "self_drawn", "suit", "own_discards")

    def __init__(self, player: int, ready: float, suit: int, safe: frozenset[int],
                 own_discards: frozenset[int], dealing_in: float, other_discard: float,
                 self_drawn: float, limit: frozenset[int] = frozenset(),
                 limit_in: float = 0.0) -> None:
        self.player = player
        self.ready = ready
        self.suit = suit
        self.safe = safe
        self.own_discards = own_discards
        self.dealing_in = dealing_in
        self.other_discard = other_discard
        self.self_drawn = self_drawn
        self.limit = limit
        self.limit_in = limit_in

    @property
    def loss(self) -> float:
        """What the seat expects to pay when this opponent wins and the seat's discard did
        not complete it: a self-drawn win or another player's discard, by their shares."""
        return (SELF_DRAWN_SHARE * self.self_drawn
                + (1.0 - SELF_DRAWN_SHARE) * (self.other_discard * 2.0 + self.dealing_in) / 3.0)


class Reading:
    """The table read from ``view`` under ``rules`` (module docstring): ``unseen`` copies of
    each of the 34 playing kinds, ``pool`` (their total), ``rounds`` (the seat's draws left),
    the ``opponents``, the ``hazard`` a round and ``loss`` (what another's win is expected to
    cost the seat)."""

    def __init__(self, view: PlayerView, rules: RuleSet) -> None:
        self.view = view
        self.rules = rules
        me = view.player
        seen = view.visible_counts()
        self.unseen = [max(0, 4 - seen[k]) for k in range(NUM_PLAYING)]
        self.pool = max(1, sum(self.unseen))
        #: copies of each kind outside the seat's concealed hand (discards, every meld)
        self.visible = list(view.table_counts()[:NUM_PLAYING])
        self.rounds = self._draws_left(view)
        self._combo_total = 0.0
        self._combo = [self._combos(k) for k in range(NUM_PLAYING)]
        self._combo_total = sum(self._combo) or 1.0
        opponents: list[Opponent] = []
        stay = 1.0
        for seat in view.seats:
            q = seat.player
            if q == me or seat.dead:
                continue
            discards = [int(t) for t in seat.discards]
            ready = ready_chance(len(seat.melds), len(discards))
            recent = discards[-3:]
            if len(discards) >= 6 and sum(1 for k in recent if _middle(k)) >= 2:
                ready = min(0.95, ready + 0.15)
            suit = one_suit(seat.melds, discards)
            if suit >= 0:
                ready = min(0.95, ready + 0.1)
            worth = self._opponent_worth(seat.melds, q)
            pay_in, pay_other, pay_self = self._costs(worth, q)
            limit = limit_kinds(seat.melds)
            limit_in = pay_in
            if limit:
                family = "mcr" if "knitted_straight" in view.special_forms else "hongkong"
                limit_in = max(pay_in, self._costs(LIMIT_WORTH[family], q)[0])
            opponents.append(Opponent(q, ready, suit, self._passed(view, q),
                                      frozenset(discards), pay_in, pay_other, pay_self,
                                      limit, limit_in))
            stay *= 1.0 - HAZARD_PER_READY * ready
        self.opponents = tuple(opponents)
        self.hazard = min(0.6, HAZARD_FLOOR + (1.0 - stay))
        weight = sum(o.ready for o in opponents)
        if weight > 0:
            self.loss = sum(o.ready * o.loss for o in opponents) / weight
        else:
            self.loss = (sum(o.loss for o in opponents) / len(opponents)) if opponents else 0.0
        self._danger: dict[int, tuple[float, float]] = {}

    # ----- the wall ------------------------------------------------------------------------

    @staticmethod
    def _draws_left(view: PlayerView) -> int:
        """The seat's draws left from the live wall: the next draw goes to the player after
        the one who acts now (after a discard: after the discarder), and the seat gets every
        fourth tile from its turn on."""
        live = view.live_wall
        acting = view.discarder if view.phase in ("claim", "rob") and view.discarder is not None \
            else view.current
        first = (view.player - acting - 1) % 4 + 1  # the seat draws the first-th tile
        if acting == view.player:
            first = 4
        if live < first:
            return 0
        return (live - first) // 4 + 1

    # ----- opponents -----------------------------------------------------------------------

    def _opponent_worth(self, melds: Sequence[Meld], player: int) -> int:
        """An opponent's likely worth (the scorer's ``fan``) from its melds: Hong Kong 004
        s07 items it shows (dragon and wind pungs, one suit), MCR at least its 8-fan
        minimum; the rule set's payments turn it into points."""
        view = self.view
        wind = (player - view.dealer) % 4
        fan = 1.0
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
            fan += 2.0  # heading for one suit
        if "knitted_straight" in view.special_forms:  # MCR: every win is 8 fan or more
            fan = max(11.0, fan + 8.0)
        return round(fan)

    def _costs(self, worth: int, player: int) -> tuple[float, float, float]:
        view = self.view
        me_wind = view.me.wind
        them = view.seats[player].wind
        other = next(s.wind for s in view.seats if s.player not in (player, view.player))
        pays = self.rules.win_payments
        dealing_in = -pays(worth, them, False, me_wind).get(me_wind, 0)
        other_discard = -pays(worth, them, False, other).get(me_wind, 0)
        self_drawn = -pays(worth + self.rules.self_drawn_worth, them, True, None).get(me_wind, 0)
        return float(dealing_in), float(other_discard), float(self_drawn)

    @staticmethod
    def _passed(view: PlayerView, q: int) -> frozenset[int]:
        """The kinds others discarded since ``q``'s last discard, which ``q`` let pass (read
        from the order of turns: each seat's discards counted round by round from the
        dealer; a claim can shift a round, so this is an estimate)."""
        n = len(view.seats[q].discards)
        if n == 0:
            return frozenset()
        pos_q = (q - view.dealer) % 4
        out: set[int] = set()
        for seat in view.seats:
            r = seat.player
            if r == q:
                continue
            # a seat after q in the round order discarded its n-th tile after q's n-th
            start = n - 1 if (r - view.dealer) % 4 > pos_q else n
            out.update(int(t) for t in seat.discards[start:])
        return frozenset(out)

    def _combos(self, t: int) -> float:
        """How many waiting shapes of unseen tiles ``t`` would complete
        (:func:`~mahjong_table.analysis.waits.waiting_shapes`)."""
        return waiting_shapes(self.unseen, t)

    def wait_chance(self, o: Opponent, t: int) -> float:
        """The chance that ``t`` completes ``o``'s hand if it is ready."""
        if t in o.safe:
            return 0.01
        seat = self.view.seats[o.player]
        if len(seat.melds) >= 4:
            share = self.unseen[t] / self.pool
        else:
            share = min(1.0, 2.2 * self._combo[t] / self._combo_total)
        if t in o.own_discards:
            share *= 0.35
        if o.suit >= 0 and t < 27:
            share = min(1.0, share * (2.5 if t // 9 == o.suit else 0.25))
        if t in o.limit and self.unseen[t] > 0:
            share = max(share, LIMIT_SHARE)
        return share

    def danger(self, t: int) -> tuple[float, float]:
        """``(chance, cost)``: the chance that discarding ``t`` now completes an opponent's
        hand, and what it then costs the seat (expected over who): the points it pays less
        what that opponent's later win would likely have cost it anyway (:data:`LATER_WIN`,
        :data:`LATER_PER_ROUND`)."""
        got = self._danger.get(t)
        if got is not None:
            return got
        chance = 0.0
        cost = 0.0
        later = min(LATER_WIN, LATER_PER_ROUND * self.rounds)
        for o in self.opponents:
            if o.ready <= 0.0:
                continue
            p = DANGER_SCALE * o.ready * self.wait_chance(o, t)
            chance += p
            paid = o.limit_in if t in o.limit else o.dealing_in
            cost += p * max(0.0, paid - later * o.loss)
        out = (min(0.95, chance), cost / chance if chance > 0 else 0.0)
        self._danger[t] = out
        return out
