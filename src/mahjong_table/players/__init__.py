"""Players: the Player protocol, bots, and the loop that plays a game.

Bots by name: ``make_bot("random", seed)``, ``make_bot("efficiency", seed)``,
``make_bot("american", seed, rules=rules)`` (the American bot plays the rule set's card),
``make_bot("hard", seed, rules=rules)`` (a level, ``easy``, ``normal`` or ``hard``: the rule
set's bot of that level, :data:`LEVELS`), ``make_bot("cmd:./mybot.sh", seed, rules=rules)``
(a program over the pipe protocol of ``docs/bot-protocol.md``; see :mod:`.pipe_bot`),
``make_bot("botzone:./mcrbot", ...)`` (a
program over Botzone's Chinese Standard Mahjong protocol, MCR tables only; see
:mod:`.botzone_bot`), ``make_bot("py:mybots.policy:Policy", ...)`` (an instance of a Python
class; see :mod:`.py_bot`).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ..i18n import N_
from .base import Player, play_game
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..rules.base import RuleSet

__all__ = ["BOTS", "LEVELS", "PREFIXES", "Player", "RandomBot", "bot_choices", "check_bot_kind",
           "default_bot", "level_bot", "make_bot", "play_game"]

#: bot name -> "module:Class"; each class takes ``(seed, name)``; a class with a true
#: ``wants_card`` attribute also takes ``card=`` (the American card of the game); one with a
#: true ``needs_card`` plays only rule sets with a card
BOTS: dict[str, str] = {
    "random": "mahjong_table.players.random_bot:RandomBot",
    "efficiency": "mahjong_table.players.efficiency_bot:EfficiencyBot",
    "american": "mahjong_table.players.american_bot:AmericanBot",
    # issue 12: values hands by fan, defends, looks ahead over draws (Hong Kong, Chinese)
    "strong": "mahjong_table.players.strong_bot:StrongBot",
    # issue 24: the levels' own bots, and the levels (resolved by the rule set, LEVELS)
    "beginner": "mahjong_table.players.easy_bot:EasyBot",
    "master": "mahjong_table.players.hard_bot:HardBot",
    "american-beginner": "mahjong_table.players.hard_american_bot:EasyAmericanBot",
    "american-master": "mahjong_table.players.hard_american_bot:HardAmericanBot",
    "easy": "level:easy",
    "normal": "level:normal",
    "hard": "level:hard",
}

#: issue 24: a level -> (its bot for the four-sets-and-a-pair rule sets, its bot for a rule
#: set played against a card of lines); :func:`make_bot` picks by the game's rule set
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("beginner", "american-beginner"),
    "normal": ("strong", "american"),
    "hard": ("master", "american-master"),
}

#: one line on each bot, for a lobby's choice (:func:`bot_choices`)
_DESCRIPTIONS: dict[str, str] = {
    "easy": N_("plays like a beginner: no defence, misses claims, now and then a near-best "
               "discard"),
    "normal": N_("a good player: plays for speed and for the hand's value"),
    "hard": N_("reads the table, defends by its own hand, plans the hand's fan"),
    "random": N_("any legal move (for testing)"),
    "efficiency": N_("the fastest hand: fewest tiles from ready, most useful tiles"),
    "american": N_("the normal American bot: plays toward the card's lines"),
    "strong": N_("the normal bot of Hong Kong and Chinese rules"),
    "beginner": N_("the easy bot of Hong Kong and Chinese rules"),
    "master": N_("the hard bot of Hong Kong and Chinese rules"),
    "american-beginner": N_("the easy American bot"),
    "american-master": N_("the hard American bot: defends against others' exposures"),
}


def level_bot(level: str, rules: RuleSet | None = None) -> str:
    """The bot name a level (``easy``, ``normal``, ``hard``: :data:`LEVELS`) plays for
    ``rules``: a rule set with a card of lines (American) takes the level's American bot,
    the others (and ``None``) its Hong Kong and Chinese bot. Raises ``ValueError`` for an
    unknown level."""
    pair = LEVELS.get(level)
    if pair is None:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    return pair[1] if rules is not None and getattr(rules, "card", None) is not None \
        else pair[0]


def bot_choices(rules_name: str | None = None) -> list[tuple[str, str]]:
    """``(name, one-line description)`` of the bots a person may choose, the levels first
    (``easy``, ``normal``, ``hard``). With ``rules_name`` (a rule set's name, e.g.
    ``"american"``, ``"hongkong"``) only the bots that play it are listed. Raises
    ``ValueError`` for an unknown rule set name."""
    card: bool | None = None
    if rules_name is not None:
        from ..rules import get_rule_set

        card = getattr(get_rule_set(rules_name), "card", None) is not None
    card_only = {"american", "american-beginner", "american-master"}
    tiles_only = {"strong", "beginner", "master"}
    out: list[tuple[str, str]] = []
    for name in [*LEVELS, *(k for k in BOTS if k not in LEVELS)]:
        if (card is True and name in tiles_only) or (card is False and name in card_only):
            continue
        out.append((name, _DESCRIPTIONS.get(name, f"the {name} bot")))
    return out


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
    if kind in LEVELS:  # issue 24: a level plays the rule set's bot of that level
        level, kind = kind, level_bot(kind, rules)
        name = name or level.capitalize()
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
