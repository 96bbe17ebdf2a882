"""Players: the Player protocol, bots, and the loop that plays a game.

Bots by name: ``make_bot("random", seed)``, ``make_bot("efficiency", seed)``,
``make_bot("american", seed, rules=rules)`` (the American bot plays the rule set's card),
``make_bot("cmd:./mybot.sh", seed, rules=rules)`` (a program over the pipe protocol of
``docs/bot-protocol.md``; see :mod:`.pipe_bot`), ``make_bot("botzone:./mcrbot", ...)`` (a
program over Botzone's Chinese Standard Mahjong protocol, MCR tables only; see
:mod:`.botzone_bot`), ``make_bot("py:mybots.policy:Policy", ...)`` (an instance of a Python
class; see :mod:`.py_bot`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .base import Player, play_game
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["BOTS", "PREFIXES", "Player", "RandomBot", "check_bot_kind", "default_bot", "make_bot",
           "play_game"]

#: bot name -> "module:Class"; each class takes ``(seed, name)``; a class with a true
#: ``wants_card`` attribute also takes ``card=`` (the American card of the game); one with a
#: true ``needs_card`` plays only rule sets with a card
BOTS: dict[str, str] = {
    "random": "mahjong_table.players.random_bot:RandomBot",
    "efficiency": "mahjong_table.players.efficiency_bot:EfficiencyBot",
    "american": "mahjong_table.players.american_bot:AmericanBot",
    # issue 12: values hands by fan, defends, looks ahead over draws (Hong Kong, Chinese)
    "strong": "mahjong_table.players.strong_bot:StrongBot",
}


#: the prefixes of bots that are not built in
PREFIXES = ("cmd:", "botzone:", "py:")


def check_bot_kind(kind: str) -> None:
    """Raise ``ValueError`` naming the problem unless ``kind`` is a bot of :data:`BOTS`,
    ``cmd:COMMAND`` (a program over the pipe protocol, ``docs/bot-protocol.md``),
    ``botzone:COMMAND`` (a program over Botzone's Chinese Standard Mahjong protocol) or
    ``py:MODULE:CLASS`` (a Python class). A ``py:`` class is loaded and checked."""
    if kind.startswith(("cmd:", "botzone:")):
        prefix = kind.split(":", 1)[0]
        if not kind[len(prefix) + 1:].strip():
            raise ValueError(f"{prefix}: needs a command to run ({prefix}:PATH or "
                             f"{prefix}:\"python bot.py\")")
        return
    if kind.startswith("py:"):
        from .py_bot import load_class

        load_class(kind[3:])
        return
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}, cmd:COMMAND, "
                         f"botzone:COMMAND or py:MODULE:CLASS")


def default_bot(rules: RuleSet) -> str:
    """The bot that plays ``rules`` best: ``"american"`` for a rule set played against a
    card (American, 001 Part one), ``"efficiency"`` for the four-sets-and-a-pair rule sets."""
    return "american" if getattr(rules, "card", None) is not None else "efficiency"


def make_bot(kind: str, seed: int | str = 0, name: str | None = None, *,
             rules: RuleSet | None = None) -> Player:
    """A bot of ``kind`` (see :data:`BOTS`), seeded. ``rules``: the game's rule set, for
    bots that read it (the American bot plays its ``card``). Raises ``ValueError`` for an
    unknown kind."""
    if kind.startswith("cmd:"):  # a program speaking docs/bot-protocol.md (issue 12)
        from .pipe_bot import PipeBot

        return PipeBot(kind[4:], seed, name, rules=rules)
    if kind.startswith("botzone:"):  # Botzone's Chinese Standard Mahjong (issue 26)
        from .botzone_bot import BotzoneBot

        return BotzoneBot(kind[8:], seed, name, rules=rules)
    if kind.startswith("py:"):  # a Python class (issue 26)
        from .py_bot import PyBot

        return PyBot(kind[3:], seed, name, rules=rules)
    target = BOTS.get(kind)
    if target is None:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOTS)}, cmd:COMMAND, "
                         f"botzone:COMMAND or py:MODULE:CLASS")
    module_name, cls_name = target.split(":")
    cls = getattr(importlib.import_module(module_name), cls_name)
    card = getattr(rules, "card", None) if rules is not None else None
    if rules is not None and card is None and getattr(cls, "needs_card", False):
        raise ValueError(f"the {kind} bot plays a card of lines (American rules); the "
                         f"{rules.title} rules have none: choose from "
                         f"{', '.join(k for k in BOTS if k != kind)}")
    kwargs: dict[str, object] = {}
    if card is not None and getattr(cls, "wants_card", False):
        kwargs["card"] = card
    if rules is not None and getattr(cls, "wants_rules", False):  # its rule set's scorer
        kwargs["rules"] = rules
    bot: Player = cls(seed, name or kind.capitalize(), **kwargs)
    return bot
