"""Issue 43: where a win pays the same whatever the hand (Chinese on the simple scale, 001 Part
two "Scoring": every loser pays 1), the judgement keeps to the fastest action unless another
reads clearly more (``judgement.sets.SPEED_MARGIN``, measured in docs/bots.md); elsewhere
(Hong Kong 004, MCR) it ranks by expected points alone. The advisor says when it kept to the
fastest, and the hard bot plays the same action."""

from __future__ import annotations

from itertools import pairwise

from tests.judgement_states import decisions

from mahjong_table.advisor import advise
from mahjong_table.engine import ActionKind
from mahjong_table.i18n import use_language
from mahjong_table.judgement import judge
from mahjong_table.judgement.chances import family_of
from mahjong_table.judgement.reading import Reading
from mahjong_table.judgement.sets import SPEED_MARGIN, fastest_estimate
from mahjong_table.players import make_bot
from mahjong_table.rules import get_rule_set


def test_simple_scale_keeps_to_the_fastest_unless_another_is_clearly_better() -> None:
    """001 Part two "Scoring" (every loser pays 1): the first action is a Mahjong, the fastest
    (lowest shanten, then most useful tiles), or one reading more than the margin above it;
    the rule decides some decisions, and there the advisor says so and the hard bot agrees."""
    margin = SPEED_MARGIN["chinese"]
    decided = 0
    rules = get_rule_set("chinese")
    for _game, _p, view in decisions(rules, 6, "speed-margin"):
        j = judge(view, rules)
        first = j.estimates[0]
        if first.action.kind is ActionKind.MAHJONG:
            continue
        turn = view.phase == "turn"
        fast = fastest_estimate(j.estimates, turn)
        assert fast is not None and fast.fastest
        assert sum(1 for e in j.estimates if e.fastest) == 1
        loss = Reading(view, rules).loss
        if first is not fast:
            assert first.points >= fast.points + margin * max(1.0, loss) - 1e-9
            continue
        # the fastest is first: the lowest shanten among the actions, the most useful tiles
        lowest = min(e.shanten for e in j.estimates if e.shanten is not None)
        assert fast.shanten == lowest
        if any(e.points > first.points + 1e-9 for e in j.estimates[1:]):
            decided += 1
            advice = advise(view, rules)
            assert advice.action == first.action
            assert advice.why.startswith("the fastest hand, and no other is clearly worth more")
            with use_language("it"):
                italian = advise(view, rules)
            assert italian.action == first.action
            assert italian.why.startswith("la mano più veloce, e nessun'altra vale chiaramente")
            assert make_bot("hard", "m", rules=rules).choose(view) == first.action
    assert decided >= 5, decided


def test_value_scales_rank_by_expected_points_alone() -> None:
    """Hong Kong (004 s07) and MCR pay by what a hand is worth: no action is kept as the
    fastest, and the estimates run from the most expected points down."""
    for name, options in (("hongkong", {}), ("chinese", {"scoring": "mcr"})):
        rules = get_rule_set(name, **options)
        for _game, _p, view in decisions(rules, 2, "value-scale"):
            assert family_of(rules) not in SPEED_MARGIN
            j = judge(view, rules)
            assert not any(e.fastest for e in j.estimates)
            rest = [e.points for e in j.estimates if e.action.kind is not ActionKind.MAHJONG]
            assert all(a >= b - 1e-6 for a, b in pairwise(rest))
