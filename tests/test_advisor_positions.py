"""The advisor on positions written for the purpose (issue 43): for each rule set, situations
where what a hand is worth and how fast it gets ready disagree, each with the answer an
experienced player gives and why (the rule book section or the value reason).

- Hong Kong (rule book 004): a dragon or wind pung that changes the fan at no cost in speed,
  one suit kept over one more useful tile, all pungs and one suit waits over wider plain
  waits, a chow taken because 004 pays nothing for a concealed hand, the third dragon and
  a one-suit hand's tiles held late in the wall.
- Chinese under MCR (001 Part two, 8 fan to win): claims passed when they give up the only
  8-fan win, the partial that makes the hand's 8 fan kept over a wider one, the wait that can
  win taken over one with more tiles that never can, a ready hand that can never win rebuilt,
  a one-suit hand not fed.
- American (001 Part one, the practice card): joker exchanges that win or bring a line
  nearer, dead hands called, concealed lines not exposed by a call, the tiles another's
  exposures show they need held late in the wall, the line within reach kept over a dearer
  one that needs jokers only.
- Chinese on the simple scale (001 Part two: every win pays the same): value never disagrees
  with speed there, so a few of the positions above are set again under it, and the advice
  is the fastest hand (the pure tile-efficiency choice) where Hong Kong or MCR pay for more.

Each position is set up with ``Game.from_position`` (the engine checks it), and the advice
(``advise(view, rules)``) must be the experienced answer, first in its own list with the
judgement's numbers, valued strictly above every action outside the answer. Where a pure
tile-efficiency choice (the efficiency bot's: shanten, then useful tiles; American: the fewest
tiles away from a line of the card, tiles seen or not) differs from the answer, the test says
so too: those are the positions where value and speed disagree. A position the judgement gets
wrong is marked ``xfail(strict=True)`` with the defect named, never given a weaker answer.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from mahjong_table.advisor import advise
from mahjong_table.engine import Action, ActionKind, Game, PlayerView
from mahjong_table.engine.actions import EXPOSURE_SIZES
from mahjong_table.judgement import judge
from mahjong_table.melds import Meld, MeldKind
from mahjong_table.players import make_bot
from mahjong_table.players.efficiency_bot import _forms_for, best_discards
from mahjong_table.rules.american.matcher import tiles_away
from mahjong_table.rules.american.model import JOKER
from mahjong_table.rules.base import RuleSet
from mahjong_table.tiles import NUM_PLAYING, TILES


class Position(NamedTuple):
    """One position: ``name`` (the rule or behaviour it checks), the rule set's ``family``
    (``hongkong``, ``mcr``, ``american``; ``chinese`` for the simple scale), the position
    ``text`` (player 0 decides), the ``answer`` (the actions an experienced player accepts,
    worded by :func:`_word`), ``why`` and ``differs``: whether the pure tile-efficiency
    choice is outside the answer."""

    name: str
    family: str
    text: str
    answer: frozenset[str]
    why: str
    differs: bool


def _word(action: Action) -> str:
    """``discard 4m``, ``chow 4p`` (the chow's first tile), ``joker_exchange 4m``, ``pung``,
    ``kong``, ``pass``, ``call_dead``."""
    if action.kind in (ActionKind.DISCARD, ActionKind.CHOW, ActionKind.CONCEALED_KONG,
                       ActionKind.ADDED_KONG, ActionKind.JOKER_EXCHANGE):
        return f"{action.kind.value} {action.tile}"
    return str(action.kind.value)


def _speed_sets(view: PlayerView, rules: RuleSet) -> set[str]:
    """The efficiency bot's choice (a win whenever offered; shanten, then unseen useful
    tiles; every discard that ties with its best in a turn)."""
    if any(a.kind is ActionKind.MAHJONG for a in view.legal_actions):
        return {"mahjong"}
    counts = list(view.counts[:NUM_PLAYING])
    melds = len(view.me.melds)
    if view.phase == "turn" and sum(counts) == 14 - 3 * melds:
        visible = list(view.table_counts()[:NUM_PLAYING])
        _s, _u, kinds = best_discards(counts, melds, visible, _forms_for(view.special_forms, {}))
        return {f"discard {TILES[k]}" for k in kinds}
    return {_word(make_bot("efficiency", 0, rules=rules).choose(view))}


def _away(rules: RuleSet, counts: list[int], melds: tuple[Meld, ...]) -> int:
    card = getattr(rules, "card", None)
    assert card is not None
    got = tiles_away(card, counts, melds, nearest=1)
    return 99 if not got or got[0].away is None else int(got[0].away)


def _speed_american(view: PlayerView, rules: RuleSet) -> set[str]:
    """The actions that leave the hand the fewest tiles away from a line of the card, by the
    matcher alone (every tile counted as if it could still come): a discard, or a claim
    (after its best discard) against passing."""
    counts = list(view.counts) + [0] * (47 - len(view.counts))
    melds = tuple(view.me.melds)
    out: dict[str, int] = {}
    for a in view.legal_actions:
        if a.kind is ActionKind.DISCARD and a.tile is not None:
            counts[int(a.tile)] -= 1
            out[_word(a)] = _away(rules, counts, melds)
            counts[int(a.tile)] += 1
    tile = view.last_discard
    if view.phase == "claim" and tile is not None:
        out["pass"] = _away(rules, counts, melds)
        for a in view.legal_actions:
            size = EXPOSURE_SIZES.get(a.kind)
            if size is None:
                continue
            naturals = size - 1 - a.jokers
            c = list(counts)
            c[int(tile)] -= naturals
            c[JOKER] -= a.jokers
            meld = Meld(MeldKind(a.kind.value), (TILES[int(tile)],) * (naturals + 1)
                        + (TILES[JOKER],) * a.jokers)
            best = 99
            for k in range(47):
                if c[k] > 0:
                    c[k] -= 1
                    best = min(best, _away(rules, c, (*melds, meld)))
                    c[k] += 1
            out[_word(a)] = best
    least = min(out.values())
    return {k for k, v in out.items() if v == least}


def _speed(view: PlayerView, rules: RuleSet) -> set[str]:
    """The pure tile-efficiency choice (module docstring)."""
    if rules.hand_kinds > 34:
        return _speed_american(view, rules)
    return _speed_sets(view, rules)


#: positions the judgement gets wrong, by name: the defect (xfail, strict)
DEFECTS: dict[str, str] = {
    "mcr-halfflush-dragon": (
        "sets.py charges TEMPO by the plain shanten (4s leaves the plain hand 2 away, 1z "
        "leaves it 1 away) although both are valued by the same one-suit plan, equally far "
        "(win 32.7% vs 24.2%, same worth); the plain hand 1z keeps can never reach 8 fan"),
    "mcr-pass-chow-allpungs-dragon": (
        "after the chow no win reaches 8 fan, yet the plain plan's soft chance to reach 8 "
        "(mcr_heading_fan, logistic around 7 fan) still wins 9.7%: chow -6.15 against pass "
        "-6.43, which keeps all pungs and the White pung"),
    "mcr-keep-pure-straight-chars": (
        "discarding 9s leaves the hand 2 away, valued by mcr_heading_fan's soft estimate "
        "(pure straight credited from 8 of its 9 kinds) at +0.96, above the exact one-step "
        "look-ahead of keeping 78m (-0.67), whose 9m is the only 8-fan wait"),
    "am-keep-near-line": (
        "the learned win chance is at its cap (0.558) for every discard, so the chance lost "
        "by throwing 5s (Like Numbers #1 and 13579 #5 both need it) is not seen; the worth, "
        "weighted toward Quints #1 (45, two jokers needed), decides: 5s +68.7 against 9m "
        "+63.5"),
    "am-defend-like-numbers": (
        "the danger read from 1111m 1111p (Like Numbers #1 needs 111s and FFF) gives 1s a "
        "deal-in of 10.9% with four tiles left in the wall: discard 1s -16.62 against 2p "
        "-16.68"),
    "am-defend-winds": (
        "the danger read from EEE WWW SSSS (only Winds - Dragons #1 fits: the North pair and "
        "a dragon pair to come, pairs only as naturals) gives the White dragon a deal-in of "
        "1.5%, hardly above a safe tile's 1.1%"),
}

POSITIONS: list[Position] = [
    # ----- Hong Kong (rule book 004) -----
    Position("hk-pung-red", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 123m555p78s34m77z1p discards 9p
1: ? discards 9m1p
2: ? discards 1s9p7z
3: ? discards 2z4z
discard 2 7z
""",
             frozenset({"pung"}),
             "004 s07: a dragon pung is 1 fan (base doubled); the hand already holds a pung, so no "
             "four-runs fan is lost, and the pung leaves it as far from ready",
             differs=True),
    Position("hk-pung-green", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 222m456p78s99p66z4s discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z6z
discard 3 6z
""",
             frozenset({"pung"}),
             "004 s07: a dragon pung is 1 fan and here it also brings the hand ready",
             differs=False),
    Position("hk-pung-east", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 123m555p78s34m11z9p discards 9p
1: ? discards 9m1p1z
2: ? discards 1s9p
3: ? discards 2z4z
discard 1 1z
""",
             frozenset({"pung"}),
             "004 s07: East's pung for East in the East round is 2 fan (base times four) at no "
             "cost in speed",
             differs=True),
    Position("hk-pung-white", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 888m34p567s23s55z7m discards 9p
1: ? discards 9m1p
2: ? discards 1s9p5z
3: ? discards 2z4z
discard 2 5z
""",
             frozenset({"pung"}),
             "004 s07: a dragon pung is 1 fan; the hand holds a pung already (no four-runs fan to "
             "lose); no step lost",
             differs=True),
    Position("hk-halfflush-3shanten", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 123s456s88s2s1z5z7z5m 6z discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 6z
""",
             frozenset({"discard 5m"}),
             "004 s07: one suit with honours is 3 fan (dragon pungs on top); the lone character is "
             "the only tile outside it",
             differs=True),
    Position("hk-pure-tanki", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 123s456s789s234s5m 1s discards 9p
1: ? discards 9m1p4s
2: ? discards 1s9p1s
3: ? discards 2z4z4s
turn 0 drew 1s
""",
             frozenset({"discard 5m"}),
             "004 s07: the bamboo hand is one suit alone (6 fan, 7 with no flower: base 32) "
             "against 2 fan (four runs, no flower) for the 5m wait",
             differs=False),
    Position("hk-allpungs-shanpon", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 111m555p999s33p22z 4p discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 4p
""",
             frozenset({"discard 4p"}),
             "004 s07: all pungs is 3 fan, and self-drawn with four concealed pungs a limit, "
             "against a plain wait with almost no fan",
             differs=True),
    Position("hk-keep-third-dragon", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 555z666z7z23m457p78s discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 7p
""",
             frozenset({"discard 2m", "discard 3m", "discard 4p", "discard 5p", "discard 7p",
                       "discard 7s", "discard 8s"}),
             "004 s07: with two dragon pungs the third dragon is small three dragons (4 fan) or "
             "the three-dragons limit: never the tile to throw",
             differs=False),
    Position("hk-defend-bamboo", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 123m456p778p34m68m5s discards 9p9p4z1z2z1m
1: [123s] [555s] [777s] 2p2p9s9s discards 9m1p3z4z2m1m8m
2: ?
3: ? discards 2z4z1z3z9p1m2m
turn 0 drew 8p
""",
             frozenset({"discard 6m", "discard 7p", "discard 8m", "discard 8p"}),
             "004 s05 and s07: an opponent with three bamboo pungs and chows heads for one suit; "
             "do not feed it the lone 5s for one more useful tile",
             differs=False),
    Position("hk-pung-south-round", "hongkong", """\
hongkong
round S; hand 0; dealer 0
0: 345m666p23s45p22z9m discards 9p
1: ? discards 9m1p
2: ? discards 1s9p2z
3: ? discards 4z1z
discard 2 2z
""",
             frozenset({"pung"}),
             "004 s07: the prevailing wind's pung is 1 fan, and it makes the hand ready",
             differs=False),
    Position("hk-pung-red-edge", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 111p46m89s567s77z1m discards 9p
1: ? discards 9m1p7z
2: ? discards 1s9p
3: ? discards 2z4z
discard 1 7z
""",
             frozenset({"pung"}),
             "004 s07: the dragon pung doubles the base; the hand stays one step from ready",
             differs=True),
    Position("hk-chow-no-concealed-fan", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 123m456p99s34m57p7z discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z6p
discard 3 6p
""",
             frozenset({"chow 4p", "chow 5p"}),
             "004 s07 pays nothing for a concealed hand: the chow makes the hand ready and gives "
             "up no fan",
             differs=False),
    Position("hk-halfflush-circles", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 234p67p99p55z1z6z4m1p 7z discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 7z
""",
             frozenset({"discard 4m"}),
             "004 s07: circles with honours is 3 fan, White and East pungs on top; the lone "
             "character goes first",
             differs=True),
    Position("hk-halfflush-chars", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 1236m78m55z66z3p7s9m 9m discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 9m
""",
             frozenset({"discard 3p", "discard 7s"}),
             "004 s07: characters with dragon pairs head for one suit (3 fan) and dragon pungs; "
             "the off-suit tiles go",
             differs=False),
    Position("hk-allpungs-shanpon-2", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 222m666p888s55s44z 3s discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 3s
""",
             frozenset({"discard 3s"}),
             "004 s07: all pungs (3 fan), four concealed pungs self-drawn a limit; the sequence "
             "wait is worth almost nothing",
             differs=True),
    Position("hk-defend-dragons", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 123m456p678s34m99p7z discards 4z1z2z3p8p5m
1: ? discards 9m1p3z4z1m8m9s2s
2: [555z] [666z] 2p3p4p4p5p6p8m discards 1s2z8p1s3p9m7m
3: ? discards 2z4z1z3z1m8s9s7p
turn 0 drew 6s
""",
             frozenset({"discard 1m", "discard 2m", "discard 3m", "discard 4m", "discard 4p",
                       "discard 5p", "discard 6p", "discard 6s", "discard 7s", "discard 8s",
                       "discard 9p"}),
             "004 s07: an opponent showing two dragon pungs wins the three-dragons limit (64) on "
             "the third: hold the Red dragon, even ready",
             differs=True),
    Position("hk-defend-four-melds", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 234m678p233p45p79m 8s discards 9p4z1z2z3p8p5z2m7z1z6p1p6m2m
1: [123s] [555s] [789s] [666z] 3s discards 1p3z4z2m1m8m2p4p9m1z9p5z9p5p9m5m1m
2: ? discards 1s2z8p3p5z9m1m7z3z8p4p8m4m7z
3: ? discards 2z4z1z3z9p1m3m2s4z2z7p2p7m3m5z
turn 0 drew 8s
""",
             frozenset({"discard 2m", "discard 3m", "discard 3p", "discard 4m", "discard 4p",
                       "discard 5p", "discard 6p", "discard 7m", "discard 7p", "discard 8p",
                       "discard 9m"}),
             "004 s07: late in the wall against four exposed melds of a bamboo hand with the Green "
             "pung, do not throw a bamboo for a one-step-from-ready hand",
             differs=True),
    Position("hk-pass-chow-allpungs", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 111m555p88s22z33z6s discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z7s
discard 3 7s
""",
             frozenset({"pass"}),
             "004 s07: two concealed pungs and three pairs head for all pungs (3 fan, four "
             "concealed pungs a limit); the chow leaves a wait of about 1 fan",
             differs=True),
    Position("hk-pung-second-dragon", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: [555z] 234m57p89s66z1m discards 9p
1: ? discards 9m1p
2: ? discards 1s9p6z
3: ? discards 2z4z
discard 2 6z
""",
             frozenset({"pung"}),
             "004 s07: a second dragon pung is 1 fan more and opens small three dragons (4 fan) "
             "and the three-dragons limit",
             differs=True),
    Position("hk-halfflush-chars-dragons", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 123m456m77m1z5z6z7z4p 3s discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 3s
""",
             frozenset({"discard 3s", "discard 4p"}),
             "004 s07: characters with East and the three dragons: one suit (3 fan), dragon pungs, "
             "three dragons; the off-suit tiles go, not the honours",
             differs=True),
    Position("hk-defend-fourth-wind", "hongkong", """\
hongkong
round E; hand 0; dealer 0
0: 123m456p678s34m99p4z discards 5z1p2s3p8p5m
1: ? discards 9m1p5z1m8m9s2s
2: [111z] [222z] [333z] 2p3p4p5p discards 1s8p1s3p9m7m7z
3: ? discards 5z1m8s9s7p6z
turn 0 drew 6s
""",
             frozenset({"discard 1m", "discard 2m", "discard 3m", "discard 4m", "discard 4p",
                       "discard 5p", "discard 6p", "discard 6s", "discard 7s", "discard 8s",
                       "discard 9p"}),
             "004 s07: an opponent showing three wind pungs wins a limit on the fourth wind (three "
             "winds with a pair of the fourth, or four winds): hold the North wind, even ready",
             differs=True),
    # ----- Chinese under MCR (001 Part two: 8 fan to win) -----
    Position("mcr-pass-kong-concealed-pungs", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 111m444p777s56m55z discards 9p
1: ? discards 9m1p1m
2: ? discards 1s9p
3: ? discards 2z4z
discard 1 1m
""",
             frozenset({"pass"}),
             "MCR 8-fan minimum: three concealed pungs (16) are the only 8; the kong exposes one "
             "and no win reaches 8",
             differs=True),
    Position("mcr-keep-pure-straight", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 123s456s78s34m67p55z discards 9p
1: ? discards 9m1p9s6s
2: ? discards 1s9p6s9s
3: ? discards 2z4z
turn 0 drew 5z
""",
             frozenset({"discard 3m", "discard 4m", "discard 6p", "discard 7p"}),
             "MCR 8-fan minimum: only 9s (pure straight, 16) makes 8 fan; the other partials lead "
             "to wins under 8",
             differs=True),
    Position("mcr-keep-triple-chow", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 234m234p23s56s78p99m discards 9p
1: ? discards 9m1p1s
2: ? discards 1s9p4s
3: ? discards 2z4z
turn 0 drew 9m
""",
             frozenset({"discard 5s", "discard 6s", "discard 7p", "discard 8p"}),
             "MCR 8-fan minimum: 4s makes mixed triple chow 234 (8); the other partials win under "
             "8",
             differs=True),
    Position("mcr-halfflush-dragon", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 345p678p88p55z45s9p1z discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 1z
""",
             frozenset({"discard 4s", "discard 5s"}),
             "MCR 8-fan minimum: half flush (6) with the White or East pung is the 8; the off-suit "
             "45s can never be part of an 8-fan win",
             differs=True),
    Position("mcr-rebuild-dead-ready", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: [123m] 567m234p789s5s 6p discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 6p
""",
             frozenset({"discard 2p", "discard 3p"}),
             "MCR 8-fan minimum: waiting on 5s can never win (4 fan); rebuild toward the mixed "
             "straight 123m 456p 789s",
             differs=True),
    Position("mcr-pass-chow-allpungs-dragon", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: [111m] 999p55z22s78s3z discards 4z
1: ? discards 9m1p
2: ? discards 1s2z
3: ? discards 2z4z6s
discard 3 6s
""",
             frozenset({"pass"}),
             "MCR 8-fan minimum: all pungs (6) with the White pung (2) is the hand's 8; after the "
             "chow no win reaches 8",
             differs=True),
    Position("mcr-pass-pung-concealed-pungs", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 111m444p777s56m55z discards 9p
1: ? discards 9m1p
2: ? discards 1s9p4p
3: ? discards 2z4z
discard 2 4p
""",
             frozenset({"pass"}),
             "MCR 8-fan minimum: the pung exposes one of the three concealed pungs (16); every win "
             "is then under 8",
             differs=True),
    Position("mcr-keep-mixed-straight", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 123m456p78s45m67p99m discards 9p
1: ? discards 9m1p6s9s
2: ? discards 1s9p6s
3: ? discards 2z4z
turn 0 drew 9m
""",
             frozenset({"discard 4m", "discard 5m", "discard 6p", "discard 7p"}),
             "MCR 8-fan minimum: 9s makes the mixed straight 123m 456p 789s (8); keep 78s",
             differs=True),
    Position("mcr-keep-pure-straight-circles", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 123p789p45p34s67m11s discards 9s
1: ? discards 9m1p3p6p
2: ? discards 1s9p3p
3: ? discards 2z4z
turn 0 drew 1s
""",
             frozenset({"discard 3s", "discard 4s", "discard 6m", "discard 7m"}),
             "MCR 8-fan minimum: 6p completes the pure straight (16); the other partials make "
             "hands under 8",
             differs=True),
    Position("mcr-wait-mixed-straight", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: [456m] [789p] 234s555z88p discards 9p
1: ? discards 9m1p1s
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 4s
""",
             frozenset({"discard 4s"}),
             "MCR 8-fan minimum: waiting on 1s (mixed straight, 8, and the White pung) wins; 2s/5s "
             "make 2 fan and can never win",
             differs=True),
    Position("mcr-rebuild-dead-ready-2", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: [456p] 234m678m55s99s 2s discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 2s
""",
             frozenset({"discard 2m", "discard 3m", "discard 4m", "discard 5s", "discard 6m",
                       "discard 7m", "discard 8m", "discard 9s"}),
             "MCR 8-fan minimum: the 5s/9s wait can never win; keeping it ready is worth nothing, "
             "rebuild",
             differs=True),
    Position("mcr-keep-triple-chow-2", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 567m567s56p89p22z34m discards 9p
1: ? discards 9m1p4p7p
2: ? discards 1s9p7p4p
3: ? discards 2z4z
turn 0 drew 4m
""",
             frozenset({"discard 3m", "discard 4m", "discard 8p", "discard 9p"}),
             "MCR 8-fan minimum: 7p makes mixed triple chow 567 (8); let the partials that win "
             "under 8 go",
             differs=False),
    Position("mcr-pass-chow-breaks-triple-chow", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 345m345p34s78p11z9m discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z2s
discard 3 2s
""",
             frozenset({"pass"}),
             "MCR 8-fan minimum: the chow 234s gives up the mixed triple chow 345 (8), the hand's "
             "only 8 fan, for one step",
             differs=True),
    Position("mcr-pass-kong-concealed-pungs-2", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 222s666m888p34s77z discards 9p
1: ? discards 9m1p
2: ? discards 1s9p6m
3: ? discards 2z4z
discard 2 6m
""",
             frozenset({"pass"}),
             "MCR 8-fan minimum: the exposed kong gives up three concealed pungs (16), the hand's "
             "only 8-fan win",
             differs=True),
    Position("mcr-keep-pure-straight-bamboo", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 456s789s23s56m78p99p discards 9p
1: ? discards 9m1p1s4s
2: ? discards 1s9p4s
3: ? discards 2z4z
turn 0 drew 9p
""",
             frozenset({"discard 5m", "discard 6m", "discard 7p", "discard 8p"}),
             "MCR 8-fan minimum: 1s completes the pure straight (16); keep 23s, give up a partial "
             "that wins under 8",
             differs=True),
    Position("mcr-rebuild-dead-ready-3", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: [234p] [678s] 345m22s99m 5z discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 5z
""",
             frozenset({"discard 2s", "discard 3m", "discard 4m", "discard 5m", "discard 9m"}),
             "MCR 8-fan minimum: the 2s/9m wait is under 8 fan whatever comes; a ready hand that "
             "can never win is rebuilt",
             differs=True),
    Position("mcr-defend-bamboo-flush", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 123m456p778p34m68m5s discards 9p4z1z2z1m
1: [123s] [555s] [777s] 2p2p9s9s discards 9m1p3z4z2m1m8m
2: ?
3: ? discards 2z4z1z3z9p1m2m
turn 0 drew 8p
""",
             frozenset({"discard 1m", "discard 1p", "discard 2m", "discard 2p", "discard 3m",
                       "discard 3p", "discard 4m", "discard 4p", "discard 5m", "discard 5p",
                       "discard 6m", "discard 6p", "discard 7m", "discard 7p", "discard 8m",
                       "discard 8p", "discard 9m", "discard 9p"}),
             "MCR: a discard that deals in pays 8 plus the fan; do not feed three bamboo melds the "
             "lone 5s",
             differs=False),
    Position("mcr-defend-four-melds", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 234m678p233p45p79m 8s discards 9p4z1z2z3p8p5z2m
1: [123s] [555s] [789s] [666z] 3s discards 1p3z4z2m1m8m2p4p9m1z9p
2: ? discards 1s2z8p3p5z9m1m7z
3: ? discards 2z4z1z3z9p1m3m2s4z
turn 0 drew 8s
""",
             frozenset({"discard 1m", "discard 1p", "discard 2m", "discard 2p", "discard 3m",
                       "discard 3p", "discard 4m", "discard 4p", "discard 5m", "discard 5p",
                       "discard 6m", "discard 6p", "discard 7m", "discard 7p", "discard 8m",
                       "discard 8p", "discard 9m", "discard 9p"}),
             "MCR: four exposed melds in bamboo with the Green pung are a ready hand of 8 fan or "
             "more (the discarder pays 8 plus the fan): no bamboo for a hand one step from ready",
             differs=True),
    Position("mcr-keep-triple-chow-3", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 678m678p67s34p45m55z discards 9p
1: ? discards 9m1p8s
2: ? discards 1s9p8s
3: ? discards 2z4z
turn 0 drew 5z
""",
             frozenset({"discard 3p", "discard 4m", "discard 4p", "discard 5m"}),
             "MCR 8-fan minimum: 8s makes mixed triple chow 678 (8); keep 67s",
             differs=True),
    Position("mcr-keep-pure-straight-chars", "mcr", """\
chinese scoring=mcr
round E; hand 0; dealer 0
0: 123m456m78m23s56p99s discards 9p
1: ? discards 9m1p9m6m
2: ? discards 1s9p9m
3: ? discards 2z4z
turn 0 drew 9s
""",
             frozenset({"discard 2s", "discard 3s", "discard 5p", "discard 6p"}),
             "MCR 8-fan minimum: 9m completes the pure straight (16), the only 8-fan win; keep 78m",
             differs=True),
    # ----- American (001 Part one, the practice card) -----
    Position("am-exchange-wins", "american", """\
american
0: 22m6m5z 666p 66s 4444z 4m
1: ?
2: ?
3: [44m1j] 1357p2468s9m9p
turn 0 drew 4m
""",
             frozenset({"joker_exchange 4m"}),
             "001 Part one 'Joker exchange': 4m for North's joker completes 2026 #1; Mahjong "
             "follows",
             differs=True),
    Position("am-exchange-wins-evens", "american", """\
american
0: 222p4444p666p888p 3s
1: ?
2: [3s3s1j] 1357m2468s9m9p
3: ?
turn 0 drew 3s
""",
             frozenset({"joker_exchange 3s"}),
             "001 Part one 'Joker exchange': 3s for the joker completes 2468 #1 (8888 with the "
             "joker)",
             differs=True),
    Position("am-exchange-wins-like", "american", """\
american
0: 5555m5555p55s1f2f3f 9m
1: [9m9m9m1j] 1357s2468m9p
2: ?
3: ?
turn 0 drew 9m
""",
             frozenset({"joker_exchange 9m"}),
             "001 Part one 'Joker exchange': 9m for the joker completes Like Numbers #1 (555s with "
             "the joker)",
             differs=True),
    Position("am-call-dead", "american", """\
american dead_exposures=true
0: 22m6m5z 666p 66s 444z 1j 9p
1: [555z] [111s] 2p3p5p9s1z6z7m
2: ?
3: ?
turn 0 drew 9p
""",
             frozenset({"call_dead"}),
             "001 Part one 'Dead hands': South's exposures fit no line of the card; one player "
             "fewer to beat",
             differs=True),
    Position("am-call-dead-2", "american", """\
american dead_exposures=true
0: 222p4444p666p88p 3s 7s
1: ?
2: [2222m] [777z] 1p3p5s9s1z2z
3: ?
turn 0 drew 7s
""",
             frozenset({"call_dead"}),
             "001 Part one 'Dead hands': a kong of 2 with a Red pung fits no line of the card",
             differs=True),
    Position("am-call-dead-3", "american", """\
american dead_exposures=true
0: 5555m5555p5s1f2f3f 9m 1z
1: ?
2: ?
3: [1111s] [666z] 2p3p5s6s4z8m
turn 0 drew 1z
""",
             frozenset({"call_dead"}),
             "001 Part one 'Dead hands': a kong of 1 bamboo with a Green pung fits no line of the "
             "card",
             differs=True),
    Position("am-keep-near-line", "american", """\
american
0: 5555m5555p5s1f2f3f 9m 1z
1: ?
2: ?
3: ?
turn 0 drew 1z
""",
             frozenset({"discard 1z", "discard 9m"}),
             "001 Part one 'Jokers': the quint needs two jokers and a flower; Like Numbers #1 is "
             "two away with 5s: throw the tiles no line uses",
             differs=False),
    Position("am-defend-year", "american", """\
american
0: 111p333p555p1j777p 6m discards 6z5m2p4s7s2z1f4m9m2s3s1z6z4m9m2s3s1z1f5m2p4s7s
1: [666p] [666s] [4444z] 2m2m5z discards 9p1m7m4p5s8s3z6z5m2p4s7s2z1f5m2p4s7s2z1m7m4p5s8s
2: ? discards 9p3m8m8p1s9s7z1m7m4p5s8s3z1m7m4p5s8s3z3m8m8p1s9s
3: ? discards 9p4m9m2s3s1z6z3m8m8p1s9s7z3m8m8p1s9s7z4m9m2s3s1z
turn 0 drew 6m
""",
             frozenset({"discard 1p", "discard 3p", "discard 5p", "discard 7p"}),
             "001 Part one 'Exposed sets': 666p 666s NNNN show 2026 in characters (2m 0 2m 6m, "
             "singles); with the wall nearly gone, do not throw 6m",
             differs=True),
    Position("am-defend-like-numbers", "american", """\
american
0: 222p4444p666p888p 1s discards 6z7m4s8s3z2m7p5z5m2s7s2z2m7p5z7m4s8s3z3p6s4m
1: ? discards 1j1j3m8m5s9s7z6m9p6z7m4s8s3z6m9p3m8m5s9s7z5p4z5m
2: [1111m] [1111p] 1s1s1f1f1f discards 8p1j4m9m3s1z6z3p6s3m8m5s9s7z3p6s4m9m3s1z2m7p5z7m
3: ? discards 1j1j1j5m2s7s2z1f5p4z4m9m3s1z6z5p4z5m2s7s2z6m9p3m8m
turn 0 drew 1s
""",
             frozenset({"discard 2p", "discard 4p", "discard 6p", "discard 8p"}),
             "001 Part one 'Exposed sets': 1111m 1111p show Like Numbers #1 needing 111s; late in "
             "the wall, do not throw 1s",
             differs=True),
    Position("am-pass-call-concealed-year", "american", """\
american
0: 22m5z6m22p5z6p2s66s1f9m
1: ?
2: ?
3: ? discards 6s
discard 3 6s
""",
             frozenset({"pass"}),
             "001 Part one 'C': 2026 #7 (C, 55) is three away; calling 6s exposes the hand and "
             "leaves only 25-30 point lines",
             differs=False),
    Position("am-exchange-for-joker", "american", """\
american
0: 222p4444p66p88p 3s 9m 7s
1: ?
2: [3s3s1j] 1357m2468s9m9p
3: ?
turn 0 drew 7s
""",
             frozenset({"joker_exchange 3s"}),
             "001 Part one 'Joker exchange': a tile no line needs becomes a joker, one tile nearer "
             "2468 #1",
             differs=True),
    Position("am-exchange-for-joker-quints", "american", """\
american
0: 1111m1j1111p1f2f3f 7s 4z
1: [7s7s1j] 3579p2468s9m9p
2: ?
3: ?
turn 0 drew 4z
""",
             frozenset({"joker_exchange 7s"}),
             "001 Part one 'Joker exchange': 7s, useless, becomes the joker the quint needs",
             differs=True),
    Position("am-pass-call-concealed-pairs", "american", """\
american
0: 1z2z3z4z11m22m11p2p9s9s
1: ?
2: ? discards 9s
3: ?
discard 2 9s
""",
             frozenset({"pass"}),
             "001 Part one 'C': NEWS 11 22 11 22 FF (C, 50) is near; a 9s pung kills it for no "
             "line worth having",
             differs=False),
    Position("am-defend-evens", "american", """\
american
0: 111p333p555p1j777p 8m discards 6z7m8p1s9s7z6s1m9m2s3s1z6z4z5m4p5s8s3z6s3m2p4s
1: [222m] [4444m] [666m] 8m8m9s discards 1m9m2s3s1z6z4z3m2p4s7s2z1f5z7m8p1s9s7z4z5m4p5s
2: ? discards 9p3m2p4s7s2z1f5z5m4p5s8s3z6p1m9m2s3s1z1f5z7m8p1s
3: ? discards 9p9p5m4p5s8s3z6p6z7m8p1s9s7z6s3m2p4s7s2z6p1m9m2s3s
turn 0 drew 8m
""",
             frozenset({"discard 1p", "discard 3p", "discard 5p", "discard 7p"}),
             "001 Part one 'Exposed sets': 222m 4444m 666m show 2468 #1 needing 8888m; late in the "
             "wall, do not throw 8m",
             differs=True),
    Position("am-call-dead-4", "american", """\
american dead_exposures=true
0: 222p4444p666p88p 3s 7s
1: ?
2: ?
3: [7777m] [777z] 1p3p5s9s2z8s
turn 0 drew 7s
""",
             frozenset({"call_dead"}),
             "001 Part one 'Dead hands': a kong of 7 with a Red pung fits no line of the card",
             differs=True),
    Position("am-exchange-wins-winds", "american", """\
american
0: 44z111z333z222z 5z5z 9m
1: ?
2: [9m9m1j] 1357p2468s9p9p
3: ?
turn 0 drew 9m
""",
             frozenset({"joker_exchange 9m"}),
             "001 Part one 'Joker exchange': 9m for the joker completes Winds - Dragons #1 (SSSS "
             "with the joker)",
             differs=True),
    Position("am-defend-winds", "american", """\
american
0: 111p333p555p1j777p 5z discards 1m7m4p5s8s6m3m8m8p1s9s6p4m9m2s3s1f6s5m2p4s7s2m
1: [111z] [333z] [2222z] 4z4z5z discards 3m8m8p1s9s6p4m9m2s3s1f6s5m2p4s7s2m1m7m4p5s8s6m
2: ? discards 9p4m9m2s3s1f6s5m2p4s7s2m1m7m4p5s8s6m3m8m8p1s9s6p
3: ? discards 9p9p5m2p4s7s2m1m7m4p5s8s6m3m8m8p1s9s6p4m9m2s3s1f6s
turn 0 drew 5z
""",
             frozenset({"discard 1p", "discard 3p", "discard 5p", "discard 7p"}),
             "001 Part one 'Exposed sets': EEE WWW SSSS show Winds - Dragons #1, completed by the "
             "North pair and a dragon pair (naturals only); late, do not throw the White dragon",
             differs=True),
    Position("am-pass-call-concealed-runs", "american", """\
american
0: 1z1z3z1234m5678p9s9s
1: ? discards 9s
2: ?
3: ?
discard 1 9s
""",
             frozenset({"pass"}),
             "001 Part one 'C': EE WW 1234 5678 99 (C, 75) is one away; the 9s pung would expose "
             "it",
             differs=False),
    Position("am-exchange-wins-dragons", "american", """\
american
0: 5z5z5z5z6z6z6z6z7z7z1f2f3f 9m
1: ?
2: ?
3: [9m9m9m1j] 1357p2468s9p
turn 0 drew 9m
""",
             frozenset({"joker_exchange 9m"}),
             "001 Part one 'Joker exchange': 9m for the joker completes Winds - Dragons #2 (the "
             "Red pung with the joker)",
             differs=True),
    Position("am-pass-call-concealed-dragons", "american", """\
american
0: 5z5z6z6z7z2468m2468p
1: ? discards 5z
2: ?
3: ?
discard 1 5z
""",
             frozenset({"pass"}),
             "001 Part one 'C': DD DD DD 2468 2468 (C, 50) is one away; a White pung exposes it",
             differs=False),
    # ----- Chinese, simple scale (001 Part two: 1 point a win): value never disagrees -----
    Position("cs-one-suit-pays-nothing", "chinese", """\
chinese
round E; hand 0; dealer 0
0: 234p67p99p55z1z6z4m1p 7z discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 7z
""",
             frozenset({"discard 1z", "discard 6z", "discard 7z"}),
             "001 Part two 'Scoring', simple: every win pays 1 point, one suit no more; the lone "
             "honours go (the fastest hand), unlike Hong Kong",
             differs=False),
    Position("cs-all-pungs-pays-nothing", "chinese", """\
chinese
round E; hand 0; dealer 0
0: 111m555p999s33p22z 4p discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 4p
""",
             frozenset({"discard 3p"}),
             "001 Part two 'Scoring', simple: all pungs pays no more than any win; wait on 2p/5p, "
             "the wider wait",
             differs=False),
    Position("cs-chow-for-speed", "chinese", """\
chinese
round E; hand 0; dealer 0
0: 111m555p88s22z33z6s discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z7s
discard 3 7s
""",
             frozenset({"chow 6s"}),
             "001 Part two 'Scoring', simple: the chow makes the hand ready and all pungs would "
             "pay the same 1 point",
             differs=False),
    Position("cs-keep-the-ready-hand", "chinese", """\
chinese
round E; hand 0; dealer 0
0: [123m] 567m234p789s5s 6p discards 9p
1: ? discards 9m1p
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 6p
""",
             frozenset({"discard 5s", "discard 6p"}),
             "001 Part two 'Scoring', simple: there is no 8-fan minimum; the ready hand wins as it "
             "stands",
             differs=False),
    Position("cs-complete-hand-wins", "chinese", """\
chinese
round E; hand 0; dealer 0
0: [456m] [789p] 234s555z88p discards 9p
1: ? discards 9m1p1s
2: ? discards 1s9p
3: ? discards 2z4z
turn 0 drew 4s
""",
             frozenset({"mahjong"}),
             "001 Part two 'Winning a hand', simple: four sets and a pair win whatever their fan: "
             "Mahjong",
             differs=False),
]


def _params() -> list[object]:
    out: list[object] = []
    for p in POSITIONS:
        marks = ([pytest.mark.xfail(strict=True, reason=f"judgement defect: {DEFECTS[p.name]}")]
                 if p.name in DEFECTS else [])
        out.append(pytest.param(p, id=f"{p.family}-{p.name}", marks=marks))
    return out


def test_at_least_twenty_positions_a_rule_set_most_where_value_and_speed_disagree() -> None:
    """Issue 43: at least 20 positions for each of Hong Kong, MCR and American, and in most of
    them the pure tile-efficiency choice is not the experienced answer; on Chinese's simple
    scale, where every win pays the same, the answer is the fastest hand."""
    for family in ("hongkong", "mcr", "american"):
        mine = [p for p in POSITIONS if p.family == family]
        assert len(mine) >= 20, family
        assert sum(p.differs for p in mine) * 2 > len(mine), family
    simple = [p for p in POSITIONS if p.family == "chinese"]
    assert len(simple) >= 5 and not any(p.differs for p in simple)
    assert len({p.name for p in POSITIONS}) == len(POSITIONS)
    assert set(DEFECTS) <= {p.name for p in POSITIONS}


@pytest.mark.parametrize("position", _params())
def test_the_advice_is_the_experienced_answer(position: Position) -> None:
    """The position (player 0 decides) is set up by the engine; the advice is one of the
    experienced answers, first in the advisor's list and the judgement's best, with the
    judgement's numbers in order, and valued strictly above every action outside the
    answer; the pure tile-efficiency choice is outside the answer exactly where the position
    says value and speed disagree."""
    game = Game.from_position(position.text, 1)
    view = game.view(0)
    rules = game.rules
    legal = {_word(a) for a in view.legal_actions}
    assert position.answer & legal, (position.answer, sorted(legal))
    speed = _speed(view, rules)
    assert bool(speed & position.answer) is not position.differs, (speed, position.why)
    advice = advise(view, rules)
    assert advice.action is not None and advice.action in view.legal_actions
    numbers = [(o.text, o.points) for o in advice.options]
    assert _word(advice.action) in position.answer, (position.why, advice.why, numbers)
    # the advice and its list come from the same numbers (the judgement's, best first)
    best = judge(view, rules).best
    assert best is not None and best.action == advice.action
    assert advice.options and advice.options[0].action == advice.action
    points = [o.points for o in advice.options]
    assert all(p is not None for p in points)
    assert points == sorted(points, reverse=True)  # type: ignore[type-var]
    inside = [o.points for o in advice.options if _word(o.action) in position.answer]
    outside = [o.points for o in advice.options if _word(o.action) not in position.answer]
    if outside:
        assert max(inside) > max(outside), numbers  # type: ignore[type-var, operator]
    if position.family == "hongkong":
        # 004 s07 pays nothing for a concealed hand: no reason may say to keep one
        texts = [advice.why, *(o.why for o in advice.options)]
        assert not any("keep it concealed" in t or "concealed hand" in t for t in texts), texts
