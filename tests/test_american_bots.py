"""The American bot (issue 8 item 9): it plays from its view toward the card's lines, and it
beats random legal play clearly (rule book 001 Part one).

Decisions are checked on views built by hand (a bot sees nothing else); the whole-game tests
let bots play seeded American games with the invariants checked after every action.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest

from mahjong_table.engine import Action, ActionKind, Game, PlayerView, SeatView
from mahjong_table.melds import Meld, MeldKind
from mahjong_table.players import BOTS, default_bot, make_bot, play_game
from mahjong_table.players.american_bot import AmericanBot, fold
from mahjong_table.rules import get_rule_set
from mahjong_table.rules.american.advice import HandJudge, Target
from mahjong_table.rules.american.card import practice_card
from mahjong_table.tiles import TILES, Tile, parse_tiles

AMERICAN = get_rule_set("american")
CARD = practice_card()
JOKER = TILES[46]


def counts47(text: str) -> tuple[int, ...]:
    c = [0] * 47
    for t in parse_tiles(text):
        c[t] += 1
    return tuple(c)


def view(hand: str, acts: list[Action], *, phase: str = "turn", player: int = 0,
         melds: dict[int, list[Meld]] | None = None, discards: dict[int, str] | None = None,
         last_discard: str | None = None, stage: str | None = None,
         drawn: str | None = None) -> PlayerView:
    """A view of player ``player`` holding ``hand`` (mpsz), with these legal actions."""
    melds = melds or {}
    discards = discards or {}
    counts = counts47(hand)
    seats = []
    for p in range(4):
        mine = p == player
        seats.append(SeatView(p, p, f"P{p}", sum(counts) if mine else 13,
                              tuple(melds.get(p, [])), (),
                              tuple(parse_tiles(discards.get(p, ""))), 0, False))
    last = Tile.parse(last_discard) if last_discard else None
    return PlayerView(player, "american", phase, 0, 0, 0, player, counts,
                      Tile.parse(drawn) if drawn else None, tuple(seats),
                      last, 1 if last else None, 60, 0, tuple(acts), (), stage)


def discards_of(hand: str, player: int = 0) -> list[Action]:
    return [Action(ActionKind.DISCARD, player, t) for t in sorted(set(parse_tiles(hand)))]


def passes_of(hand: str, n: int = 3, blind: int = 0, player: int = 0) -> list[Action]:
    """Every pass the engine would list (jokers left out, 001 Part one 06)."""
    tiles = [t for t in parse_tiles(hand) if t != JOKER]
    out = []
    for b in range(blind + 1):
        for combo in sorted(set(combinations(sorted(tiles), n - b))):
            out.append(Action(ActionKind.CHARLESTON_PASS, player, tiles=combo, number=b or None))
    return out


def bot() -> AmericanBot:
    return AmericanBot(1, "A", card=CARD)


# ----- single decisions ------------------------------------------------------------------

def test_mahjong_is_always_taken() -> None:
    """001 Part one "Winning the hand": Mahjong whenever it is offered."""
    acts = [Action(ActionKind.PUNG, 0), Action(ActionKind.MAHJONG, 0), Action(ActionKind.PASS, 0)]
    v = view("1f2f4444m4444p444s", acts, phase="claim", last_discard="4s")
    assert bot().choose(v).kind is ActionKind.MAHJONG


def test_discard_throws_the_tile_no_line_needs() -> None:
    """001 Part one 07: the discard keeps the hand nearest its line (FF 4444a 4444b 4444c)."""
    hand = "1f2f4444m4444p444s9m"
    assert bot().choose(view(hand, discards_of(hand))).tile == Tile.parse("9m")


def test_joker_is_discarded_only_when_nothing_else_is_held() -> None:
    """A joker stands in for any tile of a group of three or more (001 Part one "Jokers"):
    the bot keeps its jokers and throws a natural tile."""
    hand = "1m3m5m7m9m1p3p5p8s3z4z1j1j1j"
    chosen = bot().choose(view(hand, discards_of(hand)))
    assert chosen.kind is ActionKind.DISCARD and chosen.tile != JOKER
    only = "1j1j"
    assert bot().choose(view(only, discards_of(only))).tile == JOKER


def test_claims_a_kong_its_open_line_needs() -> None:
    """001 Part one "Calling discards": a kong of 4p for FF 4444a 4444b 4444c (an X line)
    brings the hand one tile from Mahjong; the fewest jokers that make the group."""
    hand = "1f2f4444m444p444s9m"
    acts = [Action(ActionKind.PUNG, 0), Action(ActionKind.KONG, 0),
            Action(ActionKind.PASS, 0)]
    chosen = bot().choose(view(hand, acts, phase="claim", last_discard="4p"))
    assert chosen == Action(ActionKind.KONG, 0)


def test_never_exposes_for_a_concealed_line() -> None:
    """001 Part one "Understanding the NMJL card": a C line may call only its winning tile.
    Two tiles from 2026a 2026b FFF DDDc (C), the bot does not expose a pung of flowers."""
    hand = "2m2m6m5z5z2p2p6p1f1f6z6z9s"
    acts = [Action(ActionKind.PUNG, 0), Action(ActionKind.PASS, 0)]
    chosen = bot().choose(view(hand, acts, phase="claim", last_discard="3f"))
    assert chosen.kind is ActionKind.PASS


def test_passes_on_a_tile_it_does_not_need() -> None:
    """A claim that brings no line closer is passed (001 Part one "Calling discards")."""
    hand = "1f2f4444m444p44s9m9m"
    acts = [Action(ActionKind.PUNG, 0), Action(ActionKind.PASS, 0)]
    chosen = bot().choose(view(hand, acts, phase="claim", last_discard="9m"))
    assert chosen.kind is ActionKind.PASS


def test_joker_exchange_when_the_joker_helps() -> None:
    """001 Part one "Joker exchange": the bot gives its unneeded Red dragon for the joker in
    another player's exposure [77z1j]; the joker completes its kong of 4s."""
    hand = "1f2f4444m4444p444s7z"
    exposure = Meld(MeldKind.PUNG, (Tile.parse("7z"), Tile.parse("7z"), JOKER), True, 1)
    exchange = Action(ActionKind.JOKER_EXCHANGE, 0, Tile.parse("7z"), target=2)
    acts = [exchange, *discards_of(hand)]
    chosen = bot().choose(view(hand, acts, melds={2: [exposure]}, drawn="4m"))
    assert chosen == exchange
    # an exchange that completes the hand is made whenever it is offered: after a claim too,
    # and with the last copy of the tile just drawn (the engine names the joker taken as the
    # winning tile: tests/test_advisor.py plays such Mahjongs to their score)
    assert bot().choose(view(hand, acts, melds={2: [exposure]})) == exchange
    assert bot().choose(view(hand, acts, melds={2: [exposure]}, drawn="7z")) == exchange
    # the natural tile is needed for a pair, which no joker may fill (13579a 1111b 33b FFF,
    # a 9m away): no exchange
    hand2 = "1357m1111p33p111f9s"
    pung = Meld(MeldKind.PUNG, (Tile.parse("3p"), Tile.parse("3p"), JOKER), True, 1)
    acts2 = [Action(ActionKind.JOKER_EXCHANGE, 0, Tile.parse("3p"), target=2),
             *discards_of(hand2)]
    chosen2 = bot().choose(view(hand2, acts2, melds={2: [pung]}, drawn="1m"))
    assert chosen2 == Action(ActionKind.DISCARD, 0, Tile.parse("9s"))


def test_calls_a_dead_hand_when_offered() -> None:
    """001 Part one "Dead hands" (option dead_exposures): one player fewer to beat."""
    hand = "1f2f4444m4444p444s9m"
    call = Action(ActionKind.CALL_DEAD, 0, target=3)
    assert bot().choose(view(hand, [call, *discards_of(hand)])) == call


def test_charleston_pass_keeps_the_line_and_never_a_joker() -> None:
    """001 Part one 06: "pass tiles that do not help your hand"; "Jokers cannot be passed"."""
    hand = "1f2f4444m444p44s7z9m1j"
    chosen = bot().choose(view(hand, passes_of(hand), phase="charleston",
                               stage="first_right"))
    assert chosen.kind is ActionKind.CHARLESTON_PASS and len(chosen.tiles) == 3
    assert JOKER not in chosen.tiles
    assert {Tile.parse("7z"), Tile.parse("9m")} <= set(chosen.tiles)


def test_blind_pass_keeps_the_tiles_the_line_uses() -> None:
    """On the last pass of a Charleston tiles just received may be passed on unseen (option
    blind_pass): a hand whose tiles all serve its line passes blind."""
    hand = "1f2f4444m4444p444s"
    chosen = bot().choose(view(hand, passes_of(hand, blind=3), phase="charleston",
                               stage="first_left"))
    assert chosen.kind is ActionKind.CHARLESTON_PASS
    assert (chosen.number or 0) >= 2


def test_vote_continues_when_far_and_stops_when_close() -> None:
    """001 Part one 06: the second Charleston is played only if all agree."""
    acts = [Action(ActionKind.CHARLESTON_CONTINUE, 0), Action(ActionKind.CHARLESTON_STOP, 0)]
    near = view("1f2f4444m4444p44s9m", acts, phase="charleston", stage="second_vote")
    far = view("1m4m7m2p5p8p3s6s9s1z3z5z7z", acts, phase="charleston", stage="second_vote")
    assert bot().choose(near).kind is ActionKind.CHARLESTON_STOP
    assert bot().choose(far).kind is ActionKind.CHARLESTON_CONTINUE


def test_courtesy_ask_counts_the_spare_tiles() -> None:
    """001 Part one 06, courtesy pass of 0-3 tiles: a hand one tile short of its line with
    two idle tiles asks for at most those two; a hand whose tiles all serve asks none."""
    acts = [Action(ActionKind.COURTESY_ASK, 0, number=n) for n in range(4)]
    idle = bot().choose(view("1f2f4444m4444p4s9m7z", acts, phase="charleston",
                             stage="courtesy_ask"))
    assert 1 <= (idle.number or 0) <= 2
    full = bot().choose(view("1f2f4444m4444p444s", acts, phase="charleston",
                             stage="courtesy_ask"))
    assert (full.number or 0) == 0


def test_fold_and_registry() -> None:
    """All flowers are alike (folded at 34); the registry knows the american bot, passes the
    game's card, and it is the default for American play only."""
    c = fold(counts47("1f5f8f"))
    assert c[34] == 3 and sum(c[35:42]) == 0
    assert BOTS["american"].endswith(":AmericanBot")
    b = make_bot("american", 3, rules=AMERICAN)
    assert isinstance(b, AmericanBot) and b.judge.card is AMERICAN.card  # type: ignore[attr-defined]
    assert default_bot(AMERICAN) == "american"
    assert default_bot(get_rule_set("hongkong")) == "efficiency"
    assert default_bot(get_rule_set("chinese")) == "efficiency"


# ----- whole games -----------------------------------------------------------------------

def _play(kinds: list[str], seeds: range, hands: int = 4) -> tuple[list[int], int]:
    """Wins by seat and hands played, with invariants checked after every action."""
    rules = get_rule_set("american", hands=hands)
    wins = [0, 0, 0, 0]
    played = 0
    for s in seeds:
        g = Game(rules, f"bots/{s}", check_invariants=True)
        play_game(g, [make_bot(k, f"{s}/{i}", rules=rules) for i, k in enumerate(kinds)])
        for r in g.results:
            played += 1
            if r.reason == "mahjong" and r.winner is not None:
                wins[r.winner] += 1
    return wins, played


def test_bots_reproducible() -> None:
    """Deterministic from the seed: the same seeds give the same actions."""
    runs = []
    for _ in range(2):
        g = Game(AMERICAN, 5)
        play_game(g, [make_bot("american", f"5/{i}", rules=AMERICAN) for i in range(4)])
        runs.append([a.to_json() for a in g.actions])
    assert runs[0] == runs[1]


def test_american_bots_beat_random_bots() -> None:
    """Seats 0 and 2 american, 1 and 3 random, over 32 seeded hands: the american bots win
    far more often (bench/american_sim.py runs the 1,000-hand comparison)."""
    wins, played = _play(["american", "random", "american", "random"], range(8))
    assert played == 32
    american, random_ = wins[0] + wins[2], wins[1] + wins[3]
    assert american >= 8 and american >= 4 * max(random_, 1)


def test_four_american_bots_win_more_than_four_random_bots() -> None:
    """Four american bots finish most hands with a Mahjong; four random bots hardly ever."""
    am, n_am = _play(["american"] * 4, range(5))
    rnd, n_rnd = _play(["random"] * 4, range(5))
    assert n_am == n_rnd == 20
    assert sum(am) >= 8 and sum(am) >= 4 * max(sum(rnd), 1)


@pytest.mark.parametrize("kinds", [["efficiency", "random", "american", "random"],
                                   ["random", "random", "random", "random"]])
def test_every_bot_plays_every_american_phase(kinds: list[str]) -> None:
    """The efficiency and random bots cope with the Charleston (its many pass actions), the
    vote, the courtesy pass, jokers in claims and exchanges (001 Part one 06, 07)."""
    rules = get_rule_set("american", hands=2, dead_exposures=True, false_mahjong="dead")
    g = Game(rules, "phases", check_invariants=True)
    play_game(g, [make_bot(k, f"p/{i}", rules=rules) for i, k in enumerate(kinds)])
    kinds_done = {a.kind for a in g.actions}
    assert ActionKind.CHARLESTON_PASS in kinds_done and ActionKind.COURTESY_ASK in kinds_done
    assert ActionKind.DISCARD in kinds_done
    assert len(g.results) == 2


def _random_game_states(prefix: str, seeds: int = 2, steps: int = 400
                        ) -> Iterator[tuple[Game, PlayerView]]:
    """Every state of ``seeds`` one-hand American games between four random bots (games
    ``prefix/0`` ...; at most ``steps`` actions each): the game and the view of the seat to
    act, whose random bot's action is applied when the consumer asks for the next state."""
    from mahjong_table.players import RandomBot

    rules = get_rule_set("american")
    for seed in range(seeds):
        game = Game(rules, f"{prefix}/{seed}", max_hands=1)
        bots = [RandomBot(f"{prefix}/{seed}/{p}") for p in range(4)]
        done = 0
        while not game.is_over and done < steps:
            view = game.view(game.to_act()[0])
            yield game, view
            game.apply(bots[view.player].choose(view))
            done += 1


def test_unseen_copies_are_the_supply_less_every_tile_the_player_sees() -> None:
    """The American judge's unseen copies (``advice.table_of``, read from the view's
    ``table_counts`` since issue 25) are, in every state of real games and for every seat,
    the tile set's copies (flowers folded into one kind) less the player's own tiles, every
    exposed tile (jokers and flowers included) and every discard, counted tile by tile."""
    from mahjong_table.rules.american.advice import table_of
    from mahjong_table.rules.american.model import FLOWER
    from mahjong_table.tiles import AMERICAN_TILE_SET
    from mahjong_table.wall import as_kind

    def folded(t: int) -> int:
        return FLOWER if 34 <= t < 42 else t

    supply = [0] * 47
    for k in range(47):
        supply[folded(k)] += AMERICAN_TILE_SET.copies[k]
    checked = 0
    for game, _ in _random_game_states("unseen"):
        for p in range(4):
            view = game.view(p)
            want = list(supply)
            for t in view.concealed:
                want[folded(as_kind(t))] -= 1
            for seat in view.seats:
                for meld in seat.melds:
                    for t in meld.tiles:
                        want[folded(as_kind(t))] -= 1
                for t in seat.discards:
                    want[folded(as_kind(t))] -= 1
            assert table_of(view).unseen == [max(0, u) for u in want]
            checked += 1
    assert checked > 400


def test_line_values_are_computed_once_and_give_the_same_ranking() -> None:
    """The judge's worth is the sum of its lines' values (``values``), and the turn's
    ranking of discards is the same whether ``_discards_ranked`` values the hand's lines
    itself or is given the values the turn computed already (issue 25): checked at every
    turn of two real games, for the player to act, with the same random state."""
    import random

    from mahjong_table.rules.american.advice import CardDecider, table_of

    decider = CardDecider(practice_card())
    judge = decider.judge
    turns = 0
    for _, view in _random_game_states("values"):
        if view.phase == "turn":
            table = table_of(view)
            targets = judge.targets(table.counts, table.groups)
            values = judge.values(targets, table.unseen)
            assert judge.worth(targets, table.unseen) == sum(values)
            assert values == [judge.line_worth(tg, table.unseen) for tg in targets]
            plain = decider._discards_ranked(table, table.counts, table.groups,
                                             random.Random(turns))
            given = decider._discards_ranked(table, table.counts, table.groups,
                                             random.Random(turns), targets, values)
            assert plain == given
            turns += 1
    assert turns > 50


def _line_worth_reference(judge: HandJudge, tg: Target, unseen: list[int]) -> float:
    """The line value of the American judge's docstring, written the plain way (a sort with
    a key for the gaps): what ``HandJudge.line_worth`` must give."""
    step = judge.step
    full = judge.full_supply
    if tg.away == 0:
        return tg.weight * 1e6
    value = tg.weight
    for k, n in tg.natural:
        if unseen[k] < n:
            return 0.0
        for i in range(n):
            value *= step * min(1.0, (unseen[k] - i) / full)
    spare = tg.jokers
    for k, n in sorted(tg.gaps, key=lambda g: unseen[g[0]]):
        fill = min(n, spare)
        spare -= fill
        n -= fill
        if not n:
            continue
        have = unseen[k] + unseen[JOKER]
        if have < n:
            return 0.0
        for i in range(n):
            value *= step * min(1.0, (have - i) / full)
    return value


def test_line_worth_is_the_plain_reading_with_scarcest_gaps_first() -> None:
    """The judge's line value (module docstring of ``rules.american.advice``: held jokers
    fill the gaps whose tiles are scarcest first, ties in the order given) equals the plain
    reading's, exactly, on random lines of the practice card with random unseen copies
    (issue 25: the gaps are put in order without a sort by key)."""
    import random

    card = practice_card()
    judge = HandJudge(card)
    rng = random.Random(25)
    variations = [v for ln in card.lines for v in ln.variations]
    kinds = [k for k in range(47) if k != JOKER]
    many_gaps = 0
    for _ in range(5000):
        v = rng.choice(variations)
        natural = tuple((rng.choice(kinds), rng.randint(1, 2)) for _ in range(rng.randint(0, 3)))
        gaps = tuple((rng.choice(kinds), rng.randint(1, 4)) for _ in range(rng.randint(0, 5)))
        many_gaps += len(gaps) > 2
        tg = Target(rng.randint(0, 8), rng.random() * 3, v, False, natural, gaps,
                    rng.randint(0, 4), card.lines[0])
        unseen = [rng.randint(0, 4) for _ in range(47)]
        unseen[JOKER] = rng.randint(0, 8)
        assert judge.line_worth(tg, unseen) == _line_worth_reference(judge, tg, unseen)
        assert judge.line_worth(tg, tuple(unseen)) == _line_worth_reference(judge, tg, unseen)
    assert many_gaps > 1000


@pytest.mark.parametrize("kind", ["american", "american-beginner", "american-master"])
def test_ranked_choices_name_each_discard_once(kind: str) -> None:
    """Every American bot's ranking of discards (``CardDecision.ranked``, what the advisor
    shows and the beginner picks its slips from) names each discard once, in either build:
    the best was once told from the others by the identity of a tuple, which the compiled
    build, holding such tuples unboxed, does not keep, so it was listed twice there and the
    beginner played other games than in the pure build (issue 25)."""
    from mahjong_table.players import RandomBot

    rules = get_rule_set("american")
    turns = 0
    for seed in range(2):
        game = Game(rules, f"ranked/{kind}/{seed}", max_hands=1)
        bot = make_bot(kind, f"ranked/{seed}", rules=rules)
        if kind == "american-master":
            # the hard bot plays the judgement, which reads the hard card decider's ranking
            from mahjong_table.judgement.american import decider_for

            decider = decider_for(bot.card)  # type: ignore[attr-defined]
        else:
            decider = bot.decider  # type: ignore[attr-defined]
        others = [RandomBot(f"ranked/{seed}/{p}") for p in range(4)]
        steps = 0
        while not game.is_over and steps < 600:
            actor = game.to_act()[0]
            view = game.view(actor)
            if actor == 0:
                decision = decider.decide(view, bot.rng)  # type: ignore[attr-defined]
                ranked = [c.action for c in decision.ranked]
                assert len(ranked) == len(set(ranked)), decision.ranked
                if decision.reason in ("discard", "exchange"):
                    turns += 1
                action = decision.action
            else:
                action = others[actor].choose(view)
            game.apply(action)
            steps += 1
    assert turns > 20


@pytest.mark.parametrize(("counts", "message"), [
    ([300] + [0] * 46, "a hand holds at most 14 tiles, this one 300"),
    ([-1, 3] + [0] * 45, "concealed counts cannot be negative"),
])
def test_judge_reports_impossible_counts_as_the_matcher_does(counts: list[int],
                                                              message: str) -> None:
    """The judge keys its cache by the counts as bytes (issue 25); counts that bytes cannot
    hold still reach the matcher, whose error names the problem."""
    judge = HandJudge(practice_card())
    with pytest.raises(ValueError, match=message):
        judge.targets(counts, ())
    assert judge.targets([0] * 47, ()) == judge.targets(tuple([0] * 47), ())
