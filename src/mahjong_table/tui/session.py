"""A game at the table: one person against bots, with save, resume and undo.

This module needs no terminal library: both faces of ``play`` (the full-screen table in
:mod:`.app` and the line interface of :mod:`mahjong_table.tui.line`) drive a
:class:`TableSession`. It uses only the engine's public API: ``Game``, ``to_act()``,
``view(p)``, ``apply(action)``, ``events``, ``actions`` and records.

Save and resume (issue 11, item 3): a saved game *is* its record (:mod:`mahjong_table.record`:
header, every action and event, the scores so far), with one more header field, ``"table"``:
``{"seat": 0, "bots": ["efficiency", ...], "practice": [...]}``, so ``mahjong-table replay``
verifies a save like any record. :meth:`TableSession.load` rebuilds the game from the seed and
the actions, and asks each bot for every one of its recorded decisions on the way (a bot's
generator advances with each decision it makes), so the bots play on exactly as they would
have: bots are seeded ``f"{seed}/{player}"`` and decide from their own view only.

Undo (a practice option, off by default): :meth:`TableSession.undo` takes back the person's
last decision by replaying the game without it, with fresh bots fed the same way, so what the
bots do next is what they would have done had the decision never been made.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Action, Game, IllegalActionError
from ..i18n import _
from ..players import Player, make_bot
from ..players.pipe_bot import bind_players, close_players
from ..record import action_of_row, game_from_header, read_games, record_lines
from ..rules import RuleSet

__all__ = ["PRACTICE_OPTIONS", "ResumeError", "TableSession", "TableSetup", "bot_names"]

#: practice options of ``play --practice NAME`` (off by default): ``undo`` lets the person
#: take back their last decision (games against bots only)
PRACTICE_OPTIONS = ("undo",)


class ResumeError(ValueError):
    """A saved game that cannot be resumed; the message names the problem."""


def bot_names(seat: int, kinds: Sequence[str]) -> list[str]:
    """``["You", "Efficiency 1", ...]``: the four players' names, the bots in turn order.
    A built-in bot's name is capitalised; a spec (``py:MODULE:CLASS``, ``cmd:PATH``,
    ``botzone:COMMAND``) is kept exactly as written (its case names a class or a file)."""
    others = iter(kinds)

    def shown(kind: str) -> str:
        return kind if ":" in kind else kind[:1].upper() + kind[1:]

    return ["You" if p == seat else f"{shown(next(others))} {p}" for p in range(4)]


@dataclass
class TableSetup:
    """What a game at the table is: the rule set, the seed (text), the person's seat (0-3),
    the three bot kinds in turn order after the person, an optional limit on the hands, an
    optional position to start from, and the practice options switched on."""

    rules: RuleSet
    seed: str
    seat: int = 0
    bots: tuple[str, ...] = ("efficiency", "efficiency", "efficiency")
    max_hands: int | None = None
    position_text: str | None = None
    practice: tuple[str, ...] = ()
    names: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(self.bots) != 3:
            raise ValueError(_("three bots are needed, got {n}").format(n=len(self.bots)))
        for p in self.practice:
            if p not in PRACTICE_OPTIONS:
                raise ValueError(_("unknown practice option {name}; known: {known}").format(
                    name=repr(p), known=', '.join(PRACTICE_OPTIONS)))
        if not self.names:
            self.names = bot_names(self.seat, self.bots)

    def new_game(self) -> Game:
        """A fresh game of this setup (from the position if there is one)."""
        if self.position_text is not None:
            return Game.from_position(self.position_text, self.seed, max_hands=self.max_hands,
                                      names=list(self.names))
        return Game(self.rules, self.seed, max_hands=self.max_hands, names=list(self.names))

    def new_bots(self) -> dict[int, Player]:
        """The three bots, seeded ``f"{seed}/{player}"`` (raises ``ValueError`` or
        ``ImportError`` for a bot that cannot play these rules)."""
        bots: dict[int, Player] = {}
        kinds = iter(self.bots)
        for p in range(4):
            if p != self.seat:
                bots[p] = make_bot(next(kinds), f"{self.seed}/{p}", self.names[p],
                                   rules=self.rules)
        return bots


class TableSession:
    """A game in progress between the person at ``setup.seat`` and three bots.

    ``game`` is the engine's game; ``bots`` the bots by player. The caller asks
    :meth:`human_to_act`, lets the bots move one action at a time with :meth:`step_bot` (so a
    face can pace them), and applies the person's choices with :meth:`apply_human`.
    """

    def __init__(self, setup: TableSetup) -> None:
        self.setup = setup
        self.seat = setup.seat
        self.game = setup.new_game()
        self.bots = setup.new_bots()
        self._bind()

    def _seats(self) -> list[object]:
        return [self.bots.get(p) for p in range(4)]

    def _bind(self) -> None:
        """Start the bots that are programs over the pipe protocol for this game."""
        bind_players(self.game, self._seats())

    def close(self) -> None:
        """Stop the bots that are programs (the pipe protocol's ``end``)."""
        close_players(self._seats())

    # ----- play ----------------------------------------------------------------------------

    @property
    def undo_allowed(self) -> bool:
        """The practice option ``undo`` is on."""
        return "undo" in self.setup.practice

    def to_act(self) -> int | None:
        """The next player to decide, or None when the game is over."""
        if self.game.is_over:
            return None
        return self.game.to_act()[0]

    def human_to_act(self) -> bool:
        """The person's decision is awaited now."""
        return self.to_act() == self.seat

    def step_bot(self) -> Action | None:
        """Let the next bot make its decision; None when it is the person's turn (or the game
        is over). Returns the action applied."""
        p = self.to_act()
        if p is None or p == self.seat:
            return None
        action = self.bots[p].choose(self.game.view(p))
        self.game.apply(action)
        return action

    def apply_human(self, action: Action) -> None:
        """Apply the person's ``action``. Raises :class:`IllegalActionError` (the game is
        unchanged) for one the rules forbid."""
        if action.player != self.seat:
            raise IllegalActionError(
                _("that is player {p}'s action, not yours").format(p=action.player),
                _("the table: you play your own seat"))
        self.game.apply(action)

    def undo(self) -> bool:
        """Take back the person's last decision (the practice option ``undo``): the game is
        replayed from its seed without it and without what followed, with fresh bots.
        Returns False when there is nothing to take back. Raises ``ValueError`` when the
        practice option is off."""
        if not self.undo_allowed:
            raise ValueError(_("undo is a practice option: start the game with --practice "
                               "undo"))
        actions = self.game.actions
        last = next((i for i in range(len(actions) - 1, -1, -1)
                     if actions[i].player == self.seat), None)
        if last is None:
            return False
        kept = list(actions[:last])
        self.close()
        self.game = self.setup.new_game()
        self.bots = self.setup.new_bots()
        self._bind()
        self._replay(kept)
        return True

    def _replay(self, actions: Sequence[Action], line_of: Sequence[int] | None = None) -> None:
        """Apply ``actions`` to the fresh game, asking each bot for its own decisions on the
        way (so its generator is where it would be). Raises :class:`ResumeError` if a bot
        would have played otherwise than recorded."""
        for i, action in enumerate(actions):
            p = action.player
            if p != self.seat and p in self.bots:
                wanted = self.bots[p].choose(self.game.view(p))
                if wanted != action:
                    where = (_("line {n}: ").format(n=line_of[i]) if line_of is not None
                             else "")
                    raise ResumeError(where + _(
                        "the bot at player {p} would play {wanted}, the save has {action}: the "
                        "save was made by other bots or another version").format(
                        p=p, wanted=wanted, action=action))
            try:
                self.game.apply(action)
            except IllegalActionError as exc:
                where = _("line {n}: ").format(n=line_of[i]) if line_of is not None else ""
                raise ResumeError(where + _("action {action} cannot be replayed: {error}")
                                  .format(action=action, error=exc)) from exc

    # ----- save and resume -----------------------------------------------------------------

    def record_rows(self) -> list[dict[str, Any]]:
        """The save: the game's record with the table's header field ``"table"``."""
        rows = list(record_lines(self.game))
        rows[0]["table"] = {"seat": self.seat, "bots": list(self.setup.bots),
                            "practice": list(self.setup.practice)}
        return rows

    def save(self, path: str | Path) -> None:
        """Write the save (a record that ``mahjong-table replay`` verifies) to ``path``.
        Raises ``OSError``."""
        text = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in self.record_rows())
        tmp = Path(f"{path}.part")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: str | Path) -> TableSession:
        """Resume the game saved in ``path``: the same position, the bots as they were.
        Raises :class:`ResumeError` (or :class:`~mahjong_table.record.RecordError`, or
        ``OSError``) naming the problem."""
        games = read_games(path)
        if len(games) != 1:
            raise ResumeError(_("{file} holds {n} games; a save holds one").format(
                file=path, n=len(games)))
        rows = games[0]
        head = rows[0]
        table = head.get("table")
        if not isinstance(table, dict):
            raise ResumeError(_("{file} is a record without the table's seat and bots (not a "
                                "game saved by play): replay it with mahjong-table replay")
                              .format(file=path))
        seat = table.get("seat")
        bots = table.get("bots")
        practice = table.get("practice") or []
        if not (isinstance(seat, int) and 0 <= seat <= 3):
            raise ResumeError(_("malformed record: line {n}, field table.seat: expected a "
                                "player number 0-3, got {value}").format(
                n=head['_line'], value=repr(seat)))
        if not (isinstance(bots, list) and len(bots) == 3
                and all(isinstance(b, str) for b in bots)):
            raise ResumeError(_("malformed record: line {n}, field table.bots: expected three "
                                "bot kinds, got {value}").format(n=head['_line'],
                                                                 value=repr(bots)))
        game = game_from_header(head, check_invariants=False)
        actions: list[Action] = []
        lines: list[int] = []
        for row in rows[1:]:
            if "action" in row:
                actions.append(action_of_row(row["action"], int(row["_line"])))
                lines.append(int(row["_line"]))
        setup = TableSetup(game.rules, str(head["seed"]), seat, tuple(bots),
                           head.get("max_hands"), head.get("position"),
                           tuple(str(p) for p in practice), list(game.names))
        session = cls.__new__(cls)
        session.setup = setup
        session.seat = seat
        session.game = game
        try:
            session.bots = setup.new_bots()
        except (ValueError, ImportError) as exc:
            raise ResumeError(_("the save's bots cannot play: {error}").format(error=exc)) \
                from exc
        session._bind()
        session._replay(actions, lines)
        return session

