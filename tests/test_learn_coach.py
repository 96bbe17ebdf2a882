"""Issue 22: a coached hand is a real one-hand game against the default bots; each comment
is the advisor's advice for the learner's view before the decision; an illegal action is
refused with the engine's rule and changes nothing; the summary counts the decisions."""

from __future__ import annotations

import json
import random

import pytest

from mahjong_table.advisor import advise
from mahjong_table.engine import Action, ActionKind, IllegalActionError
from mahjong_table.engine.position import position_of
from mahjong_table.learn import CoachedHand
from mahjong_table.tiles import TILES


@pytest.mark.parametrize("rules", ["hongkong", "chinese", "american"])
def test_coached_hand_completes_and_comments_are_the_advisors(rules: str) -> None:
    hand = CoachedHand(rules, 11)
    rng = random.Random(3)
    hand.advance()
    n = 0
    while not hand.finished:
        assert hand.waiting()
        view = hand.view()
        advice = advise(view, hand.rules)
        acts = hand.legal_actions()
        assert acts and list(view.legal_actions) == acts
        action = advice.action if n % 2 == 0 else rng.choice(acts)
        assert action is not None
        comment = hand.play(action)
        assert comment.advised == advice.text and comment.why == advice.why
        # the advisor's summary, said to be before the decision (a claim changes the hand)
        assert comment.distance.rstrip(".").startswith(advice.summary.rstrip("."))
        if advice.summary.startswith("Your hand:"):
            assert "before" in comment.distance
        assert comment.agreed == (action == advice.action) or action.kind in (
            ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS)
        if n % 2 == 0:
            assert comment.agreed
        n += 1
        hand.advance()
    summary = hand.summary()
    assert summary.decisions == n == len(hand.comments)
    assert summary.agreements == sum(c.agreed for c in hand.comments)
    assert sum(summary.payments) == 0
    assert summary.text_lines()[0] == summary.result
    json.dumps(summary.to_json())


def test_illegal_action_refused_state_unchanged() -> None:
    hand = CoachedHand("hongkong", 4)
    hand.advance()
    assert hand.waiting()
    before = position_of(hand.game)
    events = len(hand.game.events)
    legal = {a.tile for a in hand.legal_actions() if a.kind is ActionKind.DISCARD}
    absent = next(t for t in TILES[:34] if t not in legal)
    with pytest.raises(IllegalActionError) as info:
        hand.play(Action(ActionKind.DISCARD, hand.seat, absent))
    assert info.value.rule
    with pytest.raises(IllegalActionError):
        hand.play(Action(ActionKind.DISCARD, (hand.seat + 1) % 4, absent))
    assert position_of(hand.game) == before and len(hand.game.events) == events
    assert hand.comments == []


def test_summary_before_the_end_is_refused() -> None:
    hand = CoachedHand("chinese", 2)
    with pytest.raises(ValueError, match="not ended"):
        hand.summary()
    with pytest.raises(ValueError, match="seat"):
        CoachedHand("chinese", 2, seat=4)


def test_events_shown_hide_other_hands() -> None:
    """The coach passes on only what the learner's seat is shown (events_for)."""
    hand = CoachedHand("hongkong", 9, seat=1)
    hand.advance()
    events = hand.new_events()
    others = [ev for ev in events if ev["type"] in ("deal", "draw", "replacement")
              and ev.get("player") != 1]
    mine = [ev for ev in events if ev["type"] == "deal" and ev.get("player") == 1]
    assert others and mine and all("tiles" in ev for ev in mine)
    for ev in others:
        assert "tiles" not in ev and "tile" not in ev, ev
    assert hand.new_events() == []


def test_what_the_advisor_would_do_reads_as_a_verb() -> None:
    """ "The advisor would ..." is followed by a verb for every kind of action the engine
    has (it read "would added kong 1z", "would mahjong"): claims are claimed, kongs and
    Mahjong declared, the rest already verbs."""
    from mahjong_table.advisor.model import action_text
    from mahjong_table.engine import Action, ActionKind
    from mahjong_table.learn.coach import Comment, as_verb
    from mahjong_table.tiles import Tile

    verbs = {"declare", "claim", "add", "discard", "pass", "exchange", "call", "continue",
             "stop", "ask", "give"}
    t = Tile.parse("5p")
    for kind in ActionKind:
        a = Action(kind, 0, tile=t, tiles=(t, t, t), target=1, number=1)
        text = action_text(a, seat_names=("East", "South", "West", "North"), last_discard=t)
        assert as_verb(text).split()[0] in verbs, (kind, text, as_verb(text))
    assert as_verb("added kong 1z") == "add 1z to the exposed pung (added kong)"
    assert as_verb("mahjong") == "declare Mahjong"
    assert as_verb("pass") == "pass (make no claim)"
    assert as_verb("pass 3m 5p 7z") == "pass 3m 5p 7z"
    assert as_verb("pung 5p with 1 joker") == "claim pung 5p with 1 joker"
    c = Comment("discard 1s", "added kong 1z", False, "a kong draws a free replacement", "")
    assert c.text_lines()[0].startswith(
        "You chose discard 1s; the advisor would add 1z to the exposed pung (added kong).")
    # the summary's list of differences words them the same way
    hand = CoachedHand("hongkong", 11)
    hand.advance()
    while not hand.finished:
        hand.play(hand.legal_actions()[-1])
        hand.advance()
    summary = hand.summary()
    assert summary.disagreements
    for line in summary.text_lines():
        if line.startswith("  you chose"):
            assert "; the advisor would " in line
            assert not any(f"would {w} " in line for w in ("added", "mahjong", "pung", "kong"))
