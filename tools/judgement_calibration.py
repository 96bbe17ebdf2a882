"""Two measurements behind constants of the judgement (issue 43), in games of the arena's
line-up (the hard bot in one seat, normal bots in the others; the hard seat moves a seat a
hand). The true hands are read here, never by a bot.

    python -m tools.judgement_calibration later --rules hongkong --hands 150
    python -m tools.judgement_calibration plans --rules hongkong --hands 1200

``later``: at every discard, each opponent whose hand is ready (its true hand) and is not fed by
that discard: how often it still wins the hand, and how often by its own draw. The share is
:data:`mahjong_table.judgement.reading.LATER_WIN`: what folding cannot save. The bots here are
normal ones everywhere (the hard seat plays normal too).

``plans``: at each of the hard seat's discards, the judgement's estimate of the discard played
(its plan, shanten, chance to win, points) against what happened (won, points of the hand),
grouped by plan and by shanten: the chance of a plan the estimate reads against the share that
won is :data:`mahjong_table.judgement.sets.PLAN_TRUST`.

``--rules chinese`` is the simple scale; ``--rules mcr`` Chinese with MCR scoring.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict

from mahjong_table import Game, get_rule_set
from mahjong_table.engine import ActionKind
from mahjong_table.judgement import judge
from mahjong_table.players import make_bot
from mahjong_table.players.strong_bot import StrongBot
from mahjong_table.rules.base import RuleSet
from mahjong_table.tiles import NUM_PLAYING


def _rules(name: str) -> RuleSet:
    if name == "mcr":
        return get_rule_set("chinese", scoring="mcr")
    return get_rule_set(name)


def later(rules: RuleSet, hands: int, seed: str) -> str:
    """The ``later`` measurement (module docstring), as one line of text."""
    won = drawn = n = 0
    #: by the discarder's rounds of draws left: [discards, the opponent won later]
    by_rounds: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for h in range(hands):
        g = Game(rules, f"{seed}/{h}", max_hands=1)
        bots = [StrongBot(f"{seed}/{h}/{q}", rules=rules) for q in range(4)]
        seen: list[tuple[int, int, int]] = []
        while not g.is_over:
            p = g.to_act()[0]
            v = g.view(p)
            a = bots[p].choose(v)
            if v.phase == "turn" and a.kind is ActionKind.DISCARD:
                for q in range(4):
                    if q == p:
                        continue
                    vq = g.view(q)
                    counts = list(vq.counts[:NUM_PLAYING])
                    forms = bots[q]._forms_of(vq)
                    if sum(counts) % 3 == 1 and forms.shanten(counts, len(vq.me.melds)) == 0:
                        seen.append((p, q, v.live_wall // 4))
            g.apply(a)
        res = g.results[0]
        for p, q, r in seen:
            if res.winner == q and res.discarder == p:
                continue  # fed: this discard or a later one of the same seat
            n += 1
            by_rounds[min(r, 12)][0] += 1
            if res.winner == q:
                won += 1
                drawn += res.discarder is None
                by_rounds[min(r, 12)][1] += 1
    if not n:
        return f"{rules.name}: no discard met a ready opponent in {hands} hands"
    rows = "; ".join(f"{r}{'+' if r == 12 else ''}: {w / k:.2f} of {k}"
                     for r, (k, w) in sorted(by_rounds.items()))
    return (f"{rules.name}, {hands} hands: {n} discards with a ready opponent not fed; it won "
            f"the hand later {won / n:.3f} (by its own draw {drawn / n:.3f})\n"
            f"by rounds of draws left (live wall // 4): {rows}")


def plans(rules: RuleSet, hands: int, seed: str) -> str:
    """The ``plans`` measurement (module docstring), as a table of text."""
    rows: list[tuple[str, int, float, float, int, int]] = []
    for h in range(hands):
        g = Game(rules, f"{seed}/{h}", max_hands=1)
        hard = h % 4
        bots = [make_bot("normal", f"{seed}/{h}/{q}", rules=rules) for q in range(4)]
        mine: list[tuple[str, int, float, float]] = []
        while not g.is_over:
            p = g.to_act()[0]
            v = g.view(p)
            if p != hard:
                g.apply(bots[p].choose(v))
                continue
            best = judge(v, rules).best
            assert best is not None
            if (v.phase == "turn" and best.action.kind is ActionKind.DISCARD
                    and len(v.legal_actions) > 1 and best.shanten is not None):
                mine.append(("plain" if best.plan is None else "plan", best.shanten,
                             best.win, best.points))
            g.apply(best.action)
        res = g.results[0]
        rows.extend((*r, int(res.winner == hard), res.payments[hard]) for r in mine)
    groups: dict[tuple[str, int], list[tuple[str, int, float, float, int, int]]] = \
        defaultdict(list)
    for r in rows:
        groups[(r[0], min(r[1], 4))].append(r)
    out = [f"{rules.name}, {hands} hands, {len(rows)} discards of the hard seat",
           f"{'valued by':<10}{'shanten':>8}{'n':>7}{'win read':>10}{'won':>8}"
           f"{'points read':>13}{'points':>9}   95%"]
    for (kind, s), rs in sorted(groups.items()):
        n = len(rs)
        ap = sum(r[5] for r in rs) / n
        sd = math.sqrt(sum((r[5] - ap) ** 2 for r in rs) / max(1, n - 1))
        out.append(f"{kind:<10}{s:>8}{n:>7}{sum(r[2] for r in rs) / n:>10.3f}"
                   f"{sum(r[4] for r in rs) / n:>8.3f}{sum(r[3] for r in rs) / n:>13.2f}"
                   f"{ap:>9.2f} ± {1.96 * sd / math.sqrt(n):.2f}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.judgement_calibration",
                                 description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("what", choices=("later", "plans"))
    ap.add_argument("--rules", default="hongkong", choices=("hongkong", "chinese", "mcr"))
    ap.add_argument("--hands", type=int, default=150)
    ap.add_argument("--seed", default="calibration")
    args = ap.parse_args(argv)
    rules = _rules(args.rules)
    run = later if args.what == "later" else plans
    print(run(rules, args.hands, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
