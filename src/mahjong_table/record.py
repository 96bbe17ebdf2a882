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
import re
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .engine import Action, ActionKind, Game
from .rules import get_rule_set
from .tiles import NotationError, Tile, parse_tiles

__all__ = ["RECORD_VERSION", "RecordError", "write_record", "record_lines", "replay",
           "ReplayReport", "split_games", "read_games", "game_from_header", "action_of_row",
           "verify_game"]

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
    #: the problem is a malformed line ("malformed record: line N, field F: ..."), not a
    #: replay that differs from its record
    malformed: bool = False
    #: every game was played to its end (a record saved mid-game replays, unfinished)
    finished: bool = True
    #: the line of the ``problem`` (the game's last line when the problem has no other)
    line: int | None = None


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


def _malformed(line: int, field: str, problem: str) -> RecordError:
    return RecordError(f"malformed record: line {line}, field {field}: {problem}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_header(head: dict[str, Any]) -> None:
    """Raise :class:`RecordError` ("malformed record: line N, field F: ...") for a header
    field of the wrong type."""
    n = int(head.get("_line", 1))
    if not isinstance(head.get("rules"), str):
        raise _malformed(n, "rules", f"expected a rule-set name (text), got "
                                     f"{head.get('rules')!r}")
    if "options" in head and not isinstance(head["options"], dict):
        raise _malformed(n, "options", f"expected an object of rule-set options, got "
                                       f"{head['options']!r}")
    seed = head.get("seed")
    if not (isinstance(seed, str) or _is_int(seed)):
        raise _malformed(n, "seed", f"expected text or a whole number, got {seed!r}")
    mh = head.get("max_hands")
    if mh is not None and not (_is_int(mh) and mh >= 1):
        raise _malformed(n, "max_hands", f"expected a whole number of hands or null, "
                                         f"got {mh!r}")
    names = head.get("names")
    if names is not None and not (isinstance(names, list) and len(names) == 4
                                  and all(isinstance(x, str) for x in names)):
        raise _malformed(n, "names", f"expected four player names, got {names!r}")
    pos = head.get("position")
    if pos is not None and not isinstance(pos, str):
        raise _malformed(n, "position", f"expected the position's text, got {pos!r}")


_PLAYER_FIELDS = ("player", "target")
_INT_FIELDS = ("jokers", "number")


def action_of_row(data: Any, line: int) -> Action:
    """The action of a record's ``{"action": {...}}`` line, every field checked: ``kind`` a
    known action kind, ``player`` (and ``target``) a player number 0-3, ``tile`` one tile in
    mpsz text, ``tiles`` tiles in mpsz text, ``jokers`` and ``number`` whole numbers.
    Raises :class:`RecordError` "malformed record: line N, field F: ..." naming the field."""
    if not isinstance(data, dict):
        raise _malformed(line, "action", f"expected an object, got {data!r}")
    kind = data.get("kind")
    if not isinstance(kind, str):
        raise _malformed(line, "action.kind", f"expected an action kind (text), got {kind!r}")
    try:
        action_kind = ActionKind(kind)
    except ValueError:
        raise _malformed(line, "action.kind", f"unknown action kind {kind!r}; known: "
                         f"{', '.join(k.value for k in ActionKind)}") from None
    if "player" not in data:
        raise _malformed(line, "action.player", "missing (the player number 0-3)")
    for name in _PLAYER_FIELDS:
        v = data.get(name)
        if (v is not None or name == "player") and not (isinstance(v, int)
                                                         and not isinstance(v, bool)
                                                         and 0 <= v <= 3):
            raise _malformed(line, f"action.{name}", f"expected a player number 0-3, got "
                                                     f"{v!r}")
    for name in _INT_FIELDS:
        v = data.get(name)
        if v is not None and not (_is_int(v) and v >= 0):
            raise _malformed(line, f"action.{name}", f"expected a whole number, got {v!r}")
    tile: Tile | None = None
    if data.get("tile") is not None:
        if not isinstance(data["tile"], str):
            raise _malformed(line, "action.tile", f"expected one tile in mpsz text "
                                                  f"(e.g. \"5p\"), got {data['tile']!r}")
        try:
            tile = Tile.parse(data["tile"])
        except NotationError as exc:
            raise _malformed(line, "action.tile", str(exc)) from None
    tiles: tuple[Tile, ...] = ()
    if data.get("tiles"):
        if not isinstance(data["tiles"], str):
            raise _malformed(line, "action.tiles", f"expected tiles in mpsz text, got "
                                                   f"{data['tiles']!r}")
        try:
            tiles = tuple(parse_tiles(data["tiles"]))
        except NotationError as exc:
            raise _malformed(line, "action.tiles", str(exc)) from None
    return Action(action_kind, int(data["player"]), tile, tiles, int(data.get("jokers") or 0),
                  data.get("target"), data.get("number"))


def _check_row(row: dict[str, Any], n: int) -> None:
    """A body line must be exactly one of event, action or final, of the right shape."""
    if "event" in row:
        ev = row["event"]
        if not isinstance(ev, dict):
            raise _malformed(n, "event", f"expected an object, got {ev!r}")
        if not isinstance(ev.get("type"), str):
            raise _malformed(n, "event.type", f"expected an event type (text), got "
                                              f"{ev.get('type')!r}")
    elif "final" in row:
        final = row["final"]
        if not isinstance(final, dict):
            raise _malformed(n, "final", f"expected an object, got {final!r}")
        sc = final.get("scores")
        if not (isinstance(sc, list) and len(sc) == 4 and all(_is_int(x) for x in sc)):
            raise _malformed(n, "final.scores", f"expected four whole numbers, got {sc!r}")


def read_games(source: str | Path | Iterable[str]) -> list[list[dict[str, Any]]]:
    """The games of a record (a path or its lines), each a header then its body lines, with
    every header checked (:class:`RecordError` "malformed record: line N, field F: ...").
    Each row keeps its line number under ``"_line"``."""
    games = split_games(_load(source))
    for rows in games:
        _check_header(rows[0])
    return games


def game_from_header(head: dict[str, Any], *, check_invariants: bool = True) -> Game:
    """The game a record's header starts: from its position, or its rule set, options and
    seed. Raises :class:`RecordError` for a header that sets up no game."""
    _check_header(head)
    version = head.get("version")
    if version not in _READABLE:
        raise RecordError(f"record version {version} is not one of "
                          f"{', '.join(map(str, _READABLE))}")
    try:
        if head.get("position") is not None:
            return Game.from_position(head["position"], head["seed"],
                                      max_hands=head.get("max_hands"), names=head.get("names"),
                                      check_invariants=check_invariants)
        rules = get_rule_set(head["rules"], **head.get("options", {}))
        return Game(rules, head["seed"], max_hands=head.get("max_hands"),
                    names=head.get("names"), check_invariants=check_invariants,
                    legacy_windows=version == 1)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"line {head.get('_line', 1)}: bad header ({exc})") from exc


def replay(source: str | Path | Iterable[str]) -> ReplayReport:
    """Replay a record (a path or its lines) and check every event and the final scores.

    A file may hold several games one after another (``simulate --record``); each is replayed
    and the report sums them. Raises :class:`RecordError` if the record cannot be read at all;
    a record that reads but does not replay gives a report with ``ok=False`` and the
    ``problem``.
    """
    games = read_games(source)
    actions = events = 0
    scores: list[int] = []
    finished = True
    for i, rows in enumerate(games, 1):
        report = _replay_game(rows)
        actions += report.actions
        events += report.events
        scores = report.scores
        finished = finished and report.finished
        if not report.ok:
            where = f"game {i} of {len(games)}: " if len(games) > 1 else ""
            problem = report.problem or ""
            if report.malformed and where:
                problem = f"{problem} ({where.rstrip(': ')})"
                where = ""
            return ReplayReport(False, actions, events, scores, where + problem,
                                malformed=report.malformed, finished=False,
                                line=report.line)
    return ReplayReport(True, actions, events, scores, None, len(games), finished=finished)


def _tiles_written(groups: Any) -> list[str] | None:
    """Every tile of a written hand's groups, sorted (None for something else)."""
    if not isinstance(groups, list) or not all(isinstance(g, str) for g in groups):
        return None
    try:
        return sorted(str(t) for g in groups for t in parse_tiles(g.strip("[]()")))
    except NotationError:
        return None


#: a card line's numbers rule written after its pattern (issue 48: a line is always shown
#: with it, ``11a 1111b 1111c DDDa F {any}``; older records have the pattern alone)
_NUMBERS_RULE = re.compile(r" \{[^{}]*\}$")


def _score_unwritten(score: dict[str, Any]) -> dict[str, Any]:
    """``score`` without its written forms: the hand's groups, and an American line's numbers
    rule after its pattern (in the line and in the items' names)."""
    out = {k: v for k, v in score.items() if k not in ("hand", "decomposition")}
    line = out.get("line")
    if isinstance(line, dict) and isinstance(line.get("pattern"), str):
        out["line"] = {**line, "pattern": _NUMBERS_RULE.sub("", line["pattern"])}
    items = out.get("items")
    if isinstance(items, list):
        out["items"] = [{**it, "name": _NUMBERS_RULE.sub("", it["name"])}
                        if isinstance(it, dict) and isinstance(it.get("name"), str) else it
                        for it in items]
    return out


def same_but_written(got: dict[str, Any], recorded: dict[str, Any]) -> bool:
    """True when two ``hand_end`` events differ only in how the winning hand's groups are
    written (``score.hand`` and ``score.decomposition``), with the same groups and the same
    tiles: the written form is display text that a later version may word otherwise (the
    American groups are written as the card writes them since issue 19, ``2m5z2m6m`` where
    older records have ``226m ... 5z``), or in an American line's numbers rule written after
    its pattern (issue 48); the score, the items' ids and points, the line's section and
    number and the payments are still compared exactly."""
    if got.get("type") != "hand_end" or recorded.get("type") != "hand_end":
        return False
    try:
        a, b = got["result"]["score"], recorded["result"]["score"]
    except (KeyError, TypeError):
        return False
    if not isinstance(a, dict) or not isinstance(b, dict):
        return False
    if _score_unwritten(a) != _score_unwritten(b):
        return False
    rest_a = {k: v for k, v in got.items() if k != "result"}
    rest_b = {k: v for k, v in recorded.items() if k != "result"}
    res_a = {k: v for k, v in got["result"].items() if k != "score"}
    res_b = {k: v for k, v in recorded["result"].items() if k != "score"}
    if rest_a != rest_b or res_a != res_b:
        return False
    tiles = _tiles_written(a.get("decomposition"))
    return tiles is not None and tiles == _tiles_written(b.get("decomposition"))


def _replay_game(rows: list[dict[str, Any]]) -> ReplayReport:
    steps = verify_game(rows)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            report: ReplayReport = stop.value
            return report


def verify_game(rows: list[dict[str, Any]], *, check_invariants: bool = True,
                cut: bool = False
                ) -> Generator[tuple[Game, Action, int], None, ReplayReport]:
    """Replay one game of a record (its header then its body lines, as :func:`read_games`
    gives them) and check every recorded event and the final scores: the one check of
    :func:`replay` and ``export-dataset``. Yields ``(game, action, line)`` just before each
    recorded action is applied (the game as the acting player faces it) and returns the
    :class:`ReplayReport` (``ok=False`` and the ``problem``, with its ``line``, at the first
    mismatch; ``finished`` whether the game was played to its end).

    With ``cut``, a record that stops early (no final line: a file cut short) is not a
    mismatch: the lines it has are checked, the events the replay makes after its last line
    are not, and the report says ``finished=False``. Raises :class:`RecordError` for a
    header that sets up no game. The rows are not changed."""
    game = game_from_header(rows[0], check_invariants=check_invariants)
    produced = 0  # events of the replay compared so far
    n_actions = 0
    final: Any = None
    last = int(rows[-1].get("_line", 0))

    def fail(msg: str, line: int | None = None, malformed: bool = False) -> ReplayReport:
        return ReplayReport(False, n_actions, produced, list(game.scores),
                            f"line {line}: {msg}" if line is not None and not malformed
                            else msg, malformed=malformed, finished=False,
                            line=last if line is None else line)

    for row in rows[1:]:
        n = int(row.get("_line", 0))
        try:
            _check_row(row, n)
            action = action_of_row(row["action"], n) if "action" in row else None
        except RecordError as exc:
            return fail(str(exc), n, malformed=True)
        if "event" in row:
            if produced >= len(game.events):
                return fail(f"the record has an event the replay did not produce: "
                            f"{row['event']}", n)
            got = game.events[produced].to_json(full=True)
            if got != row["event"] and not same_but_written(got, row["event"]):
                return fail(f"event differs: recorded {row['event']}, replayed {got}", n)
            produced += 1
        elif "action" in row:
            if produced != len(game.events):
                return fail(f"the replay produced events the record lacks: "
                            f"{game.events[produced].to_json(full=True)}", n)
            assert action is not None
            yield game, action, n
            try:
                game.apply(action)
            except (ValueError, KeyError, TypeError, AttributeError, AssertionError) as exc:
                return fail(f"action {row['action']} cannot be replayed: {exc}", n)
            n_actions += 1
        elif "final" in row:
            final = row["final"]
        else:
            return fail(f"unknown line {({k: v for k, v in row.items() if k != '_line'})}",
                        n)
    if final is None and cut:
        return ReplayReport(True, n_actions, produced, list(game.scores), finished=False,
                            line=last)
    if produced != len(game.events):
        return fail(f"the replay produced events the record lacks: "
                    f"{game.events[produced].to_json(full=True)}")
    if not isinstance(final, dict):
        return fail("the record has no final line (or it is not an object)")
    if final.get("scores") != game.scores:
        return fail(f"final scores differ: recorded {final.get('scores')}, "
                    f"replayed {game.scores}")
    return ReplayReport(True, n_actions, produced, list(game.scores),
                        finished=game.is_over, line=last)
