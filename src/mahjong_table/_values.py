"""Pickling and copying the engine's value classes in every build (issue 44).

The compiled build (mypyc) makes the frozen dataclasses native classes whose ``__new__``
runs their ``__init__``: Python's default pickling and ``copy.deepcopy`` (``cls.__new__(cls)``
then the fields set one by one) fail on them. A vector wrapper deep-copying an environment's
infos (Stable-Baselines3's ``DummyVecEnv``: a view holds actions and melds), a process pool
or Ray handing results back, need both. Each value class defines ``__reduce__`` as
:func:`reduce_value`: the class and its fields in order, which is how its ``__init__`` takes
them. Kept out of the compiled modules (``setup.py``).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

__all__ = ["reduce_value"]

#: class -> its field names in order (read once per class)
_NAMES: dict[type, tuple[str, ...]] = {}


def reduce_value(obj: Any) -> tuple[type, tuple[Any, ...]]:
    """``(type(obj), field values in order)``: the ``__reduce__`` of a frozen dataclass whose
    ``__init__`` takes its fields positionally, in order."""
    cls = type(obj)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(obj))
    return cls, tuple(getattr(obj, n) for n in names)
