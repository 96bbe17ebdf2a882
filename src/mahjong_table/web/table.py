"""One live table: the game, its bots, its clients, and the rules of the room.

A :class:`LiveTable` owns one :class:`~mahjong_table.engine.Game`, rebuilt from the stored seed,
options and actions (the record path). Everything that changes it runs on the server's event
loop through :meth:`LiveTable.submit` (a person) or the table's driver task (bots and the claim
countdown), one action at a time under a lock:

1. the engine verifies the action (an illegal one gets the engine's message, nothing changes);
2. the action is stored (committed) — only then is it applied and acknowledged;
3. every client is sent what its seat may see: ``game.view(seat)`` and the events
   ``events_for(events, seat)`` (a spectator: the public part only).

Timing tells nothing (issue 9 item 5): every claim window and rob window lasts at least
``claim_pause`` seconds for everybody, whether or not anyone can claim. When nobody can, the
engine closes the window at once and goes on; the table then holds back what followed and
sends each seat the view at the window, rebuilt by a :class:`~mahjong_table.engine.tracker.
ViewTracker` from the events that seat was shown, until the pause is over. While such a
delivery is held, no action is taken. Bots answer a window only when the pause is over; a
person who may claim has ``claim_seconds`` to answer, after which the table passes for them.
Bots wait ``bot_delay`` seconds before acting so that a person can follow, and choose on a
worker thread so that the event loop never blocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import os
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..advisor import advise
from ..engine import Action, ActionKind, Game, IllegalActionError, PlayerView
from ..engine.actions import EXPOSURE_SIZES
from ..engine.events import Event
from ..engine.game import Phase
from ..engine.tracker import ViewTracker
from ..i18n import N_, _, language, npgettext, pgettext, use_language
from ..message import shown
from ..names import suit_name, tile_label
from ..players import BOTS, Player, default_bot, make_bot
from ..rules import RuleSet, get_rule_set
from ..tiles import Tile
from .board import board_for
from .store import TableRow

__all__ = ["TableSettings", "LiveTable", "Client", "SPECTATOR", "ActionRefused",
           "build_game", "make_bots", "rebuild", "replay_prefix", "hands_started",
           "public_view",
           "action_label", "client_language"]

log = logging.getLogger("mahjong_table.web")

#: the seat number of a spectator
SPECTATOR = -1
#: shown events sent with each state message (the table's log)
LOG_EVENTS = 40
#: seconds a person's seat may have no connected page before the person is marked away
AWAY_GRACE = 1.5
#: the fields of a state message that change with time alone (not compared when deciding
#: whether a client needs a new message: a message sent only because time passed would tell
#: the others that something secret happened)
_VOLATILE = ("window", "clock", "ready_left")


#: a fault injection point for the tests that kill a server between storing a person's action
#: and acknowledging it (issue 42 item 4): ``person-action-stored`` (or
#: ``person-action-before-store``) in the environment variable ``MAHJONG_TABLE_FAILPOINT``
#: makes the table stop there for an hour, as a process that dies at that moment would.
#: Never set in production; read once at start.
FAILPOINT = os.environ.get("MAHJONG_TABLE_FAILPOINT", "")


async def _hang(where: str) -> None:
    log.warning("failpoint %s: a person's action stops %s", FAILPOINT, where)
    await asyncio.sleep(3600)


def _key(msg: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in msg.items() if k not in _VOLATILE}


@dataclass(frozen=True)
class TableSettings:
    """A table's timing and room rules, chosen when it is created (times in seconds).

    ``claim_seconds``: how long a person may take to answer a claim window before the server
    passes for them. ``claim_pause``: how long every claim and rob window lasts at least, for
    every client alike, whether or not anyone can claim. ``bot_delay``: how long a bot waits
    before acting. ``turn_seconds``: the clock of every other decision a person makes (a
    turn, a Charleston pass, a vote, a courtesy pass); when it runs out the table plays the
    seat's safe default. ``ready_seconds``: after a hand, the next starts when every person
    pressed Ready or this time has passed. ``away_after``: clocks run out in a row before a
    person is marked away (a bot plays the seat until they take it back). ``away_bot``: the
    bot that plays an away person's seat ("" the rule set's default bot).
    ``spectator_chat``: spectators may write in the table chat."""

    claim_seconds: float = 12.0
    claim_pause: float = 1.2
    bot_delay: float = 0.7
    turn_seconds: float = 60.0
    ready_seconds: float = 30.0
    away_after: float = 2.0
    away_bot: str = ""
    spectator_chat: bool = False

    #: (name, low, high, help) of each number setting, for the lobby form and its checks
    FIELDS = (
        ("claim_seconds", 2.0, 120.0,
         N_("seconds a person has to answer a claim window before the server passes for "
            "them")),
        ("claim_pause", 0.0, 10.0,
         N_("seconds every claim window lasts at least, for everybody, whether or not anyone "
            "can claim (so timing tells nothing)")),
        ("bot_delay", 0.0, 10.0, N_("seconds a bot waits before it acts (pace to follow)")),
        ("turn_seconds", 3.0, 600.0,
         N_("seconds a person has for a turn, a Charleston pass or a vote before the server "
            "plays the safe default for them")),
        ("ready_seconds", 1.0, 600.0,
         N_("after a hand, seconds before the next starts if not everybody pressed Ready")),
        ("away_after", 1.0, 20.0,
         N_("clocks run out in a row before a person is marked away and a bot plays the seat "
            "(until they take it back)")),
    )

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        """Settings from a mapping (missing keys take their defaults). Raises ``ValueError``
        naming a value out of range."""
        values: dict[str, Any] = {}
        for name, low, high, _help in cls.FIELDS:
            if name in data:
                v = float(data[name])
                if not low <= v <= high:
                    raise ValueError(_("table setting {name}={value} is out of range "
                                       "{low}-{high}").format(name=name, value=f"{v:g}",
                                                              low=f"{low:g}", high=f"{high:g}"))
                values[name] = v
        if "away_bot" in data:
            bot = str(data["away_bot"] or "")
            if bot and bot not in BOTS:
                raise ValueError(_("away_bot: unknown bot {name}").format(name=repr(bot)))
            values["away_bot"] = bot
        if "spectator_chat" in data:
            values["spectator_chat"] = bool(data["spectator_chat"])
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: getattr(self, name) for name, *_ in self.FIELDS}
        out["away_bot"] = self.away_bot
        out["spectator_chat"] = self.spectator_chat
        return out


class ActionRefused(Exception):
    """An action the table does not take: illegal (the engine's message), stale (sent for a
    decision that has passed), out of turn, or sent while the table pauses."""

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message)
        self.code = code


class Client(Protocol):
    """One connected client of a seat (or a spectator). ``send`` must not block: it queues.
    A client may have a ``lang`` (``"it"``): its messages are then built in that language
    (see :func:`client_language`)."""

    seat: int

    def send(self, message: dict[str, Any]) -> None: ...


def client_language(client: Client) -> str:
    """The language ``client``'s messages are built in (issue 23): its ``lang``, else the
    language in force (a client without one: the tests' recording clients)."""
    lang = getattr(client, "lang", None)
    return lang if isinstance(lang, str) else language()


def action_label(a: Action, *, claimed: Tile | None = None, drawn: Tile | None = None) -> str:
    """An action as the page's button says it, in the language in force: ``"Discard 5
    Circles (5p)"``, ``"Pung Red dragon (7z)"``, ``"Chow 3-4-5 Bamboo (345s)"``, ``"Mahjong!
    Win on your own draw"``, ``"Pass"``; in English the same words as the line mode's menu
    (``tui.line.describe_action``, tested). ``claimed``: the tile on offer (a discard, or
    a tile being added to a kong); ``drawn``: the tile just drawn."""
    k = a.kind
    if k is ActionKind.DISCARD:
        assert a.tile is not None
        if drawn is not None and a.tile == drawn:
            return pgettext("web", "Discard {tile} - drawn").format(tile=tile_label(a.tile))
        return pgettext("web", "Discard {tile}").format(tile=tile_label(a.tile))
    if k is ActionKind.MAHJONG:
        if claimed is not None:
            return pgettext("web", "Mahjong! Win on {tile}").format(tile=tile_label(claimed))
        return pgettext("web", "Mahjong! Win on your own draw")
    if k is ActionKind.PASS:
        return pgettext("web", "Pass")
    if k is ActionKind.CHOW:
        assert a.tile is not None
        r = a.tile.rank
        return pgettext("web", "Chow {ranks} {suit} ({notation})").format(
            ranks=f"{r}-{r + 1}-{r + 2}", suit=suit_name(a.tile.suit),
            notation=f"{r}{r + 1}{r + 2}{a.tile.suit}")
    if k in EXPOSURE_SIZES:
        word = {"pung": pgettext("web", "Pung"), "kong": pgettext("web", "Kong"),
                "quint": pgettext("web", "Quint"), "sextet": pgettext("web", "Sextet")
                }.get(k.value, k.value.capitalize())
        text = (pgettext("web", "{meld} {tile}").format(meld=word, tile=tile_label(claimed))
                if claimed is not None else word)
        if a.jokers:
            text = npgettext("web", "{action} using {n} joker", "{action} using {n} jokers",
                             a.jokers).format(action=text, n=a.jokers)
        return text
    if k is ActionKind.CHARLESTON_CONTINUE:
        return pgettext("web", "Continue: play the second Charleston (left, over, right)")
    if k is ActionKind.CHARLESTON_STOP:
        return pgettext("web", "Stop: no second Charleston")
    if k is ActionKind.COURTESY_ASK:
        n = a.number or 0
        if not n:
            return pgettext("web", "Ask for none (no courtesy pass)")
        return npgettext("web", "Ask for {n} tile", "Ask for {n} tiles", n).format(n=n)
    if k is ActionKind.JOKER_EXCHANGE:
        assert a.tile is not None
        return pgettext("web", "Exchange your {tile} for a joker (player {target}'s exposure)"
                        ).format(tile=tile_label(a.tile), target=a.target)
    if k is ActionKind.CALL_DEAD:
        return pgettext("web", "Call player {target}'s hand dead").format(target=a.target)
    if k is ActionKind.CONCEALED_KONG:
        assert a.tile is not None
        return pgettext("web", "Kong {tile} - declare the four in your hand (concealed kong)"
                        ).format(tile=tile_label(a.tile))
    if k is ActionKind.ADDED_KONG:
        assert a.tile is not None
        return pgettext("web", "Kong {tile} - add it to your exposed pung").format(
            tile=tile_label(a.tile))
    return str(a)


def make_bots(row: TableRow, rules: RuleSet, hand: int = 1) -> list[Player | None]:
    """The table's bots for its hand number ``hand`` (1, 2 ...: the count of hands started;
    None for a person's seat), seeded ``f"{seed}/{seat}/h{hand}"``. A table's bots are new at
    each hand (issue 20): what a bot keeps (its generator, what it saw) then depends only on
    the hand in play, so that a table rebuilt from its stored actions re-asks its bots only
    the decisions of that hand, never those of the hands before, and plays on exactly as
    it would have."""
    return [None if kind == "human" else make_bot(kind, f"{row.seed}/{i}/h{hand}",
                                                  row.names[i], rules=rules)
            for i, kind in enumerate(row.seats)]


def shown_counts(events: Sequence[Event]) -> list[int]:
    """How many of ``events`` each seat (0-3) is shown: ``len(events_for(events, seat))``
    without building them (an event is hidden from a seat only when it is secret and not
    that seat's own)."""
    secret_total = 0
    secret_of = [0, 0, 0, 0]
    for e in events:
        if e.secret:
            secret_total += 1
            if e.player is not None and 0 <= e.player < 4:
                secret_of[e.player] += 1
    return [len(events) - secret_total + secret_of[s] for s in range(4)]


def tracker_feed(events: Sequence[Event]) -> list[Event]:
    """The events a :class:`~mahjong_table.engine.tracker.ViewTracker` needs to stand where
    all of ``events`` would leave it: what it keeps from past hands is the players' names
    (``game_start``) and the scores (the last ``hand_end``); everything else starts again
    at each ``hand_start``. So: the game's start, then from the last ``hand_end`` before the
    hand in play (or from its ``hand_start``) on."""
    start = None
    for i in range(len(events) - 1, -1, -1):
        if events[i].type == "hand_start":
            start = i
            break
    if start is None:
        return list(events)
    for j in range(start - 1, -1, -1):
        if events[j].type == "hand_end":
            start = j
            break
    head = [e for e in events[:min(start, 1)] if e.type == "game_start"]
    return head + list(events[start:])


def last_shown(events: Sequence[Event], viewer: int, n: int) -> list[dict[str, Any]]:
    """The last ``n`` events ``viewer`` was shown, oldest first (``events_for(events,
    viewer)[-n:]``, read from the end)."""
    out: list[dict[str, Any]] = []
    for i in range(len(events) - 1, -1, -1):
        if len(out) >= n:
            break
        shown = events[i].seen_by(viewer)
        if shown is not None:
            out.append(shown)
    out.reverse()
    return out


def hands_started(events: Sequence[Event]) -> int:
    """How many hands have started among ``events`` (``hand_start`` events)."""
    return sum(1 for e in events if e.type == "hand_start")


def rebuild(row: TableRow, actions: Sequence[dict[str, Any]]
            ) -> tuple[Game, list[Player | None], list[tuple[int, PlayerView]]]:
    """A stored table's game, the bots of its hand in play, and what those bots must be
    asked again (issue 20 item 3). The stored actions are applied to ``Game(rules, seed)``
    without asking any bot (about 0.05 ms an action). A table's bots are new at each hand
    (see :func:`make_bots`), so to play on exactly as they would have, each bot needs only
    its stored decisions of the hand in play again: their views are returned, (seat, view)
    in order, for :class:`LiveTable` to ask on its bot thread before that hand's next bot
    decision, never while rebuilding. Raises ``ValueError`` if the actions do not replay."""
    rules = get_rule_set(row.rules, **row.options)
    game = Game(rules, row.seed, max_hands=row.max_hands, names=list(row.names))
    bot_seats = {i for i, kind in enumerate(row.seats) if kind != "human"}
    again: list[tuple[int, PlayerView]] = []
    for i, a in enumerate(actions):
        try:
            action = Action.from_json(a)
            if action.player in bot_seats:
                again.append((action.player, game.view(action.player)))
            new = game.apply(action)
        except (ValueError, KeyError) as exc:
            raise ValueError(f"table {row.id}: stored action {i} {a} does not replay: "
                             f"{exc}") from exc
        if any(e.type == "hand_start" for e in new):
            again = []  # a new hand: new bots, nothing of the last hand to ask them
    return game, make_bots(row, game.rules, hands_started(game.events)), again


def replay_prefix(row: TableRow, actions: Sequence[dict[str, Any]]
                  ) -> tuple[Game, int, str | None]:
    """A stored game replayed as far as its actions replay (issue 42: a broken room's
    record): the game, how many actions were applied, and why the next one was not (None:
    all were)."""
    rules = get_rule_set(row.rules, **row.options)
    game = Game(rules, row.seed, max_hands=row.max_hands, names=list(row.names))
    for i, a in enumerate(actions):
        try:
            game.apply(Action.from_json(a))
        except (ValueError, KeyError, TypeError) as exc:
            return game, i, f"stored action {i} does not replay: {type(exc).__name__}: {exc}"
    return game, len(actions), None


def build_game(row: TableRow, actions: Sequence[dict[str, Any]] = (),
               bots: Sequence[Player | None] | None = None, *, game: Game | None = None
               ) -> Game:
    """The game of a stored table, with its stored actions applied in order (to ``game``
    when given: the actions that follow those it has). With ``bots``, each bot is asked
    again for each of its stored decisions on the way (its answer is not used), so that its
    generator and any state it keeps are where they were and it plays on as it would have
    (see :func:`rebuild`, which asks them only about the hand in play). Raises
    ``ValueError`` if the actions do not replay."""
    if game is None:
        rules = get_rule_set(row.rules, **row.options)
        game = Game(rules, row.seed, max_hands=row.max_hands, names=list(row.names))
    for i, a in enumerate(actions):
        try:
            action = Action.from_json(a)
            bot = bots[action.player] if bots is not None else None
            if bot is not None:
                bot.choose(game.view(action.player))
            game.apply(action)
        except (ValueError, KeyError) as exc:
            raise ValueError(f"table {row.id}: stored action {i} {a} does not replay: "
                             f"{exc}") from exc
    return game


def public_view(view_json: dict[str, Any]) -> dict[str, Any]:
    """The public part of a view (for spectators): no concealed tiles, no drawn tile, no
    legal actions."""
    out = dict(view_json)
    out["player"] = SPECTATOR
    out["concealed"] = ""
    out["drawn"] = None
    out["legal_actions"] = []
    return out


#: an action's JSON fields and the types each may have (None: absent)
_ACTION_FIELDS: dict[str, tuple[type, ...]] = {
    "kind": (str,), "player": (int, type(None)), "tile": (str, type(None)),
    "tiles": (str, type(None)), "jokers": (int, type(None)), "target": (int, type(None)),
    "number": (int, type(None)),
}


def _action_shape_problem(data: dict[str, Any]) -> str | None:
    """What is wrong with the shape of an action's JSON from a client (no kind, a field of
    the wrong type), or None; other fields are ignored and the engine judges the values."""
    if "kind" not in data:
        return "no kind"
    for key, types in _ACTION_FIELDS.items():
        value = data.get(key)
        if key in data and (not isinstance(value, types) or isinstance(value, bool)):
            return f"{key} is a JSON {type(value).__name__}"
    return None


def _data_words(*events: dict[str, Any] | None, last: Any = None) -> dict[str, str]:
    """The words a state message shows from its events' data (scoring item names, a limit
    hand's name: English in the data, translated where they are defined), each English word
    to its translation in the language in force; only the words that change. ``last``: the
    game's last hand result, whose score items are messages that show themselves (a name
    with values, "Pung of White dragons", is no catalogue entry of its own)."""
    out: dict[str, str] = {}
    score_of_last = getattr(last, "score", None)
    for item in getattr(score_of_last, "items", None) or ():
        for text in (item.name, getattr(item, "explanation", None)):
            show = getattr(text, "shown", None)
            if callable(show):
                translated = str(show())
                if translated != text:
                    out[str(text)] = translated
    for e in events:
        result = (e or {}).get("result") or {}
        score = result.get("score") or {}
        names = [it.get("name") for it in score.get("items") or []]
        names.append(score.get("limit"))
        for name in names:
            if isinstance(name, str) and name:
                text = shown(name)
                if text != name:
                    out[name] = text
    return out


def _window_index(events: Sequence[Event]) -> int | None:
    for i, e in enumerate(events):
        if e.type in ("claim_window", "rob_window"):
            return i
    return None


class LiveTable:
    """A table being played (see the module docstring).

    ``save`` stores one action (``await save(seq, action_json)``; it must commit before
    returning); ``on_finished`` is awaited once when the game ends. ``clock`` is the event
    loop's clock."""

    def __init__(self, row: TableRow, game: Game,
                 save: Callable[[int, dict[str, Any]], Awaitable[None]],
                 on_finished: Callable[[], Awaitable[None]] | None = None,
                 bots: list[Player | None] | None = None,
                 run_bot: Callable[[Callable[[PlayerView], Action], PlayerView],
                                   Awaitable[Action]] | None = None,
                 on_room_state: Callable[[], None] | None = None,
                 ask_again: Sequence[tuple[int, PlayerView]] = (),
                 on_crash: Callable[[BaseException], None] | None = None) -> None:
        self.row = row
        self.id = row.id
        self.game = game
        self.settings = TableSettings.from_json(row.settings)
        self._save = save
        self._on_finished = on_finished
        #: hands started so far; the bots are new at each (see :func:`make_bots`)
        self.hands = hands_started(game.events)
        #: the bots of the hand in play (None for a person's seat): those :func:`rebuild` gives
        self.bots: list[Player | None] = (bots if bots is not None
                                          else make_bots(row, game.rules, self.hands))
        #: the bots' stored decisions of the hand in play, asked again (answers unused)
        #: before their next decision, so that they play on as they would have
        self._ask_again: list[tuple[int, PlayerView]] = list(ask_again)
        #: runs a bot's choice off the event loop (the server's bot pool; a thread at default)
        self._run_bot = run_bot
        #: called when the room state (away, Ready, clocks) changed: the server stores it
        self._on_room_state = on_room_state
        #: called (from the driver, which then stops) when the driver fails: a bug. The
        #: server drops the room and rebuilds it later (issue 42: never frozen silently)
        self._on_crash = on_crash
        self.clients: set[Client] = set()
        self._last_sent: dict[Client, dict[str, Any]] = {}
        self._lock = asyncio.Lock()
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        #: per seat: its current decision's number (None: no decision): how many events the
        #: seat had been shown when the decision opened. It counts only what the seat may
        #: see (another seat's secret claim answer is no event of its), and it grows from
        #: one decision of the seat to the next (its own action is an event it is shown)
        self.offers: list[int | None] = [None] * 4
        #: per seat: events shown to it among the first ``self._counted`` of the game
        self._shown = shown_counts(game.events)
        self._counted = len(game.events)
        #: events released to clients so far (the rest are held for a claim pause)
        self.released = len(game.events)
        #: a held delivery: (release time, per-seat window views)
        self._hold: tuple[float, dict[int, dict[str, Any]]] | None = None
        #: no window resolves before this time (claim pause)
        self.window_until = 0.0
        #: a person's claim answer is due by this time (then the table passes for them)
        self.claim_deadline: float | None = None
        self._acted_at = 0.0
        #: per seat: what it was shown, as a view tracker (made when first needed: see
        #: :attr:`trackers`)
        self._trackers: dict[int, ViewTracker] | None = None
        #: per seat: the latest events it was shown (the table's log)
        self.logs: dict[int, deque[dict[str, Any]]] = {}
        # (a log is read from the end, and the trackers are made when first needed and fed
        # only what they keep from past hands: a game of 1,000 events rebuilt used to cost
        # 14 ms here, on the event loop, and a restart rebuilds a thousand: issue 42)
        for s in (0, 1, 2, 3, SPECTATOR):
            self.logs[s] = deque(last_shown(game.events, s, LOG_EVENTS), maxlen=LOG_EVENTS)
        #: the latest hand_end event released (public), shown until the next hand ends
        self.last_hand: dict[str, Any] | None = next(
            (e.to_json() for e in reversed(game.events) if e.type == "hand_end"), None)
        self._update_offers()
        self.finished = game.is_over
        self.stats_actions = 0
        #: per seat: a person marked away (a bot plays the seat until they take it back)
        self.away = [False] * 4
        #: per seat: the person's clocks run out in a row
        self.timeouts = [0] * 4
        #: per seat: connected pages, and since when none (None: connected, or never was)
        self.seat_clients = [0] * 4
        self.gone_since: list[float | None] = [None] * 4
        #: per seat: the person's clock (decision number, deadline, seconds it had)
        self.clock: list[tuple[int, float, float] | None] = [None] * 4
        #: per seat: the bot that plays it while its person is away (made when first needed)
        self.away_bots: list[Player | None] = [None] * 4
        #: the held delivery is the end of a hand: the next starts once everybody is ready
        self.ready_hold = False
        self.ready: set[int] = set()
        #: every seat's final hand while a finished hand is shown (None otherwise)
        self.final_hands: list[dict[str, Any]] | None = None
        #: the nickname each person chose (None: the seat's name)
        self.nicknames: list[str | None] = [None] * 4
        #: what the server tells every client of the room (its games so far)
        self.room: dict[str, Any] = {}
        #: a time-out or away bot's action, for the tests and the logs: (seat, why)
        self.played_for: list[tuple[int, str]] = []
        #: the clocks as last noted (the room state is stored when they change)
        self._clock_key: tuple[tuple[int, float] | None, ...] = (None,) * 4
        #: clocks to resume at start (set by :meth:`restore_room_state`): per seat
        #: (decision number, seconds left, seconds it had)
        self._resume_clocks: list[tuple[int, float, float] | None] = [None] * 4

    @property
    def trackers(self) -> dict[int, ViewTracker]:
        """Per seat (and the spectator, -1): a view tracker fed the events released to it,
        for the views of held deliveries and the final hands. Made on first use from
        :func:`tracker_feed` of the events released so far, then kept up to date."""
        if self._trackers is None:
            trackers = {s: ViewTracker(s) for s in (0, 1, 2, 3, SPECTATOR)}
            feed = tracker_feed(self.game.events[:self.released])
            for s, tr in trackers.items():
                for e in feed:
                    shown = e.seen_by(s)
                    if shown is not None:
                        tr.update(shown)
            self._trackers = trackers
        return self._trackers

    # ----- the room state, stored so that another process resumes it (issue 20) -----------

    def room_state(self) -> dict[str, Any]:
        """What is kept in memory only and must survive a fail-over: away seats, clocks run
        out in a row, who pressed Ready, and each running clock as (decision number,
        deadline as a Unix time, seconds it had)."""
        import time

        try:
            now = self._now()
        except RuntimeError:
            now = 0.0
        wall = time.time()
        return {"away": list(self.away), "timeouts": list(self.timeouts),
                "ready": sorted(self.ready),
                "clocks": [None if c is None else [c[0], wall + (c[1] - now), c[2]]
                           for c in self.clock]}

    def restore_room_state(self, state: dict[str, Any], stopped_at: float) -> None:
        """Take back a stored :meth:`room_state` before :meth:`start`: ``stopped_at`` is
        when the table stopped (the Unix time its last owner was last seen alive): a clock
        that was running resumes with the time it had left then (at least a second)."""
        away = state.get("away") or []
        for s in range(4):
            if s < len(away) and away[s] and self.row.seats[s] == "human":
                self._set_away(s, "it was away before the table moved")
        timeouts = state.get("timeouts") or []
        for s in range(min(4, len(timeouts))):
            self.timeouts[s] = int(timeouts[s])
        self.ready = {int(s) for s in state.get("ready") or [] if s in range(4)}
        clocks = state.get("clocks") or []
        for s in range(min(4, len(clocks))):
            c = clocks[s]
            if c is None:
                continue
            offer, deadline, total = int(c[0]), float(c[1]), float(c[2])
            left = min(max(deadline - stopped_at, 1.0), total)
            self._resume_clocks[s] = (offer, left, total)

    def _note_state(self) -> None:
        if self._on_room_state is not None:
            self._on_room_state()

    # ----- clock, start, stop -------------------------------------------------------------

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def start(self) -> None:
        """Start the driver (bots, the claim countdown, held deliveries)."""
        now = self._now()
        self._acted_at = now
        if self.game.phase in (Phase.CLAIM, Phase.ROB):
            # a window open when the server stopped: it starts again in full
            self.window_until = now + self.settings.claim_pause
            self.claim_deadline = now + self.settings.claim_seconds
        self._arm_clocks(reset=True)
        for s in range(4):
            r = self._resume_clocks[s]
            c = self.clock[s]
            if r is not None and c is not None and c[0] == r[0]:
                self.clock[s] = (r[0], now + r[1], r[2])
        self._resume_clocks = [None] * 4
        if self._task is None and not self.finished:
            # a context of its own: not that of the request that opened the room (its
            # language); each page's messages are built in the page's language
            self._task = asyncio.get_running_loop().create_task(
                self._drive(), name=f"table {self.id}", context=contextvars.Context())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    # ----- clients ------------------------------------------------------------------------

    def attach(self, client: Client) -> None:
        """A client joins: it is sent the full current state of its seat at once."""
        if client not in self.clients and 0 <= client.seat < 4:
            self.seat_clients[client.seat] += 1
            self.gone_since[client.seat] = None
        self.clients.add(client)
        with use_language(client_language(client)):
            msg = self.state_for(client.seat)
        self._last_sent[client] = _key(msg)
        client.send(msg)

    def detach(self, client: Client) -> None:
        if client in self.clients and 0 <= client.seat < 4:
            self.seat_clients[client.seat] -= 1
            if self.seat_clients[client.seat] == 0 and not self.finished:
                with contextlib.suppress(RuntimeError):  # no event loop: nobody waits
                    self.gone_since[client.seat] = self._now()
                    self._changed.set()
        self.clients.discard(client)
        self._last_sent.pop(client, None)

    def display_names(self) -> list[str]:
        """Each seat's name as shown: the person's nickname, else the seat's name."""
        return [n or self.game.names[i] for i, n in enumerate(self.nicknames)]

    def people(self) -> list[int]:
        """The seats played by a person (from a seat link)."""
        return [s for s in range(4) if self.row.seats[s] == "human"]

    def _player_for(self, seat: int) -> Player | None:
        """The bot that plays ``seat`` now (its own, or its away bot), None for a person."""
        bot = self.bots[seat]
        if bot is not None:
            return bot
        return self.away_bots[seat] if self.away[seat] else None

    def state_for(self, seat: int) -> dict[str, Any]:
        """The state message for ``seat`` (0-3, or :data:`SPECTATOR`): its view (or the view
        at a held claim window), the events it was shown lately, its open decision."""
        now = self._now()
        game = self.game
        if self._hold is not None:
            view = self._hold[1][seat]
            legal: list[dict[str, Any]] = []
            offer = None
        else:
            if seat == SPECTATOR:
                view = public_view(game.view(0).to_json())
                legal = []
                offer = None
            else:
                v = game.view(seat)
                view = v.to_json()
                legal = self._describe(seat, v.legal_actions, v.drawn)
                offer = self.offers[seat]
            view.pop("legal_actions", None)
        window = None
        if view["phase"] in ("claim", "rob") and self._hold is None:
            window = {"pause": max(self.window_until - now, 0.0),
                      "deadline": (max(self.claim_deadline - now, 0.0)
                                   if self.claim_deadline is not None and legal else None)}
        elif self._hold is not None and not self.ready_hold:
            window = {"pause": max(self._hold[0] - now, 0.0), "deadline": None}
        game_end = None
        if game.is_over and self._hold is None:
            game_end = game.events[-1].to_json()
        return {
            "type": "state",
            "table": self.id,
            "seat": seat,
            "names": self.display_names(),
            "kinds": list(self.row.seats),
            "settings": self.settings.to_json(),
            "view": view,
            "actions": legal,
            "offer": offer,
            "window": window,
            "events": list(self.logs[seat]),
            "last_hand": self.last_hand,
            "game_end": game_end,
            "stage": self._stage_info(),
            "board": board_for(self, seat, view),
            "away": list(self.away),
            "clock": self._clock_for(seat, now),
            "ready": ({"ready": sorted(self.ready), "need": self._need_ready()}
                      if self.ready_hold else None),
            "ready_left": (max(self._hold[0] - now, 0.0)
                           if self.ready_hold and self._hold is not None else None),
            "final_hands": (self.final_hands if self.ready_hold else
                            self._final_hands() if game.is_over and self._hold is None
                            else None),
            "room": self.room,
            "words": _data_words(self.last_hand, game_end,
                                 last=game.results[-1] if game.results else None),
        }

    def _clock_for(self, seat: int, now: float) -> dict[str, float] | None:
        """A seat's own clock (seconds left, seconds it had): only its own, since whether a
        seat may claim is its secret."""
        if not 0 <= seat < 4 or self._hold is not None:
            return None
        c = self.clock[seat]
        if c is None:
            return None
        return {"left": max(c[1] - now, 0.0), "total": c[2]}

    def _need_ready(self) -> list[int]:
        """The people whose Ready the next hand waits for (an away person's is not)."""
        return [s for s in self.people() if not self.away[s]]

    def _final_hands(self) -> list[dict[str, Any]]:
        """Every seat's concealed tiles and melds as the hand ended (only once it is over)."""
        out = []
        for s in range(4):
            snap = self.trackers[s].snapshot()
            out.append({"seat": s, "concealed": snap["concealed"],
                        "melds": snap["seats"][s]["melds"]})
        return out

    def _stage_info(self) -> dict[str, Any] | None:
        st = self.game.stage
        if st is None:
            return None
        return {"name": st.name, "kind": st.kind, "offset": st.offset, "count": st.count,
                "blind": st.blind}

    def _describe(self, seat: int, acts: Sequence[Action], drawn: Tile | None
                  ) -> list[dict[str, Any]]:
        """The legal actions as the client shows them: each with its label; the many
        combinations of a Charleston or courtesy pass are summed up as one entry (how many
        tiles, how many may be passed blind), which the client fills in. Where the rules
        let a Mahjong that does not win be declared (``false_mahjong`` penalise or dead),
        that declaration is offered too, worded as what it is."""
        claimed = self.game.last_discard if self.game.phase is Phase.CLAIM else (
            self.game.rob_tile if self.game.phase is Phase.ROB else None)
        out: list[dict[str, Any]] = []
        passes: dict[str, dict[str, Any]] = {}
        for a in acts:
            if a.kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS):
                blind = a.number or 0
                entry = passes.setdefault(a.kind.value, {
                    "kind": a.kind.value, "count": len(a.tiles) + blind, "blind_max": 0,
                    "label": (_("Pass the tiles chosen")
                              if a.kind is ActionKind.CHARLESTON_PASS
                              else _("Courtesy pass: give the tiles chosen"))})
                entry["blind_max"] = max(entry["blind_max"], blind)
                continue
            item = a.to_json()
            del item["player"]
            item["label"] = action_label(a, claimed=claimed, drawn=drawn)
            out.append(item)
        out.extend(passes.values())
        mahjong = Action(ActionKind.MAHJONG, seat)
        if acts and mahjong not in acts and self.game.phase is not Phase.CHARLESTON \
                and self.game.can_apply(mahjong):
            mode = self.game.rules.false_mahjong_mode()
            out.append({"kind": "mahjong", "false": True,
                        "label": _("Declare Mahjong anyway (the hand does not win: false "
                                   "Mahjong, {mode})").format(
                                       mode=pgettext("option value", mode))})
        return out

    def _broadcast(self) -> None:
        """Send each client its seat's state, unless nothing it may see has changed (an
        answer to a claim window is its player's secret: the others get no message at all,
        which would tell them someone could claim)."""
        cache: dict[tuple[int, str], tuple[dict[str, Any], dict[str, Any]]] = {}
        for c in list(self.clients):
            lang = client_language(c)  # issue 23: each page in its own language
            got = cache.get((c.seat, lang))
            if got is None:
                with use_language(lang):
                    msg = self.state_for(c.seat)
                key = _key(msg)
                got = cache[(c.seat, lang)] = (msg, key)
            msg, key = got
            if self._last_sent.get(c) == key:
                continue
            self._last_sent[c] = key
            c.send(msg)

    # ----- acting -------------------------------------------------------------------------

    def _update_offers(self) -> None:
        """Open a decision for each seat now asked to act (numbered by the events that seat
        was shown), and close those of the seats no longer asked."""
        events = self.game.events
        for e in events[self._counted:]:
            if e.type == "hand_start":
                self.hands += 1
                self.bots = make_bots(self.row, self.game.rules, self.hands)
                self._ask_again = []
            for s in range(4):
                if e.seen_by(s) is not None:
                    self._shown[s] += 1
        self._counted = len(events)
        acting = set(self.game.to_act())
        for s in range(4):
            if s not in acting:
                self.offers[s] = None
            elif self.offers[s] is None:
                self.offers[s] = self._shown[s]

    async def submit(self, seat: int, offer: int | None, data: dict[str, Any]) -> None:
        """A person at ``seat`` acts: ``data`` is an action's JSON (its ``player`` is the
        seat, whatever the client said), ``offer`` the decision it answers. Raises
        :class:`ActionRefused` (nothing changed) or returns once the action is stored and
        applied."""
        if not 0 <= seat < 4 or self.row.seats[seat] != "human":
            raise ActionRefused(_("this seat is not played from a browser"), "forbidden")
        if self.away[seat]:
            raise ActionRefused(_("a bot plays your seat while you are away: take your seat "
                                  "back first"), "away")
        problem = _action_shape_problem(data)
        if problem is not None:
            raise ActionRefused(_("malformed action: {problem}").format(problem=problem),
                                "malformed")
        try:
            body = dict(data)
            body["player"] = seat
            action = Action.from_json(body)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ActionRefused(_("malformed action: {problem}").format(problem=exc),
                                "malformed") from exc
        async with self._lock:
            if self._hold is not None:
                raise ActionRefused(_("the table is pausing on a claim window; wait for the "
                                      "next state"), "paused")
            if offer is None or offer != self.offers[seat]:
                raise ActionRefused(_("stale action: that decision has passed (the current "
                                      "state follows)"), "stale")
            await self._commit(action, person=True)
            self.timeouts[seat] = 0

    async def _commit(self, action: Action, *, person: bool = False) -> None:
        """Verify, store, apply and deliver one action (the caller holds the lock)."""
        game = self.game
        try:
            game.verify(action)
        except IllegalActionError as exc:
            raise ActionRefused(str(exc), "illegal") from exc
        if game.phase in (Phase.CLAIM, Phase.ROB) and game.to_act() == [action.player]:
            # the last answer resolves the window: not before the claim pause is over
            wait = self.window_until - self._now()
            if wait > 0:
                await asyncio.sleep(wait)
        seq = len(game.actions)
        if person and FAILPOINT == "person-action-before-store":
            await _hang("before storing")
        await self._save(seq, action.to_json())
        if person and FAILPOINT == "person-action-stored":
            await _hang("after storing")
        start = len(game.events)
        new = game.apply(action)
        self.stats_actions += 1
        self._acted_at = self._now()
        self.offers[action.player] = None
        self._update_offers()
        self._arm_clocks()
        w = _window_index(new)
        now = self._now()
        if w is not None:
            self.window_until = now + self.settings.claim_pause
            self.claim_deadline = now + self.settings.claim_seconds
        if w is not None and w < len(new) - 1 and self.settings.claim_pause > 0:
            # the window closed at once (nobody could claim): hold what followed
            upto = start + w + 1
            self._release(upto)
            self._hold = (now + self.settings.claim_pause, self._window_views(new[w]))
        else:
            self._release_more(now)
        self._broadcast()
        self._changed.set()
        if game.is_over and not self.finished and self._hold is None:
            await self._finish()

    def _release_more(self, now: float) -> None:
        """Release the events not yet released; but when a hand ended and the next was
        dealt, only up to the end of the hand: the finished hand is shown (every seat's
        final hand face up) until every person pressed Ready or ``ready_seconds`` passed."""
        events = self.game.events
        end = len(events)
        for i in range(self.released, end):
            if events[i].type == "hand_end" and any(
                    e.type == "hand_start" for e in events[i + 1:end]):
                self._release(i + 1)
                self.final_hands = self._final_hands()
                self.ready = set()
                self.ready_hold = True
                self._hold = (now + self.settings.ready_seconds,
                              self._tracker_views("hand_end"))
                return
        self._release(end)

    def _tracker_views(self, phase: str) -> dict[int, dict[str, Any]]:
        """Each seat's view as it was shown up to the events released (no decision)."""
        out = {}
        for s, tr in self.trackers.items():
            snap = tr.snapshot()
            out[s] = {
                "player": s, "rules": self.game.rules.name, "phase": phase,
                "hand_number": snap["hand_number"], "round_wind": snap["round_wind"],
                "dealer": snap["dealer"], "current": None,
                "concealed": snap["concealed"] if s != SPECTATOR else "", "drawn": None,
                "seats": snap["seats"], "last_discard": None, "discarder": None,
                "live_wall": snap["live_wall"], "dead_wall": snap["dead_wall"],
                "special_forms": list(self.game.special_forms), "stage": None,
            }
        return out

    def _arm_clocks(self, *, reset: bool = False) -> None:
        """Start the clock of each person's new decision (all of them with ``reset``)."""
        try:
            now = self._now()
        except RuntimeError:
            return
        claim = self.game.phase in (Phase.CLAIM, Phase.ROB)
        for s in range(4):
            offer = self.offers[s]
            if offer is None or self.row.seats[s] != "human" or self.away[s]:
                self.clock[s] = None
                continue
            c = self.clock[s]
            if reset or c is None or c[0] != offer:
                total = (self.settings.claim_seconds if claim
                         else self.settings.turn_seconds)
                self.clock[s] = (offer, now + total, total)
        # stored only when a clock started or stopped (bot-only tables: never)
        key = tuple(None if c is None else (c[0], c[1]) for c in self.clock)
        if key != self._clock_key:
            self._clock_key = key
            self._note_state()

    # ----- people: ready, away, taking the seat back --------------------------------------

    async def set_ready(self, seat: int) -> None:
        """A person pressed Ready after a hand (nothing happens at another time)."""
        async with self._lock:
            if not self.ready_hold or seat in self.ready:
                return
            self.ready.add(seat)
            self._note_state()
            self._broadcast()
            self._changed.set()

    def _set_away(self, seat: int, why: str) -> None:
        """Mark a person away: their seat is played by the room's away bot from now on."""
        if self.away[seat]:
            return
        log.info("table %s: seat %d is away (%s)", self.id, seat, why)
        self.away[seat] = True
        self.clock[seat] = None
        if self.away_bots[seat] is None:
            rules = self.game.rules
            name = self.game.names[seat]
            try:
                bot = make_bot(self.settings.away_bot or default_bot(rules),
                               f"{self.row.seed}/{seat}/away", name, rules=rules)
            except ValueError:  # that bot does not play these rules
                bot = make_bot(default_bot(rules), f"{self.row.seed}/{seat}/away", name,
                               rules=rules)
            self.away_bots[seat] = bot
        self._note_state()
        self._changed.set()

    async def take_back(self, seat: int) -> bool:
        """The person of ``seat`` takes the seat back from the away bot (True if it was
        away); their clock starts afresh."""
        async with self._lock:
            if not 0 <= seat < 4 or not self.away[seat]:
                return False
            self.away[seat] = False
            self.timeouts[seat] = 0
            self.gone_since[seat] = None
            self._arm_clocks()
            c = self.clock[seat]
            if c is not None:
                self.clock[seat] = (c[0], self._now() + c[2], c[2])
            self._note_state()
            self._broadcast()
            self._changed.set()
            return True

    def _default_action(self, view: PlayerView, advised: Action | None) -> Action:
        """The safe default a person's seat plays when the clock runs out: in a claim or rob
        window a pass; in a turn the advisor's discard (or its Mahjong), else the drawn
        tile, else a legal discard; otherwise (Charleston, a vote, a courtesy pass) the
        advisor's choice."""
        p = view.player
        legal = list(view.legal_actions)
        if view.phase in ("claim", "rob"):
            passing = Action(ActionKind.PASS, p)
            if passing in legal:
                return passing
        if view.phase == "turn":
            if advised is not None and advised.kind in (ActionKind.DISCARD, ActionKind.MAHJONG):
                return advised
            if view.drawn is not None:
                drawn = Action(ActionKind.DISCARD, p, tile=view.drawn)
                if drawn in legal:
                    return drawn
            for a in legal:
                if a.kind is ActionKind.DISCARD:
                    return a
        if advised is not None:
            return advised
        return legal[0]

    async def _time_out(self, seat: int) -> None:
        """The clock of ``seat`` ran out: play its safe default (stored like any action);
        ``away_after`` in a row mark the person away."""
        game = self.game
        stamp = len(game.events)
        offer = self.offers[seat]
        view = game.view(seat)
        advised = None
        if view.phase not in ("claim", "rob"):
            advised = (await asyncio.to_thread(advise, view, game.rules)).action
        async with self._lock:
            if (len(game.events) != stamp or self._hold is not None
                    or self.offers[seat] != offer or self.away[seat]):
                return
            action = self._default_action(view, advised)
            self.played_for.append((seat, "clock"))
            self.timeouts[seat] += 1
            if self.timeouts[seat] >= self.settings.away_after:
                self._set_away(seat, f"{self.timeouts[seat]} clocks ran out in a row")
            await self._commit(action)

    def _release(self, upto: int) -> None:
        trackers = self._trackers
        for e in self.game.events[self.released:upto]:
            for s, log_ in self.logs.items():
                shown = e.seen_by(s)  # a spectator (-1) is shown the public part only
                if shown is not None:
                    if trackers is not None:
                        trackers[s].update(shown)
                    log_.append(shown)
            if e.type == "hand_end":
                self.last_hand = e.to_json()
        self.released = upto

    def _window_views(self, window: Event) -> dict[int, dict[str, Any]]:
        """Each seat's view at a claim or rob window that nobody is asked to answer: what
        the seat was shown up to the window (the same view a seat not asked sees while a
        window waits for others)."""
        game = self.game
        claim = window.type == "claim_window"
        d = window.data.get("discarder") if claim else window.data.get("player_adding")
        out = {}
        for s, tr in self.trackers.items():
            snap = tr.snapshot()
            view = {
                "player": s,
                "rules": game.rules.name,
                "phase": "claim" if claim else "rob",
                "hand_number": snap["hand_number"],
                "round_wind": snap["round_wind"],
                "dealer": snap["dealer"],
                "current": d,
                "concealed": snap["concealed"] if s != SPECTATOR else "",
                "drawn": None,
                "seats": snap["seats"],
                "last_discard": window.data["tile"],  # the tile on offer (rob: being added)
                "discarder": d,
                "live_wall": snap["live_wall"],
                "dead_wall": snap["dead_wall"],
                "special_forms": list(game.special_forms),
                "stage": None,
            }
            out[s] = view
        return out

    async def _finish(self) -> None:
        self.finished = True
        if self._on_finished is not None:
            await self._on_finished()

    # ----- the driver ---------------------------------------------------------------------

    async def _drive(self) -> None:
        try:
            while not self.finished:
                delay = await self._step()
                if delay is None:
                    self._changed.clear()
                    await self._changed.wait()
                elif delay > 0:
                    self._changed.clear()
                    # asyncio.wait, not wait_for: wait_for may swallow a cancellation that
                    # comes as the event is set (the table could then not be stopped)
                    waiter = asyncio.ensure_future(self._changed.wait())
                    try:
                        await asyncio.wait({waiter}, timeout=delay)
                    finally:
                        waiter.cancel()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bug must not kill the server silently
            log.exception("table %s: the driver stopped", self.id)
            if self._on_crash is None:
                raise
            self._on_crash(exc)

    async def _catch_up(self) -> None:
        """Ask the bots of the hand in play again for their stored decisions in it (their
        answers are not used), on the bot thread: then they play on as they would have."""
        todo, bots = self._ask_again, list(self.bots)
        self._ask_again = []

        def ask(_view: PlayerView) -> Action:
            for seat, view in todo:
                bot = bots[seat]
                if bot is not None:
                    bot.choose(view)
            return Action(ActionKind.PASS, 0)  # not used

        if todo:
            if self._run_bot is not None:
                await self._run_bot(ask, todo[0][1])
            else:
                await asyncio.to_thread(ask, todo[0][1])

    async def _step(self) -> float | None:
        """Do what is due; return how long to wait before looking again (None: until
        something changes)."""
        now = self._now()
        if self._hold is not None:
            everybody = self.ready_hold and all(s in self.ready for s in self._need_ready())
            if now < self._hold[0] and not everybody:
                return self._hold[0] - now
            async with self._lock:
                self._hold = None
                if self.ready_hold:
                    self.ready_hold = False
                    self.final_hands = None
                    self.ready = set()
                self._release_more(now)
                if self._hold is None:
                    self.window_until = now  # this window's pause is over
                    self._acted_at = now
                    self._arm_clocks(reset=True)
                self._broadcast()
                if self.game.is_over and not self.finished:
                    await self._finish()
            return 0
        game = self.game
        if game.is_over:
            return None
        acting = game.to_act()
        window = game.phase in (Phase.CLAIM, Phase.ROB)
        waits: list[float] = []
        for s in self.people():
            gone = self.gone_since[s]
            if gone is not None and not self.away[s]:
                if now >= gone + AWAY_GRACE:  # no page of the seat is open: a bot plays it
                    async with self._lock:
                        self._set_away(s, "disconnected")
                        self._broadcast()
                    return 0
                waits.append(gone + AWAY_GRACE - now)
        bots = [p for p in acting if self._player_for(p) is not None]
        people = [p for p in acting if self._player_for(p) is None]
        due = self._acted_at + self.settings.bot_delay
        if window:
            due = max(due, self.window_until)
        if bots:
            if now >= due:
                p = bots[0]
                bot = self._player_for(p)
                assert bot is not None
                if self._ask_again:
                    await self._catch_up()
                    return 0
                view = game.view(p)
                stamp = len(game.events)
                if self._run_bot is not None:
                    action = await self._run_bot(bot.choose, view)
                else:
                    action = await asyncio.to_thread(bot.choose, view)
                async with self._lock:
                    if len(game.events) == stamp and self._hold is None:
                        try:
                            if self.bots[p] is None:
                                self.played_for.append((p, "away"))
                            await self._commit(action)
                        except ActionRefused as exc:
                            log.error("table %s: bot %d chose an illegal action %s: %s",
                                      self.id, p, action, exc)
                            raise
                return 0
            waits.append(due - now)
        for p in people:
            c = self.clock[p]
            if c is None:
                continue
            if now >= max(c[1], due if window else 0.0):
                await self._time_out(p)  # the clock ran out: the safe default
                return 0
            waits.append(max(c[1], due if window else 0.0) - now)
        return min(waits) if waits else None
