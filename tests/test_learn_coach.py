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
        assert comment.distance == advice.summary
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
