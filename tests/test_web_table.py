"""The web table's live tables (issue 9): nothing lost, nothing leaked, nothing forged, and
timing that tells nothing. These drive :class:`LiveTable` directly on an event loop, with
in-memory clients that record every message the server sends them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
import weakref
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from mahjong_table.engine import Game, events_for
from mahjong_table.engine.game import Phase
from mahjong_table.record import record_lines, replay
from mahjong_table.tiles import parse_tiles
from mahjong_table.web.board import BoardMemory, lines_for_view
from mahjong_table.web.store import Store, TableRow
from mahjong_table.web.table import (
    SPECTATOR,
    ActionRefused,
    LiveTable,
    build_game,
)

#: events whose tiles are their own player's secret, and events shown to their player only
PRIVATE_TYPES = {"deal", "draw", "replacement", "seat"}
SECRET_TYPES = {"respond", "passed", "received", "courtesy_agreed"}
#: a seat's public information (``meld_sources``: whom each meld was claimed from, public at
#: the table: the claimed tile is turned toward its giver, 004 s05)
PUBLIC_SEAT_KEYS = {"player", "wind", "name", "concealed_count", "melds", "meld_sources",
                    "bonus", "discards", "score", "dead"}


class Recorder:
    """A client that keeps every message, with the time it was sent."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self.on_message: Callable[[dict[str, Any]], None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.messages.append((time.monotonic(), message))
        if self.on_message is not None:
            self.on_message(message)

    @property
    def last(self) -> dict[str, Any]:
        return self.messages[-1][1]


def row_of(seats: list[str], rules: str = "hongkong", seed: str = "web", *,
           max_hands: int | None = 1, options: dict[str, Any] | None = None,
           **settings: float) -> TableRow:
    base = {"claim_seconds": 2.0, "claim_pause": 0.0, "bot_delay": 0.0}
    base.update(settings)
    return TableRow(id=f"t-{rules}-{seed}", rules=rules, options=options or {}, seed=seed,
                    max_hands=max_hands, names=[f"P{i}" for i in range(4)], seats=seats,
                    settings=base)


def make_table(row: TableRow, saved: list[dict[str, Any]]) -> LiveTable:
    async def save(seq: int, action: dict[str, Any]) -> None:
        assert seq == len(saved), "actions are stored in order, each once"
        saved.append(action)

    return LiveTable(row, build_game(row, saved), save)


def run(coro: Awaitable[Any]) -> Any:
    return asyncio.run(coro)  # type: ignore[arg-type]


async def wait_until(cond: Callable[[], bool], timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        await asyncio.sleep(0.002)


def random_choice(msg: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """What a random person clicks, from a state message only (as the browser does)."""
    acts = msg["actions"]
    if not acts:
        return None
    a = dict(rng.choice(acts))
    a.pop("label", None)
    if a["kind"] in ("charleston_pass", "courtesy_pass"):
        hand = [t for t in parse_tiles(msg["view"]["concealed"]) if str(t) != "1j"]
        n = a.pop("count")
        a.pop("blind_max")
        a["tiles"] = "".join(str(t) for t in rng.sample(hand, n))
    return a


def check_message(msg: dict[str, Any], seat: int, table: LiveTable) -> None:
    """The message holds nothing ``seat`` may not see."""
    if msg["type"] != "state":
        return
    assert msg["seat"] == seat
    view = msg["view"]
    assert "legal_actions" not in view
    for s in view["seats"]:
        assert set(s) == PUBLIC_SEAT_KEYS, "a seat shows public information only"
    game = table.game
    if seat == SPECTATOR:
        assert view["concealed"] == "" and view["drawn"] is None and msg["actions"] == []
    elif table._hold is None:
        own = game.view(seat).to_json()
        own.pop("legal_actions")
        assert view == own, "a seat is sent its own view, exactly"
    for e in msg["events"] + ([msg["last_hand"]] if msg["last_hand"] else []):
        if e["type"] in SECRET_TYPES:
            assert e.get("player") == seat, f"a secret event of another seat: {e}"
        if e["type"] in PRIVATE_TYPES and e.get("player") != seat:
            assert not {"tile", "tiles", "hand"} & set(e), f"another seat's tiles: {e}"
    shown = events_for(game.events[-250:], seat)  # the log covers the latest events only
    for e in msg["events"]:
        assert e in shown, "every event sent is one the seat was shown"
    text = json.dumps(msg)
    assert "wall_tiles" not in text and "order" not in text
    check_board(msg, seat, table)


def check_board(msg: dict[str, Any], seat: int, table: LiveTable) -> None:
    """The ``board`` field is computed from the events the seat was shown (released to it:
    nothing after a held claim window) and, for the card lines, from the view the message
    carries: so it holds nothing the seat may not see."""
    board = msg["board"]
    done = _BOARD_CHECKED.setdefault(table, {})
    mine = done.get((seat, table.released))
    if mine is None:
        memory = BoardMemory(seat)
        start = max((i for i, e in enumerate(table.game.events[:table.released])
                     if e.type == "hand_start"), default=0)
        for e in events_for(table.game.events[start:table.released], seat):
            memory.update(e)
        mine = done[(seat, table.released)] = memory.to_json()
    for key in ("ponds", "last", "melds", "notes"):
        assert board[key] == mine[key], f"board {key} is not what seat {seat} was shown"
    view = msg["view"]
    for s in view["seats"]:
        pond = [d["tile"] for d in board["ponds"][s["player"]] if d["by"] is None]
        assert pond == [str(t) for t in parse_tiles(s["discards"])], "a view drops claims"
        assert [m["meld"] for m in board["melds"][s["player"]]] == s["melds"]
    for n in board["notes"]:
        if n["kind"] == "courtesy_agreed":
            assert seat >= 0, "a spectator is told no courtesy agreement"
    if seat == SPECTATOR or table.game.rules.name != "american":
        assert board["lines"] is None
    elif view["concealed"]:
        key2 = json.dumps(view, sort_keys=True)
        if key2 not in _LINES_CHECKED:
            _LINES_CHECKED[key2] = lines_for_view(view, table.game.rules)
        assert board["lines"] == _LINES_CHECKED[key2], "the lines come from the view sent"


#: boards and lines already computed by check_board (by table, seat and events released;
#: keyed by the table, not its game: a compiled Game takes no weak reference)
_BOARD_CHECKED: weakref.WeakKeyDictionary[LiveTable, dict[tuple[int, int], dict[str, Any]]] = \
    weakref.WeakKeyDictionary()
_LINES_CHECKED: dict[str, Any] = {}


async def play_with_people(row: TableRow, rng: random.Random,
                           saved: list[dict[str, Any]] | None = None,
                           stop_after: int | None = None) -> tuple[LiveTable, list[Recorder]]:
    """Every human seat clicks at random from the messages it gets; a spectator watches.
    Every message is checked as it is sent."""
    saved = [] if saved is None else saved
    table = make_table(row, saved)
    clients = [Recorder(s) for s in (0, 1, 2, 3, SPECTATOR)]
    todo: asyncio.Queue[tuple[int, dict[str, Any]]] = asyncio.Queue()
    for c in clients:
        def hook(msg: dict[str, Any], c: Recorder = c) -> None:
            check_message(msg, c.seat, table)
            if msg["type"] == "state" and c.seat >= 0 and (msg["actions"] or (
                    msg["ready"] and c.seat not in msg["ready"]["ready"])):
                todo.put_nowait((c.seat, msg))
        c.on_message = hook
    table.start()
    for c in clients:
        table.attach(c)
    idle = 0
    while not table.finished and (stop_after is None or len(saved) < stop_after):
        try:
            seat, msg = await asyncio.wait_for(todo.get(), 0.1)
        except TimeoutError:
            idle += 1
            assert idle < 100, "nobody could act for 10 s"
            continue
        idle = 0
        if msg.get("ready"):  # a hand is over: the person presses Ready
            await table.set_ready(seat)
            continue
        if row.seats[seat] != "human" or msg["offer"] != table.offers[seat]:
            continue
        choice = random_choice(msg, rng)
        if choice is None:
            continue
        try:
            await table.submit(seat, msg["offer"], choice)
        except ActionRefused as exc:
            assert exc.code in ("stale", "paused"), exc
            # as the server does for a browser: the current state follows a refusal
            await asyncio.sleep(0.005)
            todo.put_nowait((seat, table.state_for(seat)))
    await table.stop()
    return table, clients


def test_no_message_holds_a_tile_its_client_may_not_see() -> None:
    """Issue 9 item 5 / guide 'Hidden information stays hidden': every message sent to each
    seat and to a spectator, over many hands of every rule set (the Charleston's secret
    passes included), holds only that seat's view and the events it was shown."""
    rng = random.Random(9)
    hands = 0
    for rules, seed, n in (("hongkong", "leak-hk", 4), ("chinese", "leak-cn", 3),
                           ("american", "leak-am", 3)):
        row = row_of(["human"] * 4, rules, seed, max_hands=n, claim_pause=0.001)
        table, clients = run(play_with_people(row, rng))
        assert table.game.is_over
        hands += len(table.game.results)
        assert all(len(c.messages) > 20 for c in clients)
    assert hands >= 10


def test_bots_play_a_table_to_the_end_and_the_record_replays(tmp_path: Path) -> None:
    """Issue 9 items 4 and 6: four server-side bots finish a game; every action was stored
    in order; the record of the finished game replays (the `replay` check)."""
    saved: list[dict[str, Any]] = []
    row = row_of(["efficiency", "random", "efficiency", "random"], max_hands=2)

    async def go() -> LiveTable:
        table = make_table(row, saved)
        watcher = Recorder(SPECTATOR)
        table.start()
        table.attach(watcher)
        await wait_until(lambda: table.finished)
        await table.stop()
        assert watcher.last["game_end"] is not None
        return table

    table = run(go())
    assert len(saved) == len(table.game.actions)
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in record_lines(table.game)))
    report = replay(path)
    assert report.ok, report.problem


def test_a_rebuilt_table_is_the_same_game_and_plays_on() -> None:
    """Issue 9 item 4: the state rebuilt from seed, options and the stored actions is the
    state the table had (every event the same); it then plays on to the end."""
    saved: list[dict[str, Any]] = []
    row = row_of(["human", "efficiency", "human", "efficiency"], seed="rebuild")
    first, _ = run(play_with_people(row, random.Random(3), saved, stop_after=25))
    assert not first.game.is_over and len(saved) >= 25
    again = build_game(row, saved)
    assert [e.to_json(full=True) for e in again.events] == \
        [e.to_json(full=True) for e in first.game.events]
    second, _ = run(play_with_people(row, random.Random(4), saved))
    assert second.game.is_over
    assert second.game.actions[:25] == first.game.actions[:25]


def test_stale_forged_and_illegal_actions_are_refused_without_harm() -> None:
    """Issue 9 item 5: an action for a decision that has passed is refused as stale; a seat
    cannot act for another (the player is the seat's own); an illegal action gets the
    engine's message; a bot's seat cannot be played from a browser. Nothing changes."""
    row = row_of(["human", "human", "human", "efficiency"], seed="forge")

    async def go() -> None:
        saved: list[dict[str, Any]] = []
        table = make_table(row, saved)
        me = Recorder(0)
        table.attach(me)
        seat = table.game.current
        assert seat != 3 and table.offers[seat] is not None, "a person deals first"
        events = len(table.game.events)
        with pytest.raises(ActionRefused) as exc:
            await table.submit(3, table.offers[3], {"kind": "pass"})
        assert exc.value.code == "forbidden"
        with pytest.raises(ActionRefused) as exc:
            await table.submit(0, 12345, {"kind": "discard", "tile": "1m"})
        assert exc.value.code == "stale"
        if True:
            offer = table.offers[seat]
            # a discard of a tile not held: the engine's own message, nothing changed
            held = set(parse_tiles(table.game.view(seat).to_json()["concealed"]))
            missing = next(str(t) for t in parse_tiles("123456789m123456789p") if t not in held)
            with pytest.raises(ActionRefused) as exc:
                await table.submit(seat, offer, {"kind": "discard", "tile": missing,
                                                 "player": 1 - seat})
            assert exc.value.code == "illegal" and "004" in str(exc.value)
            with pytest.raises(ActionRefused) as exc:
                await table.submit(seat, offer, {"kind": "no_such_kind"})
            assert exc.value.code == "malformed"
            assert len(table.game.events) == events and saved == []
            # the right action goes through once; sent again it is stale
            legal = table.game.legal_actions(seat)[0].to_json()
            # the seat is the token's, whatever player the message names
            await table.submit(seat, offer, {**legal, "player": (seat + 1) % 4})
            assert saved == [legal] and legal["player"] == seat
            with pytest.raises(ActionRefused) as exc:
                await table.submit(seat, offer, legal)
            assert exc.value.code == "stale"
        await table.stop()

    run(go())


def test_every_claim_window_pauses_alike_whether_or_not_anyone_may_claim() -> None:
    """Issue 9 item 5, 'timing tells nothing': a seat that is not asked gets one message at
    each claim window, the same in form whether another seat may claim or nobody may, and
    the next message comes only after the claim pause in both cases."""
    pause = 0.05
    row = row_of(["human", "efficiency", "efficiency", "efficiency"], seed="pause",
                 claim_pause=pause)

    async def go() -> tuple[list[tuple[bool, float, dict[str, Any]]], int]:
        table = make_table(row, [])
        me = Recorder(0)
        windows: list[tuple[bool, float, dict[str, Any]]] = []
        pending_seen = [0]

        def hook(msg: dict[str, Any]) -> None:
            if msg["type"] != "state":
                return
            v = msg["view"]
            if v["phase"] == "claim" and not msg["actions"]:
                asked = table._hold is None and table.game.phase is Phase.CLAIM
                pending_seen[0] += asked
                windows.append((asked, time.monotonic(), msg))
        me.on_message = hook
        table.start()
        table.attach(me)
        # seat 0 discards its drawn (or first) tile whenever asked; passes claims
        while not table.game.is_over and len(windows) < 60:
            await asyncio.sleep(0.002)
            if table.offers[0] is not None and table._hold is None:
                acts = table.game.legal_actions(0)
                pick = next((a for a in acts if a.kind.value == "pass"), acts[-1])
                with contextlib.suppress(ActionRefused):
                    await table.submit(0, table.offers[0], pick.to_json())
        await table.stop()
        gaps = []
        times = [t for t, _ in me.messages]
        for asked, t, msg in windows:
            later = [x for x in times if x > t]
            if later:
                gaps.append((asked, later[0] - t, msg))
        return gaps, pending_seen[0]

    gaps, asked = run(go())
    assert asked >= 1, "some window was answered by a bot that could claim"
    assert any(not a for a, _, _ in gaps), "some window nobody could claim"
    shapes = set()
    for _asked, gap, msg in gaps:
        assert gap >= pause * 0.9, f"a window closed after {gap:.3f} s"
        shapes.add((tuple(sorted(msg)), tuple(sorted(msg["view"])), msg["offer"],
                    json.dumps(msg["actions"]), msg["view"]["drawn"]))
    assert len(shapes) == 1, "the window looks the same to a seat not asked"


def test_a_person_who_does_not_answer_a_claim_is_passed_by_the_table() -> None:
    """Issue 9 item 3: a claim window shows a countdown, after which the server passes for
    the person (the table setting claim_seconds)."""
    row = row_of(["human", "efficiency", "efficiency", "efficiency"], seed="countdown",
                 claim_seconds=2.0)

    async def go() -> None:
        table = make_table(row, [])
        me = Recorder(0)
        table.start()
        table.attach(me)
        # seat 0 plays its turns but never answers a claim
        end = time.monotonic() + 60
        while time.monotonic() < end and not table.game.is_over:
            await asyncio.sleep(0.01)
            if table.offers[0] is not None and table.game.phase is Phase.TURN \
                    and table._hold is None:
                acts = table.game.legal_actions(0)
                await table.submit(0, table.offers[0], acts[-1].to_json())
            if table.game.phase is Phase.CLAIM and 0 in table.game.to_act():
                msg = me.last
                assert msg["window"]["deadline"] is not None and msg["actions"]
                started = time.monotonic()
                await wait_until(lambda: 0 not in table.game.to_act()
                                 or table.game.phase is not Phase.CLAIM, 5)
                assert time.monotonic() - started > 1.0
                answers = [e for e in table.game.events if e.type == "respond"
                           and e.player == 0]
                assert answers[-1].data["action"] == "pass"
                break
        else:
            pytest.fail("seat 0 was never asked to claim")
        await table.stop()

    run(go())


def test_store_keeps_tables_actions_and_secret(tmp_path: Path) -> None:
    """Issue 9 item 4 (SQLite): tables and actions survive reopening the database; an action
    number is stored once; the signing secret stays the same."""
    url = f"sqlite:///{tmp_path / 't.db'}"
    store_roundtrip(url)


def store_roundtrip(url: str) -> None:
    store = Store(url)
    secret = store.secret()
    row = row_of(["human", "efficiency", "efficiency", "efficiency"],
                 seed=f"store-{time.time_ns()}")
    row.id = f"id-{time.time_ns()}"
    store.create_table(row)
    store.add_action(row.id, 0, {"kind": "discard", "player": 0, "tile": "1m"})
    store.add_action(row.id, 1, {"kind": "pass", "player": 1})
    from sqlalchemy.exc import IntegrityError

    with pytest.raises(IntegrityError):
        store.add_action(row.id, 1, {"kind": "pass", "player": 2})
    store.close()
    store = Store(url)
    assert store.secret() == secret
    got = store.get_table(row.id)
    assert got is not None and got.seats == row.seats and got.settings == row.settings
    assert any(t.id == row.id for t in store.tables(unfinished=True))
    assert store.actions(row.id) == [{"kind": "discard", "player": 0, "tile": "1m"},
                                     {"kind": "pass", "player": 1}]
    store.set_finished(row.id)
    assert all(t.id != row.id for t in store.tables(unfinished=True))
    store.close()


@pytest.mark.parametrize("stop_after", [60, 130])
def test_a_restarted_bot_table_plays_on_exactly_as_it_would_have(stop_after: int) -> None:
    """Issue 9 item 4 and issue 20 item 3: rebuilt from the stored actions without asking
    any bot, its bots (new at each hand) asked again for their stored decisions of the hand
    in play only, and only before their next decision, a table of bots plays on exactly as
    the uninterrupted table did (stopped in the first hand, and in the second)."""
    from mahjong_table.web.table import rebuild

    row = row_of(["efficiency", "random", "efficiency", "random"], seed="exact", max_hands=2)

    async def play(saved: list[dict[str, Any]], stop_after: int | None) -> LiveTable:
        game, bots, again = rebuild(row, saved)
        table = LiveTable(row, game, _saver(saved), bots=bots, ask_again=again)
        table.start()
        await wait_until(lambda: table.finished or (stop_after is not None
                                                    and len(saved) >= stop_after))
        await table.stop()
        return table

    whole: list[dict[str, Any]] = []
    run(play(whole, None))
    part: list[dict[str, Any]] = []
    run(play(part, stop_after))
    run(play(part, None))
    assert part == whole


def _saver(saved: list[dict[str, Any]]) -> Callable[[int, dict[str, Any]], Awaitable[None]]:
    async def save(seq: int, action: dict[str, Any]) -> None:
        assert seq == len(saved)
        saved.append(action)
    return save


def test_a_false_mahjong_is_offered_where_the_rules_penalise_it() -> None:
    """004 s07 with the option false_mahjong=penalise: a person may declare a Mahjong that
    does not win; the table offers it worded as such, and the engine ends the hand with the
    penalty."""
    row = row_of(["human"] * 4, seed="false-mj", options={"false_mahjong": "penalise"})

    async def go() -> None:
        table = make_table(row, [])
        seat = table.game.current
        me = Recorder(seat)
        table.attach(me)
        false = [a for a in me.last["actions"] if a.get("false")]
        assert len(false) == 1 and "false Mahjong" in false[0]["label"]
        await table.submit(seat, me.last["offer"], {"kind": "mahjong"})
        assert table.game.results[0].reason == "false_mahjong"
        await table.stop()

    run(go())


def test_hints_come_from_the_seat_own_view() -> None:
    """Issue 9 item 3, rendered from the one advisor (issue 19): shanten and the discard
    advice, or for a game against a card the nearest lines and the Charleston pass; the
    same lines as every face, and the advice as JSON beside them."""
    from mahjong_table.advisor import advise
    from mahjong_table.rules import get_rule_set
    from mahjong_table.web.hints import hints_for

    hk = get_rule_set("hongkong")
    game = Game(hk, "hints")
    hint = hints_for(game.view(game.current), hk)
    lines = hint["lines"]
    assert lines == advise(game.view(game.current), hk).text_lines()
    assert lines[0].startswith("Your hand: ")
    assert any(line.startswith("Advice: discard ") for line in lines)
    assert hint["advice"]["legal_action"]["kind"] == "discard"
    other = (game.current + 1) % 4
    other_hint = hints_for(game.view(other), hk)
    assert other_hint["lines"][0].startswith("Your hand: ")
    assert other_hint["advice"]["action"] is None  # no decision of theirs: no advice
    am = get_rule_set("american")
    game = Game(am, "hints")
    lines = hints_for(game.view(0), am)["lines"]
    assert any("away" in line for line in lines)
    assert any(line.startswith("Advice: pass ") for line in lines)


#: (seat 2's hand in a game where it may pung seat 0's first discard 9p, and in one where
#: nobody may claim it); every other hand and the next wall tiles are the same, and nothing
#: that seat 2 may claim is visible to anyone else
HIDDEN_CLAIMER = ("99p345s46m7p1z25z13p", "8p345s446m7p1z25z13p")


def _position(rules: str, seat2: str) -> str:
    head = {"hongkong": "hongkong rounds=1", "chinese": "chinese rounds=1",
            "american": "american"}[rules]
    return "\n".join([head, "0: 115m9m26p9p37s12345z", "1: 2347m18p568s1467z",
                      f"2: {seat2}", "3: 668m45p129s12357z", "wall 6z7z6z7z"])


def _normalised(msg: dict[str, Any]) -> dict[str, Any]:
    """A message without its clock readings (a window's seconds left): what must be equal."""
    out = dict(msg)
    if out.get("window") is not None:
        out["window"] = {k: v is None for k, v in out["window"].items()}
    if out.get("clock") is not None:
        out["clock"] = {"total": out["clock"]["total"]}
    if out.get("ready_left") is not None:
        out["ready_left"] = True
    return out


async def _play_to_seat0_next_turn(rules: str, seat2: str) -> tuple[list[Recorder], bool]:
    """Seat 0 discards 9p; seat 2 passes any claim (its answer is a secret event); seats
    1-3 discard what they draw; until seat 0's next turn is offered. Returns the clients of
    seats 0, 1, 3 and a spectator, and whether seat 2 was asked."""

    row = row_of(["human"] * 4, rules, "hidden-answers", claim_pause=0.03, claim_seconds=5)
    game = Game.from_position(_position(rules, seat2), "hidden", check_invariants=True)
    table = LiveTable(row, game, _saver([]))
    clients = [Recorder(s) for s in (0, 1, 3, SPECTATOR)]
    table.start()
    for c in clients:
        table.attach(c)
    asked = False
    turns_of_0 = 0
    end = time.monotonic() + 20
    while True:
        assert time.monotonic() < end, "the hand did not come back to seat 0"
        await asyncio.sleep(0.002)
        if table._hold is not None:
            continue
        for seat in table.game.to_act():
            offer = table.offers[seat]
            if table.game.phase in (Phase.CLAIM, Phase.ROB):
                asked = asked or seat == 2
                action: dict[str, Any] = {"kind": "pass"}
            else:
                if seat == 0:
                    turns_of_0 += 1
                    if turns_of_0 == 2:
                        await table.stop()
                        return clients, asked
                    # as a browser does: the decision number is the one the seat was sent
                    offer = clients[0].last["offer"]
                    assert offer is not None
                view = table.game.view(seat)
                tile = "9p" if seat == 0 else str(view.drawn)
                action = {"kind": "discard", "tile": tile}
            with contextlib.suppress(ActionRefused):
                await table.submit(seat, offer, action)
            break


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_the_decision_number_tells_nothing_of_hidden_claim_answers(rules: str) -> None:
    """Hidden information stays hidden: the ``offer`` (decision number) a seat is sent
    counts only what that seat may see. Two games alike in everything seats 0, 1, 3 and a
    spectator may see, where in one seat 2 may claim seat 0's discard and passes (a secret
    answer) and in the other nobody may claim it, send each of them the same messages
    (clock readings aside), decision numbers included."""
    may, asked = run(_play_to_seat0_next_turn(rules, HIDDEN_CLAIMER[0]))
    nobody, asked_too = run(_play_to_seat0_next_turn(rules, HIDDEN_CLAIMER[1]))
    assert asked and not asked_too, "seat 2 may claim in the first game only"
    for a, b in zip(may, nobody, strict=True):
        got_a = [_normalised(m) for _, m in a.messages]
        got_b = [_normalised(m) for _, m in b.messages]
        assert any(m.get("offer") is not None for m in got_a) or a.seat == SPECTATOR
        assert got_a == got_b, f"seat {a.seat} can tell the games apart"


def test_a_person_who_never_acts_still_finishes_the_hand() -> None:
    """Issue 18 item 2: a person who never acts: their clock runs out (the table plays the
    safe default, stored like any action), twice in a row marks them away, and the away bot
    plays the seat to the end of the game (two hands: the next hand does not wait for an
    away person's Ready). The record replays. Every seat's final hand is shown only once a
    hand is over."""
    saved: list[dict[str, Any]] = []
    row = row_of(["human", "efficiency", "efficiency", "efficiency"], seed="idle",
                 max_hands=2, turn_seconds=3.0, claim_seconds=2.0, away_after=2.0)

    async def go() -> tuple[LiveTable, Recorder]:
        table = make_table(row, saved)
        me = Recorder(0)
        table.start()
        table.attach(me)
        await wait_until(lambda: table.finished, 60)
        await table.stop()
        return table, me

    t0 = time.monotonic()
    table, me = run(go())
    took = time.monotonic() - t0
    assert table.game.is_over and len(table.game.results) == 2
    assert [why for _, why in table.played_for[:2]] == ["clock", "clock"]
    assert table.away[0] and ("away" in {why for _, why in table.played_for})
    assert took < 30, took
    states = [m for _, m in me.messages if m["type"] == "state"]
    assert any(m["away"][0] for m in states), "the page was told the seat is away"
    assert any(m["clock"] for m in states), "the page was shown its clock"
    for m in states:
        if m["final_hands"] is not None:
            assert m["view"]["phase"] in ("hand_end", "game_over"), \
                "final hands are shown only once the hand is over"
    assert states[-1]["final_hands"] is not None
    lines = list(record_lines(build_game(row, saved)))
    assert replay([json.dumps(x) for x in lines]).ok


def test_a_person_who_never_acts_in_an_american_charleston_is_played_for() -> None:
    """Issue 18 item 2 in American play: the clock runs out on the Charleston passes (the
    advisor's pass is played), then the away bot plays the seat to the end."""
    saved: list[dict[str, Any]] = []
    row = row_of(["human", "american", "american", "american"], "american", seed="idle-am",
                 max_hands=1, turn_seconds=3.0, claim_seconds=2.0, away_after=2.0)

    async def go() -> LiveTable:
        table = make_table(row, saved)
        table.start()
        await wait_until(lambda: table.finished, 60)
        await table.stop()
        return table

    table = run(go())
    assert table.game.is_over and table.away[0]
    mine = [a for a in saved if a["player"] == 0]
    assert mine[0]["kind"] == "charleston_pass" and mine[1]["kind"] == "charleston_pass"
    lines = list(record_lines(build_game(row, saved)))
    assert replay([json.dumps(x) for x in lines]).ok


def test_the_room_state_moves_with_the_table_and_a_running_clock_keeps_its_time() -> None:
    """Issue 20 item 2: what the table kept in memory only (away seats, clocks run out, a
    running clock) is written out by ``room_state`` and taken back by a table rebuilt
    elsewhere: an away seat stays away, and the clock resumes with the time it had left
    when the table stopped, not afresh."""
    import time as wall

    from mahjong_table.web.table import rebuild

    row = row_of(["human", "efficiency", "human", "efficiency"], seed="moves",
                  turn_seconds=30.0)

    async def go() -> None:
        saved: list[dict[str, Any]] = []
        first = make_table(row, saved)
        first.start()
        await wait_until(lambda: any(first.clock[s] is not None for s in (0, 2)))
        seat = next(s for s in (0, 2) if first.clock[s] is not None)
        other = 2 if seat == 0 else 0
        first._set_away(other, "test")
        await asyncio.sleep(0.3)
        state = first.room_state()
        stopped = wall.time()
        await first.stop()
        # 5 s later, on another process: the stored state and the stored actions
        game, bots, again = rebuild(row, saved)
        second = LiveTable(row, game, _saver(list(saved)), bots=bots, ask_again=again)
        second.restore_room_state(json.loads(json.dumps(state)), stopped)
        second.start()
        assert second.away[other] and not second.away[seat]
        c = second.clock[seat]
        assert c is not None
        left = c[1] - asyncio.get_running_loop().time()
        assert 29.0 < left < 29.8, f"the clock resumed with {left:.2f} s, not what it had"
        await second.stop()

    run(go())


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_a_table_rebuilt_late_in_a_game_starts_where_all_its_events_would_leave_it(
        rules: str) -> None:
    """Issue 42: a table rebuilt from its stored actions feeds its view trackers only what
    they keep from past hands (the names, the last hand's scores, then the hand in play),
    reads its logs from the end, counts each seat's shown events without building them, and
    its boards start at the hand in play: at every tenth action of a four-hand game of bots,
    each is what feeding every event gives (the old way, 14 ms on the event loop for a long
    game; a restart rebuilds a thousand)."""
    from mahjong_table.engine import Game, events_for
    from mahjong_table.engine.tracker import ViewTracker
    from mahjong_table.players import make_bot
    from mahjong_table.rules import get_rule_set
    from mahjong_table.web.board import BoardMemory, board_for
    from mahjong_table.web.table import LOG_EVENTS, SPECTATOR

    rs = get_rule_set(rules)
    game = Game(rs, f"late-{rules}", max_hands=4)
    bots = [make_bot("efficiency", f"late/{p}", rules=rs) for p in range(4)]
    row = row_of(["efficiency"] * 4, rules, f"late-{rules}")
    checked = 0
    while not game.is_over:
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
        if len(game.actions) % 10:
            continue
        table = LiveTable(row, game, _saver([]))
        for s in (0, 1, 2, 3, SPECTATOR):
            shown = events_for(game.events, s)
            full = ViewTracker(s)
            memory = BoardMemory(s)
            for e in shown:
                full.update(e)
                memory.update(e)
            assert table.trackers[s].snapshot() == full.snapshot()
            assert list(table.logs[s]) == shown[-LOG_EVENTS:]
            if s != SPECTATOR:
                assert table._shown[s] == len(shown)
            got = board_for(table, s, game.view(max(s, 0)).to_json())
            want = memory.to_json()
            assert {k: got[k] for k in want} == want
        checked += 1
    assert checked >= 10
