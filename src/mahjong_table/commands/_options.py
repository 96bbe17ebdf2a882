"""Rule-set options on the command line: ``--option NAME=VALUE`` (repeatable), shared by the
sub-commands that build a rule set."""

from __future__ import annotations

import argparse
import math
from typing import Any

from ..i18n import _

__all__ = ["add_option_argument", "parse_option_value", "parse_options", "check_writable",
           "coerce_options", "show_value", "options_help", "seed_argument", "seconds_argument"]

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def seed_argument(value: str) -> str:
    """An argparse ``type`` for ``--seed``: any text that is not empty or blank (a seed
    decides every wall, and an empty one is a typing slip, not a choice)."""
    if not value.strip():
        raise argparse.ArgumentTypeError(_("the seed is empty: give some text or a number, "
                                           "e.g. --seed 42"))
    return value


def seconds_argument(value: str) -> float:
    """An argparse ``type`` for a duration such as ``--pace``: a finite number of seconds,
    0 or more."""
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds < 0:
        raise argparse.ArgumentTypeError(_("{value} is not a number of seconds: give 0 or "
                                           "more, e.g. 0.5").format(value=repr(value)))
    return seconds


def show_value(value: Any) -> str:
    """An option's value as the command line writes it: ``true``/``false`` for yes-or-no
    options, otherwise the value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_help() -> str:
    """Every rule set's options and their values, from the rule sets' own declarations
    (``RuleSet.options_spec``): help never names an option that does not exist."""
    from ..rules import RULE_SETS, rule_set_class

    parts = []
    for name in sorted(RULE_SETS):
        spec = rule_set_class(name).options_spec
        shown = []
        for o in spec:
            if o.choices is None:
                shown.append(f"{o.name}=TEXT")
            elif all(isinstance(c, bool) for c in o.choices):
                shown.append(f"{o.name}=true|false")
            elif len(o.choices) > 6:
                shown.append(f"{o.name}={show_value(o.choices[0])}..{show_value(o.choices[-1])}")
            else:
                shown.append(f"{o.name}={'|'.join(show_value(c) for c in o.choices)}")
        parts.append(f"{name}: {', '.join(shown) or _('none')}")
    return "; ".join(parts)


#: stands in the ``--option`` help for :func:`options_help`, filled in when help is shown
_RULE_OPTIONS = "\x00rule-options\x00"


class _RuleOptionsHelp(argparse.HelpFormatter):
    """Fills in the rule sets' options when help is printed, not when the parser is built:
    listing them builds every rule set, which a ``score`` call does not need (issue 25,
    start-up)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        if text is not None and _RULE_OPTIONS in text:
            text = text.replace(_RULE_OPTIONS, options_help().replace("%", "%%"))
        return text


def add_option_argument(p: argparse.ArgumentParser) -> None:
    """Add ``--option NAME=VALUE`` (repeatable) to ``p``; the values land in ``args.option``.
    The help lists the options the rule sets declare (computed when help is shown)."""
    base: Any = p.formatter_class
    if not (isinstance(base, type) and issubclass(base, _RuleOptionsHelp)):
        made: Any = type(f"RuleOptions{base.__name__}", (_RuleOptionsHelp, base), {})
        p.formatter_class = made
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help=_("a rule-set option (repeatable; yes/no, true/false and 1/0 alike; "
                          "docs/rules/ explains them). {options}").format(options=_RULE_OPTIONS))


def parse_option_value(text: str) -> Any:
    """``"true"``/``"false"`` (``yes``/``no``, ``on``/``off``) -> bool, digits -> int,
    otherwise the text. :func:`coerce_options` then reads ``1``/``0`` as yes/no for the
    options that are yes-or-no."""
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``["a=1", "b=false"]`` -> ``{"a": 1, "b": False}``. Raises ``ValueError`` naming a
    pair that is not NAME=VALUE."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValueError(_("option {text} is not NAME=VALUE").format(text=repr(pair)))
        out[name.strip()] = parse_option_value(value.strip())
    return out


def coerce_options(rules_name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` read against the rule set's declarations: a yes-or-no option takes
    ``true/false``, ``yes/no``, ``on/off`` and ``1/0`` alike; a number option takes digits.
    Raises ``ValueError`` naming the option and its allowed values (shown as the command
    line writes them) for a value the option does not take. Unknown rule sets and options
    are left for the rule set to report."""
    from ..rules import RULE_SETS, rule_set_class

    if rules_name not in RULE_SETS:
        return dict(options)
    # the declarations only: building the rule set would load the American practice card
    # even for a --card FILE (issue 25, start-up)
    spec = {o.name: o for o in rule_set_class(rules_name).options_spec}
    out: dict[str, Any] = {}
    for name, value in options.items():
        o = spec.get(name)
        if o is None or o.choices is None:
            out[name] = value
            continue
        if all(isinstance(c, bool) for c in o.choices):
            text = show_value(value).lower()
            if text in _TRUE:
                value = True
            elif text in _FALSE:
                value = False
        elif isinstance(value, bool):
            value = show_value(value)
        if value not in o.choices or type(value) is not type(
                next((c for c in o.choices if c == value), value)):
            allowed = ", ".join(show_value(c) for c in o.choices)
            if all(isinstance(c, bool) for c in o.choices):
                allowed += _(" (or yes, no, 1, 0)")
            raise ValueError(_("option {name}={value} is not allowed for the {rules} rules; "
                               "choose from {allowed}").format(
                name=name, value=show_value(options[name]), rules=rules_name, allowed=allowed))
        out[name] = value
    return out


def check_writable(path: str) -> None:
    """Raise ``ValueError`` if a record cannot be written to ``path`` (checked before a game,
    so that no game is played for a record that would be lost)."""
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise ValueError(_("cannot write the record to {file}: {error}").format(
            file=path, error=exc.strerror)) from exc
