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
from dataclasses import dataclass, field
from functools import lru_cache

from ..advisor import advise
from ..engine import Action, ActionKind, Game, IllegalActionError
from ..melds import Meld, parse_hand
from ..rules import get_rule_set
from ..rules.base import RuleSet
from ..scoring import ScoreResult, WinContext
from ..tiles import TILES, NotationError, Tile, parse_tiles
from .books import check_rules
from .model import AnswerError, Exercise, Verdict

__all__ = ["EXERCISE_KINDS", "generate", "kinds_for", "parse_answer_tiles", "rules_for"]

#: every exercise kind and its title
EXERCISE_KINDS: dict[str, str] = {
    "name-tile": "Name this tile",
    "claims": "Which claims may West make on this discard?",
    "claim-priority": "Two players claim the same tile: who gets it?",
    "completing-tiles": "Which tiles complete this hand? (all of them)",
    "is-win": "Is this a win? If not, why not?",
    "score": "What does this hand score?",
    "nearest-line": "Which card line is this hand nearest, and how many tiles away?",
    "pass-three": "Choose three tiles to pass in the Charleston",
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
    if allow_none and text.lower() in ("none", "no", "nothing", "-", "0"):
        return []
    if not text:
        raise AnswerError("type some tiles, e.g. 3m 6m 9m" +
                          (", or none" if allow_none else ""))
    try:
        return parse_tiles(_tile_text(text))
    except NotationError as exc:
        raise AnswerError(f"cannot read {answer.strip()!r} as tiles: {exc}") from None


def _yes_no(answer: str) -> bool:
    text = answer.strip().lower()
    if text in ("y", "yes", "win", "true"):
        return True
    if text in ("n", "no", "false"):
        return False
    raise AnswerError(f"answer yes or no, not {answer.strip()!r}")


def _number(answer: str, what: str) -> int:
    text = answer.strip()
    if not re.fullmatch(r"-?\d+", text):
        raise AnswerError(f"answer with {what} (a whole number), not {text!r}")
    return int(text)


def _tiles_text(tiles: Sequence[int]) -> str:
    return " ".join(str(TILES[t]) for t in tiles) if tiles else "none"


# ----- hands ------------------------------------------------------------------------------

def _copies(rules: RuleSet) -> list[int]:
    """Copies of each of the 47 tile indices in the rule set's tile set."""
    out = [0] * 47
    for t in rules.tile_set.all_tiles():
        out[t] += 1
    return out


def _is_card(rules: RuleSet) -> bool:
    return getattr(rules, "card", None) is not None


def _sets_winning(rng: random.Random, rules: RuleSet) -> list[Tile]:
    """Fourteen concealed tiles that win under a four-sets-and-a-pair rule set: four sets
    and a pair drawn within the tile set's copies (now and then seven pairs or thirteen
    orphans, where the rule set allows them)."""
    special = rules.special_forms()
    roll = rng.random()
    if "seven_pairs" in special and roll < 0.08:
        kinds = rng.sample(range(34), 7)
        return sorted(TILES[k] for k in kinds for _ in range(2))
    if "thirteen_orphans" in special and roll < 0.11:
        orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        return sorted([TILES[k] for k in orphans] + [TILES[rng.choice(orphans)]])
    counts = [0] * 34
    # a suit-heavy hand now and then, for the one-suit scores
    suit = rng.randrange(3) if rng.random() < 0.25 else None
    while True:
        counts = [0] * 34
        ok = True
        for i in range(5):
            pair = i == 4
            for _ in range(50):
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
                    break
            else:
                ok = False
        if ok:
            return [TILES[k] for k in range(34) for _ in range(counts[k])]


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
    for t in held:
        left[t] -= 1
    for t in avoid:
        left[t] -= 1
    kinds = range(47) if _is_card(rules) else range(34)
    pool = [TILES[k] for k in kinds for _ in range(max(0, left[k]))]
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
    out = {_norm(t.name)}
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


def read_tile_answer(answer: str) -> Tile:
    """One tile typed as notation (``5p``), a glyph, or a name (``5 Circles``, ``five dots``,
    ``Red dragon``, ``Soap``, ``Flower 2``, ``Joker``). Raises :class:`AnswerError`."""
    text = answer.strip()
    if not text:
        raise AnswerError("type the tile, e.g. 5p or 5 Circles")
    try:
        tiles = parse_tiles(_tile_text(text))
    except NotationError:
        tiles = []
    if len(tiles) == 1:
        return tiles[0]
    if len(tiles) > 1:
        raise AnswerError(f"name one tile, not {len(tiles)} ({text!r})")
    key = _norm(text)
    found = [t for t in TILES if key in names_of(t)]
    if key in ("flower", "any flower"):
        found = [TILES[34]]
    if not found:
        raise AnswerError(f"{text!r} is neither a tile in the project's notation (5p, 7z, 1f) "
                          "nor a tile's name (5 Circles, Red dragon, East wind, Flower 1)")
    return found[0]


@dataclass
class NameTile(Exercise):
    """Name the tile drawn. ``tile`` is the tile shown."""

    tile: Tile = TILES[0]

    def _same(self, t: Tile) -> bool:
        rules = rules_for(self.rules)
        return int(t) in rules.alike(int(self.tile)) or t == self.tile

    def expected_answer(self) -> str:
        return f"{self.tile.name} ({self.tile})"

    def check(self, answer: str) -> Verdict:
        t = read_tile_answer(answer)
        ok = self._same(t)
        extra = ""
        if self.rules == "american" and self.tile.is_flower:
            extra = " In American play every Flower is the same tile."
        if ok:
            return Verdict(True, self.expected_answer(),
                           f"Yes: {self.tile.name}, written {self.tile}.{extra}")
        return Verdict(False, self.expected_answer(),
                       f"That is {t.name} ({t}); this tile is {self.tile.name}, written "
                       f"{self.tile}.{extra}")


def _make_name_tile(rules: str, seed: int, rng: random.Random) -> Exercise:
    rs = rules_for(rules)
    kinds = sorted(set(rs.tile_set.all_tiles()))
    t = rng.choice(kinds)
    return NameTile("name-tile", rules, seed, "Name this tile.", (str(t),), ("",),
                    "the tile's name or notation, e.g. 5 Circles or 5p", (), tile=t)


_MAKERS: dict[str, Callable[[str, int, random.Random], Exercise]] = {
    "name-tile": _make_name_tile,
}
