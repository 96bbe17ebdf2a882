"""The scoring bench's random winning hands (``bench/scoring.py``, issue 25): the hands the
Hong Kong scoring row times against PyMahjongGB must be the mix its docstring promises."""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scoring import random_winning_hand

from mahjong_table.rules.hongkong_scoring import score_hand


def test_random_winning_hands_are_mostly_four_sets_and_a_pair_with_concealed_sets() -> None:
    """004 s05: the bench's hands are four sets and a pair, now and then seven pairs (4% of
    rolls) or thirteen orphans (1%). A bug counted the tiles of a concealed set twice, so
    that only hands with every set declared were kept and seven pairs made 55% of the
    bench, thirteen orphans 15%; now the special forms are about 5%, and most standard
    hands hold sets in the concealed hand."""
    rng = random.Random(3)
    forms: Counter[str] = Counter()
    concealed_sets = 0
    for _ in range(1000):
        win = random_winning_hand(rng)
        result = score_hand(win.ctx)
        assert result.valid
        groups = len(result.decomposition or ())
        forms["seven_pairs" if groups == 7 else "thirteen_orphans" if groups == 13
              else "standard"] += 1
        if groups == 5 and len(win.ctx.hand.concealed) > 2:
            concealed_sets += 1
    assert forms["standard"] >= 900
    assert 20 <= forms["seven_pairs"] <= 80
    assert forms["thirteen_orphans"] <= 30
    assert concealed_sets >= 800
