"""Game records: JSON lines that replay exactly.

Line 1 is a header: ``{"record": "mahjong-table", "version": 2, "rules": ..., "options": ...,
"seed": ..., "max_hands": ..., "names": [...]}``. Then, in order, one line per engine event
(``{"event": {...}}``, with every tile shown) and one per player action (``{"action":
{...}}``) placed before the events it caused. The last line is ``{"final": {"scores": [...],
"hands": N}}``.

:func:`replay` rebuilds the game from the seed and the options, applies every action, and
checks that each event and the final scores are the same as recorded.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .engine import Action, Game
from .rules import get_rule_set

__all__ = ["RECORD_VERSION", "RecordError", "write_record", "record_lines", "replay",
           "ReplayReport", "split_games"]

#: 2: every claimable discard and every added kong opens a window (issue 7); records of
#: version 1 replay with the windows of their time (``Game(legacy_windows=True)``)
RECORD_VERSION = 2
_READABLE = (1, 2)


class RecordError(ValueError):
    """A record that cannot be read, or a replay that does not match its record."""


def record_lines(game: Game) -> Iterator[dict[str, Any]]:
    """The record of ``game`` as JSON-ready dicts, header first."""
    yield {
        "record": "mahjong-table",
        "version": RECORD_VERSION,
        "rules": game.rules.name,
        "options": dict(game.rules.options),
        "seed": game.seed,
        "max_hands": game.max_hands,
        "names": list(game.names),
        **({"position": game.position_text} if game.position_text is not None else {}),
    }
    # actions interleave with events: replaying them in order tells where each one goes,
    # so store for each action the number of events before it
    marks = game.action_marks
    ai = 0
    for i, event in enumerate(game.events):
        while ai < len(marks) and marks[ai] == i:
            yield {"action": game.actions[ai].to_json()}
            ai += 1
        yield {"event": event.to_json(full=True)}
    yield {"final": {"scores": list(game.scores), "hands": len(game.results)}}


def write_record(game: Game, out: IO[str]) -> None:
    """Write ``game``'s record as JSON lines to ``out``."""
    for line in record_lines(game):
        out.write(json.dumps(line, separators=(",", ":")) + "\n")


@dataclass(frozen=True)
class ReplayReport:
    """What a replay found: ``ok`` with the number of ``actions`` and ``events`` checked and
    the ``scores``; otherwise ``problem`` says the first mismatch and where."""

    ok: bool
    actions: int
    events: int
    scores: list[int]
    problem: str | None = None
    games: int = 1


def _read(lines: Iterable[str]) -> list[dict[str, Any]]:
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(f"line {n} is not JSON: {exc}") from exc
        if not isinstance(row, dict):
            raise RecordError(f"line {n} is not a JSON object: {line.strip()[:60]!r}")
        row["_line"] = n
        out.append(row)
    return out


def _load(source: str | Path | Iterable[str]) -> list[dict[str, Any]]:
    if isinstance(source, (str, Path)):
        try:
            with open(source, encoding="utf-8") as fh:
                return _read(fh)
        except UnicodeDecodeError as exc:
            raise RecordError(f"{source} is not a text file (UTF-8): {exc.reason}") from exc
    return _read(source)


def split_games(rows: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Split the rows of a record file into games (each starting with its header line).
    Raises :class:`RecordError` if the file does not start with a header."""
    games: list[list[dict[str, Any]]] = []
    for row in rows:
        if row.get("record") == "mahjong-table":
            games.append([row])
        elif not games:
            raise RecordError("not a mahjong-table record: the first line is no header")
        else:
            games[-1].append(row)
    if not games:
        raise RecordError("not a mahjong-table record: the file is empty")
    return games


def replay(source: str | Path | Iterable[str]) -> ReplayReport:
    """Replay a record (a path or its lines) and check every event and the final scores.

    A file may hold several games one after another (``simulate --record``); each is replayed
    and the report sums them. Raises :class:`RecordError` if the record cannot be read at all;
    a record that reads but does not replay gives a report with ``ok=False`` and the
    ``problem``.
    """
    games = split_games(_load(source))
    actions = events = 0
    scores: list[int] = []
    for i, rows in enumerate(games, 1):
        report = _replay_game(rows)
        actions += report.actions
        events += report.events
        scores = report.scores
        if not report.ok:
            where = f"game {i} of {len(games)}: " if len(games) > 1 else ""
            return ReplayReport(False, actions, events, scores, where + (report.problem or ""))
    return ReplayReport(True, actions, events, scores, None, len(games))


def _replay_game(rows: list[dict[str, Any]]) -> ReplayReport:
    head = rows[0]
    version = head.get("version")
    if version not in _READABLE:
        raise RecordError(f"record version {version} is not one of "
                          f"{', '.join(map(str, _READABLE))}")
    try:
        if head.get("position") is not None:
            game = Game.from_position(head["position"], head["seed"],
                                      max_hands=head.get("max_hands"), names=head.get("names"),
                                      check_invariants=True)
        else:
            rules = get_rule_set(head["rules"], **head.get("options", {}))
            game = Game(rules, head["seed"], max_hands=head.get("max_hands"),
                        names=head.get("names"), check_invariants=True,
                        legacy_windows=version == 1)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"line {head['_line']}: bad header ({exc!r})") from exc
    produced = 0  # events of the replay compared so far
    n_actions = 0
    final: Any = None

    def fail(msg: str) -> ReplayReport:
        return ReplayReport(False, n_actions, produced, list(game.scores), msg)

    for row in rows[1:]:
        n = row.pop("_line")
        if "event" in row:
            if produced >= len(game.events):
                return fail(f"line {n}: the record has an event the replay did not produce: "
                            f"{row['event']}")
            got = game.events[produced].to_json(full=True)
            if got != row["event"]:
                return fail(f"line {n}: event differs: recorded {row['event']}, "
                            f"replayed {got}")
            produced += 1
        elif "action" in row:
            if produced != len(game.events):
                return fail(f"line {n}: the replay produced events the record lacks: "
                            f"{game.events[produced].to_json(full=True)}")
            try:
                action = Action.from_json(row["action"])
                game.apply(action)
            except (ValueError, KeyError, TypeError, AttributeError, AssertionError) as exc:
                return fail(f"line {n}: action {row['action']} cannot be replayed: {exc}")
            n_actions += 1
        elif "final" in row:
            final = row["final"]
        else:
            return fail(f"line {n}: unknown line {row}")
    if produced != len(game.events):
        return fail(f"the replay produced events the record lacks: "
                    f"{game.events[produced].to_json(full=True)}")
    if not isinstance(final, dict):
        return fail("the record has no final line (or it is not an object)")
    if final.get("scores") != game.scores:
        return fail(f"final scores differ: recorded {final.get('scores')}, "
                    f"replayed {game.scores}")
    return ReplayReport(True, n_actions, produced, list(game.scores))
