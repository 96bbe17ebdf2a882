"""Per-seat views: what one player may know, and nothing more.

A view holds the player's own concealed tiles, everyone's exposed melds, bonus tiles and
discards, the number of concealed tiles of the others, how many tiles remain in the live and
dead walls, and the scores. It never holds another player's concealed tiles or the wall order
(a security property, tested in ``tests/test_engine_views.py``). Declared concealed kongs are
shown with their tile, as two of their tiles are laid face up (004 s05).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ..melds import Meld, parse_meld
from ..scoring import WIND_LETTERS
from ..tiles import Tile, format_tiles, parse_tiles, tiles_from_counts
from ..wall import as_kind
from .actions import Action

if TYPE_CHECKING:
    from ..rules.base import RuleSet
    from .game import Game

__all__ = ["PlayerView", "SeatView", "view_from_json", "view_of"]

#: ``tuple.__new__``: builds a :class:`PlayerView` or a :class:`SeatView` from all its fields
#: in order, without the named tuple's Python-level ``__new__`` (a view per decision; issue 25)
_new_tuple: Final = tuple.__new__


class SeatView(NamedTuple):
    """Public information about one seat (an immutable named tuple: cheap to build)."""

    player: int
    wind: int
    name: str
    concealed_count: int
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    discards: tuple[Tile, ...]
    score: int
    #: the hand is dead (out of play until the next hand; 001 Part one "Dead hands")
    dead: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "wind": WIND_LETTERS[self.wind],
            "name": self.name,
            "concealed_count": self.concealed_count,
            "melds": [m.notation() for m in self.melds],
            # where each meld was claimed from: (claimer - discarder) % 4, null when not
            # claimed (a concealed kong, an American exposure's concealed part...)
            "meld_sources": [m.source for m in self.melds],
            "bonus": format_tiles(self.bonus),
            "discards": format_tiles(self.discards),
            "score": self.score,
            "dead": self.dead,
        }


class PlayerView(NamedTuple):
    """What ``player`` sees. ``counts`` is their own concealed hand by tile index (34 entries,
    or 47 where flowers and jokers are hand tiles; :attr:`concealed` gives the tiles);
    ``drawn`` the tile they just drew (if any); ``seats`` the public information of all four
    seats (by player); ``stage`` the Charleston stage under way (None outside it).
    ``last_discard`` is the tile on offer: in a claim window the discard (``discarder``
    discarded it), in a rob window the tile ``discarder`` adds to an exposed pung."""

    player: int
    rules: str
    phase: str
    hand_number: int
    round_wind: int
    dealer: int
    current: int
    counts: tuple[int, ...]
    drawn: Tile | None
    seats: tuple[SeatView, ...]
    last_discard: Tile | None
    discarder: int | None
    live_wall: int
    dead_wall: int
    legal_actions: tuple[Action, ...]
    #: the winning forms besides four sets and a pair (the rules are public)
    special_forms: tuple[str, ...] = ()
    stage: str | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any], rules: RuleSet | None = None) -> PlayerView:
        """The view ``data`` describes: the inverse of :meth:`to_json`, so that a bot in
        Python over the pipe protocol (``docs/bot-protocol.md``: the ``decide`` message's
        ``view``) rebuilds the very view the engine's bots and encoders read.
        ``PlayerView.from_json(v.to_json()).to_json() == v.to_json()`` for every view ``v``
        of every rule set. ``rules``: the game's rule set; by default the rule set named by
        ``data["rules"]`` with its default options (the options do not change how a view
        reads). Raises ``KeyError`` for a missing key, ``ValueError`` for bad tile text or an
        unknown rule set. Same as :func:`view_from_json`."""
        if rules is None:
            from ..rules import get_rule_set

            rules = get_rule_set(str(data["rules"]))
        return view_from_json(data, rules)

    @property
    def me(self) -> SeatView:
        return self.seats[self.player]

    @property
    def concealed(self) -> tuple[Tile, ...]:
        """The player's concealed tiles, sorted (``counts`` holds them by kind)."""
        return tuple(tiles_from_counts(self.counts))

    def visible_counts(self) -> list[int]:
        """Copies of each playing kind this player can see (own hand, all melds, bonus
        excluded, discards): what "unseen" is measured against. A list as long as
        :attr:`counts`: :attr:`counts` plus :meth:`table_counts`."""
        counts = list(self.counts)
        table = self.table_counts()
        for k in range(len(counts)):
            n = table[k]
            if n:
                counts[k] = counts[k] + n
        return counts

    def table_counts(self) -> tuple[int, ...]:
        """Copies of each kind this player sees outside their own concealed hand: the
        playing tiles of every seat's exposed melds (bonus tiles and a meld's jokers
        excluded) and every discard. As long as :attr:`counts`.

        Worked out from the last answer when it was for as many seats and kinds (the engine
        keeps an unchanged seat's :class:`SeatView`): only a seat whose view is another
        object has its old tiles taken off and its new ones counted (issue 25)."""
        seats = self.seats
        width = len(self.counts)
        last = _TABLE_LAST[0]
        if last is not None and len(last[1]) == width and len(last[0]) == len(seats):
            old_seats = last[0]
            if old_seats is seats:
                return last[1]
            total = list(last[1])
            for x in range(len(seats)):
                seat = seats[x]
                old = old_seats[x]
                if seat is not old:
                    _recount_seat(total, old, seat)
        else:
            total = [0] * width
            for seat in seats:
                _count_seat(total, seat, 1)
        result = tuple(total)
        _TABLE_LAST[0] = (seats, result)
        return result

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "rules": self.rules,
            "phase": self.phase,
            "hand_number": self.hand_number,
            "round_wind": WIND_LETTERS[self.round_wind],
            "dealer": self.dealer,
            "current": self.current,
            "concealed": format_tiles(self.concealed),
            "drawn": str(self.drawn) if self.drawn is not None else None,
            "seats": [s.to_json() for s in self.seats],
            "last_discard": str(self.last_discard) if self.last_discard is not None else None,
            "discarder": self.discarder,
            "live_wall": self.live_wall,
            "dead_wall": self.dead_wall,
            "legal_actions": [a.to_json() for a in self.legal_actions],
            "special_forms": list(self.special_forms),
            "stage": self.stage,
        }


#: the last seats :meth:`PlayerView.table_counts` was asked about, and its answer (one slot,
#: replaced whole, so that a reader never pairs one state's seats with another's counts)
_TABLE_LAST: Final[list[tuple[tuple[SeatView, ...], tuple[int, ...]] | None]] = [None]


def _recount_seat(counts: list[int], old: SeatView, new: SeatView) -> None:
    """Move ``counts`` from seat view ``old``'s tiles to ``new``'s: when the melds are the
    same and the discards differ by the last tile (a discard made, or claimed), only that
    tile; otherwise every tile of both (:func:`_count_seat`)."""
    if old.melds == new.melds:
        before = old.discards
        after = new.discards
        k: int
        if len(after) == len(before) + 1 and after[:len(before)] == before:
            k = as_kind(after[len(before)])
            counts[k] = counts[k] + 1
            return
        if len(after) + 1 == len(before) and before[:len(after)] == after:
            k = as_kind(before[len(after)])
            counts[k] = counts[k] - 1
            return
        if after == before:
            return
    _count_seat(counts, old, -1)
    _count_seat(counts, new, 1)


def _count_seat(counts: list[int], seat: SeatView, step: int) -> None:
    """Add ``step`` to ``counts`` for each tile of one seat's exposed melds (playing kinds
    only) and discards."""
    # (``counts[k] = counts[k] + step``, not ``+=``: mypyc adds an indexed ``+=`` as generic
    # objects; ``as_kind`` reads a Tile as a native integer in the compiled build)
    k: int
    for m in seat.melds:
        for t in m.tiles:
            k = as_kind(t)
            if k < 34:
                counts[k] = counts[k] + step
    for t in seat.discards:
        k = as_kind(t)
        counts[k] = counts[k] + step


def view_from_json(data: dict[str, Any], rules: RuleSet) -> PlayerView:
    """The inverse of :meth:`PlayerView.to_json` (a pipe bot, a web page or a tracker's
    snapshot hands views around as JSON; the public spelling is :meth:`PlayerView.from_json`,
    this function its alias): ``data`` holds the keys ``to_json`` writes; those
    a snapshot lacks take the values of a view between decisions (``phase`` "hand_over",
    no current player, no tile on offer, no legal actions). ``rules`` is the game's rule
    set: its tile set reads the melds (American exposures hold jokers and flowers) and its
    ``hand_kinds`` sizes ``counts`` as the engine does. Raises ``KeyError`` for a missing
    key, ``ValueError`` (a ``NotationError``) for bad tile text."""
    tile_set = rules.tile_set
    counts = [0] * rules.hand_kinds
    for t in parse_tiles(data["concealed"]):
        counts[t] += 1
    seats = tuple(
        SeatView(s["player"], WIND_LETTERS.index(s["wind"]), s["name"], s["concealed_count"],
                 tuple(parse_meld(m, tile_set=tile_set, source=src) for m, src in
                       zip(s["melds"], s.get("meld_sources") or [None] * len(s["melds"]),
                           strict=True)),
                 tuple(parse_tiles(s["bonus"])), tuple(parse_tiles(s["discards"])),
                 s["score"], s.get("dead", False))
        for s in data["seats"])
    current = data.get("current")
    offer = data.get("last_discard")
    drawn = data.get("drawn")
    return PlayerView(
        data["player"], data.get("rules", rules.name), data.get("phase", "hand_over"),
        data["hand_number"], WIND_LETTERS.index(data["round_wind"]), data["dealer"],
        -1 if current is None else current, tuple(counts),
        None if drawn is None else Tile.parse(drawn), seats,
        None if offer is None else Tile.parse(offer), data.get("discarder"),
        data["live_wall"], data["dead_wall"],
        tuple(Action.from_json(a) for a in data.get("legal_actions", ())),
        tuple(data.get("special_forms", ())), data.get("stage"))


def _seat_views(game: Game) -> tuple[SeatView, ...]:
    """Public seat information, shared by the views of one state. Only the seats named by
    the events since the last call (``game._dirty_seats``) are rebuilt."""
    stamp = len(game.events)
    cached = game._seat_cache
    if cached is not None and cached[0] == stamp:
        return cached[1]
    dirty = game._dirty_seats  # (one bit per seat)
    if cached is None:
        dirty = 0b1111
    seats: list[SeatView | None] = list(cached[1]) if cached is not None else [None] * 4
    dealer = game.hand_progress.dealer
    for x in range(4):
        if not dirty >> x & 1:
            continue
        ps = game.players[x]
        concealed = 0  # (a loop over native integers: ``sum`` adds objects)
        for c in ps.counts:
            concealed += c
        seats[x] = _new_tuple(SeatView, (x, (x - dealer) % 4, game.names[x], concealed,
                                         tuple(ps.melds), tuple(ps.bonus),
                                         tuple(ps.discards), game.scores[x], ps.dead))
    result: tuple[SeatView, ...] = tuple(seats)  # type: ignore[arg-type]
    game._dirty_seats = 0
    game._seat_cache = (stamp, result)
    return result


def view_of(game: Game, player: int) -> PlayerView:
    """Build ``player``'s view of ``game`` from public state and their own tiles only."""
    me = game.players[player]
    # (the member's value read from its own attribute: ``Enum.value`` is a Python-level
    # property, a fiftieth of a random-agent hand in the compiled build)
    phase: str = game.phase._value_
    # the drawn tile is shown apart while it is still in the hand (a joker exchange may
    # have given it away)
    in_turn = (phase == "turn" and game.current == player and game.drew
               and game.last_draw is not None and me.counts[game.last_draw] > 0)
    claim = phase == "claim"
    rob = phase == "rob"
    # (the fields in PlayerView's order, through ``tuple.__new__``: the named tuple's own
    # ``__new__`` is Python code, a tenth of the cost of a view in the compiled build)
    return _new_tuple(PlayerView, (
        player,
        game.rules.name,
        phase,
        game.hand_progress.hand_number,
        game.hand_progress.round_wind,
        game.hand_progress.dealer,
        game.current,
        tuple(me.counts),
        # drawn
        game.last_draw if in_turn else None,
        _seat_views(game),
        # last_discard: the tile on offer: a claim window's discard, or the tile a rob
        # window's player adds to their pung (shown to everyone when the kong is declared,
        # 004 s05)
        game.last_discard if claim else game.rob_tile if rob else None,
        # discarder
        game.discarder if claim or rob else None,
        game.wall.live_remaining,
        game.wall.dead_remaining,
        tuple(game._legal(player)),
        game.special_forms,
        # stage
        None if game.stage is None else game.stage.name,
    ))
