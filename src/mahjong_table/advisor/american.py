"""The advisor for American play (rule book 001 Part one): every decision of the game (the
Charleston's passes, the vote, the courtesy pass, claims, joker exchanges, dead-hand calls,
discards, Mahjong) is the judgement's (:mod:`mahjong_table.judgement.american`, the hard
American bot's choice): turns and claims valued by the chance to win, the chance to deal in
and the expected points, the Charleston's stages by the hard decider's rules
(:class:`~mahjong_table.players.hard_american_bot.HardAmericanDecider`); each is explained
here in words with the same numbers. The card lines nearest the hand are listed with their
tiles away counting only tiles that can still come.

A line's needs are checked against the tiles the player has not seen (not in their hand, in
no discard and no exposure): a natural tile needed as a single or in a pair, of which fewer
copies are unseen than needed, puts the line out of reach ("Jokers may not be used in pairs,
as single tiles ...", 001 Part one "Jokers"); a tile needed in a group of three or more whose
natural copies are all seen can still come as a joker, and the line says so; and such a group
with fewer unseen copies and jokers together than it needs is out of reach too.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from ..engine.actions import Action, ActionKind
from ..engine.view import PlayerView
from ..i18n import N_, _, ngettext
from ..judgement import Estimate
from ..judgement.american import JUDGEMENT_SEED, decider_for, judge_american
from ..message import shown
from ..rules.american.advice import CardDecision, table_of
from ..rules.american.matcher import best, completing_tiles, tiles_away, winning_lines
from ..rules.american.model import FLOWER, JOKER, Card
from ..rules.american.scoring import line_key
from ..tiles import TILES, Tile
from .model import Advice, CardLineStatus, Option, Wait, action_text, numbers_text

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["advise_american", "line_statuses"]

_WINDS = (N_("East"), N_("South"), N_("West"), N_("North"))
#: the nearest lines looked at for the live check, and shown
_LOOKED_AT = 12
_SHOWN = 5
def _fold(t: int) -> int:
    return FLOWER if 34 <= t < 42 else t


def line_statuses(view: PlayerView, card: Card, shown: int = _SHOWN
                  ) -> tuple[CardLineStatus, ...]:
    """The lines nearest the hand in ``view``, live ones first (tiles away, card order),
    each checked against the tiles that can still come (module docstring)."""
    table = table_of(view)
    unseen = table.unseen
    out: list[tuple[int, int, CardLineStatus]] = []
    found = tiles_away(card, list(view.counts) + [0] * (47 - len(view.counts)),
                       list(view.me.melds))
    for i, d in enumerate(found[:_LOOKED_AT]):
        ln = d.line
        key = line_key(ln)
        if d.away is None:
            out.append((2, i, CardLineStatus(key, ln.pattern, ln.points, ln.concealed, None,
                                             dead=_("these exposures fit no variation"))))
            continue
        need = Counter(_fold(t) for t in d.needs)
        jokerable = Counter(_fold(t) for t in d.needs_jokerable)
        natural = need - jokerable
        dead: str | None = None
        for k, n in sorted(natural.items()):
            if unseen[k] < n:
                dead = ngettext("needs {n} natural {tile} (a single or a pair, no joker), "
                                "{unseen} unseen",
                                "needs {n} natural {tile} (a single or a pair, no joker), "
                                "{unseen} unseen", n
                                ).format(n=n, tile=TILES[k], unseen=unseen[k])
                break
        jokers_only: list[Tile] = []
        spare_jokers = unseen[JOKER]
        if dead is None:
            for k, n in sorted(jokerable.items()):
                if unseen[k] == 0:
                    jokers_only.extend([TILES[k]] * n)
                short = n - unseen[k]
                if short > 0:
                    if short > spare_jokers:
                        dead = _("needs {n} more {tile} in a group: {unseen} unseen and too "
                                 "few unseen jokers").format(n=n, tile=TILES[k],
                                                             unseen=unseen[k])
                        break
                    spare_jokers -= short
        status = CardLineStatus(key, ln.pattern, ln.points, ln.concealed,
                                None if dead else d.away, tuple(d.needs), tuple(jokers_only),
                                dead)
        out.append((1 if dead else 0, i, status))
    out.sort(key=lambda x: (x[0], x[1]))
    return tuple(s for _rank, _i, s in out[:shown])


def _line_points(card: Card, counts: list[int], view: PlayerView) -> tuple[str, int] | None:
    top = best(winning_lines(card, counts, list(view.me.melds)))
    if top is None:
        return None
    return f"{shown(line_key(top))} {top.pattern}", top.points


def advise_american(view: PlayerView, rules: RuleSet) -> Advice:
    """The advice for ``view`` in American play (module docstring). Raises ``ValueError``
    when the rule set has no card."""
    card: Card | None = getattr(rules, "card", None)
    if card is None:
        raise ValueError(_("American advice needs the rule set's card"))
    acts = view.legal_actions
    counts = list(view.counts) + [0] * (47 - len(view.counts))
    melds = list(view.me.melds)
    total = sum(counts) + sum(len(m.tiles) for m in melds)
    lines = line_statuses(view, card) if not view.me.dead else ()
    live = [ln for ln in lines if ln.away is not None]
    if view.me.dead:
        summary = _("Your hand is dead: you play no more this hand, and still pay a winner.")
    elif live:
        top = live[0]
        summary = (_("Your hand: complete ({line})").format(line=shown(top.key))
                   if top.away == 0 else
                   _("Your hand: {n} away from {line}").format(n=top.away, line=shown(top.key)))
    else:
        summary = _("Your hand: no line of the card can still be completed.")
    seat_names = tuple(_(_WINDS[s.wind]) for s in view.seats)
    win_action = next((a for a in acts if a.kind is ActionKind.MAHJONG), None)

    def meld_of(a: Action) -> str | None:
        if a.target is None or a.tile is None:
            return None
        for m in view.seats[a.target].melds:
            if TILES[JOKER] in m.tiles and _fold(m.tile) == _fold(a.tile):
                return m.notation()
        return None

    def text(a: Action) -> str:
        return action_text(a, seat_names=seat_names, meld_text=meld_of(a),
                           last_discard=view.last_discard)

    waits: tuple[Wait, ...] = ()
    if total == 13 and not view.me.dead:
        waits = _waits(view, card, counts)
    if not acts:
        return Advice(view.phase, view.player, None, None, "", summary, lines=lines,
                      waits=waits)
    judgement = judge_american(view, rules, card)
    best = judgement.best
    assert best is not None
    if best.action.kind in _CARD_STAGES:
        # the Charleston's stages: the hard decider's choice (the judgement's), worded by its
        # reason
        d = decider_for(card).decide(view, random.Random(JUDGEMENT_SEED))
        why = _why(d, view, card, counts, live)
        options = [Option(d.action, text(d.action), why, best.win, best.deal_in, best.points,
                          best.shanten, best.worth)]
    else:
        options = [Option(e.action, text(e.action),
                          _estimate_why(e, view, card, counts, live, best.points),
                          e.win, e.deal_in, e.points, e.shanten, e.worth)
                   for e in judgement.estimates]
        why = options[0].why
    advised = options[0].action
    no_win: str | None = None
    if win_action is None and view.last_discard is not None and waits and \
            any(w.tile == _fold(view.last_discard) for w in waits):
        no_win = _("the rules do not let this hand claim the discard for Mahjong")
    return Advice(view.phase, view.player, advised, text(advised), why, summary,
                  tuple(options), win_action is not None, no_win, None, waits, (), lines)


#: the decisions the judgement leaves to the decider's rules (by the lines the tiles serve)
_CARD_STAGES = frozenset({ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS,
                          ActionKind.CHARLESTON_CONTINUE, ActionKind.CHARLESTON_STOP,
                          ActionKind.COURTESY_ASK})


def _estimate_why(e: Estimate, view: PlayerView, card: Card, counts: list[int],
                  live: list[CardLineStatus], best_points: float) -> str:
    """An action weighed by the judgement, in words: its numbers, then what it does (001
    Part one sections named)."""
    a = e.action
    k = a.kind
    numbers = numbers_text(e.win, e.deal_in, e.points)
    if k is ActionKind.MAHJONG:
        return _why(CardDecision(a, "mahjong", 0.0, 0.0, 0), view, card, counts, live)
    if k is ActionKind.CALL_DEAD:
        return _why(CardDecision(a, "call_dead", 0.0, 0.0, None), view, card, counts, live)
    away = None if e.shanten is None else e.shanten + 1
    line = shown(e.plan) if e.plan else _("no line")
    if k is ActionKind.JOKER_EXCHANGE:
        if e.shanten is not None and e.shanten < 0:
            return _why(CardDecision(a, "exchange_wins", 0.0, 0.0, 0), view, card, counts,
                        live)
        shape = _("a joker for the {tile}: then {n} away from {line} (001 Part one 'Joker "
                  "exchange')").format(tile=a.tile, n=away, line=line)
    elif k is ActionKind.DISCARD:
        if away is None or not e.can_win:
            shape = _("no line of the card can still be completed with your exposures")
        else:
            shape = _("{n} away from {line} after it").format(n=away, line=line)
    elif k is ActionKind.PASS:
        shape = (_("no claim: {n} away from {line}").format(n=away, line=line)
                 if away is not None and e.can_win else _("no claim"))
    else:  # an exposure
        shape = _("exposing it, then discarding {tile}: {n} away from {line} (001 Part one "
                  "'Calling discards'; concealed lines are then out of reach)").format(
            tile=e.discard, n=away, line=line) if away is not None and e.can_win else \
            _("exposing it leaves no line within reach")
    return f"{numbers}: {shape}"


def _waits(view: PlayerView, card: Card, counts: list[int]) -> tuple[Wait, ...]:
    """The tiles that complete a 13-tile hand, each with its unseen copies and the points of
    the line it completes."""
    table = table_of(view)
    out: list[Wait] = []
    for k in sorted(completing_tiles(card, counts, list(view.me.melds))):
        c = list(counts)
        c[34 if k == FLOWER else k] += 1
        got = _line_points(card, c, view)
        points = None if got is None else got[1]
        # a joker is never claimable (001 Part one "Jokers"): it wins only self-drawn
        on_discard = None if k == JOKER else points
        out.append(Wait(TILES[k], table.unseen[k], on_discard, points, "points",
                        _("a discarded joker is dead") if k == JOKER else None))
    return tuple(out)


def _choice_why(away: int | None, worth: float, now: float) -> str:
    """An alternative in words: the nearest line after it, and whether it keeps the hand's
    prospects (its worth: the lines in reach, weighed by their points and by how many of the
    tiles they need are unseen) or costs some of them."""
    if away is None or away >= 99:
        return _("leaves no line within reach")
    if worth >= now * 0.999:
        return _("leaves the nearest line {n} away and the hand's chances as they "
                 "are").format(n=away)
    share = 0 if now <= 0 else round(100 * (1 - worth / now))
    return _("leaves the nearest line {n} away, {share}% fewer chances to complete the "
             "hand").format(n=away, share=share)


def _why(d: CardDecision, view: PlayerView, card: Card, counts: list[int],
         live: list[CardLineStatus]) -> str:
    """The decision ``d`` explained in words (001 Part one sections named)."""
    a = d.action
    reason = d.reason
    nearest = shown(live[0].key) if live else _("no line")
    if reason == "mahjong":
        c = list(counts)
        if view.last_discard is not None and view.phase in ("claim", "rob"):
            c[view.last_discard] += 1
        got = _line_points(card, c, view)
        jokers = c[JOKER] + sum(1 for m in view.me.melds for t in m.tiles if t == JOKER)
        if got and not jokers:
            line = _("{line}, {points} points (jokerless: paid double where the table's rules "
                     "say so)").format(line=got[0], points=got[1])
        elif got:
            line = _("{line}, {points} points").format(line=got[0], points=got[1])
        else:
            line = _("a line of the card")
        return _("your hand is complete: Mahjong with {line} (001 Part one 'Winning the "
                 "hand')").format(line=line)
    if reason == "only":
        return _("the only legal action")
    if reason == "call_dead":
        who = _(_WINDS[view.seats[a.target].wind]) if a.target is not None else _("a player")
        return _("{who}'s exposures fit no line of the card: the hand is dead, one player "
                 "fewer to beat (001 Part one 'Dead hands')").format(who=who)
    if reason == "exchange_wins":
        return _("the joker completes your hand: exchange, then declare Mahjong in the same "
                 "turn (001 Part one 'Joker exchange')")
    if reason == "exchange":
        return _("a joker is worth more to the hand than the {tile}: the nearest line is "
                 "then {n} away (001 Part one 'Joker exchange')").format(tile=a.tile, n=d.away)
    if reason == "discard":
        if d.away is None or d.away >= 99:  # no line in reach: no distance to give
            return _("no line of the card can still be completed with your exposures, so no "
                     "discard brings the hand closer; of the tiles alike to it, the one with "
                     "the fewest copies unseen")
        after = list(counts)
        if a.tile is not None and after[a.tile] > 0:
            after[a.tile] -= 1
        near = next((x.line for x in tiles_away(card, after, list(view.me.melds))
                     if x.away == d.away), None)
        where = shown(line_key(near)) if near is not None else nearest
        return _("it keeps the hand closest to the card: {n} away from {line} after it, with "
                 "the most lines still in reach").format(n=d.away, line=where)
    if reason == "claim":
        return _("exposing it brings the nearest open line to {n} away (001 Part one "
                 "'Calling discards'; concealed lines are then out of reach)").format(n=d.away)
    if reason == "no_claim":
        return _("no claim brings an open line of the hand closer; exposing would also rule "
                 "out the concealed lines")
    if reason == "pass":
        if a.kind is ActionKind.COURTESY_PASS:
            return _("the tiles your nearest lines use least (001 Part one 06, courtesy pass)")
        if a.number:
            return ngettext("the tiles your nearest lines use least; jokers are never passed "
                            "(001 Part one 06); {n} tile just received is passed on unseen, so "
                            "every tile your lines use is kept",
                            "the tiles your nearest lines use least; jokers are never passed "
                            "(001 Part one 06); {n} tiles just received are passed on unseen, "
                            "so every tile your lines use is kept", a.number).format(n=a.number)
        return _("the tiles your nearest lines use least; jokers are never passed "
                 "(001 Part one 06)")
    if reason == "continue":
        if d.away is None:
            return _("the nearest line is far away: a second Charleston may bring better "
                     "tiles (001 Part one 06)")
        return _("the nearest line is {n} away: a second Charleston may bring better tiles "
                 "(001 Part one 06)").format(n=d.away)
    if reason == "stop":
        return _("the nearest line is only {n} away: keep the tiles you have "
                 "(001 Part one 06)").format(n=d.away)
    if reason == "courtesy_ask":
        n = a.number or 0
        if n:
            return ngettext("{n} tile of your hand is hardly used by your nearest lines (001 "
                            "Part one 06, courtesy pass)",
                            "{n} tiles of your hand are hardly used by your nearest lines (001 "
                            "Part one 06, courtesy pass)", n).format(n=n)
        return _("every tile helps your nearest lines: ask for none (001 Part one 06)")
    return ""  # pragma: no cover - every reason is worded above
