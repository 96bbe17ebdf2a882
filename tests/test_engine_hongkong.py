"""Play rules of rule book 004 (Hong Kong) as the engine applies them."""

from __future__ import annotations

import json

import pytest

from mahjong_table.engine import Action, ActionKind, Game, IllegalActionError, Phase
from mahjong_table.players import RandomBot, play_game
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import Tile
from table import act, kinds, new_game, set_hands

D, CK, AK, MJ = (ActionKind.DISCARD, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG,
                 ActionKind.MAHJONG)
CHOW, PUNG, KONG, PASS = ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.PASS


def seats(g: Game) -> tuple[int, int, int, int]:
    e = g.dealer
    return e, (e + 1) % 4, (e + 2) % 4, (e + 3) % 4


def snapshot(g: Game) -> str:
    return json.dumps([g.view(p).to_json() for p in range(4)] + [len(g.events), g.scores])


# ----- 004 s04: seats, wall and deal ----------------------------------------------------------

def test_004_s04_deal_east_fourteen_others_thirteen() -> None:
    """004 s04: East begins with fourteen tiles, the others with thirteen (bonus aside)."""
    for seed in range(20):
        g = new_game(seed=seed)
        e = g.dealer
        for p in range(4):
            ps = g.players[p]
            assert ps.concealed_count == (14 if p == e else 13)
        assert g.current == e and g.phase is Phase.TURN


def test_004_s04_dead_wall_fourteen_and_live_wall_count() -> None:
    """004 s04: 144 tiles; a dead wall of 7 stacks (14 tiles) kept at 14; the rest is live."""
    g = new_game(seed=3)
    bonus = sum(len(p.bonus) for p in g.players)
    assert g.wall.dead_remaining == 14
    assert g.wall.live_remaining == 144 - 14 - 53 - bonus


def test_004_s04_flowers_exposed_and_replaced() -> None:
    """004 s04/s05: bonus tiles are exposed and replaced from the dead wall, again if the
    replacement is a bonus tile; they never stay in the hand."""
    seen = 0
    for seed in range(30):
        g = new_game(seed=seed)
        for ps in g.players:
            assert all(not Tile.of(k).is_bonus for k, c in enumerate(ps.counts) if c)
            seen += len(ps.bonus)
        # every bonus event is followed by a replacement for the same player
        evs = g.events
        for i, e in enumerate(evs):
            if e.type == "bonus":
                assert evs[i + 1].type == "replacement" and evs[i + 1].player == e.player
    assert seen > 0


def test_004_s04_same_seed_same_game() -> None:
    """Determinism: a game is reproducible from its seed and actions."""
    a, b = new_game(seed="x"), new_game(seed="x")
    play_game(a, [RandomBot(i) for i in range(4)])
    g = Game(get_rule_set("hongkong"), "x")
    for action in a.actions:
        g.apply(action)
    assert [e.to_json(full=True) for e in g.events] == [e.to_json(full=True) for e in a.events]
    assert b.events[0] == a.events[0]


# ----- 004 s05: draw and discard, claims ------------------------------------------------------

def test_004_s05_discard_then_next_player_draws() -> None:
    """004 s05: East discards first; with no claim the next player in turn order draws."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "19m19p19s1234567z 1m", s: "2225m3456p777s99s",
                      w: "258m258p258s1234z", n: "369m369p369s5677z"}, draws="8s")
    act(g, D, e, "1m")
    assert g.phase is Phase.TURN and g.current == s
    assert g.players[s].concealed_count == 14


def test_004_s05_chow_only_from_left() -> None:
    """004 s05 / s06: a chow only on the discard of the player on your left (just before you
    in turn order); 004 s06's example: the right-hand neighbour's 4s cannot be chowed."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "4s 19m19p19s1234567z", s: "23s 222m 888p 567m 3p6p",
                      w: "23s 333m 777p 66z 45p 8m", n: "23s 444m 666p 22z 17s 3p"})
    act(g, D, e, "4s")
    assert "chow" in kinds(g, s)  # South sits after East
    assert "chow" not in kinds(g, w) and "chow" not in kinds(g, n)
    with pytest.raises(IllegalActionError) as err:
        act(g, CHOW, n, "2s")
    assert "004 s05" in str(err.value)


def test_004_s05_no_claim_for_a_pair_unless_it_wins() -> None:
    """004 s05: a discard cannot be claimed only to expose a pair, but may complete a win."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "5z 19m19p19s12346z 2m7z", s: "5z 258m258p258s267z",
                      w: "5z 123m456p789s111z", n: "369m369p369s2344z"})
    act(g, D, e, "5z")
    assert s not in g.pending  # a single 5z: only a pair, no claim
    assert kinds(g, w) == {"mahjong", "pass"}  # 5z completes West's pair: the claim wins


def test_004_s05_priority_mahjong_over_pung_over_chow() -> None:
    """004 s05 'Priorities and Victory': Mahjong beats pung/kong, which beats chow."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "4s 19m19p19s1234567z", s: "23s 222m 888p 567m 3p6p",
                      w: "44s 333m 777p 66z 5p 8m9m", n: "4s 123m456p789p111z"})
    act(g, D, e, "4s")
    act(g, CHOW, s, "2s")
    act(g, PUNG, w)
    act(g, MJ, n)
    assert g.results[-1].reason == "mahjong" and g.results[-1].winner == n

    g = new_game(seed=2)
    g = set_hands(g, {e: "4s 19m19p19s1234567z", s: "23s 222m 888p 567m 3p6p",
                      w: "44s 333m 777p 66z 5p 8m9m", n: "369m369p369s1234z"})
    act(g, D, e, "4s")
    act(g, CHOW, s, "2s")
    act(g, PUNG, w)
    assert g.current == w and g.phase is Phase.TURN
    assert "[444s]" in [m.notation() for m in g.players[w].melds]
    # South was passed over and lost the turn; West now discards without drawing
    assert g.players[w].concealed_count + 3 * len(g.players[w].melds) == 14


def test_004_s05_two_mahjong_claims_first_in_turn_order_wins() -> None:
    """004 s05: between two Mahjong claims, the first in turn order from the discarder wins;
    one win only."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "4s 19m19p19s1234567z", s: "369m369p369s3447z",
                      w: "4s 123m456p789p111z", n: "4s 123m456p789m222z"})
    act(g, D, e, "4s")
    act(g, MJ, n)
    act(g, MJ, w)
    assert g.results[-1].winner == w


def test_004_s05_illegal_action_changes_nothing() -> None:
    """apply() validates first: an illegal action raises, names the rule, changes nothing."""
    g = new_game(seed=5)
    before = snapshot(g)
    e, s, w, n = seats(g)
    for bad in (Action(D, s, Tile.parse("1m")), Action(PUNG, e),
                Action(D, e, Tile.parse("1f")),
                Action(MJ, e), Action(D, 7, Tile.parse("1m"))):
        if bad in g.legal_actions(bad.player if bad.player < 4 else 0):
            continue
        with pytest.raises(IllegalActionError) as err:
            g.apply(bad)
        assert "(" in str(err.value) and err.value.rule
        assert snapshot(g) == before


def test_004_s05_concealed_kong_replacement_then_discard() -> None:
    """004 s05: a declared kong takes a replacement from the dead wall, then a discard; the
    dead wall stays at 14 by taking the live wall's last tile."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "1111m 19p19s12345z 9m"})
    live = g.wall.live_remaining
    act(g, CK, e, "1m")
    assert g.players[e].melds[-1].notation() == "(1111m)"
    assert g.wall.dead_remaining == 14 and g.wall.live_remaining == live - 1
    assert g.players[e].concealed_count + 3 * len(g.players[e].melds) == 14
    assert g.events[-1].type == "replacement"
    assert all(a.kind in (D, CK, AK, MJ) for a in g.legal_actions(e))


def test_004_s05_exposed_kong_from_discard() -> None:
    """004 s05: with three in hand, claim a discard to form an exposed kong, then replace."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "7z 8m 19m19p19s123456z", w: "777z 19m258p369s5z4s"})
    act(g, D, e, "7z")
    assert {"pung", "kong", "pass"} <= kinds(g, w)
    act(g, KONG, w)
    assert g.players[w].melds[-1].notation() == "[7777z]"
    assert g.current == w and g.events[-1].type == "replacement"


def test_004_s05_added_kong_and_robbing() -> None:
    """004 s05: a pung may become a kong with the fourth tile (added kong); another player
    may rob that tile only to win (and only from an added kong)."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "[555p] 5p 19m19s1234z 99p", s: "46p 123m456m789s11z",
                      w: "258m268p258s1234z"})
    assert Action(AK, e, Tile.parse("5p")) in g.legal_actions(e)
    act(g, AK, e, "5p")
    assert g.phase is Phase.ROB and kinds(g, s) == {"mahjong", "pass"}
    assert w not in g.pending  # cannot rob to pung
    act(g, MJ, s)
    r = g.results[-1]
    assert r.winner == s and r.discarder == e
    assert r.score is not None and "robbing_kong" in [i.id for i in r.score.items]


def test_004_s05_added_kong_not_robbed_takes_replacement() -> None:
    """004 s05: without a robbing win the added kong stands and a replacement is drawn."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "[555p] 5p 19m19s1234z 99p", s: "46p 123m456m789s11z"})
    act(g, AK, e, "5p")
    act(g, PASS, s)
    assert g.players[e].melds[0].notation() == "[5555p]"
    assert g.phase is Phase.TURN and g.current == e


def test_004_s05_four_undeclared_tiles_used_in_other_sets() -> None:
    """004 s05: four identical tiles kept in hand without declaring a kong may be used in
    other sets (here 1111m as 111m + 123m... as 11m pair + 123m 123m)."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "1111m2233m 456p 789s"})
    assert "mahjong" in kinds(g, e)


def test_004_s05_exposed_melds_are_fixed() -> None:
    """004 s05: exposed groups cannot be dismantled: [123m] with 1m 1m... is not read as a
    pair of 1m plus another set."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    # 1m1m2m2m3m with the exposed 123m would be 111m 222m 33m if the chow could be undone
    g = set_hands(g, {e: "[123m] 11223m 456p 789s"})
    assert "mahjong" not in kinds(g, e)


def test_004_s05_special_forms() -> None:
    """004 s05: seven pairs of distinct values (concealed) and thirteen orphans win."""
    g = new_game(seed=2)
    e = g.dealer
    g = set_hands(g, {e: "1122m3344p5566s77z"})
    assert "mahjong" in kinds(g, e)
    g = set_hands(g, {e: "1111m3344p5566s77z"})
    assert "mahjong" not in kinds(g, e)
    g = set_hands(g, {e: "19m19p19s12345677z"})
    assert "mahjong" in kinds(g, e)


def _discard_what_is_drawn(g: Game) -> None:
    """One action by the public rule: discard the tile just drawn, pass every claim."""
    p = g.to_act()[0]
    if g.phase is Phase.TURN:
        t = g.last_draw if g.last_draw is not None else g.players[p].concealed_tiles()[-1]
        g.apply(Action(D, p, t))
    else:
        g.apply(Action(PASS, p))


def test_004_s05_draw_when_live_wall_empty() -> None:
    """004 s05/s07: the hand ends in a draw when the live wall is exhausted; no payment, and
    East keeps the deal."""
    g = new_game(seed=2)
    e = g.dealer
    while not g.results:
        _discard_what_is_drawn(g)
    r = g.results[0]
    assert r.reason == "draw" and r.payments == (0, 0, 0, 0)
    assert g.dealer == e and g.progress.hand_number == 1


def test_004_s05_last_discard_only_mahjong_claims() -> None:
    """After the last live tile, the discard may be claimed only to win (docs/rules): a player
    holding a pair of it is offered no pung."""
    for seed in range(40):
        g = new_game(seed=seed)
        while not g.results and not (g.phase is Phase.TURN and g.wall.live_remaining == 0):
            _discard_what_is_drawn(g)
        if g.results:
            continue
        p = g.current
        pair = [(t, q) for t in set(g.players[p].concealed_tiles()) for q in range(4)
                if q != p and g.players[q].counts[t] >= 2]
        if not pair:
            continue
        t, q = pair[0]
        g.apply(Action(D, p, t))
        assert q not in g.pending or kinds(g, q) == {"mahjong", "pass"}
        return
    raise AssertionError("no last discard that another player holds a pair of")


# ----- 004 s07: rotation and the end -----------------------------------------------------------

def test_004_s07_dealer_rotation_and_rounds() -> None:
    """004 s07: East keeps the deal on a win or a draw; otherwise the next player becomes
    East; the prevailing wind advances after a full cycle of dealers; the game ends after
    North (or after one round with rounds=1)."""
    rules = get_rule_set("hongkong")
    from mahjong_table.rules.base import Progress
    p = Progress(0, 2, 0, 0)
    assert rules.next_progress(p, True).dealer == 2
    assert rules.next_progress(p, None).dealer == 2
    q = rules.next_progress(p, False)
    assert q.dealer == 3 and q.round_wind == 0 and q.dealer_passes == 1
    for _ in range(3):
        q = rules.next_progress(q, False)
    assert q.round_wind == 1 and q.dealer == 2 and not q.finished
    for _ in range(12):
        q = rules.next_progress(q, False)
    assert q.finished
    short = get_rule_set("hongkong", rounds=1)
    q = Progress(0, 0, 0, 0)
    for _ in range(4):
        q = short.next_progress(q, False)
    assert q.finished


def test_whole_games_with_invariants() -> None:
    """Invariants after every action over whole short games: each tile in one place, hand
    sizes, zero-sum payments (and the game reaches its end)."""
    rules = get_rule_set("hongkong", rounds=1)
    for seed in range(3):
        g = Game(rules, seed, check_invariants=True, max_hands=40)
        play_game(g, [RandomBot(f"{seed}/{i}") for i in range(4)])
        assert g.is_over and g.events[-1].type == "game_end"
        assert sum(g.scores) == 0


def test_004_s06_worked_example_any_player_may_discard_the_winning_east() -> None:
    """004 s06: 234s 567p 777z 11z 88m waits on East; any opponent who discards East lets
    the hand win (not only the left neighbour); a 4s from the right-hand neighbour cannot be
    chowed with 2-3."""
    for offset in (1, 2, 3):
        g = new_game(seed=2)
        e, s, w, n = seats(g)
        winner = s  # South holds the example hand
        discarder = (winner + offset) % 4 if (winner + offset) % 4 != winner else e
        hands = {p: "369m369p369s2345z" for p in range(4)}
        hands[winner] = "234s567p777z11z88m"
        hands[discarder] = "1z 19m19p19s234567z 5m"
        g = set_hands(g, hands, current=discarder)
        act(g, D, discarder, "1z")
        assert kinds(g, winner) == {"mahjong", "pung", "pass"}
        act(g, MJ, winner)
        while g.phase is Phase.CLAIM:
            act(g, PASS, g.to_act()[0])
        assert g.results[-1].winner == winner and g.results[-1].discarder == discarder
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    hands = {p: "369m369p369s2345z" for p in range(4)}
    hands[s] = "23s567p777z11z88m9p"
    hands[w] = "4s 19m19p19s123456z 7m"
    g = set_hands(g, hands, current=w)
    act(g, D, w, "4s")
    assert s not in g.pending  # West is South's right-hand neighbour: no chow


def test_004_s07_false_mahjong_rejected_by_default() -> None:
    """By default (option false_mahjong="reject") a Mahjong that does not win is refused,
    naming the rule, and nothing changes."""
    g = new_game(seed=2)
    e = g.dealer
    g = set_hands(g, {e: "19m19p19s1234567z 8m"})
    before = snapshot(g)
    with pytest.raises(IllegalActionError, match="004 s05"):
        act(g, MJ, e)
    assert snapshot(g) == before


def test_004_s07_false_mahjong_penalty_self_drawn() -> None:
    """004 s07 with option false_mahjong="penalise": a false Mahjong stops the deal and the
    offender pays 64 to each of the other three; the deal is replayed with the same East."""
    g = new_game(seed=2, false_mahjong="penalise")
    e = g.dealer
    g = set_hands(g, {e: "19m19p19s1234567z 8m"})
    act(g, MJ, e)
    r = g.results[-1]
    assert r.reason == "false_mahjong" and r.winner == e
    assert r.payments[e] == -192 and all(r.payments[x] == 64 for x in range(4) if x != e)
    assert g.dealer == e and g.progress.hand_number == 1


def test_004_s07_false_mahjong_penalty_on_a_claimed_discard() -> None:
    """004 s07: "with double payment to the discarder if a tile was claimed"."""
    g = new_game(seed=2, false_mahjong="penalise")
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "4s 19m19p19s1234567z", w: "44s 111p 999m 55667z"})
    act(g, D, e, "4s")
    act(g, MJ, w)  # West holds a pung chance, not a win
    while g.phase is Phase.CLAIM:
        act(g, PASS, g.to_act()[0])
    r = g.results[-1]
    assert r.reason == "false_mahjong"
    assert r.payments[w] == -256 and r.payments[e] == 128
    assert r.payments[s] == 64 and r.payments[n] == 64


def test_claimed_meld_records_where_the_tile_came_from() -> None:
    """A claimed meld keeps the seat offset of its discarder: 1 = the player on your left
    (before you in turn order), 2 = opposite, 3 = on your right."""
    g = new_game(seed=2)
    e, s, w, n = seats(g)
    g = set_hands(g, {e: "7z 8m 19m19p19s123456z", w: "77z 19m258p369s15z 4s",
                      s: "23s 222m 888p 55667z"})
    act(g, D, e, "7z")
    act(g, PUNG, w)
    while g.phase is Phase.CLAIM:
        act(g, PASS, g.to_act()[0])
    assert g.players[w].melds[-1].source == 2  # East sits opposite West


def test_verify_can_apply_apply_triad() -> None:
    """verify() raises with the rule, can_apply() answers, apply() performs; all agree."""
    g = new_game(seed=5)
    e = g.dealer
    good = g.legal_actions(e)[-1]
    bad = Action(PASS, e)
    assert g.can_apply(good) and not g.can_apply(bad)
    g.verify(good)
    with pytest.raises(IllegalActionError):
        g.verify(bad)
    g.apply(good)
