"""``mahjong-table play``: one person against three bots, in the terminal.

The person's seat is a :class:`~mahjong_table.players.human.HumanPlayer`; it is shown only
``game.view(seat)`` and the public form of the events (``event.to_json(for_player=seat)``).
The seed is printed at the start so that a game can be played again; ``--record`` writes the
record at the end, or when the person quits.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
from typing import Any, TextIO

from ..engine import Game, IllegalActionError, events_for
from ..players import BOTS, Player, make_bot
from ..players.human import HumanPlayer, QuitGame
from ..record import write_record
from ..rules import RULE_SETS, RuleSetError, get_rule_set
from ._options import add_option_argument, check_writable, parse_options

__all__ = ["add_parser", "run", "run_session"]

_GLYPH_PROBE = "\U0001f004\u2500\u25b6\u2039"


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "play", help="play a game against three bots in the terminal",
        description="Play one seat against three bots. At each decision type a menu number, "
                    "a tile to discard (e.g. 5p), h for help or q to quit.")
    p.add_argument("--rules", choices=sorted(RULE_SETS), default="hongkong",
                   help="rule set (default hongkong)")
    p.add_argument("--seed", default=None,
                   help="seed of the game (default: a random seed, printed at the start)")
    p.add_argument("--rounds", type=int, choices=(1, 2, 3, 4), default=4,
                   help="wind rounds (default 4; 1 is a short game)")
    p.add_argument("--hands", type=int, default=None, metavar="N",
                   help="stop after N hands (default: play the game out)")
    p.add_argument("--bots", default="efficiency,efficiency,efficiency",
                   help=f"the three bots, comma separated, in turn order after you, "
                        f"from: {', '.join(BOTS)} (default efficiency,efficiency,efficiency)")
    p.add_argument("--seat", type=int, choices=(0, 1, 2, 3), default=0,
                   help="your player number 0-3 (default 0); the seat winds are drawn")
    add_option_argument(p)
    p.add_argument("--record", metavar="FILE",
                   help="write the game record to FILE at the end (or when you quit)")
    p.add_argument("--ascii", action="store_true",
                   help="plain ASCII: no tile glyphs or box-drawing characters")
    p.set_defaults(func=run)


def run_session(game: Game, human: HumanPlayer, players: list[Player]) -> Game:
    """Play ``game`` to its end with ``players`` (one per seat, ``human`` among them).

    After every action the new events are narrated to ``human`` in their public form for its
    seat. Raises :class:`QuitGame` if the person quits; the game is then left as it stood.
    """
    seat = human.seat
    seen = 0

    def flush() -> None:
        nonlocal seen
        new = game.events[seen:]
        seen = len(game.events)
        human.notify(events_for(new, seat))

    flush()
    while not game.is_over:
        p = game.to_act()[0]
        action = players[p].choose(game.view(p))
        try:
            game.apply(action)
        except IllegalActionError as exc:
            if p != seat:
                raise
            human.say(f"Not allowed: {exc}")
            continue
        flush()
    return game


def _can_encode(stream: TextIO, text: str) -> bool:
    enc = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(enc)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def run(args: argparse.Namespace, input: TextIO | None = None,
        output: TextIO | None = None) -> int:
    """Run the ``play`` command. ``input``/``output`` default to standard input and output."""
    inp = input if input is not None else sys.stdin
    out = output if output is not None else sys.stdout
    try:
        kinds = [k.strip() for k in str(args.bots).split(",")]
        if len(kinds) != 3:
            raise ValueError(f"--bots needs three bot kinds (one per opponent), "
                             f"got {len(kinds)}: {args.bots!r}")
        for k in kinds:
            if k not in BOTS:
                raise ValueError(f"unknown bot {k!r}; known: {', '.join(BOTS)}")
        if args.hands is not None and args.hands < 1:
            raise ValueError("--hands must be at least 1")
        options = parse_options(args.option)
        options.setdefault("rounds", args.rounds)
        rules = get_rule_set(args.rules, **options)
        if args.record:
            check_writable(args.record)
    except (RuleSetError, ValueError) as exc:
        print(f"mahjong-table play: {exc}", file=sys.stderr)
        return 2
    seed = str(args.seed) if args.seed is not None else str(random.SystemRandom().randrange(
        1, 1_000_000))
    seat = int(args.seat)
    names: list[str] = []
    others = iter(kinds)
    for p in range(4):
        names.append("You" if p == seat else f"{next(others).capitalize()} {p}")
    players: list[Player] = []
    try:
        bot_kind = iter(kinds)
        for p in range(4):
            if p == seat:
                continue
            players.append(make_bot(next(bot_kind), f"{seed}/{p}", names[p]))
    except ImportError as exc:
        print(f"mahjong-table play: a bot is not available ({exc}); "
              f"try --bots random,random,random", file=sys.stderr)
        return 2
    ascii_only = bool(args.ascii) or not _can_encode(out, _GLYPH_PROBE)
    width = 80
    if out is sys.stdout and out.isatty():
        width = max(72, min(shutil.get_terminal_size().columns, 110))
    human = HumanPlayer(inp, out, seat=seat, names=names, ascii=ascii_only, width=width,
                        allow_false_mahjong=rules.options.get("false_mahjong") == "penalise")
    players.insert(seat, human)
    game = Game(rules, seed, max_hands=args.hands, names=names)
    length = f"{args.rounds} round{'s' if args.rounds > 1 else ''}"
    if args.hands is not None:
        length += f", at most {args.hands} hand{'s' if args.hands > 1 else ''}"
    title = {"hongkong": "Hong Kong", "chinese": "Chinese"}.get(rules.name, rules.name)
    human.say(f"mahjong-table play: {title} rules, {length}. Seed {seed} "
              f"(play this game again with --seed {seed}).")
    human.say(f"You are player {seat}, against "
              f"{', '.join(names[p] for p in range(4) if p != seat)}. Type h for help.")
    status = 0
    quit_reason: str | None = None
    try:
        run_session(game, human, players)
    except QuitGame as exc:
        quit_reason = exc.reason
    except KeyboardInterrupt:
        quit_reason = "interrupted"
        status = 130
    if quit_reason is not None:
        human.say()
        human.say(f"Game stopped ({quit_reason}) after {len(game.results)} finished "
                  f"hand(s). Scores so far:")
        human.show_standings(game.scores)
        human.say(f"Seed {seed}: play the same deal again with --seed {seed}.")
    if args.record:
        try:
            with open(args.record, "w", encoding="utf-8") as fh:
                write_record(game, fh)
        except OSError as exc:
            print(f"mahjong-table play: cannot write the record: {exc}", file=sys.stderr)
            return 1
        human.say(f"Record written to {args.record} "
                  f"(check it with: mahjong-table replay {args.record}).")
    return status
