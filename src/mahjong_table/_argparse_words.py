"""argparse's own words in the language in force (issue 23): ``usage:``, ``options``,
``positional arguments``, ``show this help message and exit`` and its error messages.

argparse words these through the names ``_`` and ``ngettext`` it imports from the standard
library's :mod:`gettext` (``from gettext import gettext as _, ngettext`` at the top of
``argparse.py``): those read gettext's *global* domain and the locale's environment variables,
not ``--lang``, and know nothing of our catalogue. :func:`route_argparse` rebinds exactly those
two names of the :mod:`argparse` module to :mod:`mahjong_table.i18n`'s ``_`` and ``ngettext``,
so argparse's messages go through our catalogue in the language ``--lang`` (or the locale)
chose, per context as everything else (:func:`~mahjong_table.i18n.use_language`). In English
the catalogue gives every message back unchanged, so the output is byte for byte what argparse
prints by itself; argparse's messages nobody translates are also given back unchanged.

The messages are argparse's own (Python 3.11+), listed here with ``N_`` so that the extractor
puts them in the catalogue; their ``%`` placeholders are argparse's (it formats them with
``%``) and the translation keeps them exactly. Changing the rebinding of a library's module
names is done once, at start (:func:`mahjong_table.cli.build_parser`), and is idempotent.
"""

from __future__ import annotations

import argparse

from .i18n import N_, _, ngettext

__all__ = ["ARGPARSE_MESSAGES", "route_argparse"]

#: argparse's messages a person may see (help, usage, the common errors)
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("unexpected option string: %s"),
)


def _plural_messages(n: int) -> tuple[str, ...]:
    """argparse's plural messages (never called: listed for the extractor)."""
    return (ngettext("expected %s argument", "expected %s arguments", n),)


def route_argparse() -> None:
    """Make argparse word its messages through our catalogue (see the module's text)."""
    module = vars(argparse)
    module["_"] = _
    module["ngettext"] = ngettext
