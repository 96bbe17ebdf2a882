"""The review of a finished game (issue 43): every decision one seat made, from that seat's
view, against what the judgement (:mod:`mahjong_table.judgement`) prefers there.

:func:`review_record` replays a record (:mod:`mahjong_table.record`, every event checked as
``replay`` checks it) and, at each decision of the seat with more than one legal action, asks
the judgement for the seat's view: the estimate of the action played and of the best one. The
*loss* of a decision is the expected points the best action would have kept over the one
played (0 when they are the same, or value alike); the biggest losses are the places to look
at first. Nothing but the seat's view is read at a decision, so the review never tells what
the other hands held.

A record that cannot be read or does not replay (a malformed line, a file cut short) is
refused with :class:`~mahjong_table.record.RecordError`, naming the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .advisor.model import action_text
from .engine import Game, PlayerView
from .judgement import Estimate, judge
from .record import RecordError, game_from_header, read_games, verify_game

__all__ = ["Decision", "GameReview", "review_record"]

@dataclass
class Decision:
    """One decision of the seat: where (``hand`` number, ``number`` of the seat's decision in
    the game, the record ``line`` of the action), the seat's ``view`` then, the action
    ``played`` and its estimate, the judgement's ``best`` and its estimate, and ``loss``: the
    expected points given up (None when the played action has no estimate of its own: a
    Charleston pass the judgement did not weigh); ``weighed``: every estimate."""

    hand: int
    number: int
    line: int
    view: PlayerView
    played: str
    best: str
    played_estimate: Estimate | None
    best_estimate: Estimate
    loss: float | None
    #: the judgement's estimates of every action it weighed, best first
    weighed: tuple[Estimate, ...] = ()

    @property
    def agrees(self) -> bool:
        """The seat played what the judgement prefers (or an action valued alike)."""
        return (self.loss is not None and self.loss <= 1e-6) or self.played == self.best

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand, "decision": self.number, "line": self.line,
            "phase": self.view.phase,
            "concealed": "".join(str(t) for t in self.view.concealed),
            "melds": [m.notation() for m in self.view.me.melds],
            "drawn": None if self.view.drawn is None else str(self.view.drawn),
            "on_offer": None if self.view.last_discard is None or self.view.phase == "turn"
            else str(self.view.last_discard),
            "played": self.played, "best": self.best,
            "played_estimate": None if self.played_estimate is None
            else self.played_estimate.to_json(),
            "best_estimate": self.best_estimate.to_json(),
            "loss": None if self.loss is None else round(self.loss, 3),
        }


@dataclass
class GameReview:
    """A game's review for one ``seat``: its ``decisions`` in the order played, the rule
    set's name, the seat's name and the game's final ``scores``."""

    rules: str
    seat: int
    name: str
    scores: list[int]
    decisions: list[Decision] = field(default_factory=list)

    def biggest(self, n: int | None = None) -> list[Decision]:
        """The decisions that gave up the most expected points, biggest first (only those
        that gave up any)."""
        lost = [d for d in self.decisions if d.loss is not None and d.loss > 1e-6]
        lost.sort(key=lambda d: (-(d.loss or 0.0), d.number))
        return lost if n is None else lost[:n]

    @property
    def total_loss(self) -> float:
        return sum(d.loss or 0.0 for d in self.decisions)

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "seat": self.seat, "name": self.name,
                "scores": self.scores, "decisions": [d.to_json() for d in self.decisions],
                "agreed": sum(1 for d in self.decisions if d.agrees),
                "total_loss": round(self.total_loss, 3),
                "biggest": [d.number for d in self.biggest(10)]}


def _words(view: PlayerView, action: Any) -> str:
    names = tuple(f"{'ESWN'[s.wind]} {s.name}" for s in view.seats)
    return action_text(action, seat_names=names, last_discard=view.last_discard)


def review_game(rows: list[dict[str, Any]], seat: int) -> GameReview:
    """The review of one game of a record (its rows as :func:`~mahjong_table.record
    .read_games` gives them) for ``seat``. Raises :class:`RecordError` naming the line of a
    record that does not replay or stops short."""
    steps = verify_game(rows)
    review: GameReview | None = None
    number = 0
    while True:
        try:
            game, action, line = next(steps)
        except StopIteration as stop:
            report = stop.value
            if not report.ok:
                raise RecordError(f"the record does not replay: {report.problem}") from None
            break
        if review is None:
            review = _start(game, seat)
        if action.player != seat:
            continue
        view = game.view(seat)
        if len(view.legal_actions) < 2:
            continue
        number += 1
        j = judge(view, game.rules)
        best = j.best
        assert best is not None
        played_e = j.of(action)
        # a Charleston pass the judgement did not weigh has no loss of its own
        loss = None if played_e is None else max(0.0, best.points - played_e.points)
        review.decisions.append(Decision(
            view.hand_number, number, line, view, _words(view, action),
            _words(view, best.action), played_e, best, loss, j.estimates))
    if review is None:  # a record with no action at all
        review = _start(game_from_header(rows[0]), seat)
    review.scores = list(report.scores)
    return review


def _start(game: Game, seat: int) -> GameReview:
    if not 0 <= seat <= 3:
        raise ValueError(f"seat {seat} is not a seat 0-3")
    return GameReview(game.rules.name, seat, game.names[seat] if game.names else str(seat),
                      list(game.scores))


def review_record(source: str | Path, seat: int) -> list[GameReview]:
    """The review, for ``seat`` (0-3), of every game in the record ``source`` (a path).
    Raises :class:`RecordError` naming the line of a record that is malformed, does not
    replay or stops short, ``ValueError`` for a seat outside 0-3."""
    if not 0 <= seat <= 3:
        raise ValueError(f"seat {seat} is not a seat 0-3")
    return [review_game(rows, seat) for rows in read_games(source)]
