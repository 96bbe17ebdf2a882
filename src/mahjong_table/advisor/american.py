"""The advisor for American play (rule book 001 Part one): every decision of the game (the
Charleston's passes, the vote, the courtesy pass, claims, joker exchanges, dead-hand calls,
discards, Mahjong) is decided by :class:`~mahjong_table.rules.american.advice.CardDecider`,
the same decider the American bot plays by, and explained here in words; the card lines
nearest the hand are listed with their tiles away counting only tiles that can still come.

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
from ..rules.american.advice import CardDecider, CardDecision, table_of
from ..rules.american.matcher import best, completing_tiles, tiles_away, winning_lines
from ..rules.american.model import FLOWER, JOKER, Card
from ..tiles import TILES, Tile
from .model import Advice, CardLineStatus, Option, Wait, action_text

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["advise_american", "line_statuses"]

_WINDS = ("East", "South", "West", "North")
#: the nearest lines looked at for the live check, and shown
_LOOKED_AT = 12
_SHOWN = 5
#: deciders by card (a card is loaded once per game; a few are kept)
_DECIDERS: dict[int, tuple[Card, CardDecider]] = {}


def _decider(card: Card) -> CardDecider:
    got = _DECIDERS.get(id(card))
    if got is None or got[0] is not card:
        if len(_DECIDERS) > 16:
            _DECIDERS.clear()
        got = _DECIDERS[id(card)] = (card, CardDecider(card))
    return got[1]


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
        key = f"{ln.section} #{ln.number}"
        if d.away is None:
            out.append((2, i, CardLineStatus(key, ln.pattern, ln.points, ln.concealed, None,
                                             dead="these exposures fit no variation")))
            continue
        need = Counter(_fold(t) for t in d.needs)
        jokerable = Counter(_fold(t) for t in d.needs_jokerable)
        natural = need - jokerable
        dead: str | None = None
        for k, n in sorted(natural.items()):
            if unseen[k] < n:
                dead = (f"needs {n} natural {TILES[k]} (a single or a pair, no joker), "
                        f"{unseen[k]} unseen")
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
                        dead = (f"needs {n} more {TILES[k]} in a group: {unseen[k]} unseen "
                                f"and too few unseen jokers")
                        break
                    spare_jokers -= short
        status = CardLineStatus(key, ln.pattern, ln.points, ln.concealed,
                                None if dead else d.away, tuple(d.needs), tuple(jokers_only),
                                dead)
        out.append((1 if dead else 0, i, status))
    out.sort(key=lambda x: (x[0], x[1]))
    return tuple(s for _, _, s in out[:shown])


def _line_points(card: Card, counts: list[int], view: PlayerView) -> tuple[str, int] | None:
    top = best(winning_lines(card, counts, list(view.me.melds)))
    if top is None:
        return None
    return f"{top.section} #{top.number} {top.pattern}", top.points


def advise_american(view: PlayerView, rules: RuleSet) -> Advice:
    """The advice for ``view`` in American play (module docstring). Raises ``ValueError``
    when the rule set has no card."""
    card: Card | None = getattr(rules, "card", None)
    if card is None:
        raise ValueError("American advice needs the rule set's card")
    acts = view.legal_actions
    counts = list(view.counts) + [0] * (47 - len(view.counts))
    melds = list(view.me.melds)
    total = sum(counts) + sum(len(m.tiles) for m in melds)
    lines = line_statuses(view, card) if not view.me.dead else ()
    live = [ln for ln in lines if ln.away is not None]
    if view.me.dead:
        summary = "Your hand is dead: you play no more this hand, and still pay a winner."
    elif live:
        top = live[0]
        summary = (f"Your hand: complete ({top.key})" if top.away == 0 else
                   f"Your hand: {top.away} away from {top.key}")
    else:
        summary = "Your hand: no line of the card can still be completed."
    seat_names = tuple(_WINDS[s.wind] for s in view.seats)
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
    d = _decider(card).decide(view, random.Random("advisor"))
    why = _why(d, view, card, counts, live)
    options = [Option(d.action, text(d.action), why)]
    for c in d.ranked:
        if c.action != d.action:
            options.append(Option(c.action, text(c.action), _choice_why(c.away, c.worth,
                                                                         d.now)))
    no_win: str | None = None
    if win_action is None and view.last_discard is not None and waits and \
            any(w.tile == _fold(view.last_discard) for w in waits):
        no_win = "the rules do not let this hand claim the discard for Mahjong"
    return Advice(view.phase, view.player, d.action, text(d.action), why, summary,
                  tuple(options), win_action is not None, no_win, None, waits, (), lines)


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
                        "a discarded joker is dead" if k == JOKER else None))
    return tuple(out)


def _choice_why(away: int | None, worth: float, now: float) -> str:
    """An alternative in words: the nearest line after it, and whether it keeps the hand's
    prospects (its worth: the lines in reach, weighed by their points and by how many of the
    tiles they need are unseen) or costs some of them."""
    if away is None or away >= 99:
        return "leaves no line within reach"
    if worth >= now * 0.999:
        return f"leaves the nearest line {away} away and the hand's chances as they are"
    share = 0 if now <= 0 else round(100 * (1 - worth / now))
    return f"leaves the nearest line {away} away, {share}% fewer chances to complete the hand"


def _why(d: CardDecision, view: PlayerView, card: Card, counts: list[int],
         live: list[CardLineStatus]) -> str:
    """The decision ``d`` explained in words (001 Part one sections named)."""
    a = d.action
    reason = d.reason
    nearest = live[0].key if live else "no line"
    if reason == "mahjong":
        c = list(counts)
        if view.last_discard is not None and view.phase in ("claim", "rob"):
            c[view.last_discard] += 1
        got = _line_points(card, c, view)
        line = f"{got[0]}, {got[1]} points" if got else "a line of the card"
        jokers = c[JOKER] + sum(1 for m in view.me.melds for t in m.tiles if t == JOKER)
        if got and not jokers:
            line += " (jokerless: paid double where the table's rules say so)"
        return f"your hand is complete: Mahjong with {line} (001 Part one 'Winning the hand')"
    if reason == "only":
        return "the only legal action"
    if reason == "call_dead":
        who = _WINDS[view.seats[a.target].wind] if a.target is not None else "a player"
        return (f"{who}'s exposures fit no line of the card: the hand is dead, one player "
                "fewer to beat (001 Part one 'Dead hands')")
    if reason == "exchange_wins":
        return ("the joker completes your hand: exchange, then declare Mahjong in the same "
                "turn (001 Part one 'Joker exchange')")
    if reason == "exchange":
        return (f"a joker is worth more to the hand than the {a.tile}: the nearest line is "
                f"then {d.away} away (001 Part one 'Joker exchange')")
    if reason == "discard":
        if d.away is None or d.away >= 99:  # no line in reach: no distance to give
            return ("no line of the card can still be completed with your exposures, so no "
                    "discard brings the hand closer; of the tiles alike to it, the one with "
                    "the fewest copies unseen")
        after = list(counts)
        if a.tile is not None and after[a.tile] > 0:
            after[a.tile] -= 1
        near = next((x.line for x in tiles_away(card, after, list(view.me.melds))
                     if x.away == d.away), None)
        where = f"{near.section} #{near.number}" if near is not None else nearest
        return (f"it keeps the hand closest to the card: {d.away} away from {where} "
                "after it, with the most lines still in reach")
    if reason == "claim":
        return (f"exposing it brings the nearest open line to {d.away} away "
                "(001 Part one 'Calling discards'; concealed lines are then out of reach)")
    if reason == "no_claim":
        return ("no claim brings an open line of the hand closer; exposing would also rule "
                "out the concealed lines")
    if reason == "pass":
        if a.kind is ActionKind.COURTESY_PASS:
            return "the tiles your nearest lines use least (001 Part one 06, courtesy pass)"
        received = "tile just received is" if a.number == 1 else "tiles just received are"
        blind = (f"; {a.number} {received} passed on unseen, so every tile your lines use is "
                 "kept" if a.number else "")
        return ("the tiles your nearest lines use least; jokers are never passed "
                f"(001 Part one 06){blind}")
    if reason == "continue":
        return (f"the nearest line is {d.away if d.away is not None else 'far'} away: a "
                "second Charleston may bring better tiles (001 Part one 06)")
    if reason == "stop":
        return (f"the nearest line is only {d.away} away: keep the tiles you have "
                "(001 Part one 06)")
    if reason == "courtesy_ask":
        n = a.number or 0
        tiles = "tile" if n == 1 else "tiles"
        return (f"{n} {tiles} of your hand {'is' if n == 1 else 'are'} hardly used by your "
                "nearest lines (001 Part one 06, courtesy pass)" if n else
                "every tile helps your nearest lines: ask for none (001 Part one 06)")
    return ""  # pragma: no cover - every reason is worded above
