"""Every "no" of an exercise says why (issue 48): the line mode is driven through every
exercise kind of every rule set, answering wrong on purpose, and each refusal must name its
reason, checked against the hand: the sets and the pair the tiles make and what is short, the
nearest card line and its distance, the tiles a claim needs in hand and how many are held, the
rule of priority, the scorer's items, the advisor's reckoning of a pass."""

from __future__ import annotations

import io
import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from tests.i18n_vocabulary import assert_italian

from mahjong_table.commands.learn import run_line_mode
from mahjong_table.i18n import use_language
from mahjong_table.learn import Exercise, generate, kinds_for
from mahjong_table.learn.exercises import WIND_NAMES, rules_for
from mahjong_table.rules.american.matcher import hand_counts, tiles_away
from mahjong_table.tiles import TILES, Tile, parse_tiles

RULES = ("hongkong", "chinese", "american")
#: the line mode's seeds: its first exercise is made from seed + 1
SEEDS = (0, 10, 20, 30)


def wrong_answer(ex: Exercise) -> str | None:
    """A readable answer ``ex`` judges wrong, chosen to exercise its reasons (None: no
    wrong answer to give, e.g. a pass every choice of which is as good)."""
    k = ex.kind
    if k == "name-tile":
        return "2m" if str(ex.tile) == "1m" else "1m"  # type: ignore[attr-defined]
    if k == "claims":
        # a claim the engine does not allow, and none of those it does
        want = set(ex.claims)  # type: ignore[attr-defined]
        for c in ("pung", "kong", "mahjong", "chow 345m"):
            if c not in want:
                return c
        return "none"
    if k == "claim-priority":
        return next(WIND_NAMES[p] for p in ex.claims if p != ex.winner)  # type: ignore[attr-defined]
    if k == "completing-tiles":
        waits = set(ex.waits)  # type: ignore[attr-defined]
        wrong = next(str(t) for t in TILES[:34] if int(t) not in waits)
        return wrong if not waits else f"{wrong}"
    if k == "is-win":
        return "no" if ex.win else "yes"  # type: ignore[attr-defined]
    if k == "score":
        expected = ex.expected_answer()
        return str(int(expected) + 1) if expected.isdigit() else "1"
    if k == "nearest-line":
        card = rules_for("american").card  # type: ignore[attr-defined]
        far = next(d for d in tiles_away(card, hand_counts(list(ex.hand)))  # type: ignore[attr-defined]
                   if d.line.key not in ex.nearest and d.away is not None)  # type: ignore[attr-defined]
        return f"{far.line.key}, {far.away}"
    if k == "pass-three":
        worst = None
        for c in combinations(sorted(set(ex.hand)), 3):  # type: ignore[attr-defined]
            if any(t.is_joker for t in c):
                continue
            w = ex.worth_kept(list(c))  # type: ignore[attr-defined]
            if worst is None or w < worst[0]:
                worst = (w, c)
        assert worst is not None
        answer = " ".join(str(t) for t in worst[1])
        return None if ex.check(answer).correct else answer
    raise AssertionError(k)


def drive(rules: str, kind: str, seed: int, answer: str, tmp_path: Path) -> str:
    """The line mode's words for one exercise of ``kind`` answered ``answer``: from the
    answer to the verdict."""
    out = io.StringIO()
    script = f"p {kind}\n{answer}\nm\nq\n"
    assert run_line_mode(rules, tmp_path / f"{rules}.json", io.StringIO(script), out,
                         seed=seed) == 0
    text = out.getvalue()
    start = text.index("Not quite") if "Not quite" in text else text.index("Non proprio")
    return text[start:text.index("\n", start)]


def check_reading(text: str, hand: list[Tile]) -> None:
    """The sets and the pair a refusal says the tiles make are in the hand, and the number
    of sets short is four less them."""
    m = re.search(r"At best the tiles make ([0-9a-z ]+): (?:(one|\d+) sets? (and the pair )?"
                  r"short|four sets but no pair)", text)
    assert m, text
    held = Counter(int(t) for t in hand)
    groups = m.group(1).split()
    for g in groups:
        tiles = parse_tiles(g)
        ranks = sorted(t.rank for t in tiles)
        assert len(tiles) in (2, 3) and len({t.suit for t in tiles}) == 1, g
        assert len(set(ranks)) == 1 or (len(tiles) == 3 and ranks == list(
            range(ranks[0], ranks[0] + 3)) and tiles[0].is_suited), g
        for t in tiles:
            held[int(t)] -= 1
            assert held[int(t)] >= 0, (g, text)
    sets = sum(1 for g in groups if len(parse_tiles(g)) == 3)
    if m.group(2):
        short = 1 if m.group(2) == "one" else int(m.group(2))
        assert sets + short == 4, text
        assert bool(m.group(3)) == (len(groups) == sets), text  # "and the pair" iff no pair
    else:
        assert sets == 4 and len(groups) == 4, text


def check_nearest(text: str, hand: list[Tile]) -> None:
    """A refusal's nearest card line is at the distance it says."""
    m = re.search(r"The nearest line of the card is (.+?) \(.*?\), (\d+) tiles? away: it needs "
                  r"([0-9a-z ]+)\.", text)
    assert m, text
    card = rules_for("american").card  # type: ignore[attr-defined]
    dist = tiles_away(card, hand_counts(hand))
    assert dist[0].away == int(m.group(2)) and m.group(1) in {
        d.line.key for d in dist if d.away == dist[0].away}, text
    assert len(m.group(3).split()) == int(m.group(2)), text


def check_reason(ex: Exercise, answer: str, text: str) -> None:
    """The refusal ``text`` of ``answer`` names the exercise's reason, checked against the
    hand and the rules (see the module's docstring)."""
    assert f"the answer is {ex.expected_answer()}." in text, text
    k = ex.kind
    if k == "name-tile":
        given = Tile.parse(answer)
        assert f"That is {given.name}" in text or f"({given});" in text, text
        assert f"written {ex.tile}" in text, text  # type: ignore[attr-defined]
    elif k == "claims":
        hand = list(ex.hand)  # type: ignore[attr-defined]
        tile = ex.tile  # type: ignore[attr-defined]
        for claim in set(ex.claims) ^ ({answer} if answer != "none" else set()):  # type: ignore[attr-defined]
            kind = claim.split()[0]
            verb = "You may claim" if claim in ex.claims else "You may not claim"  # type: ignore[attr-defined]
            assert f"{verb} {claim}: " in text, (claim, text)
            said = text[text.index(f"{verb} {claim}: "):]
            if kind in ("pung", "kong") and rules_for(ex.rules).name != "american":
                held = sum(1 for t in hand if t == tile)
                assert re.match(rf"{verb} {claim}: it needs {2 if kind == 'pung' else 3} "
                                rf"{tile} in hand and you hold {held}\.", said), said
            if kind == "mahjong" and claim not in ex.claims:  # type: ignore[attr-defined]
                if ex.rules == "american":
                    check_nearest(said, [*hand, tile])
                else:
                    check_reading(said, [*hand, tile])
            if kind == "chow" and claim not in ex.claims:  # type: ignore[attr-defined]
                assert any(w in said for w in ("no chows", "never make a chow",
                                               "just before you", "must use the discard",
                                               "you hold no")), said
    elif k == "claim-priority":
        assert "goes before" in text or "equal calls" in text, text
        assert re.search(r"\((001|004) ", text), text
    elif k == "completing-tiles":
        hand = list(ex.hand)  # type: ignore[attr-defined]
        if ex.waits:  # type: ignore[attr-defined]
            assert "Missed:" in text and "complete" in text, text
        for t in parse_tiles(answer) if answer != "none" else []:
            if int(t) in ex.waits:  # type: ignore[attr-defined]
                continue
            assert f"With {t}: " in text, text
            part = text[text.index(f"With {t}: "):]
            if ex.rules == "american":
                check_nearest(part, [*hand, t])
            elif "At best" in part.split("With ")[1]:
                check_reading(part, [*hand, t])
    elif k == "is-win":
        hand = list(ex.hand)  # type: ignore[attr-defined]
        if ex.win:  # type: ignore[attr-defined]
            assert "The engine offers Mahjong: the hand" in text, text
        elif ex.rules == "american":
            check_nearest(text, hand)
        elif "At best the tiles make" in text:
            check_reading(text, hand)
        else:  # a complete MCR form short of 8 fan: the engine counts the fan
            assert re.search(r"the hand has \d+ fan .*MCR needs at least 8", text), text
    elif k == "score":
        r = ex.result  # type: ignore[attr-defined]
        assert "The scorer's items:" in text or "no scoring item" in text, text
        for item in r.items:
            assert f"{item.name} {item.fan}" in text, (item.name, text)
    elif k == "nearest-line":
        assert re.search(r"is further: \d+ tiles? away; it needs", text), text
    elif k == "pass-three":
        assert re.search(r"rates the hand you keep at \d+% of the advised one", text), text
        assert "The advisor passes" in text
    else:
        raise AssertionError(k)


@pytest.mark.parametrize("rules", RULES)
def test_every_exercise_kind_says_why_an_answer_is_wrong(rules: str, tmp_path: Path) -> None:
    """The "Done when" of issue 48: the line mode, answered wrong on purpose in every kind,
    gives a reason with every refusal, and the reason holds for the hand."""
    seen: Counter[str] = Counter()
    for kind in kinds_for(rules):
        for seed in SEEDS:
            ex = generate(kind, rules, seed + 1)  # the line mode's first exercise
            answer = wrong_answer(ex)
            if answer is None:
                continue
            assert not ex.check(answer).correct, (kind, seed, answer)
            text = drive(rules, kind, seed, answer, tmp_path)
            check_reason(ex, answer, text)
            seen[kind] += 1
    assert set(seen) == set(kinds_for(rules)), seen


@pytest.mark.parametrize("rules", RULES)
def test_the_reasons_speak_italian(rules: str, tmp_path: Path) -> None:
    """The same refusals in Italian: every word of the reasons is the catalogue's."""
    with use_language("it"):
        for kind in kinds_for(rules):
            ex = generate(kind, rules, SEEDS[1] + 1)
            answer = wrong_answer(ex)
            if answer is None:
                continue
            text = drive(rules, kind, SEEDS[1], answer, tmp_path)
            assert text.startswith("Non proprio: la risposta è"), text
            allowed = [ln.key for ln in rules_for("american").card.lines]  # type: ignore[attr-defined]
            allowed += [ln.pattern for ln in rules_for("american").card.lines]  # type: ignore[attr-defined]
            allowed += ["Mahjong Competition Rules", "Priorities and Victory"]
            assert_italian(text, f"{rules} {kind}", allow=allowed)
