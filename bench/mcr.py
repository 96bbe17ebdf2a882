"""MCR scoring: a differential check against pymahjonggb, and speed with the ratio.

``random_mcr_hand`` builds random winning hands of every MCR form (four sets and a pair with 0-4
declared sets, exposed and concealed kongs; seven pairs, seven shifted pairs, thirteen orphans,
greater and lesser honours and knitted tiles, a knitted straight with a set and a pair, nine
gates) and random circumstances (self-drawn, last of its kind, kong replacement or robbing the
kong, last tile of the wall, seat and prevalent winds, 0-8 flowers). Themes (one suit, a suit
with honours, terminals and honours, winds, dragons, shifted and equal chows and pungs) make the
rarer fans come up often.

Each hand is scored by :func:`mahjong_table.rules.mcr_scoring.mcr_fans` and by pymahjonggb's
``MahjongFanCalculator``; the total fan and the multiset of fans must be equal. Where
pymahjonggb departs from the MCR rules themselves (docs/rules/chinese.md, "Where pymahjonggb
departs from MCR"), :func:`departure` names the case and the hand is counted apart. Run alone:
``python -m bench.mcr [--hands N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from mahjong_table.rules.mcr_fans import FAN_TABLE, ZH_TO_ID
from mahjong_table.rules.mcr_scoring import CHOW, KONG, PUNG, McrHand, mcr_fans

from .common import Report, heading, optional
from .common import version as dist_version

__all__ = ["compare", "departure", "gb_arguments", "random_mcr_hand", "reference", "run"]

# MahjongGB tile codes: W characters, B circles, T bamboo, F1-F4 winds, J1 red J2 green J3 white
_GB_HONOURS = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")
#: pymahjonggb's names that differ from the MCR table's Chinese names
_GB_ALIASES = {"独听・单钓": "single_wait", "独听・边张": "edge_wait", "独听・嵌张": "closed_wait",
               "明暗杠": "concealed_kong_and_melded_kong"}
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_KNITTED = tuple(
    tuple(sorted(9 * s + r for i, s in enumerate(p) for r in (i, i + 3, i + 6)))
    for p in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))


def _gb(t: int) -> str:
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    return _GB_HONOURS[t - 27]


def gb_arguments(h: McrHand) -> dict[str, Any]:
    """pymahjonggb's ``MahjongFanCalculator`` arguments for ``h`` (the standing hand without
    the winning tile; packs with the offering seat 1, or 0 for a concealed kong)."""
    packs = []
    for kind, t, exposed in h.melds:
        if kind == CHOW:
            packs.append(("CHI", _gb(t + 1), 1))
        else:
            packs.append(("PENG" if kind == PUNG else "GANG", _gb(t), 1 if exposed else 0))
    c = list(h.concealed)
    c[h.win_tile] -= 1
    hand = tuple(_gb(t) for t in range(34) for _ in range(c[t]))
    return {"pack": tuple(packs), "hand": hand, "winTile": _gb(h.win_tile),
            "flowerCount": h.flowers, "isSelfDrawn": h.self_drawn,
            "is4thTile": h.last_of_kind, "isAboutKong": h.kong, "isWallLast": h.wall_last,
            "seatWind": h.seat_wind, "prevalentWind": h.round_wind}


def reference(gb: Any, h: McrHand) -> tuple[int, Counter[str]] | None:
    """pymahjonggb's total and fans (by our ids; its own names where it has no MCR fan), or
    None when it finds no win."""
    try:
        res = gb.MahjongFanCalculator(**gb_arguments(h), verbose=True)
    except TypeError:
        return None
    fans: Counter[str] = Counter()
    total = 0
    for value, times, zh, _en in res:
        fans[_GB_ALIASES.get(zh) or ZH_TO_ID.get(zh, zh)] += times
        total += value * times
    return total, fans


# ----- random winning hands ----------------------------------------------------------------------

_THEMES = ("any", "any", "one_suit", "suit_honours", "terminals_honours", "winds", "dragons",
           "same_rank", "shifted", "simples", "green", "reversible", "chows", "terminals",
           "big_winds", "terminal_chows", "kongs")


def _theme_tiles(theme: str, rng: random.Random) -> list[int]:
    s = rng.randrange(3)
    if theme == "one_suit":
        return list(range(9 * s, 9 * s + 9))
    if theme == "suit_honours":
        return list(range(9 * s, 9 * s + 9)) + list(range(27, 34))
    if theme == "terminals":
        return [0, 8, 9, 17, 18, 26]
    if theme == "big_winds":
        return [27, 28, 29, 30] * 3 + list(range(34))
    if theme == "terminals_honours":
        return list(_ORPHANS)
    if theme == "winds":
        return [27, 28, 29, 30, *list(range(27)), 31, 32, 33]
    if theme == "dragons":
        return [31, 32, 33, *list(range(34))]
    if theme == "simples":
        return [t for t in range(27) if t % 9 not in (0, 8)]
    if theme == "green":
        return [19, 20, 21, 23, 25, 32]
    if theme == "reversible":
        return [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]
    return list(range(34))


def _standard(rng: random.Random) -> tuple[list[int], list[tuple[int, int, bool]]] | None:
    """Four sets and a pair: (concealed counts, declared melds) or None when tiles ran out."""
    theme = rng.choice(_THEMES)
    pool = _theme_tiles(theme, rng)
    counts = [0] * 34
    sets: list[tuple[int, int]] = []
    base = rng.randrange(7)
    step = rng.choice((0, 1, 2))
    for i in range(4):
        r = rng.random()
        if theme == "same_rank":
            t = 9 * rng.randrange(3) + base
            kind = CHOW if r < 0.5 else PUNG
        elif theme == "shifted":
            s = rng.randrange(3) if rng.random() < 0.3 else 0
            t = 9 * s + min(6, base + i * step) if r < 0.6 else 9 * s + min(8, base + i)
            kind = CHOW if r < 0.6 else PUNG
        elif theme == "terminal_chows":
            t = 9 * rng.randrange(3) + rng.choice((0, 6))
            kind = CHOW
        elif theme == "big_winds" and i < 3 + (r < 0.3):
            t = (27, 28, 29, 30)[i]
            kind = PUNG
        elif theme == "chows" or r < 0.5:
            cands = [t for t in pool if t < 27 and t % 9 <= 6 and t + 1 in pool and t + 2 in pool]
            if not cands:
                cands = [t for t in pool if t < 27 and t % 9 <= 6] or [0]
            t = rng.choice(cands)
            kind = CHOW
        else:
            t = rng.choice(pool)
            kind = KONG if theme == "kongs" or rng.random() < 0.15 else PUNG
        if kind == CHOW and (t >= 27 or t % 9 > 6):
            kind = PUNG
        need = [t, t + 1, t + 2] if kind == CHOW else [t] * (4 if kind == KONG else 3)
        for x in need:
            counts[x] += 1
        sets.append((kind, t))
    p = 9 * rng.randrange(3) + 4 if theme == "terminal_chows" else rng.choice(pool)
    counts[p] += 2
    if max(counts) > 4:
        return None
    melds: list[tuple[int, int, bool]] = []
    concealed = [0] * 34
    concealed[p] += 2
    n_declared = rng.choice((0, 0, 1, 1, 2, 2, 3, 4))
    for i, (kind, t) in enumerate(sets):
        if kind == KONG:
            melds.append((KONG, t, rng.random() < 0.5))
        elif i < n_declared:
            melds.append((kind, t, True))
        else:
            for x in ([t, t + 1, t + 2] if kind == CHOW else [t] * 3):
                concealed[x] += 1
    return concealed, melds


def _special(rng: random.Random) -> tuple[list[int], list[tuple[int, int, bool]]] | None:
    c = [0] * 34
    r = rng.random()
    if r < 0.3:  # seven pairs, now and then four of a kind, now and then one suit
        pool = _theme_tiles(rng.choice(_THEMES), rng)
        for _ in range(7):
            c[rng.choice(pool)] += 2
    elif r < 0.4:  # seven shifted pairs
        s, start = rng.randrange(3), rng.randrange(3)
        for i in range(7):
            c[9 * s + start + i] = 2
    elif r < 0.5:
        for t in _ORPHANS:
            c[t] = 1
        c[rng.choice(_ORPHANS)] += 1
    elif r < 0.7:  # honours and knitted tiles
        ks = rng.choice(_KNITTED)
        n_suited = rng.choice((7, 8, 9))
        for t in rng.sample(ks, n_suited):
            c[t] = 1
        for t in rng.sample(range(27, 34), 14 - n_suited):
            c[t] = 1
    elif r < 0.9:  # knitted straight with a set and a pair
        ks = rng.choice(_KNITTED)
        for t in ks:
            c[t] += 1
        melds: list[tuple[int, int, bool]] = []
        kind = rng.choice((CHOW, PUNG, PUNG, KONG))
        t = rng.randrange(34)
        if kind == CHOW:
            t = 9 * rng.randrange(3) + rng.randrange(7)
        declared = kind == KONG or rng.random() < 0.3
        if declared:
            melds.append((kind, t, kind != KONG or rng.random() < 0.5))
            extra = [0] * 34
            for x in ([t, t + 1, t + 2] if kind == CHOW else [t] * (4 if kind == KONG else 3)):
                extra[x] += 1
        else:
            for x in ([t, t + 1, t + 2] if kind == CHOW else [t] * 3):
                c[x] += 1
            extra = [0] * 34
        c[rng.randrange(34)] += 2
        if max(a + b for a, b in zip(c, extra, strict=True)) > 4:
            return None
        return c, melds
    else:  # nine gates
        s = rng.randrange(3)
        for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
            c[9 * s + i] = n
        c[9 * s + rng.randrange(9)] += 1
    if max(c) > 4:
        return None
    return c, []


def random_mcr_hand(rng: random.Random) -> McrHand:
    """A random winning hand of an MCR form with random circumstances (see the module
    docstring). Roughly a quarter are special forms."""
    while True:
        made = _special(rng) if rng.random() < 0.25 else _standard(rng)
        if made is None:
            continue
        concealed, melds = made
        tiles = [t for t in range(34) for _ in range(concealed[t])]
        if not tiles:
            continue
        win = rng.choice(tiles)
        self_drawn = rng.random() < 0.4
        return McrHand(
            concealed=tuple(concealed), melds=tuple(melds), win_tile=win,
            self_drawn=self_drawn,
            last_of_kind=rng.random() < 0.15,
            kong=rng.random() < 0.12,
            wall_last=rng.random() < 0.1,
            seat_wind=rng.randrange(4), round_wind=rng.randrange(4),
            flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)))


# ----- the check ----------------------------------------------------------------------------------


def departure(h: McrHand, ours: Counter[str], ref: Counter[str]) -> str | None:
    """The documented case in which pymahjonggb departs from MCR that explains the
    difference, or None. Cases (docs/rules/chinese.md):

    - ``concealed_and_melded_kong``: pymahjonggb scores one exposed and one concealed kong as
      its own 5-fan "Concealed Kong and Melded Kong" (明暗杠), a fan MCR does not have; MCR
      counts Melded Kong (1) and Concealed Kong (2).
    """
    if ref.get("concealed_kong_and_melded_kong"):
        fixed = Counter(ref)
        del fixed["concealed_kong_and_melded_kong"]
        fixed["melded_kong"] += 1
        fixed["concealed_kong"] += 1
        if +fixed == +ours:
            return "concealed_and_melded_kong"
    return None


def compare(gb: Any, h: McrHand) -> tuple[str, int | None, int | None, Counter[str], Counter[str]]:
    """Score ``h`` both ways: (verdict, our total, its total, our fans, its fans). Verdicts:
    ``equal``, a :func:`departure` name, or ``mismatch``."""
    mine = mcr_fans(h)
    theirs = reference(gb, h)
    ours = Counter(mine.fans) if mine else Counter()
    ref = theirs[1] if theirs else Counter()
    mt = mine.total if mine else None
    tt = theirs[0] if theirs else None
    if mt == tt and +ours == +ref:
        return "equal", mt, tt, ours, ref
    why = departure(h, ours, ref) if mine and theirs else None
    return why or "mismatch", mt, tt, ours, ref


def _describe(h: McrHand) -> str:
    from mahjong_table.tiles import TILES, format_tiles

    melds = " ".join(
        ("[{}]" if e else "({})").format(
            format_tiles([TILES[t], TILES[t + 1], TILES[t + 2]] if k == CHOW
                         else [TILES[t]] * (4 if k == KONG else 3)))
        for k, t, e in h.melds)
    conc = format_tiles([TILES[t] for t in range(34) for _ in range(h.concealed[t])])
    return (f"{melds} {conc} win {TILES[h.win_tile]} self_drawn={h.self_drawn} "
            f"last_of_kind={h.last_of_kind} kong={h.kong} wall_last={h.wall_last} "
            f"seat={h.seat_wind} round={h.round_wind} flowers={h.flowers}").strip()


def differential(gb: Any, hands: int, seed: int, show: int = 10,
                 out: Callable[[str], None] = print) -> Counter[str]:
    """Check ``hands`` random hands; print the counts by verdict and the first mismatches."""
    rng = random.Random(seed)
    verdicts: Counter[str] = Counter()
    forms: Counter[str] = Counter()
    fans_seen: Counter[str] = Counter()
    shown = 0
    for _ in range(hands):
        h = random_mcr_hand(rng)
        v, mt, tt, ours, ref = compare(gb, h)
        verdicts[v] += 1
        s = mcr_fans(h)
        forms[s.form if s else "none"] += 1
        fans_seen.update(k for k in ours if ours[k])
        if v == "mismatch" and shown < show:
            shown += 1
            diff_a = ours - ref
            diff_b = ref - ours
            out(f"    MISMATCH {_describe(h)}: ours {mt} {dict(diff_a)} / pymahjonggb {tt} "
                f"{dict(diff_b)}")
    out(f"  forms: {dict(sorted(forms.items()))}")
    missing = [d for d in FAN_TABLE if not fans_seen[d]]
    out(f"  fans seen: {len(FAN_TABLE) - len(missing)} of {len(FAN_TABLE)}"
        + (f" (not seen: {', '.join(missing)})" if missing else ""))
    return verdicts


def run(report: Report, hands: int = 100_000, seed: int = 10, speed_hands: int = 5_000) -> None:
    """The differential check on ``hands`` hands and the speed comparison (``make bench``)."""
    heading(f"MCR scoring vs pymahjonggb {dist_version('pymahjonggb')}")
    gb = optional("MahjongGB")
    if gb is None:
        report.skip("pymahjonggb is not installed (pip install pymahjonggb)")
        return
    start = time.perf_counter()
    verdicts = differential(gb, hands, seed)
    took = time.perf_counter() - start
    apart = {k: v for k, v in verdicts.items() if k not in ("equal", "mismatch")}
    print(f"  {hands} hands in {took:.0f} s: {verdicts['equal']} equal, "
          f"{sum(apart.values())} where pymahjonggb departs from MCR {apart}, "
          f"{verdicts['mismatch']} unexplained mismatches")
    report.target(verdicts["mismatch"] == 0, f"MCR differential: 0 unexplained mismatches "
                                              f"in {hands} hands (got {verdicts['mismatch']})")
    rng = random.Random(seed + 1)
    sample = [random_mcr_hand(rng) for _ in range(speed_hands)]
    args = [gb_arguments(h) for h in sample]
    calc = gb.MahjongFanCalculator

    def ref_all() -> None:
        for a in args:
            with contextlib.suppress(TypeError):
                calc(**a)

    def ours_all() -> None:
        for h in sample:
            mcr_fans(h)

    best = {"ours": float("inf"), "ref": float("inf")}
    for _ in range(5):  # interleaved, best of five each (the machine's load varies)
        for name, fn in (("ours", ours_all), ("ref", ref_all)):
            t0 = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t0)
    ours_rate = speed_hands / best["ours"]
    ref_rate = speed_hands / best["ref"]
    ratio = ours_rate / ref_rate
    print(f"  speed: ours {ours_rate:,.0f} hands/s, pymahjonggb {ref_rate:,.0f} hands/s: "
          f"ratio {ratio:.3f}x")
    report.target(ratio >= 0.1, f"MCR scoring at least 0.1x pymahjonggb's speed "
                                f"(got {ratio:.3f}x)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.mcr", description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=10)
    args = parser.parse_args(argv)
    report = Report()
    run(report, hands=args.hands, seed=args.seed)
    return 1 if report.missed else 0


if __name__ == "__main__":
    sys.exit(main())
