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

*Paired* play (``paired=True``, ``arena --paired A,B``) asks a sharper question: how much
better is A than B in the same seat of the same deal? Each wall is played five times: once
with B in every seat (the *baseline*), then once per seat with A there and B in the other
three. Every bot in a seat gets the same seed in all five games (``S/wall/i/s<seat>``), so a
game differs from its baseline only by the one seat's bot, and the *paired difference* of a
seat is A's result there minus the baseline B's in that same seat. The wall's mean over its
four seats is the unit, so the interval is over walls, as above.
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


def _play_one(rules: Any, seed: str, seat_bots: list[str], bot_seeds: list[str],
              bot_timeout: float | None) -> tuple[Game, list[_Timed], list[Player]]:
    """One one-hand game of wall ``seed`` with ``seat_bots[s]`` (seeded ``bot_seeds[s]``) in
    seat ``s``: the finished game, the timed players and the bots themselves. A program
    bot's time limit is ``bot_timeout`` when given (else its own)."""
    game = Game(rules, seed, max_hands=1,
                names=[f"{b} ({s})" for s, b in enumerate(seat_bots)])
    inner = [make_bot(b, bot_seeds[s], f"{b} ({s})", rules=rules)
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
    return game, players, inner


def _seat_results(game: Game, s: int) -> tuple[int, int, int, int]:
    """Seat ``s``'s hands, points, wins and deal-ins in ``game``."""
    hands = points = wins = deals = 0
    for res in game.results:
        hands += 1
        points += res.payments[s]
        if res.reason == "mahjong" and res.winner == s:
            wins += 1
        if (res.reason == "mahjong" and res.discarder == s
                and res.winner is not None and res.winner != s):
            deals += 1
    return hands, points, wins, deals


def play_walls(rules_name: str, options: dict[str, Any], lineup: list[str], base_seed: str,
               walls: list[int], bot_timeout: float | None, paired: bool = False
               ) -> list[dict[str, Any]]:
    """Play walls ``walls`` in every rotation (a worker's job). One summary per wall:
    ``bots[name]`` = ``[seat-hands, points, wins, deal-ins]``, ``fans[name]`` = the fan (or
    points) of each win, ``timing[name]`` = ``[decisions, seconds, slowest]`` and
    ``replaced[name]`` = ``[seat-hands where the bot was replaced by its stand-in,
    decisions the stand-in made, the first reason, replacements]`` (a program or Python
    bot that crashes, hangs or answers illegally is replaced for the rest of its game, one
    replacement: its results are then partly the stand-in's).

    ``paired``: the line-up is A against three B; each wall's baseline game (B in every seat)
    is played first and the summary adds ``paired`` = ``[seat-hands, points, wins,
    deal-ins]`` of A minus the baseline B's in the same seats, and ``baseline`` = the
    baseline B's ``[seat-hands, points, wins, deal-ins]`` in those seats (module
    docstring)."""
    rules = get_rule_set(rules_name, **options)
    names = sorted(set(lineup))
    out: list[dict[str, Any]] = []
    for w in walls:
        seed = f"{base_seed}/wall/{w}"
        stats = {n: [0, 0, 0, 0] for n in names}
        fans: dict[str, list[int]] = {n: [] for n in names}
        timing = {n: [0, 0.0, 0.0] for n in names}
        replaced: dict[str, list[Any]] = {n: [0, 0, None, 0] for n in names}
        summary: dict[str, Any] = {}
        base_game: Game | None = None
        if paired:
            base_game, _p, _i = _play_one(rules, seed, [lineup[1]] * 4,
                                          [f"{seed}/s{s}" for s in range(4)], bot_timeout)
            summary["paired"] = [0, 0, 0, 0]
            summary["baseline"] = [0, 0, 0, 0]
        for r in range(ROTATIONS):
            seat_bots = [lineup[(s - r) % 4] for s in range(4)]
            bot_seeds = ([f"{seed}/s{s}" for s in range(4)] if paired
                         else [f"{seed}/r{r}/s{s}" for s in range(4)])
            game, players, inner = _play_one(rules, seed, seat_bots, bot_seeds, bot_timeout)
            for res in game.results:
                for s, b in enumerate(seat_bots):
                    if res.reason == "mahjong" and res.winner == s:
                        fans[b].append(res.score.fan if res.score is not None else 0)
            for s, b in enumerate(seat_bots):
                mine = _seat_results(game, s)
                st = stats[b]
                for i in range(4):
                    st[i] += mine[i]
                if base_game is not None and s == r:  # A's seat in this rotation
                    base = _seat_results(base_game, s)
                    for i in range(4):
                        summary["paired"][i] += mine[i] - base[i] if i else mine[i]
                        summary["baseline"][i] += base[i]
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
        out.append({"bots": stats, "fans": fans, "timing": timing, "replaced": replaced,
                    **summary})
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

    def text(self, digits: int = 2, scale: float = 1.0, signed: bool = False) -> str:
        """``"0.41 ± 0.27"`` (``signed``: ``"+0.41 ± 0.27"``), ``"-"`` for no sample."""
        if self.n == 0:
            return "-"
        sign = "+" if signed else ""
        if math.isnan(self.low):
            return f"{self.mean * scale:{sign}.{digits}f}"
        half = (self.high - self.mean) * scale
        return f"{self.mean * scale:{sign}.{digits}f} ± {half:.{digits}f}"


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
    #: paired play: intervals over walls of A minus B in the same seats (``points``,
    #: ``win_rate``, ``deal_in_rate``); else None
    paired: dict[str, Interval] | None = None

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
            **({"paired": {"a": self.lineup[0], "b": self.lineup[1],
                           **{k: v.to_json() for k, v in self.paired.items()}}}
               if self.paired is not None else {}),
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
        if self.paired is not None:
            p = self.paired
            lines.append(_("paired: {a} minus {b} in the same seat of the same deal ({walls} "
                           "walls x 4 seats): points/hand {points}; win % {win}; deal-in % "
                           "{deal}").format(
                a=self.lineup[0], b=self.lineup[1], walls=self.walls,
                points=p["points"].text(signed=True), win=p["win_rate"].text(1, 100, True),
                deal=p["deal_in_rate"].text(1, 100, True)))
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
    paired: dict[str, Interval] | None = None
    if walls and "paired" in walls[0]:
        rows = [(w["paired"], w["baseline"]) for w in walls if w["paired"][0]]
        # (the baseline's points over the four seats of one game sum to zero: only the
        # differences are reported)
        paired = {"points": interval([d[1] / d[0] for d, _b in rows]),
                  "win_rate": interval([d[2] / d[0] for d, _b in rows]),
                  "deal_in_rate": interval([d[3] / d[0] for d, _b in rows])}
    return ArenaReport(rules_name, options, seed, lineup, len(walls), bots, value_name,
                       timing, paired)
