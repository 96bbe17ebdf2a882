"""How good an American hand is, and what to do with it: the one American part of the advisor
(:mod:`mahjong_table.advisor`), which the American bot plays by (rule book 001 Part one).

Everything it reads is one player's :class:`~mahjong_table.engine.PlayerView` (their own
tiles, the public table) and the card, which is public.

How a hand is judged. The matcher (:func:`~mahjong_table.rules.american.matcher.tiles_away`)
gives, for the concealed tiles and the player's own exposures, every line's tiles away and the
tiles still needed by the line's best variation. Each of the nearest lines (:data:`TOP_LINES`
of them) is valued as::

    value = (points / 25) ** POINTS_POWER * product over the needed tiles of STEP * chance

where ``chance`` is how many copies of that tile the player has not seen (not in their hand,
in no discard and no exposure) over :data:`FULL_SUPPLY`, capped at 1; a tile needed in a group
of three or more may also be a joker, so the unseen jokers count for it too; a natural tile
(single or pair) with fewer unseen copies than needed makes the line worthless (it is dead:
"Jokers may not be used in pairs, as single tiles ...", 001 Part one "Jokers"). A hand's
worth is the sum of its lines' values: the nearest line dominates and nearby alternatives
keep the hand flexible.

Decisions (001 Part one 06, 07, "Calling discards", "Joker exchange", "Dead hands"), made by
:class:`CardDecider`:

- Mahjong whenever it is offered (on a discard, in the turn, East's dealt hand).
- Charleston passes and the courtesy pass: the tiles the valued lines use least (each copy
  of a tile is "used" by a line when the line's variation has a slot for it), never a joker
  ("Jokers cannot be passed"). On the last pass of a Charleston (blind passing allowed), a
  tile used by lines holding :data:`BLIND_USE` of the hand's worth is kept and a tile just
  received is passed on unseen instead.
- The vote on the second Charleston: continue while the nearest line is at least
  :data:`VOTE_CONTINUE_AWAY` tiles away, stop when closer.
- The courtesy ask: as many tiles (up to 3) as the hand has tiles hardly used (by lines
  holding less than :data:`SPARE_USE` of its worth).
- A claim for a pung, kong, quint or sextet only when the exposure, after the best discard,
  raises the hand's worth by :data:`CLAIM_GAIN` and brings its nearest line closer
  (exposing rules out every concealed C line, which the worth then no longer counts). Only
  groups of open lines holding :data:`CLAIM_SHARE` of the worth, with a slot of the claimed
  tile, are tried, each with the fewest jokers that make the group.
- A joker exchange when it completes the hand (Mahjong follows in the same turn: the joker
  taken is the winning tile) or when the hand with the joker in place of the natural tile is
  worth more (after the best discard) than without it.
- Calling a hand dead whenever the engine offers it (its exposures fit no line).
- The discard: the tile whose removal leaves the hand worth most, never a joker unless
  nothing else is held; candidates are first ranked by use (as for a pass) and the
  :data:`DISCARD_CANDIDATES` least used are valued exactly. Ties go to the tile with fewer
  unseen copies (deader, so less likely to feed another hand), then to the generator given.

Deterministic: the only randomness is the ``random.Random`` the caller passes (a bot's own,
seeded; the advisor's, fixed), used for ties. Fast: the matcher results are cached by hand
(flowers folded, one entry per concealed multiset and exposure groups), and a decision needs a
few dozen matcher calls at most (a turn is about 1-3 ms).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from ...engine.actions import EXPOSURE_SIZES, Action, ActionKind
from ...melds import Meld, MeldKind
from ...tiles import AMERICAN_TILE_SET, TILES, Tile
from ...wall import as_kind
from .matcher import compile_card, exposure_group, tiles_away, variation_slots
from .model import FLOWER, JOKER, Card, CardLine, Variation

if TYPE_CHECKING:
    from ...engine.view import PlayerView

__all__ = ["CardDecider", "CardDecision", "Choice", "HandJudge", "Target", "Table", "fold",
           "table_of", "BLIND_USE",
           "CLAIM_GAIN", "CLAIM_SHARE", "DISCARD_CANDIDATES", "FULL_SUPPLY", "POINTS_POWER",
           "SPARE_USE", "STEP", "TOP_LINES", "VOTE_CONTINUE_AWAY"]

#: how many of the nearest lines are valued
TOP_LINES = 10
#: the worth kept per tile still needed (before its chance of coming)
STEP = 0.4
#: unseen copies at which a needed tile counts as fully available
FULL_SUPPLY = 3.0
#: how much a line's points weigh (0: not at all; 1: proportionally)
POINTS_POWER = 0.5
#: a claim must raise the hand's worth by this factor
CLAIM_GAIN = 1.15
#: a claim is considered for lines holding at least this share of the hand's worth
CLAIM_SHARE = 0.1
#: continue to the second Charleston while the nearest line is this far or farther
VOTE_CONTINUE_AWAY = 6
#: discards valued exactly (the least used tiles)
DISCARD_CANDIDATES = 5
#: on a blind pass, a tile used by lines holding this share of the hand's worth is kept and
#: a tile just received passed on unseen instead
BLIND_USE = 0.3
#: the courtesy ask counts tiles used by lines holding less than this share of the worth
SPARE_USE = 0.05
#: cached hands per judge (per bot), the oldest dropped first: one decision asks about the
#: same few hands again and again (its candidate discards and the hand itself), an earlier
#: decision's hands are not asked again. 48 misses about as often as 50,000 did (4,638
#: against 4,618 in eight games of American bots; 128: 4,618) and keeps a room's bots to a
#: few hundred KB, not 1.4 MB, which fragmented the server's memory for good (issue 42
#: item 5)
_CACHE_LIMIT = 48

_KINDS = 47
#: ``(kind, copies)`` for every kind and 0-14 copies, made once: the targets' needs are
#: these shared pairs, not new tuples (issue 42 item 5: less memory per cached hand)
_PAIRS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((k, n) for n in range(15)) for k in range(_KINDS))
#: copies of each folded kind in the American tile set (the eight flowers at FLOWER)
_SUPPLY: tuple[int, ...] = tuple(
    sum(AMERICAN_TILE_SET.copies[34:42]) if k == FLOWER else
    0 if 34 < k < 42 else AMERICAN_TILE_SET.copies[k] for k in range(_KINDS))
#: the meld kind of an exposure of each size
_MELD_OF_SIZE = {3: MeldKind.PUNG, 4: MeldKind.KONG, 5: MeldKind.QUINT, 6: MeldKind.SEXTET}


def fold(counts: Sequence[int]) -> list[int]:
    """Counts over the 47 tile indices with the eight flowers (34-41) folded into
    :data:`~mahjong_table.rules.american.model.FLOWER` (all flowers are alike, 001
    "Flower tiles"). Shorter inputs are padded with zeros. Raises ``ValueError`` for a
    negative flower count (added to the others, it would cancel one)."""
    out = list(counts) + [0] * (_KINDS - len(counts))
    if min(out[34:42]) < 0:
        raise ValueError("concealed counts cannot be negative")
    out[FLOWER] = sum(out[34:42])
    for k in range(35, 42):
        out[k] = 0
    return out


def _kind(t: int) -> int:
    return FLOWER if 34 <= t < 42 else t


#: ``tuple.__new__``: builds a :class:`Target` or a :class:`Choice` from all its fields (the
#: named tuple's own ``__new__`` is Python code, which the compiled build calls as such)
_new_tuple: Final = tuple.__new__


class Target(NamedTuple):
    """One line a hand may reach: ``away`` tiles away; ``weight`` from its points;
    ``variation`` the line's best variation for the hand; ``concealed`` for a C line;
    ``natural`` the natural tiles still needed (singles and pairs) and ``gaps`` the empty
    slots of groups of three or more, both as ``(kind, copies)``, before the held ``jokers``
    fill gaps (``away`` is the natural tiles plus the gaps no joker fills); ``line`` the
    card's line."""

    away: int
    weight: float
    variation: Variation
    concealed: bool
    natural: tuple[tuple[int, int], ...]
    gaps: tuple[tuple[int, int], ...]
    jokers: int
    #: the line itself (its points and name)
    line: CardLine


class HandJudge:
    """Values American hands against one card (see the module docstring).

    ``targets(counts, groups)`` are the nearest lines of a hand (``counts`` folded, as from
    :func:`fold`; ``groups`` the exposures as ``(kind, size)`` pairs, sorted) and are cached;
    ``worth(targets, unseen)`` values them given the unseen copies of each folded kind (index
    :data:`JOKER` for jokers). Counts shorter than 47 are padded and flowers by rank are
    folded, as the matcher does. Raises ``ValueError`` for a hand of more than fourteen
    tiles, a negative count (both from the matcher) or a group that is not ``(kind 0-34,
    size 3-6)``.
    """

    def __init__(self, card: Card, *, step: float = STEP, full_supply: float = FULL_SUPPLY,
                 points_power: float = POINTS_POWER, top_lines: int = TOP_LINES) -> None:
        self.card = card
        self.step = step
        self.full_supply = full_supply
        self.points_power = points_power
        self.top_lines = top_lines
        #: targets by (counts as bytes, or as a tuple where a count is out of 0-255; groups)
        self._cache: dict[tuple[bytes | tuple[int, ...], tuple[tuple[int, int], ...]],
                          tuple[Target, ...]] = {}
        self._melds: dict[tuple[int, int], Meld] = {}
        #: per variation (by id): its kinds as (kind, natural slots, joker-able slots); the
        #: card's one table, made with its matcher index and shared by every judge of the
        #: card (issue 42: each bot used to build its own, a new bot every hand)
        self._slots = compile_card(card).variation_slots
        #: each line's weight by its place on the card (-1: not worked out yet)
        self._weights: list[float] = [-1.0] * len(card.lines)

    def _meld(self, group: tuple[int, int]) -> Meld:
        """A stand-in exposure for ``group``: the matcher reads only its kind and size (and
        is told not to count its naturals as copies of the tile)."""
        m = self._melds.get(group)
        if m is None:
            kind, size = group
            if size not in _MELD_OF_SIZE or not 0 <= kind <= FLOWER:
                raise ValueError(f"group {group}: an exposed group is (kind 0-{FLOWER}, size "
                                 "3-6), 001 Part one 'Jokers'")
            m = Meld(_MELD_OF_SIZE[size], (TILES[kind],) * size, True)
            self._melds[group] = m
        return m

    def _weight(self, index: int, line: CardLine) -> float:
        """The weight of ``line`` (module docstring), the card's line number ``index``
        (-1: not known), worked out once a line."""
        if index >= 0:
            w = self._weights[index]
            if w >= 0.0:
                return w
        w = float((line.points / 25.0) ** self.points_power)
        if index >= 0:
            self._weights[index] = w
        return w

    def slots(self, v: Variation) -> tuple[tuple[int, int, int], ...]:
        """``(kind, natural slots, joker-able slots)`` of every kind ``v`` uses."""
        got = self._slots.get(id(v))
        if got is None:  # a variation of another card (the judge reads only its own)
            got = variation_slots(v)
        return got

    def targets(self, counts: Sequence[int], groups: tuple[tuple[int, int], ...]
                ) -> tuple[Target, ...]:
        # read as a list: the compiled build indexes a list directly, any other sequence
        # through the generic protocol
        cl: list[int] = counts if isinstance(counts, list) else list(counts)
        if len(cl) < 47:
            cl = fold(cl)  # padded (and folded), as the matcher reads short counts
        # the counts as bytes: made in one C loop and hashed once (a tuple of 47 integers
        # hashes every item at every look-up: issue 25); a count out of range keeps the
        # tuple, and the matcher reports it
        packed: bytes | tuple[int, ...]
        try:
            packed = bytes(cl)
        except (ValueError, TypeError):
            packed = tuple(cl)
        key = (packed, groups)
        got = self._cache.get(key)
        if got is not None:
            return got
        if len(self._cache) >= _CACHE_LIMIT:
            # the oldest hand goes (a decision asks about the same few hands again and
            # again; the hands of earlier decisions are not asked again)
            del self._cache[next(iter(self._cache))]
        if cl[35] or cl[36] or cl[37] or cl[38] or cl[39] or cl[40] or cl[41]:
            cl = fold(cl)  # flowers by rank: the card reads eight of one kind
        melds = [self._meld(g) for g in groups]
        exposed: dict[int, int] = {}
        for k, n in groups:
            exposed[k] = exposed.get(k, 0) + n
        jokers = cl[JOKER]
        out: list[Target] = []
        # (the stand-in exposures are all naturals, so the copies are not checked: the hand
        # itself was, by the engine or the face that made it)
        for d in tiles_away(self.card, cl, melds, self.top_lines, check_copies=False):
            if d.away is None or len(out) >= self.top_lines:
                break
            v = d.variation
            assert v is not None
            nat: list[tuple[int, int]] = []
            gaps: list[tuple[int, int]] = []
            for k, n, j in self.slots(v):
                c = cl[k]
                if c < n:
                    nat.append(_PAIRS[k][n - c])
                    c = 0
                else:
                    c -= n
                if j:
                    j -= exposed.get(k, 0)
                    if c < j:
                        gaps.append(_PAIRS[k][j - c])
            ln = d.line
            weight = self._weight(d.index, ln)
            out.append(_new_tuple(Target, (d.away, weight, v, ln.concealed, tuple(nat),
                                           tuple(gaps), jokers, ln)))
        result = tuple(out)
        self._cache[key] = result
        return result

    def line_worth(self, tg: Target, unseen: Sequence[int]) -> float:
        """One line's value (module docstring); 0 when a natural tile it needs is gone. The
        held jokers fill the gaps whose tiles are scarcest."""
        if tg.away == 0:
            return tg.weight * 1e6
        # read as a list: the compiled build indexes a list directly
        u: list[int] = unseen if isinstance(unseen, list) else list(unseen)
        step = self.step
        full = self.full_supply
        value = tg.weight
        for k, n in tg.natural:
            have = u[k]
            if have < n:
                return 0.0
            for i in range(n):
                value *= step * min(1.0, (have - i) / full)
        gaps = tg.gaps
        if not gaps:
            return value
        spare = tg.jokers
        order = list(gaps)
        if len(order) > 1:
            # scarcest first, ties in the order given (a stable insertion sort: there are
            # a few gaps, and a sort with a key function costs far more in the compiled build)
            for i in range(1, len(order)):
                g = order[i]
                scarce = u[g[0]]
                j = i - 1
                while j >= 0 and u[order[j][0]] > scarce:
                    order[j + 1] = order[j]
                    j -= 1
                order[j + 1] = g
        wild = u[JOKER]
        for k, n in order:
            if spare:
                fill = n if n < spare else spare
                spare -= fill
                n -= fill
                if not n:
                    continue
            have = u[k] + wild
            if have < n:
                return 0.0
            for i in range(n):
                value *= step * min(1.0, (have - i) / full)
        return value

    def values(self, targets: Sequence[Target], unseen: Sequence[int]) -> list[float]:
        """Each line's value (:meth:`line_worth`), in the order of ``targets``."""
        return [self.line_worth(tg, unseen) for tg in targets]

    def worth(self, targets: Sequence[Target], unseen: Sequence[int]) -> float:
        """The sum of the lines' values."""
        total = 0.0
        for tg in targets:
            total += self.line_worth(tg, unseen)
        return total



class Table(NamedTuple):
    """What one view gives the judge: folded concealed counts, own exposure groups, unseen
    copies by folded kind, and the real tiles held of each folded kind."""

    counts: list[int]
    groups: tuple[tuple[int, int], ...]
    unseen: list[int]
    tiles_of: dict[int, list[Tile]]


def table_of(view: PlayerView) -> Table:
    """The :class:`Table` of ``view``: unseen copies are the supply less the player's own
    tiles, every exposure and every discard on the table."""
    counts = fold(view.counts)
    # the view's count of the tiles on the table (every discard, exposures' playing tiles:
    # kept up to date by the engine's views, issue 25), then the exposures' flowers and
    # jokers, which it leaves out
    seen = fold(view.table_counts())
    unseen = list(_SUPPLY)
    k: int
    for k in range(_KINDS):
        unseen[k] = unseen[k] - counts[k] - seen[k]  # (not -=: generic when compiled)
    for s in view.seats:
        for m in s.melds:
            for t in m.tiles:
                k = as_kind(t)
                if k >= 34:
                    k = _kind(k)
                    unseen[k] = unseen[k] - 1
    groups = tuple(sorted(exposure_group(m) for m in view.me.melds))
    tiles_of: dict[int, list[Tile]] = {}
    for t in view.concealed:
        tiles_of.setdefault(_kind(t), []).append(t)
    return Table(counts, groups, [max(0, u) for u in unseen], tiles_of)


class Choice(NamedTuple):
    """One action weighed: the hand's ``worth`` after it (and the best discard, where one
    follows) and the nearest line's tiles ``away`` then (None when no line was valued)."""

    action: Action
    worth: float
    away: int | None


class CardDecision(NamedTuple):
    """What :meth:`CardDecider.decide` chose: the ``action``, a short ``reason`` code
    (``mahjong``, ``only``, ``call_dead``, ``exchange_wins``, ``exchange``, ``discard``,
    ``claim``, ``no_claim``, ``pass``, ``continue``, ``stop``, ``courtesy_ask``), the hand's
    worth ``now`` and after the action (``worth``), the nearest line's tiles ``away`` after
    it, and the actions weighed, best first (``ranked``; empty where nothing was weighed)."""

    action: Action
    reason: str
    worth: float
    now: float
    away: int | None
    ranked: tuple[Choice, ...] = ()


class CardDecider:
    """Decides American decisions from one view against one card (the module docstring says
    how). ``decide(view, rng)`` returns a :class:`CardDecision` whose action is one of
    ``view.legal_actions``; ``rng`` breaks ties (the caller's, so that a bot stays seeded)."""

    #: a claim must raise the worth by this factor (:data:`CLAIM_GAIN`)
    claim_gain = CLAIM_GAIN
    #: :data:`VOTE_CONTINUE_AWAY`
    vote_continue_away = VOTE_CONTINUE_AWAY
    #: :data:`DISCARD_CANDIDATES`
    discard_candidates = DISCARD_CANDIDATES
    #: :data:`CLAIM_SHARE`
    claim_share = CLAIM_SHARE

    def __init__(self, card: Card) -> None:
        self.card = card
        self.judge = HandJudge(card)

    def decide(self, view: PlayerView, rng: random.Random) -> CardDecision:
        """The decision for ``view`` (which must have legal actions). Raises ``ValueError``
        (from the matcher) if an exposure in the view is not an American exposure."""
        acts = view.legal_actions
        for a in acts:
            if a.kind is ActionKind.MAHJONG:
                return CardDecision(a, "mahjong", 1e6, 1e6, 0)
        if len(acts) == 1:
            return CardDecision(acts[0], "only", 0.0, 0.0, None)
        kinds = {a.kind for a in acts[:3]} | {acts[-1].kind}
        table = table_of(view)
        if ActionKind.CHARLESTON_PASS in kinds or ActionKind.COURTESY_PASS in kinds:
            return self._pass(view, acts, table, rng)
        if ActionKind.CHARLESTON_CONTINUE in kinds:
            return self._vote(acts, table)
        if ActionKind.COURTESY_ASK in kinds:
            return self._courtesy_ask(acts, table, rng)
        if view.phase == "turn":
            return self._turn(acts, table, rng)
        return self._claim(view, acts, table, rng)

    def worth_of(self, view: PlayerView) -> tuple[float, tuple[Target, ...]]:
        """The hand's worth and its valued lines (nearest first), from ``view``."""
        table = table_of(view)
        targets = self.judge.targets(table.counts, table.groups)
        return self.judge.worth(targets, table.unseen), targets

    # ----- use of each tile ----------------------------------------------------------------

    def _ranked_copies(self, table: Table, targets: Sequence[Target], rng: random.Random,
                       values: list[float] | None = None) -> list[tuple[float, int, int]]:
        """Every held copy but jokers as ``(use, unseen, kind)``, least used first: a copy's
        use is the summed worth of the lines whose variation has a slot for it. ``values``:
        the lines' values (:meth:`HandJudge.values`) when the caller has them already."""
        counts = table.counts
        unseen = table.unseen
        exposed: dict[int, int] = {}
        for k, n in table.groups:
            exposed[k] = exposed.get(k, 0) + n
        if values is None:
            values = self.judge.values(targets, unseen)
        use: dict[int, list[float]] = {k: [0.0] * counts[k] for k in range(_KINDS)
                                       if counts[k] and k != JOKER}
        for tg, val in zip(targets, values, strict=True):
            if val <= 0.0:
                continue
            v = tg.variation
            for k, row in use.items():
                slots = v.naturals.get(k, 0) + v.jokerable.get(k, 0) - exposed.get(k, 0)
                for i in range(min(len(row), slots)):
                    row[i] += val
        copies = [(u, unseen[k], k) for k, row in use.items() for u in row]
        rng.shuffle(copies)
        copies.sort(key=lambda c: (c[0], c[1]))
        return copies

    def _least_used(self, table: Table, n: int, rng: random.Random
                    ) -> tuple[list[int], list[float], float, int | None]:
        """The ``n`` least used copies (folded kinds), each one's use as a share of the
        hand's worth (0: no valued line uses it; 1: every valued line does), the worth and
        the nearest line's tiles away."""
        targets = self.judge.targets(table.counts, table.groups)
        values = self.judge.values(targets, table.unseen)
        worth = sum(values)
        copies = self._ranked_copies(table, targets, rng, values)
        picked = copies[:n]
        scale = 1.0 / worth if worth > 0.0 else 0.0
        away = targets[0].away if targets else None
        return [k for _, _, k in picked], [u * scale for u, _, _ in picked], worth, away

    @staticmethod
    def _real_tiles(table: Table, kinds: Sequence[int]) -> tuple[Tile, ...]:
        """Real tiles for folded kinds (a flower kind takes the held flowers in order)."""
        taken: dict[int, int] = {}
        out: list[Tile] = []
        for k in kinds:
            i = taken.get(k, 0)
            out.append(table.tiles_of[k][i])
            taken[k] = i + 1
        return tuple(sorted(out))

    # ----- the Charleston and the courtesy pass (001 Part one 06) ------------------------

    def _pass(self, view: PlayerView, acts: Sequence[Action], table: Table,
              rng: random.Random) -> CardDecision:
        kind = ActionKind.CHARLESTON_PASS
        size = 0
        blind_max = 0
        for a in acts:
            if a.kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS):
                kind = a.kind
                size = len(a.tiles) + (a.number or 0)
                blind_max = max(blind_max, a.number or 0)
        kinds, uses, worth, away = self._least_used(table, size, rng)
        blind = 0
        if blind_max:
            # a tile the nearest lines use is kept; a tile just received goes on unseen
            for u in reversed(uses):
                if u >= BLIND_USE and blind < blind_max:
                    blind += 1
        chosen = kinds[:size - blind]
        action = Action(kind, view.player, tiles=self._real_tiles(table, chosen),
                        number=blind or None)
        if action not in acts:  # pragma: no cover - a safety net
            action = next(a for a in acts if a.kind is kind)
        return CardDecision(action, "pass", worth, worth, away)

    def _vote(self, acts: Sequence[Action], table: Table) -> CardDecision:
        targets = self.judge.targets(table.counts, table.groups)
        worth = self.judge.worth(targets, table.unseen)
        away = targets[0].away if targets else None
        far = away is None or away >= self.vote_continue_away
        want = ActionKind.CHARLESTON_CONTINUE if far else ActionKind.CHARLESTON_STOP
        return CardDecision(next(a for a in acts if a.kind is want),
                            "continue" if far else "stop", worth, worth, away)

    def _courtesy_ask(self, acts: Sequence[Action], table: Table, rng: random.Random
                      ) -> CardDecision:
        top = max(a.number or 0 for a in acts)
        _, uses, worth, away = self._least_used(table, top, rng)
        n = sum(1 for u in uses if u < SPARE_USE)
        return CardDecision(next(a for a in acts if (a.number or 0) == n), "courtesy_ask",
                            worth, worth, away)

    # ----- the turn (001 Part one 07, "Joker exchange", "Dead hands") --------------------

    def _discards_ranked(self, table: Table, counts: list[int],
                         groups: tuple[tuple[int, int], ...], rng: random.Random,
                         targets: tuple[Target, ...] | None = None,
                         values: list[float] | None = None) -> list[tuple[float, int, int]]:
        """``(worth, kind, away)`` of the :data:`DISCARD_CANDIDATES` least used discards
        from ``counts`` (folded, changed and restored), best first: the worth left, the
        folded kind to throw and the nearest line after it. ``targets`` and ``values``: the
        hand's lines and their values when the caller has them already."""
        judge = self.judge
        unseen = table.unseen
        t = Table(counts, groups, unseen, table.tiles_of)
        if targets is None:
            targets = judge.targets(counts, groups)
        ranked = self._ranked_copies(t, targets, rng, values)
        candidates: list[int] = []
        for _, _, k in ranked:
            if k not in candidates:
                candidates.append(k)
                if len(candidates) >= self.discard_candidates:
                    break
        if not candidates:  # nothing but jokers
            return [(0.0, JOKER, 99)]
        out: list[tuple[float, int, int]] = []
        for k in candidates:
            counts[k] -= 1
            tg = judge.targets(counts, groups)
            counts[k] += 1
            out.append((judge.worth(tg, unseen), k, tg[0].away if tg else 99))
        # the first best on worth, ties to the tile with fewer unseen copies (stable)
        best = out[0]
        for o in out[1:]:
            if o[0] > best[0] or (o[0] == best[0] and unseen[o[1]] < unseen[best[1]]):
                best = o
        # the others, by kind (each candidate is a different kind): not by identity, which a
        # compiled build, holding these tuples unboxed, does not keep (issue 25)
        rest = sorted((o for o in out if o[1] != best[1]), key=lambda o: -o[0])
        return [best, *rest]

    def _turn(self, acts: Sequence[Action], table: Table, rng: random.Random) -> CardDecision:
        discards: dict[int, Action] = {}
        exchanges: list[Action] = []
        for a in acts:
            if a.kind is ActionKind.CALL_DEAD:
                # 001 Part one "Dead hands": one player fewer to beat
                return CardDecision(a, "call_dead", 0.0, 0.0, None)
            if a.kind is ActionKind.DISCARD and a.tile is not None:
                discards.setdefault(_kind(a.tile), a)
            elif a.kind is ActionKind.JOKER_EXCHANGE:
                exchanges.append(a)
        counts = table.counts
        now_targets = self.judge.targets(counts, table.groups)
        now_values = self.judge.values(now_targets, table.unseen)
        now = sum(now_values)
        options = self._discards_ranked(table, counts, table.groups, rng, now_targets,
                                        now_values)
        worth, kind, away = options[0]
        best_exchange: Action | None = None
        wins = False
        for a in exchanges:
            assert a.tile is not None
            k = _kind(a.tile)
            counts[k] -= 1
            counts[JOKER] += 1
            after = self.judge.targets(counts, table.groups)
            if after and after[0].away == 0:
                # "Joker exchange": the hand is then complete, and Mahjong follows
                w, a_away, done = 1e6, 0, True
            else:
                w, _, a_away = self._discards_ranked(table, counts, table.groups, rng)[0]
                done = False
            counts[k] += 1
            counts[JOKER] -= 1
            if w > worth * 1.0001:
                worth, away, best_exchange, wins = w, a_away, a, done
        ranked = [_new_tuple(Choice, (discards[k], w, aw)) for w, k, aw in options
                  if k in discards]
        if best_exchange is not None:
            return CardDecision(best_exchange, "exchange_wins" if wins else "exchange",
                                worth, now, away,
                                (Choice(best_exchange, worth, away), *ranked))
        action = discards.get(kind)
        if action is None:  # only jokers left (or the best kind is not discardable)
            action = next(iter(discards.values()))
            ranked = [Choice(action, worth, away)]
        return CardDecision(action, "discard", worth, now, away, tuple(ranked))

    # ----- claims ("Calling discards", "Jokers") ------------------------------------------

    def _claim(self, view: PlayerView, acts: Sequence[Action], table: Table,
               rng: random.Random) -> CardDecision:
        pass_action = next((a for a in acts if a.kind is ActionKind.PASS), acts[-1])
        t = view.last_discard
        if t is None:
            return CardDecision(pass_action, "no_claim", 0.0, 0.0, None)
        k = _kind(t)
        judge = self.judge
        counts = table.counts
        targets = judge.targets(counts, table.groups)
        unseen = table.unseen
        now = judge.worth(targets, unseen)
        now_away = targets[0].away if targets else 99
        floor = self.claim_share * now
        # the group sizes of the claimed kind in open lines that weigh in this hand's worth
        # and have an empty slot of that kind (or one a held joker fills: the claim frees it)
        sizes = {g.size for tg in targets
                 if not tg.concealed and any(gk == k for gk, _ in tg.gaps)
                 and judge.line_worth(tg, unseen) > floor
                 for g in tg.variation.groups if g.kind == k and g.size >= 3}
        if not sizes:
            return CardDecision(pass_action, "no_claim", now, now, now_away)
        # of each size, the claim with the fewest jokers that makes the group
        fewest: dict[int, Action] = {}
        for a in acts:
            size = EXPOSURE_SIZES.get(a.kind)
            if size is None or size not in sizes:
                continue
            if counts[k] < size - 1 - a.jokers or counts[JOKER] < a.jokers:
                continue
            if size not in fewest or a.jokers < fewest[size].jokers:
                fewest[size] = a
        best = 0.0
        best_action = pass_action
        best_away: int | None = now_away
        weighed: list[Choice] = []
        for size, a in sorted(fewest.items()):
            naturals = size - 1 - a.jokers
            counts[k] -= naturals
            counts[JOKER] -= a.jokers
            groups = tuple(sorted((*table.groups, (k, size))))
            w, _, away = self._discards_ranked(table, counts, groups, rng)[0]
            counts[k] += naturals
            counts[JOKER] += a.jokers
            weighed.append(_new_tuple(Choice, (a, w, away)))
            if w > now * self.claim_gain and away < now_away and w > best:
                best, best_action, best_away = w, a, away
        ranked = sorted([*weighed, Choice(pass_action, now, now_away)],
                        key=lambda c: c.action is not best_action)
        if best_action is pass_action:
            return CardDecision(pass_action, "no_claim", now, now, now_away, tuple(ranked))
        return CardDecision(best_action, "claim", best, now, best_away, tuple(ranked))
