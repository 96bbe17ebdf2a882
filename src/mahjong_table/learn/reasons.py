"""Why a hand does not win and why a claim is or is not allowed, in the learner's words
(issue 48: every "no" of an exercise says why).

The reasons are read from the same parts of the project that decide the question in a game:
the rule set's forms (four sets and a pair, the special forms it allows) through a search of
the hand's best reading, the rule set's ``is_winning`` and ``win_refusal`` (MCR's 8-fan
minimum), the American card matcher (the nearest line and the tiles it needs) and the claim
rules the engine applies (a chow only on the discard of the player before you, a pung with
two in hand, a kong with three, jokers in American groups of three or more).

- :func:`best_reading`: the most sets and a pair some reading of the tiles makes;
- :func:`why_not_a_win`: why 14 tiles (and exposed sets) are no winning hand;
- :func:`why_claim`: why a claim on a discard is allowed, or the rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _, ngettext
from ..names import wind_name
from ..rules.base import RuleSet
from ..tiles import TILES, Tile

__all__ = ["Reading", "best_reading", "reading_text", "why_claim", "why_not_a_win"]

#: (sets as ("chow" | "pung", first kind), the pair's kind or None, the kinds left over)
Reading = tuple[tuple[tuple[str, int], ...], int | None, tuple[int, ...]]

_JOKER = 46
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _most_sets(counts: list[int], start: int, acc: list[tuple[str, int]],
               best: list[tuple[tuple[str, int], ...]]) -> None:
    """The largest list of sets (pungs and chows) ``counts`` holds from kind ``start`` on,
    tiles left over allowed: ``best[0]`` is replaced by a longer one found."""
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        if len(acc) > len(best[0]):
            best[0] = tuple(acc)
        return
    # an upper bound: every tile left in sets
    if len(acc) + sum(counts[i:34]) // 3 <= len(best[0]):
        return
    if counts[i] >= 3:
        counts[i] -= 3
        acc.append(("pung", i))
        _most_sets(counts, i, acc, best)
        acc.pop()
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        acc.append(("chow", i))
        _most_sets(counts, i, acc, best)
        acc.pop()
        for k in (i, i + 1, i + 2):
            counts[k] += 1
    # tile i left over
    counts[i] -= 1
    _most_sets(counts, i, acc, best)
    counts[i] += 1


def best_reading(counts: Sequence[int]) -> Reading:
    """The reading of ``counts`` (34 kinds) with the most sets, and then a pair: ``(sets,
    pair, left)``, ``pair`` None when the best reading has none and ``left`` the kinds of
    the tiles no set or pair takes (repeated as often as left). Deterministic: the first such
    reading in kind order."""
    work = [int(c) for c in counts[:34]]
    best_key: tuple[int, int] = (-1, -1)
    out: Reading = ((), None, ())
    for pair in [None, *(k for k in range(34) if work[k] >= 2)]:
        if pair is not None:
            work[pair] -= 2
        found: list[tuple[tuple[str, int], ...]] = [()]
        _most_sets(work, 0, [], found)
        key = (len(found[0]), 0 if pair is None else 1)
        if key > best_key:
            left = list(work)
            for kind, first in found[0]:
                for k in ((first,) * 3 if kind == "pung" else (first, first + 1, first + 2)):
                    left[k] -= 1
            best_key = key
            out = (found[0], pair, tuple(k for k in range(34) for _n in range(left[k])))
        if pair is not None:
            work[pair] += 2
    return out


def _set_text(kind: str, first: int) -> str:
    t = TILES[first]
    if kind == "pung":
        return f"{t.rank}{t.rank}{t.rank}{t.suit}"
    return f"{t.rank}{t.rank + 1}{t.rank + 2}{t.suit}"


def reading_text(reading: Reading) -> str:
    """The sets and the pair of a reading in notation, ``"123m 456p 777z 11s"``."""
    sets, pair, _left = reading
    parts = [_set_text(k, f) for k, f in sets]
    if pair is not None:
        t = TILES[pair]
        parts.append(f"{t.rank}{t.rank}{t.suit}")
    return " ".join(parts)


def _tiles(kinds: Sequence[int]) -> str:
    return " ".join(str(TILES[k]) for k in kinds)


def _sets_shortfall(counts: Sequence[int], exposed: int) -> str:
    """Why concealed ``counts`` and ``exposed`` declared sets are not four sets and a pair:
    the best reading, what it lacks and the tiles it leaves over."""
    reading = best_reading(counts)
    sets, pair, left = reading
    missing = max(0, 4 - exposed - len(sets))
    if not sets and pair is None:
        return _("The tiles make no set and no pair: a win needs four sets and a pair.")
    groups = reading_text(reading)
    rest = _tiles(left) or _("none")
    if pair is None and missing == 0:
        return _("At best the tiles make {groups}: four sets but no pair ({left} pair with "
                 "nothing).").format(groups=groups, left=rest)
    if pair is None:
        return ngettext("At best the tiles make {groups}: one set and the pair short of four "
                        "sets and a pair ({left} fit no set).",
                        "At best the tiles make {groups}: {n} sets and the pair short of four "
                        "sets and a pair ({left} fit no set).", missing).format(
                            groups=groups, n=missing, left=rest)
    return ngettext("At best the tiles make {groups}: one set short of four sets and a pair "
                    "({left} fit no set).",
                    "At best the tiles make {groups}: {n} sets short of four sets and a pair "
                    "({left} fit no set).", missing).format(groups=groups, n=missing, left=rest)


def _special_shortfall(rules: RuleSet, counts: Sequence[int], exposed: int) -> list[str]:
    """What the special forms ``rules`` allows lack, when the hand comes near one."""
    out: list[str] = []
    if exposed:
        return out
    special = rules.special_forms()
    if "seven_pairs" in special:
        pairs = sum(1 for c in counts[:34] if c >= 2)
        if pairs >= 5:
            out.append(_("For seven pairs it has {n} different pairs of the seven.").format(
                n=pairs))
    if "thirteen_orphans" in special:
        held = sum(1 for k in _ORPHANS if counts[k])
        if held >= 10:
            out.append(_("For thirteen orphans it has {n} of the 13 terminals and honours."
                         ).format(n=held))
    return out


def why_not_a_win(rules: RuleSet, tiles: Sequence[int], exposed: int = 0) -> str:
    """Why the 14 tiles ``tiles`` (concealed; ``exposed`` declared sets beside them, whose
    tiles are not in ``tiles``) are no winning hand under ``rules``, from the rule set's own
    forms: for four sets and a pair the best reading and what it lacks (sets, the pair), with
    the special forms the rule set allows when the hand is near one; for the American card the
    nearest line, how many tiles away and the tiles it needs. Empty when the form is complete
    (a hand that is refused for another reason, such as MCR's minimum, gets the engine's
    reason alone)."""
    card = getattr(rules, "card", None)
    if card is not None:
        from ..rules.american.matcher import hand_counts, tiles_away

        dist = tiles_away(card, hand_counts(list(tiles)), nearest=1)
        d = dist[0] if dist else None
        if d is None or d.away is None:
            return _("No line of the card can be made from these tiles.")
        needs = " ".join(str(t) for t in d.needs) or _("none")
        return ngettext("The nearest line of the card is {line} ({pattern}), {n} tile away: "
                        "it needs {tiles}.",
                        "The nearest line of the card is {line} ({pattern}), {n} tiles away: "
                        "it needs {tiles}.", d.away).format(
                            line=d.line.key, pattern=d.line.pattern, n=d.away, tiles=needs)
    counts = [0] * 34
    for t in tiles:
        if int(t) < 34:
            counts[int(t)] += 1
    if rules.forms.shanten(counts, exposed) == -1:
        return ""
    words = [_sets_shortfall(counts, exposed)]
    words += _special_shortfall(rules, counts, exposed)
    return " ".join(words)


def _count(hand: Sequence[int], kind: int) -> int:
    return sum(1 for t in hand if int(t) == kind)


def why_claim(rules: RuleSet, claim: str, hand: Sequence[Tile], tile: Tile, player: int,
              discarder: int, allowed: bool) -> str:
    """Why ``player`` may (``allowed``) or may not make ``claim`` (a claim as the claims
    exercise words it: ``"pung"``, ``"chow 345m"``, ``"mahjong"``) on ``discarder``'s
    discard ``tile``, holding the concealed tiles ``hand`` (13), under ``rules``: the rule
    the engine applies, worded to the learner as whole sentences ("You may not claim kong:
    it needs 3 6z in hand and you hold 2.")."""
    why, more = _claim_reason(rules, claim, hand, tile, player, discarder, allowed)
    text = (_("You may claim {claim}: {why}.") if allowed
            else _("You may not claim {claim}: {why}.")).format(claim=claim, why=why)
    return f"{text} {more}" if more else text


def _claim_reason(rules: RuleSet, claim: str, hand: Sequence[Tile], tile: Tile, player: int,
                  discarder: int, allowed: bool) -> tuple[str, str]:
    """:func:`why_claim`'s reason: a clause, and sentences to follow it (or "")."""
    card = getattr(rules, "card", None) is not None
    kind = claim.split()[0]
    held = _count(hand, int(tile))
    jokers = _count(hand, _JOKER) if card else 0
    before = (player - 1) % 4
    if kind == "chow":
        run = claim.split()[1] if len(claim.split()) > 1 else ""
        if allowed:
            return _("{seat} discarded just before you and you hold the other two tiles"
                     ).format(seat=wind_name(discarder)), ""
        if card:
            return _("American play has no chows (001 Part one 'Calling discards')"), ""
        if not tile.is_suited:
            return _("winds and dragons never make a chow"), ""
        if discarder != before:
            return _("a chow only on the discard of the player just before you ({before}), "
                     "and {seat} discarded this one").format(
                         before=wind_name(before), seat=wind_name(discarder)), ""
        from ..tiles import parse_tiles

        try:
            tiles = parse_tiles(run)
        except ValueError:
            tiles = []
        if tiles and int(tile) not in [int(t) for t in tiles]:
            return _("the chow must use the discard, {tile}").format(tile=tile), ""
        lacking = [t for t in tiles if int(t) != int(tile) and not _count(hand, int(t))]
        if lacking:
            return _("you hold no {tiles}").format(
                tiles=" ".join(str(t) for t in lacking)), ""
        return _("you hold no two tiles that make a run with {tile}").format(tile=tile), ""
    if kind in ("pung", "kong", "quint", "sextet"):
        size = {"pung": 3, "kong": 4, "quint": 5, "sextet": 6}[kind]
        need = size - 1
        if card:
            return ngettext("it needs {need} {tile} or jokers in hand, and you hold {n} {tile} "
                            "and {jokers} joker",
                            "it needs {need} {tile} or jokers in hand, and you hold {n} {tile} "
                            "and {jokers} jokers", jokers).format(
                                need=need, tile=tile, n=held, jokers=jokers), ""
        if kind in ("quint", "sextet"):
            return _("only American play has quints and sextets"), ""
        return _("it needs {need} {tile} in hand and you hold {n}").format(
            need=need, tile=tile, n=held), ""
    if kind == "mahjong":
        with_tile = [*hand, tile]
        if allowed:
            if card:
                from ..rules.american.matcher import hand_counts, winning_lines

                lines = winning_lines(rules.card,  # type: ignore[attr-defined]
                                      hand_counts(with_tile))
                if lines:
                    return _("{tile} completes line {line}").format(tile=tile,
                                                                    line=lines[0].key), ""
                return _("{tile} completes your hand").format(tile=tile), ""
            counts = [0] * 34
            for t in with_tile:
                counts[int(t)] += 1
            reading = best_reading(counts)
            if len(reading[0]) == 4 and reading[1] is not None:
                return _("{tile} completes your hand as {groups}").format(
                    tile=tile, groups=reading_text(reading)), ""
            return _("{tile} completes your hand").format(tile=tile), ""
        return (_("{tile} does not complete your hand").format(tile=tile),
                why_not_a_win(rules, [int(t) for t in with_tile]))
    return claim, ""
