"""A bot that plays for speed: discards by shanten and the number of useful tiles.

- It always takes a win (self-drawn, on a discard, robbing a kong).
- It discards the tile that leaves the lowest shanten and, among those, the most unseen useful
  tiles (tiles that would lower the shanten), counted from its own view only.
- It claims a pung, kong or chow only when the claim lowers its shanten (a kong: when it does
  not raise it), and declares a concealed or added kong when that does not raise its shanten.

Shanten comes from :mod:`mahjong_table.analysis` with the rule set's own winning forms.

American play (001 Part one) has no sets-and-a-pair shanten: its hands are the lines of a
card, and before play come the Charleston's passes, the vote and the courtesy pass. There the
fastest way to a win is the fewest tiles away from a line, which is what the American bot
measures; so in a game whose hands hold flowers and jokers (a view with 47 counts) this bot
plays as :class:`~mahjong_table.players.american_bot.AmericanBot` with the same seed. In any
phase it does not know (a stage before play, say) it picks a legal action with its generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ..analysis.shanten import Forms
from ..analysis.waits import (
    claim_shanten,
    declared_kong_shanten,
    discard_options,
    discard_ranking,
)
from ..engine import Action, ActionKind, PlayerView
from ..rng import below
from ..tiles import NUM_PLAYING
from ..wall import as_kind

if TYPE_CHECKING:
    from ..rules.american.model import Card
    from .base import Player

__all__ = ["EfficiencyBot", "best_discards"]


def _forms_for(special: tuple[str, ...], cache: dict[tuple[str, ...], Forms]) -> Forms:
    forms = cache.get(special)
    if forms is None:
        if "knitted_straight" in special:  # MCR's forms (Chinese rules, scoring=mcr)
            from ..analysis.mcr_forms import MCR_FORMS

            forms = MCR_FORMS
        else:
            forms = Forms("seven_pairs" in special, "thirteen_orphans" in special)
        cache[special] = forms
    return forms


def best_discards(counts: list[int], melds: int, visible: Sequence[int], forms: Forms,
                  candidates: Sequence[int] | None = None) -> tuple[int, int, list[int]]:
    """For a hand of ``14 - 3 * melds`` concealed tiles: the lowest shanten reachable by one
    discard, the most unseen useful tiles with it, and the discards (kinds) that achieve both.

    ``visible[k]`` is how many of kind ``k`` the player sees outside their own hand (discards,
    melds). Ranking comes from :func:`mahjong_table.analysis.discard_options`; ``candidates``
    limits the discards considered. Returns ``(shanten, useful, kinds)``.
    """
    if type(forms) is not Forms:  # MCR's forms: the tables do not know the knitted ones
        return _best_discards_slow(counts, melds, visible, forms, candidates)
    ranked = discard_ranking(counts, melds, visible, forms, candidates)
    # (each rank packed: shanten and unseen useful tiles above bit 30, the kind in the low
    # byte; see discard_ranking)
    best = ranked[0] >> 30
    kinds: list[int] = []
    for r in ranked:
        if r >> 30 == best:
            kinds.append(r & 255)
    return best >> 10, 1023 - (best & 1023), kinds


def _best_discards_slow(counts: list[int], melds: int, visible: Sequence[int], forms: Forms,
                        candidates: Sequence[int] | None) -> tuple[int, int, list[int]]:
    options = discard_options(counts, melds, visible, forms, best_only=True)
    if candidates is not None:
        allowed = set(candidates)
        kept = [o for o in options if o.tile in allowed]
        if not kept:  # the best discards are not allowed: rank all of them
            kept = [o for o in discard_options(counts, melds, visible, forms)
                    if o.tile in allowed]
        options = kept
    best = options[0]
    kinds = [int(o.tile) for o in options
             if (o.shanten_after, o.unseen_useful) == (best.shanten_after, best.unseen_useful)]
    return best.shanten_after, best.unseen_useful, kinds


class EfficiencyBot:
    """Plays for the fastest win (see the module docstring). Seeded: ties between equally
    good discards are broken by its own generator, so games replay exactly."""

    _forms: ClassVar[dict[tuple[str, ...], Forms]] = {}
    #: :func:`~mahjong_table.players.make_bot` passes an American game's ``card``
    wants_card = True

    def __init__(self, seed: int | str = 0, name: str = "Efficiency",
                 card: Card | None = None) -> None:
        self.name = name
        self.seed = seed
        self.card = card
        self.rng = random.Random(f"efficiency-bot/{seed}")
        self._card_player: Player | None = None

    def choose(self, view: PlayerView) -> Action:
        acts = view.legal_actions
        for a in acts:
            if a.kind is ActionKind.MAHJONG:
                return a
        if len(view.counts) > NUM_PLAYING:  # American play: hands are lines of a card
            if self._card_player is None:
                from .american_bot import AmericanBot

                self._card_player = AmericanBot(self.seed, self.name, card=self.card)
            return self._card_player.choose(view)
        if view.phase not in ("turn", "claim", "rob"):
            return acts[below(self.rng, len(acts))]
        forms = _forms_for(view.special_forms, self._forms)
        counts = list(view.counts)
        melds = len(view.me.melds)
        visible = list(view.table_counts()[:NUM_PLAYING])  # outside the hand
        if view.phase == "turn":
            return self._turn(acts, counts, melds, visible, forms)
        return self._claim(acts, counts, melds, visible, forms, view)

    def _turn(self, acts: Sequence[Action], counts: list[int], melds: int,
              visible: Sequence[int], forms: Forms) -> Action:
        # (``as_kind`` reads a tile as a native integer in the compiled build; ``int(tile)``
        # is a generic call, ten times a turn)
        discards: dict[int, Action] = {}
        for a in acts:
            if a.kind is ActionKind.DISCARD and a.tile is not None:
                discards[as_kind(a.tile)] = a
        s0, _, best = best_discards(counts, melds, visible, forms, sorted(discards))
        for a in acts:
            if a.tile is None:
                continue
            if a.kind is ActionKind.CONCEALED_KONG or a.kind is ActionKind.ADDED_KONG:
                s = declared_kong_shanten(counts, melds, forms, as_kind(a.tile),
                                          added=a.kind is ActionKind.ADDED_KONG)
                if s <= s0:
                    return a
        return discards[best[below(self.rng, len(best))] if len(best) > 1 else best[0]]

    def _claim(self, acts: Sequence[Action], counts: list[int], melds: int,
               visible: Sequence[int], forms: Forms, view: PlayerView) -> Action:
        pass_action = next(a for a in acts if a.kind is ActionKind.PASS)
        tile = view.last_discard
        if tile is None:
            return pass_action
        t = int(tile)
        now = forms.shanten(counts, melds)
        # (shanten after the claim, preference) - lower is better; a kong keeps its draw
        best_key = (now, 3)
        best_action = pass_action
        for a in acts:
            if a.kind is ActionKind.KONG:
                key = (claim_shanten(counts, melds, forms, "kong", t), 0)
            elif a.kind in (ActionKind.PUNG, ActionKind.CHOW):
                # the shanten after the claim's discard (what best_discards ranks first)
                # (the member's value read from its own attribute: ``Enum.value`` is a
                # Python-level property in the compiled build)
                s = claim_shanten(counts, melds, forms, a.kind._value_, t,
                                  None if a.tile is None else int(a.tile))
                if s >= now:
                    continue  # a pung or chow must bring the hand closer
                key = (s, 1 if a.kind is ActionKind.PUNG else 2)
            else:
                continue
            if key < best_key:
                best_key, best_action = key, a
        return best_action
