"""The full-screen table, on Textual (issue 11): ``play`` on a terminal and ``replay --show``.

Why Textual: it is the maintained Python TUI library people know (on Rich), it lays a screen
out with CSS so the table fits 80x24 and grows with the window, and it has its own test
harness (``App.run_test()`` and ``Pilot``: keys in, screen out) that the tests drive.

Layout: the status line (rule set, prevailing wind, hand, dealer, live and dead wall); the
four seats around a centre (you at the bottom, the next player in turn order on the right,
the one opposite at the top, the one before you on the left), each with its wind, name,
score, concealed count, exposed melds, bonus tiles and discards in order (claimed ones kept
and marked); the latest events on the right; your hand below (glyphs with the mpsz name
beneath, the drawn tile apart); the decision with its choices; the keys.

Keys: left/right select a tile, Enter or d discards it; 1-9 pick a numbered choice (claims,
kongs, Mahjong, joker exchanges, calling a hand dead, the Charleston vote, the courtesy ask);
in a Charleston pass Space marks tiles, b sets the blind count, Enter passes; Esc or p
passes on a claim (when Pass is a choice); m Mahjong (a false one only where the rules
penalise it, after a warning); h a hint; l the hand's history; c the colour-free theme; g
glyphs on or off; + the bots play faster (a shorter pace), - slower; s save;
u undo (practice option); q quit (offers to save); Ctrl-C saves and quits, never losing a game.

Only the engine's public API and the human seat's view and events are used (the replay
viewer's all-hands-open mode shows ``game.view(p)`` of every seat, which is its purpose).
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..engine import (
    Action,
    ActionKind,
    Game,
    IllegalActionError,
    Phase,
    PlayerView,
    events_for,
)
from ..i18n import N_, _, ngettext, pgettext
from ..names import wind_name
from ..record import action_of_row, game_from_header, read_games
from ..tiles import Tile, format_tiles
from ..tui.line import describe_action, player_name, tile_label
from .board import FinishedHand, finished_hand, last_hand_end
from .hints import card_lines, hint_lines, waiting_line
from .render import (
    Narrator,
    TableMemory,
    centre_text,
    hand_text,
    seat_text,
    status_text,
)
from .session import TableSession

if TYPE_CHECKING:
    from ..rules.american.model import Card

__all__ = ["MIN_SIZE", "ReplayApp", "TableApp", "screen_text"]

#: the smallest window the table is drawn in (columns, rows); a smaller one gets a notice
MIN_SIZE = (80, 24)
_TABLE_PARTS = ("status", "main", "hand", "prompt", "keys")

CSS = """
Screen { layout: vertical; }
#status { height: 1; background: $boost; }
#main { height: 1fr; }
#board { width: 1fr; height: 100%; }
#top { height: auto; min-height: 3; max-height: 5; border-bottom: solid $primary-darken-2; }
#middle { height: 1fr; }
#left { width: 1fr; height: 100%; }
#centre { width: 16; height: 100%; content-align: center middle;
          border-left: solid $primary-darken-2; border-right: solid $primary-darken-2; }
#right { width: 1fr; height: 100%; }
#bottom { height: auto; min-height: 2; max-height: 4; border-top: solid $primary-darken-2; }
#log { width: 26; height: 100%; border-left: solid $primary-darken-2; }
#hand { height: auto; max-height: 3; }
#prompt { height: auto; min-height: 2; max-height: 5; background: $boost; }
#keys { height: 1; color: $text-muted; }
#small { display: none; height: 1fr; width: 100%; content-align: center middle;
         text-align: center; padding: 0 1; }
ModalScreen { align: center middle; }
#dialog { width: 76; max-width: 100%; height: auto; max-height: 22; border: thick $primary;
          background: $surface; padding: 0 1; }
#dialog-body { height: auto; max-height: 18; }
#dialog-keys { height: 1; color: $text-muted; }
"""


def screen_text(app: App[Any]) -> str:
    """The screen as plain text, one line per row (what a person sees, without colour)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


#: the keys of the table (the help screen, ?): the docstring's "Keys:" paragraph, one item
#: per line in the language in force
KEYS_HELP = N_(
    "left/right select a tile, Enter or d discards it; 1-9 pick a numbered choice (claims, "
    "kongs, Mahjong, joker exchanges, calling a hand dead, the Charleston vote, the courtesy "
    "ask); in a Charleston pass Space marks tiles, b sets the blind count, Enter passes; Esc "
    "or p passes on a claim (when Pass is a choice); m Mahjong (a false one only where the "
    "rules penalise it, after a warning); h a hint; l the hand's history; c the colour-free "
    "theme; g glyphs on or off; + the bots play faster (a shorter pace), - slower; s save; "
    "u undo (practice option); q quit (offers to save); Ctrl-C saves and quits, never losing "
    "a game.")


def action_notation(a: Action) -> str:
    """An action as the replay viewer names it: the record's notation (``"discard 2z"``,
    ``"pung 5p +1 joker (player 2)"``: :meth:`Action.__str__`) with its words in the
    language in force (``"scarta 2z"``); the tiles stay notation."""
    words = {
        "discard": pgettext("action notation", "discard"),
        "concealed_kong": pgettext("action notation", "concealed_kong"),
        "added_kong": pgettext("action notation", "added_kong"),
        "mahjong": pgettext("action notation", "mahjong"),
        "pass": pgettext("action notation", "pass"),
        "joker_exchange": pgettext("action notation", "joker_exchange"),
        "call_dead": pgettext("action notation", "call_dead"),
        "charleston_pass": pgettext("action notation", "charleston_pass"),
        "charleston_continue": pgettext("action notation", "charleston_continue"),
        "charleston_stop": pgettext("action notation", "charleston_stop"),
        "courtesy_ask": pgettext("action notation", "courtesy_ask"),
        "courtesy_pass": pgettext("action notation", "courtesy_pass"),
    }
    parts = [words.get(a.kind.value, a.kind.value)]
    if a.tile is not None:
        parts.append(str(a.tile))
    if a.tiles:
        parts.append(format_tiles(a.tiles))
    if a.jokers:
        parts.append(ngettext("+{n} joker", "+{n} jokers", a.jokers).format(n=a.jokers))
    if a.target is not None:
        parts.append(_("(player {p})").format(p=a.target))
    if a.number is not None:
        parts.append(f"#{a.number}")
    return " ".join(parts)


class TextScreen(ModalScreen[str]):
    """A dialog of lines (hint, history, help, the end of a hand); a key closes it and is
    given back to the caller (Enter, Escape, q)."""

    def __init__(self, title: str, lines: Sequence[str], keys: str | None = None,
                 answers: Sequence[str] = ()) -> None:
        super().__init__()
        self._title = title
        self._lines = list(lines)
        self._keys = _("Enter: close") if keys is None else keys
        self._answers = tuple(answers)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self._title, style="bold"))
            with VerticalScroll(id="dialog-body"):
                yield Static("\n".join(self._lines) or _("(nothing yet)"))
            yield Static(self._keys, id="dialog-keys")

    def on_key(self, event: Key) -> None:
        if event.key in ("enter", "escape", "space", "q", *self._answers):
            event.stop()
            self.dismiss(event.key)


class QuitScreen(ModalScreen[str]):
    """Quitting offers to save: Enter saves to the file named and quits, Ctrl-D quits
    without saving, Escape goes back to the game."""

    def __init__(self, default_path: str) -> None:
        super().__init__()
        self.default_path = default_path

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(_("Quit the game"), style="bold"))
            yield Static(_("Save it to resume later (mahjong-table play --resume FILE)?"))
            yield Input(value=self.default_path, id="save-path")
            yield Static(_("Enter: save and quit · Ctrl-D: quit without saving · Esc: play on"),
                         id="dialog-keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss("save:" + event.value.strip())

    def on_key(self, event: Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss("back")
        elif event.key == "ctrl+d":
            event.stop()
            self.dismiss("nosave")


class NumberScreen(ModalScreen[str]):
    """Asks for a number (the replay viewer's jump to a hand)."""

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question)
            yield Input(id="number")
            yield Static(_("Enter: go · Esc: back"), id="dialog-keys")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip())

    def on_key(self, event: Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss("")


class _TableBase(App[int]):
    """The table's layout and drawing, shared by the game and the replay viewer."""

    CSS = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "interrupt", N_("save and quit"), priority=True, show=False),
        Binding("ctrl+q", "interrupt", N_("save and quit"), priority=True, show=False),
    ]

    def __init__(self, *, theme_name: str = "colour", glyphs: bool = True) -> None:
        super().__init__()
        self.table_theme = theme_name
        self.glyphs = glyphs
        self.memory = TableMemory()
        self.selected: int | None = None
        self.marked: list[int] = []
        self.hand_tiles: list[Tile] = []
        #: the window is smaller than :data:`MIN_SIZE`: a notice stands in for the table
        self.too_small = False

    def redraw(self) -> None:
        """Draw the whole table again (each table draws its own)."""
        raise NotImplementedError

    #: what the notice of a too small window says the keys do
    small_keys = N_("q quits")

    def _fit(self, size: tuple[int, int] | None = None) -> None:
        """Below :data:`MIN_SIZE` the hand row and the board do not fit: the table is hidden
        and a notice names the size needed and the window's size (``size``, default the
        app's), until the window grows (the game waits; the selection is kept)."""
        width, height = size if size is not None else self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.too_small = small
        for part in _TABLE_PARTS:
            self.query_one(f"#{part}").display = not small
        notice = self.query_one("#small", Static)
        notice.display = small
        if small:
            notice.update(Text(
                _("The table needs {need}, this window is {size}.\n\nMake the window larger: "
                  "the table comes back as it was (the game waits for you).\nmahjong-table "
                  "play --plain plays in any window.").format(
                    need=f"{MIN_SIZE[0]}x{MIN_SIZE[1]}", size=f"{width}x{height}")
                + f"\n\n{_(self.small_keys)}"))

    def _theme(self) -> None:
        self.table_theme = "mono" if self.table_theme == "colour" else "colour"
        self.redraw()

    def _glyphs(self) -> None:
        self.glyphs = not self.glyphs
        self.redraw()

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="board"):
                yield Static(id="top")
                with Horizontal(id="middle"):
                    yield Static(id="left")
                    yield Static(id="centre")
                    yield Static(id="right")
                yield Static(id="bottom")
            yield Static(id="log")
        yield Static(id="hand")
        yield Static(id="prompt")
        yield Static(id="keys")
        yield Static(id="small")

    def on_resize(self, event: Resize) -> None:
        """The side panel grows with the window (26 columns at 80); a window too small for
        the table gets a notice instead (:meth:`_fit`)."""
        log = self.query_one("#log", Static)
        log.styles.width = max(26, event.size.width // 4)
        self._fit((event.size.width, event.size.height))
        if not self.too_small and self.is_mounted(log):
            self.call_after_refresh(self.redraw)  # the side panel wraps to its new width

    def _set(self, widget_id: str, content: Text | str) -> None:
        self.query_one(f"#{widget_id}", Static).update(content)

    def draw_table(self, view: PlayerView, log: Sequence[str], *,
                   open_hands: dict[int, Sequence[Tile]] | None = None,
                   status_extra: str = "", hand_view: PlayerView | None = None,
                   you: bool = True, centre_extra: str = "",
                   memory: TableMemory | None = None) -> None:
        """Draw the four seats, the centre, the log and the hand of ``hand_view`` (default
        ``view``) from ``view``'s seat; ``memory`` (default the table's) has the discards."""
        me = view.player
        mem = memory if memory is not None else self.memory
        self._set("status", status_text(view, mem, status_extra))
        places = {"bottom": me, "right": (me + 1) % 4, "top": (me + 2) % 4,
                  "left": (me + 3) % 4}
        for place, p in places.items():
            tiles = open_hands.get(p) if open_hands is not None and p != me else None
            self._set(place, seat_text(view.seats[p], view, mem, self.table_theme,
                                       you=you and p == me, open_tiles=tiles,
                                       compact=place in ("left", "right")))
        self._set("centre", centre_text(view, mem, centre_extra))
        log_widget = self.query_one("#log", Static)
        height = max(log_widget.size.height, 4)
        width = max(log_widget.size.width - 2, 10)
        wrapped: list[str] = []
        for line in log[-height:]:
            wrapped.extend(textwrap.wrap(line, width, subsequent_indent=" ") or [""])
        self._set("log", "\n".join(wrapped[-height:]))
        hv = hand_view or view
        text, self.hand_tiles = hand_text(hv, self.selected, self.table_theme,
                                          glyphs=self.glyphs, marked=self.marked)
        self._set("hand", text)

    def action_interrupt(self) -> None:  # overridden
        self.exit(130, return_code=130)

    def action_help_quit(self) -> None:
        """Ctrl-C (Textual binds it to a reminder): the table's interrupt."""
        self.action_interrupt()

    async def action_quit(self) -> None:
        """Ctrl-Q: as Ctrl-C, never losing a game."""
        self.action_interrupt()


class TableApp(_TableBase):
    """One person against three bots at the full-screen table. ``session`` is the game
    (new or resumed); ``pace`` the seconds between the bots' visible moves; ``save_path``
    where quitting offers to save (and Ctrl-C saves). ``exit`` code: 0 the game ended or the
    person quit, 130 interrupted (the game saved)."""

    def __init__(self, session: TableSession, *, pace: float = 0.6,
                 save_path: str | None = None, card: Card | None = None,
                 theme_name: str = "colour", glyphs: bool = True) -> None:
        super().__init__(theme_name=theme_name, glyphs=glyphs)
        self.session = session
        self.pace = pace
        self.save_path = save_path or f"mahjong-{session.setup.seed}.jsonl"
        self.card = card if card is not None else getattr(session.setup.rules, "card", None)
        self.narrator = Narrator(session.seat, session.game.names)
        self.seen = 0
        self.blind = 0
        self.saved_to: str | None = None
        self.message = ""
        self.quit_reason: str | None = None
        self._busy = False
        self._pending: Any = None
        #: the hand that just ended, kept on screen (every hand face up) until the person
        #: continues; its summary (the winning hand, the scoring, the payments)
        self.finished: FinishedHand | None = None
        self.finished_summary: list[str] = []

    # ----- the loop ------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.title = "mahjong-table"
        self._fit()
        self._catch_up(summaries=False)
        self.redraw()
        self.call_after_refresh(self.advance)

    def _catch_up(self, summaries: bool = True) -> list[str] | None:
        """Narrate the events since the last call (for the person's seat only)."""
        game = self.session.game
        new = events_for(game.events[self.seen:], self.session.seat)
        self.seen = len(game.events)
        self.memory.feed(new)
        _added, summary = self.narrator.feed(new)
        return summary if summaries else None

    def advance(self) -> None:
        """Let the bots play until the person's decision, pausing ``pace`` seconds after
        each visible bot move and at the end of each hand."""
        if self._busy or self.is_headless_paused() or (
                self.finished is not None and not self.session.game.is_over):
            return
        s = self.session
        while True:
            if s.game.is_over:
                self.redraw()
                self._catch_up()
                self._show_game_over(self.narrator.summaries[-1] if self.narrator.summaries
                                     else [])
                return
            if s.human_to_act():
                self.selected = self._default_selection()
                self.redraw()
                return
            action = s.step_bot()
            summary = self._catch_up()
            if summary:
                self._hand_over(summary)
                return
            # no pause while another seat's claim or rob window is open: the table drawn
            # then (the discarder still to move on, the wall not yet drawn) would tell the
            # person that some bot may claim, which their view must not (issue 44); the pause
            # comes once the window is answered, as it comes when nobody may claim
            if self.pace > 0 and action is not None and action.kind is not ActionKind.PASS \
                    and s.game.phase not in (Phase.CLAIM, Phase.ROB):
                self.redraw()
                self._busy = True
                self.set_timer(self.pace, self._resume_after_pause)
                return

    def _hand_over(self, summary: Sequence[str]) -> None:
        """A hand ended (the engine has dealt the next one already): keep its board on
        screen, every hand face up as it ended, and show the summary over it."""
        game = self.session.game
        end = last_hand_end(game.events)
        self.finished = (finished_hand(game, end, self.session.seat) if end is not None
                         else None)
        self.finished_summary = list(summary)
        self.selected = None
        self.marked = []
        self.redraw()
        self._busy = True
        self._show_summary(summary)

    def _show_summary(self, summary: Sequence[str]) -> None:
        """The end of a hand: the winning hand, the scoring item by item, the payments and
        the running totals (as the line interface words them)."""
        if self.session.game.is_over:
            keys = _("Enter: the final standings · Esc: the board · l: the hand's history · "
                     "q: quit")
        else:
            keys = _("Enter: next hand · Esc: the board · l: the hand's history · q: quit")
        self.push_screen(TextScreen(_("End of the hand"), summary, keys, answers=("l",)),
                         self._after_summary)

    def _continue(self) -> None:
        """Leave the finished hand's board for the next deal (or the final standings)."""
        self._busy = False
        if not self.session.game.is_over:
            self.finished = None
        self.finished_summary = []
        self.redraw()
        self.advance()

    def is_headless_paused(self) -> bool:
        return len(self.screen_stack) > 1

    def _resume_after_pause(self) -> None:
        self._busy = False
        self.advance()

    def _after_summary(self, key: str | None) -> None:
        """Enter goes on; Esc stays on the finished board (Enter there goes on); l shows the
        hand's history; q offers to quit."""
        self._busy = False
        if key == "q":
            self.action_quit_table()
            return
        if key == "l":
            self._history()
            return
        if key == "escape":
            self.redraw()
            return
        self._continue()

    def _show_game_over(self, summary: Sequence[str]) -> None:
        if self.is_headless_paused():
            return
        lines = list(summary)
        self.push_screen(TextScreen(_("Game over"), lines, _("Enter: leave the table")),
                         lambda _k: self.exit(0))

    # ----- drawing -------------------------------------------------------------------------

    def view(self) -> PlayerView:
        return self.session.game.view(self.session.seat)

    def _default_selection(self) -> int | None:
        view = self.view()
        if not any(a.kind in (ActionKind.DISCARD, ActionKind.CHARLESTON_PASS,
                              ActionKind.COURTESY_PASS) for a in view.legal_actions):
            self.marked = []
            return None
        n = len(view.concealed)
        if self._pass_kind(view) is not None:
            return 0 if self.selected is None or self.selected >= n else self.selected
        if self.selected is None or self.selected >= n:
            return n - 1
        return self.selected

    def redraw(self) -> None:
        """Draw the table, the decision and the keys (a finished hand: its board)."""
        if self.finished is not None:
            self._draw_finished(self.finished)
            return
        view = self.view()
        pace = _("pace {seconds}s").format(seconds=f"{self.pace:g}")
        self.draw_table(view, self.narrator.lines, centre_extra=pace)
        self._set("prompt", self._prompt_text(view))
        keys = _("←→ Enter discard · 1-9 choose · h hint · l log · s save · q quit")
        if any(a.kind is ActionKind.PASS for a in view.legal_actions) and \
                self.session.human_to_act():
            keys = _("1-9 choose · Esc/p pass · h hint · l log · s save · q quit")
        elif self._pass_kind(view) is not None:
            keys = _("←→ Space mark · b blind · Enter pass · h hint · l log · q quit")
        if self.session.undo_allowed:
            keys += " · " + _("u undo")
        self._set("keys", keys + " · " + _("? help"))

    def _draw_finished(self, fin: FinishedHand) -> None:
        """The board as the hand ended, every hand face up, until the person goes on."""
        view = fin.views[self.session.seat]
        self.draw_table(view, self.narrator.last_hand, open_hands=fin.open_hands(),
                        memory=fin.memory, centre_extra=_("hand over"))
        head = next((line.strip() for line in self.finished_summary[1:] if line.strip()),
                    "")
        over = self.session.game.is_over
        out = Text(_("Hand {n} is over. {head}").format(n=fin.hand_number + 1, head=head),
                   style="bold")
        out.append("\n" + (_("All hands face up · Enter: the final standings · r: the scoring · "
                             "l: the hand's history") if over else
                           _("All hands face up · Enter: the next hand · r: the scoring · "
                             "l: the hand's history")))
        if self.message:
            out.append("\n" + self.message, style="bold")
        self._set("prompt", out)
        self._set("keys", _("Enter go on · r scoring · l history · s save · q quit · ? help"))

    def choices(self, view: PlayerView) -> list[Action]:
        """The numbered choices: every legal action but discards and passes of tiles."""
        return [a for a in view.legal_actions
                if a.kind not in (ActionKind.DISCARD, ActionKind.CHARLESTON_PASS,
                                  ActionKind.COURTESY_PASS)]

    def _label(self, a: Action, view: PlayerView) -> str:
        offered = view.last_discard
        if a.kind is ActionKind.JOKER_EXCHANGE and a.target is not None:
            return _("Exchange {tile} for the joker of {wind}").format(
                tile=a.tile, wind=wind_name(view.seats[a.target].wind))
        if a.kind is ActionKind.CALL_DEAD and a.target is not None:
            return _("Call {wind}'s hand dead").format(wind=wind_name(view.seats[a.target].wind))
        return describe_action(a, claimed=offered, drawn=view.drawn)

    @staticmethod
    def _pass_kind(view: PlayerView) -> ActionKind | None:
        for a in view.legal_actions:
            if a.kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS):
                return a.kind
        return None

    def _prompt_text(self, view: PlayerView) -> Text:
        out = Text()
        s = self.session
        if s.game.is_over:
            out.append(_("The game is over."))
            return out
        if not s.human_to_act():
            if view.phase in ("claim", "rob"):
                # who is asked in another's window is secret: name the public move only
                d = view.discarder
                out.append(_("{who} is playing…").format(
                    who=player_name(view.seats[d].name) if d is not None else "?"))
            else:
                p = s.to_act()
                who = player_name(view.seats[p].name) if p is not None else "?"
                out.append(_("{who} is playing…").format(who=who))
        else:
            choices = self.choices(view)
            kind = self._pass_kind(view)
            if kind is not None:
                n = self._pass_size(view)
                out.append(_("{stage}: mark {n} with Space ({marked} marked").format(
                    stage=self._stage_words(view), n=n, marked=len(self.marked)), style="bold")
                if self.blind:
                    out.append(_(", {n} blind").format(n=self.blind), style="bold")
                out.append(_("), Enter passes. "), style="bold")
            elif view.phase == "claim" and view.last_discard is not None:
                d = view.discarder
                who = player_name(view.seats[d].name) if d is not None else _("Someone")
                out.append(_("{who} discarded {tile}. Claim it? ").format(
                    who=who, tile=tile_label(view.last_discard)), style="bold")
            elif view.phase == "rob":
                out.append(_("A tile is added to a kong: rob it to win? "), style="bold")
            elif any(a.kind is ActionKind.DISCARD for a in view.legal_actions):
                if view.drawn:
                    out.append(_("Your turn: you drew {tile}; pick a tile and press Enter to "
                                 "discard it. ").format(tile=tile_label(view.drawn)),
                               style="bold")
                else:
                    out.append(_("Your turn: pick a tile and press Enter to discard it. "),
                               style="bold")
            else:
                out.append(_("Your decision: "), style="bold")
            for i, a in enumerate(choices[:9], 1):
                out.append(f"[{i}] ", style="bold")
                out.append(self._label(a, view) + "  ")
        wait = waiting_line(view, self.session.setup.rules) if s.human_to_act() else None
        if wait:
            out.append("\n" + wait, style="italic")
        if s.human_to_act():
            # American: the nearest card line and the advice (a pass, the vote, the courtesy
            # ask, a discard) on the table itself, not only behind h (issue 19)
            near = card_lines(view, self.session.setup.rules, 1)
            if near:
                out.append("\n" + _("Nearest: {lines}").format(lines="  ·  ".join(near)),
                           style="italic")
        if self.message:
            out.append("\n" + self.message, style="bold")
        return out

    def _stage_words(self, view: PlayerView) -> str:
        """``"First Charleston, pass 3 tiles to the right (to East (American 1))"``, as the
        line interface words the stage."""
        human = self.narrator.human
        words = human._stage_words(human._stage_info(view))
        return words[0].upper() + words[1:]

    def _pass_size(self, view: PlayerView) -> int:
        for a in view.legal_actions:
            if a.kind in (ActionKind.CHARLESTON_PASS, ActionKind.COURTESY_PASS):
                return len(a.tiles) + (a.number or 0)
        return 0

    # ----- input ---------------------------------------------------------------------------

    small_keys = N_("q quits (offers to save) · s saves · Ctrl-C saves and quits")

    def on_key(self, event: Key) -> None:
        if self.is_headless_paused():
            return
        key = event.key
        if self.too_small and key not in ("q", "s"):
            event.stop()  # the table is hidden: no blind discards or choices
            return
        if self.finished is not None and key not in (
                "l", "c", "g", "plus", "equals_sign", "minus", "s", "q", "question_mark"):
            event.stop()  # the hand is over: only going on, the scoring and the table's keys
            self.message = ""
            if key in ("enter", "space"):
                self._continue()
            elif key == "r":
                self._busy = True
                self._show_summary(self.finished_summary)
            return
        handlers: dict[str, Callable[[], None]] = {
            "left": lambda: self._move(-1), "right": lambda: self._move(1),
            "enter": self._enter, "d": self._enter, "space": self._mark,
            "b": self._blind, "h": self._hint, "l": self._history, "c": self._theme,
            "g": self._glyphs, "plus": lambda: self._pace(-0.25),
            "equals_sign": lambda: self._pace(-0.25), "minus": lambda: self._pace(0.25),
            "p": self._pass_claim, "escape": self._pass_claim,
            "s": self._save_now, "q": self.action_quit_table, "u": self._undo,
            "m": self._mahjong,
            "question_mark": self._help,
        }
        if key in handlers:
            event.stop()
            self.message = ""
            handlers[key]()
            return
        if key.isdigit() and key != "0":
            event.stop()
            self.message = ""
            self._choose(int(key))

    def _move(self, step: int) -> None:
        if self.selected is None or not self.hand_tiles:
            return
        self.selected = (self.selected + step) % len(self.hand_tiles)
        self.redraw()

    def _apply(self, action: Action) -> None:
        try:
            self.session.apply_human(action)
        except IllegalActionError as exc:
            self.message = _("Not allowed: {error}").format(error=exc)
            self.redraw()
            return
        self.marked = []
        self.blind = 0
        summary = self._catch_up()
        if summary:
            self._hand_over(summary)
            return
        self.redraw()
        self.advance()

    def _enter(self) -> None:
        if not self.session.human_to_act():
            return
        view = self.view()
        kind = self._pass_kind(view)
        if kind is not None:
            self._submit_pass(view, kind)
            return
        if self.selected is None or self.selected >= len(self.hand_tiles):
            return
        t = self.hand_tiles[self.selected]
        for a in view.legal_actions:
            if a.kind is ActionKind.DISCARD and a.tile == t:
                self._apply(a)
                return
        self.message = (_("You cannot discard {tile} now.").format(tile=t) if any(
            a.kind is ActionKind.DISCARD for a in view.legal_actions)
            else _("Answer with a number: the choices are above."))
        self.redraw()

    def _choose(self, n: int) -> None:
        if not self.session.human_to_act():
            return
        choices = self.choices(self.view())
        if 1 <= n <= len(choices):
            self._apply(choices[n - 1])

    def _mahjong(self) -> None:
        """m: declare Mahjong. Where the rules penalise a false Mahjong instead of refusing
        it (Hong Kong false_mahjong=penalise, 004 s07; American false_mahjong=dead), a hand
        that does not win may be declared after a warning."""
        if not self.session.human_to_act():
            return
        view = self.view()
        legal = next((a for a in view.legal_actions if a.kind is ActionKind.MAHJONG), None)
        if legal is not None:
            self._apply(legal)
            return
        mode = self.session.setup.rules.options.get("false_mahjong")
        if mode not in ("penalise", "dead") or view.phase not in ("turn", "claim", "rob"):
            self.message = _("Your hand does not win: no Mahjong now.")
            self.redraw()
            return
        text = (_("Your hand does not win. A false Mahjong costs 64 to each other player "
                  "(004 s07).") if mode == "penalise" else
                _("Your hand does not win. A false Mahjong makes your hand dead: you stop "
                  "playing and still pay (001 Part one)."))
        action = Action(ActionKind.MAHJONG, self.session.seat)
        yes = ("y", pgettext("answer", "y"))

        def done(key: str | None) -> None:
            if key in yes:
                self._apply(action)

        self.push_screen(TextScreen(_("False Mahjong?"), [text],
                                    _("y: declare it anyway · Enter: no"),
                                    answers=tuple(dict.fromkeys(yes))), done)

    def _mark(self) -> None:
        view = self.view()
        if self._pass_kind(view) is None or self.selected is None:
            return
        if self.selected in self.marked:
            self.marked.remove(self.selected)
        elif self.hand_tiles[self.selected].is_joker:
            self.message = _("Jokers cannot be passed (001 Part one 06).")
        else:
            self.marked.append(self.selected)
        self.redraw()

    def _blind(self) -> None:
        view = self.view()
        top = max((a.number or 0 for a in view.legal_actions
                   if a.kind is ActionKind.CHARLESTON_PASS), default=0)
        if not top:
            self.message = _("No blind pass now: only on the last pass of a Charleston.")
        else:
            self.blind = (self.blind + 1) % (top + 1)
        self.redraw()

    def _submit_pass(self, view: PlayerView, kind: ActionKind) -> None:
        tiles = tuple(sorted(self.hand_tiles[i] for i in self.marked))
        action = Action(kind, self.session.seat, tiles=tiles, number=self.blind or None)
        if action in view.legal_actions:
            self._apply(action)
            return
        n = self._pass_size(view)
        self.message = (_("This pass is {n} tiles: {marked} marked and {blind} blind.")
                        if self.blind else _("This pass is {n} tiles: {marked} marked.")
                        ).format(n=n, marked=len(tiles), blind=self.blind)
        self.redraw()

    def _hint(self) -> None:
        view = self.view()
        lines = hint_lines(view, self.session.setup.rules) if self.session.human_to_act() else \
            [_("Hints are for your own decisions: wait for your turn.")]
        self.push_screen(TextScreen(_("Hint"), lines, _("Enter: close")))

    def _history(self) -> None:
        """l: the hand's history; once a hand is over, that hand's (l again in a hand's
        history: the hand before)."""
        last = self.narrator.last_hand
        if self.finished is not None:
            self.push_screen(TextScreen(_("Hand {n}, as it was played").format(
                n=self.finished.hand_number + 1), last,
                _("Enter: close (scroll with the arrow keys)")))
            return

        def before(key: str | None) -> None:
            if key == "l" and last:
                self.push_screen(TextScreen(_("The hand before"), last,
                                            _("Enter: close (scroll with the arrow keys)")))

        more = " · " + _("l: the hand before") if last else ""
        self.push_screen(TextScreen(_("This hand so far"), self.narrator.lines,
                                    _("Enter: close (scroll with the arrow keys)") + more,
                                    answers=("l",)), before)

    def _help(self) -> None:
        self.push_screen(TextScreen(_("Keys"), _(KEYS_HELP).split("; "), _("Enter: close")))

    def _pass_claim(self) -> None:
        """Esc or p: Pass, when Pass is one of the choices (a claim or rob window)."""
        if not self.session.human_to_act():
            return
        view = self.view()
        passing = next((a for a in view.legal_actions if a.kind is ActionKind.PASS), None)
        if passing is None:
            self.message = _("Nothing to pass now (Esc and p pass on a claim).")
            self.redraw()
            return
        self._apply(passing)

    def _pace(self, step: float) -> None:
        """Change the seconds between the bots' moves by ``step`` (+ is -0.25: faster)."""
        self.pace = min(max(self.pace + step, 0.0), 3.0)
        self.redraw()

    def _undo(self) -> None:
        if not self.session.undo_allowed:
            self.message = _("Undo is a practice option: start with --practice undo.")
            self.redraw()
            return
        if self.session.undo():
            self.memory = TableMemory()
            self.narrator = Narrator(self.session.seat, self.session.game.names)
            self.seen = 0
            self._catch_up(summaries=False)
            self.message = _("Your last decision is taken back.")
        else:
            self.message = _("Nothing to take back.")
        self.redraw()
        self.advance()

    def save(self, path: str) -> str | None:
        """Save the game to ``path``; an error message, or None when saved."""
        try:
            self.session.save(path)
        except OSError as exc:
            return _("cannot save to {file}: {error}").format(file=path,
                                                             error=exc.strerror or exc)
        self.saved_to = path
        return None

    def _save_now(self) -> None:
        err = self.save(self.save_path)
        self.message = err or _("Saved to {file} (resume with: mahjong-table play --resume "
                                "{file})").format(file=self.save_path)
        self.redraw()

    def action_quit_table(self) -> None:
        """Quit, offering to save."""
        def done(answer: str | None) -> None:
            if answer is None or answer == "back":
                return
            if answer.startswith("save:"):
                path = answer[5:] or self.save_path
                err = self.save(path)
                if err:
                    self.message = err
                    self.redraw()
                    return
            self.quit_reason = "quit"
            self.exit(0)

        self.push_screen(QuitScreen(self.save_path), done)

    def action_interrupt(self) -> None:
        """Ctrl-C: save the game and leave (the game is never lost)."""
        self.save(self.save_path)
        self.quit_reason = "interrupted"
        self.exit(130, return_code=130)


class ReplayApp(_TableBase):
    """Step through a record (``replay FILE --show``): action by action (right/left), hand
    by hand (]/[ or PageDown/PageUp), jump to a hand (j), Home/End; v changes the seat whose
    view is shown, o opens every hand. Rebuilds the game from its seed for each step, with
    the engine's public API only. A step (right, left, End) that lands on the action ending
    a hand shows that hand's board with every hand face up, and a step forward onto it the
    winning hand and its scoring (r shows it again)."""

    def __init__(self, path: str | Path, *, seat: int = 0, open_hands: bool = False,
                 theme_name: str = "colour", glyphs: bool = True, game_index: int = 0) -> None:
        super().__init__(theme_name=theme_name, glyphs=glyphs)
        games = read_games(path)
        if not 0 <= game_index < len(games):
            raise ValueError(_("{file} holds {n} game(s); there is no game {number}").format(
                file=path, n=len(games), number=game_index + 1))
        rows = games[game_index]
        self.header = rows[0]
        self.actions = [action_of_row(r["action"], int(r["_line"])) for r in rows[1:]
                        if "action" in r]
        self.seat = seat
        self.open = open_hands
        self.step = 0
        self.message = ""
        #: the step landed on the end of a hand: its board is shown (every hand face up)
        self.landed = False
        self.finished: FinishedHand | None = None
        self.summary: list[str] = []
        # the hand each action is played in, and the events there are after each action,
        # found by playing the record once
        self.hand_of: list[int] = []
        g = game_from_header(self.header, check_invariants=False)
        self.events_after: list[int] = [len(g.events)]
        for a in self.actions:
            self.hand_of.append(g.view(0).hand_number)
            g.apply(a)
            self.events_after.append(len(g.events))
        self.hands = (self.hand_of[-1] + 1) if self.hand_of else 1
        self.game = self._game_at(0)

    def _game_at(self, step: int) -> Game:
        g = game_from_header(self.header, check_invariants=False)
        for a in self.actions[:step]:
            g.apply(a)
        return g

    def on_mount(self) -> None:
        self.title = "mahjong-table replay"
        self._fit()
        self.redraw()

    def go(self, step: int, *, land: bool = False, tell: bool = False) -> None:
        """Show the state after ``step`` actions (clamped to the record). ``land``: a step
        by action, so landing on the end of a hand shows that hand's board (a jump by hand
        shows the next deal); ``tell``: and the summary (the winning hand, the scoring)."""
        step = min(max(step, 0), len(self.actions))
        if step != self.step:
            self.step = step
            self.game = self._game_at(step)
        self.landed = land
        self.message = ""
        self.redraw()
        if tell and self.finished is not None and self.summary:
            self._show_summary()

    def hand_end_at_step(self) -> int | None:
        """The index of the ``hand_end`` event the last action played caused, if any."""
        if self.step == 0:
            return None
        return last_hand_end(self.game.events, self.events_after[self.step - 1],
                             self.events_after[self.step])

    def _show_summary(self) -> None:
        if self.finished is None:
            return

        def then(key: str | None) -> None:
            if key == "right":
                self.go(self.step + 1, land=True, tell=True)
            elif key == "left":
                self.go(self.step - 1, land=True)

        self.push_screen(TextScreen(_("End of the hand"), self.summary,
                                    _("→ next action · ← back · Enter: the board"),
                                    answers=("right", "left")), then)

    def redraw(self) -> None:
        """Draw the state after ``step`` actions (a hand's end landed on: its board)."""
        g = self.game
        end = self.hand_end_at_step() if self.landed else None
        self.finished = finished_hand(g, end, self.seat) if end is not None else None
        if self.finished is not None:
            self._draw_finished(self.finished)
            return
        self.summary = []
        view = g.view(self.seat)
        shown = ([e.to_json(full=True) for e in g.events] if self.open
                 else events_for(g.events, self.seat))
        self.memory = TableMemory()
        self.memory.feed(shown)
        narrator = self._narrate(len(g.events))
        opened: dict[int, Sequence[Tile]] | None = (
            {p: g.view(p).concealed for p in range(4)} if self.open else None)
        mode = (_("all hands open") if self.open else
                _("{wind}'s view").format(wind=wind_name(view.seats[self.seat].wind)))
        self.selected = None
        self.draw_table(view, narrator.lines, open_hands=opened, you=False)
        self._set("prompt", self._prompt(view.hand_number, mode))
        self._set("keys", _("←→ action · [ ] hand · j jump · v seat · o open · Home End · "
                            "q quit"))

    def _prompt(self, hand: int, mode: str) -> Text:
        nxt = (_("next: {action}").format(action=action_notation(self.actions[self.step]))
               if self.step < len(self.actions) else _("end of the record"))
        last = (_("last: {action}").format(action=action_notation(self.actions[self.step - 1]))
                if self.step
                else _("the start"))
        out = Text(_("Replay: action {step}/{steps} · hand {n} of {hands} · {mode}").format(
            step=self.step, steps=len(self.actions), n=hand + 1, hands=self.hands, mode=mode)
            + f"\n{last} · {nxt}")
        if self.message:
            out.append("\n" + self.message, style="bold")
        return out

    def narrator_seat(self) -> int:
        """Whose words the history is in: the person's seat (named "You") of a game saved
        by play, so that "you" is always the person whatever seat's view is shown (another
        seat is told in the third person); else the seat whose view is shown."""
        return next((p for p, n in enumerate(self.game.names) if n == "You"), self.seat)

    def _narrate(self, upto: int) -> Narrator:
        """The current hand's history up to event ``upto``, in :meth:`narrator_seat`'s
        words (every event in full with all hands open)."""
        g = self.game
        seat = self.narrator_seat()
        events = list(g.events[:upto])
        shown = ([e.to_json(full=True) for e in events] if self.open
                 else events_for(events, seat))
        start = max((i for i, e in enumerate(shown) if e.get("type") == "hand_start"),
                    default=0)
        narrator = Narrator(seat, g.names)
        narrator.feed([e for e in shown[:start] if e.get("type") == "game_start"])
        narrator.feed(shown[start:])
        return narrator

    def _draw_finished(self, fin: FinishedHand) -> None:
        """The board as the hand ended, every hand face up (the hand is over), the hand's
        history in the side panel."""
        narrator = self._narrate(fin.end + 1)
        self.summary = narrator.summaries[-1] if narrator.summaries else []
        view = fin.views[self.seat]
        self.selected = None
        self.draw_table(view, narrator.lines, open_hands=fin.open_hands(), you=False,
                        memory=fin.memory, centre_extra=_("hand over"))
        head = next((line.strip() for line in self.summary[1:] if line.strip()), "")
        mode = _("the hand is over, every hand face up · r: the scoring") + f"\n{head}"
        self._set("prompt", self._prompt(fin.hand_number, mode))
        self._set("keys", _("←→ action · [ ] hand · j jump · v seat · r scoring · Home End · "
                            "q quit"))

    def _hand_start(self, hand: int) -> int:
        return next((i for i, h in enumerate(self.hand_of) if h >= hand), len(self.actions))

    def on_key(self, event: Key) -> None:
        if len(self.screen_stack) > 1:
            return
        key = event.key
        if self.too_small and key not in ("q", "escape"):
            event.stop()
            return
        cur = self.hand_of[self.step] if self.step < len(self.hand_of) else self.hands - 1
        moves: dict[str, Callable[[], None]] = {
            "right": lambda: self.go(self.step + 1, land=True, tell=True),
            "n": lambda: self.go(self.step + 1, land=True, tell=True),
            "left": lambda: self.go(self.step - 1, land=True),
            "p": lambda: self.go(self.step - 1, land=True),
            "right_square_bracket": lambda: self.go(self._hand_start(cur + 1)),
            "pagedown": lambda: self.go(self._hand_start(cur + 1)),
            "left_square_bracket": lambda: self.go(
                self._hand_start(cur if self.step > self._hand_start(cur) else cur - 1)),
            "pageup": lambda: self.go(
                self._hand_start(cur if self.step > self._hand_start(cur) else cur - 1)),
            "home": lambda: self.go(0), "end": lambda: self.go(len(self.actions), land=True),
            "r": self._show_summary,
            "v": self._next_seat, "o": self._toggle_open, "c": self._theme,
            "g": self._glyphs, "j": self._jump, "q": lambda: self.exit(0),
            "escape": lambda: self.exit(0),
        }
        if key in moves:
            event.stop()
            moves[key]()

    def _next_seat(self) -> None:
        self.seat = (self.seat + 1) % 4
        self.redraw()

    def _toggle_open(self) -> None:
        self.open = not self.open
        self.redraw()

    def _jump(self) -> None:
        def done(answer: str | None) -> None:
            if not answer:
                return
            if answer.isdigit() and 1 <= int(answer) <= self.hands:
                self.go(self._hand_start(int(answer) - 1))
                return
            only = ngettext("there is only {n} hand", "there are only {n} hands",
                            self.hands).format(n=self.hands)
            self.message = (_("No hand {answer}: {only} (1-{n}).").format(
                answer=answer, only=only, n=self.hands)
                if answer.isdigit() else
                _("{text} is not a hand number: type 1-{n}.").format(text=repr(answer),
                                                                       n=self.hands))
            self.redraw()

        self.push_screen(NumberScreen(_("Jump to hand (1-{n}):").format(n=self.hands)), done)

    def action_interrupt(self) -> None:
        self.exit(0)
