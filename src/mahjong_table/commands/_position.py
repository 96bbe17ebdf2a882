"""``--position TEXT|FILE`` for ``analyze`` and ``play``: a situation from a real table, written
as ``engine/position.py`` describes (docs/ARCHITECTURE.md, "Positions")."""

from __future__ import annotations

import os

from ..engine import ActionKind, Game, Phase, events_for
from ..engine.position import Position, parse_position
from ..engine.tracker import ViewTracker
from ..i18n import _
from ..melds import Hand
from ..names import meld_name

__all__ = ["read_position", "position_hand", "offer_text", "closed_window"]


def read_position(value: str) -> tuple[str, Position]:
    """The position text (from the file ``value`` names, or ``value`` itself) and its parse.
    Raises ``ValueError`` (a :class:`~mahjong_table.engine.position.PositionError` or an
    unreadable file) naming the problem."""
    text = value
    if "\n" not in value and ";" not in value and os.path.exists(value):
        try:
            with open(value, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(_("cannot read the position file {file}: {error}").format(
                file=value, error=exc)) from exc
    return text, parse_position(text)


def position_hand(text: str, player: int | None) -> tuple[Game, int, str, str]:
    """Set ``text`` up and give, for ``player`` (default: the player to act), the game, the
    player, their hand in the project's notation and the tiles they can see elsewhere (the
    other seats' melds, bonus tiles aside, and every discard). The player to act is the one
    player whose decision is awaited (in a claim or rob window: the one seat that may claim,
    never the discarder, who has nothing to decide), or, in a Charleston stage, the player
    whose turn it is. Raises ``ValueError`` naming the seats when several may claim: the
    caller then gives ``player``."""
    game = Game.from_position(text, 0)
    if player is None:
        # the one player whose decision it is (a rob window, one claimer), else whose turn
        waiting = game.to_act()
        if len(waiting) > 1 and game.phase in (Phase.CLAIM, Phase.ROB):
            tile = game.last_discard if game.phase is Phase.CLAIM else game.rob_tile
            raise ValueError(_("players {players} may claim {tile}: give --player P to study "
                               "one of them").format(
                players=_(" and ").join(str(q) for q in waiting), tile=tile))
        player = waiting[0] if len(waiting) == 1 else game.current
    p = player
    view = game.view(p)
    hand = Hand(view.concealed, view.me.melds).notation()
    seen = [t for s in view.seats if s.player != p for m in s.melds for t in m.tiles]
    seen += [t for s in view.seats for t in s.discards]
    if game.phase is Phase.ROB and game.rob_tile is not None and game.discarder != p:
        seen.append(game.rob_tile)  # the added tile was shown when the kong was declared
    return game, p, hand, "".join(str(t) for t in seen)


def offer_text(game: Game, player: int) -> str | None:
    """In a claim or rob window: what the tile on offer is and what ``player`` may do with it
    (their legal actions but passing), or None outside a window."""
    if game.phase is Phase.CLAIM and game.last_discard is not None:
        what = _("{tile} discarded by player {p}").format(tile=game.last_discard,
                                                          p=game.discarder)
    elif game.phase is Phase.ROB and game.rob_tile is not None:
        what = _("{tile} being added to a kong by player {p}").format(tile=game.rob_tile,
                                                                      p=game.discarder)
    else:
        return None
    kinds = [a.kind for a in game.legal_actions(player) if a.kind is not ActionKind.PASS]
    if not kinds:
        return _("On offer: {what}; player {p} has no claim on it.").format(what=what, p=player)
    names = sorted({_("Mahjong (robbing the kong)") if k is ActionKind.MAHJONG
                    and game.phase is Phase.ROB else
                    _("Mahjong (a win)") if k is ActionKind.MAHJONG else meld_name(k.value)
                    for k in kinds})
    return _("On offer: {what}; player {p} may claim it: {claims}.").format(
        what=what, p=player, claims=', '.join(names))


def closed_window(game: Game, player: int | None) -> tuple[int, str, str, str] | None:
    """When the position's claim or rob window closed at once (nobody may claim the tile:
    the engine asks no one and plays on, docs/ARCHITECTURE.md "The engine"): ``player``'s
    hand and the tiles they saw as they were at the window, and what the window offered, as
    ``(player, hand, seen, offer)``; None when the position's window is still open or it set
    no window up. Raises ``ValueError`` when the window closed and no ``player`` is given
    (nobody's decision is awaited there)."""
    at = next((i for i, e in enumerate(game.events)
               if e.type in ("claim_window", "rob_window")), None)
    if at is None or (game.phase in (Phase.CLAIM, Phase.ROB) and _still_open(game, at)):
        return None
    window = game.events[at]
    claim = window.type == "claim_window"
    tile = window.data.get("tile")
    by = window.data.get("discarder") if claim else window.data.get("player_adding")
    what = (_("{tile} discarded by player {p}") if claim
            else _("{tile} being added to a kong by player {p}")).format(tile=tile, p=by)
    if player is None:
        raise ValueError((_("nobody may claim {what}: the window closes at once; give "
                            "--player P to study one player's hand there") if claim else
                          _("nobody may rob {what}: the window closes at once; give "
                            "--player P to study one player's hand there")).format(what=what))
    tracker = ViewTracker(player)
    for shown in events_for(list(game.events[:at]), player):
        tracker.update(shown)
    snap = tracker.snapshot()
    mine = snap["seats"][player]
    hand = " ".join([*mine["melds"], snap["concealed"]]).strip()
    seen = [m.strip("[]()") for s in snap["seats"] if s["player"] != player
            for m in s["melds"]]
    seen += [s["discards"] for s in snap["seats"]]
    if not claim and by != player and tile:
        seen.append(str(tile))  # the added tile was shown when the kong was declared
    offer = _("On offer: {what}; player {p} has no claim on it (the window closes at "
              "once).").format(what=what, p=player)
    return player, hand, "".join(seen), offer


def _still_open(game: Game, at: int) -> bool:
    """The window the position set up is the one the game waits on (no later window)."""
    return not any(e.type in ("claim_window", "rob_window", "hand_start", "draw")
                   for e in game.events[at + 1:])
