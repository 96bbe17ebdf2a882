"""The race to the end of a hand: the seat's chances, round by round, to win before another
player does or the wall runs out.

A round is what happens between two of the seat's draws: the three other players discard
(a ready seat may win on a discard), one of them may win (``hazard``: the chance a round that
another player ends the hand), then the seat draws (a ready seat may win by its own draw, a
seat not ready may come one step closer). A hand ``len(stages)`` steps from ready comes one
step closer in a round with chance ``stages[i]``; once ready it wins on a discard with chance
``on_discard`` a round (when it accepts discards at all) and by its draw with chance
``self_drawn``. :func:`race` returns the three outcomes' chances; the judgement turns them
into points with what each kind of win pays and what another's win costs.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["race"]


@lru_cache(maxsize=1 << 16)
def race(stages: tuple[float, ...], self_drawn: float, on_discard: float, rounds: int,
         hazard: float, accept: bool = True, free_draw: bool = False
         ) -> tuple[float, float, float]:
    """``(won self-drawn, won on a discard, another won)``: the chances over ``rounds`` of
    the seat's draws (see the module docstring). ``accept``: a ready seat wins on discards
    (else it lets them go and waits for its own draw). ``free_draw``: the seat draws first
    (a kong's replacement tile) before the first round. Callers round the chances so that the
    memo serves many decisions (the inputs are hashable floats and integers)."""
    n = len(stages)
    at = [0.0] * (n + 1)  # at[i]: still playing, i steps done (i == n: ready)
    at[0] = 1.0
    won_self = 0.0
    won_discard = 0.0
    other = 0.0
    hit = on_discard if accept else 0.0
    first = True
    for _ in range(rounds + (1 if free_draw else 0)):
        if not (first and free_draw):
            # the others' discards, then another may win
            ready = at[n]
            if ready > 0.0 and hit > 0.0:
                won_discard += ready * hit
                at[n] = ready * (1.0 - hit)
            alive = 0.0
            for i in range(n + 1):
                alive += at[i]
            other += alive * hazard
            keep = 1.0 - hazard
            for i in range(n + 1):
                at[i] *= keep
        first = False
        # the seat's draw: a win, or one step closer
        ready = at[n]
        if ready > 0.0:
            won_self += ready * self_drawn
            at[n] = ready * (1.0 - self_drawn)
        for i in range(n - 1, -1, -1):
            p = at[i]
            if p > 0.0:
                step = p * stages[i]
                at[i] = p - step
                at[i + 1] += step
    return won_self, won_discard, other
