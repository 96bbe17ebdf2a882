"""The easy bot for the four-sets-and-a-pair rule sets (Hong Kong 004, Chinese 001 Part two):
it plays like a beginner on purpose, never illegally and never absurdly.

- It always takes a win (a beginner does not miss Mahjong: the engine offers it).
- Its discard is the efficiency bot's (lowest shanten, most unseen useful tiles) most of the
  time; with chance :attr:`EasyBot.wander` it picks at random among the *near-best* discards:
  those that keep the lowest shanten, or any discard whose shanten is at most one more when
  the hand is far (2 or more) from ready. It never breaks a ready hand that way: a ready hand
  keeps a discard that stays ready.
- It claims a pung, kong or chow only when the claim brings its hand closer (as the efficiency
  bot), and misses such a claim with chance :attr:`EasyBot.miss_claim`. It declares a kong
  when that does not set its hand back.
- It does not defend: it never looks at what the others may be waiting on.

Everything comes from its own :class:`~mahjong_table.engine.PlayerView`. In American play (a
view with the 47 American kinds) it plays as the easy American bot
(:class:`~mahjong_table.players.hard_american_bot.EasyAmericanBot`) with the same seed.
Seeded: every random choice comes from its own generator, so games replay exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ..analysis.shanten import Forms
from ..analysis.waits import claim_shanten, declared_kong_shanten, discard_shanten
from ..engine import Action, ActionKind, PlayerView
from ..rng import below
from ..tiles import NUM_PLAYING
from .efficiency_bot import _forms_for, best_discards

if TYPE_CHECKING:
    from ..rules.american.model import Card
    from .base import Player

__all__ = ["EasyBot"]


class EasyBot:
    """Plays like a beginner (module docstring). Seeded."""

    _forms: ClassVar[dict[tuple[str, ...], Forms]] = {}
    #: :func:`~mahjong_table.players.make_bot` passes an American game's ``card``
    wants_card = True
    #: the chance of a near-best discard picked at random instead of the best
    wander: ClassVar[float] = 0.35
    #: the chance of letting a claim that would bring the hand closer pass
    miss_claim: ClassVar[float] = 0.35

    def __init__(self, seed: int | str = 0, name: str = "Easy",
                 card: Card | None = None) -> None:
        self.name = name
        self.seed = seed
        self.card = card
        self.rng = random.Random(f"easy-bot/{seed}")
        self._card_player: Player | None = None

    def choose(self, view: PlayerView) -> Action:
        """One of ``view.legal_actions`` (module docstring)."""
        acts = view.legal_actions
        for a in acts:
            if a.kind is ActionKind.MAHJONG:
                return a
        if len(view.counts) > NUM_PLAYING:  # American play: the easy American bot's game
            if self._card_player is None:
                from .hard_american_bot import EasyAmericanBot

                self._card_player = EasyAmericanBot(self.seed, self.name, card=self.card)
            return self._card_player.choose(view)
        if view.phase not in ("turn", "claim", "rob"):
            return acts[below(self.rng, len(acts))]
        forms = _forms_for(view.special_forms, self._forms)
        counts = list(view.counts)
        melds = len(view.me.melds)
        visible = list(view.table_counts()[:NUM_PLAYING])  # outside the hand
        if view.phase == "turn":
            return self._turn(acts, counts, melds, visible, forms)
        return self._claim(acts, counts, melds, forms, view)

    def _turn(self, acts: Sequence[Action], counts: list[int], melds: int,
              visible: Sequence[int], forms: Forms) -> Action:
        discards = {int(a.tile): a for a in acts
                    if a.kind is ActionKind.DISCARD and a.tile is not None}
        low, _, best = best_discards(counts, melds, visible, forms, sorted(discards))
        for a in acts:
            if a.tile is not None and a.kind in (ActionKind.CONCEALED_KONG,
                                                 ActionKind.ADDED_KONG):
                s = declared_kong_shanten(counts, melds, forms, int(a.tile),
                                          added=a.kind is ActionKind.ADDED_KONG)
                if s <= low:
                    return a
        if self.rng.random() < self.wander:
            after = discard_shanten(counts, melds, forms)
            slack = 1 if low >= 2 else 0  # a hand near ready is not set back
            near = [k for k in sorted(discards)
                    if (x := after[k]) is not None and x <= low + slack]
            if near:
                return discards[near[below(self.rng, len(near))]]
        return discards[best[below(self.rng, len(best))] if len(best) > 1 else best[0]]

    def _claim(self, acts: Sequence[Action], counts: list[int], melds: int, forms: Forms,
               view: PlayerView) -> Action:
        pass_action = next((a for a in acts if a.kind is ActionKind.PASS), acts[0])
        tile = view.last_discard
        if tile is None:
            return pass_action
        t = int(tile)
        now = forms.shanten(counts, melds)
        best_key = (now, 3)
        best_action = pass_action
        for a in acts:
            if a.kind is ActionKind.KONG:
                key = (claim_shanten(counts, melds, forms, "kong", t), 0)
            elif a.kind in (ActionKind.PUNG, ActionKind.CHOW):
                s = claim_shanten(counts, melds, forms, a.kind.value, t,
                                  None if a.tile is None else int(a.tile))
                if s >= now:
                    continue
                key = (s, 1 if a.kind is ActionKind.PUNG else 2)
            else:
                continue
            if key < best_key:
                best_key, best_action = key, a
        if best_action is not pass_action and self.rng.random() < self.miss_claim:
            return pass_action  # a beginner does not see every claim
        return best_action
