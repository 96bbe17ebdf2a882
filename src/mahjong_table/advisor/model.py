"""The advisor's answer: what it advises, why, the alternatives, and where the hand stands.

Every face renders these values (:meth:`Advice.text_lines`, :meth:`Advice.to_json`); none
computes advice of its own, so two faces can never disagree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..engine.actions import Action, ActionKind
from ..i18n import _, ngettext
from ..message import shown
from ..names import meld_name
from ..tiles import Tile

__all__ = ["Advice", "CardLineStatus", "Option", "Wait", "action_text", "numbers_text",
           "short_refusal", "waits_text"]

_SEAT_NAMES = ("East", "South", "West", "North")


def action_text(action: Action, *, seat_names: tuple[str, ...] | None = None,
                meld_text: str | None = None, last_discard: Tile | None = None) -> str:
    """An action worded as the faces word it: ``mahjong``, ``discard 4m``, ``pung 5p``,
    ``chow 345m``, ``kong 5p``, ``concealed kong 5p``, ``added kong 5p``, ``exchange 4m for the
    joker of North's 44m1j``, ``call South's hand dead``, ``pass``, ``pass 3m 5p 7z`` (a
    Charleston pass; ``+1 blind`` for tiles passed on unseen), ``continue the Charleston``,
    ``stop the Charleston``, ``ask for 2`` (the courtesy pass), ``give 3m 5p``.

    ``seat_names`` names players by index (default: player numbers); ``meld_text`` the
    exposure a joker exchange takes from; ``last_discard`` the discard a claim takes."""
    k = action.kind

    def who(p: int | None) -> str:
        if p is None:
            return "?"
        return seat_names[p] if seat_names is not None else _("player {p}").format(p=p)

    if k is ActionKind.MAHJONG:
        return _("mahjong")
    if k is ActionKind.DISCARD:
        return _("discard {tile}").format(tile=action.tile)
    if k is ActionKind.PASS:
        return _("pass")
    if k is ActionKind.CHOW and action.tile is not None:
        t = action.tile
        return _("chow {tiles}").format(tiles=f"{t.rank}{t.rank + 1}{t.rank + 2}{t.suit}")
    if k in (ActionKind.PUNG, ActionKind.KONG, ActionKind.QUINT, ActionKind.SEXTET):
        what = meld_name(k.value)
        if last_discard is not None:
            what = _("{meld} {tile}").format(meld=what, tile=last_discard)
        if action.jokers:
            what = ngettext("{claim} with {n} joker", "{claim} with {n} jokers",
                            action.jokers).format(claim=what, n=action.jokers)
        return what
    if k is ActionKind.CONCEALED_KONG:
        return _("concealed kong {tile}").format(tile=action.tile)
    if k is ActionKind.ADDED_KONG:
        return _("added kong {tile}").format(tile=action.tile)
    if k is ActionKind.JOKER_EXCHANGE:
        owner = who(action.target)
        if meld_text:
            return _("exchange {tile} for the joker of {owner}'s {meld}").format(
                tile=action.tile, owner=owner, meld=meld_text)
        return _("exchange {tile} for the joker of {owner}'s exposure").format(
            tile=action.tile, owner=owner)
    if k is ActionKind.CALL_DEAD:
        return _("call {owner}'s hand dead").format(owner=who(action.target))
    if k is ActionKind.CHARLESTON_PASS:
        tiles = " ".join(str(t) for t in action.tiles)
        if action.number:
            return _("pass {tiles} +{n} blind").format(tiles=tiles, n=action.number)
        return _("pass {tiles}").format(tiles=tiles)
    if k is ActionKind.CHARLESTON_CONTINUE:
        return _("continue the Charleston")
    if k is ActionKind.CHARLESTON_STOP:
        return _("stop the Charleston")
    if k is ActionKind.COURTESY_ASK:
        return _("ask for {n}").format(n=action.number or 0)
    if k is ActionKind.COURTESY_PASS:
        return _("give {tiles}").format(
            tiles=" ".join(str(t) for t in action.tiles) or _("nothing"))
    return str(action)  # pragma: no cover - every kind is worded above


def short_refusal(refusal: str) -> str:
    """A rule set's refusal without its itemised fan list: ``"the hand has 4 fan without
    flowers; MCR needs at least 8 fan to win, flowers not counted"``. The refusal is shown in
    the language in force (a :class:`~mahjong_table.message.Message` translated; text already
    in words kept): the list is the first parenthesis in English and in Italian alike."""
    return re.sub(r" \([^()]*\)", "", shown(refusal) if refusal else refusal, count=1)


@dataclass(frozen=True)
class Option:
    """One legal action weighed by the advisor: the ``action``, its ``text`` (as
    :func:`action_text` words it) and ``why`` in a few words (what it leaves). ``win``,
    ``deal_in`` and ``points``: the judgement's estimate of the action
    (:class:`mahjong_table.judgement.Estimate`: the chance to win the hand, the chance its
    discard deals in, the expected points to the end of the hand), ``shanten`` and ``worth``
    after it, None where the advisor weighed the action without them."""

    action: Action
    text: str
    why: str
    win: float | None = None
    deal_in: float | None = None
    points: float | None = None
    #: how far the hand is from ready after the action (-1 a win; American: the nearest
    #: line's tiles away less one), and what a win of it is expected to pay
    shanten: int | None = None
    worth: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.text, "why": self.why,
                               "legal_action": self.action.to_json()}
        if self.points is not None:
            out["win"] = None if self.win is None else round(self.win, 4)
            out["deal_in"] = None if self.deal_in is None else round(self.deal_in, 4)
            out["points"] = round(self.points, 3)
        return out


def numbers_text(win: float, deal_in: float, points: float) -> str:
    """A judgement's numbers in words, the same in every face: ``"win 23%, deal-in 4%,
    +3.1 points expected"``."""
    return _("win {win}%, deal-in {deal}%, {points} points expected").format(
        win=round(100 * win), deal=round(100 * deal_in), points=f"{points:+.1f}")


@dataclass(frozen=True)
class Wait:
    """A tile that would complete the hand: ``tile``, the copies the player has not seen
    (``unseen``; for a joker, the jokers), and what the win would be worth under the rule
    set's own scorer, on a discard and self-drawn (``fan`` or points, ``unit`` says which;
    None when the scorer refuses it); ``refusal`` the rule set's reason when a win on it would
    be refused (MCR's 8-fan minimum, with the shortfall named)."""

    tile: Tile
    unseen: int
    on_discard: int | None
    self_drawn: int | None
    unit: str = "fan"
    refusal: str | None = None
    #: the worth the scorer gives a win on this tile that the rule set refuses
    refused_worth: int | None = None
    #: the limit hand a win on this tile makes (004 s07), by name: paid at the limit
    limit: str | None = None

    @property
    def can_win(self) -> bool:
        """A win on this tile is allowed in some circumstance (on a discard or
        self-drawn)."""
        return self.on_discard is not None or self.self_drawn is not None

    def text(self) -> str:
        """``"5s (2 unseen, 4 fan on a discard, 5 self-drawn)"``, in the language in force."""
        unseen = ngettext("{n} unseen", "{n} unseen", self.unseen).format(n=self.unseen)
        unit = _unit(self.unit)
        if not self.can_win:
            if self.refused_worth is not None:
                return _("{tile} ({unseen}, {worth} {unit} at best: too few)").format(
                    tile=self.tile, unseen=unseen, worth=self.refused_worth, unit=unit)
            return _("{tile} ({unseen}: no win)").format(tile=self.tile, unseen=unseen)
        if self.limit is not None:
            if self.on_discard is not None:
                return _("{tile} ({unseen}, a limit hand: {limit})").format(
                    tile=self.tile, unseen=unseen, limit=shown(self.limit))
            return _("{tile} ({unseen}, a limit hand: {limit}, self-drawn only)").format(
                tile=self.tile, unseen=unseen, limit=shown(self.limit))
        parts = []
        if self.on_discard is not None:
            parts.append(_("{worth} {unit} on a discard").format(worth=self.on_discard,
                                                                 unit=unit))
        if self.self_drawn is not None and self.self_drawn != self.on_discard:
            parts.append(_("{worth} self-drawn").format(worth=self.self_drawn))
        elif self.self_drawn is not None and self.on_discard is None:
            parts.append(_("{worth} {unit} self-drawn only").format(worth=self.self_drawn,
                                                                    unit=unit))
        return f"{self.tile} ({unseen}, {', '.join(parts)})"

    def to_json(self) -> dict[str, Any]:
        return {"tile": str(self.tile), "unseen": self.unseen,
                f"{self.unit}_on_discard": self.on_discard,
                f"{self.unit}_self_drawn": self.self_drawn, "refusal": self.refusal,
                f"refused_{self.unit}": self.refused_worth, "limit": self.limit}


def waits_text(waits: tuple[Wait, ...] | list[Wait]) -> str:
    """The waits in words; when every one makes the same limit hand, the limit is named once:
    ``"1m (1 unseen), 2m (3 unseen): each a limit hand (Nine gates)"``."""
    limits = {w.limit for w in waits}
    if len(waits) > 1 and len(limits) == 1 and None not in limits:
        tiles = ", ".join(ngettext("{tile} ({n} unseen)", "{tile} ({n} unseen)",
                                   w.unseen).format(tile=w.tile, n=w.unseen) for w in waits)
        return _("{tiles}: each a limit hand ({limit})").format(
            tiles=tiles, limit=shown(waits[0].limit))
    return ", ".join(w.text() for w in waits)


def _unit(unit: str) -> str:
    """A worth's unit as shown: ``"fan"`` or ``"points"`` in the language in force."""
    return _("points") if unit == "points" else _("fan") if unit == "fan" else unit


@dataclass(frozen=True)
class CardLineStatus:
    """An American hand against one line of the card: ``key`` (``"2026 #1"``), ``pattern``,
    ``points``, ``concealed`` (a C line), ``away`` (tiles away, counting only tiles that can
    still come; None: out of reach), ``needs`` (the natural tiles still needed, mpsz),
    ``jokers_only`` (the needed tiles whose every natural copy is gone, so only a joker can
    fill them) and ``dead`` (why the line is out of reach, when it is)."""

    key: str
    pattern: str
    points: int
    concealed: bool
    away: int | None
    needs: tuple[Tile, ...] = ()
    jokers_only: tuple[Tile, ...] = ()
    dead: str | None = None

    def text(self) -> str:
        head = (f"{shown(self.key)} {self.pattern} ({'C' if self.concealed else 'X'} "
                f"{self.points})")
        if self.away is None:
            return _("{line}: out of reach ({why})").format(
                line=head, why=shown(self.dead) if self.dead
                else _("these exposures fit no variation"))
        if self.away == 0:
            return _("{line}: complete").format(line=head)
        needs = " ".join(str(t) for t in self.needs)
        text = _("{line}: {n} away, needs {needs}").format(line=head, n=self.away, needs=needs)
        if self.jokers_only:
            text += " " + _("({tiles} only as jokers: no natural copy is left)").format(
                tiles=" ".join(str(t) for t in self.jokers_only))
        return text

    def to_json(self) -> dict[str, Any]:
        return {"line": self.key, "pattern": self.pattern, "points": self.points,
                "concealed": self.concealed, "tiles_away": self.away,
                "needs": "".join(str(t) for t in self.needs),
                "jokers_only": "".join(str(t) for t in self.jokers_only), "dead": self.dead}


@dataclass(frozen=True)
class Advice:
    """The advisor's answer for one player's view.

    - ``action``: the advised action, always one of the view's legal actions (None when no
      decision awaits this player); ``text`` it worded as the faces word it; ``why``.
    - ``options``: the legal actions weighed, best first (the advised one first).
    - ``win``: a Mahjong is among the legal actions now (exactly when the engine offers one);
      ``no_win``: the hand's tiles form a winning shape but the rules refuse the win now, and
      why (MCR's 8-fan minimum with the hand's fan; a hand completed by a claimed set).
    - ``shanten``: tiles from ready for four-sets-and-a-pair rule sets (-1 complete, None
      for American); ``ready_after``: the advised discard leaves the hand ready.
    - ``waits``: the tiles that complete the hand (after the advised discard in a turn),
      each with its unseen copies and its worth under the rule set's scorer.
    - ``useful``: tiles that bring a hand that is not ready closer, with unseen copies.
    - ``lines``: American: the nearest lines of the card (tiles away counting only tiles that
      can still come).
    - ``summary``: one line on where the hand stands.
    """

    phase: str
    player: int
    action: Action | None
    text: str | None
    why: str
    summary: str
    options: tuple[Option, ...] = ()
    win: bool = False
    no_win: str | None = None
    shanten: int | None = None
    waits: tuple[Wait, ...] = ()
    useful: tuple[tuple[Tile, int], ...] = ()
    lines: tuple[CardLineStatus, ...] = ()
    notes: tuple[str, ...] = field(default=())

    def waiting_text(self) -> str | None:
        """``"Waiting on: 3m (2 unseen, 1 fan on a discard)"``, or None when the hand (after
        the advised discard) is not ready. A ready hand none of whose waits can win says
        so."""
        if not self.waits:
            return None
        ws = waits_text(self.waits)
        if not any(w.can_win for w in self.waits):
            return _("Ready, but no wait can win: {waits}").format(waits=ws)
        if self.action is not None and self.action.kind is ActionKind.DISCARD and \
                self.phase == "turn":
            return _("Ready after {action}: waiting on {waits}").format(action=self.text,
                                                                         waits=ws)
        return _("Waiting on: {waits}").format(waits=ws)

    def text_lines(self, *, alternatives: int = 2) -> list[str]:
        """The advice as lines of plain text, the same in every face: where the hand stands,
        why a win is refused, the advice and why, the alternatives, the waits or useful
        tiles, and the nearest card lines."""
        out = [self.summary]
        if self.no_win:
            out.append(_("No Mahjong: {why}").format(why=shown(self.no_win)))
        out.extend(f"  {ln.text()}" for ln in self.lines[:3])
        if self.action is not None:
            out.append(_("Advice: {action}. Why: {why}").format(action=self.text, why=self.why))
            for o in self.options[1:1 + alternatives]:
                out.append("  " + _("or {action}: {why}").format(action=o.text, why=o.why))
        elif self.why:
            out.append(self.why)
        wait = self.waiting_text()
        if wait:
            out.append(wait)
        elif self.useful:
            total = sum(n for _, n in self.useful)
            out.append(_("Useful tiles ({n} unseen): {tiles}").format(
                n=total, tiles=" ".join(f"{t}({n})" for t, n in self.useful)))
        out.extend(self.notes)
        return out

    def to_json(self) -> dict[str, Any]:
        """The advice as JSON (``analyze --json``'s ``advice`` object): ``action`` (the
        advised action worded as the faces word it, or null), ``why``, ``legal_action`` (the
        engine's action), ``options``, ``win``, ``no_win``, ``shanten``, ``waits``,
        ``useful``, ``lines``, ``summary``."""
        return {
            "action": self.text,
            "why": self.why,
            "legal_action": None if self.action is None else self.action.to_json(),
            "phase": self.phase,
            "player": self.player,
            "summary": self.summary,
            "options": [o.to_json() for o in self.options],
            "win": self.win,
            "no_win": self.no_win,
            "shanten": self.shanten,
            "waits": [w.to_json() for w in self.waits],
            "useful": [{"tile": str(t), "unseen": n} for t, n in self.useful],
            "lines": [ln.to_json() for ln in self.lines],
        }
