"""Scoring speed: random winning hands scored under Hong Kong rules (ours), with pymahjonggb's
fan calculator (C++, Chinese Official rules) on the same tiles as a reference for the same kind
of work (read every decomposition, detect every pattern, keep the best)."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mahjong_table.melds import Hand, Meld
from mahjong_table.scoring import ScoreResult, WinContext
from mahjong_table.tiles import TILES, Tile

from .common import Report, heading, optional, time_per_item
from .common import version as dist_version

__all__ = ["WinningHand", "random_winning_hand", "run"]

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
#: Hong Kong bonus tiles: flowers 1f-4f and seasons 1g-4g
_BONUS = (34, 35, 36, 37, 42, 43, 44, 45)
# MahjongGB names: W characters, B circles, T bamboo, F1-F4 winds, J1 red J2 green J3 white
_GB_HONOURS = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")


def _gb(t: int) -> str:
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    return _GB_HONOURS[t - 27]


@dataclass
class WinningHand:
    """One random win: our context, and the same tiles as pymahjonggb arguments."""

    ctx: WinContext
    gb: dict[str, Any]


def random_winning_hand(rng: random.Random) -> WinningHand:
    """A random winning hand with 0-4 declared melds (chows, pungs, exposed and concealed
    kongs), now and then seven pairs or thirteen orphans, and a random context."""
    while True:
        counts = [0] * 34
        melds: list[Meld] = []
        packs: list[tuple[str, str, int]] = []
        concealed: list[int] = []
        roll = rng.random()
        if roll < 0.04:
            kinds = rng.sample(range(34), 7)
            concealed = [k for k in kinds for _ in range(2)]
        elif roll < 0.05:
            concealed = [*_ORPHANS, rng.choice(_ORPHANS)]
        else:
            for _ in range(4):
                r = rng.random()
                if r < 0.55:
                    start = rng.randrange(3) * 9 + rng.randrange(7)
                    tiles = [start, start + 1, start + 2]
                    kind = "CHI"
                elif r < 0.9:
                    tiles = [rng.randrange(34)] * 3
                    kind = "PENG"
                else:
                    tiles = [rng.randrange(34)] * 4
                    kind = "GANG"
                declared = kind == "GANG" or rng.random() < 0.35
                if declared:
                    exposed = kind != "GANG" or rng.random() < 0.6
                    melds.append(Meld.of([TILES[t] for t in tiles], exposed=exposed))
                    offer = 0 if not exposed else (rng.randrange(1, 4))
                    packs.append((kind, _gb(tiles[1] if kind == "CHI" else tiles[0]), offer))
                    for t in tiles:  # (the concealed tiles are counted below, once)
                        counts[t] += 1
                else:
                    concealed.extend(tiles)
            pair = rng.randrange(34)
            concealed += [pair, pair]
        for t in concealed:
            counts[t] += 1
        if sum(counts) - sum(1 for m in melds if m.is_kong) != 14 or max(counts) > 4:
            continue
        win = rng.choice(concealed)
        rest = list(concealed)
        rest.remove(win)
        self_drawn = rng.random() < 0.3
        seat = rng.randrange(4)
        discarder = None if self_drawn else (seat + rng.randrange(1, 4)) % 4
        bonus = tuple(TILES[t] for t in rng.sample(_BONUS, rng.randrange(0, 3)))
        order = [*rng.sample(rest, len(rest)), win]
        ctx = WinContext(
            hand=Hand(tuple(TILES[t] for t in order), tuple(melds)),
            win_tile=Tile.of(win),
            seat_wind=seat,
            round_wind=rng.randrange(4),
            self_drawn=self_drawn,
            discarder=discarder,
            bonus=bonus,
        )
        gb = {
            "pack": tuple(packs),
            "hand": tuple(_gb(t) for t in rest),
            "winTile": _gb(win),
            "flowerCount": len(bonus),
            "isSelfDrawn": self_drawn,
            "is4thTile": False,
            "isAboutKong": False,
            "isWallLast": False,
            "seatWind": seat,
            "prevalentWind": ctx.round_wind,
        }
        return WinningHand(ctx, gb)


def our_scorer() -> Callable[[WinContext], ScoreResult] | None:
    """The Hong Kong scorer (``rules.hongkong_scoring.score_hand``), or None if absent."""
    try:
        module = importlib.import_module("mahjong_table.rules.hongkong_scoring")
    except ImportError:
        return None
    fn: Callable[[WinContext], ScoreResult] = module.score_hand
    return fn


def run(report: Report, hands: int = 5_000, seed: int = 3) -> None:
    heading(f"Scoring: {hands:,} random winning hands")
    rng = random.Random(seed)
    wins = [random_winning_hand(rng) for _ in range(hands)]
    score = our_scorer()
    if score is None:
        report.skip("scoring: mahjong_table.rules.hongkong_scoring is not there yet")
        return
    results = [score(w.ctx) for w in wins]
    valid = sum(r.valid for r in results)
    ours = time_per_item(lambda w: score(w.ctx), wins, repeats=2)
    print(f"  {'implementation':<48}{'us/hand':>9}{'hands/s':>11}{'ours/them':>11}")
    print(f"  {'mahjong_table Hong Kong score_hand (ours)':<48}{ours.best * 1e6:>9.1f}"
          f"{ours.per_second:>11,.0f}{1:>10.2f}x")
    print(f"    {valid:,} of {hands:,} scored as winning hands; limit hands: "
          f"{sum(1 for r in results if r.limit):,}; mean fan "
          f"{sum(r.fan for r in results if r.valid) / max(valid, 1):.2f}")
    report.target(valid == hands, f"every random winning hand scores as valid ({valid:,})")
    gb = optional("MahjongGB")
    if gb is None:
        print("  pymahjonggb: not installed")
        report.skip("scoring vs pymahjonggb: not installed")
        return
    calc = gb.MahjongFanCalculator
    rejected = 0
    for w in wins:
        try:
            calc(**w.gb)
        except TypeError:  # pymahjonggb reports a hand it rejects this way
            rejected += 1

    def theirs(w: WinningHand) -> object:
        try:
            return calc(**w.gb)
        except TypeError:
            return None

    t = time_per_item(theirs, wins, repeats=2)
    name = f"pymahjonggb {dist_version('pymahjonggb')} MahjongFanCalculator (C++, MCR)"
    print(f"  {name:<48}{t.best * 1e6:>9.1f}{t.per_second:>11,.0f}"
          f"{t.best / ours.best:>10.2f}x")
    print(f"    hands pymahjonggb rejected: {rejected:,} of {hands:,}")
