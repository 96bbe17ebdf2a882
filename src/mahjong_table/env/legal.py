"""The read-only legal-action map the environments hand out (issue 44, item 6).

Kept out of the compiled modules (``setup.py``): a ``dict`` subclass stays a Python class.
"""

from __future__ import annotations

from ..engine import Action

__all__ = ["LegalMap"]


class LegalMap(dict[int, Action]):
    """A read-only index -> :class:`~mahjong_table.engine.Action` map (a ``dict``, so it
    pickles and deep-copies, as vector wrappers do with infos): the environment keeps one per
    state and hands it out; changing it raises ``TypeError``."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise TypeError("the legal-action map is read-only (the environment keeps it for "
                        "this state): copy it with dict(m) to change it")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[LegalMap], tuple[dict[int, Action]]]:
        return LegalMap, (dict(self),)

    def __copy__(self) -> LegalMap:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> LegalMap:
        return self  # (its actions are immutable)
