"""A human at a text terminal: shows the table, narrates events, reads choices.

:class:`HumanPlayer` is a :class:`~mahjong_table.players.base.Player` (the line-mode face,
beside the full-screen one). It reads from one text stream and writes to another, so tests can
script it. It sees only what its seat may see: the
:class:`~mahjong_table.engine.PlayerView` passed to :meth:`HumanPlayer.choose` and the public
JSON form of the events (``event.to_json(for_player=seat)``) passed to
:meth:`HumanPlayer.notify`. It never touches the game itself.

Input at a decision: a menu number, a tile in mpsz to discard it (``5p``), ``h``/``?`` for
help, ``n`` to toggle English tile names, ``r`` to show the table again, ``q`` to quit (asks to
confirm). End of input quits: :class:`QuitGame` is raised and the caller ends the game.

American play (rule book 001 Part one) adds the stages before play: a Charleston pass or the
courtesy pass is typed as tiles (``3m 5p 7z``) or as the numbers of the hand's tiles
(``1 4 9``), with ``+1 blind`` on the last pass of a Charleston to pass on a tile just received
unseen (``2m 4p +1 blind``); the vote on the second Charleston and the courtesy ask are small
menus. While choosing, the three closest lines of the card are shown with their tiles away and
the tiles each still needs, and the advice for the decision: both from the one advisor
(:mod:`mahjong_table.advisor`), as every hint is.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from ..engine import Action, ActionKind, PlayerView
from ..engine.actions import EXPOSURE_SIZES
from ..i18n import N_, _, ngettext, pgettext
from ..message import shown
from ..names import meld_name, tile_name, wind_name
from ..names import tile_label as _tile_label
from ..tiles import (
    NUM_PLAYING,
    TILES,
    NotationError,
    Tile,
    TileSet,
    format_tiles,
    parse_tiles,
    read_tile_text,
)

if TYPE_CHECKING:
    from ..rules.american.model import Card
    from ..rules.base import RuleSet

__all__ = ["END_OF_INPUT", "HumanPlayer", "QuitGame", "UndoRequest", "describe_action",
           "read_tile_text", "tile_label", "tiles_glyphs", "tiles_spaced"]

WIND_NAMES = ("East", "South", "West", "North")
_WIND_OF_LETTER = {"E": 0, "S": 1, "W": 2, "N": 3}
#: a Charleston pass's direction by its seat offset in turn order (001 Part one 06)
_DIRECTIONS = {1: N_("to the right"), 2: N_("over (across)"), 3: N_("to the left")}
_JOKER = 46
_BLIND = re.compile(r"^\+(\d+)(blind|cieca)?$")
#: the words after +N of a blind pass, in either language (``+1 blind``, ``+1 cieca``)
_BLIND_WORDS = ("blind", "blinds", "cieca", "cieche")
_CHARLESTON_NAMES = {0: N_("first Charleston"), 1: N_("second Charleston"),
                     2: N_("courtesy pass")}


def bot_word(word: str) -> str | None:
    """A built-in bot's name as the game writes it (``"Efficiency"``, ``"Easy"``,
    ``"American-master"``: its kind capitalised) in the language in force, or ``None`` for a
    word that names no built-in bot (issue 48: no English bot name on an Italian screen)."""
    names = {
        "Easy": pgettext("bot level", "Easy"), "Normal": pgettext("bot level", "Normal"),
        "Hard": pgettext("bot level", "Hard"),
        "Random": pgettext("bot", "Random"), "Efficiency": pgettext("bot", "Efficiency"),
        "American": pgettext("bot", "American"), "Strong": pgettext("bot", "Strong"),
        "Beginner": pgettext("bot", "Beginner"), "Master": pgettext("bot", "Master"),
        "American-beginner": pgettext("bot", "American-beginner"),
        "American-master": pgettext("bot", "American-master"),
    }
    return names.get(word)


def player_name(name: str) -> str:
    """A player's name as shown in the language in force: the person's ``"You"`` and the
    built-in bots' names (``"Easy 1"``, ``"Efficiency 2"``, ``"American-master 3"``: a level
    or a bot kind and the seat) translated (:func:`bot_word`); programs (``cmd:...``) and
    names people chose kept as they are. The game's names stay English (data, records)."""
    if name == "You":
        return _("You")
    word, sep, number = name.rpartition(" ")
    if sep and number.isdigit():
        shown = bot_word(word)
        if shown is not None:
            return _("{level} {n}").format(level=shown, n=number)
    return name


def stage_title(stage: str) -> str:
    """An American Charleston stage's name (``"first_right"``) as shown, in the language in
    force: the engine's words (:func:`mahjong_table.engine.game.stage_title`, 001 Part one
    06)."""
    from ..engine.game import stage_title as engine_stage_title

    return engine_stage_title(stage)


def _is_yes(answer: str) -> bool:
    """``y``/``yes`` (and, in Italian, ``s``/``si``/``sì``) answer yes to a question."""
    low = answer.strip().lower()
    return low in ("y", "yes") or low in (pgettext("answer", "y"), pgettext("answer", "yes"),
                                          pgettext("answer", "yes (accented)"))


#: the words of the actions typed by name, for "... is not possible now"
_ACTION_WORDS = {
    "mahjong": lambda: _("Mahjong"), "pass": lambda: pgettext("action", "Pass"),
    "charleston_continue": lambda: _("Charleston_continue"),
    "charleston_stop": lambda: _("Charleston_stop"),
}


def rules_heading(name: str) -> str:
    """A rule set's name heading the table (``"Hong Kong"``, ``"Chinese"``/``"Cinese"``,
    ``"American"``/``"Americano"``); an unknown name is returned as it is."""
    if name == "hongkong":
        return pgettext("heading", "Hong Kong")
    if name == "chinese":
        return pgettext("heading", "Chinese")
    if name == "american":
        return pgettext("heading", "American")
    return name


def rules_title(name: str) -> str:
    """A rule set's short title in the language in force (``"Hong Kong"``, ``"Cinese"``);
    an unknown name is returned as it is."""
    if name == "hongkong":
        return pgettext("rule set", "Hong Kong")
    if name == "chinese":
        return pgettext("rule set", "Chinese")
    if name == "american":
        return pgettext("rule set", "American")
    return name


class UndoRequest(Exception):
    """The person asked to take back their last decision (``u``; the practice option
    ``undo``). The caller undoes it and asks again."""


#: :class:`QuitGame`'s reason when the input ends (at any question, the quit
#: confirmation included): the caller saves the game as on Ctrl-C
END_OF_INPUT = "end of input"


class QuitGame(Exception):
    """The human quit (``q`` confirmed, or the end of input). ``reason`` says which."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class _Style:
    """Characters that differ between Unicode and plain ASCII output."""

    glyphs: bool
    rule: str
    heavy: str
    current: str
    bullet: str
    last_open: str
    last_close: str
    arrow: str
    to: str
    dot: str


_UNICODE = _Style(True, "─", "═", "▶", "·", "‹", "›", "←", "→", "·")
_ASCII = _Style(False, "-", "=", ">", "-", "<", ">", "<-", "->", "|")


# ----- tile and action wording ------------------------------------------------------------

def tile_label(t: Tile) -> str:
    """``"5 Circles (5p)"``, ``"Red dragon (7z)"``, ``"Flower 2 (Orchid) (2f)"`` (in the
    language in force: :func:`mahjong_table.names.tile_label`)."""
    return _tile_label(t)


def tiles_spaced(tiles: Iterable[Tile]) -> str:
    """Tiles one by one in mpsz: ``"1m 2m 3m 7z"``."""
    return " ".join(str(t) for t in tiles)


def _glyph_cell(t: Tile, width: int = 3) -> str:
    g = t.glyph
    w = 2 if unicodedata.east_asian_width(g) in ("W", "F") else 1
    return g + " " * max(width - w, 1)


def tiles_glyphs(tiles: Iterable[Tile]) -> str:
    """Unicode glyphs, one three-column cell per tile (lines up with :func:`tiles_spaced`
    in terminals that give the Mahjong glyphs their standard width)."""
    return "".join(_glyph_cell(t) for t in tiles).rstrip()


def _chow_label(first: Tile) -> str:
    r = first.rank
    from ..names import suit_name

    return f"{r}-{r + 1}-{r + 2} {suit_name(first.suit)} ({r}{r + 1}{r + 2}{first.suit})"


def describe_action(a: Action, *, claimed: Tile | None = None, drawn: Tile | None = None) -> str:
    """Menu wording of an action: ``"Discard 5 Circles (5p)"``, ``"Pung Red dragon (7z)"``,
    ``"Chow 3-4-5 Bamboo (345s)"``, ``"Mahjong!"``, ``"Pass"``. ``claimed`` is the tile on
    offer (a discard or a tile being added to a kong); ``drawn`` the tile just drawn."""
    k = a.kind
    if k is ActionKind.DISCARD:
        assert a.tile is not None
        if drawn is not None and a.tile == drawn:
            return _("Discard {tile} - drawn").format(tile=tile_label(a.tile))
        return _("Discard {tile}").format(tile=tile_label(a.tile))
    if k is ActionKind.MAHJONG:
        if claimed is not None:
            return _("Mahjong! Win on {tile}").format(tile=tile_label(claimed))
        return _("Mahjong! Win on your own draw")
    if k is ActionKind.PASS:
        return _("Pass")
    if k is ActionKind.CHOW:
        assert a.tile is not None
        return _("Chow {tiles}").format(tiles=_chow_label(a.tile))
    if k in EXPOSURE_SIZES:
        word = meld_name(k.value).capitalize()
        text = _("{meld} {tile}").format(meld=word, tile=tile_label(claimed)) \
            if claimed is not None else word
        if a.jokers:
            text += ngettext(" using {n} joker", " using {n} jokers", a.jokers).format(
                n=a.jokers)
        return text
    if k is ActionKind.CHARLESTON_CONTINUE:
        return _("Continue: play the second Charleston (left, over, right)")
    if k is ActionKind.CHARLESTON_STOP:
        return _("Stop: no second Charleston")
    if k is ActionKind.COURTESY_ASK:
        n = a.number or 0
        return (ngettext("Ask for {n} tile", "Ask for {n} tiles", n).format(n=n) if n
                else _("Ask for none (no courtesy pass)"))
    if k is ActionKind.JOKER_EXCHANGE:
        assert a.tile is not None
        return _("Exchange your {tile} for a joker (player {target}'s exposure)").format(
            tile=tile_label(a.tile), target=a.target)
    if k is ActionKind.CALL_DEAD:
        return _("Call player {target}'s hand dead").format(target=a.target)
    if k is ActionKind.CONCEALED_KONG:
        assert a.tile is not None
        return _("Kong {tile} - declare the four in your hand (concealed kong)").format(
            tile=tile_label(a.tile))
    if k is ActionKind.ADDED_KONG:
        assert a.tile is not None
        return _("Kong {tile} - add it to your exposed pung").format(tile=tile_label(a.tile))
    return str(a)


def _card_game(view: PlayerView) -> bool:
    """A game played against a card (American): flowers and jokers are hand tiles, so the
    hand's counts run over all 47 tile kinds."""
    return len(view.counts) > NUM_PLAYING


def _meld_tiles(notation: str) -> list[Tile]:
    return parse_tiles(notation.strip("[]()"))


HELP = N_("""\
How to answer:
  a number        pick that line of the menu
  5p, 7z, 1m ...  discard that tile (mpsz: m Characters, p Circles, s Bamboo,
                  z honours 1-7 = East South West North White Green Red)
  m / mahjong     declare Mahjong, when the menu offers it
  p / pass        pass on a claim
  n               show or hide English tile names
  r               show the table again
  i / hint        a hint: shanten, waits, the advice and why, what a claim does
  u / undo        take back your last decision (practice option --practice undo)
  h or ?          this help
  q               quit the game (asks first; the record is written if --record was given)
Table: each seat shows its wind, name, score, the number of concealed tiles, exposed
melds ([...] exposed, (...) concealed kong), bonus tiles and discards in order; the
latest discard is marked {mark}.""")


AMERICAN_HELP = N_("""\
American play (001 Part one):
  Charleston      type the tiles to pass, e.g. 3m 5p 7z, or their numbers in your
                  hand as shown (1 4 9); jokers cannot be passed (06)
  blind pass      on the last pass of each Charleston, +N passes on N of the tiles
                  arriving now, unseen: 2m 4p +1 blind
  vote, courtesy  pick from the menu; the courtesy pass asks 0-3 tiles of the player
                  opposite (the lower number asked is exchanged)
  flowers         all flowers are alike: 1f stands for any flower you hold
  jokers          1j; a claim's menu says how many of your jokers it uses
Exposures show jokers as 1j, e.g. [55p1j]; a dead hand is marked DEAD. The closest
lines of the card are shown with the tiles each still needs.""")


_MAHJONG_WORDS = ("m", "mj", "mahjong", "win")
_STAGE_EVENTS = frozenset({"charleston_stage", "passed", "received", "charleston_vote",
                           "courtesy_agreed", "play_start", "charleston_pass",
                           "courtesy_pass"})
#: the glyph of each playing tile, read back as that tile
_GLYPH_TILES = {t.glyph: t for t in (*TILES[:34], TILES[_JOKER])}


class HumanPlayer:
    """A person at a terminal, reading ``input`` and writing ``output``.

    ``seat`` is the player number (0-3) this human plays; ``names`` the names of the four
    players (for narration). ``ascii`` avoids every non-ASCII character (no tile glyphs).
    Call :meth:`notify` with the public JSON events as they happen, and :meth:`choose` for a
    decision. Raises :class:`QuitGame` when the person quits or the input ends.
    """

    def __init__(self, input: TextIO, output: TextIO, *, seat: int = 0,
                 names: Sequence[str] | None = None, ascii: bool = False,
                 show_names: bool = False, name: str = "You", width: int = 80,
                 allow_false_mahjong: bool = False, false_mahjong_warning: str | None = None,
                 card: Card | None = None, undo: bool = False,
                 tile_set: TileSet | None = None, rules: RuleSet | None = None) -> None:
        self.input = input
        #: the game's rule set (hints ask the advisor under it)
        self.rules = rules
        #: the practice option undo: ``u`` raises :class:`UndoRequest`
        self.undo = undo
        #: the rule set's tiles: a tile typed that is not among them is named as such
        self.tile_set = tile_set
        self._view: PlayerView | None = None
        #: the table penalises a false Mahjong (004 s07) instead of refusing it, so the person
        #: may declare one (after a warning)
        self.allow_false_mahjong = allow_false_mahjong
        #: what the warning before a false Mahjong says (the rule set's penalty)
        self.false_mahjong_warning = false_mahjong_warning or _(
            "Your hand does not win. A false Mahjong ends the hand and costs 64 to each other "
            "player (004 s07). Declare it anyway? (y/n): ")
        #: the card of an American game (for the closest lines); the practice card if None
        self.card = card
        self.output = output
        self.seat = seat
        self.name = name
        self.names = list(names) if names is not None else [f"Player {i}" for i in range(4)]
        self.names[seat] = name
        self.style = _ASCII if ascii else _UNICODE
        self.show_names = show_names
        self.width = width
        isatty = getattr(input, "isatty", None)
        self._echo = not (callable(isatty) and isatty())
        # what the public events told us about the current hand
        self._winds = [0, 1, 2, 3]
        self._bonus: list[list[Tile]] = [[], [], [], []]
        self._last_discarder: int | None = None
        self._offer: Tile | None = None  # a tile being added to a kong (rob window)
        self._offer_by: int | None = None
        self._win_how: dict[str, Any] = {}
        # American play: the stage under way, the game's length, the last tiles received
        self._stage: dict[str, Any] | None = None
        #: this seat's own vote on the second Charleston (its secret ``respond`` event)
        self._my_vote: str | None = None
        #: "You receive ..." held back until this seat's own pass of the stage is told
        self._received_note: str | None = None
        self._hands: int | None = None
        self._card_game = False

    # ----- output helpers ------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        """Write ``text`` and a newline."""
        self.output.write(text + "\n")
        self.output.flush()

    def ask_line(self, prompt: str) -> str | None:
        """Prompt and read one line (stripped); None at the end of input."""
        return self._ask(prompt)

    def _ask(self, prompt: str) -> str | None:
        """Prompt and read one line; None at the end of input."""
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self.output.write("\n")
            self.output.flush()
            return None
        if self._echo:
            # scripted input is not echoed by a terminal: show it, so a transcript reads well
            self.output.write(line if line.endswith("\n") else line + "\n")
            self.output.flush()
        return line.strip()

    def _rule(self, title: str = "", heavy: bool = False) -> str:
        ch = self.style.heavy if heavy else self.style.rule
        if not title:
            return ch * self.width
        head = f"{ch * 2} {title} "
        return head + ch * max(self.width - len(head), 2)

    def _who(self, p: int) -> str:
        """``"South (Random 1)"``, or ``"You (West)"`` for the human."""
        wind = wind_name(self._winds[p])
        if p == self.seat:
            return _("You ({wind})").format(wind=wind)
        return _("{wind} ({name})").format(wind=wind, name=self._name(p))

    def _name(self, p: int) -> str:
        """Player ``p``'s name as shown (the human's "You" in the language in force)."""
        return player_name(self.names[p])

    def _shown(self, name: str) -> str:
        return player_name(name)

    def _by(self, p: int, mine: str, theirs: str, **values: Any) -> str:
        """A whole sentence about what ``p`` does: ``mine`` (translated, e.g. "You discard
        {tile}") for the human, else ``theirs`` with ``{who}`` (``"South (Random 1)
        discards {tile}"``)."""
        if p == self.seat:
            return mine.format(**values)
        return theirs.format(who=self._who(p), **values)

    def _note(self, text: str) -> None:
        self.say(f"  {self.style.bullet} {text}")

    def _glyphs_of(self, tiles: Sequence[Tile]) -> str:
        return tiles_glyphs(tiles) if self.style.glyphs else ""

    def _wrap(self, prefix: str, words: Sequence[str], indent: int | None = None) -> list[str]:
        """``prefix`` then ``words`` separated by spaces, wrapped to the width."""
        pad = " " * (len(prefix) if indent is None else indent)
        lines: list[str] = []
        cur = prefix
        fresh = True
        for w in words:
            if not fresh and len(cur) + 1 + len(w) > self.width:
                lines.append(cur)
                cur = pad + w
            else:
                cur = cur + ("" if fresh else " ") + w
            fresh = False
        lines.append(cur)
        return lines

    # ----- events --------------------------------------------------------------------------

    def notify(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Narrate events given in their public JSON form (``to_json(for_player=seat)``)."""
        for ev in events:
            self._narrate(ev)

    def _narrate(self, ev: Mapping[str, Any]) -> None:
        et = ev.get("type")
        p = ev.get("player")
        if et == "respond" and p == self.seat:
            # this seat's own answer (secret to it): remember its vote on a second Charleston
            if ev.get("action") in (ActionKind.CHARLESTON_CONTINUE.value,
                                    ActionKind.CHARLESTON_STOP.value):
                self._my_vote = str(ev["action"])
        elif et == "game_start":
            first = int(ev.get("first_east", 0))
            self._winds = [(x - first) % 4 for x in range(4)]
            options = ev.get("options") or {}
            self._card_game = "card" in options
            self._hands = int(options["hands"]) if "hands" in options else None
            if first == self.seat:
                self._note(_("Seats are drawn: you will be East (the dealer) first."))
            else:
                self._note(_("Seats are drawn: {name} will be East (the dealer) first.")
                           .format(name=self._name(first)))
        elif et == "hand_start":
            self._winds = [_WIND_OF_LETTER[w] for w in ev["winds"]]
            self._bonus = [[], [], [], []]
            self._last_discarder = None
            self._offer = None
            self._win_how = {}
            self._stage = None
            dealer = int(ev["dealer"])
            if self._card_game:  # American play has no prevailing wind (001 Part one 01)
                number = int(ev['hand_number']) + 1
                hand = (_("Hand {n} of {total}").format(n=number, total=self._hands)
                        if self._hands else _("Hand {n}").format(n=number))
                title = _("{hand} {dot} dealer {who}").format(
                    hand=hand, dot=self.style.dot, who=self._who(dealer))
            else:
                title = _("Hand {n} {dot} {wind} round {dot} dealer {who}").format(
                    n=int(ev['hand_number']) + 1, dot=self.style.dot,
                    wind=wind_name(_WIND_OF_LETTER[ev['round_wind']]), who=self._who(dealer))
            self.say()
            self.say(self._rule(title, heavy=True))
            # the count is the live wall's before the deal (the deal follows this event)
            self._note(_("You sit {wind}. The wall is broken; {n} tiles in the live wall "
                         "before the deal.").format(wind=wind_name(self._winds[self.seat]),
                                                    n=ev.get('live_wall', '?')))
        elif et == "deal" and p == self.seat and "tiles" in ev:
            tiles = parse_tiles(str(ev["tiles"]))
            self._note(_("You are dealt: {tiles}").format(tiles=format_tiles(tiles)))
        elif et == "bonus" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            self._bonus[p].append(t)
            self._note(self._by(p, _("You expose {tile} and draw a replacement"),
                                _("{who} exposes {tile} and draws a replacement"),
                                tile=tile_label(t)))
        elif et == "replacement" and p == self.seat and "tile" in ev:
            t = Tile.parse(str(ev["tile"]))
            if ev.get("reason") == "kong":
                self._note(_("Your replacement tile for the kong: {tile}").format(
                    tile=tile_label(t)))
            else:
                self._note(_("Your replacement tile for the bonus tile: {tile}").format(
                    tile=tile_label(t)))
        elif et == "replacement" and p is not None and ev.get("reason") == "kong":
            self._note(_("{who} draws a replacement tile for the kong").format(
                who=self._who(p)))
        elif et == "draw" and p == self.seat and "tile" in ev:
            t = Tile.parse(str(ev["tile"]))
            self._note(_("You draw {tile}").format(tile=tile_label(t)))
        elif et == "discard" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            self._last_discarder = p
            self._note(self._by(p, _("You discard {tile}"), _("{who} discards {tile}"),
                                tile=tile_label(t)))
        elif et == "claim" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            d = int(ev["discarder"])
            self._last_discarder = None
            values = {"meld": meld_name(str(ev['kind'])), "tile": f"{t} ({tile_name(t)})",
                      "exposure": ev['meld'], "other": self._who(d)}
            if d == self.seat:
                text = self._by(p, "", _("{who} claims {meld} of {tile} on your discard: "
                                         "{exposure}"), **values)
            else:
                text = self._by(p, _("You claim {meld} of {tile} on {other}'s discard: "
                                     "{exposure}"),
                                _("{who} claims {meld} of {tile} on {other}'s discard: "
                                  "{exposure}"), **values)
            self._note(text)
        elif et == "concealed_kong" and p is not None:
            self._note(self._by(p, _("You declare a concealed kong {meld}"),
                                _("{who} declares a concealed kong {meld}"), meld=ev['meld']))
        elif et == "added_kong" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            self._offer = t
            self._offer_by = p
            self._note(self._by(p, _("You add {tile} to an exposed pung, making a kong"),
                                _("{who} adds {tile} to an exposed pung, making a kong"),
                                tile=tile_label(t)))
        elif et == "kong_completed":
            self._offer = None
        elif et == "declare_mahjong" and p is not None:
            self._win_how = dict(ev)
            false = bool(ev.get("false"))
            if ev.get("self_drawn"):
                text = self._by(
                    p, _("You declare Mahjong on a self-drawn tile, but the hand does not "
                         "win!") if false else _("You declare Mahjong on a self-drawn tile!"),
                    _("{who} declares Mahjong on a self-drawn tile, but the hand does not "
                      "win!") if false else _("{who} declares Mahjong on a self-drawn tile!"))
            else:
                t = Tile.parse(str(ev["tile"]))
                d = int(ev["discarder"])
                other = self._who(d)
                if ev.get("robbing_kong"):
                    mine = (_("You declare Mahjong by robbing your kong of {tile}")
                            if d == self.seat else
                            _("You declare Mahjong by robbing {other}'s kong of {tile}"))
                    theirs = (_("{who} declares Mahjong by robbing your kong of {tile}")
                              if d == self.seat else
                              _("{who} declares Mahjong by robbing {other}'s kong of {tile}"))
                else:
                    mine = (_("You declare Mahjong on your {tile}") if d == self.seat
                            else _("You declare Mahjong on {other}'s {tile}"))
                    theirs = (_("{who} declares Mahjong on your {tile}") if d == self.seat
                              else _("{who} declares Mahjong on {other}'s {tile}"))
                text = self._by(p, mine, theirs, tile=tile_label(t), other=other)
                text += _(", but the hand does not win!") if false else "!"
            self._note(text)
        elif et in _STAGE_EVENTS:
            self._narrate_stage(ev)
        elif et == "joker_exchange" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            owner = int(ev["target"])
            values = {"tile": tile_label(t), "meld": ev.get('meld', ''),
                      "other": self._who(owner)}
            if owner == p:
                text = self._by(p, _("You exchange {tile} for the joker in your own exposure, "
                                     "now {meld}"),
                                _("{who} exchanges {tile} for the joker in their own "
                                  "exposure, now {meld}"), **values)
            elif owner == self.seat:
                text = self._by(p, "", _("{who} exchanges {tile} for the joker in your "
                                         "exposure, now {meld}"), **values)
            else:
                text = self._by(p, _("You exchange {tile} for the joker in {other}'s "
                                     "exposure, now {meld}"),
                                _("{who} exchanges {tile} for the joker in {other}'s "
                                  "exposure, now {meld}"), **values)
            self._note(text)
        elif et == "dead_hand" and p is not None:
            if ev.get("reason") == "false_mahjong":
                why = _("a false Mahjong")
            else:
                why = _("its exposures fit no line of the card")
                if ev.get("called_by") is not None:
                    by = int(ev["called_by"])
                    why = (_("its exposures fit no line of the card (called by you)")
                           if by == self.seat else
                           _("its exposures fit no line of the card (called by {who})")
                           .format(who=self._who(by)))
            self._note(self._by(p, _("Your hand is dead: {why}. Out of play until the next "
                                     "hand (001 Part one 'Dead hands')."),
                                _("{who}'s hand is dead: {why}. Out of play until the next "
                                  "hand (001 Part one 'Dead hands')."), why=why))
        elif et == "hand_end":
            self._hand_end(ev)
        elif et == "game_end":
            self._game_end(ev)
        # draws of others (no tile shown), claim windows and responses are not narrated

    def _stage_words(self, stage: Mapping[str, Any]) -> str:
        """``"first Charleston, pass 3 tiles to the right (to South (Bot 1))"``."""
        kind = stage.get("kind")
        name = str(stage.get("stage", stage.get("name", "")))
        group = _(_CHARLESTON_NAMES[1 if name.startswith("second") else 2
                                    if name.startswith("courtesy") else 0])
        if kind == "vote":
            return _("the vote on a second Charleston (it is played only if all agree)")
        if kind == "courtesy_ask":
            return _("the courtesy pass: ask the player opposite, {who}, for 0 to {n} "
                     "tiles").format(who=self._who((self.seat + 2) % 4),
                                     n=stage.get('count', 3))
        offset = int(stage.get("offset") or 2)
        to = self._who((self.seat + offset) % 4)
        count = int(stage.get("count", 3))
        if kind == "courtesy_pass":
            return _("the courtesy pass with {who}").format(who=to)
        direction = _(_DIRECTIONS[offset]) if offset in _DIRECTIONS else ""
        return _("{stage}, pass {n} tiles {direction} (to {who})").format(
            stage=group, n=count, direction=direction, who=to)

    def _flush_received(self) -> None:
        """Tell the tiles received in a pass, held back until the own pass was told."""
        if self._received_note is not None:
            note, self._received_note = self._received_note, None
            self._note(note)

    def _narrate_stage(self, ev: Mapping[str, Any]) -> None:
        """The Charleston's events (001 Part one 06): stages, own passes, the vote."""
        et = ev.get("type")
        if et not in ("passed", "received"):
            self._flush_received()
        if et == "charleston_stage":
            self._stage = dict(ev)
            kind = ev.get("kind")
            if kind == "courtesy_pass":
                return  # told by courtesy_agreed, which only the partners see
            words = self._stage_words(ev)
            self._note(words[0].upper() + words[1:] + ".")
        elif et == "passed" and ev.get("player") == self.seat:
            to = int(ev["to"])
            tiles = parse_tiles(str(ev.get("tiles") or "")) if ev.get("tiles") else []
            blind = int(ev.get("blind") or 0)
            what = tiles_spaced(tiles) if tiles else ""
            if blind and what:
                what = ngettext("{tiles} and {n} tile(s) unseen (blind)",
                                "{tiles} and {n} tile(s) unseen (blind)", blind
                                ).format(tiles=what, n=blind)
            elif blind:
                what = ngettext("{n} tile(s) unseen (blind)", "{n} tile(s) unseen (blind)",
                                blind).format(n=blind)
            self._note(_("You pass {tiles} to {who}").format(tiles=what, who=self._who(to)))
            self._flush_received()
        elif et == "received" and ev.get("player") == self.seat:
            # told after the person's own pass, though the engine tells the passes in wind
            # order: what you passed, then what you received
            tiles = parse_tiles(str(ev.get("tiles") or "")) if ev.get("tiles") else []
            src = int(ev["source"])
            self._received_note = _("You receive {tiles} from {who}").format(
                tiles=tiles_spaced(tiles) or _("nothing"), who=self._who(src))
        elif et == "charleston_vote":
            mine, self._my_vote = self._my_vote, None
            if ev.get("agreed"):
                self._note(_("Everyone agreed: the second Charleston is played "
                             "(left, over, right)."))
            elif mine == ActionKind.CHARLESTON_STOP.value:
                self._note(_("You voted to stop: there is no second Charleston."))
            else:
                # the engine tells only the vote's outcome (docs/rules/american.md: who
                # stopped the Charleston stays unsaid), so nobody can be named
                if mine == ActionKind.CHARLESTON_CONTINUE.value:
                    self._note(_("At least one other player voted to stop (the votes are "
                                 "secret): there is no second Charleston."))
                else:
                    self._note(_("At least one player voted to stop (the votes are secret): "
                                 "there is no second Charleston."))
        elif et == "courtesy_agreed" and ev.get("player") == self.seat:
            n = int(ev.get("number") or 0)
            partner = self._who(int(ev["partner"]))
            if n:
                self._note(ngettext(
                    "Courtesy pass: you and {who} exchange {n} tile (the lower number asked).",
                    "Courtesy pass: you and {who} exchange {n} tiles (the lower number "
                    "asked).", n).format(who=partner, n=n))
            else:
                self._note(_("Courtesy pass: you and {who} exchange no tiles.").format(
                    who=partner))
        elif et == "play_start":
            self._stage = None
            east = next((x for x in range(4) if self._winds[x] == 0), 0)
            self._note(self._by(east, _("The Charleston is over. You begin by discarding "
                                        "(001 Part one 07)."),
                                _("The Charleston is over. {who} begins by discarding "
                                  "(001 Part one 07).")))

    def _hand_end(self, ev: Mapping[str, Any]) -> None:
        result: Mapping[str, Any] = ev["result"]
        reason = result.get("reason")
        winner = result.get("winner")
        self.say()
        self.say(self._rule(_("Hand {n} is over").format(n=int(result['hand_number']) + 1),
                            heavy=True))
        if reason == "draw":
            self.say(_("Drawn hand: the live wall is exhausted and nobody won. No payments."))
        elif reason == "false_mahjong" and winner is not None:
            self.say(_("False Mahjong! {who} declared a hand that does not win, and pays the "
                       "penalty.").format(who=self._who(int(winner))))
        elif winner is not None:
            w = int(winner)
            disc = result.get("discarder")
            win_tile = self._win_how.get("tile") or ev.get("win_tile")
            if self._win_how.get("self_drawn") or disc is None:
                how = (_("self-drawn on {tile}").format(
                    tile=tile_label(Tile.parse(str(win_tile)))) if win_tile
                    else _("self-drawn"))
            elif self._win_how.get("robbing_kong"):
                how = (_("robbing your kong") if disc == self.seat else
                       _("robbing {who}'s kong").format(who=self._who(int(disc))))
            else:
                how = (_("on your discard") if disc == self.seat else
                       _("on {who}'s discard").format(who=self._who(int(disc))))
            self.say(self._by(w, _("You win with Mahjong, {how}!"),
                              _("{who} wins with Mahjong, {how}!"), how=how))
            score = result.get("score")
            groups = [str(g) for g in (score.get("decomposition") or [])] \
                if isinstance(score, Mapping) else []
            if not groups:
                groups = str(ev.get("revealed_hand") or "").split()
            if groups:
                label = _("Hand:")
                self.say(f"  {label:<7}{' '.join(groups)}")
                if self.style.glyphs:
                    try:
                        glyphs = [self._glyphs_of(_meld_tiles(g)) for g in groups]
                    except NotationError:  # a group written otherwise than in tiles
                        glyphs = []
                    if glyphs:
                        self.say(" " * (max(len(label), 6) + 3) + "   ".join(glyphs))
            if win_tile:
                self.say("  " + _("Winning tile: {tile}").format(
                    tile=tile_label(Tile.parse(str(win_tile)))))
            if self._bonus[w]:
                self.say("  " + _("Bonus: {tiles}").format(
                    tiles=', '.join(tile_label(t) for t in self._bonus[w])))
            if isinstance(score, Mapping):
                self._score_lines(score)
        payments = list(result.get("payments") or [0, 0, 0, 0])
        scores = list(ev.get("scores") or [0, 0, 0, 0])
        if any(payments):
            self.say("  " + _("Payments and running totals:"))
        else:
            self.say("  " + _("Running totals:"))
        for x in sorted(range(4), key=lambda x: self._winds[x]):
            pay = f"{payments[x]:+6d}" if any(payments) else ""
            total = _("total {score}").format(score=f"{scores[x]:+6d}")
            self.say(f"    {self._who(x):<28}{pay}   {total}")
        answer = self._ask(_("Press Enter to continue (q to quit): "))
        if answer is not None and answer.lower() in ("q", "quit") and self._confirm_quit():
            raise QuitGame("quit")

    def _card_score_lines(self, score: Mapping[str, Any]) -> None:
        """An American win: the card line (section and number, pattern), its points, whether
        it is jokerless, the items that make each payer's base (the line, the jokerless
        doubling: they add up to it) and the payment rule (self-drawn, on a discard), which
        says how the base is paid and adds no points (001 Part one "Winning the hand")."""
        from ..rules.american.scoring import PAYMENT_ITEMS

        line = score.get("line")
        where = ""
        pattern = ""
        if isinstance(line, Mapping):
            where = f"{line.get('section', '?')} #{line.get('number', '?')}"
            pattern = str(line.get("pattern", ""))
        points = int(score.get("points", score.get("fan", 0)))
        self.say(("  " + _("Card line: {line}").format(line=f"{where}  {pattern}")).rstrip())
        if score.get("jokerless"):
            self.say("  " + ngettext("{n} point, jokerless", "{n} points, jokerless",
                                     points).format(n=points))
        else:
            self.say("  " + ngettext("{n} point, not jokerless", "{n} points, not jokerless",
                                     points).format(n=points))
        items = list(score.get("items") or [])
        made = [it for it in items if it.get("id") not in PAYMENT_ITEMS]
        paid = [it for it in items if it.get("id") in PAYMENT_ITEMS]
        if made:
            base = int(score.get("base", points))
            base_name = _("Each payer's base")
            names = [shown(str(it.get("name", it.get("id")))) for it in made]
            width = max(36, max(len(n) for n in names) + 2)
            self.say("  " + _("Scoring:"))

            def pts(v: int) -> str:
                return ngettext("{n} point", "{n} points", v).format(n=f"{v:>4}")

            for name, it in zip(names, made, strict=True):
                value = int(it.get("points", it.get("fan", 0)))
                self.say(f"    {name:<{width}}{pts(value)}")
            self.say(f"    {base_name:<{width}}{pts(base)}")
        for it in paid:
            self.say("  " + _("Paid: {item}").format(item=shown(str(it.get('name', it.get('id'))))))

    def _score_lines(self, score: Mapping[str, Any]) -> None:
        if "line" in score:
            self._card_score_lines(score)
            return
        fan = score.get("rules", "hongkong") == "hongkong"

        def unit(n: int) -> str:
            return (ngettext("{n} fan", "{n} fan", n).format(n=f"{n:>3}") if fan
                    else ngettext("{n} point", "{n} points", n).format(n=f"{n:>3}"))

        items = list(score.get("items") or [])
        self.say("  " + _("Scoring:"))
        if not items:
            nothing = _("(no scoring elements)")
            self.say(f"    {nothing:<36}{unit(0)}")
        for it in items:
            name = shown(str(it.get('name', it.get('id'))))
            self.say(f"    {name:<36}{unit(int(it.get('fan', 0)))}")
        total = unit(int(score.get('fan', 0))).strip()
        if score.get("limit"):
            line = "    " + _("Total {total}, limit hand ({limit}) {arrow} base {base}").format(
                total=total, limit=shown(str(score['limit'])), arrow=self.style.to,
                base=score.get('base', 0))
        else:
            line = "    " + _("Total {total} {arrow} base {base}").format(
                total=total, arrow=self.style.to, base=score.get('base', 0))
        self.say(line)

    def _game_end(self, ev: Mapping[str, Any]) -> None:
        scores = list(ev.get("scores") or [0, 0, 0, 0])
        order = list(ev.get("standings") or sorted(range(4), key=lambda x: -scores[x]))
        self.say()
        hands = ev.get("hands", 0)
        # the English "hand(s)" for any n; a language with forms picks one (issue 23)
        self.say(self._rule(ngettext("Game over after {n} hand(s): final standings",
                                     "Game over after {n} hand(s): final standings",
                                     hands).format(n=hands), heavy=True))
        self.show_standings(scores, order)

    def show_standings(self, scores: Sequence[int], order: Sequence[int] | None = None) -> None:
        """Print players ranked by score."""
        ranked = list(order) if order is not None else sorted(range(4),
                                                              key=lambda x: -scores[x])
        for rank, x in enumerate(ranked, 1):
            name = (_("{name} (you)").format(name=self.names[x])
                    if x == self.seat and self.names[x] != "You" else self._name(x))
            self.say(f"  {rank}. {name:<24}{scores[x]:+7d}")

    # ----- the table -----------------------------------------------------------------------

    def render(self, view: PlayerView) -> list[str]:
        """The table as this seat sees it: header, the four seats, the own hand."""
        st = self.style
        self._winds = [s.wind for s in view.seats]
        rules = rules_heading(view.rules)
        if _card_game(view):
            number = view.hand_number + 1
            hand = (_("Hand {n} of {total}").format(n=number, total=self._hands)
                    if self._hands else _("Hand {n}").format(n=number))
            head = _("{rules} {dot} {hand} {dot} Dealer: {who} {dot} Wall: {n} left").format(
                rules=rules, dot=st.dot, hand=hand, who=self._who(view.dealer),
                n=view.live_wall)
            if view.phase == "charleston" and view.stage:
                head += f" {st.dot} {stage_title(view.stage)}"
        else:
            head = _("{rules} {dot} {wind} round {dot} Hand {n} {dot} Dealer: {who} {dot} "
                     "Wall: {live} live, {dead} dead").format(
                rules=rules, dot=st.dot, wind=wind_name(view.round_wind),
                n=view.hand_number + 1, who=self._who(view.dealer), live=view.live_wall,
                dead=view.dead_wall)
        lines = ["", self._rule(heavy=True), head, self._rule()]
        last = self._last_discarder
        for s in sorted(view.seats, key=lambda s: s.wind):
            mark = st.current if s.player == view.current and view.phase == "turn" else " "
            who = _("You") if s.player == view.player else self._shown(s.name)
            head = (f"{mark} {wind_name(s.wind):<6}{who:<15}{s.score:+6d}  "
                    + _("{n} in hand").format(n=f"{s.concealed_count:>2}"))
            if s.dead:
                head += "  " + _("DEAD")
            extras = [m.notation() for m in s.melds]
            if s.bonus:
                extras.append(_("bonus {tiles}").format(
                    tiles=" ".join(str(t) for t in s.bonus)))
            lines.extend(self._wrap(head + "  ", extras, indent=8) if extras else [head])
            pond = [str(t) for t in s.discards]
            if pond and last == s.player:
                pond[-1] = f"{st.last_open}{pond[-1]}{st.last_close}"
            prefix = "        " + _("discards:") + " "
            lines.extend(self._wrap(prefix, pond or ["-"], indent=len(prefix)))
        lines.append(self._rule())
        lines.extend(self._hand_lines(view))
        return lines

    def _hand_lines(self, view: PlayerView) -> list[str]:
        st = self.style
        concealed = list(view.concealed)
        drawn = view.drawn
        if drawn is not None and drawn in concealed:
            concealed.remove(drawn)
        me = view.me
        lines: list[str] = []
        if me.melds:
            title = _("Your hand ({wind}, {n} concealed tiles, {melds} meld(s))").format(
                wind=wind_name(me.wind), n=len(view.concealed), melds=len(me.melds))
        else:
            title = _("Your hand ({wind}, {n} concealed tiles)").format(
                wind=wind_name(me.wind), n=len(view.concealed))
        lines.append(title)
        cells = [f"{t!s:<3}" for t in concealed]
        text = "   " + "".join(cells)
        glyph_row = "   " + "".join(_glyph_cell(t) for t in concealed)
        if drawn is not None:
            text += f" + {drawn!s}  {st.arrow} " + _("just drawn")
            glyph_row += "   " + _glyph_cell(drawn)
        if st.glyphs:
            lines.append(glyph_row.rstrip())
        lines.append(text.rstrip())
        compact = format_tiles(concealed)
        if drawn is not None:
            compact += f" + {drawn}"
        lines.append(f"   mpsz: {compact}")
        if me.melds:
            shown = " ".join(m.notation() for m in me.melds)
            if st.glyphs:
                shown += "   " + "  ".join(tiles_glyphs(m.tiles) for m in me.melds)
            lines.append("   " + (_("exposures: {melds}") if _card_game(view)
                                     else _("melds: {melds}")).format(melds=shown))
        if _card_game(view):
            jokers = view.counts[_JOKER]
            flowers = sum(view.counts[34:42])
            if jokers or flowers:
                lines.append("   " + _("jokers: {jokers}  flowers: {flowers} (all flowers are "
                                          "alike)").format(jokers=jokers, flowers=flowers))
        from .hints import waiting_line

        wait = waiting_line(view, self._rules(view))
        if wait:
            lines.append(f"   {wait}")
        if self.show_names:
            names: list[str] = []
            i = 0
            while i < len(concealed):
                t = concealed[i]
                n = concealed.count(t)
                names.append(tile_name(t) + (f" x{n}" if n > 1 else "") + ",")
                i += n
            if drawn is not None:
                names.append(_("+ drawn {tile}").format(tile=tile_name(drawn)))
            elif names:
                names[-1] = names[-1].rstrip(",")
            prefix = "   " + _("names:") + " "
            lines.extend(self._wrap(prefix, names, indent=len(prefix)))
        return lines

    # ----- the decision --------------------------------------------------------------------

    def _context(self, view: PlayerView) -> tuple[str, Tile | None]:
        """The line that says what is being decided, and the tile on offer (if any)."""
        if view.phase == "claim" and view.last_discard is not None:
            d = view.discarder
            who = self._who(d) if d is not None else _("Someone")
            t = view.last_discard
            return (_("{who} discarded {tile}. Do you claim it?").format(
                who=who, tile=tile_label(t)), t)
        if view.phase == "rob" and self._offer is not None:
            who = self._who(self._offer_by) if self._offer_by is not None else _("Someone")
            t = self._offer
            return (_("{who} adds {tile} to a pung. You can rob it to win!").format(
                who=who, tile=tile_label(t)), t)
        if view.phase == "charleston":
            return (_("Second Charleston? It is played only if all four players agree "
                      "(001 Part one 06). Continue or stop:"), None)
        if view.drawn is not None:
            return (_("Your turn: you drew {tile}. Type a tile to discard, or a number:")
                    .format(tile=tile_label(view.drawn)), None)
        return (_("Your turn: type a tile to discard, or a number:"), None)

    def _menu_lines(self, labels: Sequence[str]) -> list[str]:
        n = len(labels)
        num_w = len(str(n))
        entries = [f"{i + 1:>{num_w}}. {lab}" for i, lab in enumerate(labels)]
        col_w = max(len(e) for e in entries) + 2
        if n > 6 and 2 + 2 * col_w <= self.width + 2:
            rows = (n + 1) // 2
            out = []
            for r in range(rows):
                left = entries[r]
                right = entries[r + rows] if r + rows < n else ""
                out.append(("  " + left.ljust(col_w) + right).rstrip())
            return out
        return ["  " + e for e in entries]

    def choose(self, view: PlayerView) -> Action:
        """Show the table and the menu; read until the person picks a legal action."""
        self._view = view
        acts = list(view.legal_actions)
        kinds = {a.kind for a in acts}
        if ActionKind.CHARLESTON_PASS in kinds or ActionKind.COURTESY_PASS in kinds:
            return self._choose_pass(view, acts)
        if ActionKind.COURTESY_ASK in kinds:
            return self._choose_courtesy_ask(view, acts)
        context, offered = self._context(view)
        labels = [self._label(a, view, offered) for a in acts]
        card_game = _card_game(view)

        def show(table: bool) -> None:
            out = self.render(view) if table else []
            if table and card_game:
                out.extend(self._closest_lines(view))
            out.append("")
            out.append(context)
            out.extend(self._menu_lines(labels))
            self.output.write("\n".join(out) + "\n")
            self.output.flush()

        show(True)
        prompt = _("Your choice [1-{n}, h for help, q to quit]: ").format(n=len(acts))
        while True:
            answer = self._read(prompt, show, card_game)
            if answer is None:
                continue
            low = answer.lower()
            if not answer:
                if any(a.kind is ActionKind.DISCARD for a in acts):
                    self.say(_("Please type a menu number (1-{n}), a tile to discard, or h for "
                               "help.").format(n=len(acts)))
                else:
                    self.say(_("Please type a menu number (1-{n}), or h for help.").format(
                        n=len(acts)))
                continue
            chosen = self._parse_choice(answer, acts)
            if isinstance(chosen, Action):
                return chosen
            if (self.allow_false_mahjong and low in _MAHJONG_WORDS
                    and self._confirm_false_mahjong()):
                return Action(ActionKind.MAHJONG, self.seat)
            self.say(chosen)

    def _read(self, prompt: str, show: Any, card_game: bool) -> str | None:
        """Read one answer. The commands every decision shares (help, quit, names, redraw)
        are handled here and give None; the end of input raises :class:`QuitGame`."""
        line = self._ask(prompt)
        if line is None:
            raise QuitGame(END_OF_INPUT)
        answer = line.strip()
        low = answer.lower()
        if low in ("h", "?", "help"):
            self.say(_(HELP).format(mark=f"{self.style.last_open}...{self.style.last_close}"))
            if card_game:
                self.say(_(AMERICAN_HELP))
            show(False)
            return None
        if low in ("q", "quit", "exit"):
            if self._confirm_quit():
                raise QuitGame("quit")
            show(False)
            return None
        if low in ("n", "names"):
            self.show_names = not self.show_names
            self.say(_("English tile names on.") if self.show_names
                     else _("English tile names off."))
            show(True)
            return None
        if low in ("r", "redraw", "t", "table"):
            show(True)
            return None
        if low in ("i", "hint"):
            self._hint()
            return None
        if low in ("u", "undo"):
            if self.undo:
                raise UndoRequest()
            self.say(_("Undo is a practice option: start the game with --practice undo."))
            return None
        return answer

    def _hint(self) -> None:
        """Hints on request (issue 11): shanten, waits with unseen counts, the advice and its
        reason, what each claim does."""
        from .hints import hint_lines

        if self._view is None:
            return
        self.say(_("Hint:"))
        for line in hint_lines(self._view, self._rules(self._view)):
            self.say(f"  {line}")

    def _label(self, a: Action, view: PlayerView, offered: Tile | None) -> str:
        """Menu wording of ``a`` in ``view`` (naming seats and exposures where it helps)."""
        k = a.kind
        if k is ActionKind.JOKER_EXCHANGE and a.tile is not None and a.target is not None:
            meld = next((m for m in view.seats[a.target].melds
                         if any(t.is_joker for t in m.tiles)
                         and (m.tile == a.tile or (m.tile.is_flower and a.tile.is_flower))),
                        None)
            shown = f" {meld.notation()}" if meld is not None else ""
            if a.target == self.seat:
                text = _("Exchange your {tile} for the joker in your own exposure").format(
                    tile=tile_label(a.tile))
            else:
                text = _("Exchange your {tile} for the joker in {who}'s exposure").format(
                    tile=tile_label(a.tile), who=self._who(a.target))
            return text + shown
        if k is ActionKind.CALL_DEAD and a.target is not None:
            melds = " ".join(m.notation() for m in view.seats[a.target].melds)
            return _("Call {who}'s hand dead: its exposures {melds} fit no line of the card "
                     "(001 Part one 'Dead hands')").format(who=self._who(a.target), melds=melds)
        if k is ActionKind.MAHJONG and view.phase == "charleston":
            return _("Mahjong! Your dealt hand already wins")
        return describe_action(a, claimed=offered, drawn=view.drawn)

    # ----- American: the card, the Charleston and the courtesy pass (001 Part one 06) -------

    def _rules(self, view: PlayerView) -> RuleSet:
        """The rule set of the game (given by the table; else the view's rule set with its
        defaults and this player's card)."""
        if self.rules is None:
            from ..rules import get_rule_set

            if _card_game(view):
                card = self._the_card()
                self.rules = get_rule_set(view.rules,
                                          card="practice" if card.practice else card.source)
            else:
                self.rules = get_rule_set(view.rules)
        return self.rules

    def _the_card(self) -> Card:
        if self.card is None:
            from ..rules.american.card import practice_card

            self.card = practice_card()
        return self.card

    def _closest_lines(self, view: PlayerView, n: int = 3) -> list[str]:
        """The ``n`` closest lines of the card (tiles away counting only tiles that can
        still come) and the advice for the decision, from the one advisor
        (:func:`mahjong_table.tui.hints.card_lines`)."""
        from .hints import card_lines

        try:
            found = card_lines(view, self._rules(view), n)
        except ValueError:
            return []
        if not found:
            return []
        lines = [_("Closest card lines:")]
        for text in found:
            lines.extend(self._wrap("  ", text.split(" "), indent=6))
        return lines

    def _stage_info(self, view: PlayerView) -> dict[str, Any]:
        """The stage under way: from its event, or from the American rule set's stages."""
        if self._stage is not None and self._stage.get("stage") == view.stage:
            return self._stage
        from ..rules.american.ruleset import CHARLESTON

        for st in CHARLESTON:
            if st.name == view.stage:
                return {"stage": st.name, "kind": st.kind, "offset": st.offset,
                        "count": st.count, "blind": st.blind}
        return {"stage": view.stage or "", "kind": "pass", "offset": 2, "count": 3,
                "blind": False}

    def _choose_courtesy_ask(self, view: PlayerView, acts: Sequence[Action]) -> Action:
        """001 Part one 06: "players sitting opposite each other may exchange 0-3 tiles";
        the lower number asked is exchanged."""
        by_number = {a.number or 0: a for a in acts if a.kind is ActionKind.COURTESY_ASK}
        top = max(by_number)
        partner = self._who((self.seat + 2) % 4)

        def show(table: bool) -> None:
            out = self.render(view) if table else []
            if table:
                out.extend(self._closest_lines(view))
            out.append("")
            out.append(_("Courtesy pass (001 Part one 06): how many tiles do you want to "
                         "exchange with {who}, opposite you? Both must agree: the lower "
                         "number asked is exchanged.").format(who=partner))
            out.extend(f"  {n}. {describe_action(by_number[n])}" for n in sorted(by_number))
            self.output.write("\n".join(out) + "\n")
            self.output.flush()

        show(True)
        while True:
            answer = self._read(_("How many tiles [0-{top}, h for help, q to quit]: ")
                                .format(top=top), show, True)
            if answer is None:
                continue
            if answer.isdigit() and int(answer) in by_number:
                return by_number[int(answer)]
            self.say(_("Type a number from 0 to {top}: the tiles you ask to exchange.").format(
                top=top))

    def _choose_pass(self, view: PlayerView, acts: Sequence[Action]) -> Action:
        """A Charleston pass or the courtesy pass (001 Part one 06), typed as tiles or as
        the numbers of the hand's tiles, with ``+N blind`` where blind passing is allowed."""
        kind = next(a.kind for a in acts if a.kind in (ActionKind.CHARLESTON_PASS,
                                                       ActionKind.COURTESY_PASS))
        passes = [a for a in acts if a.kind is kind]
        n = len(passes[0].tiles) + (passes[0].number or 0)
        blind_max = max(a.number or 0 for a in passes)
        mahjong = next((a for a in acts if a.kind is ActionKind.MAHJONG), None)
        legal = set(passes)
        info = self._stage_info(view)
        hand = list(view.concealed)
        if kind is ActionKind.COURTESY_PASS:
            partner = self._who((self.seat + 2) % 4)
            what = ngettext("Courtesy pass: pass the {n} tile you agreed with {who}.",
                            "Courtesy pass: pass the {n} tiles you agreed with {who}.",
                            n).format(n=n, who=partner)
        else:
            words = self._stage_words(info)
            what = words[0].upper() + words[1:] + "."
        notes = [_("Jokers cannot be passed (001 Part one 06).")]
        if blind_max:
            notes.append(_("This is the last pass of the Charleston: you may pass on up to "
                           "{n} of the tiles arriving now unseen (a blind pass), e.g. 2m 4p "
                           "+1 blind.").format(n=blind_max))
        example = " ".join(str(t) for t in hand[:n])
        numbers = " ".join(str(i + 1) for i in range(min(n, len(hand))))

        def show(table: bool) -> None:
            out = self.render(view) if table else []
            if table:
                out.extend(self._closest_lines(view))
                out.extend(self._wrap(_("Your tiles by number: "),
                                      [f"{i + 1}:{t}" for i, t in enumerate(hand)],
                                      indent=4))
            out.append("")
            out.append(what)
            out.extend(notes)
            if mahjong is not None:
                out.append(_("Your dealt hand already wins: type m to declare Mahjong."))
            self.output.write("\n".join(out) + "\n")
            self.output.flush()

        show(True)
        prompt = ngettext("Pass {n} tile (e.g. {example} or {numbers}; h for help, q to "
                          "quit): ",
                          "Pass {n} tiles (e.g. {example} or {numbers}; h for help, q to "
                          "quit): ", n).format(n=n, example=example, numbers=numbers)
        while True:
            answer = self._read(prompt, show, True)
            if answer is None:
                continue
            if mahjong is not None and answer.lower() in _MAHJONG_WORDS:
                return mahjong
            chosen = self._parse_pass(answer, hand, n, blind_max,
                                      bool(info.get("blind"))
                                      and kind is ActionKind.CHARLESTON_PASS)
            if isinstance(chosen, str):
                self.say(chosen)
                continue
            tiles, blind = chosen
            action = Action(kind, self.seat, tiles=tiles, number=blind or None)
            if action in legal:
                return action
            what = tiles_spaced(tiles) or _("no tiles")
            if blind:
                what = _("{tiles} and {n} blind").format(tiles=what, n=blind)
            self.say(_("That pass is not possible now: {what}.").format(what=what))

    def _parse_pass(self, answer: str, hand: Sequence[Tile], n: int, blind_max: int,
                    blind_stage: bool) -> tuple[tuple[Tile, ...], int] | str:
        """The tiles (from ``hand``) and the blind count ``answer`` names, or a message
        saying what is wrong. Flowers are alike: ``1f`` is any flower held."""
        blind = 0
        picked: list[Tile] = []
        tokens = answer.replace(",", " ").split()
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            low = tok.lower()
            m = _BLIND.match(low)
            if m:
                blind += int(m.group(1))
                if not m.group(2) and i + 1 < len(tokens) and tokens[i + 1].lower() in (
                        _BLIND_WORDS):
                    i += 1
            elif low in _BLIND_WORDS:
                return _("Write a blind pass as +N blind, e.g. 2m 4p +1 blind.")
            elif tok.isdigit():
                if not 1 <= int(tok) <= len(hand):
                    return _("There is no tile number {tok}: your hand has {n} tiles, numbered "
                             "1 to {n}.").format(tok=tok, n=len(hand))
                picked.append(hand[int(tok) - 1])
            else:
                try:
                    picked.extend(parse_tiles(read_tile_text(tok)))
                except NotationError as exc:
                    return _("{text} is not a tile: {error}. Type {n} tiles (e.g. 3m 5p 7z) or "
                             "their numbers in your hand.").format(text=repr(tok), error=exc,
                                                                   n=n)
            i += 1
        if any(t.is_joker for t in picked):
            return _("Jokers cannot be passed (001 Part one 06: \"Jokers cannot be passed\"). "
                     "Choose other tiles.")
        if blind and not blind_stage:
            return _("A blind pass is allowed only on the last pass of each Charleston "
                     "(001 Part one 06; the option blind_pass), not now.")
        if blind > blind_max:
            return ngettext("You can pass on at most {n} tile unseen now.",
                            "You can pass on at most {n} tiles unseen now.",
                            blind_max).format(n=blind_max)
        if len(picked) + blind != n:
            gave = ngettext("{n} tile", "{n} tiles", len(picked)).format(n=len(picked))
            if blind:
                gave = _("{tiles} and {n} blind").format(tiles=gave, n=blind)
            return _("This pass is {n} tiles: you gave {gave}.").format(n=n, gave=gave)
        # every tile must be held (flowers are alike: any held flower stands for 1f)
        have: dict[int, int] = {}
        for t in hand:
            have[t] = have.get(t, 0) + 1
        chosen: list[Tile] = []
        flowers_wanted = 0
        for t in picked:
            if have.get(t, 0) > 0:
                have[t] -= 1
                chosen.append(t)
            elif t.is_flower:
                flowers_wanted += 1
            else:
                held = sum(1 for x in hand if x == t)
                if not held:
                    return _("You have no {tile} in your hand.").format(tile=tile_label(t))
                return _("You hold only {held} {tile}, not {n}.").format(
                    held=held, tile=tile_label(t), n=sum(1 for x in picked if x == t))
        for k in sorted(have):
            while flowers_wanted and TILES[k].is_flower and have[k] > 0:
                have[k] -= 1
                flowers_wanted -= 1
                chosen.append(TILES[k])
        if flowers_wanted:
            return _("You do not hold that many flowers.")
        return tuple(sorted(chosen)), blind

    def _not_in_tile_set(self, t: Tile) -> str | None:
        """A message when ``t`` is no tile of the rule set played (``1j`` in Hong Kong)."""
        ts = self.tile_set
        if ts is None or ts.copies[t] > 0:
            return None
        rules = rules_title(self._view.rules) if self._view is not None else ts.name
        return _("{tile} is not a tile of the {rules} rule set: its {n} tiles have none.").format(
            tile=f"{t} ({tile_name(t)})", rules=rules, n=ts.size)

    def _confirm_false_mahjong(self) -> bool:
        ans = self._ask(self.false_mahjong_warning)
        return ans is not None and _is_yes(ans)

    def _confirm_quit(self) -> bool:
        """Quit? y or yes; the end of input raises :class:`QuitGame` for it, not for a
        chosen quit (the game is then saved as on Ctrl-C)."""
        ans = self._ask(_("Quit the game? (y/n): "))
        if ans is None:
            raise QuitGame(END_OF_INPUT)
        return _is_yes(ans)

    def _parse_choice(self, answer: str, acts: Sequence[Action]) -> Action | str:
        """The action ``answer`` names, or an error message to show."""
        low = answer.lower()
        n = len(acts)
        if answer.isdigit():
            i = int(answer)
            if 1 <= i <= n:
                return acts[i - 1]
            return _("There is no option {answer}: choose a number from 1 to {n}.").format(
                answer=answer, n=n)
        if answer in _GLYPH_TILES:  # a tile glyph, as the hand is shown
            answer = str(_GLYPH_TILES[answer])
        for words, kind in ((_MAHJONG_WORDS, ActionKind.MAHJONG),
                            (("p", "pass"), ActionKind.PASS),
                            (("c", "continue", "y", "yes"), ActionKind.CHARLESTON_CONTINUE),
                            (("s", "stop", "no"), ActionKind.CHARLESTON_STOP)):
            if kind not in (ActionKind.MAHJONG, ActionKind.PASS) and not any(
                    a.kind is kind for a in acts):
                continue
            if low in words:
                for a in acts:
                    if a.kind is kind:
                        return a
                return _("{action} is not possible now.").format(
                    action=_ACTION_WORDS[kind.value]())
        if any(ch.isdigit() for ch in answer):
            try:
                tiles = parse_tiles(read_tile_text(answer).replace(" ", ""))
            except NotationError as exc:
                return _("{text} is not a tile: {error}.").format(text=repr(answer), error=exc)
            if len(tiles) != 1:
                return _("Type one tile to discard, e.g. {tile}, not {n}.").format(
                    tile=tiles[0], n=len(tiles))
            t = tiles[0]
            foreign = self._not_in_tile_set(t)
            if foreign:
                return foreign
            for a in acts:
                if a.kind is ActionKind.DISCARD and a.tile == t:
                    return a
            if t.is_flower:  # American flowers are alike: any flower held is discarded
                for a in acts:
                    if a.kind is ActionKind.DISCARD and a.tile is not None \
                            and a.tile.is_flower:
                        return a
            if not any(a.kind is ActionKind.DISCARD for a in acts):
                return _("You cannot discard now: answer the claim with a menu number "
                         "(1-{n}).").format(n=n)
            return _("You have no {tile} in your hand to discard.").format(tile=tile_label(t))
        return _("Not understood: {text}. Type a number 1-{n}, a tile to discard (e.g. 5p), "
                 "or h for help.").format(text=repr(answer), n=n)

