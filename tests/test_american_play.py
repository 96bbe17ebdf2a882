"""``play`` and ``simulate`` with American rules (issue 8 item 10; rule book 001 Part one).

A scripted person plays through text streams, as in ``tests/test_play.py``: here the script
answers each prompt as it comes (tiles for a pass, a number for the courtesy ask, the first
option of a menu), so a whole hand is played with the Charleston. Each test names the rule it
checks.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from mahjong_table.cli import build_parser, main
from mahjong_table.commands.play import run_session
from mahjong_table.engine import Action, ActionKind, Game, PlayerView, SeatView, events_for
from mahjong_table.melds import Meld, MeldKind, parse_hand
from mahjong_table.players import Player, make_bot
from mahjong_table.rules import get_rule_set
from mahjong_table.rules.american.card import practice_card_text
from mahjong_table.rules.american.scoring import score_american
from mahjong_table.scoring import WinContext
from mahjong_table.tiles import AMERICAN_TILE_SET, TILES, Tile, parse_tiles
from mahjong_table.tui.line import HumanPlayer

JOKER = TILES[46]


@pytest.fixture(autouse=True)
def _games_saved_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game stopped by the end of its scripted input is saved as on Ctrl-C, to a file in
    the working directory: keep those files in the test's own directory."""
    monkeypatch.chdir(tmp_path)


class Prompted(io.StringIO):
    """Input that answers the last prompt written to ``out``: the first tiles of the hand for
    a pass, 0 for the courtesy ask, Enter at the end of a hand, else option 1 of the menu.
    ``limit`` answers at most (then the end of input)."""

    def __init__(self, out: io.StringIO, limit: int = 5000) -> None:
        super().__init__()
        self.out = out
        self.limit = limit
        self.answers: list[str] = []

    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        if len(self.answers) >= self.limit:
            return ""
        text = self.out.getvalue()
        prompt = text[text.rfind("\n") + 1:]
        m = re.match(r"Pass (\d) tiles?", prompt)
        if m:
            answer = " ".join(str(i) for i in range(1, int(m.group(1)) + 1))
        elif prompt.startswith("How many tiles"):
            answer = "0"
        elif prompt.startswith("Press Enter"):
            answer = ""
        else:
            answer = "1"
        self.answers.append(answer)
        return answer + "\n"


def run_play(argv: list[str], stdin: io.StringIO | None = None) -> tuple[int, str]:
    args = build_parser().parse_args(["play", *argv])
    out = io.StringIO()
    status = args.func(args, input=stdin if stdin is not None else Prompted(out), output=out)
    return status, out.getvalue()


def test_a_full_american_hand_with_the_charleston() -> None:
    """001 Part one 06-07 and "Winning the hand": the person passes right, over and left
    (blind passing offered on the last pass), votes, asks the courtesy pass, plays the hand
    against american bots to its end and sees the card line, points and payments."""
    status, out = run_play(["--rules", "american", "--hands", "1", "--seed", "3"])
    assert status == 0
    assert "American rules, 1 hand, card: Practice card" in out
    # the seats are drawn: the human (player 0) sits North, East is American 1
    assert "You sit North." in out
    assert "First Charleston, pass 3 tiles to the right (to East (American 1))" in out
    assert "First Charleston, pass 3 tiles over (across) (to South (American 2))" in out
    assert "First Charleston, pass 3 tiles to the left (to West (American 3))" in out
    assert "Jokers cannot be passed (001 Part one 06)." in out
    assert "you may pass on up to 3 of the tiles arriving now unseen" in out
    assert re.search(r"You pass \S+ \S+ \S+ to East \(American 1\)", out)
    assert re.search(r"You receive \S+ \S+ \S+ from West \(American 3\)", out)
    assert "Second Charleston? It is played only if all four players agree" in out
    assert "Courtesy pass (001 Part one 06)" in out
    assert "The Charleston is over." in out
    # while choosing: the three closest card lines, tiles away and the tiles each needs
    block = out[out.index("Closest card lines:"):].split("\n\n")[0].splitlines()[1:]
    heads = [ln for ln in block if ln.startswith("  ") and not ln.startswith("   ")
             and not ln.startswith("  Advice: ")]
    assert len(heads) == 3
    assert all(re.match(r"  \S.* \([XC] \d+\): (\d+ away, needs|complete|out of reach)", ln)
               for ln in heads)
    # and the advisor's advice for the decision (issue 19)
    assert any(ln.startswith("  Advice: ") for ln in block)
    # the end of the hand: the line (section and number, pattern), points, payments
    assert "Hand 1 is over" in out
    assert "Card line: " in out and re.search(r"\d+ points?, (not )?jokerless", out)
    assert "Payments and running totals" in out
    assert "final standings" in out
    assert "Traceback" not in out


def test_bad_pass_inputs_get_a_message_and_the_prompt_again() -> None:
    """001 Part one 06: "Jokers cannot be passed"; a pass is three tiles of one's own hand;
    blind passing only on the last pass of a Charleston."""
    game = Game(get_rule_set("american"), "bad-pass")
    p = game.to_act()[0]
    view = game.view(p)
    hand = list(view.concealed)
    missing = next(t for t in TILES[:34] if t not in hand)
    two = f"{hand[0]} {hand[1]}"
    script = "\n".join([f"1j {two}", two, f"{missing} {two}", f"{two} +1 blind", "99 1 2",
                        "xyz", "1 2 3"]) + "\n"
    out = io.StringIO()
    human = HumanPlayer(io.StringIO(script), out, seat=p, names=game.names)
    action = human.choose(view)
    text = out.getvalue()
    assert "Jokers cannot be passed (001 Part one 06" in text
    assert "This pass is 3 tiles: you gave 2 tiles." in text
    assert f"You have no {missing.name} ({missing}) in your hand." in text
    assert "A blind pass is allowed only on the last pass of each Charleston" in text
    assert "There is no tile number 99" in text
    assert "'xyz' is not a tile" in text
    assert text.count("Pass 3 tiles (e.g.") == 7
    assert action == Action(ActionKind.CHARLESTON_PASS, p, tiles=tuple(sorted(hand[:3])))
    assert game.can_apply(action)


def test_blind_pass_on_the_last_pass() -> None:
    """The option blind_pass (docs/rules/american.md): on the last pass of the first
    Charleston, ``2m 4p +1 blind`` passes two tiles and one tile just received, unseen."""
    game = Game(get_rule_set("american"), "blind")
    bots = [make_bot("american", i) for i in range(4)]
    while game.stage is not None and game.stage.name != "first_left":
        q = game.to_act()[0]
        game.apply(bots[q].choose(game.view(q)))
    p = game.to_act()[0]
    view = game.view(p)
    hand = [t for t in view.concealed if t != JOKER]
    out = io.StringIO()
    human = HumanPlayer(io.StringIO(f"{hand[0]} {hand[1]} +1 blind\n"), out, seat=p)
    action = human.choose(view)
    assert action.number == 1 and action.tiles == (hand[0], hand[1])
    assert game.can_apply(action)
    assert "you may pass on up to 3 of the tiles arriving now unseen" in out.getvalue()


def _view(hand: str, acts: list[Action], *, phase: str = "turn", last: str | None = None,
          melds: dict[int, list[Meld]] | None = None, dead: int | None = None) -> PlayerView:
    counts = [0] * 47
    for t in parse_tiles(hand):
        counts[t] += 1
    seats = tuple(SeatView(p, p, f"Bot {p}", sum(counts) if p == 0 else 13,
                           tuple((melds or {}).get(p, [])), (), (), 0, p == dead)
                  for p in range(4))
    return PlayerView(0, "american", phase, 0, 0, 0, 0, tuple(counts), None, seats,
                      Tile.parse(last) if last else None, 1 if last else None, 50, 0,
                      tuple(acts), (), None)


def test_claims_offer_each_number_of_jokers() -> None:
    """001 Part one "Jokers" and "Calling discards": a pung, kong or quint of the discard may
    take jokers; the menu says how many of the person's jokers each claim uses."""
    acts = [Action(ActionKind.PUNG, 0), Action(ActionKind.PUNG, 0, jokers=1),
            Action(ActionKind.KONG, 0, jokers=1), Action(ActionKind.KONG, 0, jokers=2),
            Action(ActionKind.QUINT, 0, jokers=2), Action(ActionKind.PASS, 0)]
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("4\n"), out)
    assert human.choose(_view("55p1j1j2m3m4m6s7s8s9s1z2z", acts, phase="claim",
                              last="5p")) == acts[3]
    text = out.getvalue()
    assert "discarded 5 Circles (5p). Do you claim it?" in text
    assert "Pung 5 Circles (5p) using 1 joker" in text
    assert "Kong 5 Circles (5p) using 2 jokers" in text
    assert "Quint 5 Circles (5p) using 2 jokers" in text


def test_joker_exchange_and_calling_dead_show_the_exposure() -> None:
    """001 Part one "Joker exchange" (which exposure) and "Dead hands" (marked DEAD; a hand
    whose exposures fit no line may be called dead)."""
    exposure = Meld(MeldKind.PUNG, (Tile.parse("7z"), Tile.parse("7z"), JOKER), True, 1)
    acts = [Action(ActionKind.JOKER_EXCHANGE, 0, Tile.parse("7z"), target=2),
            Action(ActionKind.CALL_DEAD, 0, target=2),
            Action(ActionKind.DISCARD, 0, Tile.parse("7z"))]
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("1\n"), out, names=["You", "Bot 1", "Bot 2", "Bot 3"])
    v = _view("7z1f2f4444m4444p444s", acts, melds={2: [exposure]}, dead=3)
    assert human.choose(v) == acts[0]
    text = out.getvalue()
    assert "Exchange your Red dragon (7z) for the joker in West (Bot 2)'s exposure [77z1j]" in text
    assert "Call West (Bot 2)'s hand dead: its exposures [77z1j] fit no line" in text
    assert re.search(r"North +Bot 3 .*DEAD", text)
    assert "[77z1j]" in text and "jokers: 0  flowers: 2" in text


def test_courtesy_ask_and_vote_prompts() -> None:
    """001 Part one 06: the courtesy pass asks 0-3 tiles of the player opposite; the second
    Charleston is played only if all agree."""
    ask = [Action(ActionKind.COURTESY_ASK, 0, number=n) for n in range(4)]
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("5\n2\n"), out)
    assert human.choose(_view("1f2f4444m4444p44s9m", ask, phase="charleston")).number == 2
    assert "Type a number from 0 to 3" in out.getvalue()
    vote = [Action(ActionKind.CHARLESTON_CONTINUE, 0), Action(ActionKind.CHARLESTON_STOP, 0)]
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("stop\n"), out)
    assert human.choose(_view("1f2f4444m4444p44s9m", vote, phase="charleston")).kind is \
        ActionKind.CHARLESTON_STOP
    assert "Continue: play the second Charleston" in out.getvalue()


def test_end_of_hand_shows_the_line_points_and_payments() -> None:
    """001 Part one "Winning the hand": the card line that wins, its points, jokerless, and
    the payments (the score object of shared/NOTATION.md, American)."""
    score = {"rules": "american", "valid": True, "hand": "2026m [666s] [6666p] NNNN",
             "points": 25, "jokerless": True, "line": {"section": "2026", "number": 1,
                                                       "pattern": "2026a 666b 666c NNNN"},
             "items": [{"id": "line", "name": "2026 #1: 2026a 666b 666c NNNN", "points": 25}],
             "decomposition": ["2m5z2m6m", "[666s]", "[666p]", "4444z"],
             "payments": {"E": 100, "S": -50, "W": -25, "N": -25}}
    result = {"hand_number": 0, "round_wind": "E", "dealer": 0, "reason": "mahjong",
              "winner": 0, "discarder": 1, "score": score, "payments": [100, -50, -25, -25]}
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("\n"), out)
    human.notify([{"type": "declare_mahjong", "player": 0, "self_drawn": False, "tile": "4z",
                   "discarder": 1},
                  {"type": "hand_end", "player": 0, "result": result,
                   "scores": [100, -50, -25, -25]}])
    text = out.getvalue()
    assert "You win with Mahjong, on South (Player 1)'s discard!" in text
    assert "Card line: 2026 #1  2026a 666b 666c NNNN" in text
    assert "25 points, jokerless" in text
    assert re.search(r"You \(East\) +\+100 +total +\+100", text)


def test_end_of_hand_items_add_up_to_the_base_and_the_payment_rule_is_no_points() -> None:
    """The end-of-hand summary of an American win (rules/american/scoring.py): the line and
    the jokerless doubling add up to each payer's base; self-drawn is a payment rule
    ("each player pays double"), not points; the year group reads as the card writes it."""
    rules = get_rule_set("american")
    hand = parse_hand("22m6m5z 666p 666s 444z1j", AMERICAN_TILE_SET)
    ctx = WinContext(hand, Tile.parse("5z"), seat_wind=0, self_drawn=True)
    score = score_american(rules.card, ctx, {}).to_json()
    result = {"hand_number": 0, "round_wind": "E", "dealer": 0, "reason": "mahjong",
              "winner": 0, "discarder": None, "score": score, "payments": [150, -50, -50, -50]}
    out = io.StringIO()
    human = HumanPlayer(io.StringIO("\n"), out)
    human.notify([{"type": "hand_end", "player": 0, "result": result,
                   "scores": [150, -50, -50, -50]}])
    text = out.getvalue()
    assert "Hand:  2m5z2m6m 666p 666s 444z1j" in text
    assert re.search(r"Scoring:\n +2026 #1: 2026a 666b 666c NNNN +25 points\n"
                     r" +Each payer's base +25 points\n  Paid: Self-drawn: each player pays "
                     r"double\n", text)


def test_human_never_sees_other_players_tiles_or_passes() -> None:
    """001 Part one 06: "Players pass tiles face down": the screen shows the person's own
    passes and the tiles they receive, never another player's pass or concealed tiles."""
    game = Game(get_rule_set("american", hands=1), "secret",
                names=["You", "American 1", "American 2", "American 3"])
    out = io.StringIO()
    human = HumanPlayer(Prompted(out), out, seat=0, names=game.names)
    players: list[Player] = [human, *(make_bot("american", f"s/{i}") for i in (1, 2, 3))]
    run_session(game, human, players)
    screen = out.getvalue()
    own = [e for e in game.events if e.type == "passed" and e.player == 0]
    assert own and screen.count("You pass ") == len(own)
    for e in game.events:
        if e.type == "deal" and e.player != 0:
            assert str(e.data["tiles"]) not in screen
    assert not re.search(r"\(American \d\) pass(es)? ", screen)
    assert all("tiles" not in ev for ev in events_for(game.events, 0)
               if ev["type"] in ("passed", "received") and ev.get("player") != 0)


def test_simulate_record_then_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    """Records of American games replay exactly (every event, the final scores); without
    --bots the four bots are american bots."""
    path = tmp_path / "american.jsonl"
    assert main(["simulate", "--rules", "american", "--games", "3", "--seed", "7",
                 "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "rules american" in out and "12 hands" in out
    assert re.search(r"^0 +american ", out, re.M) and re.search(r"^3 +american ", out, re.M)
    assert main(["replay", str(path)]) == 0
    assert "ok: 3 games" in capsys.readouterr().out


def test_length_and_card_flags(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An American game is --hands N hands (the option hands; 001 Part one 01: each player
    deals in turn); --card FILE is the option card, for American play only; --rounds is for
    the rule sets with wind rounds."""
    card = tmp_path / "mine.card"
    card.write_text(practice_card_text(), encoding="utf-8")
    assert main(["simulate", "--rules", "american", "--games", "1", "--hands", "2",
                 "--card", str(card), "--no-invariants"]) == 0
    out = capsys.readouterr().out
    assert "2 hands:" in out and f"'card': '{card}'" in out and "'hands': 2" in out
    assert main(["simulate", "--rules", "american", "--rounds", "1"]) == 2
    assert "--rounds: American play has no wind rounds" in capsys.readouterr().err
    assert main(["simulate", "--rules", "hongkong", "--card", str(card)]) == 2
    assert "--card is for American play only" in capsys.readouterr().err
    assert main(["play", "--rules", "chinese", "--card", str(card)]) == 2
    assert "--card is for American play only" in capsys.readouterr().err
    assert main(["simulate", "--rules", "american", "--card", str(tmp_path / "none")]) == 2
    assert "option card=" in capsys.readouterr().err
    assert main(["simulate", "--rules", "american", "--hands", "3", "--option",
                 "hands=2"]) == 2
    assert "disagree" in capsys.readouterr().err
    # Hong Kong keeps --rounds and --hands as before: at most N hands of a 1-round game
    assert main(["simulate", "--games", "1", "--rounds", "1", "--hands", "2", "--bots",
                 "random,random,random,random", "--no-invariants"]) == 0
    assert "'rounds': 1" in capsys.readouterr().out


def test_play_american_opponents_are_american_bots() -> None:
    """``play --rules american``: the three opponents are american bots unless --bots."""
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--rules", "american", "--seed", "2"])
    assert args.func(args, input=io.StringIO("q\ny\n"), output=out) == 0
    text = out.getvalue()
    assert "against American 1, American 2, American 3" in text
    assert "American rules, 4 hands" in text and "Game stopped (quit)" in text


# ----- the Charleston log: own pass first, the vote's outcome without names ---------------

def _stage_log(events: list[dict[str, object]], seat: int = 0) -> list[str]:
    out = io.StringIO()
    human = HumanPlayer(io.StringIO(""), out, seat=seat,
                        names=["You", "American 1", "American 2", "American 3"])
    human.notify(events)
    return [ln.strip(" ·-") for ln in out.getvalue().splitlines() if ln.strip()]


def test_charleston_log_tells_what_you_passed_before_what_you_received() -> None:
    """001 Part one 06 ("Players pass tiles face down and simultaneously"): the engine tells
    the passes in wind order, so the tiles received may come first; the log tells the
    person's own pass first, then what arrived."""
    log = _stage_log([
        {"type": "received", "player": 0, "stage": "first_left", "source": 1,
         "tiles": "1m2m3m"},
        {"type": "passed", "player": 0, "stage": "first_left", "to": 3, "tiles": "7p8p9p",
         "blind": 0},
        {"type": "charleston_pass", "player": None, "stage": "first_left",
         "passes": {"0": 3, "1": 3, "2": 3, "3": 3}},
    ])
    mine = [ln for ln in log if ln.startswith(("You pass", "You receive"))]
    assert [ln.split()[1] for ln in mine] == ["pass", "receive"]
    assert "7p" in mine[0] and "1m" in mine[1]


def test_charleston_log_order_in_a_whole_game() -> None:
    """In a played American game, every "You receive" of a pass follows "You pass"."""
    _, out = run_play(["--rules", "american", "--hands", "1", "--seed", "3"])
    told = re.findall(r"You (pass|receive) ", out)
    assert told and len(told) % 2 == 0
    assert all(told[i] == "pass" and told[i + 1] == "receive" for i in range(0, len(told), 2))


@pytest.mark.parametrize(("my_vote", "said"), [
    ("charleston_stop", "You voted to stop: there is no second Charleston."),
    ("charleston_continue", "At least one other player voted to stop (the votes are secret): "
                            "there is no second Charleston."),
    (None, "At least one player voted to stop (the votes are secret): there is no second "
           "Charleston."),
])
def test_stopped_vote_names_nobody_since_the_votes_are_secret(my_vote: str | None,
                                                              said: str) -> None:
    """001 Part one 06: "The second Charleston is played only if all four players agree".
    The engine tells only the vote's outcome (charleston_vote carries no names: who stopped
    it stays unsaid, docs/rules/american.md), so the log names nobody; the person's own
    vote (their secret respond event) is all it adds."""
    events: list[dict[str, object]] = []
    if my_vote is not None:
        events.append({"type": "respond", "player": 0, "action": my_vote})
    events.append({"type": "charleston_vote", "player": None, "stage": "vote",
                   "agreed": False})
    log = _stage_log(events)
    assert said in log
    assert not any("American" in ln for ln in log)


def test_the_vote_event_carries_no_one_s_answer() -> None:
    """The engine side of the reading above: a charleston_vote event holds the stage and
    the outcome only, and each answer is a secret respond event seen by its player alone."""
    game = Game(get_rule_set("american"), "vote")
    bots = [make_bot("american", p) for p in range(4)]
    while not any(e.type == "charleston_vote" for e in game.events):
        p = game.to_act()[0]
        game.apply(bots[p].choose(game.view(p)))
    vote = next(e for e in game.events if e.type == "charleston_vote")
    assert set(vote.data) == {"stage", "agreed"} and vote.player is None
    answers = [e for e in game.events if e.type == "respond"
               and e.data.get("action") in ("charleston_stop", "charleston_continue")]
    assert len(answers) == 4
    for e in answers:
        assert [p for p in range(4) if e.seen_by(p) is not None] == [e.player]
