"""Duplicate play: which bot is stronger, with the luck of the walls cancelled (issue 12).

A *wall* is one hand's deal, from the seed ``S/wall/i``: the same tiles in the same order, the
same dice and the same seat draw (so the same dealer seat). Each wall is played once for every
rotation of the line-up over the four seats (rotation ``r`` seats ``lineup[(s - r) % 4]`` at
seat ``s``), so every bot holds every hand of the wall. Each rotation is a one-hand game
(``Game(rules, seed, max_hands=1)``).

Statistics per bot (the seats of one bot name pooled): points per hand (the hand's payments,
as the rule set scores them), win rate, deal-in rate (hands in which it discarded the winning
tile), and the mean fan (American: points) of its wins. The first three are means over walls
of the bot's per-wall averages; a wall, played in all rotations, is the independent unit of
duplicate play, so the 95% confidence interval is ``mean +- 1.96 * sd / sqrt(walls)`` (a
normal approximation; ``sd`` the sample standard deviation over walls). The mean of wins uses
the wins as its sample. Decision times are measured too (they vary with the machine's load and
are reported apart from the results, which depend only on the seed).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .engine import Action, Game, PlayerView
from .i18n import _, pgettext
from .players import make_bot, play_game
from .players.base import Player
from .players.pipe_bot import PipeBot
from .players.stand_in import ReplaceableBot, bind_players, close_players
from .rules import get_rule_set

__all__ = ["ROTATIONS", "ArenaReport", "Interval", "interval", "lineup_of", "play_walls",
           "summarise"]

#: rotations of the line-up over the seats for each wall
ROTATIONS = 4


def lineup_of(bots: Sequence[str]) -> list[str]:
    """The four seats' bots from 2-4 names: the last name fills the seats left
    (``A,B`` is A against three B). Raises ``ValueError`` for another number."""
    names = [b.strip() for b in bots]
    if not 2 <= len(names) <= 4 or any(not n for n in names):
        raise ValueError(f"--bots needs 2 to 4 bot names, got {len(names)}")
    return names + [names[-1]] * (4 - len(names))


class _Timed:
    """A player that times its inner player's decisions."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.seconds = 0.0
        self.decisions = 0
        self.slowest = 0.0

    def choose(self, view: PlayerView) -> Action:
        t = time.perf_counter()
        a = self.inner.choose(view)
        dt = time.perf_counter() - t
        self.seconds += dt
        self.decisions += 1
        self.slowest = max(self.slowest, dt)
        return a


def play_walls(rules_name: str, options: dict[str, Any], lineup: list[str], base_seed: str,
               walls: list[int], bot_timeout: float | None) -> list[dict[str, Any]]:
    """Play walls ``walls`` in every rotation (a worker's job). One summary per wall:
    ``bots[name]`` = ``[seat-hands, points, wins, deal-ins]``, ``fans[name]`` = the fan (or
    points) of each win, ``timing[name]`` = ``[decisions, seconds, slowest]`` and
    ``replaced[name]`` = ``[seat-hands where the bot was replaced by its stand-in,
    decisions the stand-in made, the first reason, replacements]`` (a program or Python
    bot that crashes, hangs or answers illegally is replaced for the rest of its game, one
    replacement: its results are then partly the stand-in's)."""
    rules = get_rule_set(rules_name, **options)
    names = sorted(set(lineup))
    out: list[dict[str, Any]] = []
    for w in walls:
        seed = f"{base_seed}/wall/{w}"
        stats = {n: [0, 0, 0, 0] for n in names}
        fans: dict[str, list[int]] = {n: [] for n in names}
        timing = {n: [0, 0.0, 0.0] for n in names}
        replaced: dict[str, list[Any]] = {n: [0, 0, None, 0] for n in names}
        for r in range(ROTATIONS):
            seat_bots = [lineup[(s - r) % 4] for s in range(4)]
            game = Game(rules, seed, max_hands=1,
                        names=[f"{b} ({s})" for s, b in enumerate(seat_bots)])
            inner = [make_bot(b, f"{seed}/r{r}/s{s}", f"{b} ({s})", rules=rules)
                     for s, b in enumerate(seat_bots)]
            for bot in inner:
                if isinstance(bot, PipeBot) and bot_timeout is not None:
                    bot.timeout = bot_timeout
            players = [_Timed(b) for b in inner]
            bind_players(game, inner)
            try:
                play_game(game, players)
            finally:
                close_players(inner)
            for res in game.results:
                for s, b in enumerate(seat_bots):
                    st = stats[b]
                    st[0] += 1
                    st[1] += res.payments[s]
                    if res.reason == "mahjong" and res.winner == s:
                        st[2] += 1
                        fans[b].append(res.score.fan if res.score is not None else 0)
                    if (res.reason == "mahjong" and res.discarder == s
                            and res.winner is not None and res.winner != s):
                        st[3] += 1
            for s, b in enumerate(seat_bots):
                t = timing[b]
                t[0] += players[s].decisions
                t[1] += players[s].seconds
                t[2] = max(t[2], players[s].slowest)
                bot = inner[s]
                if isinstance(bot, ReplaceableBot) and bot.failure is not None:
                    rep = replaced[b]
                    rep[0] += len(game.results)
                    rep[1] += players[s].decisions - bot.decisions
                    rep[2] = rep[2] or bot.failure
                    rep[3] += 1
        out.append({"bots": stats, "fans": fans, "timing": timing, "replaced": replaced})
    return out


@dataclass(frozen=True)
class Interval:
    """A sample mean with its 95% confidence interval (``low``, ``high``; NaN when the sample
    has fewer than two values) and the sample size ``n``."""

    mean: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, Any]:
        def num(x: float) -> float | None:
            return None if math.isnan(x) else round(x, 6)

        return {"mean": num(self.mean), "low": num(self.low), "high": num(self.high),
                "n": self.n}

    def text(self, digits: int = 2, scale: float = 1.0) -> str:
        if self.n == 0:
            return "-"
        if math.isnan(self.low):
            return f"{self.mean * scale:.{digits}f}"
        half = (self.high - self.mean) * scale
        return f"{self.mean * scale:.{digits}f} ± {half:.{digits}f}"


def interval(values: Sequence[float]) -> Interval:
    """Mean and 95% normal-approximation interval of ``values`` (1.96 standard errors)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    if n < 2:
        return Interval(mean, math.nan, math.nan, n)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half, n)


@dataclass
class ArenaReport:
    """The arena's results: per bot name, intervals for ``points``, ``win_rate``,
    ``deal_in_rate`` (per hand, over walls) and ``win_value`` (fan or points of wins)."""

    rules: str
    options: dict[str, Any]
    seed: str
    lineup: list[str]
    walls: int
    bots: dict[str, dict[str, Any]]
    value_name: str
    timing: dict[str, dict[str, float]]

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules, "options": {k: v if isinstance(v, (bool, int, float, str))
                                             else str(v) for k, v in self.options.items()},
            "seed": self.seed, "lineup": self.lineup, "walls": self.walls,
            "rotations": ROTATIONS, "hands": self.walls * ROTATIONS,
            "bots": [{"bot": name, **{k: v.to_json() if isinstance(v, Interval) else v
                                      for k, v in b.items()}}
                     for name, b in self.bots.items()],
            "win_value": self.value_name,
            "timing": self.timing,
        }

    def table(self) -> str:
        """The results as a text table in the language in force (issue 23); the numbers and
        bot names as they are."""
        lines = [_("arena: rules {rules} {options}; seed {seed}; {walls} walls x {rotations} "
                   "rotations = {hands} hands; line-up {lineup}").format(
                     rules=self.rules, options=self.options, seed=repr(self.seed),
                     walls=self.walls, rotations=ROTATIONS, hands=self.walls * ROTATIONS,
                     lineup=', '.join(self.lineup)),
                 _("95% confidence intervals over walls (duplicate play)")]
        width = max(12, *(len(n) + 2 for n in self.bots))
        value = (_("mean points of wins") if self.value_name == "points"
                 else _("mean fan of wins") if self.value_name == "fan"
                 else "mean " + self.value_name + " of wins")
        cols = (pgettext("column", "bot"), pgettext("column", "seats"),
                pgettext("column", "hands"), pgettext("column", "points/hand"),
                pgettext("column", "win %"), pgettext("column", "deal-in %"),
                pgettext("column", "replaced"))
        # each heading after the first keeps at least one space before it (a longer Italian
        # heading would run into the one before: "vittoriasostituzioni")
        heads = [*cols[1:6], value, cols[6]]
        lines.append(f"{cols[0]:<{width}}" + "".join(
            " " + f"{h:>{w - 1}}" for h, w in zip(heads, (6, 8, 18, 16, 16, 22, 10), strict=True)))
        for name, b in self.bots.items():
            shown = name + ("*" if b.get("replaced") else "")
            lines.append(
                f"{shown:<{width}}{b['seats']:>6}{b['hands']:>8}{b['points'].text():>18}"
                f"{b['win_rate'].text(1, 100):>16}{b['deal_in_rate'].text(1, 100):>16}"
                f"{b['win_value'].text():>22}{b.get('replacements', 0):>10}")
        for name, b in self.bots.items():
            rep = b.get("replaced")
            if rep:
                lines.append(_("* {name} was replaced by its stand-in bot {times} time(s), in "
                               "{hands} of its {total} hands ({decisions} decisions played for "
                               "it): those results are the stand-in's, not its own. First reason: "
                               "{reason}").format(
                    name=name, times=rep['times'], hands=rep['hands'], total=b['hands'],
                    decisions=rep['decisions'], reason=rep['reason']))
        lines.append(_("decision time: {times}").format(times="; ".join(
            _("{bot} {mean} ms mean, {max} ms slowest").format(
                bot=n, mean=f"{t['mean_ms']:.2f}", max=f"{t['max_ms']:.1f}")
            for n, t in self.timing.items())))
        return "\n".join(lines)


def summarise(rules_name: str, options: dict[str, Any], seed: str, lineup: list[str],
              walls: list[dict[str, Any]], value_name: str) -> ArenaReport:
    """An :class:`ArenaReport` from the per-wall summaries of :func:`play_walls`, in wall
    order."""
    bots: dict[str, dict[str, Any]] = {}
    timing: dict[str, dict[str, float]] = {}
    for name in dict.fromkeys(lineup):
        per_hand: list[float] = []
        win: list[float] = []
        deal: list[float] = []
        values: list[float] = []
        hands = 0
        decisions = 0
        seconds = slowest = 0.0
        rep_hands = rep_decisions = rep_times = 0
        reason: str | None = None
        for w in walls:
            n, pts, wins, deals = w["bots"][name]
            if n:
                per_hand.append(pts / n)
                win.append(wins / n)
                deal.append(deals / n)
            hands += n
            values.extend(w["fans"][name])
            r = w.get("replaced", {}).get(name)
            if r:
                rep_hands += r[0]
                rep_decisions += r[1]
                reason = reason or r[2]
                rep_times += r[3] if len(r) > 3 else 1
            t = w["timing"][name]
            decisions += t[0]
            seconds += t[1]
            slowest = max(slowest, t[2])
        bots[name] = {"seats": lineup.count(name), "hands": hands,
                      "points": interval(per_hand), "win_rate": interval(win),
                      "deal_in_rate": interval(deal), "win_value": interval(values),
                      "replacements": rep_times,
                      "replaced": ({"hands": rep_hands, "decisions": rep_decisions,
                                    "times": rep_times, "reason": reason}
                                   if rep_hands else None)}
        timing[name] = {"decisions": decisions,
                        "mean_ms": 1000 * seconds / decisions if decisions else 0.0,
                        "max_ms": 1000 * slowest}
    return ArenaReport(rules_name, options, seed, lineup, len(walls), bots, value_name,
                       timing)
