"""A human at a text terminal: shows the table, narrates events, reads choices.

:class:`HumanPlayer` is a :class:`~.base.Player`. It reads from one text stream and writes to
another, so tests can script it. It sees only what its seat may see: the
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
_RULES_NAMES = {"hongkong": "Hong Kong", "chinese": "Chinese", "american": "American"}
_SUIT_WORDS = {"m": "Characters", "p": "Circles", "s": "Bamboo"}
#: a Charleston pass's direction by its seat offset in turn order (001 Part one 06)
_DIRECTIONS = {1: "to the right", 2: "over (across)", 3: "to the left"}
_JOKER = 46
_BLIND = re.compile(r"^\+(\d+)(blind)?$")
_CHARLESTON_NAMES = {0: "first Charleston", 1: "second Charleston", 2: "courtesy pass"}


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
    """``"5 Circles (5p)"``, ``"Red dragon (7z)"``, ``"Flower 2 (Orchid) (2f)"``."""
    return f"{t.name} ({t})"


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
    return f"{r}-{r + 1}-{r + 2} {_SUIT_WORDS[first.suit]} ({r}{r + 1}{r + 2}{first.suit})"


def describe_action(a: Action, *, claimed: Tile | None = None, drawn: Tile | None = None) -> str:
    """Menu wording of an action: ``"Discard 5 Circles (5p)"``, ``"Pung Red dragon (7z)"``,
    ``"Chow 3-4-5 Bamboo (345s)"``, ``"Mahjong!"``, ``"Pass"``. ``claimed`` is the tile on
    offer (a discard or a tile being added to a kong); ``drawn`` the tile just drawn."""
    k = a.kind
    if k is ActionKind.DISCARD:
        assert a.tile is not None
        extra = " - drawn" if drawn is not None and a.tile == drawn else ""
        return f"Discard {tile_label(a.tile)}{extra}"
    if k is ActionKind.MAHJONG:
        if claimed is not None:
            return f"Mahjong! Win on {tile_label(claimed)}"
        return "Mahjong! Win on your own draw"
    if k is ActionKind.PASS:
        return "Pass"
    if k is ActionKind.CHOW:
        assert a.tile is not None
        return f"Chow {_chow_label(a.tile)}"
    if k in EXPOSURE_SIZES:
        word = k.value.capitalize()
        text = f"{word} {tile_label(claimed)}" if claimed is not None else word
        if a.jokers:
            text += f" using {a.jokers} joker{'s' if a.jokers > 1 else ''}"
        return text
    if k is ActionKind.CHARLESTON_CONTINUE:
        return "Continue: play the second Charleston (left, over, right)"
    if k is ActionKind.CHARLESTON_STOP:
        return "Stop: no second Charleston"
    if k is ActionKind.COURTESY_ASK:
        n = a.number or 0
        return (f"Ask for {n} tile{'s' if n != 1 else ''}" if n
                else "Ask for none (no courtesy pass)")
    if k is ActionKind.JOKER_EXCHANGE:
        assert a.tile is not None
        return f"Exchange your {tile_label(a.tile)} for a joker (player {a.target}'s exposure)"
    if k is ActionKind.CALL_DEAD:
        return f"Call player {a.target}'s hand dead"
    if k is ActionKind.CONCEALED_KONG:
        assert a.tile is not None
        return f"Kong {tile_label(a.tile)} - declare the four in your hand (concealed kong)"
    if k is ActionKind.ADDED_KONG:
        assert a.tile is not None
        return f"Kong {tile_label(a.tile)} - add it to your exposed pung"
    return str(a)


def _card_game(view: PlayerView) -> bool:
    """A game played against a card (American): flowers and jokers are hand tiles, so the
    hand's counts run over all 47 tile kinds."""
    return len(view.counts) > NUM_PLAYING


def _meld_tiles(notation: str) -> list[Tile]:
    return parse_tiles(notation.strip("[]()"))


HELP = """\
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
latest discard is marked {mark}."""


AMERICAN_HELP = """\
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
lines of the card are shown with the tiles each still needs."""


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
        self.false_mahjong_warning = false_mahjong_warning or (
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
        wind = WIND_NAMES[self._winds[p]]
        if p == self.seat:
            return f"You ({wind})"
        return f"{wind} ({self.names[p]})"

    def _subject(self, p: int, verb3: str, verb: str) -> str:
        """``"South (Random 1) discards"`` / ``"You discard"``."""
        if p == self.seat:
            return f"You {verb}"
        return f"{self._who(p)} {verb3}"

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
            self._note(f"Seats are drawn: {self.names[first] if first != self.seat else 'you'}"
                       f" will be East (the dealer) first.")
        elif et == "hand_start":
            self._winds = [_WIND_OF_LETTER[w] for w in ev["winds"]]
            self._bonus = [[], [], [], []]
            self._last_discarder = None
            self._offer = None
            self._win_how = {}
            self._stage = None
            dealer = int(ev["dealer"])
            if self._card_game:  # American play has no prevailing wind (001 Part one 01)
                of = f" of {self._hands}" if self._hands else ""
                title = (f"Hand {int(ev['hand_number']) + 1}{of} {self.style.dot} "
                         f"dealer {self._who(dealer)}")
            else:
                title = (f"Hand {int(ev['hand_number']) + 1} {self.style.dot} "
                         f"{WIND_NAMES[_WIND_OF_LETTER[ev['round_wind']]]} round "
                         f"{self.style.dot} dealer {self._who(dealer)}")
            self.say()
            self.say(self._rule(title, heavy=True))
            # the count is the live wall's before the deal (the deal follows this event)
            self._note(f"You sit {WIND_NAMES[self._winds[self.seat]]}. The wall is broken; "
                       f"{ev.get('live_wall', '?')} tiles in the live wall before the deal.")
        elif et == "deal" and p == self.seat and "tiles" in ev:
            tiles = parse_tiles(str(ev["tiles"]))
            self._note(f"You are dealt: {format_tiles(tiles)}")
        elif et == "bonus" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            self._bonus[p].append(t)
            self._note(f"{self._subject(p, 'exposes', 'expose')} {tile_label(t)} and "
                       f"{'draws' if p != self.seat else 'draw'} a replacement")
        elif et == "replacement" and p == self.seat and "tile" in ev:
            t = Tile.parse(str(ev["tile"]))
            why = "for the kong" if ev.get("reason") == "kong" else "for the bonus tile"
            self._note(f"Your replacement tile {why}: {tile_label(t)}")
        elif et == "replacement" and p is not None and ev.get("reason") == "kong":
            self._note(f"{self._who(p)} draws a replacement tile for the kong")
        elif et == "draw" and p == self.seat and "tile" in ev:
            t = Tile.parse(str(ev["tile"]))
            self._note(f"You draw {tile_label(t)}")
        elif et == "discard" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            self._last_discarder = p
            self._note(f"{self._subject(p, 'discards', 'discard')} {tile_label(t)}")
        elif et == "claim" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            d = int(ev["discarder"])
            self._last_discarder = None
            src = "your" if d == self.seat else f"{self._who(d)}'s"
            self._note(f"{self._subject(p, 'claims', 'claim')} {ev['kind']} of {t} "
                       f"({t.name}) on {src} discard: {ev['meld']}")
        elif et == "concealed_kong" and p is not None:
            self._note(f"{self._subject(p, 'declares', 'declare')} a concealed kong "
                       f"{ev['meld']}")
        elif et == "added_kong" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            self._offer = t
            self._offer_by = p
            self._note(f"{self._subject(p, 'adds', 'add')} {tile_label(t)} to an exposed "
                       f"pung, making a kong")
        elif et == "kong_completed":
            self._offer = None
        elif et == "declare_mahjong" and p is not None:
            self._win_how = dict(ev)
            if ev.get("self_drawn"):
                how = "on a self-drawn tile"
            else:
                t = Tile.parse(str(ev["tile"]))
                d = int(ev["discarder"])
                src = "your" if d == self.seat else f"{self._who(d)}'s"
                how = (f"by robbing {src} kong of {tile_label(t)}" if ev.get("robbing_kong")
                       else f"on {src} {tile_label(t)}")
            if ev.get("false"):
                how += ", but the hand does not win"
            self._note(f"{self._subject(p, 'declares', 'declare')} Mahjong {how}!")
        elif et in _STAGE_EVENTS:
            self._narrate_stage(ev)
        elif et == "joker_exchange" and p is not None:
            t = Tile.parse(str(ev["tile"]))
            owner = int(ev["target"])
            whose = ("their own" if p != self.seat else "your own") if owner == p else (
                "your" if owner == self.seat else f"{self._who(owner)}'s")
            self._note(f"{self._subject(p, 'exchanges', 'exchange')} {tile_label(t)} for the "
                       f"joker in {whose} exposure, now {ev.get('meld', '')}")
        elif et == "dead_hand" and p is not None:
            if ev.get("reason") == "false_mahjong":
                why = "a false Mahjong"
            else:
                why = "its exposures fit no line of the card"
                if ev.get("called_by") is not None:
                    by = int(ev["called_by"])
                    why += f" (called by {'you' if by == self.seat else self._who(by)})"
            whose = "Your hand is" if p == self.seat else f"{self._who(p)}'s hand is"
            self._note(f"{whose} dead: {why}. Out of play until the next hand "
                       f"(001 Part one 'Dead hands').")
        elif et == "hand_end":
            self._hand_end(ev)
        elif et == "game_end":
            self._game_end(ev)
        # draws of others (no tile shown), claim windows and responses are not narrated

    def _stage_words(self, stage: Mapping[str, Any]) -> str:
        """``"first Charleston, pass 3 tiles to the right (to South (Bot 1))"``."""
        kind = stage.get("kind")
        name = str(stage.get("stage", stage.get("name", "")))
        group = _CHARLESTON_NAMES[1 if name.startswith("second") else 2
                                  if name.startswith("courtesy") else 0]
        if kind == "vote":
            return "the vote on a second Charleston (it is played only if all agree)"
        if kind == "courtesy_ask":
            return (f"the courtesy pass: ask the player opposite, "
                    f"{self._who((self.seat + 2) % 4)}, for 0 to {stage.get('count', 3)} tiles")
        offset = int(stage.get("offset") or 2)
        to = self._who((self.seat + offset) % 4)
        count = int(stage.get("count", 3))
        if kind == "courtesy_pass":
            return f"the courtesy pass with {to}"
        return f"{group}, pass {count} tiles {_DIRECTIONS.get(offset, '')} (to {to})"

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
            if blind:
                what = (what + " and " if what else "") + f"{blind} tile(s) unseen (blind)"
            self._note(f"You pass {what} to {self._who(to)}")
            self._flush_received()
        elif et == "received" and ev.get("player") == self.seat:
            # told after the person's own pass, though the engine tells the passes in wind
            # order: what you passed, then what you received
            tiles = parse_tiles(str(ev.get("tiles") or "")) if ev.get("tiles") else []
            src = int(ev["source"])
            self._received_note = (f"You receive {tiles_spaced(tiles) or 'nothing'} from "
                                   f"{self._who(src)}")
        elif et == "charleston_vote":
            mine, self._my_vote = self._my_vote, None
            if ev.get("agreed"):
                self._note("Everyone agreed: the second Charleston is played "
                           "(left, over, right).")
            elif mine == ActionKind.CHARLESTON_STOP.value:
                self._note("You voted to stop: there is no second Charleston.")
            else:
                # the engine tells only the vote's outcome (docs/rules/american.md: who
                # stopped the Charleston stays unsaid), so nobody can be named
                others = " other" if mine == ActionKind.CHARLESTON_CONTINUE.value else ""
                self._note(f"At least one{others} player voted to stop (the votes are secret): "
                           f"there is no second Charleston.")
        elif et == "courtesy_agreed" and ev.get("player") == self.seat:
            n = int(ev.get("number") or 0)
            partner = self._who(int(ev["partner"]))
            if n:
                self._note(f"Courtesy pass: you and {partner} exchange {n} tile"
                           f"{'s' if n > 1 else ''} (the lower number asked).")
            else:
                self._note(f"Courtesy pass: you and {partner} exchange no tiles.")
        elif et == "play_start":
            self._stage = None
            east = next((x for x in range(4) if self._winds[x] == 0), 0)
            self._note(f"The Charleston is over. {self._subject(east, 'begins', 'begin')} by "
                       f"discarding (001 Part one 07).")

    def _hand_end(self, ev: Mapping[str, Any]) -> None:
        result: Mapping[str, Any] = ev["result"]
        reason = result.get("reason")
        winner = result.get("winner")
        self.say()
        self.say(self._rule(f"Hand {int(result['hand_number']) + 1} is over", heavy=True))
        if reason == "draw":
            self.say("Drawn hand: the live wall is exhausted and nobody won. No payments.")
        elif reason == "false_mahjong" and winner is not None:
            self.say(f"False Mahjong! {self._who(int(winner))} declared a hand that does not "
                     f"win, and pays the penalty.")
        elif winner is not None:
            w = int(winner)
            disc = result.get("discarder")
            win_tile = self._win_how.get("tile") or ev.get("win_tile")
            if self._win_how.get("self_drawn") or disc is None:
                how = "self-drawn"
                if win_tile:
                    how += f" on {tile_label(Tile.parse(str(win_tile)))}"
            else:
                src = "your" if disc == self.seat else f"{self._who(int(disc))}'s"
                how = f"robbing {src} kong" if self._win_how.get("robbing_kong") \
                    else f"on {src} discard"
            who = "You win" if w == self.seat else f"{self._who(w)} wins"
            self.say(f"{who} with Mahjong, {how}!")
            score = result.get("score")
            groups = [str(g) for g in (score.get("decomposition") or [])] \
                if isinstance(score, Mapping) else []
            if not groups:
                groups = str(ev.get("revealed_hand") or "").split()
            if groups:
                self.say(f"  Hand:  {' '.join(groups)}")
                if self.style.glyphs:
                    try:
                        glyphs = [self._glyphs_of(_meld_tiles(g)) for g in groups]
                    except NotationError:  # a group written otherwise than in tiles
                        glyphs = []
                    if glyphs:
                        self.say(f"         {'   '.join(glyphs)}")
            if win_tile:
                self.say(f"  Winning tile: {tile_label(Tile.parse(str(win_tile)))}")
            if self._bonus[w]:
                self.say(f"  Bonus: {', '.join(tile_label(t) for t in self._bonus[w])}")
            if isinstance(score, Mapping):
                self._score_lines(score)
        payments = list(result.get("payments") or [0, 0, 0, 0])
        scores = list(ev.get("scores") or [0, 0, 0, 0])
        if any(payments):
            self.say("  Payments and running totals:")
        else:
            self.say("  Running totals:")
        for x in sorted(range(4), key=lambda x: self._winds[x]):
            pay = f"{payments[x]:+6d}" if any(payments) else ""
            self.say(f"    {self._who(x):<28}{pay}   total {scores[x]:+6d}")
        answer = self._ask("Press Enter to continue (q to quit): ")
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
        jokerless = "jokerless" if score.get("jokerless") else "not jokerless"
        self.say(f"  Card line: {where}  {pattern}".rstrip())
        self.say(f"  {points} point{'s' if points != 1 else ''}, {jokerless}")
        items = list(score.get("items") or [])
        made = [it for it in items if it.get("id") not in PAYMENT_ITEMS]
        paid = [it for it in items if it.get("id") in PAYMENT_ITEMS]
        if made:
            base = int(score.get("base", points))
            base_name = "Each payer's base"
            names = [str(it.get("name", it.get("id"))) for it in made]
            width = max(36, max(len(n) for n in names) + 2)
            self.say("  Scoring:")
            for name, it in zip(names, made, strict=True):
                value = int(it.get("points", it.get("fan", 0)))
                self.say(f"    {name:<{width}}{value:>4} point{'s' if value != 1 else ''}")
            self.say(f"    {base_name:<{width}}{base:>4} "
                     f"point{'s' if base != 1 else ''}")
        for it in paid:
            self.say(f"  Paid: {it.get('name', it.get('id'))}")

    def _score_lines(self, score: Mapping[str, Any]) -> None:
        if "line" in score:
            self._card_score_lines(score)
            return
        fan = score.get("rules", "hongkong") == "hongkong"

        def unit(n: int) -> str:
            return f"{n:>3} fan" if fan else f"{n:>3} point{'' if n == 1 else 's'}"

        items = list(score.get("items") or [])
        self.say("  Scoring:")
        if not items:
            self.say(f"    {'(no scoring elements)':<36}{unit(0)}")
        for it in items:
            self.say(f"    {it.get('name', it.get('id'))!s:<36}{unit(int(it.get('fan', 0)))}")
        line = f"    Total {unit(int(score.get('fan', 0))).strip()}"
        if score.get("limit"):
            line += f", limit hand ({score['limit']})"
        line += f" {self.style.to} base {score.get('base', 0)}"
        self.say(line)

    def _game_end(self, ev: Mapping[str, Any]) -> None:
        scores = list(ev.get("scores") or [0, 0, 0, 0])
        order = list(ev.get("standings") or sorted(range(4), key=lambda x: -scores[x]))
        self.say()
        self.say(self._rule(f"Game over after {ev.get('hands', '?')} hand(s): final standings",
                            heavy=True))
        self.show_standings(scores, order)

    def show_standings(self, scores: Sequence[int], order: Sequence[int] | None = None) -> None:
        """Print players ranked by score."""
        ranked = list(order) if order is not None else sorted(range(4),
                                                              key=lambda x: -scores[x])
        for rank, x in enumerate(ranked, 1):
            name = f"{self.names[x]}" + (" (you)" if x == self.seat and
                                         self.names[x] != "You" else "")
            self.say(f"  {rank}. {name:<24}{scores[x]:+7d}")

    # ----- the table -----------------------------------------------------------------------

    def render(self, view: PlayerView) -> list[str]:
        """The table as this seat sees it: header, the four seats, the own hand."""
        st = self.style
        self._winds = [s.wind for s in view.seats]
        rules = _RULES_NAMES.get(view.rules, view.rules)
        if _card_game(view):
            of = f" of {self._hands}" if self._hands else ""
            head = (f"{rules} {st.dot} Hand {view.hand_number + 1}{of} {st.dot} "
                    f"Dealer: {self._who(view.dealer)} {st.dot} Wall: {view.live_wall} left")
            if view.phase == "charleston" and view.stage:
                head += f" {st.dot} {view.stage.replace('_', ' ')}"
        else:
            head = (f"{rules} {st.dot} {WIND_NAMES[view.round_wind]} round {st.dot} "
                    f"Hand {view.hand_number + 1} {st.dot} Dealer: {self._who(view.dealer)} "
                    f"{st.dot} Wall: {view.live_wall} live, {view.dead_wall} dead")
        lines = ["", self._rule(heavy=True), head, self._rule()]
        last = self._last_discarder
        for s in sorted(view.seats, key=lambda s: s.wind):
            mark = st.current if s.player == view.current and view.phase == "turn" else " "
            who = "You" if s.player == view.player else s.name
            head = (f"{mark} {WIND_NAMES[s.wind]:<6}{who:<15}{s.score:+6d}  "
                    f"{s.concealed_count:>2} in hand")
            if s.dead:
                head += "  DEAD"
            extras = [m.notation() for m in s.melds]
            if s.bonus:
                extras.append("bonus " + " ".join(str(t) for t in s.bonus))
            lines.extend(self._wrap(head + "  ", extras, indent=8) if extras else [head])
            pond = [str(t) for t in s.discards]
            if pond and last == s.player:
                pond[-1] = f"{st.last_open}{pond[-1]}{st.last_close}"
            lines.extend(self._wrap("        discards: ", pond or ["-"], indent=18))
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
        title = f"Your hand ({WIND_NAMES[me.wind]}, {len(view.concealed)} concealed tiles"
        title += f", {len(me.melds)} meld(s))" if me.melds else ")"
        lines.append(title)
        cells = [f"{t!s:<3}" for t in concealed]
        text = "   " + "".join(cells)
        glyph_row = "   " + "".join(_glyph_cell(t) for t in concealed)
        if drawn is not None:
            text += f" + {drawn!s}  {st.arrow} just drawn"
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
            lines.append(f"   {'exposures' if _card_game(view) else 'melds'}: {shown}")
        if _card_game(view):
            jokers = view.counts[_JOKER]
            flowers = sum(view.counts[34:42])
            if jokers or flowers:
                lines.append(f"   jokers: {jokers}  flowers: {flowers} (all flowers are "
                             f"alike)")
        from ..tui.hints import waiting_line

        wait = waiting_line(view, self._rules(view))
        if wait:
            lines.append(f"   {wait}")
        if self.show_names:
            names: list[str] = []
            i = 0
            while i < len(concealed):
                t = concealed[i]
                n = concealed.count(t)
                names.append(t.name + (f" x{n}" if n > 1 else "") + ",")
                i += n
            if drawn is not None:
                names.append(f"+ drawn {drawn.name}")
            elif names:
                names[-1] = names[-1].rstrip(",")
            lines.extend(self._wrap("   names: ", names, indent=10))
        return lines

    # ----- the decision --------------------------------------------------------------------

    def _context(self, view: PlayerView) -> tuple[str, Tile | None]:
        """The line that says what is being decided, and the tile on offer (if any)."""
        if view.phase == "claim" and view.last_discard is not None:
            d = view.discarder
            who = self._who(d) if d is not None else "Someone"
            t = view.last_discard
            return (f"{who} discarded {tile_label(t)}. Do you claim it?", t)
        if view.phase == "rob" and self._offer is not None:
            who = self._who(self._offer_by) if self._offer_by is not None else "Someone"
            t = self._offer
            return (f"{who} adds {tile_label(t)} to a pung. You can rob it to win!", t)
        if view.phase == "charleston":
            return ("Second Charleston? It is played only if all four players agree "
                    "(001 Part one 06). Continue or stop:", None)
        if view.drawn is not None:
            return (f"Your turn: you drew {tile_label(view.drawn)}. "
                    f"Type a tile to discard, or a number:", None)
        return ("Your turn: type a tile to discard, or a number:", None)

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
        prompt = f"Your choice [1-{len(acts)}, h for help, q to quit]: "
        while True:
            answer = self._read(prompt, show, card_game)
            if answer is None:
                continue
            low = answer.lower()
            if not answer:
                if any(a.kind is ActionKind.DISCARD for a in acts):
                    self.say(f"Please type a menu number (1-{len(acts)}), a tile to discard, "
                             f"or h for help.")
                else:
                    self.say(f"Please type a menu number (1-{len(acts)}), or h for help.")
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
            self.say(HELP.format(mark=f"{self.style.last_open}...{self.style.last_close}"))
            if card_game:
                self.say(AMERICAN_HELP)
            show(False)
            return None
        if low in ("q", "quit", "exit"):
            if self._confirm_quit():
                raise QuitGame("quit")
            show(False)
            return None
        if low in ("n", "names"):
            self.show_names = not self.show_names
            self.say(f"English tile names {'on' if self.show_names else 'off'}.")
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
            self.say("Undo is a practice option: start the game with --practice undo.")
            return None
        return answer

    def _hint(self) -> None:
        """Hints on request (issue 11): shanten, waits with unseen counts, the advice and its
        reason, what each claim does."""
        from ..tui.hints import hint_lines

        if self._view is None:
            return
        self.say("Hint:")
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
            whose = "your own" if a.target == self.seat else f"{self._who(a.target)}'s"
            shown = f" {meld.notation()}" if meld is not None else ""
            return f"Exchange your {tile_label(a.tile)} for the joker in {whose} exposure{shown}"
        if k is ActionKind.CALL_DEAD and a.target is not None:
            melds = " ".join(m.notation() for m in view.seats[a.target].melds)
            return (f"Call {self._who(a.target)}'s hand dead: its exposures {melds} fit no "
                    f"line of the card (001 Part one 'Dead hands')")
        if k is ActionKind.MAHJONG and view.phase == "charleston":
            return "Mahjong! Your dealt hand already wins"
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
        from ..tui.hints import card_lines

        try:
            found = card_lines(view, self._rules(view), n)
        except ValueError:
            return []
        if not found:
            return []
        lines = ["Closest card lines:"]
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
            out.append(f"Courtesy pass (001 Part one 06): how many tiles do you want to "
                       f"exchange with {partner}, opposite you? Both must agree: the lower "
                       f"number asked is exchanged.")
            out.extend(f"  {n}. {describe_action(by_number[n])}" for n in sorted(by_number))
            self.output.write("\n".join(out) + "\n")
            self.output.flush()

        show(True)
        while True:
            answer = self._read(f"How many tiles [0-{top}, h for help, q to quit]: ", show,
                                True)
            if answer is None:
                continue
            if answer.isdigit() and int(answer) in by_number:
                return by_number[int(answer)]
            self.say(f"Type a number from 0 to {top}: the tiles you ask to exchange.")

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
            what = (f"Courtesy pass: pass the {n} tile{'s' if n > 1 else ''} you agreed "
                    f"with {partner}.")
        else:
            words = self._stage_words(info)
            what = words[0].upper() + words[1:] + "."
        notes = ["Jokers cannot be passed (001 Part one 06)."]
        if blind_max:
            notes.append(f"This is the last pass of the Charleston: you may pass on up to "
                         f"{blind_max} of the tiles arriving now unseen (a blind pass), "
                         f"e.g. 2m 4p +1 blind.")
        example = " ".join(str(t) for t in hand[:n])
        numbers = " ".join(str(i + 1) for i in range(min(n, len(hand))))

        def show(table: bool) -> None:
            out = self.render(view) if table else []
            if table:
                out.extend(self._closest_lines(view))
                out.extend(self._wrap("Your tiles by number: ",
                                      [f"{i + 1}:{t}" for i, t in enumerate(hand)],
                                      indent=4))
            out.append("")
            out.append(what)
            out.extend(notes)
            if mahjong is not None:
                out.append("Your dealt hand already wins: type m to declare Mahjong.")
            self.output.write("\n".join(out) + "\n")
            self.output.flush()

        show(True)
        prompt = (f"Pass {n} tile{'s' if n > 1 else ''} (e.g. {example} or {numbers}; "
                  f"h for help, q to quit): ")
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
            self.say(f"That pass is not possible now: {tiles_spaced(tiles) or 'no tiles'}"
                     f"{f' and {blind} blind' if blind else ''}.")

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
                        "blind", "blinds"):
                    i += 1
            elif low in ("blind", "blinds"):
                return "Write a blind pass as +N blind, e.g. 2m 4p +1 blind."
            elif tok.isdigit():
                if not 1 <= int(tok) <= len(hand):
                    return (f"There is no tile number {tok}: your hand has {len(hand)} "
                            f"tiles, numbered 1 to {len(hand)}.")
                picked.append(hand[int(tok) - 1])
            else:
                try:
                    picked.extend(parse_tiles(read_tile_text(tok)))
                except NotationError as exc:
                    return (f"{tok!r} is not a tile: {exc}. Type {n} tiles (e.g. 3m 5p 7z) "
                            f"or their numbers in your hand.")
            i += 1
        if any(t.is_joker for t in picked):
            return ("Jokers cannot be passed (001 Part one 06: \"Jokers cannot be passed\"). "
                    "Choose other tiles.")
        if blind and not blind_stage:
            return ("A blind pass is allowed only on the last pass of each Charleston "
                    "(001 Part one 06; the option blind_pass), not now.")
        if blind > blind_max:
            return (f"You can pass on at most {blind_max} tile{'s' if blind_max != 1 else ''} "
                    f"unseen now.")
        if len(picked) + blind != n:
            gave = f"{len(picked)} tile{'s' if len(picked) != 1 else ''}"
            if blind:
                gave += f" and {blind} blind"
            return f"This pass is {n} tiles: you gave {gave}."
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
                    return f"You have no {tile_label(t)} in your hand."
                return (f"You hold only {held} {tile_label(t)}, not "
                        f"{sum(1 for x in picked if x == t)}.")
        for k in sorted(have):
            while flowers_wanted and TILES[k].is_flower and have[k] > 0:
                have[k] -= 1
                flowers_wanted -= 1
                chosen.append(TILES[k])
        if flowers_wanted:
            return "You do not hold that many flowers."
        return tuple(sorted(chosen)), blind

    def _not_in_tile_set(self, t: Tile) -> str | None:
        """A message when ``t`` is no tile of the rule set played (``1j`` in Hong Kong)."""
        ts = self.tile_set
        if ts is None or ts.copies[t] > 0:
            return None
        rules = _RULES_NAMES.get(self._view.rules, self._view.rules) \
            if self._view is not None else ts.name
        return (f"{t} ({t.name}) is not a tile of the {rules} rule set: its {ts.size} tiles "
                f"have none.")

    def _confirm_false_mahjong(self) -> bool:
        ans = self._ask(self.false_mahjong_warning)
        return ans is not None and ans.lower() in ("y", "yes")

    def _confirm_quit(self) -> bool:
        """Quit? y or yes; the end of input raises :class:`QuitGame` for it, not for a
        chosen quit (the game is then saved as on Ctrl-C)."""
        ans = self._ask("Quit the game? (y/n): ")
        if ans is None:
            raise QuitGame(END_OF_INPUT)
        return ans.lower() in ("y", "yes")

    def _parse_choice(self, answer: str, acts: Sequence[Action]) -> Action | str:
        """The action ``answer`` names, or an error message to show."""
        low = answer.lower()
        n = len(acts)
        if answer.isdigit():
            i = int(answer)
            if 1 <= i <= n:
                return acts[i - 1]
            return f"There is no option {answer}: choose a number from 1 to {n}."
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
                return f"{kind.value.capitalize()} is not possible now."
        if any(ch.isdigit() for ch in answer):
            try:
                tiles = parse_tiles(read_tile_text(answer).replace(" ", ""))
            except NotationError as exc:
                return f"{answer!r} is not a tile: {exc}."
            if len(tiles) != 1:
                return f"Type one tile to discard, e.g. {tiles[0]}, not {len(tiles)}."
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
                return (f"You cannot discard now: answer the claim with a menu number "
                        f"(1-{n}).")
            return f"You have no {tile_label(t)} in your hand to discard."
        return (f"Not understood: {answer!r}. Type a number 1-{n}, a tile to discard "
                f"(e.g. 5p), or h for help.")

