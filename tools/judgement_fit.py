"""Fit the judgement's learned chances (issue 43) from ``tools/judgement_data.py``'s data and
write ``src/mahjong_table/judgement/_fitted.py``.

    python -m tools.judgement_fit hongkong=hk.jsonl chinese=simple.jsonl chinese-mcr=mcr.jsonl \
        [--plans hongkong=hk_plans.jsonl]

For each rule-set family and each shanten 0 to 4, a logistic model of the chance that the
seat wins the hand::

    logit P(win) = b0 + b1 * ln(1 + u) + b2 * ln(1 + r) + b3 * ln(1 + u) * ln(1 + r)
                   + b4 * o + b5 * m

with a seventh term ``+ b6 * ln(1 + v)`` at shanten 1 and 2 (``v`` the useful tiles one draw
ahead, :func:`mahjong_table.analysis.ahead.next_step_useful`: a hand whose next step leaves it
wide wins more often than one as wide now whose next step leaves it narrow), and one for
shanten 5 and more with the shanten as a seventh term (``+ b6 * s``: the data thin
out, and one model keeps the chances falling with the shanten), each capped at the chance won
in the tenth of its data the model rates best (beyond it the model would extrapolate: a ready
hand at the first turns, met a few times). The useful tiles of hands so
far apart in shanten are not alike (a far hand has many kinds that help a little), so each
shanten has its own slope.
(``u`` the unseen useful tiles, ``r`` the seat's draws left, ``o`` the opponents' exposed melds,
``m`` its own), and two more: the share of wins the seat draws itself (``logit = c0 + c1 *
ln(1 + r)``) and the chance another player wins when the seat does not (``logit = d0 + d1 *
ln(1 + r) + d2 * o``). With ``--plans FAMILY=FILE`` (data of the judgement's own games,
``judgement_data.py --plans``), per plan (one suit, pure one suit, all pungs, seven pairs) the
chance to win the hand with that plan, on the same terms and the shanten toward it. Fitted by
Newton's method with a small ridge (numpy, a development
dependency only: the package ships the numbers). Prints each model's calibration by decile.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mahjong_table" / "judgement" / "_fitted.py"
#: shanten 0 to 4 each have their own model; 5 and more share one that reads the shanten
NEAR = 5
#: the shanten whose models also read the useful tiles one draw ahead (``v``)
AHEAD = (1, 2)


def _win_features(rows: list[dict[str, int]]) -> np.ndarray:
    u = np.log1p(np.array([r["u"] for r in rows], dtype=float))
    lr = np.log1p(np.array([r["r"] for r in rows], dtype=float))
    o = np.array([r["o"] for r in rows], dtype=float)
    m = np.array([r["m"] for r in rows], dtype=float)
    return np.column_stack([np.ones(len(rows)), u, lr, u * lr, o, m])


def _fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Logistic regression by Newton's method (a ridge on all but the intercept)."""
    w = np.zeros(x.shape[1])
    reg = np.eye(x.shape[1]) * ridge
    reg[0, 0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + reg @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w


def _calibration(x: np.ndarray, y: np.ndarray, w: np.ndarray, name: str) -> None:
    p = 1.0 / (1.0 + np.exp(-(x @ w)))
    order = np.argsort(p)
    parts = np.array_split(order, 10)
    cells = " ".join(f"{p[i].mean():.2f}/{y[i].mean():.2f}" for i in parts if len(i))
    print(f"  {name}: n={len(y)} predicted/actual by decile: {cells}")


def _card_features(rows: list[dict[str, float]]) -> np.ndarray:
    lp = np.log(np.array([r["p"] for r in rows], dtype=float) + 1e-6)
    lr = np.log1p(np.array([r["r"] for r in rows], dtype=float))
    o = np.array([r["o"] for r in rows], dtype=float)
    j = np.array([r["j"] for r in rows], dtype=float)
    return np.column_stack([np.ones(len(rows)), lp, lr, lp * lr, o, j])


def fit_card_family(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """American (a card of lines): the chance to win on ``1, ln(p), ln(1+r), ln(p)*ln(1+r), o,
    j`` (``p`` the nearest lines' chance products summed, ``j`` the jokers held), the
    self-drawn share and another's win as for the other families."""
    x = _card_features(rows)
    y = np.array([r["won"] for r in rows], dtype=float)
    w = _fit(x, y)
    _calibration(x, y, w, "card win")
    p = 1.0 / (1.0 + np.exp(-(x @ w)))
    top = np.argsort(p)[-max(1, len(p) // 10):]
    cap = round(float(y[top].mean()), 4)
    won = [r for r in rows if r["won"]]
    xs = np.column_stack([np.ones(len(won)), np.log1p([r["r"] for r in won])])
    ws = _fit(xs, np.array([r["self"] for r in won], dtype=float))
    lost = [r for r in rows if not r["won"]]
    xo = np.column_stack([np.ones(len(lost)), np.log1p([r["r"] for r in lost]),
                          [r["o"] for r in lost]])
    wo = _fit(xo, np.array([r["other"] for r in lost], dtype=float))
    others = [r["pts"] for r in lost if r["other"]]
    mean_loss = -sum(others) / len(others) if others else 0.0
    print(f"  mean loss when another wins: {mean_loss:.2f}; cap {cap}")
    return {"card": [round(float(v), 5) for v in w], "cap": [cap],
            "self": [round(float(v), 5) for v in ws], "other": [round(float(v), 5) for v in wo],
            "loss": round(mean_loss, 3), "rows": len(rows)}


def fit_family(path: Path) -> dict[str, Any]:
    rows = [json.loads(line) for line in path.open()]
    if rows and "p" in rows[0]:
        return fit_card_family(rows)
    win: list[list[float]] = []
    caps: list[float] = []
    for s in range(NEAR + 1):
        part = [r for r in rows if (r["s"] == s if s < NEAR else r["s"] >= NEAR)]
        x = _win_features(part)
        if s == NEAR:
            x = np.column_stack([x, [r["s"] for r in part]])
        elif s in AHEAD and all("v" in r for r in part):
            x = np.column_stack([x, np.log1p([r["v"] for r in part])])
        y = np.array([r["won"] for r in part], dtype=float)
        w = _fit(x, y)
        _calibration(x, y, w, f"shanten {s}{'+' if s == NEAR else ''} win")
        win.append([round(float(v), 5) for v in w])
        # the chance seen in the luckiest tenth of the data: the model is not trusted
        # beyond it (a hand the data hardly ever met, such as a ready hand at the first turn)
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        top = np.sort(p)[-max(1, len(p) // 10):]
        caps.append(round(float(y[np.argsort(p)[-len(top):]].mean()), 4))
    won = [r for r in rows if r["won"]]
    xs = np.column_stack([np.ones(len(won)), np.log1p([r["r"] for r in won])])
    ys = np.array([r["self"] for r in won], dtype=float)
    ws = _fit(xs, ys)
    _calibration(xs, ys, ws, "self-drawn share of wins")
    lost = [r for r in rows if not r["won"]]
    xo = np.column_stack([np.ones(len(lost)), np.log1p([r["r"] for r in lost]),
                          [r["o"] for r in lost]])
    yo = np.array([r["other"] for r in lost], dtype=float)
    wo = _fit(xo, yo)
    _calibration(xo, yo, wo, "another wins")
    others = [r["pts"] for r in lost if r["other"]]
    mean_loss = -sum(others) / len(others) if others else 0.0
    print(f"  mean loss when another wins: {mean_loss:.2f}")
    print(f"  caps by shanten: {caps}")
    return {"win": win, "cap": caps, "self": [round(float(v), 5) for v in ws],
            "other": [round(float(v), 5) for v in wo], "loss": round(mean_loss, 3),
            "rows": len(rows)}


#: the score items that show a plan was won (Hong Kong 004 s07; MCR's fans alike)
PLAN_ITEMS = {
    "suit": {"mixed_one_suit", "pure_one_suit", "half_flush", "full_flush"},
    "pure": {"pure_one_suit", "full_flush"},
    "pungs": {"all_pungs"},
    "pairs": {"seven_pairs"},
}


def fit_plans(path: Path) -> dict[str, list[float]]:
    """Per plan kind, the logistic coefficients of the chance to win the hand *with* the
    plan (the winner's score items show it) on ``1, ln(1+u), ln(1+r), ln(1+u)*ln(1+r), o, m,
    s``, from the judgement's own games (``judgement_data.py --plans``)."""
    rows = [json.loads(line) for line in path.open()]
    out: dict[str, list[float]] = {}
    for plan, items in PLAN_ITEMS.items():
        part = [r for r in rows if r.get("plan") == plan]
        if len(part) < 200:
            print(f"  plan {plan}: {len(part)} rows, too few to fit")
            continue
        x = np.column_stack([_win_features(part), [r["s"] for r in part]])
        y = np.array([1.0 if r["won"] and items & set(r.get("items", ())) else 0.0
                      for r in part])
        w = _fit(x, y, ridge=3.0)
        _calibration(x, y, w, f"plan {plan} won with it")
        out[plan] = [round(float(v), 5) for v in w]
    return out


def main(argv: list[str]) -> int:
    fitted: dict[str, dict[str, object]] = {}
    plans: dict[str, Path] = {}
    args = list(argv)
    while "--plans" in args:
        i = args.index("--plans")
        family, _, path = args[i + 1].partition("=")
        plans[family] = Path(path)
        del args[i:i + 2]
    for arg in args:
        family, _, path = arg.partition("=")
        print(family)
        fitted[family] = fit_family(Path(path))
        if family in plans:
            fitted[family]["plans"] = fit_plans(plans[family])
    lines = [
        '"""The judgement\'s learned chances (generated by ``python -m tools.judgement_fit``',
        "from games between normal bots, ``tools/judgement_data.py``; do not edit by hand).",
        "",
        "Per rule-set family: ``win[s]`` the logistic coefficients of the chance to win the hand",
        "at shanten ``s`` (0-4) on ``1, ln(1+u), ln(1+r), ln(1+u)*ln(1+r), o, m`` (and at 1 and",
        "2 a seventh term on ``ln(1+v)``, the useful tiles one draw ahead), and",
        "``win[5]`` for shanten 5 and more with ``s`` as a seventh term; ``self`` the",
        "self-drawn share of wins on ``1, ln(1+r)``; ``other`` the chance another wins when the",
        "seat does not on ``1, ln(1+r), o``; ``loss`` the mean points paid when another wins;",
        "``rows`` the decisions fitted. :mod:`.model` says what the letters are.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        "FITTED: Final[dict[str, dict[str, object]]] = {",
    ]
    for family, f in fitted.items():
        lines.append(f"    {family!r}: {{")
        if "card" in f:
            lines.append(f"        'card': {f['card']!r},")
        else:
            lines.append("        \"win\": [")
            for w in f["win"]:
                lines.append(f"            {w!r},")
            lines.append("        ],")
        for key in ("cap", "self", "other", "loss", "rows"):
            lines.append(f"        {key!r}: {f[key]!r},")
        if "plans" in f:
            lines.append("        'plans': {")
            for plan, coef in f["plans"].items():
                lines.append(f"            {plan!r}: {coef!r},")
            lines.append("        },")
        lines.append("    },")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
