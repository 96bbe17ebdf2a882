"""The one advisor (issue 19): advice for every decision of every rule set, from the player's
view only, that never contradicts the engine.

- A property over simulated games of every rule set (Hong Kong 004; Chinese 001 Part two,
  simple and MCR; American 001 Part one): at every decision of every player the advised
  action is one of the legal actions, the advisor's "a win is possible" is exactly the
  engine's offer of Mahjong, and the waits the advisor scores as winnable on a discard are
  exactly the discards the engine lets the player claim for Mahjong.
- The two positions of the issue: MCR's 8-fan minimum (a complete hand of 4 fan is no
  Mahjong, and the advice says why) and an American joker exchange that completes the hand.
- Tiles away that count only tiles that can still come (001 Part one "Jokers").
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mahjong_table.advisor import advise
from mahjong_table.cli import main
from mahjong_table.engine import ActionKind, Game
from mahjong_table.rules import get_rule_set
from mahjong_table.tui.hints import hint_lines, waiting_line
from mahjong_table.web.hints import hints_for

MCR_COMPLETE = """chinese scoring=mcr
0: [123m] 567m234p789s5s 5s
turn 0 drew 5s
"""
AMERICAN_EXCHANGE = """american
0: 22m6m5z 666p 66s 4444z 4m
3: [44m1j] 1357p2468s9m9p
turn 0 drew 4m
"""
HONG_KONG_COMPLETE = """hongkong
0: 234s567p777z11z88m 8m
turn 0 drew 8m
"""

#: (rule set, options, games): at least 200 games each (issue 19, "Done when")
RULE_SETS: list[tuple[str, dict[str, Any], int]] = [
    # (issue 43: every decision is now the judgement's, 30-70 ms a decision pure: fewer
    # games, some thousands of decisions each, keep the suite inside CI's time)
    ("hongkong", {}, 25),
    ("chinese", {}, 25),
    ("chinese", {"scoring": "mcr"}, 15),
    ("american", {}, 60),
]


def _check_decision(game: Game, p: int) -> Any:
    """The advice for ``p`` agrees with the engine (module docstring); returns it."""
    view = game.view(p)
    advice = advise(view, game.rules)
    legal = view.legal_actions
    assert advice.action in legal, (advice.text, [str(a) for a in legal])
    offered = any(a.kind is ActionKind.MAHJONG for a in legal)
    assert advice.win == offered
    if offered:
        assert advice.action is not None and advice.action.kind is ActionKind.MAHJONG
    if view.phase == "claim" and view.last_discard is not None and game.rules.hand_kinds == 34:
        # the waits the advisor scores as winning on a discard are the engine's Mahjong offers
        t = view.last_discard
        winnable = any(w.tile == t and w.on_discard is not None for w in advice.waits)
        assert winnable == offered, (advice.waits, t, offered)
    return advice


@pytest.mark.parametrize(("name", "options", "games"), RULE_SETS,
                         ids=[f"{n}-{o.get('scoring', 'default')}" for n, o, _ in RULE_SETS])
def test_advice_is_always_legal_and_agrees_with_the_engine_on_wins(
        name: str, options: dict[str, Any], games: int) -> None:
    """Issue 19 item 3: at every decision of every player of ``games`` one-hand games, played
    mostly as the advisor advises (so that hands get ready and win) and sometimes at random
    (so that odd positions come up too)."""
    rules = get_rule_set(name, **options)
    decisions = wins = exchanges = refused = 0
    for g in range(games):
        game = Game(rules, f"advisor/{g}", max_hands=1)
        rng = random.Random(f"advisor/{name}/{g}")
        while not game.is_over:
            p = game.to_act()[0]
            advice = _check_decision(game, p)
            decisions += 1
            wins += advice.win
            refused += advice.no_win is not None
            action = advice.action
            assert action is not None
            if rng.random() < 0.25 and not advice.win:
                legal = game.legal_actions(p)
                action = legal[rng.randrange(len(legal))]
            game.apply(action)
            if action is advice.action and action.kind is ActionKind.JOKER_EXCHANGE \
                    and "completes your hand" in advice.why:
                # an exchange advised to win: the engine then offers the Mahjong
                exchanges += 1
                assert any(a.kind is ActionKind.MAHJONG for a in game.legal_actions(p))
    print(f"{name} {options}: {games} games, {decisions} decisions, {wins} wins advised, "
          f"{refused} winning shapes refused, {exchanges} winning joker exchanges")
    assert decisions > games * 10
    # American hands win rarely with a quarter of the moves at random (a wall game is usual)
    least = 1 if name == "american" else games // 10
    assert wins >= least, f"only {wins} wins advised in {games} games"
    if options.get("scoring") == "mcr":
        assert refused > 0, "MCR games never met the 8-fan minimum"


def test_mcr_complete_hand_below_the_minimum_is_no_mahjong() -> None:
    """MCR (001 Part two 'Scoring'): a complete hand of 4 fan may not be declared; the
    advice is a discard, and it names the 8-fan minimum with the hand's fan (issue 19)."""
    game = Game.from_position(MCR_COMPLETE, 0)
    view = game.view(0)
    assert not any(a.kind is ActionKind.MAHJONG for a in view.legal_actions)
    advice = advise(view, game.rules)
    assert advice.action is not None and advice.action.kind is ActionKind.DISCARD
    assert not advice.win
    assert advice.no_win is not None and "4 fan" in advice.no_win
    assert "at least 8 fan" in advice.why
    # every face says the same: the full-screen table's bar, the hint, the web table
    assert waiting_line(view, game.rules) == (
        "No Mahjong: the hand has 4 fan without flowers; MCR needs at least 8 fan to win, "
        "flowers not counted (4 short)")
    hint = hint_lines(view, game.rules)
    assert hint == advise(view, game.rules).text_lines()
    assert not any("declare Mahjong" in line for line in hint)
    assert hints_for(view, game.rules)["lines"] == hint


def test_mcr_ready_hand_whose_waits_are_below_the_minimum_says_so() -> None:
    """MCR: the same hand waiting on 5s wins nothing: its waits are scored by the rule set
    and the bar says that no wait can win, instead of "Ready"."""
    game = Game.from_position("chinese scoring=mcr\n0: [123m] 567m234p789s5s\nturn 1\n", 0)
    view = game.view(0)
    advice = advise(view, game.rules)
    assert advice.action is None and advice.shanten == 0
    assert [str(w.tile) for w in advice.waits] == ["5s"]
    assert not advice.waits[0].can_win and advice.waits[0].refused_worth is not None
    line = waiting_line(view, game.rules)
    assert line is not None and line.startswith("Ready, but no wait can win: 5s")


def test_american_joker_exchange_that_completes_the_hand_is_advised() -> None:
    """001 Part one 'Joker exchange': 4m for North's joker completes 2026 #1; the advice is
    the exchange, then Mahjong, and the Mahjong scores 25 points."""
    game = Game.from_position(AMERICAN_EXCHANGE, 0)
    advice = advise(game.view(0), game.rules)
    assert advice.action is not None and advice.action.kind is ActionKind.JOKER_EXCHANGE
    assert advice.text == "exchange 4m for the joker of North's [44m1j]"
    assert "completes your hand" in advice.why
    game.apply(advice.action)
    after = advise(game.view(0), game.rules)
    assert after.win and after.text == "mahjong"
    assert "25 points" in after.why
    game.apply(after.action)  # type: ignore[arg-type]
    result = game.results[-1]
    assert result.winner == 0 and result.score is not None and result.score.fan == 25


def test_american_tiles_away_count_only_tiles_that_can_still_come() -> None:
    """001 Part one 'Jokers': a needed 6s in a group of three or more whose every natural
    copy is seen can come only as a joker (the line says so); a needed pair of a tile none of
    whose copies is unseen puts the line out of reach."""
    text = """american
0: 22m6m5z 666p 6s 444z 1j 7m 4m
1: [666s1j] 1357p1357m9m
2: [5z5z5z1j] 2468p1357s9s
turn 0 drew 4m
"""
    game = Game.from_position(text, 0)
    advice = advise(game.view(0), game.rules)
    by_key = {ln.key: ln for ln in advice.lines}
    top = advice.lines[0]
    assert top.away is not None
    jokers_only = [ln for ln in advice.lines if ln.jokers_only]
    assert jokers_only, [ln.text() for ln in advice.lines]
    assert all(str(t) == "6s" for ln in jokers_only for t in ln.jokers_only)
    assert "only as jokers" in jokers_only[0].text()
    dead = [ln for ln in advice.lines if ln.dead]
    for ln in dead:
        assert ln.away is None and ln.key in by_key
    live = [ln for ln in advice.lines if ln.away is not None]
    assert live == sorted(live, key=lambda ln: ln.away or 0) or live[0] is top


def test_charleston_pass_and_courtesy_are_advised() -> None:
    """001 Part one 06: the advice for a Charleston pass names three tiles, never a joker,
    and every face shows it (the hint lines)."""
    game = Game.from_position("american\n0: 22m6m5z 666p 66s 444z 1j 9p\n"
                              "charleston first_right\n", 0)
    advice = advise(game.view(0), game.rules)
    assert advice.action is not None and advice.action.kind is ActionKind.CHARLESTON_PASS
    assert len(advice.action.tiles) == 3 and all(t != 46 for t in advice.action.tiles)
    assert advice.text is not None and advice.text.startswith("pass ")
    assert any(line.startswith("Advice: pass ") for line in hint_lines(game.view(0),
                                                                         game.rules))


def _analyze_json(position: str, tmp_path: Any, capsys: pytest.CaptureFixture[str]
                  ) -> dict[str, Any]:
    f = tmp_path / "position.txt"
    f.write_text(position)
    assert main(["analyze", "--position", str(f), "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_analyze_position_json_gives_the_advice(tmp_path: Any,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 19 'Done when': ``analyze --position FILE --json`` has an ``advice`` object: no
    Mahjong for the MCR position (naming the 8-fan minimum), the joker exchange for the
    American one, ``mahjong`` for a complete Hong Kong hand (004 s06's worked example)."""
    mcr = _analyze_json(MCR_COMPLETE, tmp_path, capsys)["advice"]
    assert mcr["action"].startswith("discard ") and "8 fan" in mcr["why"]
    assert mcr["win"] is False and "4 fan" in mcr["no_win"]
    american = _analyze_json(AMERICAN_EXCHANGE, tmp_path, capsys)["advice"]
    assert american["action"] == "exchange 4m for the joker of North's [44m1j]"
    assert american["legal_action"]["kind"] == "joker_exchange"
    hk = _analyze_json(HONG_KONG_COMPLETE, tmp_path, capsys)["advice"]
    assert hk["action"] == "mahjong" and hk["win"] is True


def test_analyze_a_hand_alone_gives_the_advice(capsys: pytest.CaptureFixture[str]) -> None:
    """``analyze HAND --json``: a hand that must discard is advised as in its turn."""
    assert main(["analyze", "123m456p789s1122z3z", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["advice"]["action"] == "discard 3z"
    assert obj["discards"][0]["tile"] == "3z"  # NOTATION.md's keys are kept
    assert main(["analyze", "--rules", "american", "22m6m5z 666p 66s 4444z 4m", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["advice"]["action"].startswith("discard ")
    assert obj["charleston"]["action"].startswith("pass ")


def test_analyze_text_never_calls_a_refused_hand_a_mahjong(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """MCR's 8-fan minimum in ``analyze``'s text: the report and the advice agree (no
    "Mahjong!" for a complete hand of 4 fan, no "Wins on" for waits that cannot win)."""
    f = tmp_path / "position.txt"
    f.write_text(MCR_COMPLETE)
    assert main(["analyze", "--position", str(f)]) == 0
    out = capsys.readouterr().out
    assert "Mahjong!" not in out and "but no Mahjong: the hand has 4 fan" in out
    assert main(["analyze", "[123m] 567m234p789s5s", "--rules", "chinese", "--scoring",
                 "mcr"]) == 0
    out = capsys.readouterr().out
    assert "Wins on" not in out and "Completed by 5s" in out
    assert "Ready, but no wait can win: 5s" in out


def test_claim_shanten_is_what_the_bot_and_the_advisor_weigh() -> None:
    """One claim evaluation (analysis.waits.claim_shanten, 004 s05): a pung of 5p for
    123m456p789s 55p 19s drops the shanten to 0 after the best discard; a chow must name
    tiles the hand holds, or the question is refused by name."""
    from mahjong_table.analysis.waits import claim_shanten
    from mahjong_table.tiles import Tile, counts_of, parse_tiles

    counts = counts_of(parse_tiles("123m456p789s55p19s"))
    five = int(Tile.parse("5p"))
    forms = get_rule_set("hongkong").forms
    before = list(counts)
    assert claim_shanten(counts, 0, forms, "pung", five) == 0
    assert counts == before  # changed and restored
    with pytest.raises(ValueError, match="needs"):
        claim_shanten(counts, 0, forms, "chow", int(Tile.parse("7m")), int(Tile.parse("6m")))
    assert counts == before


def test_limit_hands_are_valued_as_limits() -> None:
    """004 s07: a limit hand is paid at the limit, whatever its fan: the advice names the
    limit for the win and for each wait (found by a new-user test: Thirteen orphans showed
    as "worth 2 fan")."""
    game = Game.from_position("hongkong\n0: 19m19p19s1234567z 7z\nturn 0 drew 7z\n", 0)
    advice = advise(game.view(0), game.rules)
    assert advice.win and "a limit hand (Thirteen orphans)" in advice.why
    waiting = Game.from_position("hongkong\n0: 1112345678999m\nturn 1\n", 0)
    ready = advise(waiting.view(0), waiting.rules)
    assert len(ready.waits) == 9 and all(w.limit == "Nine gates" for w in ready.waits)
    assert (ready.waiting_text() or "").endswith("each a limit hand (Nine gates)")


def test_rob_window_names_the_tile_and_counts_it_seen(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """004 s05 robbing the kong: the view names the tile being added (it is shown to all),
    the advice is to rob with it, and its last copy counts as seen (no "1 unseen" for a
    tile that is on the table)."""
    text = ("hongkong rounds=1\nround E; hand 0; dealer 0\n"
            "0: 123m46p789s11222z discards 9m\n1: 147m268p369s23z45z discards 4m\n"
            "2: [555p] 5p 123s789s1344z\n3: ?\nrob 2 5p\n")
    game = Game.from_position(text, 0)
    view = game.view(0)
    assert view.phase == "rob" and str(view.last_discard) == "5p" and view.discarder == 2
    advice = advise(view, game.rules)
    assert advice.text == "mahjong" and "5p completes your hand: Mahjong robbing the kong" \
        in advice.why
    assert [(str(w.tile), w.unseen) for w in advice.waits] == [("5p", 0)]


def test_a_window_nobody_may_claim_is_studied_as_written(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """A claim window that closes at once (nobody may claim 3m) is not skipped: with
    --player the hand is studied as it was at the window, with no decision; without, the
    command says nobody may claim it (found by a new-user test: the next draw, a random
    tile, was analysed instead)."""
    f = tmp_path / "position.txt"
    f.write_text("hongkong rounds=1\nround E; hand 0; dealer 1\n"
                 "0: 34m456p789s11222z discards 9m\n1: 147m258p369s23z45z discards 4m\n"
                 "2: ?\n3: 666m999p119s3456z discards 3m\ndiscard 3 3m\n")
    assert main(["analyze", "--position", str(f)]) == 2
    assert "nobody may claim 3m" in capsys.readouterr().err
    assert main(["analyze", "--position", str(f), "--player", "0", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["hand"] == "34m456p789s11222z"
    assert obj["advice"]["action"] is None
    assert [w["tile"] for w in obj["advice"]["waits"]] == ["2m", "5m"]


def test_american_discard_with_no_line_in_reach_gives_no_distance() -> None:
    """Exposures no line of the card can use (001 Part one 'Understanding the NMJL card'):
    the advice for the discard says no line is in reach, never a sentinel distance such as
    "99 away from no line"."""
    game = Game.from_position("american\n0: [555z] [111s] 2p3p5p9p1z6z7m 8p\nturn 0\n", 0)
    advice = advise(game.view(0), get_rule_set("american"))
    assert advice.action is not None and advice.action.kind is ActionKind.DISCARD
    assert advice.action in game.legal_actions(0)
    assert "99" not in advice.why and "from no line" not in advice.why
    assert "no line of the card can still be completed" in advice.why
    assert all("99" not in o.why for o in advice.options)
