"""The words of the web pages that are data, or drawn by the page's scripts (issue 23).

The scripts (``web/static/table.js``, ``board.js``) draw in the page's language without a
catalogue of their own: the table page carries :func:`script_words`, a JSON object from each
English message (the key, as the script writes it) to its translation in the language in
force, which the scripts look up (``t("Hand {number}", {number: 2})``, ``tn(one, many, n)``,
``tc(context, word)``) and fall back to the English key. So the messages are written once, in
:data:`SCRIPT_MESSAGES` (extracted into the catalogue like every ``N_``), and
``tests/test_i18n_web.py`` checks that every literal message of the scripts is listed here.

The rule sets' option names and choices are data (the form's fields and values stay in
English): :func:`option_label`, :func:`option_value_label` and :func:`setting_label` name them
for people.
"""

from __future__ import annotations

from typing import Any

from ..i18n import N_, _, ngettext, pgettext
from ..names import SEAT_WINDS, meld_name, wind_letter
from ..players import BOTS
from ..rules import RULE_SETS, get_rule_set

__all__ = ["SCRIPT_MESSAGES", "SCRIPT_PLURALS", "script_words", "option_label",
           "option_value_label", "setting_label", "bot_label", "STAGE_WORDS"]

#: every literal message of the scripts (``t("...")``), in English
SCRIPT_MESSAGES: tuple[str, ...] = (
    N_("stopped: this room does not go on"),
    N_("Download its record"),
    N_("{wind}: {name}"),
    N_("{wind} wind"),
    N_("{name} (you)"),
    N_("dealer"),
    N_("to act"),
    N_("dead hand"),
    N_("tiles in hand (concealed)"),
    N_("score"),
    N_("bonus tiles"),
    N_("claimed from {wind} ({name})"),
    N_(", claimed from {wind}"),
    N_("discards of {name}"),
    N_("{tile}, taken by {wind} ({name})"),
    N_(", taken by {wind}"),
    N_("{tile}, the latest discard"),
    N_("the wall: {live} tiles live, {dead} in the dead wall"),
    N_("the wall: {live} tiles live"),
    N_("Second Charleston: agreed by all"),
    N_("Second Charleston: stopped (not everyone agreed)"),
    N_("{name} gave {n}"),
    N_("Courtesy pass: {passes}"),
    N_("Courtesy pass: nobody passed"),
    N_("Charleston: {stage}"),
    N_("{name} to play"),
    N_("claim window"),
    N_("robbing the kong?"),
    N_("game over"),
    N_("hand over: Ready for the next"),
    N_("{wind} round"),
    N_("the prevailing wind"),
    N_("tiles left"),
    N_("tiles in the live wall"),
    N_("dead wall"),
    N_("tiles in the dead wall (replacements)"),
    N_("{name} discarded"),
    N_("Hint"),
    N_("a hint (key h)"),
    N_("Download the record"),
    N_("Claim?"),
    N_("Your turn"),
    N_("on"),
    N_("off"),
    N_("sound"),
    N_("title"),
    N_("the card"),
    N_("The card: {name}"),
    N_("Nearest to your hand"),
    N_("out of reach: {why}"),
    N_("out of reach"),
    N_("complete"),
    N_("{n} away, needs {tiles}"),
    N_("({tiles} only as jokers)"),
    N_("face-down tile"),
    N_("connecting…"),
    N_("connected"),
    N_("reconnecting…"),
    N_("offline: not sent"),
    N_("offline: queued, sent when the connection is back"),
    N_("A new game starts in this room"),
    N_("Hints"),
    N_("Hand {number}"),
    N_("prevailing wind {wind}"),
    N_("dealer {name}"),
    N_("wall {live} live, {dead} dead"),
    N_("wall {live} live"),
    N_("Claim? {seconds} s, then the table passes for you"),
    N_("waiting for claims…"),
    N_("You are watching: concealed tiles stay hidden."),
    N_("unselect {tile}"),
    N_("select {tile}"),
    N_("discard {tile}"),
    N_("Your turn: click a tile to discard it."),
    N_("the tile you drew"),
    N_("tiles passed blind"),
    N_("no blind pass"),
    N_("+{n} blind (passed on unseen)"),
    N_("waiting for the others…"),
    N_("{name} wins"),
    N_("a drawn hand (the wall is exhausted)"),
    N_("false Mahjong"),
    N_("Hand {number}: {outcome}"),
    N_("Won self-drawn with {tile}"),
    N_("Won self-drawn"),
    N_("Won on {name}'s tile with {tile}"),
    N_("Won on {name}'s tile"),
    N_("scoring item"),
    N_("points"),
    N_("no scoring item (a chicken hand)"),
    N_("total ({limit})"),
    N_("total"),
    N_(", base {n} points"),
    N_("Card line: {line} (jokerless)"),
    N_("Card line: {line}"),
    N_("player"),
    N_("payment"),
    N_("Final standings"),
    N_("Download the record (mahjong-table replay checks it)"),
    N_("Close"),
    N_("Continue"),
    N_("Hand {number} begins, {name} deals"),
    N_("{name} draws {tile}"),
    N_("{name} draws"),
    N_("{name} draws a replacement {tile}"),
    N_("{name} draws a replacement"),
    N_("{name} discards {tile}"),
    N_("{name} shows bonus tile {tile}"),
    N_("{name} claims {tile} for {meld_kind} {meld}"),
    N_("{name} declares a concealed kong {meld}"),
    N_("{name} adds {tile} to a pung"),
    N_("{name} completes the kong {meld}"),
    N_("{name} declares Mahjong!"),
    N_("The hand ends"),
    N_("The game is over"),
    N_("Tiles are passed"),
    N_("You passed {tiles}"),
    N_("You received {tiles}"),
    N_("{name} exchanges {tile} for a joker"),
    N_("{name}'s hand is dead"),
    N_("Play begins"),
    N_("You answered: {answer}"),
    N_("your nickname"),
    N_("Set nickname"),
    N_("nickname: 1 to 24 characters"),
    N_("chat message: 1 to 200 characters"),
    N_("your clock: {seconds} s"),
    N_("You are away: a bot plays your seat."),
    N_("Take my seat back"),
    N_("{name} is away (a bot plays the seat)"),
    N_("The hand is over. The next starts when everyone is ready, or in {seconds} s. Ready: {who}"),
    N_("nobody yet"),
    N_("Ready"),
    N_("Every hand, face up"),
    N_("rule set"),
    N_("whole game"),
    N_("hands"),
    N_("The next game"),
    N_("Rule set"),
    N_("Hands (empty: the whole game)"),
    N_("seat {number}"),
    N_("{name} (a person)"),
    N_("a person"),
    N_("{name} bot"),
    N_("Seat {number}"),
    N_("Options of the rule set:"),
    N_("option {name}"),
    N_("Play again"),
    N_("hands: a whole number, or empty"),
    N_("Game {number}, {rules}: {result}"),
    N_("being played"),
    N_("record"),
    N_("review"),
    N_("Review my play: every decision against the judgement"),
    N_("spectator"),
    # issue 46: the waiting room (people.js) and the replay viewer (replay.js)
    N_("(you)"),
    N_("Host"),
    N_("Join"),
    N_("Leave"),
    N_("Lock"),
    N_("Make private"),
    N_("Make public"),
    N_("Not ready"),
    N_("Remove"),
    N_("Start now (bots take the open seats)"),
    N_("Swap seats"),
    N_("The game has started."),
    N_("The hand of {name}"),
    N_("Unlock"),
    N_("Watch"),
    N_("Watched as a spectator: concealed tiles stay hidden unless every hand is face up."),
    N_("bots fill the open seats in {seconds} s"),
    N_("listed in the public lobby"),
    N_("loading…"),
    N_("locked: nobody else may join"),
    N_("not ready"),
    N_("open seat"),
    N_("private: not listed"),
    N_("ready"),
    N_("step {n} of {total}"),
    N_("swap this seat"),
    N_("the concealed tiles of {name}"),
    N_("the server could not be reached"),
    N_("this game cannot be replayed"),
    N_("winning tile {tile}"),
    N_("with this seat"),
    N_("{name} (bot)"),
    # issue 46: the end of a hand at the table
    N_("unrated"),
    N_("rating {value}"),
    N_("rating {value} (provisional)"),
    N_("The game is paused."),
    N_("Pause"),
    N_("Resume"),
    N_(", the winning tile"),
    N_("{tile}, the winning tile"),
)


def _plurals(n: int) -> dict[tuple[str, str], str]:
    """The scripts' plural messages (``tn(one, many, n)``), each in its form for ``n``."""
    return {
        ("{n} tile", "{n} tiles"): ngettext("{n} tile", "{n} tiles", n),
        ("{n} concealed tile", "{n} concealed tiles"):
            ngettext("{n} concealed tile", "{n} concealed tiles", n),
        ("Courtesy pass: you and {name} agreed on {n} tile",
         "Courtesy pass: you and {name} agreed on {n} tiles"):
            ngettext("Courtesy pass: you and {name} agreed on {n} tile",
                     "Courtesy pass: you and {name} agreed on {n} tiles", n),
        ("Choose {n} tile to pass ({chosen} chosen)",
         "Choose {n} tiles to pass ({chosen} chosen)"):
            ngettext("Choose {n} tile to pass ({chosen} chosen)",
                     "Choose {n} tiles to pass ({chosen} chosen)", n),
        # issue 46: the chat's characters left
        ("{n} character left", "{n} characters left"):
            ngettext("{n} character left", "{n} characters left", n),
        ("{n} character too many", "{n} characters too many"):
            ngettext("{n} character too many", "{n} characters too many", n),
    }


#: the scripts' plural messages (``tn(one, many, n)``), in English
SCRIPT_PLURALS: tuple[tuple[str, str], ...] = tuple(_plurals(1))

#: the American Charleston's stages (``PassStage.name`` with spaces), as the page names them
STAGE_WORDS = ("first right", "first over", "first left", "second vote", "second left",
               "second over", "second right", "courtesy ask", "courtesy")


def _stage_words() -> dict[str, str]:
    return {
        "first right": pgettext("stage", "first right"),
        "first over": pgettext("stage", "first over"),
        "first left": pgettext("stage", "first left"),
        "second vote": pgettext("stage", "second vote"),
        "second left": pgettext("stage", "second left"),
        "second over": pgettext("stage", "second over"),
        "second right": pgettext("stage", "second right"),
        "courtesy ask": pgettext("stage", "courtesy ask"),
        "courtesy": pgettext("stage", "courtesy"),
    }


def _answer_words() -> dict[str, str]:
    """An answer as the log names it (an action kind's value: a claim window's answer, a
    Charleston's pass or vote)."""
    return {
        "pass": pgettext("action", "pass"),
        "chow": pgettext("action", "chow"),
        "pung": pgettext("action", "pung"),
        "kong": pgettext("action", "kong"),
        "quint": pgettext("action", "quint"),
        "sextet": pgettext("action", "sextet"),
        "mahjong": pgettext("action", "mahjong"),
        "discard": pgettext("action", "discard"),
        "concealed_kong": pgettext("action", "concealed_kong"),
        "added_kong": pgettext("action", "added_kong"),
        "joker_exchange": pgettext("action", "joker_exchange"),
        "call_dead": pgettext("action", "call_dead"),
        "charleston_pass": pgettext("action", "charleston_pass"),
        "charleston_continue": pgettext("action", "charleston_continue"),
        "charleston_stop": pgettext("action", "charleston_stop"),
        "courtesy_ask": pgettext("action", "courtesy_ask"),
        "courtesy_pass": pgettext("action", "courtesy_pass"),
    }


def option_label(name: str) -> str:
    """A rule set's option as the lobby names it: its name in English (data: the form's
    field, unchanged), words in another language (context ``"option"``); an option not
    listed here keeps its name."""
    return _option_labels().get(name, name)


def _option_labels() -> dict[str, str]:
    return {
        "rounds": pgettext("option", "rounds"),
        "false_mahjong": pgettext("option", "false_mahjong"),
        "bonus_tiles": pgettext("option", "bonus_tiles"),
        "seven_pairs": pgettext("option", "seven_pairs"),
        "thirteen_orphans": pgettext("option", "thirteen_orphans"),
        "scoring": pgettext("option", "scoring"),
        "eight_flowers": pgettext("option", "eight_flowers"),
        "card": pgettext("option", "card"),
        "hands": pgettext("option", "hands"),
        "dice": pgettext("option", "dice"),
        "blind_pass": pgettext("option", "blind_pass"),
        "courtesy_pass": pgettext("option", "courtesy_pass"),
        "dead_exposures": pgettext("option", "dead_exposures"),
        "discard_payment": pgettext("option", "discard_payment"),
        "self_drawn_payment": pgettext("option", "self_drawn_payment"),
        "jokerless_bonus": pgettext("option", "jokerless_bonus"),
        "joker_exchange_win": pgettext("option", "joker_exchange_win"),
    }


def option_value_label(value: Any) -> str:
    """One choice of an option as the lobby shows it (the form sends the English value,
    unchanged); numbers and choices not listed here as they are."""
    text = str(value)
    return _option_values().get(text, text)


def _option_values() -> dict[str, str]:
    return {
        "True": pgettext("option value", "True"),
        "False": pgettext("option value", "False"),
        "reject": pgettext("option value", "reject"),
        "penalise": pgettext("option value", "penalise"),
        "dead": pgettext("option value", "dead"),
        "simple": pgettext("option value", "simple"),
        "mcr": pgettext("option value", "mcr"),
        "practice": pgettext("option value", "practice"),
        "discarder_double": pgettext("option value", "discarder_double"),
        "all_single": pgettext("option value", "all_single"),
        "all_double": pgettext("option value", "all_double"),
        "self_drawn": pgettext("option value", "self_drawn"),
        "discard": pgettext("option value", "discard"),
    }


def setting_label(name: str) -> str:
    """A table or room setting's name as the lobby shows it (English: the field's name)."""
    labels = {
        "claim_seconds": pgettext("setting", "claim_seconds"),
        "claim_pause": pgettext("setting", "claim_pause"),
        "bot_delay": pgettext("setting", "bot_delay"),
        "turn_seconds": pgettext("setting", "turn_seconds"),
        "ready_seconds": pgettext("setting", "ready_seconds"),
        "away_after": pgettext("setting", "away_after"),
        "away_bot": pgettext("setting", "away_bot"),
        "spectator_delay": pgettext("setting", "spectator_delay"),
    }
    return labels.get(name, name)


def bot_name(kind: str) -> str:
    """A built-in bot's name (``"efficiency"``, ``"easy"``, ``"american-master"``) in the
    language in force, lower case: ``"efficienza"`` (issue 48); another kind as it is."""
    from ..tui.line import bot_word

    shown = bot_word(kind[:1].upper() + kind[1:])
    return kind if shown is None else shown[:1].lower() + shown[1:]


def bot_label(kind: str) -> str:
    """``"efficiency bot"``: a bot by its name, in the language in force (:func:`bot_name`):
    ``"bot efficienza"``."""
    return _("{name} bot").format(name=bot_name(kind))


def script_words() -> dict[str, Any]:
    """The scripts' words in the language in force: each English message to its
    translation; plural messages under ``"one\\u0000many"`` as ``[one, many]``; words with a
    context under ``"context\\u0004word"`` (gettext's own separator). Also the words the
    page shows from the state's data: winds and meld kinds, the rule sets' titles, their
    options' help (translated by whoever defines them: English until they are)."""
    out: dict[str, Any] = {m: _(m) for m in SCRIPT_MESSAGES}
    # English and Italian both have two forms, chosen by n != 1: the script picks with it
    one_form, many_form = _plurals(1), _plurals(2)
    for one, many in SCRIPT_PLURALS:
        out[one + "\u0000" + many] = [one_form[(one, many)], many_form[(one, many)]]
    for english in SEAT_WINDS:
        out[english] = _(english)
    for kind in ("chow", "pung", "kong", "quint", "sextet", "pair"):
        out[kind] = meld_name(kind)
    for index, letter in enumerate("ESWN"):  # the seat badges: E S O N in Italian
        out["wind letter\u0004" + letter] = wind_letter(index)
    for kind in BOTS:  # the bots' names, as the lobby shows them (issue 48)
        out["bot\u0004" + kind] = bot_name(kind)
    for ctx, words in (("stage", _stage_words()), ("action", _answer_words()),
                       ("option", _option_labels()), ("option value", _option_values())):
        for english, text in words.items():
            out[ctx + "\u0004" + english] = text
    for name in RULE_SETS:
        rs = get_rule_set(name)
        out[rs.title] = _(rs.title)
        out["rule set\u0004" + name] = _(rs.title)  # a rule set by its name (issue 48)
        for o in rs.options_spec:
            out[o.help] = _(o.help)
    return out
