"""Data for the judgement's learned chances (issue 43): games between normal bots, and at each
of their turns the hand the discard leaves, described by the features the judgement reads, with
what happened by the end of the hand.

    python -m tools.judgement_data --rules hongkong --hands 3000 --seed 43 --out data.jsonl

One JSON line per turn: ``s`` (shanten after the discard), ``u`` (the unseen tiles that bring
the hand closer; when ready, its winning tiles the rules let win), ``r`` (the seat's draws
left), ``o`` (the opponents' exposed melds), ``m`` (the seat's own melds), and the outcome:
``won`` (0/1), ``self`` (won by its own draw), ``other`` (another player won), ``pts`` (the
seat's points for the hand), ``items`` (the winner's score items, when the seat won); for a hand
one or two steps from ready, ``v``: its useful tiles one draw ahead
(:func:`mahjong_table.analysis.ahead.next_step_useful`).

With ``--plans`` (the bots are the hard bot, which plays the judgement) each line is the
judgement's estimate of the discard played instead: ``plan`` (what the hand heads for:
``plain``, ``suit``, ``pure``, ``pungs``, ``pairs``), ``s`` and ``u`` measured toward that plan;
the plans' own chances are fitted from these (``tools/judgement_fit.py --plans``).
``tools/judgement_fit.py`` fits the model the judgement ships
(``src/mahjong_table/judgement/_fitted.py``). Run it in the compiled build for speed
(``PYTHONPATH=.compiled``); the bots play the same games in both builds.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mahjong_table import Game, get_rule_set
from mahjong_table.analysis.ahead import next_step_useful
from mahjong_table.analysis.waits import draw_shanten
from mahjong_table.engine import ActionKind, PlayerView
from mahjong_table.judgement import judge
from mahjong_table.melds import Hand
from mahjong_table.players import make_bot
from mahjong_table.rules.american.model import Card
from mahjong_table.rules.base import RuleSet
from mahjong_table.scoring import WinContext
from mahjong_table.tiles import NUM_PLAYING, TILES


def _plan_shapes() -> dict[str, str]:
    from mahjong_table.judgement.sets import PLAN_PAIRS, PLAN_PUNGS, PLAN_PURE, PLAN_SUITS

    out = {PLAN_PUNGS: "pungs", PLAN_PAIRS: "pairs"}
    out.update({n: "suit" for n in PLAN_SUITS})
    out.update({n: "pure" for n in PLAN_PURE})
    return out


_PLAN_SHAPES = _plan_shapes()


def _can_win(rules: RuleSet, view: PlayerView, counts: list[int], t: int) -> bool:
    """Whether the rules let the waiting ``counts`` win on a discarded ``t`` (MCR's 8-fan
    minimum; always, elsewhere)."""
    if not rules.checks_win_context:
        return True
    tiles = [TILES[k] for k in range(NUM_PLAYING) for _ in range(counts[k])] + [TILES[t]]
    ctx = WinContext(hand=Hand(tuple(tiles), tuple(view.me.melds)), win_tile=TILES[t],
                     seat_wind=view.me.wind, round_wind=view.round_wind, self_drawn=False,
                     discarder=(view.me.wind + 3) % 4, bonus=tuple(view.me.bonus))
    try:
        return rules.win_refusal(ctx) is None
    except ValueError:
        return False


def _card_row(card: Card, view: PlayerView, tile: int) -> dict[str, float]:
    """An American turn's row: after discarding ``tile``, the nearest lines' chance products
    (:class:`~mahjong_table.rules.american.advice.HandJudge`: each needed tile's step times its
    availability), summed (``p``) and the best (``b``), the nearest line's tiles away (``a``),
    the lines' mean points weighted by their products (``e``), the jokers held (``j``), the
    seat's draws left (``r``) and the opponents' exposures (``o``)."""
    from mahjong_table.judgement.american import decider_for
    from mahjong_table.rules.american.advice import table_of
    from mahjong_table.rules.american.model import FLOWER, JOKER

    judge_ = decider_for(card).judge
    table = table_of(view)
    counts = list(table.counts)
    k = FLOWER if 34 <= tile < 42 else tile
    counts[k] -= 1
    targets = judge_.targets(counts, table.groups)
    prods = []
    for tg in targets:
        w = judge_.line_worth(tg, table.unseen)
        prods.append((w / tg.weight if tg.weight else 0.0, tg))
    total = sum(p for p, _tg in prods)
    best = max((p for p, _tg in prods), default=0.0)
    mean_points = (sum(p * tg.line.points for p, tg in prods) / total) if total > 0 else 0.0
    return {"p": round(total, 6), "b": round(best, 6),
            "a": targets[0].away if targets else 99, "e": round(mean_points, 2),
            "j": counts[JOKER], "r": view.live_wall // 4,
            "o": sum(len(q.melds) for q in view.seats if q.player != view.player)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="hongkong")
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", default="43")
    ap.add_argument("--bots", default="strong")
    ap.add_argument("--out", required=True)
    ap.add_argument("--plans", action="store_true",
                    help="record the judgement's plan of each discard (hard bots)")
    args = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    rules = get_rule_set(args.rules, **options)
    forms = rules.forms
    card = getattr(rules, "card", None)
    with open(args.out, "w") as out:
        for h in range(args.hands):
            game = Game(rules, f"{args.seed}/{h}", max_hands=1)
            bots = [make_bot(args.bots, f"{args.seed}/{h}/{s}", rules=rules) for s in range(4)]
            rows: list[tuple[int, dict[str, Any]]] = []
            while True:
                ps = game.to_act()
                if not ps:
                    break
                p = ps[0]
                view = game.view(p)
                action = bots[p].choose(view)
                if args.plans and view.phase == "turn" and action.kind is ActionKind.DISCARD \
                        and len(view.legal_actions) > 1:
                    e = judge(view, rules).of(action)
                    if e is not None and e.shanten is not None and e.shanten >= 0:
                        opp = sum(len(q.melds) for q in view.seats if q.player != p)
                        rows.append((p, {"plan": _PLAN_SHAPES.get(e.plan or "", "plain"),
                                         "s": e.shanten, "u": e.useful,
                                         "r": view.live_wall // 4, "o": opp,
                                         "m": len(view.me.melds)}))
                elif view.phase == "turn" and action.kind is ActionKind.DISCARD \
                        and action.tile is not None and not args.plans and card is not None:
                    rows.append((p, _card_row(card, view, int(action.tile))))
                elif view.phase == "turn" and action.kind is ActionKind.DISCARD \
                        and action.tile is not None and not args.plans:
                    counts = list(view.counts[:NUM_PLAYING])
                    counts[int(action.tile)] -= 1
                    n = len(view.me.melds)
                    s = forms.shanten(counts, n)
                    seen = view.visible_counts()
                    unseen = [max(0, 4 - seen[k]) for k in range(NUM_PLAYING)]
                    after = draw_shanten(counts, n, forms)
                    u = 0
                    for t in range(NUM_PLAYING):
                        x = after[t]
                        if x is not None and x < s and (s > 0 or _can_win(rules, view,
                                                                           counts, t)):
                            u += unseen[t]
                    opp = sum(len(q.melds) for q in view.seats if q.player != p)
                    row = {"s": s, "u": u, "r": view.live_wall // 4, "o": opp, "m": n}
                    if 1 <= s <= 2:
                        row["v"] = round(next_step_useful(counts, n, unseen, forms), 2)
                    rows.append((p, row))
                game.apply(action)
            res = game.results[0]
            for p, row in rows:
                won = res.reason == "mahjong" and res.winner == p
                row["won"] = int(won)
                row["self"] = int(won and res.discarder is None)
                row["other"] = int(res.reason == "mahjong" and not won)
                row["pts"] = res.payments[p]
                if won and res.score is not None:
                    row["items"] = [i.id for i in res.score.items]
                out.write(json.dumps(row) + "\n")
            if h % 200 == 0:
                print(f"{h} hands", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
