"""Exercises generated from a seed and checked by the engine, never by an answer key.

``generate(kind, rules, seed)`` builds one :class:`~.model.Exercise`; the same arguments
always build the same exercise, so practice never runs out and any exercise can be made again
(``kind``, ``rules`` and ``seed`` are all it takes). Each kind asks the part of the project
that decides the question in a real game:

======================  =====================================================================
kind                    checked by
======================  =====================================================================
``name-tile``           the tile set and :attr:`Tile.name` (American flowers are alike)
``claims``              the engine's legal actions for West at a claim window set up with
                        :meth:`Game.from_position`
``claim-priority``      the engine: both claims are made and the engine gives the tile
``completing-tiles``    the rule set's ``waits`` (forms, or the American card matcher)
``is-win``              the engine: is Mahjong a legal action, and if not, the rule the
                        engine names when it is tried
``score``               the rule set's scorer (its items, total, base and payments)
``nearest-line``        the American card matcher (tiles away from every line)
``pass-three``          the advisor (:func:`mahjong_table.advisor.advise`) and its hand judge
======================  =====================================================================

Answers are typed in the project's tile notation (``3m 6m 9m``, ``369m``) or as Unicode tile
glyphs; ``AnswerError`` names what cannot be read (a wrong answer is a :class:`Verdict`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from ..advisor import advise
from ..engine import Action, ActionKind, Game, IllegalActionError
from ..i18n import N_, _, ngettext, pgettext
from ..melds import parse_hand
from ..names import tile_name, wind_name
from ..rules import get_rule_set
from ..rules.base import RuleSet
from ..scoring import ScoreResult, WinContext
from ..tiles import TILES, NotationError, Tile, parse_tiles
from .books import check_rules
from .model import AnswerError, Exercise, Verdict, shown_name
from .reasons import best_reading, reading_text, why_claim, why_not_a_win

if TYPE_CHECKING:
    from ..rules.american.advice import HandJudge

__all__ = ["EXERCISE_KINDS", "generate", "kinds_for", "parse_answer_tiles", "rules_for"]

#: every exercise kind and its title
EXERCISE_KINDS: dict[str, str] = {
    "name-tile": N_("Name this tile"),
    "claims": N_("Which claims may West make on this discard?"),
    "claim-priority": N_("Two players claim the same tile: who gets it?"),
    "completing-tiles": N_("Which tiles complete this hand? (all of them)"),
    "is-win": N_("Is this a win? If not, why not?"),
    "score": N_("What does this hand score?"),
    "nearest-line": N_("Which card line is this hand nearest, and how many tiles away?"),
    "pass-three": N_("Choose three tiles to pass in the Charleston"),
}

_AMERICAN_ONLY = ("nearest-line", "pass-three")
WIND_NAMES = ("East", "South", "West", "North")
_FLOWER = 34
_JOKER = 46


def kinds_for(rules: str) -> tuple[str, ...]:
    """The exercise kinds of ``rules``: every kind for American, all but the card-line and
    Charleston kinds for Hong Kong and Chinese. Raises ``ValueError`` for an unknown rule
    set."""
    check_rules(rules)
    if rules == "american":
        return tuple(EXERCISE_KINDS)
    return tuple(k for k in EXERCISE_KINDS if k not in _AMERICAN_ONLY)


@lru_cache(maxsize=8)
def rules_for(rules: str, kind: str = "") -> RuleSet:
    """The rule set an exercise of ``kind`` is played under: the rule set's defaults, except
    Chinese scoring, practised on the Mahjong Competition Rules scale the booklet points to
    (001 Part two 'Scoring'; the default one-point scale would make every answer 1)."""
    if rules == "chinese" and kind == "score":
        return get_rule_set("chinese", scoring="mcr")
    return get_rule_set(rules)


def generate(kind: str, rules: str, seed: int) -> Exercise:
    """A new exercise of ``kind`` under ``rules`` made from ``seed`` (the same arguments make
    the same exercise). Raises ``ValueError`` naming the problem for an unknown kind, a
    rule set without lessons or a kind the rule set does not have (``kinds_for``)."""
    if kind not in EXERCISE_KINDS:
        raise ValueError(f"unknown exercise kind {kind!r}; known: {', '.join(EXERCISE_KINDS)}")
    if kind not in kinds_for(rules):
        raise ValueError(f"{kind!r} exercises are for American play only")
    rng = random.Random(f"learn/{kind}/{rules}/{seed}")
    return _MAKERS[kind](rules, seed, rng)


# ----- reading answers --------------------------------------------------------------------

#: every glyph read back as a tile (the first tile of a shared glyph)
_GLYPHS: dict[str, Tile] = {}
for _t in TILES:
    _GLYPHS.setdefault(_t.glyph, _t)


def _tile_text(text: str) -> str:
    """Glyphs to mpsz, suit letters to lower case (``5P`` is ``5p``)."""
    out = []
    for ch in text:
        t = _GLYPHS.get(ch)
        if t is not None:
            out.append(f" {t} ")
        elif ch in "MPSZFGJ":
            out.append(ch.lower())
        elif ch in ",;":
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def parse_answer_tiles(answer: str, *, allow_none: bool = False) -> list[Tile]:
    """Tiles typed as an answer: mpsz (``3m 6m 9m``, ``369m``), glyphs, or both, separated by
    spaces or commas; ``none`` (with ``allow_none``) is no tile. Raises :class:`AnswerError`
    naming the bad token, or for an empty answer."""
    text = answer.strip()
    if allow_none and text.lower() in NONE_WORDS:
        return []
    if not text:
        raise AnswerError(_("type some tiles, e.g. 3m 6m 9m, or none") if allow_none
                          else _("type some tiles, e.g. 3m 6m 9m"))
    try:
        tiles = parse_tiles(_tile_text(text))
    except NotationError as exc:
        raise AnswerError(_("cannot read {answer} as tiles: {error}").format(
            answer=repr(answer.strip()), error=exc)) from None
    if not tiles:  # only separators (",", ";")
        raise AnswerError((_("no tiles in {text}: type some tiles, e.g. 3m 6m 9m, or none")
                           if allow_none else
                           _("no tiles in {text}: type some tiles, e.g. 3m 6m 9m")
                           ).format(text=repr(text)))
    return tiles


#: answers meaning "no tile" or "no claim" (English and Italian: a learner may type either)
NONE_WORDS = ("none", "no", "nothing", "-", "0", "nessuno", "nessuna", "niente", "nulla")


def _yes_no(answer: str) -> bool:
    text = answer.strip().lower()
    if text in ("y", "yes", "win", "true", "si", "sì", "vinto"):
        return True
    if text in ("n", "no", "false"):
        return False
    raise AnswerError(_("answer yes or no, not {answer}").format(answer=repr(answer.strip())))


def _number(answer: str, what: str) -> int:
    text = answer.strip()
    if not re.fullmatch(r"-?\d+", text):
        raise AnswerError(_("answer with {what} (a whole number), not {text}").format(
            what=what, text=repr(text)))
    return int(text)


def for_learner(message: str, player: int) -> str:
    """An engine message about ``player`` (the learner) worded to them: ``player 2's hand``
    -> ``your hand``, ``player 0 does not hold`` -> ``you do not hold``, ``player 1 has`` ->
    ``you have``, ``player 3 is`` -> ``you are``; other players' numbers are left alone."""
    me = f"player {player}"
    for old, new in ((f"{me}'s ", "your "), (f"{me} does ", "you do "),
                     (f"{me} has ", "you have "), (f"{me} is ", "you are "),
                     (f"{me} ", "you ")):
        message = message.replace(old, new)
    # the engine's Italian (i18n/it/engine.po) worded to the learner the same way
    it = f"giocatore {player}"
    for old, new in ((f"la mano del {it}", "la tua mano"), (f"mano del {it}", "tua mano"),
                     (f"il {it} non ha ", "non hai "), (f"il {it} non può ", "non puoi "),
                     (f"il {it} ha ", "hai "), (f"del {it}", "tuo")):
        message = message.replace(old, new)
    return message


def _tiles_text(tiles: Sequence[int]) -> str:
    return " ".join(str(TILES[t]) for t in tiles) if tiles else _("none")


# ----- hands ------------------------------------------------------------------------------

def _copies(rules: RuleSet) -> list[int]:
    """Copies of each of the 47 tile indices in the rule set's tile set."""
    out = [0] * 47
    for t in rules.tile_set.all_tiles():
        out[t] += 1
    return out


def _is_card(rules: RuleSet) -> bool:
    return getattr(rules, "card", None) is not None


def _sets_winning(rng: random.Random, rules: RuleSet,
                  groups_out: list[list[int]] | None = None) -> list[Tile]:
    """Fourteen concealed tiles that win under a four-sets-and-a-pair rule set: four sets
    and a pair drawn within the tile set's copies (now and then seven pairs or thirteen
    orphans, where the rule set allows them). The four sets and the pair are appended to
    ``groups_out`` when given (nothing for a special form)."""
    special = rules.special_forms()
    roll = rng.random()
    if "seven_pairs" in special and roll < 0.08:
        kinds = rng.sample(range(34), 7)
        return sorted(TILES[k] for k in kinds for _n in range(2))
    if "thirteen_orphans" in special and roll < 0.11:
        orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        return sorted([TILES[k] for k in orphans] + [TILES[rng.choice(orphans)]])
    counts = [0] * 34
    # a suit-heavy hand now and then, for the one-suit scores
    suit = rng.randrange(3) if rng.random() < 0.25 else None
    while True:
        counts = [0] * 34
        groups: list[list[int]] = []
        ok = True
        for i in range(5):
            pair = i == 4
            for _n in range(50):
                s = suit if suit is not None and rng.random() < 0.85 else rng.randrange(4)
                if s == 3:
                    k = 27 + rng.randrange(7)
                    need = [k] * (2 if pair else 3)
                elif pair or rng.random() < 0.35:
                    k = 9 * s + rng.randrange(9)
                    need = [k] * (2 if pair else 3)
                else:
                    k = 9 * s + rng.randrange(7)
                    need = [k, k + 1, k + 2]
                if all(counts[x] + need.count(x) <= 4 for x in need):
                    for x in need:
                        counts[x] += 1
                    groups.append(need)
                    break
            else:
                ok = False
        if ok:
            if groups_out is not None:
                groups_out.extend(groups)
            return [TILES[k] for k in range(34) for _n in range(counts[k])]


def _card_winning(rng: random.Random, rules: RuleSet) -> list[Tile]:
    """Fourteen tiles completing a random variation of a random line of the card, jokers now
    and then standing in groups of three or more."""
    card = rules.card  # type: ignore[attr-defined]
    while True:
        line = rng.choice(card.lines)
        v = rng.choice(line.variations)
        tiles: list[Tile] = []
        flowers = iter(rng.sample(range(34, 42), 8))
        jokers = 0
        for g in v.groups:
            for i in range(g.size):
                if g.size >= 3 and jokers < 8 and (i >= 4 or rng.random() < 0.12):
                    tiles.append(TILES[_JOKER])
                    jokers += 1
                elif g.kind == _FLOWER:
                    tiles.append(TILES[next(flowers)])
                else:
                    tiles.append(TILES[g.kind])
        counts = [0] * 47
        for t in tiles:
            counts[t] += 1
        if all(counts[k] <= 4 for k in range(34)):
            return sorted(tiles)


def winning_hand(rng: random.Random, rules: RuleSet) -> list[Tile]:
    """Fourteen concealed tiles that win under ``rules`` (public for tests and faces)."""
    return _card_winning(rng, rules) if _is_card(rules) else _sets_winning(rng, rules)


def _fill(rng: random.Random, rules: RuleSet, held: list[Tile], n: int,
          avoid: Sequence[int] = ()) -> list[Tile]:
    """``held`` topped up to ``n`` tiles at random from what the tile set has left (no bonus
    tiles for the four-sets rule sets, since bonus tiles are never held)."""
    left = _copies(rules)
    for x in [*held, *avoid]:
        left[x] -= 1
    kinds = range(47) if _is_card(rules) else range(34)
    pool = [TILES[k] for k in kinds for _n in range(max(0, left[k]))]
    rng.shuffle(pool)
    return sorted(held + pool[:n - len(held)])


def _hand_counts(tiles: Sequence[int], size: int) -> list[int]:
    counts = [0] * size
    for t in tiles:
        counts[t] += 1
    return counts


def _notation(tiles: Sequence[int]) -> str:
    """Tiles as one run of the project's notation, suits grouped (``123m 55p 7z``)."""
    by: dict[str, list[str]] = {}
    for t in sorted(tiles):
        s = str(TILES[t])
        by.setdefault(s[-1], []).append(s[:-1])
    return " ".join("".join(ds) + letter for letter, ds in
                    sorted(by.items(), key=lambda kv: "mpszfgj".index(kv[0])))


def _position(rules: RuleSet, seats: dict[int, str], act: str) -> str:
    """Position text (engine/position.py) for ``rules`` with the given seat lines."""
    head = rules.name
    lines = [head] + [f"{p}: {text}" for p, text in sorted(seats.items())] + [act]
    return "\n".join(lines)


# ----- name-tile ----------------------------------------------------------------------------

_NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))}
_SUIT_WORDS = {
    "m": ("character", "characters", "crak", "craks", "crack", "cracks", "wan"),
    "p": ("circle", "circles", "dot", "dots", "coin", "coins", "wheel", "wheels"),
    "s": ("bamboo", "bamboos", "bam", "bams", "stick", "sticks"),
}
_HONOUR_WORDS = {
    27: ("east", "east wind"), 28: ("south", "south wind"), 29: ("west", "west wind"),
    30: ("north", "north wind"), 31: ("white", "white dragon", "soap", "white dragon soap"),
    32: ("green", "green dragon"), 33: ("red", "red dragon"),
}
_FLOWER_NAMES = ("plum", "orchid", "chrysanthemum", "bamboo")
_SEASON_NAMES = ("spring", "summer", "autumn", "winter")


def _norm(text: str) -> str:
    text = re.sub(r"[()\-_,.]", " ", text.lower())
    words = [_NUMBER_WORDS.get(w, w) for w in text.split() if w not in ("the", "a", "an",
                                                                         "tile", "of")]
    return " ".join(words)


def names_of(t: Tile) -> set[str]:
    """The names a learner may give ``t`` (normalised): ``"5 circles"``, ``"5 dots"``,
    ``"red dragon"``, ``"red"``, ``"flower 2"``, ``"orchid"``, ``"joker"`` ..."""
    out = {_norm(t.name), _norm(tile_name(t))}
    s, r = t.suit, t.rank
    if s in _SUIT_WORDS:
        for w in _SUIT_WORDS[s]:
            out.add(f"{r} {w}")
    elif s == "z":
        out.update(_HONOUR_WORDS[int(t)])
    elif s == "f":
        out.add(f"flower {r}")
        if r <= 4:
            out.update({_FLOWER_NAMES[r - 1], f"flower {r} {_FLOWER_NAMES[r - 1]}"})
    elif s == "g":
        out.update({f"season {r}", _SEASON_NAMES[r - 1]})
    else:
        out.add("joker")
    return out


def read_tile_answer(answer: str, *, names: bool = True) -> Tile:
    """One tile typed as notation (``5p``), a glyph, or a name (``5 Circles``, ``five dots``,
    ``Red dragon``, ``Soap``, ``Flower 2``, ``Joker``). ``names=False`` takes the notation
    or a glyph only (a name is then an error saying so). Raises :class:`AnswerError`."""
    text = answer.strip()
    if not text:
        raise AnswerError(_("type the tile, e.g. 5p or 5 Circles") if names
                          else _("type the tile, e.g. 5p"))
    try:
        tiles = parse_tiles(_tile_text(text))
    except NotationError:
        tiles = []
    if len(tiles) == 1:
        return tiles[0]
    if len(tiles) > 1:
        raise AnswerError(_("name one tile, not {n} ({text})").format(n=len(tiles),
                                                                       text=repr(text)))
    if not names:
        raise AnswerError(_("{text} is not a tile in the project's notation: write it as "
                            "the notation (5p, 7z, 1f) or its glyph").format(text=repr(text)))
    inner = re.fullmatch(r".*\(\s*(\w+)\s*\)\s*", text)
    if inner:  # "7 Circles (7p)": the notation in brackets, as the answers are written
        try:
            tiles = parse_tiles(inner.group(1).lower())
        except NotationError:
            tiles = []
        if len(tiles) == 1:
            return tiles[0]
    key = _norm(text)
    found = [t for t in TILES if key in names_of(t)]
    if key in ("flower", "any flower"):
        found = [TILES[34]]
    if not found:
        raise AnswerError(_("{text} is neither a tile in the project's notation (5p, 7z, 1f) "
                            "nor a tile's name (5 Circles, Red dragon, East wind, Flower 1)"
                            ).format(text=repr(text)))
    return found[0]


@dataclass
class NameTile(Exercise):
    """Name the tile drawn. ``tile`` is the tile shown. The question is the picture, so the
    exercise is :attr:`~.model.Exercise.picture_only`; ``reverse`` (made by
    :meth:`without_pictures`, for a face without tile pictures) asks the other way: the
    tile's name is given and its notation (or glyph) is the answer."""

    picture_only: ClassVar[bool] = True
    tile: Tile = TILES[0]
    reverse: bool = False

    def _same(self, t: Tile) -> bool:
        rules = rules_for(self.rules)
        return int(t) in rules.alike(int(self.tile)) or t == self.tile

    def expected_answer(self) -> str:
        if self.reverse:
            return str(self.tile)
        return f"{tile_name(self.tile)} ({self.tile})"

    def without_pictures(self) -> Exercise:
        """The reverse question, which needs no picture: "Write Red dragon in the
        notation" (the answer ``7z`` or its glyph; a name typed is an :class:`AnswerError`)."""
        if self.reverse:
            return self
        return replace(self, reverse=True, tiles=(), captions=(),
                       prompt=_("Write this tile in the project's notation: {name}.").format(
                           name=tile_name(self.tile)),
                       answer_form=_("the tile's notation, e.g. 5p or 7z"))

    def check(self, answer: str) -> Verdict:
        t = read_tile_answer(answer, names=not self.reverse)
        ok = self._same(t)
        extra = ""
        if self.rules == "american" and self.tile.is_flower:
            extra = " " + _("In American play every Flower is the same tile.")
        if ok:
            return Verdict(True, self.expected_answer(),
                           _("Yes: {name}, written {tile}.").format(
                               name=tile_name(self.tile), tile=self.tile) + extra)
        return Verdict(False, self.expected_answer(),
                       _("That is {given_name} ({given}); this tile is {name}, written "
                         "{tile}.").format(given_name=tile_name(t), given=t,
                                           name=tile_name(self.tile), tile=self.tile) + extra)


def _make_name_tile(rules: str, seed: int, rng: random.Random) -> Exercise:
    rs = rules_for(rules)
    kinds = sorted(set(rs.tile_set.all_tiles()))
    t = rng.choice(kinds)
    return NameTile("name-tile", rules, seed, _("Name this tile."), (str(t),), ("",),
                    _("the tile's name or notation, e.g. 5 Circles or 5p"), (), tile=t)


# ----- completing-tiles ---------------------------------------------------------------------

def fold_kind(rules: RuleSet, t: int) -> int:
    """The kind a tile answers for: every flower is the flower kind (34) in American play."""
    return _FLOWER if _is_card(rules) and 34 <= t <= 41 else int(t)


def completing(rules: RuleSet, hand: Sequence[int]) -> tuple[int, ...]:
    """The tiles that complete the 13-tile concealed ``hand`` under ``rules``: the rule set's
    own ``waits`` (the forms' shanten), or the card matcher's completing tiles (34 stands for
    any flower and 46 for a joker), less any tile the hand already holds every copy of."""
    counts = _hand_counts(hand, rules.hand_kinds)
    copies = _copies(rules)
    if _is_card(rules):
        copies[_FLOWER] = sum(copies[34:42])
        held = list(counts) + [0] * (47 - len(counts))
        held[_FLOWER] = sum(held[34:42])
    else:
        held = counts
    if _is_card(rules):
        # the card matcher's completing tiles (a joker drawn included; the rule set's waits
        # are the tiles a discard could bring, and a discarded joker is dead)
        from ..rules.american.matcher import completing_tiles, hand_counts

        found = completing_tiles(rules.card, hand_counts(hand))  # type: ignore[attr-defined]
    else:
        found = rules.waits(counts, ())
    return tuple(sorted(k for k in found if held[k] < copies[k]))


@dataclass
class CompletingTiles(Exercise):
    """Which tiles complete ``hand`` (13 concealed tiles)? ``waits``: the expected kinds."""

    hand: tuple[Tile, ...] = ()
    waits: tuple[int, ...] = ()

    def expected_answer(self) -> str:
        return _tiles_text(self.waits)

    def check(self, answer: str) -> Verdict:
        rules = rules_for(self.rules)
        given = {fold_kind(rules, t) for t in parse_answer_tiles(answer, allow_none=True)}
        want = set(self.waits)
        words = []
        if want:
            words.append(_("The rules' own waits: {tiles}.").format(
                tiles=_tiles_text(sorted(want))))
        else:
            words.append(_("No tile completes this hand: it is not yet ready (more than one "
                           "tile from winning)."))
        if _FLOWER in want:
            words.append(_("1f stands for any flower (all flowers are alike)."))
        if _JOKER in want:
            words.append(_("A joker completes it too: the gap is in a group of three or more."))
        missed = sorted(want - given)
        wrong = sorted(given - want)
        if missed:
            words.append(_("Missed: {tiles}.").format(tiles="; ".join(
                completes_as(rules, self.hand, k) for k in missed)))
        if wrong:
            words.append(_("Does not complete: {tiles}.").format(tiles=_tiles_text(wrong)))
            for k in wrong[:_WHY_AT_MOST]:
                why = why_not_a_win(rules, [*map(int, self.hand), k])
                if why:
                    words.append(_("With {tile}: {why}").format(tile=TILES[k], why=why))
        return Verdict(given == want, self.expected_answer(), " ".join(words))


#: the wrong tiles of an answer whose reason is given (the others are named only)
_WHY_AT_MOST = 3


def completes_as(rules: RuleSet, hand: Sequence[Tile], kind: int) -> str:
    """How the tile ``kind`` completes the 13 tiles ``hand``: the line of the card it makes,
    or the four sets and the pair it reads as (a special form by its name)."""
    t = TILES[kind]
    tiles = [*map(int, hand), kind]
    if _is_card(rules):
        from ..rules.american.matcher import hand_counts, winning_lines

        lines = winning_lines(rules.card, hand_counts(tiles))  # type: ignore[attr-defined]
        if lines:
            return _("{tile} completes line {line}").format(tile=t, line=lines[0].key)
        return str(t)
    counts = _hand_counts(tiles, 34)
    reading = best_reading(counts)
    if len(reading[0]) == 4 and reading[1] is not None:
        return _("{tile} completes it as {groups}").format(tile=t, groups=reading_text(reading))
    if sum(1 for c in counts if c == 2) == 7:
        return _("{tile} completes seven pairs").format(tile=t)
    return _("{tile} completes thirteen orphans").format(tile=t)


def _make_completing(rules: str, seed: int, rng: random.Random) -> Exercise:
    rs = rules_for(rules, "completing-tiles")
    win = winning_hand(rng, rs)
    hand = list(win)
    hand.pop(rng.randrange(len(hand)))
    if rng.random() < 0.12:  # now and then a hand that is not ready
        hand.pop(rng.randrange(len(hand)))
        hand = _fill(rng, rs, hand, 13)
    hand = sorted(hand)
    waits = completing(rs, hand)
    return CompletingTiles(
        "completing-tiles", rules, seed,
        _("Which tiles would complete this hand? Name all of them (or none)."),
        (_notation(hand),), (_("your 13 tiles"),),
        _("tiles, e.g. 3m 6m 9m, or none"), (), hand=tuple(hand), waits=waits)


# ----- positions: a game set up at a turn or a claim window ----------------------------------

def _discards(rng: random.Random, rules: RuleSet, used: list[Tile], n: int,
              avoid: Sequence[int] = ()) -> list[Tile]:
    """``n`` tiles left by ``used`` (and none of the kinds ``avoid``) to lie in the
    discards, so the hand is past its first turn (no heavenly or earthly hand)."""
    left = _copies(rules)
    for t in used:
        left[t] -= 1
    kinds = [k for k in range(34) if k not in avoid]
    pool = [TILES[k] for k in kinds for _n in range(max(0, left[k]))]
    rng.shuffle(pool)
    return pool[:n]


def _turn_position(rng: random.Random, rules: RuleSet, player: int, hand: Sequence[Tile],
                   drawn: Tile, *, bonus: Sequence[Tile] = (), round_wind: int = 0) -> str:
    """A position where ``player`` has drawn ``drawn`` (in ``hand``, 14 tiles) and every
    player has discarded one tile."""
    used = list(hand) + list(bonus)
    disc = _discards(rng, rules, used, 4, avoid=(int(drawn),))
    seats = {}
    for p in range(4):
        if p == player:
            text = f"{_notation(hand)}"
            if bonus:
                text += f" bonus {''.join(str(t) for t in bonus)}"
            text += f" discards {disc[p]}"
        else:
            text = f"? discards {disc[p]}"
        seats[p] = text
    pos = _position(rules, seats, f"turn {player} drew {drawn}")
    return pos.replace(rules.name, f"{rules.name}{_options(rules)}\nround "
                       f"{'ESWN'[round_wind]}; hand 0; dealer 0", 1)


def _options(rules: RuleSet) -> str:
    """The rule set's options that differ from the defaults, as a position writes them."""
    default = get_rule_set(rules.name)
    out = [f" {k}={v}" for k, v in rules.options.items() if default.options.get(k) != v]
    return "".join(out)


def _claim_position(rules: RuleSet, hands: dict[int, Sequence[Tile]], discarder: int,
                    tile: Tile, rng: random.Random) -> str:
    """A claim window on ``discarder``'s discard ``tile``; ``hands`` the 13-tile hands of
    the players named (the others are dealt at random)."""
    used = [t for h in hands.values() for t in h] + [tile]
    disc = _discards(rng, rules, used, 4, avoid=(int(tile),))
    seats = {}
    for p in range(4):
        d = f"{disc[p]}{tile}" if p == discarder else f"{disc[p]}"
        seats[p] = f"{_notation(hands[p]) if p in hands else '?'} discards {d}"
    return _position(rules, seats, f"discard {discarder} {tile}").replace(
        rules.name, f"{rules.name}{_options(rules)}", 1)


# ----- is-win -------------------------------------------------------------------------------

@dataclass
class IsWin(Exercise):
    """Is ``hand`` (14 tiles, ``drawn`` last) a win for ``player`` now? ``win`` and
    ``reason`` are the engine's; ``why`` (for a hand the engine refuses) what the hand lacks,
    from the rule set's forms or the card (:func:`~.reasons.why_not_a_win`)."""

    hand: tuple[Tile, ...] = ()
    win: bool = False
    reason: str = ""
    position: str = ""
    why: str = ""

    def expected_answer(self) -> str:
        return _("yes") if self.win else _("no")

    def check(self, answer: str) -> Verdict:
        said = _yes_no(self.choice_text(answer))  # "1" is the first choice shown
        if self.win:
            text = _("The engine offers Mahjong: {reason}").format(reason=self.reason)
        else:
            text = _("The engine refuses Mahjong: {reason}.").format(reason=self.reason)
            if self.why:
                text += " " + self.why
        return Verdict(said == self.win, self.expected_answer(), text)


def _engine_win(position: str, player: int) -> tuple[bool, str]:
    """Whether Mahjong is a legal action for ``player`` at ``position``, and the engine's
    reason: the refusal's rule, or the winning hand as its scorer reads it."""
    game = Game.from_position(position, 0)
    if any(a.kind is ActionKind.MAHJONG for a in game.legal_actions(player)):
        game.apply(Action(ActionKind.MAHJONG, player))
        score = game.results[-1].score
        assert score is not None
        return True, _win_words(score)
    try:
        game.verify(Action(ActionKind.MAHJONG, player))
    except IllegalActionError as exc:
        return False, for_learner(str(exc), player)
    raise AssertionError("the engine accepts a Mahjong it does not list")  # pragma: no cover


def _win_words(score: ScoreResult) -> str:
    line = score.extra.get("line")
    if isinstance(line, dict):
        return _("the hand is line {section} #{number} ({pattern}).").format(
            section=line["section"], number=line["number"], pattern=line["pattern"])
    return _("the hand reads {groups}.").format(groups=" ".join(score.decomposition))


#: the share of Chinese is-win exercises played on the Mahjong Competition Rules scale, where
#: a complete hand still needs 8 fan (001 Part two 'Scoring'; the engine names the fan short)
_MCR_IS_WIN = 0.3


def _make_is_win(rules: str, seed: int, rng: random.Random) -> Exercise:
    rs = rules_for(rules, "is-win")
    mcr = rules == "chinese" and rng.random() < _MCR_IS_WIN
    if mcr:
        rs = rules_for(rules, "score")  # the MCR scale the score exercises practise
    hand = winning_hand(rng, rs)
    if rng.random() < 0.5:  # one tile changed: usually no longer a win
        i = rng.randrange(len(hand))
        rest = hand[:i] + hand[i + 1:]
        hand = _fill(rng, rs, rest, 14, avoid=(hand[i],) * 4)
    hand = sorted(hand)
    player = rng.randrange(4)
    drawn = rng.choice([t for t in hand if not (34 <= t <= 45)])
    pos = _turn_position(rng, rs, player, hand, drawn)
    win, reason = _engine_win(pos, player)
    why = "" if win else why_not_a_win(rs, [int(t) for t in hand])
    # the 13 tiles held and the tile drawn, each shown once (issue 48)
    held = list(hand)
    held.remove(drawn)
    question = _("You are {seat} and have just drawn {tile}. Is your hand a win? (yes or "
                 "no)").format(seat=wind_name(player), tile=drawn)
    if mcr:
        question += " " + _("This table scores by the Mahjong Competition Rules: a win needs "
                            "8 fan, flowers not counted.")
    return IsWin("is-win", rules, seed, question,
                 (_notation(held), str(drawn)), (_("your 13 tiles"), _("the tile you drew")),
                 _("yes or no"), (_("yes"), _("no")), hand=tuple(hand), win=win, reason=reason,
                 position=pos, why=why)


# ----- score --------------------------------------------------------------------------------

@dataclass
class Score(Exercise):
    """What does the win score? ``result`` is the scorer's; ``unit`` what is asked: ``fan``
    (Hong Kong: the fan total, or ``limit``; Chinese MCR: the fan total) or ``points``
    (American: the hand's value, jokerless doubling included)."""

    result: ScoreResult | None = None
    context: WinContext | None = None
    unit: str = "fan"

    def expected_answer(self) -> str:
        r = self.result
        assert r is not None
        if self.unit == "points":
            return str(r.base)
        if r.limit:
            return _("limit")
        return str(r.fan)

    def explanation(self) -> str:
        r = self.result
        assert r is not None
        items = "; ".join(f"{shown_name(i.name)} {i.fan}" for i in r.items)
        text = (_("The scorer's items: {items}.").format(items=items) if items else
                _("The scorer finds no scoring item in this hand."))
        if self.unit == "points":
            text += " " + _("The hand is worth {base} points.").format(base=r.base)
        elif r.limit:
            text += " " + _("A limit hand ({limit}): the base is {base}, whatever the fan."
                            ).format(limit=shown_name(r.limit.replace("_", " ")), base=r.base)
        else:
            text += " " + _("Total {fan} fan, base {base}.").format(fan=r.fan, base=r.base)
        pays = ", ".join(f"{wind_name(s)} {v:+d}" for s, v in sorted(r.payments.items()))
        return text + " " + _("Payments: {payments}.").format(payments=pays)

    def check(self, answer: str) -> Verdict:
        r = self.result
        assert r is not None
        text = " ".join(answer.strip().lower().rstrip(".!").split())
        # a unit typed after the number ("20 fan", "30 points") is read, if it is this
        # hand's unit
        m = re.fullmatch(r"(.*?)\s*\b(fans?|points?|pts|punti|punto)", text)
        if m and m.group(1):
            said = "fan" if m.group(2).startswith("fan") else "points"
            if said != self.unit:
                raise AnswerError(
                    _("this hand is counted in points, not fan") if self.unit == "points"
                    else _("this hand is counted in fan, not points"))
            text = m.group(1)
        if self.rules == "hongkong" and text in ("limit", "limit hand", "a limit",
                                                 "a limit hand", "limite", "mano limite",
                                                 _("limit")):
            ok = bool(r.limit)
        else:
            n = _number(text, _("the fan total, or limit") if self.rules == "hongkong"
                        else _("the points") if self.unit == "points" else _("the fan total"))
            if self.unit == "points":
                ok = n == r.base
            else:
                ok = (n == r.fan and not r.limit) or (bool(r.limit) and n == r.base)
        return Verdict(ok, self.expected_answer(), self.explanation())


def score_context(hand: Sequence[Tile], drawn: Tile, player: int, discarder: int | None,
                  bonus: Sequence[Tile], round_wind: int,
                  melds: Sequence[Sequence[int]] = ()) -> WinContext:
    """The context of a win by ``player`` (seat wind = player: dealer 0) on ``drawn``, the
    concealed tiles ``hand`` (``drawn`` included) beside the exposed ``melds`` (kinds)."""
    exposed = " ".join("[" + _notation(m) + "]" for m in melds)
    return WinContext(hand=parse_hand(f"{exposed} {_notation(hand)}".strip()),
                      win_tile=drawn, seat_wind=player,
                      round_wind=round_wind, self_drawn=discarder is None,
                      discarder=discarder, bonus=tuple(bonus))


def _make_score(rules: str, seed: int, rng: random.Random) -> Exercise:
    rs = rules_for(rules, "score")
    card = _is_card(rs)
    for _n in range(400):
        groups: list[list[int]] = []
        hand = sorted(_card_winning(rng, rs) if card else _sets_winning(rng, rs, groups))
        melds: list[list[int]] = []
        if groups and rng.random() < 0.45:  # one or two sets exposed, claimed earlier
            melds = rng.sample(groups[:4], rng.randrange(1, 3))
        concealed = list(hand)
        for m in melds:
            for k in m:
                concealed.remove(TILES[k])
        player = rng.randrange(4)
        drawn = rng.choice([t for t in concealed if not (34 <= t <= 46)] or concealed)
        discarder = None if rng.random() < 0.4 else rng.choice(
            [p for p in range(4) if p != player])
        round_wind = 0 if card else rng.randrange(4)
        bonus: list[Tile] = []
        if not card and rs.uses_bonus_tiles and rng.random() < 0.4:
            kinds = sorted({t for t in rs.tile_set.all_tiles() if t.is_bonus})
            bonus = sorted(rng.sample(kinds, rng.randrange(1, 3)))
        ctx = score_context(concealed, drawn, player, discarder, bonus, round_wind, melds)
        if rs.checks_win_context and rs.win_refusal(ctx) is not None:
            continue  # not a win under this scale (MCR's 8-fan minimum): another hand
        result = rs.score(ctx)
        if result.valid:
            break
    else:  # pragma: no cover - a winning hand is found long before
        raise RuntimeError("no scorable hand found")
    how = _("self-drawn") if discarder is None else _("on {seat}'s discard").format(
        seat=wind_name(discarder))
    where = "" if card else _(", prevailing wind {wind}").format(wind=wind_name(round_wind))
    flowers = _(", bonus tiles {tiles}").format(tiles=" ".join(str(t) for t in bonus)) \
        if bonus else ("" if card or not rs.uses_bonus_tiles else _(", no bonus tiles"))
    unit = "points" if card else "fan"
    ask = {"hongkong": _("How many fan does it score (or is it a limit hand)?"),
           "chinese": _("How many fan does it score on the Mahjong Competition Rules scale?"),
           "american": _("How many points is it worth (jokerless doubling included)?")}[rules]
    # exposed sets first, then the concealed tiles grouped by suit, as the pictures are drawn
    shown = " ".join([*("[" + _notation(m) + "]" for m in melds), _notation(concealed)])
    rows = (shown, str(drawn)) + ((" ".join(str(t) for t in bonus),) if bonus else ())
    caps = (_("the winning hand"), _("the winning tile")) + (
        (_("bonus tiles"),) if bonus else ())
    form = {"hongkong": _("a number (the fan total) or limit"),
            "chinese": _("a number (the fan total)"),
            "american": _("a number (points)")}[rules]
    return Score("score", rules, seed,
                 _("You are {seat} and win {how} on {tile}{where}{bonus}.").format(
                     seat=wind_name(player), how=how, tile=drawn, where=where,
                     bonus=flowers) + " " + ask,
                 rows, caps, form, (), result=result, context=ctx, unit=unit)


# ----- claims -------------------------------------------------------------------------------

#: the claim kinds, as answers
_CLAIM_WORDS = {"pung": "pung", "pong": "pung", "kong": "kong", "quint": "quint",
                "sextet": "sextet", "sestetto": "sextet", "chow": "chow", "chi": "chow",
                "mahjong": "mahjong",
                "mj": "mahjong", "win": "mahjong", "mah": "mahjong", "hu": "mahjong"}


def chow_text(lowest: Tile) -> str:
    """A chow named by the tiles it holds, from its lowest tile: ``3m`` -> ``345m``."""
    return f"{lowest.rank}{lowest.rank + 1}{lowest.rank + 2}{lowest.suit}"


def claim_word(a: Action) -> str:
    """A claim as an answer: ``pung``, ``chow 567s`` (the chow named by the tiles it holds,
    never by its lowest tile alone: issue 48), ``mahjong``."""
    if a.kind is ActionKind.CHOW:
        assert a.tile is not None
        return f"chow {chow_text(a.tile)}"
    return str(a.kind.value)


def read_claims(answer: str) -> set[str]:
    """Claims typed as ``pung, chow 345m, mahjong`` (or ``none``): a set of
    :func:`claim_word` s (a chow typed by its lowest tile, ``chow 3m``, is ``chow 345m``).
    Each claim word starts a claim and the tiles after it are its own,
    so commas are optional (``pung kong``, ``chow, 3m 4m 5m``, glyphs too); a claim named
    twice counts once. Raises :class:`AnswerError` for an empty answer, a word that is no
    claim, or a chow that is not three tiles in a row."""
    text = answer.strip().lower()
    if text in ("none", "no", "pass", "nothing", "-") or text in NONE_WORDS:
        return set()
    tokens = [w for w in re.split(r"[\s,;/]+|\band\b|\be\b", _tile_text(text)) if w]
    if not tokens:
        raise AnswerError(_("name the claims (e.g. pung, chow 345m) or type none"))
    groups: list[tuple[str, list[str]]] = []
    i = 0
    while i < len(tokens):
        word = tokens[i]
        if word == "mah" and i + 1 < len(tokens) and tokens[i + 1] == "jong":
            i += 1
        kind = _CLAIM_WORDS.get(word)
        if kind is not None:
            groups.append((kind, []))
        elif groups and word not in _CLAIM_WORDS:
            groups[-1][1].append(word)  # a tile of the claim before it
        else:
            raise AnswerError(_("{word} is no claim: say pung, kong, chow, quint, "
                                "sextet or mahjong (or none)").format(word=repr(word)))
        i += 1
    out: set[str] = set()
    for kind, words in groups:
        if kind != "chow":
            if words:
                _claim_tiles(" ".join(words))  # the tiles may be named; read them
            out.add(kind)
            continue
        if not words:
            raise AnswerError(_("say which chow: its tiles (chow 345m) or its lowest tile "
                                "(chow 3m)"))
        tiles = sorted(_claim_tiles(" ".join(words)))
        lowest = len(tiles) == 1 and tiles[0].is_suited and tiles[0].rank <= 7
        run = (len(tiles) == 3 and all(t.is_suited for t in tiles)
               and tiles[0].suit == tiles[2].suit
               and [int(t) - int(tiles[0]) for t in tiles] == [0, 1, 2])
        if lowest or run:
            out.add(f"chow {chow_text(tiles[0])}")
        else:
            raise AnswerError(_("{words} is not a chow: three tiles in a row of one suit "
                                "(345m), or the lowest of them (3m)").format(
                                    words=repr(" ".join(words))))
    return out


def _claim_tiles(text: str) -> list[Tile]:
    return parse_answer_tiles(text)


@dataclass
class Claims(Exercise):
    """Which claims may ``player`` (West) make on the discard? ``claims``: the engine's legal
    claims (as :func:`claim_word` s); ``hand`` West's 13 tiles, ``tile`` the discard and
    ``discarder`` who threw it (for the reasons, :func:`~.reasons.why_claim`)."""

    player: int = 2
    claims: tuple[str, ...] = ()
    position: str = ""
    hand: tuple[Tile, ...] = ()
    tile: Tile = TILES[0]
    discarder: int = 1

    def expected_answer(self) -> str:
        return ", ".join(self.claims) if self.claims else _("none")

    def check(self, answer: str) -> Verdict:
        given = read_claims(answer)
        want = set(self.claims)
        rules = rules_for(self.rules)
        words = [_("The engine's legal claims for West: {claims}.").format(
            claims=self.expected_answer())]
        missed = sorted(want - given)
        wrong = sorted(given - want)
        if missed:
            words.append(_("Missed: {claims}.").format(claims=", ".join(missed)))
            words += [why_claim(rules, c, self.hand, self.tile, self.player, self.discarder,
                                True) for c in missed]
        if wrong:
            words.append(_("Not allowed here: {claims}.").format(claims=", ".join(wrong)))
            words += [why_claim(rules, c, self.hand, self.tile, self.player, self.discarder,
                                False) for c in wrong]
        if not missed and not wrong:
            if rules.name != "american":
                cite = ("004 s05" if rules.name == "hongkong"
                        else pgettext("rule", "001 Part two 'Claiming discards'"))
                words.append(_("A chow only on the discard of the player just before you "
                               "({cite}); a pung with two in hand, a kong with three, Mahjong "
                               "when the tile completes the hand.").format(cite=cite))
            else:
                words.append(_("No chows; pung, kong, quint or sextet with matching tiles and "
                               "jokers; Mahjong when the tile completes a line (001 Part one "
                               "'Calling discards')."))
        return Verdict(given == want, self.expected_answer(), " ".join(words))


def legal_claims(game: Game, player: int) -> tuple[str, ...]:
    """The claims the engine lets ``player`` make now (passes left out), as answers."""
    open_window = game.phase.value == "claim" and player in game.to_act()
    acts = game.legal_actions(player) if open_window else []
    return tuple(sorted({claim_word(a) for a in acts if a.kind is not ActionKind.PASS}))


def _claim_hand(rng: random.Random, rules: RuleSet, tile: Tile, used: list[Tile],
                want: str) -> list[Tile]:
    """13 tiles that (usually) allow the claim ``want`` on ``tile``: ``mahjong`` (a winning
    hand less one copy of the tile), ``pung``/``kong`` (two or three copies), ``chow`` (two
    neighbours), ``any`` (random)."""
    left = _copies(rules)
    for t in used:
        left[t] -= 1
    left[tile] -= 1
    if want == "mahjong":
        for _n in range(60):
            win = winning_hand(rng, rules)
            if tile in win:
                rest = list(win)
                rest.remove(tile)
                need = _hand_counts(rest, 47)
                if all(need[k] <= left[k] for k in range(47)):
                    return sorted(rest)
        want = "any"
    held: list[Tile] = []
    if want in ("pung", "kong"):
        n = 2 if want == "pung" else 3
        if left[tile] >= n:
            held = [tile] * n
    elif want == "chow" and tile.is_suited:
        r = tile.rank
        pairs = [(a, b) for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2))
                 if a >= 1 and b <= 9]
        a, b = rng.choice(pairs)
        cand = [TILES[int(tile) - r + a], TILES[int(tile) - r + b]]
        if all(left[t] >= 1 for t in cand):
            held = cand
    if _is_card(rules) and want in ("pung", "kong") and rng.random() < 0.4 and held:
        held[-1] = TILES[_JOKER]
    return _fill(rng, rules, held, 13, avoid=[*used, tile])


def _make_claims(rules: str, seed: int, rng: random.Random) -> Exercise:
    rs = rules_for(rules, "claims")
    west = 2
    kinds = ["pung", "kong", "mahjong", "any"] + ([] if _is_card(rs) else ["chow", "chow"])
    discarder = rng.choice((1, 1, 0, 3)) if not _is_card(rs) else rng.choice((0, 1, 3))
    tile = TILES[rng.randrange(34)]
    hand = _claim_hand(rng, rs, tile, [], rng.choice(kinds))
    pos = _claim_position(rs, {west: hand}, discarder, tile, rng)
    claims = legal_claims(Game.from_position(pos, seed), west)
    return Claims("claims", rules, seed,
                  _("You are West. {seat} discards {tile}. Which claims may you make? Name "
                    "them all (or none).").format(seat=wind_name(discarder), tile=tile),
                  (_notation(hand), str(tile)),
                  (_("West's 13 tiles"),
                   _("{seat}'s discard").format(seat=wind_name(discarder))),
                  _("claims, e.g. pung, chow 345m (or none)"), (), player=west,
                  claims=claims, position=pos, hand=tuple(hand), tile=tile,
                  discarder=discarder)


# ----- claim-priority -----------------------------------------------------------------------

def read_seat(answer: str) -> str:
    """A seat typed as an answer, folded to a wind's name in lower case: ``South``, ``s``,
    ``the South player``, ``south wind!``, or the wind's tile in the notation (``2z``) or as
    its glyph; anything else is returned folded, for the caller to refuse."""
    text = " ".join(w for w in re.sub(r"[^\w\s]", " ", _tile_text(answer).lower()).split()
                    if w not in ("the", "wind", "player", "seat", "gets", "it", "vento",
                                 "giocatore"))
    try:
        tiles = parse_tiles(text)
    except NotationError:
        return text
    if len(tiles) == 1 and 27 <= int(tiles[0]) <= 30:
        return WIND_NAMES[int(tiles[0]) - 27].lower()
    return text


@dataclass
class ClaimPriority(Exercise):
    """Two players claim the same discard: who gets it? ``claims`` by player; ``winner``
    the player the engine gave the tile."""

    discarder: int = 0
    claims: dict[int, str] = field(default_factory=dict)
    winner: int = 0
    position: str = ""

    def expected_answer(self) -> str:
        return wind_name(self.winner)

    def check(self, answer: str) -> Verdict:
        text = read_seat(self.choice_text(answer))
        names = {w.lower(): i for i, w in enumerate(WIND_NAMES)}
        names.update({w[0].lower(): i for i, w in enumerate(WIND_NAMES)})
        names.update({n: i for i, n in enumerate(("est", "sud", "ovest", "nord", "o"))
                      if n != "o"})
        names.update({"o": 2})
        names.update({wind_name(i).lower(): i for i in range(4)})
        if text not in names:
            a, b = sorted(self.claims)
            raise AnswerError(_("answer with a seat wind: {a} or {b}").format(
                a=wind_name(a), b=wind_name(b)))
        p = names[text]
        if p not in self.claims:
            a, b = sorted(self.claims)
            raise AnswerError(_("{seat} made no claim; the claimants are {a} and {b}").format(
                seat=wind_name(p), a=wind_name(a), b=wind_name(b)))
        rules = rules_for(self.rules)
        a, b = sorted(self.claims)
        pa = rules.claim_priority[self.claims[a].split()[0]]
        pb = rules.claim_priority[self.claims[b].split()[0]]
        w, lo = self.winner, b if self.winner == a else a
        if pa != pb:
            why = _("{first} goes before {second}").format(
                first=self.claims[w].split()[0], second=self.claims[lo].split()[0])
        else:
            why = _("equal calls: the first in turn order from the discarder ({seat}) takes "
                    "it").format(seat=wind_name(self.discarder))
        cite = (pgettext("rule", "001 Part one 'Priority of calls'") if rules.name == "american"
                else pgettext("rule", "004 s05 'Priorities and Victory'")
                if rules.name == "hongkong"
                else pgettext("rule", "001 Part two 'Priority of calls'"))
        text = _("{a} claimed {claim_a}, {b} claimed {claim_b}; the engine gave the tile to "
                 "{winner}: {why} ({cite}).").format(
                     a=wind_name(a), claim_a=self.claims[a], b=wind_name(b),
                     claim_b=self.claims[b], winner=wind_name(w), why=why, cite=cite)
        return Verdict(p == self.winner, self.expected_answer(), text)


def _make_priority(rules: str, seed: int, rng: random.Random) -> Exercise:
    rs = rules_for(rules, "claim-priority")
    card = _is_card(rs)
    wants = ["mahjong", "pung", "kong"] + ([] if card else ["chow"])
    attempt = 0
    while True:
        attempt += 1
        discarder = rng.randrange(4)
        others = [(discarder + i) % 4 for i in (1, 2, 3)]
        a, b = sorted(rng.sample(others, 2))
        tile = TILES[rng.randrange(34)]
        hands: dict[int, list[Tile]] = {}
        used: list[Tile] = []
        for p in (a, b):
            w = rng.choice(wants)
            if w == "chow" and p != (discarder + 1) % 4:
                w = rng.choice(("pung", "mahjong"))
            hands[p] = _claim_hand(rng, rs, tile, used, w)
            used += hands[p]
        try:
            pos = _claim_position(rs, {p: h for p, h in hands.items()}, discarder, tile, rng)
            game = Game.from_position(pos, seed)
        except ValueError:
            continue
        legal = {p: [x for x in game.legal_actions(p) if x.kind is not ActionKind.PASS]
                 if p in game.to_act() else [] for p in (a, b)}
        if not legal[a] or not legal[b]:
            continue
        chosen = {p: rng.choice(legal[p]) for p in (a, b)}
        for p in list(game.to_act()):
            game.apply(chosen.get(p) or Action(ActionKind.PASS, p))
            if game.results or game.phase.value != "claim":
                break
        winner = game.results[-1].winner if game.results else game.current
        assert winner in (a, b)
        claims = {p: claim_word(chosen[p]) for p in (a, b)}
        return ClaimPriority(
            "claim-priority", rules, seed,
            _("{discarder} discards {tile}. {a} calls {claim_a} and {b} calls {claim_b}. Who "
              "gets the tile?").format(discarder=wind_name(discarder), tile=tile,
                                       a=wind_name(a), claim_a=claims[a],
                                       b=wind_name(b), claim_b=claims[b]),
            (_notation(hands[a]), _notation(hands[b]), str(tile)),
            (_("{seat}'s tiles").format(seat=wind_name(a)),
             _("{seat}'s tiles").format(seat=wind_name(b)),
             _("{seat}'s discard").format(seat=wind_name(discarder))),
            _("a seat wind, e.g. South"), (wind_name(a), wind_name(b)),
            discarder=discarder, claims=claims, winner=winner, position=pos)


# ----- nearest-line (American) --------------------------------------------------------------

def _line_key(text: str) -> str:
    """A card line's name as compared: lower case, spaces folded, ``#`` after one space
    (``2026#1``, ``2026 # 1`` and ``2026 #1`` are one line)."""
    return re.sub(r"\s*#\s*", " #", re.sub(r"\s+", " ", text.strip().lower()))


@dataclass
class NearestLine(Exercise):
    """Which line of the card is ``hand`` nearest, and how many tiles away? ``nearest``:
    every line at the least distance (the matcher's), ``away`` that distance."""

    hand: tuple[Tile, ...] = ()
    nearest: tuple[str, ...] = ()
    away: int = 0
    needs: tuple[str, ...] = ()

    def expected_answer(self) -> str:
        return f"{self.nearest[0]}, {self.away}"

    def check(self, answer: str) -> Verdict:
        words = "|".join(_NUMBER_WORDS)
        m = re.fullmatch(rf"\s*(.+?#\s*\d+)\s*[,;:\-\u2013]?\s*(\d+|{words})\s*(tiles?)?\s*"
                         r"(away)?\s*\.?\s*", answer, re.IGNORECASE)
        if not m:
            raise AnswerError(_("answer with a line and the tiles away, e.g. 2026 #1, 3"))
        key = _line_key(m.group(1))
        card = rules_for("american").card  # type: ignore[attr-defined]
        keys = {_line_key(ln.key): ln.key for ln in card.lines}
        if key not in keys:
            raise AnswerError(_("{line} is no line of the card (its lines are written like "
                                "{example})").format(line=repr(m.group(1).strip()),
                                                     example=card.lines[0].key))
        n = int(_NUMBER_WORDS.get(m.group(2).lower(), m.group(2)))
        line_ok = keys[key] in self.nearest
        ok = line_ok and n == self.away
        also = _(" (as near: {lines})").format(lines=", ".join(self.nearest[1:])) \
            if len(self.nearest) > 1 else ""
        needs = _("; it needs {tiles}").format(tiles=self.needs[0]) if self.needs else ""
        text = _("The matcher: nearest is {line}{also}, {n} tiles away{needs}.").format(
            line=self.nearest[0], also=also, n=self.away, needs=needs)
        if not line_ok:
            from ..rules.american.matcher import hand_counts, tiles_away

            theirs = next(d for d in tiles_away(card, hand_counts(list(self.hand)))
                          if d.line.key == keys[key])
            if theirs.away is None:
                text += " " + _("{line} ({pattern}) cannot be made from this hand.").format(
                    line=keys[key], pattern=theirs.line.pattern)
            else:
                text += " " + ngettext(
                    "{line} ({pattern}) is further: {n} tile away; it needs {tiles}.",
                    "{line} ({pattern}) is further: {n} tiles away; it needs {tiles}.",
                    theirs.away).format(line=keys[key], pattern=theirs.line.pattern,
                                        n=theirs.away,
                                        tiles=" ".join(str(t) for t in theirs.needs))
        elif n != self.away:
            text += " " + _("You said {n} away.").format(n=n)
        return Verdict(ok, self.expected_answer(), text)


def _make_nearest(rules: str, seed: int, rng: random.Random) -> Exercise:
    from ..rules.american.matcher import hand_counts, tiles_away

    rs = rules_for(rules, "nearest-line")
    card = rs.card  # type: ignore[attr-defined]
    win = winning_hand(rng, rs)
    keep = rng.randrange(7, 13)
    hand = sorted(_fill(rng, rs, rng.sample(win, keep), 13))
    dist = tiles_away(card, hand_counts(hand))
    best = dist[0].away
    assert best is not None
    nearest = tuple(d.line.key for d in dist if d.away == best)
    needs = tuple(" ".join(str(t) for t in d.needs) for d in dist if d.away == best)
    return NearestLine("nearest-line", rules, seed,
                       _("Which line of the card is this hand nearest, and how many tiles "
                         "away is it? (jokers count: they fill groups of three or more)"),
                       (_notation(hand),), (_("your 13 tiles"),),
                       _("a line and the tiles away, e.g. 2026 #1, 3"), (),
                       hand=tuple(hand), nearest=nearest, away=best, needs=needs)


# ----- pass-three (American Charleston) -----------------------------------------------------

@dataclass
class PassThree(Exercise):
    """Choose three tiles to pass in the first Charleston. ``advised`` the advisor's pass;
    ``why`` its reason; the game (made again from ``seed``) judges legality."""

    hand: tuple[Tile, ...] = ()
    advised: tuple[Tile, ...] = ()
    why: str = ""
    game_seed: str = ""
    #: the learner's table as the advisor's hand judge reads it (folded counts, exposures,
    #: unseen copies), taken from the view when the exercise was made
    counts: tuple[int, ...] = ()
    groups: tuple[tuple[int, int], ...] = ()
    unseen: tuple[int, ...] = ()

    def expected_answer(self) -> str:
        return " ".join(str(t) for t in self.advised)

    def _game(self) -> Game:
        return Game(rules_for("american"), self.game_seed)

    def worth_kept(self, passed: Sequence[Tile]) -> float:
        """The advisor's hand judge's worth of the hand kept after passing ``passed``."""
        from ..rules.american.advice import fold

        gone = fold(_hand_counts(passed, 47))
        counts = [c - g for c, g in zip(self.counts, gone, strict=True)]
        judge = _judge()
        return judge.worth(judge.targets(counts, self.groups), list(self.unseen))

    def check(self, answer: str) -> Verdict:
        tiles = parse_answer_tiles(answer)
        if len(tiles) != 3:
            raise AnswerError(_("pass exactly three tiles, not {n}").format(n=len(tiles)))
        held = _hand_counts(self.hand, 47)
        for t in sorted(set(tiles)):
            n = tiles.count(t)
            if n > held[t]:
                what = f"{t} ({tile_name(t)})" if n == 1 else f"{n} x {t} ({tile_name(t)})"
                raise AnswerError(
                    _("you cannot pass {what}: you hold only {n}").format(what=what,
                                                                          n=held[t])
                    if held[t] else
                    _("you cannot pass {what}: you hold none").format(what=what))
        game = self._game()
        act = Action(ActionKind.CHARLESTON_PASS, 0, tiles=tuple(sorted(tiles)))
        try:
            game.verify(act)
        except IllegalActionError as exc:
            raise AnswerError(_("that pass is not allowed: {reason}").format(
                reason=for_learner(str(exc), 0))) from None
        mine = self.worth_kept(tiles)
        best = self.worth_kept(self.advised)
        same = sorted(tiles) == sorted(self.advised)
        ok = same or mine >= best * (1 - 1e-9)
        text = _("The advisor passes {tiles}: {why}.").format(tiles=self.expected_answer(),
                                                              why=self.why)
        if not same:
            if ok:
                text += " " + _("Your pass keeps a hand as near the card's lines as the "
                                "advised one, by the advisor's reckoning.")
            else:
                share = 0 if best <= 0 else round(100 * mine / best)
                text += " " + _("Your pass keeps a weaker hand: the advisor rates a hand by "
                                "how near it is to the card's lines and how many of the tiles "
                                "those lines need are still unseen, and rates the hand you "
                                "keep at {share}% of the advised one.").format(share=share)
                used = self.needed_by_nearest(tiles)
                if used:
                    text += " " + _("You pass {tiles}, which {lines} use.").format(
                        tiles=" ".join(str(t) for t, _lines in used),
                        lines=", ".join(dict.fromkeys(ln for _t, lines in used
                                                      for ln in lines)))
        return Verdict(ok, self.expected_answer(), text)

    def needed_by_nearest(self, passed: Sequence[Tile], n: int = 3
                          ) -> list[tuple[Tile, list[str]]]:
        """The tiles of ``passed`` that the ``n`` lines of the card nearest the hand use, each
        with those lines' names (the card matcher's best variation of each line)."""
        from ..rules.american.matcher import hand_counts, tiles_away

        card = rules_for("american").card  # type: ignore[attr-defined]
        nearest = tiles_away(card, hand_counts(list(self.hand)), nearest=n)
        out: list[tuple[Tile, list[str]]] = []
        for t in sorted(set(passed)):
            kind = _FLOWER if 34 <= int(t) <= 41 else int(t)
            lines = [d.line.key for d in nearest if d.variation is not None
                     and any(g.kind == kind for g in d.variation.groups)]
            if lines:
                out.append((t, lines))
        return out


@lru_cache(maxsize=1)
def _judge() -> HandJudge:
    """The advisor's hand judge for the practice card (the American bot's and advisor's)."""
    from ..rules.american.advice import CardDecider

    return CardDecider(rules_for("american").card).judge  # type: ignore[attr-defined]


def _make_pass(rules: str, seed: int, rng: random.Random) -> Exercise:
    from ..rules.american.advice import table_of

    rs = rules_for(rules, "pass-three")
    game_seed = f"learn/pass/{seed}"
    game = Game(rs, game_seed)
    view = game.view(0)
    advice = advise(view, rs)
    assert advice.action is not None
    hand = tuple(view.concealed)
    table = table_of(view)
    lines = "; ".join(ln.text() for ln in advice.lines[:2])
    return PassThree("pass-three", rules, seed,
                     _("First Charleston, first pass (to the right). Choose three tiles to "
                       "pass. Nearest lines: {lines}").format(lines=lines),
                     (_notation(hand),), (_("your tiles"),),
                     _("three tiles, e.g. 7m 3p 9s"), (),
                     hand=hand, advised=tuple(sorted(advice.action.tiles)), why=advice.why,
                     game_seed=game_seed, counts=tuple(table.counts), groups=table.groups,
                     unseen=tuple(table.unseen))


_MAKERS: dict[str, Callable[[str, int, random.Random], Exercise]] = {
    "name-tile": _make_name_tile,
    "claims": _make_claims,
    "claim-priority": _make_priority,
    "completing-tiles": _make_completing,
    "is-win": _make_is_win,
    "score": _make_score,
    "nearest-line": _make_nearest,
    "pass-three": _make_pass,
}
