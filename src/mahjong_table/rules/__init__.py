"""Rule sets: plug-ins that the one engine consults (see :class:`base.RuleSet`).

Find one by name with :func:`get_rule_set`.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..i18n import _
from .base import RuleSet, RuleSetError

__all__ = ["RULE_SETS", "RuleSet", "RuleSetError", "get_rule_set", "rule_set_class"]

#: rule-set name -> "module:Class"
RULE_SETS: dict[str, str] = {
    "hongkong": "mahjong_table.rules.hongkong:HongKongRules",
    "chinese": "mahjong_table.rules.chinese:ChineseRules",
    "american": "mahjong_table.rules.american.ruleset:AmericanRules",
}


def get_rule_set(name: str, **options: Any) -> RuleSet:
    """The rule set called ``name`` (``"hongkong"``, ``"chinese"``, ``"american"``), built
    with ``options``.

    Raises :class:`RuleSetError` for an unknown name or option.
    """
    return rule_set_class(name, options)(**options)


def rule_set_class(name: str, options: dict[str, Any] | None = None) -> type[RuleSet]:
    """The class :func:`get_rule_set` builds for ``name`` and ``options`` (none: the
    defaults), not built: its declarations (``options_spec``, ``title``) without what
    building costs (the American rules load their card; issue 25, start-up).

    Raises :class:`RuleSetError` for an unknown name.
    """
    target = RULE_SETS.get(name)
    if target is None:
        raise RuleSetError(_("unknown rule set {name}; known: {known}").format(
            name=repr(name), known=", ".join(sorted(RULE_SETS))))
    module_name, class_name = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise RuleSetError(_("rule set {name} is not available: {error}").format(
            name=repr(name), error=exc)) from exc
    cls: type[RuleSet] = getattr(module, class_name)
    return cls.variant_for({} if options is None else options)
