"""Records -> dataset -> trained policy -> arena: behaviour cloning of the efficiency bot
with NumPy only (``docs/env.md``, "Training example").

1. ``mahjong-table simulate`` plays ``--games`` one-hand Hong Kong games of four efficiency
   bots and writes their records;
2. ``mahjong-table export-dataset`` turns every decision into (planes-v1 observation, mask,
   action, reward);
3. a one-hidden-layer NumPy network (``bc_policy.py``) learns from the whole observation
   (all 211 channels, the public history's included) to pick the efficiency bot's action
   among the legal ones (masked softmax cross-entropy, Adam), games split 90/10 into
   training and validation;
4. ``mahjong-table arena`` seats the trained policy (``py:bc_policy:BCBot``, which is given
   its seat's events and encodes its views with them as export-dataset did) against
   ``random`` and against ``efficiency`` and prints points per hand.

Run: ``python examples/bc_train.py`` (about two minutes on one CPU core with the defaults;
``--games 20 --epochs 2 --hands 8`` is the tests' smoke size). Every step is seeded.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bc_policy import features, forward  # noqa: E402


def cli(*args: str, env: dict[str, str] | None = None) -> str:
    out = subprocess.run([sys.executable, "-m", "mahjong_table.cli", *args], check=False,
                         capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise SystemExit(f"mahjong-table {args[0]} failed: {out.stderr.strip()}")
    return out.stdout


def train(data: dict[str, np.ndarray], hidden: int, epochs: int, seed: int,
          lr: float = 1e-3, batch: int = 128) -> tuple[dict[str, np.ndarray], float, float]:
    """Weights, training and validation accuracy (share of decisions with 2+ legal actions
    where the policy's most probable action is the efficiency bot's)."""
    choice = data["action_mask"].sum(axis=1) > 1
    x_all = features(data["observation"][choice])
    m_all = data["action_mask"][choice].astype(np.float32)
    y_all = data["action"][choice]
    games = data["game"][choice]
    val = games % 10 == 9
    rng = np.random.default_rng(seed)
    n_in, n_out = x_all.shape[1], m_all.shape[1]
    w = {"w1": (rng.standard_normal((n_in, hidden)) * np.sqrt(2 / n_in)).astype(np.float32),
         "b1": np.zeros(hidden, np.float32),
         "w2": (rng.standard_normal((hidden, n_out)) * np.sqrt(1 / hidden)).astype(np.float32),
         "b2": np.zeros(n_out, np.float32)}
    mom = {k: np.zeros_like(v) for k, v in w.items()}
    vel = {k: np.zeros_like(v) for k, v in w.items()}
    t = 0
    tr = np.flatnonzero(~val)
    for epoch in range(epochs):
        rng.shuffle(tr)
        for s in range(0, len(tr), batch):
            idx = tr[s:s + batch]
            x, m, y = x_all[idx], m_all[idx], y_all[idx]
            h, p = forward(w, x, m)
            g = p.copy()
            g[np.arange(len(y)), y] -= 1.0
            g /= len(y)
            grads = {"w2": h.T @ g, "b2": g.sum(0)}
            gh = (g @ w["w2"].T) * (h > 0)
            grads["w1"] = x.T @ gh
            grads["b1"] = gh.sum(0)
            t += 1
            for k in w:
                mom[k] = 0.9 * mom[k] + 0.1 * grads[k]
                vel[k] = 0.999 * vel[k] + 0.001 * grads[k] ** 2
                w[k] -= (lr * (mom[k] / (1 - 0.9 ** t))
                         / (np.sqrt(vel[k] / (1 - 0.999 ** t)) + 1e-8)).astype(np.float32)

        def acc(sel: np.ndarray) -> float:
            if not sel.any():
                return float("nan")
            _, p = forward(w, x_all[sel], m_all[sel])
            return float((p.argmax(1) == y_all[sel]).mean())

        print(f"  epoch {epoch + 1}: train accuracy {acc(~val):.3f}, "
              f"validation accuracy {acc(val):.3f}", flush=True)
    return w, acc(~val), acc(val)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="one-hand games to imitate")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--hands", type=int, default=400, help="arena hands per opponent")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=HERE / "bc_run",
                    help="directory for the records, dataset, weights and results")
    args = ap.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    records = out / "records.jsonl"
    print(f"1. {args.games} games of four efficiency bots ...", flush=True)
    cli("simulate", "--rules", "hongkong", "--games", str(args.games), "--hands", "1",
        "--bots", "efficiency,efficiency", "--seed", f"bc/{args.seed}", "--record", str(records))
    print("2. export-dataset ...", flush=True)
    dataset = out / "dataset.npz"
    print("  " + cli("export-dataset", str(records), "--encoding", "planes-v1", "--out",
                     str(dataset)).strip(), flush=True)
    data = dict(np.load(dataset))
    print(f"3. training ({args.hidden} hidden units, {args.epochs} epochs) ...", flush=True)
    w, train_acc, val_acc = train(data, args.hidden, args.epochs, args.seed)
    weights = out / "bc_policy.npz"
    np.savez(weights, **w, rules=np.array(str(data["rules"])))
    print(f"4. arena, {args.hands} hands against each opponent ...", flush=True)
    env = dict(os.environ, MAHJONG_BC_WEIGHTS=str(weights),
               PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    results: dict[str, object] = {"games": args.games, "decisions": len(data["action"]),
                                  "train_accuracy": train_acc, "validation_accuracy": val_acc}
    for opponent in ("random", "efficiency"):
        report = json.loads(cli("arena", "--rules", "hongkong", "--bots",
                                f"py:bc_policy:BCBot,{opponent}", "--hands",
                                str(args.hands), "--seed", f"bc-eval/{args.seed}", "--json",
                                "--workers", "1", env=env))
        bots = {b["bot"]: b for b in report["bots"]}
        for name, b in bots.items():
            print(f"  {name:>22}: {b['points']['mean']:+.2f} points per hand "
                  f"(95% CI {b['points']['low']:+.2f} .. "
                  f"{b['points']['high']:+.2f}), win rate "
                  f"{b['win_rate']['mean']:.3f}")
        results[f"vs_{opponent}"] = {n: b["points"] for n, b in bots.items()}
    results["seconds"] = round(time.perf_counter() - start, 1)
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"done in {results['seconds']} s; {out / 'results.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
