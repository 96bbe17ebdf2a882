"""Positions: a hand set up from a written situation, and any game state written out.

Like python-chess's FEN, a position is text that round-trips: ``Game.from_position(text)``
sets it up (legal by construction: every tile of the tile set is in exactly one place, and
the game plays on with invariants on), and :func:`position_of` writes any turn or claim
window back in the same form. The form is a few lines (or the same fields separated by
``;``), each a key and its values::

    hongkong rounds=1                      the rule set and its options
    round E; hand 0; dealer 0; passes 0    prevailing wind, hand number, dealer (player 0-3),
                                           times the deal has passed in this round
    scores 0 0 0 0                         running scores by player
    0: 123m456p789s 1122z 3z               player 0: the hand in the project's notation
    1: [777z] 123m456p 11z bonus 1f discards 9m1z     melds, bonus tiles, discards (in order)
    2: ?                                   a hand dealt at random from the unseen tiles
    3: 123m456p789s1122z dead              (American) a dead hand
    3: 123m456p789s112z1f received 1f2m3m  (Charleston) the tiles received in the last pass
    turn 0 drew 3z                         who acts: 0 drew 3z (or: replacement T, claimed,
                                           draws = holds 13 and draws the next tile), and
                                           "exchanged" after a joker exchange this turn
    discard 1 9m                           ... or: a claim window on 1's last discard 9m
    rob 2 5p                               ... or: 2 adds 5p (held) to an exposed pung of 5p
                                           and the others may rob it (004 s05)
    charleston first_left                  ... or (American): the Charleston stage named is
                                           under way, nobody has answered it yet
    courtesy 2 0 2 0                       (in the courtesy pass) the tiles each will pass
    wall 5m6m7m                            the next tiles of the live wall, in order
    wall all 5m6m7m...; replacements 2     ... or the whole untaken wall in drawing order, and
                                           how many replacement tiles were drawn from its far
                                           end (written out by :func:`position_of`)

Omitted keys take their defaults (round E, hand 0, dealer 0, turn = the dealer, scores 0);
an omitted player is dealt at random, like ``?``. Whatever the wall lines leave unsaid is
filled from the unseen tiles, mixed with the game's seed. Exposed melds may name where their
claimed tile came from with ``from`` (``1: [777z] [123m] from 3 1``: seat offsets, 1 = the
player on the left, ``-`` for none), as :attr:`Meld.source` does.

Errors are :class:`PositionError` (a ``ValueError``) naming what is wrong: the line, the
tile with too many copies, the hand of the wrong size, the meld the rule set does not allow.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .._values import reduce_value
from ..melds import Hand, Meld, MeldKind, parse_hand
from ..rules import RULE_SETS, get_rule_set
from ..rules.base import RuleSet
from ..scoring import WIND_LETTERS
from ..tiles import NUM_KINDS, TILES, NotationError, Tile, format_tiles, parse_tiles

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Position", "SeatPosition", "PositionError", "parse_position", "position_of",
           "position_state"]


class PositionError(ValueError):
    """A position that cannot be set up; the message names the problem."""


@dataclass(frozen=True)
class SeatPosition:
    """One player's part of a position. ``concealed`` None means "deal at random"."""

    concealed: tuple[Tile, ...] | None = None
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    discards: tuple[Tile, ...] = ()
    dead: bool = False
    #: in a Charleston: the tiles received in the last pass (what a blind pass passes on)
    received: tuple[Tile, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


@dataclass(frozen=True)
class Position:
    """A situation at the table, as :func:`parse_position` reads it.

    ``turn`` is the player to act; ``how`` says how their turn began: ``"drew"`` (they hold 14
    with ``tile`` just drawn), ``"replacement"`` (the same, after a kong), ``"claimed"`` (after
    claiming a discard), ``"plain"`` (14 tiles, nothing drawn yet: East's first turn),
    ``"draws"`` (13 tiles: the engine draws for them), ``"discard"`` (a claim window on their
    last discard ``tile``), ``"rob"`` (they add ``tile`` to an exposed pung and the others may
    rob it) or ``"charleston"`` (the Charleston stage ``stage`` is under way; ``courtesy`` the
    tiles each player passes in a courtesy pass). ``wall`` is the next live tiles; with
    ``full_wall`` it is every untaken tile in drawing order and ``replacements`` the
    replacement draws already made.
    """

    rules: str
    options: dict[str, Any]
    seats: tuple[SeatPosition, SeatPosition, SeatPosition, SeatPosition]
    round_wind: int = 0
    hand_number: int = 0
    dealer: int = 0
    passes: int = 0
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    turn: int | None = None
    how: str = "plain"
    tile: Tile | None = None
    exchanged: bool = False
    wall: tuple[Tile, ...] = ()
    full_wall: bool = False
    replacements: int = 0
    names: tuple[str, ...] = field(default=())
    stage: str | None = None
    courtesy: tuple[int, int, int, int] = (0, 0, 0, 0)

    def __reduce__(self) -> tuple[Any, ...]:
        # its fields in order: the compiled build pickles and copies it so (issue 44)
        return reduce_value(self)


_HOWS = ("drew", "replacement", "claimed", "draws")
#: the keys that say who acts (one at most)
_WHO_ACTS = ("turn", "discard", "rob", "charleston")


def _player(text: str, where: str) -> int:
    if text not in ("0", "1", "2", "3"):
        raise PositionError(f"{where}: {text!r} is not a player (0-3)")
    return int(text)


def _option_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def _seat(text: str, where: str) -> SeatPosition:
    """``HAND [from S S ..] [bonus TILES] [discards TILES] [dead]``."""
    words = text.split()
    keys = ("from", "bonus", "discards", "dead", "received")
    parts: dict[str, list[str]] = {"hand": []}
    key = "hand"
    for w in words:
        if w in keys:
            if w in parts:
                raise PositionError(f"{where}: {w!r} given twice")
            key = w
            parts[key] = []
        else:
            parts[key].append(w)
    if parts.get("dead"):
        raise PositionError(f"{where}: 'dead' takes no value")
    hand_text = " ".join(parts["hand"])
    try:
        hand = None if hand_text.strip() == "?" else parse_hand(hand_text)
        bonus = tuple(parse_tiles("".join(parts.get("bonus", []))))
        discards = tuple(parse_tiles("".join(parts.get("discards", []))))
        received = tuple(parse_tiles("".join(parts.get("received", []))))
    except NotationError as exc:
        raise PositionError(f"{where}: {exc}") from exc
    melds = () if hand is None else hand.melds
    if "from" in parts:
        sources = parts["from"]
        exposed = [i for i, m in enumerate(melds) if m.exposed]
        if len(sources) != len(exposed):
            raise PositionError(f"{where}: 'from' names {len(sources)} sources for "
                                f"{len(exposed)} exposed melds")
        ms = list(melds)
        for i, src in zip(exposed, sources, strict=True):
            if src not in ("-", "1", "2", "3"):
                raise PositionError(f"{where}: source {src!r} is not 1, 2, 3 or -")
            m = ms[i]
            ms[i] = Meld(m.kind, m.tiles, m.exposed, None if src == "-" else int(src))
        melds = tuple(ms)
    return SeatPosition(None if hand is None else hand.concealed, melds, bonus, discards,
                        "dead" in parts, received)


def parse_position(text: str) -> Position:
    """Read a position (module docstring). Raises :class:`PositionError` naming the line and
    the problem. Checks the form only; :meth:`Game.from_position` checks it against the
    rules (tile counts, hand sizes, melds)."""
    # (line number in the text, field): ``;`` separates fields on one line
    numbered = [(n, part.strip()) for n, chunk in enumerate(text.split("\n"), 1)
                for part in chunk.split(";")]
    numbered = [(n, ln) for n, ln in numbered if ln and not ln.startswith("#")]
    if not numbered:
        raise PositionError("an empty position: the first line names the rule set")
    lines = [ln for _, ln in numbered]
    head = lines[0].split()
    rules = head[0]
    if rules not in RULE_SETS:
        raise PositionError(f"position line {numbered[0][0]} ({lines[0][:30]!r}): unknown "
                            f"rule set {rules!r}: the first line must name a rule set "
                            f"({', '.join(sorted(RULE_SETS))}) and then its options as "
                            f"NAME=VALUE, e.g. 'hongkong rounds=1'")
    options: dict[str, Any] = {}
    for opt in head[1:]:
        name, sep, value = opt.partition("=")
        if not sep or not name:
            raise PositionError(f"position line {numbered[0][0]}: option {opt!r} is not "
                                "NAME=VALUE")
        options[name] = _option_value(value)
    seats: list[SeatPosition | None] = [None, None, None, None]
    fields: dict[str, Any] = {}
    for n, line in numbered[1:]:
        where = f"position line {n} ({line[:30]!r})"
        key, _, rest = line.partition(" ")
        words = rest.split()
        if len(key) == 2 and key.endswith(":"):
            p = _player(key[0], where)
            if seats[p] is not None:
                raise PositionError(f"{where}: player {p} is given twice")
            seats[p] = _seat(rest, where)
            continue
        if key in _WHO_ACTS and any(k in fields for k in _WHO_ACTS):
            raise PositionError(f"{where}: one of {', '.join(_WHO_ACTS)} says who acts; "
                                f"{key!r} is a second")
        if key in fields:
            raise PositionError(f"{where}: {key!r} given twice")
        if key == "round":
            if len(words) != 1 or words[0] not in WIND_LETTERS:
                raise PositionError(f"{where}: the round is one of E, S, W, N")
            fields[key] = WIND_LETTERS.index(words[0])
        elif key in ("hand", "passes", "replacements"):
            if len(words) != 1 or not words[0].isdigit():
                raise PositionError(f"{where}: {key} takes one number")
            fields[key] = int(words[0])
        elif key == "dealer":
            if len(words) != 1:
                raise PositionError(f"{where}: dealer takes one player")
            fields[key] = _player(words[0], where)
        elif key == "scores":
            try:
                scores = tuple(int(w) for w in words)
            except ValueError:
                scores = ()
            if len(scores) != 4:
                raise PositionError(f"{where}: scores takes four numbers")
            fields[key] = scores
        elif key == "turn":
            if not words:
                raise PositionError(f"{where}: turn takes a player")
            p = _player(words[0], where)
            exchanged = words[-1] == "exchanged"
            if exchanged:
                words = words[:-1]
            fields["exchanged"] = exchanged
            how = words[1] if len(words) > 1 else "plain"
            tile = None
            if how in ("drew", "replacement"):
                if len(words) != 3:
                    raise PositionError(f"{where}: 'turn P {how} T' names the tile drawn")
                tile = _one_tile(words[2], where)
            elif how in ("claimed", "draws", "plain"):
                if len(words) > 2:
                    raise PositionError(f"{where}: 'turn P {how}' takes nothing more")
            else:
                raise PositionError(f"{where}: after 'turn P' comes one of "
                                    f"{', '.join(_HOWS)}, not {how!r}")
            fields["turn"] = (p, how, tile)
        elif key in ("discard", "rob"):
            if len(words) != 2:
                who = "discarder" if key == "discard" else "player adding to a pung"
                raise PositionError(f"{where}: '{key} P T' names the {who} and the tile")
            fields[key] = (_player(words[0], where), _one_tile(words[1], where))
        elif key == "charleston":
            if len(words) != 1:
                raise PositionError(f"{where}: 'charleston STAGE' names one stage")
            fields[key] = words[0]
        elif key == "courtesy":
            if len(words) != 4 or not all(w.isdigit() for w in words):
                raise PositionError(f"{where}: courtesy takes four numbers (tiles to pass)")
            fields[key] = tuple(int(w) for w in words)
        elif key == "wall":
            full = bool(words) and words[0] == "all"
            try:
                tiles = tuple(parse_tiles("".join(words[1:] if full else words)))
            except NotationError as exc:
                raise PositionError(f"{where}: {exc}") from exc
            fields["wall"] = (tiles, full)
        elif key == "names":
            if len(words) != 4:
                raise PositionError(f"{where}: names takes four names (no spaces)")
            fields["names"] = tuple(words)
        else:
            raise PositionError(f"{where}: unknown key {key!r} (known: round, hand, dealer, "
                                "passes, scores, 0:-3:, turn, discard, rob, charleston, "
                                "courtesy, wall, replacements, names)")
    dealer = fields.get("dealer", 0)
    turn, how, tile = fields.get("turn", (dealer, "plain", None))
    for key in ("discard", "rob"):
        if key in fields:
            turn, tile = fields[key]
            how = key
    if "charleston" in fields:
        turn, how = dealer, "charleston"
    if "courtesy" in fields and how != "charleston":
        raise PositionError("'courtesy' is given only in a Charleston ('charleston STAGE')")
    wall, full = fields.get("wall", ((), False))
    return Position(
        rules=rules, options=options,
        seats=tuple(s or SeatPosition() for s in seats),  # type: ignore[arg-type]
        round_wind=fields.get("round", 0), hand_number=fields.get("hand", 0), dealer=dealer,
        passes=fields.get("passes", 0), scores=fields.get("scores", (0, 0, 0, 0)),
        turn=turn, how=how, tile=tile, wall=wall, full_wall=full,
        replacements=fields.get("replacements", 0), names=fields.get("names", ()),
        exchanged=fields.get("exchanged", False), stage=fields.get("charleston"),
        courtesy=fields.get("courtesy", (0, 0, 0, 0)))


def _one_tile(text: str, where: str) -> Tile:
    try:
        return Tile.parse(text)
    except NotationError as exc:
        raise PositionError(f"{where}: {exc}") from exc


# ----- checking a position against its rule set -----------------------------------------------


@dataclass
class SetUp:
    """A position checked against its rule set, ready for the engine: every player's tiles
    and the wall in drawing order (``live`` then the rest)."""

    rules: RuleSet
    position: Position
    concealed: list[list[Tile]]
    wall: list[Tile]
    taken: list[Tile]


def _meld_size(rules: RuleSet, m: Meld) -> int:
    return len(m.tiles) if rules.full_meld_count else 3


def _normalise_alike(rules: RuleSet, tiles: list[Tile], pool: list[int]) -> list[Tile]:
    """Interchangeable tiles (American flowers) are written alike (``1f1f``); give each the
    index of a copy still in ``pool`` so that every physical tile is in one place."""
    out: list[Tile] = []
    for t in tiles:
        alike = rules.alike(t)
        if len(alike) > 1 and pool[t] <= 0:
            t = next((TILES[x] for x in alike if pool[x] > 0), t)
        pool[t] -= 1
        out.append(t)
    return out


def set_up(position: Position, seed: int | str) -> SetUp:
    """Check ``position`` against its rule set and deal what it leaves unsaid. Raises
    :class:`PositionError` naming the problem."""
    try:
        rules = get_rule_set(position.rules, **position.options)
    except ValueError as exc:
        raise PositionError(str(exc)) from exc
    tile_set = rules.tile_set
    pool = list(tile_set.copies)
    bonus = rules.bonus_kinds
    p_turn = position.turn if position.turn is not None else position.dealer
    seats = position.seats
    for p, s in enumerate(seats):
        for m in s.melds:
            if m.kind is MeldKind.CHOW and "chow" not in rules.claim_kinds:
                raise PositionError(f"player {p}: {m.notation()} is a chow; the "
                                    f"{rules.title} rules have none")
            if not m.exposed and not rules.declared_kongs:
                raise PositionError(f"player {p}: {m.notation()}: the {rules.title} rules "
                                    "declare no concealed kongs")
            if any(t.is_joker for t in m.tiles):
                if not rules.jokers_in_exposures:
                    raise PositionError(f"player {p}: {m.notation()}: no jokers in the "
                                        f"{rules.title} rules")
                if m.kind is MeldKind.PAIR or len(m.tiles) < 3:
                    raise PositionError(f"player {p}: {m.notation()}: jokers only in groups "
                                        "of three or more")
            if m.kind is MeldKind.PAIR:
                raise PositionError(f"player {p}: {m.notation()}: a pair is never exposed")
            kind_name = m.kind.value
            if m.exposed and m.kind is not MeldKind.CHOW and kind_name not in rules.claim_kinds:
                raise PositionError(f"player {p}: {m.notation()}: the {rules.title} rules "
                                    f"expose no {kind_name}")
        for t in s.bonus:
            if t not in bonus:
                raise PositionError(f"player {p}: {t} is not a bonus tile in the "
                                    f"{rules.title} rules")
        if s.concealed is not None:
            for t in s.concealed:
                if t in bonus:
                    raise PositionError(f"player {p}: {t} is a bonus tile: write it after "
                                        "'bonus' (it is exposed and replaced)")
                if t >= rules.hand_kinds:
                    raise PositionError(f"player {p}: {t} is not played in the "
                                        f"{rules.title} rules")
        if s.dead and not rules.calls_dead_hands() and rules.false_mahjong_mode() != "dead":
            raise PositionError(f"player {p}: a dead hand needs an option that makes one "
                                "(American false_mahjong=dead or dead_exposures=true)")
    groups: list[tuple[str, list[Tile]]] = []
    for p, s in enumerate(seats):
        groups.append((f"player {p}'s melds", [t for m in s.melds for t in m.tiles]))
        groups.append((f"player {p}'s bonus tiles", list(s.bonus)))
        groups.append((f"player {p}'s discards", list(s.discards)))
    for p, s in enumerate(seats):
        if s.concealed is not None:
            groups.append((f"player {p}'s concealed tiles", list(s.concealed)))
    groups.append(("the wall", list(position.wall)))
    # melds, bonus tiles and discards first, then the given concealed hands, then the wall
    try:
        tile_set.check_counts([t for _, tiles in groups for t in tiles])
    except NotationError as exc:
        holders = [what for what, tiles in groups if tiles]
        raise PositionError(f"{exc} (counting {', '.join(holders)})") from exc
    normalised = [(what, _normalise_alike(rules, tiles, pool)) for what, tiles in groups]
    by_name = dict(normalised)
    concealed: list[list[Tile]] = []
    unseen = [TILES[k] for k in range(NUM_KINDS) for _ in range(max(pool[k], 0))]
    rng = random.Random(f"{seed}/position")
    rng.shuffle(unseen)
    # hand sizes
    for p, s in enumerate(seats):
        melded = sum(_meld_size(rules, m) for m in s.melds)
        if position.how == "discard":
            want = 13
        else:
            want = 14 if p == p_turn and position.how != "draws" else 13
        if s.concealed is None:
            need = want - melded
            if need < 0 or len(unseen) < need:
                raise PositionError(f"player {p}: no room for a random hand")
            # a random hand takes no bonus tiles (they would be exposed and replaced)
            hand: list[Tile] = []
            rest: list[Tile] = []
            for t in unseen:
                if len(hand) < need and t not in bonus and t < rules.hand_kinds:
                    hand.append(t)
                else:
                    rest.append(t)
            if len(hand) < need:
                raise PositionError(f"player {p}: not enough unseen tiles for a random hand")
            unseen = rest
            concealed.append(sorted(hand))
        else:
            given = by_name[f"player {p}'s concealed tiles"]
            n = len(given) + melded
            if n != want and not (s.dead and n in (13, 14)):
                kongs = "" if rules.full_meld_count else " (a kong counts as three)"
                raise PositionError(f"player {p} holds {n} tiles{kongs}; "
                                    f"expected {want}")
            concealed.append(list(given))
    if position.how in ("drew", "replacement") and not position.exchanged:
        assert position.tile is not None
        if position.tile not in concealed[p_turn]:
            raise PositionError(f"player {p_turn} is said to have drawn {position.tile} but "
                                "does not hold it")
    if position.how == "discard":
        ds = seats[p_turn].discards
        if not ds or ds[-1] != position.tile:
            raise PositionError(f"player {p_turn}'s last discard is not {position.tile}")
    if position.how == "rob":
        _check_rob(rules, position, p_turn, concealed[p_turn])
    if position.how == "charleston":
        _check_charleston(rules, position, concealed)
    elif any(s.received for s in seats):
        raise PositionError("'received' is given only in a Charleston ('charleston STAGE')")
    if sum(position.scores) != 0:
        raise PositionError(f"the scores {list(position.scores)} do not sum to zero")
    if position.how == "claimed" and not any(m.source for m in seats[p_turn].melds):
        raise PositionError(f"player {p_turn} is said to have claimed but has no claimed "
                            "meld")
    wall = list(by_name["the wall"])
    if position.full_wall:
        if unseen:
            raise PositionError(f"'wall all' leaves {len(unseen)} tiles in no place: "
                                f"{format_tiles(sorted(unseen))}")
    else:
        wall += unseen
    taken = [t for what, tiles in normalised if what != "the wall" for t in tiles]
    # concealed hands given at random are taken from the unseen tiles too
    for p, s in enumerate(seats):
        if s.concealed is None:
            taken += concealed[p]
    live = len(wall) - rules.dead_wall_tiles
    if live < (1 if position.how == "draws" else 0):
        raise PositionError(f"the wall holds {len(wall)} tiles: too few for a hand")
    return SetUp(rules, position, concealed, wall, taken)


def _check_rob(rules: RuleSet, position: Position, p: int, concealed: list[Tile]) -> None:
    """``rob P T``: P holds T and an exposed pung of T (004 s05, robbing the kong)."""
    t = position.tile
    assert t is not None
    if not rules.robbing_kong:
        raise PositionError(f"the {rules.title} rules have no robbing of an added kong")
    if t not in concealed:
        raise PositionError(f"player {p} adds {t} to a pung but does not hold it")
    if not any(m.kind is MeldKind.PUNG and m.exposed and m.tile == t
               for m in position.seats[p].melds):
        raise PositionError(f"player {p} adds {t} but has no exposed pung of {t}")


def stage_index(rules: RuleSet, name: str) -> int:
    """The index of the Charleston stage called ``name`` among ``rules.charleston_stages()``.
    Raises :class:`PositionError` naming the stages there are."""
    names = [st.name for st in rules.charleston_stages()]
    if not names:
        raise PositionError(f"the {rules.title} rules have no Charleston")
    if name not in names:
        raise PositionError(f"{name!r} is not a Charleston stage of these rules "
                            f"(stages: {', '.join(names)})")
    return names.index(name)


def _check_charleston(rules: RuleSet, position: Position, concealed: list[list[Tile]]) -> None:
    """A Charleston stage (001 Part one 06) comes before any play: no melds, bonus tiles or
    discards; the tiles received are in the hand; a courtesy pass's numbers are agreed by
    the players opposite each other, and at most the stage's count."""
    stage = rules.charleston_stages()[stage_index(rules, position.stage or "")]
    for p, s in enumerate(position.seats):
        if s.melds or s.bonus or s.discards:
            raise PositionError(f"player {p}: in the Charleston nobody has melds, bonus "
                                "tiles or discards yet")
        have = list(concealed[p])
        for t in s.received:
            if t not in have:
                raise PositionError(f"player {p} is said to have received {t} but does not "
                                    "hold it")
            have.remove(t)
        if len(s.received) > 3:
            raise PositionError(f"player {p}: a pass brings at most 3 tiles, not "
                                f"{len(s.received)}")
    courtesy = position.courtesy
    if any(courtesy):
        if stage.kind != "courtesy_pass":
            raise PositionError(f"'courtesy' is given only in the courtesy pass, not in "
                                f"{stage.name!r}")
        for p in range(4):
            o = (p + stage.offset) % 4
            if courtesy[p] != courtesy[o] or courtesy[p] > stage.count:
                raise PositionError(f"courtesy {' '.join(map(str, courtesy))}: players "
                                    f"opposite each other pass the same number, 0-"
                                    f"{stage.count}")


# ----- writing a position out -------------------------------------------------------------------


def position_of(game: Game) -> str:
    """Write ``game``'s state as a position that :meth:`Game.from_position` sets up again to
    the same state, in a turn, a claim window, a rob window or a Charleston stage (the answers
    already given in a window or stage are secret and not part of a position: it opens anew).
    Raises :class:`PositionError` once the game is over."""
    from .game import Phase

    if game.phase is Phase.GAME_OVER:
        raise PositionError("the game is over: there is no position to write")
    rules = game.rules
    opts = " ".join(f"{k}={_opt_text(v)}" for k, v in rules.options.items())
    prog = game.hand_progress
    lines = [f"{rules.name} {opts}".strip(),
             f"round {WIND_LETTERS[prog.round_wind]}; hand {prog.hand_number}; "
             f"dealer {prog.dealer}; passes {prog.dealer_passes}",
             "scores " + " ".join(str(s) for s in game.scores)]
    for p, ps in enumerate(game.players):
        hand = Hand(tuple(ps.concealed_tiles()), tuple(ps.melds)).notation()
        parts = [f"{p}: {hand}"]
        if any(m.source is not None for m in ps.melds if m.exposed):
            parts.append("from " + " ".join("-" if m.source is None else str(m.source)
                                             for m in ps.melds if m.exposed))
        if ps.bonus:
            parts.append("bonus " + format_tiles(ps.bonus))
        if ps.discards:
            parts.append("discards " + format_tiles(ps.discards))
        if ps.dead:
            parts.append("dead")
        received = game.received_in_last_pass(p)
        if game.phase is Phase.CHARLESTON and received:
            parts.append("received " + format_tiles(received))
        lines.append(" ".join(parts))
    exchanged = " exchanged" if game.exchanged else ""
    stage = game.stage
    if stage is not None:
        lines.append(f"charleston {stage.name}")
        if stage.kind == "courtesy_pass":
            lines.append("courtesy " + " ".join(str(game.courtesy_number(p)) for p in range(4)))
    elif game.phase is Phase.ROB:
        assert game.discarder is not None and game.rob_tile is not None
        lines.append(f"rob {game.discarder} {game.rob_tile}")
    elif game.phase is Phase.CLAIM:
        assert game.discarder is not None and game.last_discard is not None
        lines.append(f"discard {game.discarder} {game.last_discard}")
    elif game.replacement_draw and game.drew and game.last_draw is not None:
        lines.append(f"turn {game.current} replacement {game.last_draw}{exchanged}")
    elif game.drew and game.last_draw is not None:
        lines.append(f"turn {game.current} drew {game.last_draw}{exchanged}")
    elif not game.drew and game.claimed_from is not None:
        lines.append(f"turn {game.current} claimed{exchanged}")
    else:
        lines.append(f"turn {game.current}{exchanged}")
    wall = game.wall
    lines.append("wall all " + format_tiles(wall.untaken_in_order()))
    lines.append(f"replacements {wall.tail}")
    return "\n".join(lines)


def _opt_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def seat_sources(melds: Sequence[Meld]) -> list[int | None]:
    """The sources of the exposed melds, in order (for tests and tools)."""
    return [m.source for m in melds if m.exposed]


def position_state(game: Game) -> tuple[Any, ...]:
    """Everything a position carries, for comparing two games (a position written out and
    set up again must give an equal value): every tile's place and order, whose decision it
    is and how the turn began, the wall, scores and progress, and every legal action. The
    discard and declaration counters count only as far as they decide the heavenly and
    earthly hands (none yet; one discard)."""
    from .game import Phase

    turn = game.phase is Phase.TURN
    claim = game.phase is Phase.CLAIM
    rob = game.phase is Phase.ROB
    stage = game.stage
    return (
        stage, [game.received_in_last_pass(p) for p in range(4)] if stage else None,
        [game.courtesy_number(p) for p in range(4)] if stage else None,
        game.rob_tile if rob else None, game.discarder if rob else None,
        [(ps.counts, ps.melds, ps.bonus, ps.discards, ps.dead) for ps in game.players],
        game.current, game.phase, game.drew,
        game.last_draw if turn and game.drew else None,
        game.replacement_draw if turn else None,
        game.last_discard if claim else None, game.discarder if claim else None,
        game.exchanged, game.claimed_from if turn else None,
        game.wall.untaken_in_order(), game.wall.live_remaining, game.wall.dead_remaining,
        list(game.scores), game.hand_progress, min(game.discards_made, 2),
        min(game.declarations, 1),
        [sorted(map(str, game.legal_actions(p))) for p in range(4)],
    )
