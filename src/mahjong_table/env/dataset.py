"""Records to learning data: (observation, mask, action, reward) for every decision of every
seat of every game in game records (``mahjong-table export-dataset``, ``docs/env.md``).

Each game is replayed from its record's header and actions (``record.read_games``,
``record.game_from_header``); before each recorded action the acting player's view and the
public history (what the environments see) are encoded. Output: NumPy ``.npz`` shards
(``numpy.load`` reads them; no pickle), each with the arrays

- ``observation``: ``float32 (N, *shape)`` in the chosen encoding;
- ``action_mask``: ``uint8 (N, n)``, 1 at every legal index (:class:`~.encoding.ActionCodec`);
- ``action``: ``int32 (N,)``, the index of the action taken;
- ``reward``: ``float32 (N,)``, the acting seat's payment for the hand of the decision;
- ``final``: ``float32 (N,)``, the acting seat's score at the end of the game;
- ``seat``: ``int8``, ``hand``: ``int16``, ``game``: ``int32`` (N,): who decided, in which
  hand of which game (games numbered across the records in order);
- ``encoding``, ``rules``: 0-d strings naming the encoding and the rule set.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..record import RecordError, action_of_row, game_from_header, read_games
from .encoding import ActionCodec
from .planes import PublicHistory, get_encoding

__all__ = ["DatasetStats", "export_dataset", "iter_decisions", "shard_paths"]


@dataclass
class DatasetStats:
    """What an export wrote: ``games``, ``decisions`` and the shard ``files``."""

    games: int = 0
    decisions: int = 0
    files: list[Path] = field(default_factory=list)


def iter_decisions(records: Sequence[str | Path], encoding: str
                   ) -> Iterator[tuple[str, dict[str, Any]]]:
    """For every game of ``records``: ``("decision", row)`` for each recorded action
    (``row``: observation, action_mask, action, seat, hand, game), then ``("game", info)``
    with ``info["payments"]`` (per hand, per seat) and ``info["scores"]``. Raises
    :class:`~mahjong_table.record.RecordError` for a malformed record, a rule set other
    than the first game's, or an action the replay refuses (naming the file and line)."""
    g = -1
    rules_key: tuple[str, tuple[tuple[str, Any], ...]] | None = None
    for source in records:
        try:
            games = read_games(source)
        except RecordError as exc:
            raise RecordError(f"{source}: {exc}") from exc
        for rows in games:
            g += 1
            try:
                game = game_from_header(rows[0], check_invariants=False)
            except RecordError as exc:
                raise RecordError(f"{source}: line {rows[0].get('_line', 1)}: {exc}") from exc
            key = (game.rules.name, tuple(sorted(game.rules.options.items())))
            if rules_key is None:
                rules_key = key
                enc = get_encoding(encoding, game.rules)
                codec = ActionCodec(game.rules)
            elif key != rules_key:
                raise RecordError(f"{source}: game {g + 1} is played under {key[0]} "
                                  f"{dict(key[1])}, the first game under {rules_key[0]} "
                                  f"{dict(rules_key[1])}: one dataset holds one rule set")
            history = PublicHistory()
            for row in rows[1:]:
                if "action" not in row:
                    continue
                line = row.get("_line", 0)
                try:
                    action = action_of_row(row["action"], line)
                except RecordError as exc:
                    raise RecordError(f"{source}: {exc}") from exc
                p = action.player
                view = game.view(p)
                legal = codec.legal_map(view.legal_actions)
                index = codec.encode(action)
                if index not in legal:
                    raise RecordError(f"{source}: line {line}: action {row['action']} is not "
                                      f"legal when replayed")
                history.update(game.events)
                mask = np.zeros(codec.size, dtype=np.uint8)
                mask[list(legal)] = 1
                yield "decision", {"observation": enc.encode(view, history),
                                   "action_mask": mask, "action": index, "seat": p,
                                   "hand": len(game.results), "game": g}
                try:
                    game.apply(action)
                except ValueError as exc:
                    raise RecordError(f"{source}: line {line}: {exc}") from exc
            yield "game", {"payments": [list(r.payments) for r in game.results],
                           "scores": list(game.scores), "rules": game.rules.name,
                           "encoding": encoding}


def shard_paths(out: Path, shards: int) -> list[Path]:
    """The files of ``shards`` shards written to ``out``: ``out`` itself for one, else
    ``out``'s stem with ``-00000`` ... before ``.npz``."""
    if shards <= 1:
        return [out]
    stem = out.name[:-4] if out.name.endswith(".npz") else out.name
    return [out.with_name(f"{stem}-{i:05d}.npz") for i in range(shards)]


def export_dataset(records: Sequence[str | Path], out: str | Path, *,
                   encoding: str = "planes-v1", shard_size: int = 0) -> DatasetStats:
    """Write the decisions of ``records`` to ``out`` (``.npz``; with ``shard_size`` > 0,
    shards of at most that many decisions, see :func:`shard_paths`). Returns what was
    written. Raises ``ValueError`` for an unknown encoding or a bad shard size and
    :class:`~mahjong_table.record.RecordError` for a record that does not replay."""
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

    for kind, item in iter_decisions(records, encoding):
        if kind == "decision":
            pending.append(item)
            continue
        stats.games += 1
        names["encoding"] = item["encoding"]
        names["rules"] = item["rules"]
        for r in pending:
            pays = item["payments"]
            r["reward"] = float(pays[r["hand"]][r["seat"]]) if r["hand"] < len(pays) else 0.0
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
