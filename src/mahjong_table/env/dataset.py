"""Records to learning data: (observation, mask, action, reward) for every decision of every
seat of every game in game records (``mahjong-table export-dataset``, ``docs/env.md``).

Each game is replayed from its record's header and actions and checked as ``replay`` checks
it (``record.verify_game``: every recorded event and the final scores); before each recorded
action the acting player's view and the public history (what the environments see) are
encoded. A game that does not replay, or that did not finish (saved mid-game, or a file cut
short), is refused unless ``allow_unfinished`` takes its finished hands. Output: NumPy
``.npz`` shards (``numpy.load`` reads them; no pickle), each with the arrays

- ``observation``: ``float32 (N, *shape)`` in the chosen encoding;
- ``action_mask``: ``uint8 (N, n)``, 1 at every legal index (:class:`~.encoding.ActionCodec`);
- ``action``: ``int32 (N,)``, the index of the action taken;
- ``reward``: ``float32 (N,)``, the acting seat's payment for the hand of the decision;
- ``final``: ``float32 (N,)``, the acting seat's score at the end of the game;
- ``seat``: ``int8``, ``hand``: ``int16``, ``game``: ``int32`` (N,): who decided, in which
  hand of which game (games numbered from 0 across the records in order; error messages
  name a game by the same number: "game 10, the 11th game of the records");
- ``encoding``, ``rules``: 0-d strings naming the encoding and the rule set.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..record import RecordError, read_games, verify_game
from .encoding import ActionCodec
from .planes import PublicHistory, get_encoding

__all__ = ["DatasetStats", "export_dataset", "iter_decisions", "shard_paths"]


@dataclass
class DatasetStats:
    """What an export wrote: ``games``, ``decisions`` and the shard ``files``."""

    games: int = 0
    decisions: int = 0
    files: list[Path] = field(default_factory=list)


def _nth(n: int) -> str:
    """``1`` -> ``"1st"``, ``11`` -> ``"11th"``, ``22`` -> ``"22nd"``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{({1: 'st', 2: 'nd', 3: 'rd'}).get(n % 10, 'th')}"


def _at(source: str | Path, g: int, line: int, problem: str) -> RecordError:
    """A record error naming the file, the line and the game: ``g`` as in the ``game``
    array (from 0), and its place among the games of the records."""
    if not problem.startswith(("line ", "malformed record: line ")):
        problem = f"line {line}: {problem}"
    return RecordError(f"{source}: {problem} (game {g}, the {_nth(g + 1)} game of the "
                       f"records)")


def iter_decisions(records: Sequence[str | Path], encoding: str, *,
                   allow_unfinished: bool = False) -> Iterator[tuple[str, dict[str, Any]]]:
    """For every game of ``records``: ``("decision", row)`` for each recorded action
    (``row``: observation, action_mask, action, seat, hand, game), then ``("game", info)``
    with ``info["payments"]`` (per finished hand, per seat), ``info["scores"]`` (at the end
    of the game, or of its last finished hand) and ``info["hands"]`` (the finished hands).

    Each game is checked as ``replay`` checks it (:func:`~mahjong_table.record.verify_game`:
    every recorded event and the final scores equal to the replay's) and must have been
    played to its end; with ``allow_unfinished``, a game that stops early (saved mid-game,
    or a file cut short) is taken too, its decisions after its last finished hand left
    out. Raises :class:`~mahjong_table.record.RecordError` for a malformed record, a rule
    set other than the first game's, or a game that does not replay or did not finish,
    naming the file, the line and the game (numbered from 0, as in the ``game`` array).
    Every row of a game is yielded before the game's check ends: a consumer keeps them until
    its ``("game", info)``."""
    g = -1
    rules_key: tuple[str, tuple[tuple[str, Any], ...]] | None = None
    for source in records:
        try:
            games = read_games(source)
        except RecordError as exc:
            raise RecordError(f"{source}: {exc}") from exc
        for rows in games:
            g += 1
            head_line = int(rows[0].get("_line", 1))
            # cut: a record without its final line is reported unfinished (refused below
            # unless allow_unfinished), every line it has checked
            steps = verify_game(rows, check_invariants=False, cut=True)
            try:
                item = next(steps)
            except RecordError as exc:
                raise _at(source, g, head_line, str(exc)) from exc
            except StopIteration as stop:  # a game without actions
                item, report = None, stop.value
            game = item[0] if item is not None else None
            if game is not None:
                key = (game.rules.name, tuple(sorted(game.rules.options.items())))
                if rules_key is None:
                    rules_key = key
                    enc = get_encoding(encoding, game.rules)
                    codec = ActionCodec(game.rules)
                elif key != rules_key:
                    raise _at(source, g, head_line,
                              f"played under {key[0]} {dict(key[1])}, the first game under "
                              f"{rules_key[0]} {dict(rules_key[1])}: one dataset holds one "
                              f"rule set")
            history = PublicHistory()
            while item is not None:
                game, action, line = item
                p = action.player
                view = game.view(p)
                legal = codec.legal_map(view.legal_actions)
                index = codec.encode(action)
                if index not in legal:
                    raise _at(source, g, line, f"action {action.to_json()} is not legal "
                                               f"when replayed")
                history.update(game.events)
                mask = np.zeros(codec.size, dtype=np.uint8)
                mask[list(legal)] = 1
                yield "decision", {"observation": enc.encode(view, history),
                                   "action_mask": mask, "action": index, "seat": p,
                                   "hand": len(game.results), "game": g}
                try:
                    item = next(steps)
                except StopIteration as stop:
                    item, report = None, stop.value
            if not report.ok:
                raise _at(source, g, report.line or head_line, report.problem or "")
            # the hands the record shows finished (every hand when the game finished)
            ends = [e for e in (game.events[:report.events] if game is not None else ())
                    if e.type == "hand_end"]
            if not report.finished and not allow_unfinished:
                cut = "" if any("final" in r for r in rows) else \
                    ", with no final line: a file cut short?"
                raise _at(source, g, report.line or head_line,
                          f"the game did not finish (the record stops in hand {len(ends)}"
                          f"{cut}): only finished games are exported (--allow-unfinished "
                          f"takes the finished hands of such games)")
            scores = list(report.scores)
            if not report.finished:
                scores = list(ends[-1].data["scores"]) if ends else []
            yield "game", {"payments": [list(r.payments) for r in
                                        (game.results[:len(ends)] if game is not None
                                         else [])],
                           "scores": scores, "hands": len(ends),
                           "rules": rules_key[0] if rules_key else "", "encoding": encoding}


def shard_paths(out: Path, shards: int) -> list[Path]:
    """The files of ``shards`` shards written to ``out``: ``out`` itself for one, else
    ``out``'s stem with ``-00000`` ... before ``.npz``."""
    if shards <= 1:
        return [out]
    stem = out.name[:-4] if out.name.endswith(".npz") else out.name
    return [out.with_name(f"{stem}-{i:05d}.npz") for i in range(shards)]


def export_dataset(records: Sequence[str | Path], out: str | Path, *,
                   encoding: str = "planes-v1", shard_size: int = 0,
                   allow_unfinished: bool = False) -> DatasetStats:
    """Write the decisions of ``records`` to ``out`` (``.npz``; with ``shard_size`` > 0,
    shards of at most that many decisions, see :func:`shard_paths`). Returns what was
    written. Raises ``ValueError`` for an unknown encoding or a bad shard size and
    :class:`~mahjong_table.record.RecordError` for a record that does not replay or a game
    that did not finish (with ``allow_unfinished``, such a game's finished hands are
    written: see :func:`iter_decisions`); then nothing is written."""
    if shard_size < 0:
        raise ValueError(f"shard size {shard_size}: 0 (one file) or more")
    out = Path(out)
    stats = DatasetStats()
    pending: list[dict[str, Any]] = []   # decisions of the current game (rewards unknown)
    ready: list[dict[str, Any]] = []     # decisions with rewards, not yet written
    shards: list[dict[str, npt.NDArray[Any]]] = []
    names: dict[str, str] = {}
    written: list[Path] = []
    tmp_index = 0

    def flush(rows: list[dict[str, Any]]) -> None:
        nonlocal tmp_index
        arrays = {
            "observation": np.stack([r["observation"] for r in rows]).astype(np.float32),
            "action_mask": np.stack([r["action_mask"] for r in rows]),
            "action": np.array([r["action"] for r in rows], dtype=np.int32),
            "reward": np.array([r["reward"] for r in rows], dtype=np.float32),
            "final": np.array([r["final"] for r in rows], dtype=np.float32),
            "seat": np.array([r["seat"] for r in rows], dtype=np.int8),
            "hand": np.array([r["hand"] for r in rows], dtype=np.int16),
            "game": np.array([r["game"] for r in rows], dtype=np.int32),
            "encoding": np.array(names["encoding"]),
            "rules": np.array(names["rules"]),
        }
        if shard_size:
            path = out.with_name(f".{out.name}.part{tmp_index:05d}.npz")
            tmp_index += 1
            np.savez_compressed(path, **arrays)  # type: ignore[arg-type]
            written.append(path)
        else:
            shards.append(arrays)

    try:
        for kind, item in iter_decisions(records, encoding,
                                         allow_unfinished=allow_unfinished):
            if kind == "decision":
                pending.append(item)
                continue
            stats.games += 1
            names["encoding"] = item["encoding"]
            names["rules"] = item["rules"]
            pays = item["payments"]
            # an unfinished game (allow_unfinished): its finished hands only
            pending = [r for r in pending if r["hand"] < item["hands"]]
            for r in pending:
                r["reward"] = float(pays[r["hand"]][r["seat"]])
                r["final"] = float(item["scores"][r["seat"]])
            stats.decisions += len(pending)
            ready.extend(pending)
            pending = []
            while shard_size and len(ready) >= shard_size:
                flush(ready[:shard_size])
                ready = ready[shard_size:]
        if stats.decisions == 0:
            raise RecordError("the records hold no decision to export")
        if ready:
            flush(ready)
    except BaseException:
        for path in written:  # the shards of a refused export
            path.unlink(missing_ok=True)
        raise
    if shard_size:
        final = shard_paths(out, len(written))
        for src, dst in zip(written, final, strict=True):
            src.replace(dst)
        stats.files = final
    else:
        whole = {k: (np.concatenate([s[k] for s in shards]) if shards[0][k].ndim else
                     shards[0][k]) for k in shards[0]}
        np.savez_compressed(out, **whole)  # type: ignore[arg-type]
        stats.files = [out]
    return stats
