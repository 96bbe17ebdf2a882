"""``mahjong-table play``: one person against three bots, in the terminal.

The person's seat is a :class:`~mahjong_table.tui.line.HumanPlayer`; it is shown only
``game.view(seat)`` and the public form of the events (``event.to_json(for_player=seat)``).
A seed given with ``--seed`` is printed at the start, a random one only when the game ends (it
decides every wall), so that a game can be played again; ``--record`` writes the record at the
end, or when the person quits. Ctrl-C, the end of the input (a piped game) and a closed output
never lose a game: it is saved to ``--record`` or the default file and standard error says so.

The game's length on the command line, the same for ``play`` and ``simulate``
(:func:`rules_from_args`): ``--rounds R`` is the number of wind rounds of the rule sets that
have rounds (Hong Kong, Chinese); ``--hands N`` ends a game after N hands - a Hong Kong or
Chinese game stops there if it is not over sooner, and an American game, which is a fixed
number of hands (the option ``hands``, default 4: each player deals once, 001 Part one 01),
is N hands. ``--card FILE`` (American only) is the option ``card``.
"""

from __future__ import annotations

import argparse
import io
import os
import secrets
import shutil
import signal
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any, TextIO

from ..engine import Game, IllegalActionError, events_for
from ..i18n import N_, _, ngettext
from ..players import BOTS, Player, check_bot_kind, default_bot
from ..record import RecordError
from ..rules import RULE_SETS, RuleSet, RuleSetError, get_rule_set
from ..tui import available as tui_available
from ..tui import encoding_problem
from ..tui.line import (
    END_OF_INPUT,
    HumanPlayer,
    QuitGame,
    UndoRequest,
    player_name,
    rules_title,
)
from ..tui.session import PRACTICE_OPTIONS, ResumeError, TableSession, TableSetup
from ._options import (
    add_option_argument,
    check_writable,
    coerce_options,
    parse_options,
    seconds_argument,
    seed_argument,
)
from ._position import read_position

__all__ = ["add_parser", "add_length_arguments", "game_length", "rules_from_args", "run",
           "run_session", "scores_by_player"]



def add_length_arguments(p: argparse.ArgumentParser, hands_help: str) -> None:
    """``--rounds``, ``--hands`` and ``--card``, shared by ``play`` and ``simulate``."""
    p.add_argument("--rounds", type=int, choices=(1, 2, 3, 4), default=None,
                   help=_("wind rounds, for the rule sets that have rounds (Hong Kong, "
                          "Chinese; default 4; 1 is a short game)"))
    p.add_argument("--hands", type=int, default=None, metavar="N", help=hands_help)
    p.add_argument("--card", metavar="FILE", default=None,
                   help=_("American only: the card of lines, 'practice' (default) or a card "
                          "file (docs/american-card.md); the option card=FILE"))


def _set_option(options: dict[str, Any], name: str, value: Any, flag: str) -> None:
    if name in options and options[name] != value:
        raise ValueError(_("{flag} and --option {name}={value} disagree").format(
            flag=flag, name=name, value=options[name]))
    options[name] = value


def rules_from_args(args: argparse.Namespace) -> tuple[RuleSet, int | None]:
    """The rule set named by ``--rules`` with ``--option``, ``--rounds``, ``--card`` and
    ``--hands`` applied, and the most hands a game may last (``Game(max_hands=...)``).

    ``--rounds`` is set only for a rule set that declares the option ``rounds``;
    ``--card FILE`` only for one that declares ``card`` (American); ``--hands N`` is the
    option ``hands`` where declared (an American game is that many hands), otherwise the
    limit on the hands of a game. Raises ``ValueError`` or :class:`RuleSetError` with a
    message for the user (a flag the rule set does not have, a bad value).
    """
    rules_name = args.rules or "hongkong"
    options = coerce_options(rules_name, parse_options(args.option))
    declared = {o.name for o in get_rule_set(rules_name).options_spec}
    title = rules_title(rules_name)
    if args.hands is not None and args.hands < 1:
        raise ValueError(_("--hands must be at least 1"))
    if args.rounds is not None:
        if "rounds" not in declared:
            raise ValueError(_("--rounds: {title} play has no wind rounds; a game is "
                               "--hands N hands").format(title=title))
        _set_option(options, "rounds", args.rounds, "--rounds")
    if args.card is not None:
        if "card" not in declared:
            raise ValueError(_("--card is for American play only (--rules american): "
                               "{title} play uses no card").format(title=title))
        _set_option(options, "card", args.card, "--card")
    max_hands = args.hands
    if args.hands is not None and "hands" in declared:
        _set_option(options, "hands", args.hands, "--hands")
        max_hands = None
    return get_rule_set(rules_name, **options), max_hands


def game_length(rules: RuleSet, max_hands: int | None) -> str:
    """``"4 rounds, at most 8 hands"``, ``"4 hands"``: the length of a game, in words."""
    if "hands" in rules.options:
        n = int(rules.options["hands"])
        return ngettext("{n} hand", "{n} hands", n).format(n=n)
    rounds = int(rules.options.get("rounds", 4))
    length = ngettext("{n} round", "{n} rounds", rounds).format(n=rounds)
    if max_hands is not None:
        length += ngettext(", at most {n} hand", ", at most {n} hands", max_hands).format(
            n=max_hands)
    return length

_GLYPH_PROBE = "\U0001f004\u2500\u25b6\u2039"


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "play", help=_("play a game against three bots in the terminal"),
        description=_("Play one seat against three bots. At each decision type a menu "
                      "number, a tile to discard (e.g. 5p), h for help or q to quit."))
    p.add_argument("--rules", choices=sorted(RULE_SETS), default=None,
                   help=_("rule set (default hongkong)"))
    p.add_argument("--seed", type=seed_argument, default=None,
                   help=_("seed of the game (default: a random seed, shown when the game "
                          "ends)"))
    add_length_arguments(p, _("stop after N hands (default: play the game out); an American "
                              "game is N hands (default 4: each player deals once)"))
    p.add_argument("--bots", default=None,
                   help=_("the three bots, comma separated, in turn order after you, "
                          "from: {bots}, cmd:COMMAND (a program speaking "
                          "docs/bot-protocol.md), botzone:COMMAND (a Botzone Chinese Standard "
                          "Mahjong program, MCR only) or py:MODULE:CLASS (a Python class) "
                          "(default: three american bots for "
                          "--rules american, otherwise three efficiency bots)").format(
                              bots=', '.join(BOTS)))
    p.add_argument("--seat", type=int, choices=(0, 1, 2, 3), default=0,
                   help=_("your player number 0-3 (default 0); the seat winds are drawn"))
    add_option_argument(p)
    p.add_argument("--position", metavar="TEXT|FILE",
                   help=_("play on from a position (text, or a file; docs/ARCHITECTURE.md "
                          "'Positions'): its rule set and options replace --rules and "
                          "--option"))
    p.add_argument("--record", metavar="FILE",
                   help=_("write the game record to FILE at the end (or when you quit)"))
    p.add_argument("--ascii", action="store_true",
                   help=_("plain ASCII: no tile glyphs or box-drawing characters"))
    p.add_argument("--plain", action="store_true",
                   help=_("the line interface (for screen readers and pipes) instead of the "
                          "full-screen table; used anyway when input or output is no "
                          "terminal"))
    p.add_argument("--resume", metavar="FILE",
                   help=_("resume the game saved in FILE (a record written by play), the "
                          "bots playing on exactly as they would have"))
    p.add_argument("--pace", type=seconds_argument, default=0.6, metavar="SECONDS",
                   help=_("full-screen table: seconds between the bots' moves (default 0.6; "
                          "while playing + makes the bots faster, - slower)"))
    p.add_argument("--theme", choices=("colour", "mono"), default="colour",
                   help=_("full-screen table: tiles coloured by suit, or no colour at all"))
    p.add_argument("--practice", action="append", default=[], choices=PRACTICE_OPTIONS,
                   help=_("a practice option, off by default: undo (take back your last "
                          "decision; games against bots only)"))
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
            human.say(_("Not allowed: {error}").format(error=exc))
            continue
        flush()
    return game


def _play_plain(session: TableSession, human: HumanPlayer) -> None:
    """The line interface's loop over a :class:`TableSession`: narrate, let the bots play,
    ask the person; ``u`` (practice option undo) takes back the person's last decision.
    Raises :class:`QuitGame` if the person quits."""
    seat = session.seat
    seen = len(session.game.events)
    human.notify([])
    while not session.game.is_over:
        if not session.human_to_act():
            session.step_bot()
        else:
            try:
                action = human.choose(session.game.view(seat))
                session.apply_human(action)
            except UndoRequest:
                if session.undo():
                    human.say(_("Your last decision is taken back."))
                    seen = _catch_up(session, human)
                    continue
                human.say(_("Nothing to take back."))
                continue
            except IllegalActionError as exc:
                human.say(_("Not allowed: {error}").format(error=exc))
                continue
        new = session.game.events[seen:]
        seen = len(session.game.events)
        human.notify(events_for(new, seat))


def _catch_up(session: TableSession, human: HumanPlayer) -> int:
    """Tell ``human`` (silently) everything its seat was shown so far: a resumed or undone
    game's narration state. Returns the number of events told."""
    out, inp = human.output, human.input
    human.output, human.input = io.StringIO(), io.StringIO("")
    try:
        human.notify(events_for(session.game.events, session.seat))
    finally:
        human.output, human.input = out, inp
    return len(session.game.events)


def _default_save(seed: str, seed_known: bool) -> str:
    """The file a game is saved to unless told otherwise: named by its seed when the player
    chose it, else by the time (a random seed is not shown before the game ends)."""
    if seed_known:
        return f"mahjong-{seed}.jsonl"
    return f"mahjong-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"


def _can_encode(stream: TextIO, text: str) -> bool:
    enc = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(enc)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _setup_from_args(args: argparse.Namespace) -> TableSetup:
    """The new game the options describe. Raises ``ValueError`` or :class:`RuleSetError`
    with a message for the user."""
    if args.bots is not None:
        kinds = [k.strip() for k in str(args.bots).split(",")]
        if len(kinds) != 3:
            raise ValueError(_("--bots needs three bot kinds (one per opponent), got {n}: "
                               "{bots}").format(n=len(kinds), bots=repr(args.bots)))
        for k in kinds:
            check_bot_kind(k)
    position_text = None
    if args.position is not None:
        position_text, pos = read_position(args.position)
        rules = get_rule_set(pos.rules, **pos.options)
        max_hands = args.hands
        Game.from_position(position_text, 0)  # a bad position is reported before play
    else:
        rules, max_hands = rules_from_args(args)
    if args.bots is None:
        kinds = [default_bot(rules)] * 3
    # a random seed is long enough that nobody can find it from their own deal (the seed
    # decides every wall), and it is shown only when the game ends
    seed = str(args.seed) if args.seed is not None else secrets.token_hex(8)
    return TableSetup(rules, seed, int(args.seat), tuple(kinds), max_hands, position_text,
                      tuple(args.practice or ()))


def _use_tui(args: argparse.Namespace, input: TextIO | None, output: TextIO | None) -> bool:
    """The full-screen table opens on an interactive terminal unless ``--plain``."""
    if args.plain or input is not None or output is not None:
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def run(args: argparse.Namespace, input: TextIO | None = None,
        output: TextIO | None = None) -> int:
    """Run the ``play`` command. ``input``/``output`` default to standard input and output;
    on an interactive terminal (and without ``--plain``) the full-screen table opens."""
    inp = input if input is not None else sys.stdin
    out = output if output is not None else sys.stdout
    if args.resume is not None:
        given = [flag for flag, value in (
            ("--rules", args.rules), ("--seed", args.seed), ("--bots", args.bots),
            ("--position", args.position), ("--rounds", args.rounds), ("--hands", args.hands),
            ("--card", args.card), ("--option", args.option or None)) if value is not None]
        if given:
            print("mahjong-table play: " + _("--resume plays the saved game on with its own "
                                             "rules, options, seed and bots; leave out "
                                             "{flags}").format(flags=', '.join(given)),
                  file=sys.stderr)
            return 2
    try:
        if args.record:
            check_writable(args.record)
        if args.resume is not None:
            session = TableSession.load(args.resume)
        else:
            session = TableSession(_setup_from_args(args))
    except ImportError as exc:
        print("mahjong-table play: " + _("a bot is not available ({error}); try --bots "
                                         "random,random,random").format(error=exc),
              file=sys.stderr)
        return 2
    except OSError as exc:
        print("mahjong-table play: " + _("cannot read {file}: {error}").format(
            file=args.resume, error=exc.strerror or exc),
              file=sys.stderr)
        return 2
    except (RuleSetError, RecordError, ResumeError, ValueError) as exc:
        print(f"mahjong-table play: {exc}", file=sys.stderr)
        return 2
    seed = session.setup.seed
    save_path = args.record or args.resume or _default_save(seed, args.seed is not None)
    previous = _on_hangup(session, save_path)
    try:
        if _use_tui(args, input, output):
            # Textual draws on standard error; both must take the table's characters
            problem = encoding_problem(sys.stdout, sys.__stderr__)
            if not tui_available():
                print("mahjong-table play: " + _("the full-screen table needs Textual (pip "
                                                 "install 'mahjong-table[tui]'); playing in "
                                                 "the line interface."), file=sys.stderr)
            elif problem is not None:
                print("mahjong-table play: " + _("{problem}: the line interface instead, "
                                                 "tiles as text.").format(problem=problem),
                      file=sys.stderr)
            else:
                return _run_tui(args, session, save_path)
        return _run_plain(args, session, inp, out, save_path)
    finally:
        if previous is not None:
            signal.signal(signal.SIGHUP, previous)
        session.close()


def _on_hangup(session: TableSession, save_path: str) -> Any:
    """A closed terminal (SIGHUP: the window or the tmux session closed) saves the game as
    Ctrl-C does, then ends the program: the terminal is gone, so nothing more can be shown
    (the full-screen table's loop would swallow an exception raised here). Returns the
    handler it replaced (None where there is no SIGHUP, or off the main thread, where no
    handler can be set)."""
    if not hasattr(signal, "SIGHUP") or threading.current_thread() is not \
            threading.main_thread():
        return None

    def hangup(_signum: int, _frame: Any) -> None:
        try:
            session.save(save_path)
            print("mahjong-table play: " + _("the terminal closed: the game is saved to "
                                             "{file}").format(file=save_path),
                  file=sys.stderr)
        except Exception:
            pass
        os._exit(129)

    return signal.signal(signal.SIGHUP, hangup)


def _run_tui(args: argparse.Namespace, session: TableSession, save_path: str) -> int:
    from ..tui.app import TableApp

    app = TableApp(session, pace=max(float(args.pace), 0.0), save_path=save_path,
                   card=getattr(session.setup.rules, "card", None), theme_name=args.theme,
                   glyphs=not args.ascii)
    try:
        status = app.run()
    except KeyboardInterrupt:
        app.save(save_path)
        status = 130
    if app.saved_to is None and (status == 130 or (args.record and session.game.is_over)):
        app.save(save_path)
    elif args.record and app.saved_to != args.record:
        app.save(args.record)
    seed = session.setup.seed
    print("mahjong-table play: " + _("seed {seed}; {n} hand(s) played; scores: {scores}.")
          .format(seed=seed, n=len(session.game.results),
                  scores=scores_by_player(session.game.names, session.game.scores,
                                          session.seat)))
    if app.saved_to is not None and not session.game.is_over:
        print(_("Saved to {file}: resume with mahjong-table play --resume {file}").format(
            file=app.saved_to))
    elif app.saved_to is not None:
        print(_("Record written to {file} (check it with: mahjong-table replay {file}).")
              .format(file=app.saved_to))
    return int(status or 0)


def scores_by_player(names: Sequence[str], scores: Sequence[int], seat: int) -> str:
    """Each player's name, player number and score, in player order:
    ``"You (player 0) -4, Efficiency 1 (player 1) +0, ..."``; ``seat`` is marked "you"
    when its name does not say so."""
    parts = []
    for p, (name, score) in enumerate(zip(names, scores, strict=True)):
        who = (_("player {p}, you") if p == seat and name != "You"
               else _("player {p}")).format(p=p)
        parts.append(f"{player_name(name)} ({who}) {score:+d}")
    return ", ".join(parts)


def _run_plain(args: argparse.Namespace, session: TableSession, inp: TextIO, out: TextIO,
               save_path: str) -> int:
    setup = session.setup
    rules = setup.rules
    seed = setup.seed
    seat = setup.seat
    names = list(session.game.names)
    ascii_only = bool(args.ascii) or not _can_encode(out, _GLYPH_PROBE)
    reconfigure = getattr(out, "reconfigure", None)
    if not _can_encode(out, _("That game is over. Final scores:")) and \
            callable(reconfigure):
        # a language with letters the terminal's encoding lacks (Italian on an ASCII
        # terminal): shown as "?" rather than stopping the game
        reconfigure(errors="replace")
    width = 80
    if out is sys.stdout and out.isatty():
        width = max(72, min(shutil.get_terminal_size().columns, 110))
    false_mode = rules.options.get("false_mahjong")
    warning = None
    if false_mode == "dead":
        warning = _("Your hand does not win. A false Mahjong makes your hand dead: you are "
                    "out of play until the next hand and still pay the winner (001 Part one "
                    "'Dead hands'). Declare it anyway? (y/n): ")
    human = HumanPlayer(inp, out, seat=seat, names=names, ascii=ascii_only, width=width,
                        allow_false_mahjong=false_mode in ("penalise", "dead"),
                        false_mahjong_warning=warning, card=getattr(rules, "card", None),
                        undo=session.undo_allowed, tile_set=rules.tile_set,
                        rules=rules)
    length = game_length(rules, session.game.max_hands)
    title = rules_title(rules.name)
    card = getattr(rules, "card", None)
    if card is not None:
        from ..rules.american.card import card_text

        length += _(", card: {name}").format(name=card_text(card.name))
    if args.resume is not None:
        _catch_up(session, human)
        done = len(session.game.results)
        human.say("mahjong-table play: " + ngettext(
            "resumed {file}: {title} rules, {length}, seed {seed}, after {n} finished hand(s).",
            "resumed {file}: {title} rules, {length}, seed {seed}, after {n} finished hand(s).",
            done).format(
            file=args.resume, title=title, length=length, seed=seed,
            n=len(session.game.results)))
        if session.game.is_over:
            human.say(_("That game is over. Final scores:"))
            human.show_standings(session.game.scores)
            return 0
    else:
        shown = (_("Seed {seed} (play this game again with --seed {seed}).").format(seed=seed)
                 if args.seed is not None else
                 _("A random seed, shown when the game ends (it decides every wall)."))
        human.say("mahjong-table play: " + _("{title} rules, {length}. {seed}").format(
            title=title, length=length, seed=shown))
    human.say(_("You are player {seat}, against {others}. Type h for help, i for a hint.")
              .format(seat=seat,
                      others=', '.join(player_name(names[p]) for p in range(4) if p != seat)))
    status = 0
    quit_reason: str | None = None
    try:
        if args.resume is None:
            human.notify(events_for(session.game.events, seat))
        _play_plain(session, human)
    except QuitGame as exc:
        quit_reason = exc.reason
    except KeyboardInterrupt:
        quit_reason = INTERRUPTED
        status = 130
    except BrokenPipeError:
        # the output went away (`... | head`): the game is saved as on Ctrl-C, then the
        # command stops quietly (cli.main)
        _save_on_stream_end(session, args.record or save_path, _("the output was closed"))
        raise
    target: str | None = args.record
    if quit_reason in _STREAM_ENDS:
        # Ctrl-C and the end of input never lose a game: it is saved as on Ctrl-C and said
        # on standard error, before anything else is written (the output may be gone too)
        target = target or save_path
        if not _save_on_stream_end(session, target, _(_STREAM_ENDS[quit_reason])):
            return 1
    elif target and not _save(session, target):
        return 1
    if quit_reason is not None:
        human.say()
        done = len(session.game.results)
        human.say(ngettext("Game stopped ({reason}) after {n} finished hand(s). Scores so far:",
                           "Game stopped ({reason}) after {n} finished hand(s). Scores so far:",
                           done)
                  .format(reason=_(_QUIT_REASONS.get(quit_reason, quit_reason)),
                          n=len(session.game.results)))
        human.show_standings(session.game.scores)
        human.say(_("Seed {seed}: play the same deal again with --seed {seed}.").format(
            seed=seed))
    elif session.game.is_over:
        human.say(_("Seed {seed}: play this game again with --seed {seed}.").format(seed=seed))
    if quit_reason == "quit" and target is None:
        target, ended = _offer_save(human, save_path)
        if ended is not None:
            if not _save_on_stream_end(session, save_path, _(_STREAM_ENDS[ended])):
                return 1
        elif target and not _save(session, target):
            return 1
    if target:
        if session.game.is_over:
            human.say(_("Record written to {file} (check it with: mahjong-table replay "
                        "{file}).").format(file=target))
        else:
            human.say(_("Record written to {file} (check it with: mahjong-table replay "
                        "{file}; resume the game with: mahjong-table play --resume {file}).")
                      .format(file=target))
    return status


#: the reason play gives Ctrl-C (QuitGame gives the end of input, END_OF_INPUT)
INTERRUPTED = "interrupted"
#: the ways a game stops without the person choosing to, each saved as Ctrl-C saves: the
#: reason and how standard error words it
_STREAM_ENDS = {INTERRUPTED: N_("interrupted (Ctrl-C)"),
                END_OF_INPUT: N_("standard input ended")}
#: the reasons a game stopped, as "Game stopped (...)" words them
_QUIT_REASONS = {"quit": N_("quit"), INTERRUPTED: N_("interrupted"),
                 END_OF_INPUT: N_("end of input")}


def _save(session: TableSession, target: str) -> bool:
    """Write the game's record to ``target``; False (after saying why) if it cannot be."""
    try:
        session.save(target)
    except OSError as exc:
        print("mahjong-table play: " + _("cannot write the record: {error}").format(error=exc),
              file=sys.stderr)
        return False
    return True


def _save_on_stream_end(session: TableSession, target: str, why: str) -> bool:
    """Save the game to ``target`` because it stopped unasked (``why``: Ctrl-C, the end of
    input, the output closed) and say so on standard error, where it is seen even when the
    output is piped away. Returns False (after saying why) if the file cannot be written."""
    try:
        session.save(target)
    except OSError as exc:
        print("mahjong-table play: " + _("{why}; cannot write the record {file}: {error}")
              .format(why=why, file=target, error=exc), file=sys.stderr)
        return False
    if session.game.is_over:
        said = _("{why}: the game is saved to {file}").format(why=why, file=target)
    else:
        said = _("{why}: the game is saved to {file}; resume it with: mahjong-table play "
                 "--resume {file}").format(why=why, file=target)
    print("mahjong-table play: " + said, file=sys.stderr)
    return True


def _offer_save(human: HumanPlayer, default: str) -> tuple[str | None, str | None]:
    """Quitting offers to save: a file name, Enter for ``default``, n for no. Returns the
    file (None: not saved) and, when Ctrl-C or the end of input came at the question, its
    reason (:data:`INTERRUPTED`, :data:`END_OF_INPUT`): the game is then saved to
    ``default``, as they save it during play."""
    try:
        answer = human.ask_line(_("Save the game to resume it later? File name (Enter: "
                                  "{file}; n: do not save): ").format(file=default))
    except KeyboardInterrupt:
        return default, INTERRUPTED
    if answer is None:
        return default, END_OF_INPUT
    if answer.lower() in ("n", "no"):
        return None, None
    return answer or default, None
