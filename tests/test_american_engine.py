"""The American rule set (rule book 001 Part one) on the one engine: tile set, wall, deal,
Charleston, claims with jokers, joker exchange, dead hands, wall game, rotation; invariants
and secrecy. Each test names the section it checks."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from mahjong_table.engine import Action, ActionKind, Game, IllegalActionError, Phase
from mahjong_table.engine.tracker import ViewTracker
from mahjong_table.record import record_lines, replay
from mahjong_table.rules import get_rule_set
from mahjong_table.rules.american.model import Variation
from mahjong_table.tiles import TILES, Tile, parse_tiles
from table import arranged_game, follow_views, scramble_changes_no_view

JOKER = TILES[46]


def american(**options: object) -> Game:
    seed = options.pop("seed", 1)
    return Game(get_rule_set("american", **options), seed, check_invariants=True)  # type: ignore[arg-type]


def at_position(hands: dict[int, str], seed: int = 1, **options: object) -> Game:
    """An American game set up through the public API (issue 7): player 0 is East and to
    discard; the players not named are dealt at random."""
    opts = " ".join(f"{k}={str(v).lower()}" for k, v in options.items())
    lines = [f"american {opts}"] + [f"{p}: {hands.get(p, '?')}" for p in range(4)]
    return Game.from_position("\n".join([*lines, "turn 0"]), seed, check_invariants=True)


def pass_first(game: Game, p: int) -> Action:
    """The first legal pass of ``p`` (three tiles, none blind)."""
    return next(a for a in game.legal_actions(p)
                if a.kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS)
                and not a.number)


def skip_charleston(game: Game) -> None:
    """Play the first Charleston with the first legal passes, vote stop, ask for nothing."""
    while game.phase is Phase.CHARLESTON:
        for p in list(game.to_act()):
            acts = game.legal_actions(p)
            stop = [a for a in acts if a.kind is ActionKind.CHARLESTON_STOP]
            ask0 = [a for a in acts if a.kind is ActionKind.COURTESY_ASK and a.number == 0]
            game.apply(stop[0] if stop else ask0[0] if ask0 else pass_first(game, p))


def variation_tiles(v: Variation) -> str:
    """A concrete hand (mpsz, naturals only) for a variation of a card line."""
    out: list[Tile] = []
    flower = 34
    for g in v.groups:
        for _ in range(g.size):
            if g.kind == 34:
                out.append(TILES[flower])
                flower += 1
            else:
                out.append(TILES[g.kind])
    return "".join(str(t) for t in sorted(out))


# ----- tiles, wall, deal --------------------------------------------------------------------


def test_tile_set_is_152_tiles_with_8_flowers_and_8_jokers() -> None:
    """001 Part one "Setting up the game": suits, winds, dragons, 8 flowers, 8 jokers; no
    seasons: 152 tiles."""
    ts = get_rule_set("american").tile_set
    assert ts.size == 152
    assert sum(ts.copies[34:42]) == 8 and sum(ts.copies[42:46]) == 0 and ts.copies[46] == 8


def test_walls_of_19_stacks_broken_in_easts_wall() -> None:
    """001 Part one 02: walls 19 stacks long, two high; 04: East rolls (two dice, or one by
    option) and the break is counted from the right end of East's wall."""
    rules = get_rule_set("american")
    assert rules.stacks_per_wall == 19
    start = next(e for e in Game(rules, 3).events if e.type == "hand_start")
    assert start.data["break_wall"] == "E" and len(start.data["dice"]) == 2
    assert start.data["break_stacks"] == sum(start.data["dice"])
    assert start.data["dead_wall"] == 0
    one = next(e for e in american(dice=1, seed=3).events if e.type == "hand_start")
    assert len(one.data["dice"]) == 1


def test_deal_in_fours_then_east_jumps() -> None:
    """001 Part one 05: two stacks to each player in turn until 12, then East takes the 1st
    and 3rd top tiles (drawing positions 0 and 4 of the next five) and the others one each."""
    game = american(seed=5)
    order = game.wall.tiles  # drawing order
    dealt = {e.player: Counter(parse_tiles(e.data["tiles"])) for e in game.events
             if e.type == "deal"}
    for w in range(4):
        p = game.player_of_wind(w)
        positions = [i for r in range(3) for i in range(16 * r + 4 * w, 16 * r + 4 * w + 4)]
        positions += [48, 52] if w == 0 else [48 + w]
        assert dealt[p] == Counter(order[i] for i in positions)
        assert sum(dealt[p].values()) == (14 if w == 0 else 13)
    assert game.wall.live_remaining == 152 - 53


def test_flowers_are_hand_tiles_not_replaced() -> None:
    """001 Part one: flowers are played as ordinary tiles of the hand (they are on the card)
    and never set aside and replaced."""
    for seed in range(10):
        game = american(seed=seed)
        assert not any(e.type in ("bonus", "replacement") for e in game.events)
        assert all(not ps.bonus for ps in game.players)


# ----- the Charleston -----------------------------------------------------------------------


def test_charleston_first_pass_right_is_simultaneous_and_secret() -> None:
    """001 Part one 06: three tiles to the right, face down and simultaneously; what a player
    passed is seen by that player and the receiver only."""
    game = american(seed=2)
    assert game.phase is Phase.CHARLESTON and game.stage is not None
    assert game.stage.name == "first_right"
    assert sorted(game.to_act()) == [0, 1, 2, 3]
    chosen = {p: pass_first(game, p) for p in range(4)}
    before = [list(ps.counts) for ps in game.players]
    for p in range(4):
        game.apply(chosen[p])
        if p < 3:  # nothing moves until everyone has passed
            assert [list(ps.counts) for ps in game.players] == before
    for p in range(4):
        gave = Counter(chosen[p].tiles)
        got = Counter(chosen[(p - 1) % 4].tiles)  # from the player on the left
        expected = Counter({k: c for k, c in enumerate(before[p]) if c}) - gave + got
        assert Counter({k: c for k, c in enumerate(game.players[p].counts) if c}) == expected
    for e in game.events:
        if e.type in ("passed", "received"):
            assert e.secret
            for viewer in range(4):
                assert (e.seen_by(viewer) is not None) == (viewer == e.player)
    assert game.stage is not None and game.stage.name == "first_over"


def test_jokers_are_never_passed() -> None:
    """001 Part one 06: "Jokers cannot be passed": no legal pass holds one, and a pass with a
    joker is refused with the rule, the state unchanged."""
    for seed in range(40):
        game = american(seed=seed)
        p = next((p for p in range(4) if game.players[p].counts[46]), None)
        if p is None:
            continue
        assert all(46 not in a.tiles for a in game.legal_actions(p))
        tiles = [JOKER, *pass_first(game, p).tiles[:2]]
        n = len(game.events)
        with pytest.raises(IllegalActionError, match=r"jokers cannot be passed.*001 Part one 06"):
            game.apply(Action(ActionKind.CHARLESTON_PASS, p, tiles=tuple(tiles)))
        assert len(game.events) == n and p in game.to_act()
        return
    raise AssertionError("no dealt joker in 40 seeds")


def test_blind_pass_only_on_the_last_pass_of_a_charleston() -> None:
    """Blind passing (option blind_pass, on by default, League practice): on the last pass of
    each Charleston only; refused on the first pass, with the rule."""
    game = american(seed=4)
    one = pass_first(game, 0)
    with pytest.raises(IllegalActionError, match="blind pass is allowed only"):
        game.apply(Action(ActionKind.CHARLESTON_PASS, 0, tiles=one.tiles[:2], number=1))
    off = american(seed=4, blind_pass=False)
    assert not any(s.blind for s in off.rules.charleston_stages())


@pytest.mark.parametrize("blinds", list(itertools.product(range(4), repeat=4)))
def test_blind_passes_keep_every_hand_size(blinds: tuple[int, ...]) -> None:
    """Every combination of blind counts on the first left pass keeps 13/14 tiles per hand
    and all 152 tiles in place (invariants checked after every action)."""
    game = american(seed=6)
    for _ in range(2):  # right, over
        for p in range(4):
            game.apply(pass_first(game, p))
    assert game.stage is not None and game.stage.name == "first_left"
    for p in range(4):
        k = blinds[p]
        own = next(a for a in game.legal_actions(p) if (a.number or 0) == k)
        game.apply(own)
    assert game.stage is not None and game.stage.name == "second_vote"
    received = {e.player: len(parse_tiles(e.data["tiles"])) for e in game.events
                if e.type == "received" and e.data["stage"] == "first_left"}
    passed_own = {e.player: len(parse_tiles(e.data["tiles"])) for e in game.events
                  if e.type == "passed" and e.data["stage"] == "first_left"}
    for p in range(4):
        assert received[p] == passed_own[p]


def test_second_charleston_only_if_all_four_agree() -> None:
    """001 Part one 06: the second Charleston (left, over, right) is played only if all four
    players agree; otherwise play goes on to the courtesy pass."""
    for votes, expected in (((True,) * 4, "second_left"), ((True, True, False, True),
                                                            "courtesy_ask")):
        game = american(seed=8)
        for _ in range(3):
            for p in range(4):
                game.apply(pass_first(game, p))
        for p in range(4):
            kind = ActionKind.CHARLESTON_CONTINUE if votes[p] else ActionKind.CHARLESTON_STOP
            game.apply(Action(kind, p))
        assert game.stage is not None and game.stage.name == expected
        vote = next(e for e in game.events if e.type == "charleston_vote")
        assert vote.data["agreed"] == all(votes) and vote.player is None


def test_courtesy_pass_limited_to_the_lower_number() -> None:
    """001 Part one 06 "Courtesy Pass": players opposite exchange 0-3 tiles, limited to the
    lowest number agreed by both."""
    game = american(seed=9)
    for _ in range(3):
        for p in range(4):
            game.apply(pass_first(game, p))
    for p in range(4):
        game.apply(Action(ActionKind.CHARLESTON_STOP, p))
    asks = {0: 3, 2: 1, 1: 0, 3: 2}
    for p, n in asks.items():
        game.apply(Action(ActionKind.COURTESY_ASK, game.player_of_wind(p), number=n))
    assert game.stage is not None and game.stage.name == "courtesy"
    east, west = game.player_of_wind(0), game.player_of_wind(2)
    assert sorted(game.to_act()) == sorted([east, west])  # the other pair exchanges 0
    a = pass_first(game, east)
    assert len(a.tiles) == 1
    with pytest.raises(IllegalActionError, match="this pass is 1 tile "):
        game.apply(Action(ActionKind.COURTESY_PASS, east, tiles=tuple(
            t for t in game.players[east].concealed_tiles() if t != 46)[:2]))
    game.apply(a)
    game.apply(pass_first(game, west))
    assert game.phase is Phase.TURN and game.current == game.dealer


def test_east_may_declare_a_dealt_winning_hand_before_the_charleston() -> None:
    """East's dealt hand that already wins may be declared before the Charleston (issue 8
    item 3); nobody else may declare then."""
    card = get_rule_set("american").card  # type: ignore[attr-defined]
    line = next(ln for ln in card.lines if not ln.concealed)
    game = arranged_game("american", 10, {0: variation_tiles(line.variations[0])})
    east = game.dealer
    acts = game.legal_actions(east)
    assert acts[0].kind is ActionKind.MAHJONG
    other = (east + 1) % 4
    assert all(a.kind is not ActionKind.MAHJONG for a in game.legal_actions(other))
    game.apply(acts[0])
    result = game.results[0]
    assert result.reason == "mahjong" and result.winner == east and result.discarder is None
    # paid as self-drawn: everyone pays double the line, and a jokerless win doubles again
    assert result.payments[east] == 3 * 4 * line.points


# ----- play ---------------------------------------------------------------------------------


def test_east_discards_first_without_drawing() -> None:
    """001 Part one 07: "East begins by discarding one tile face up"."""
    game = american(seed=11)
    skip_charleston(game)
    assert game.phase is Phase.TURN and game.current == game.dealer
    assert game.events[-1].type == "play_start"
    assert sum(game.players[game.dealer].counts) == 14
    kinds = {a.kind for a in game.legal_actions(game.dealer)}
    assert kinds <= {ActionKind.DISCARD, ActionKind.MAHJONG}


def _at_first_discard(seed: int = 12, **options: object) -> Game:
    game = american(seed=seed, **options)
    skip_charleston(game)
    return game


def test_claims_only_pung_kong_quint_sextet_with_jokers() -> None:
    """001 Part one "Calling discards": only for a pung, kong, quint, sextet or Mahjong (no
    chow), exposed with any number of jokers, at least the claimed tile natural ("Jokers")."""
    e, s, w, n = 0, 1, 2, 3
    game = at_position({e: "5m 1234p 1234s 1234z 1z", s: "4m6m 1j1j 123p 123s 123z",
                        w: "5m5m5m 1j 24p 24s 23456z", n: "9m 678p 678s 7z 5p5s 9p9s 4z"})
    game.apply(Action(ActionKind.DISCARD, e, Tile.parse("5m")))
    assert game.phase is Phase.CLAIM
    south = {(a.kind.value, a.jokers) for a in game.legal_actions(s)}
    assert south == {("pung", 2), ("pass", 0)}  # the pung of jokers with the claimed 5m
    west = {(a.kind.value, a.jokers) for a in game.legal_actions(w)}
    assert west == {("pung", 0), ("pung", 1), ("kong", 0), ("kong", 1), ("quint", 1),
                    ("pass", 0)}
    assert n not in game.to_act()
    with pytest.raises(IllegalActionError, match="no chows in American play"):
        game.apply(Action(ActionKind.CHOW, s, Tile.parse("4m")))
    # priority (001 Part one "Priority of calls"): the next player in turn order
    game.apply(Action(ActionKind.PUNG, s, jokers=2))
    game.apply(Action(ActionKind.QUINT, w, jokers=1))
    claim = next(ev for ev in reversed(game.events) if ev.type == "claim")
    assert claim.player == s and claim.data["meld"] == "[5m11j]"
    assert game.current == s and game.phase is Phase.TURN and not game.drew


def test_mahjong_has_priority_over_the_next_player() -> None:
    """001 Part one "Priority of calls": Mahjong, then the next player in turn order."""
    # 2026 #1 "2026a 666b 666c NNNN": West waits on a 6p; South holds 6p and a joker
    e, s, w = 0, 1, 2
    game = at_position({e: "6p 13m 789m 123p 123s 7z 5s", s: "6p 1j 45p 789p 45s 789s 6z",
                        w: "22m6m5z 66p 666s 4444z"}, seed=13)
    pung_kind = Tile.parse("6p")
    game.apply(Action(ActionKind.DISCARD, e, TILES[pung_kind]))
    assert ActionKind.MAHJONG in {a.kind for a in game.legal_actions(w)}
    game.apply(Action(ActionKind.PUNG, s, jokers=1))
    game.apply(Action(ActionKind.MAHJONG, w))
    assert game.results[-1].winner == w and game.results[-1].reason == "mahjong"


def test_a_discarded_joker_is_dead() -> None:
    """001 Part one "Jokers": "A discarded Joker is dead and may never be claimed"."""
    e = 0
    game = at_position({e: "1j 1234p 1234s 1234z 1z", 1: "1j1j 123p 123s 12345z",
                        2: "1j1j1j 23p 123s 12345z"}, seed=14)
    game.apply(Action(ActionKind.DISCARD, e, JOKER))
    assert game.phase is Phase.TURN and game.current == (e + 1) % 4
    assert not any(ev.type == "claim_window" for ev in game.events[-3:])


def test_joker_exchange_from_any_exposure_several_per_turn() -> None:
    """001 Part one "Joker exchange": in one's turn, a joker from any player's exposure (one's
    own too) for the matching natural tile; several in one turn."""
    e, s = 0, 1
    game = at_position({e: "5m 7p 1f 1234s 12z 11p [7p7p1j]",
                        s: "12p 1234z [5m5m1j] [2f3f1j1j]"}, seed=15)
    acts = [a for a in game.legal_actions(e) if a.kind is ActionKind.JOKER_EXCHANGE]
    assert {(str(a.tile), a.target) for a in acts} == {("5m", s), ("7p", e), ("1f", s)}
    game.apply(Action(ActionKind.JOKER_EXCHANGE, e, Tile.parse("5m"), target=s))
    assert game.players[s].melds[0].notation() == "[555m]"
    assert game.players[e].counts[46] == 1 and game.exchanged
    game.apply(Action(ActionKind.JOKER_EXCHANGE, e, Tile.parse("1f"), target=s))
    assert game.players[s].melds[1].notation() == "[123f1j]"
    game.apply(Action(ActionKind.JOKER_EXCHANGE, e, Tile.parse("7p"), target=e))
    assert game.players[e].counts[46] == 3
    with pytest.raises(IllegalActionError, match="Joker exchange"):
        game.apply(Action(ActionKind.JOKER_EXCHANGE, e, Tile.parse("5m"), target=s))
    ev = next(x for x in reversed(game.events) if x.type == "joker_exchange")
    assert ev.player == e and ev.data["target"] == e and not ev.private


def test_false_mahjong_makes_a_dead_hand_that_still_pays() -> None:
    """001 Part one "Dead hands": a false Mahjong (option false_mahjong=dead) makes the hand
    dead: the player stops playing until the next hand while the others go on."""
    game = _at_first_discard(seed=16, false_mahjong="dead")
    e = game.dealer
    with pytest.raises(IllegalActionError):
        _at_first_discard(seed=16).apply(Action(ActionKind.MAHJONG, e))
    game.apply(Action(ActionKind.MAHJONG, e))
    assert game.players[e].dead
    assert any(ev.type == "dead_hand" and ev.player == e for ev in game.events)
    assert game.current == (e + 1) % 4 and game.view(0).seats[e].dead
    rng = random.Random(1)
    while not game.is_over and len(game.results) == 0:
        p = game.to_act()[0]
        assert p != e
        game.apply(rng.choice(game.legal_actions(p)))
    assert game.results[0].reason in ("draw", "mahjong")


def test_a_hand_whose_exposures_fit_no_line_may_be_called_dead() -> None:
    """Option dead_exposures (001 Part one "Dead hands"; docs/rules/american.md): another
    player may call a hand dead when its exposures fit no line of the card."""
    e, s = 0, 1
    hands = {e: "1234p 1234s 234z 5z 9m 8m", s: "23p 23s 5z6z7z [1z1z1z1z1j1j]"}
    game = at_position(hands, seed=17, dead_exposures=True)
    acts = [a for a in game.legal_actions(e) if a.kind is ActionKind.CALL_DEAD]
    assert [a.target for a in acts] == [s]
    game.apply(acts[0])
    assert game.players[s].dead
    plain = at_position(hands, seed=17)
    assert not any(a.kind is ActionKind.CALL_DEAD for a in plain.legal_actions(e))


def test_wall_game_scores_nothing_and_the_deal_passes() -> None:
    """001 Part one "Wall game": no points; 01: East rotates to the next player after every
    hand; a game is four hands by default (option hands)."""
    game = american(seed=18)
    rng = random.Random(18)
    while not game.is_over:
        p = game.to_act()[0]
        acts = game.legal_actions(p)
        game.apply(next((a for a in acts if a.kind is ActionKind.MAHJONG), rng.choice(acts)))
    assert len(game.results) == 4
    dealers = [r.dealer for r in game.results]
    assert dealers == [(dealers[0] + i) % 4 for i in range(4)]
    for r in game.results:
        if r.reason == "draw":
            assert r.payments == (0, 0, 0, 0)
    assert game.events[-1].type == "game_end"


# ----- secrecy, invariants, records -----------------------------------------------------------


def _random_games(n: int) -> list[Game]:
    games = []
    for seed in range(n):
        game = Game(get_rule_set("american", hands=2), f"am/{seed}", check_invariants=True)
        rng = random.Random(seed)
        trackers = [ViewTracker(p) for p in range(4)]
        seen = 0
        while True:
            seen = follow_views(game, trackers, seen)
            if game.is_over:
                break
            if rng.random() < 0.05:
                scramble_changes_no_view(game, rng)
            p = game.to_act()[0]
            acts = game.legal_actions(p)
            game.apply(next((a for a in acts if a.kind is ActionKind.MAHJONG), rng.choice(acts)))
        games.append(game)
    return games


def test_views_are_rebuilt_from_shown_events_and_leak_nothing() -> None:
    """Hidden information stays hidden in American play: every view equals the one rebuilt
    from the events its player was shown (passes seen by their two players only), and no view
    changes when other players' concealed tiles or the wall order change."""
    games = _random_games(6)
    tally = Counter(e.type for g in games for e in g.events)
    for kind in ("passed", "received", "claim", "charleston_vote"):
        assert tally[kind] > 0, kind


def test_american_records_replay() -> None:
    """Every American game replays from its record, event for event."""
    for game in _random_games(2):
        lines = [__import__("json").dumps(x) for x in record_lines(game)]
        report = replay(lines)
        assert report.ok, report.problem


def test_win_right_after_a_joker_exchange_names_the_joker() -> None:
    """Bug found by the bots: a Mahjong right after exchanging the drawn tile for a joker
    named the drawn tile (now in another player's exposure) as the winning tile and the
    scorer refused it. The winning tile is the joker taken; the win is paid as self-drawn
    (001 Part one "Joker exchange"; option joker_exchange_win)."""
    game = Game.from_position("""american
    0: 22m6m5z 666p 66s 4444z 4m
    1: ?
    2: ?
    3: [44m1j] 123p 123s 12z 37z
    turn 0 drew 4m""", 1, check_invariants=True)
    game.apply(Action(ActionKind.JOKER_EXCHANGE, 0, Tile.parse("4m"), target=3))
    assert ActionKind.MAHJONG in {a.kind for a in game.legal_actions(0)}
    game.apply(Action(ActionKind.MAHJONG, 0))
    result = game.results[0]
    assert result.reason == "mahjong" and result.winner == 0 and result.discarder is None
    end = next(e for e in game.events if e.type == "hand_end")
    assert end.data["win_tile"] == "1j"
    assert result.payments[0] == 3 * 2 * 25  # self-drawn: everyone pays double


@pytest.mark.parametrize("option", ["self_drawn", "discard"])
def test_exchange_win_when_the_last_discard_was_the_winners_own(option: str) -> None:
    """Bug found by a new-user test: with the other three hands dead, the turn comes back to
    the player who discarded (001 Part one "Dead hands"); a joker exchange then a Mahjong
    charged the win to the winner's own discard and the scorer raised. Nobody else
    discarded, so the win is self-drawn under either value of option joker_exchange_win
    (001 Part one "Joker exchange"; docs/rules/american.md)."""
    game = Game.from_position(f"""american dead_exposures=true joker_exchange_win={option}
    0: [1678f] [111p] 13s3577z from 2 2 dead
    1: [333m] 2255p4s11111j5m from 2
    2: [666z1j] [999p] 48m2p33z4f from 1 3 dead
    3: [111s] [66p1j] 1m2p49s2z25f from 2 2 dead
    turn 1 drew 5m
    wall 6p""", 0, check_invariants=True)
    game.apply(Action(ActionKind.DISCARD, 1, Tile.parse("5m")))
    assert game.phase is Phase.TURN and game.current == 1  # the turn came back to player 1
    exchange = next(a for a in game.legal_actions(1) if a.kind is ActionKind.JOKER_EXCHANGE)
    game.apply(exchange)
    game.apply(Action(ActionKind.MAHJONG, 1))
    result = game.results[0]
    assert result.reason == "mahjong" and result.winner == 1 and result.discarder is None
    assert result.payments == (-60, 180, -60, -60)  # 30 points, self-drawn: each pays double


def test_no_claim_leaves_nothing_to_discard() -> None:
    """Bug found by the bots: a pung of jokers could use a player's last concealed tiles,
    leaving a turn with nothing to discard. An exposure must leave a tile to discard (001
    Part one "Calling discards": a claim is followed by a discard unless it wins)."""
    game = Game.from_position("""american
    0: 5p 123m 456m 789m 123s 1z
    1: [111m1j] [222m1j] [33m1j] 1j1j
    2: ?
    3: ?
    turn 0""", 2, check_invariants=True)
    game.apply(Action(ActionKind.DISCARD, 0, Tile.parse("5p")))
    assert all(a.kind not in (ActionKind.PUNG, ActionKind.KONG)
               for a in game.legal_actions(1))


def test_the_drawn_tile_given_in_an_exchange_is_no_longer_shown_as_drawn() -> None:
    """Found by a new-user test: after exchanging the tile just drawn for a joker, the view
    still showed it apart as "just drawn" (15 tiles on screen)."""
    game = Game.from_position("""american
    0: 22m6m5z 666p 66s 4444z 4m
    3: [44m1j] 123p 123s 12z 37z
    turn 0 drew 4m""", 1, check_invariants=True)
    assert game.view(0).drawn == Tile.parse("4m")
    game.apply(Action(ActionKind.JOKER_EXCHANGE, 0, Tile.parse("4m"), target=3))
    assert game.view(0).drawn is None


def test_options_keep_their_types_and_cards_their_full_path(tmp_path: object) -> None:
    """Found by a new-user test: ``blind_pass=0`` was taken for False and recorded as 0; a
    card given by a relative path could not be replayed from another folder."""
    import os
    from pathlib import Path

    from mahjong_table.rules import RuleSetError
    from mahjong_table.rules.american.card import practice_card_text

    with pytest.raises(RuleSetError, match="blind_pass=0"):
        get_rule_set("american", blind_pass=0)
    with pytest.raises(RuleSetError, match="rounds=True"):
        get_rule_set("hongkong", rounds=True)
    folder = Path(str(tmp_path))
    (folder / "mine.card").write_text(practice_card_text())
    here = os.getcwd()
    os.chdir(folder)
    try:
        rules = get_rule_set("american", card="mine.card")
    finally:
        os.chdir(here)
    assert rules.options["card"] == str(folder.resolve() / "mine.card")


def test_an_exposure_of_jokers_only_is_refused_with_its_reason() -> None:
    """NOTATION: an exposure holds at least one natural tile, the one claimed."""
    from mahjong_table.melds import MeldError, parse_hand

    with pytest.raises(MeldError, match="jokers only is no exposure"):
        parse_hand("[111j] 123m", get_rule_set("american").tile_set)
