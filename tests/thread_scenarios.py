"""Work that first uses each lazily built table, cache and memo the engine, analysis, rules,
bots and faces keep at module or class level (issue 42 item 1), for
``tests/test_thread_first_use.py``.

Each scenario is a function of a thread's number (0, 1, ...) that returns a JSON-ready
fingerprint of what it computed. ``python tests/thread_scenarios.py NAME race N`` runs one
scenario in N threads released at once by a barrier in this fresh interpreter (so that
every thread's first use of the tables is at the same moment), with a very short GIL switch
interval so that the threads interleave inside the code that fills the tables;
``python tests/thread_scenarios.py all serial N`` runs every scenario N times one after
the other, the reference. Either prints one JSON object: per scenario, each thread's
result, and each thread's exception with its traceback.

The structures and the scenarios that reach them:

======================================  ===================================================
structure (module: name)                scenario
======================================  ===================================================
analysis._distance: _TABLE (shipped     ``shanten`` (first shanten() at once), ``waits``
table), VECTORS / _VECTOR_IDS /         (DRAW_MASKS, DISCARD_MASKS), ``shanten_no_table``
PACKED_VECTORS, SUIT_PACKS,             (the dynamic programme: every vector id assigned
HONOUR_PACKS, COMBINE_FLAT, COMBINE,    while the threads race), ``vector_ids`` (ids given
_SHIPPED_IDS, suit_vector, honour_vector and read at once, as the tables' readers do)
analysis.decompose: _PLACED, _PAIRED    ``decompose``
rules.mcr_scoring: _WAITS               ``game_mcr`` (MCR scoring of every win)
rules.hongkong_scoring: _HITS,          ``game_hongkong``
rules.hand_checks: _GROUP_TEXT,
melds: _NOTATION, message: _PLAIN
players: EfficiencyBot / EasyBot /      ``game_hongkong``, ``game_mcr``
StrongBot._forms, strong_bot._win_chance
rules.american.card: practice_card,     ``american_card`` (the card parsed at once),
_GROUPS; rules.american.matcher:        ``american_matcher`` (compile_card at once, its
_COMPILED, CompiledCard.exact / _sums / exact index, sums and masks), ``game_american``
_fits / _reduced / _group_counts
judgement.american: _LOCAL (a hard   ``advisor`` (American and Hong Kong advice: the
card decider per thread: its Hand-      judgement), ``judgement`` (the hard bots of Hong
Judge memo is not shared); j.sets:      Kong and MCR: plans, completions, the scorer's
_PAY_MEMO, _COMPLETIONS, _PLAIN_MEMO;   memo, the race)
judgement.chances: _CACHE;
judgement.race: race (lru_cache)
engine.view: _TABLE_LAST                ``advisor`` (views of several games at once)
i18n: _catalogues; message: _TEMPLATES  ``i18n`` (Italian catalogue loaded at once, messages
                                        read back)
tui.hints: _LAST                        ``advisor``
env.planes: _KIND_OF                    ``planes`` (skipped without numpy)
web.board: _BOARDS                      ``board``
======================================  ===================================================
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Any

Scenario = Callable[[int], Any]


def _hands(seed: int, n: int, tiles: int = 14) -> list[list[int]]:
    from mahjong_table.analysis.samples import random_counts

    rng = random.Random(seed)
    return [random_counts(rng, tiles) for _ in range(n)]


def shanten(i: int) -> Any:
    from mahjong_table.analysis import shanten as sh

    out = []
    for k, h in enumerate(_hands(100 + i, 150)):
        out.append(sh(h, seven_pairs=k % 2 == 0, thirteen_orphans=k % 3 == 0))
    return out


def shanten_no_table(i: int) -> Any:
    from mahjong_table.analysis import shanten as sh
    from mahjong_table.analysis._distance import use_shipped_table

    if i < 0:  # set-up, before the threads start
        use_shipped_table(False)
        return None
    return [sh(h) for h in _hands(200 + i, 80)]


def vector_ids(i: int) -> Any:
    """Distance vectors given ids by every thread at once (the id is an index into
    ``VECTORS``: two threads must never give one id to two vectors)."""
    from mahjong_table.analysis import _distance

    # 3,000 distinct vectors of ten entries 0-14 (the digits of k in base 15, then 14s)
    vectors = [tuple((k // 15 ** j) % 15 if j < 3 else 14 for j in range(10))
               for k in range(3000)]
    if i % 2:
        vectors.reverse()
    wrong = 0
    ids = []
    for v in vectors:
        # each id read at once, as the tables' readers do (its vector, packed too)
        n = _distance.vector_id(v)
        packed = _distance.PACKED_VECTORS[n]
        if _distance.VECTORS[n] != v or packed & 63 != v[0]:
            wrong += 1
        ids.append(n)
    # per vector: its id still names it (and only it) once every thread is done
    return [wrong, len(set(ids)),
            [_distance.vector_id(v) == n and _distance.VECTORS[n] == v
             for v, n in zip(vectors, ids, strict=True)]]


def waits(i: int) -> Any:
    from mahjong_table.analysis import discard_options, useful_tiles

    out: list[Any] = []
    for h in _hands(300 + i, 40):
        out.append([o.to_json() for o in discard_options(h)])
        c = list(h)
        c[next(k for k in range(34) if c[k])] -= 1
        out.append([str(t) for t in useful_tiles(c)])
    return out


def decompose(i: int) -> Any:
    from mahjong_table.analysis import decompositions
    from mahjong_table.analysis.decompose import decompose_sets

    out = []
    for h in _hands(400 + i, 400):
        out.append(len(decompositions(h)))
        out.append(len(decompose_sets(h, first_only=False)))
    # complete hands too (chows and pungs of each suit)
    rng = random.Random(401)
    for _ in range(80):
        c = [0] * 34
        for _s in range(4):
            if rng.random() < 0.5:
                k = rng.randrange(27)
                k -= (k % 9) - 6 if k % 9 > 6 else 0
                for d in range(3):
                    c[k + d] += 1
            else:
                c[rng.randrange(34)] += 3
        c[rng.randrange(34)] += 2
        if max(c) <= 4:
            out.append([str(d) for d in decompositions(c)])
    return out


def _record_digest(game: Any) -> str:
    from mahjong_table.record import record_lines

    text = "\n".join(json.dumps(line, sort_keys=True) for line in record_lines(game))
    return hashlib.sha256(text.encode()).hexdigest()


def _play(rules_name: str, lineup: list[str], seed: str, hands: int = 1,
          **options: Any) -> Any:
    from mahjong_table.engine import Game
    from mahjong_table.players import make_bot, play_game
    from mahjong_table.rules import get_rule_set

    rules = get_rule_set(rules_name, **options)
    game = Game(rules, seed, max_hands=hands)
    bots = [make_bot(kind, f"{seed}/{p}", rules=rules) for p, kind in enumerate(lineup)]
    play_game(game, bots)
    return {"scores": list(game.scores), "actions": len(game.actions),
            "record": _record_digest(game),
            "items": [[str(it.name) for it in r.score.items] if r.score else None
                      for r in game.results]}


def game_hongkong(i: int) -> Any:
    lineups = [["strong", "easy", "hard", "efficiency"], ["efficiency", "strong", "easy", "hard"]]
    return _play("hongkong", lineups[i % 2], f"race-hk/{i % 2}", hands=2)


def game_mcr(i: int) -> Any:
    return _play("chinese", ["hard", "strong", "efficiency", "easy"], f"race-mcr/{i % 2}",
                 hands=2, scoring="mcr")


def game_american(i: int) -> Any:
    return _play("american", ["american", "hard", "easy", "normal"], f"race-am/{i % 2}")


#: the cards the threads of ``american_card`` got
_CARDS: list[Any] = []


def american_card(i: int) -> Any:
    from mahjong_table.rules import get_rule_set
    from mahjong_table.rules.american.card import practice_card

    # (the card itself first: Python 3.11's cached_property holds a lock that would
    # serialise the rule sets' first loads, 3.12's does not)
    card = practice_card()
    _CARDS.extend([card, get_rule_set("american").card])  # type: ignore[attr-defined]
    return [card.name, len(card.lines),
            sum(len(ln.variations) for ln in card.lines),
            sorted({(g.kind, g.size) for ln in card.lines for v in ln.variations
                    for g in v.groups})]


def american_matcher(i: int) -> Any:
    from mahjong_table.rules.american.card import practice_card
    from mahjong_table.rules.american.matcher import is_complete, tiles_away

    card = practice_card()
    if i < 0:  # set-up: the card is loaded, its matcher index is the threads' to build
        return None
    out: list[Any] = []
    # every line's first variation, joker-free: completes (the exact index)
    for ln in card.lines[i % 2::2]:
        v = ln.variations[0]
        counts = [0] * 47
        for g in v.groups:
            counts[g.kind] += g.size
        if max(counts[:34]) <= 4 and counts[34] <= 8:
            out.append(is_complete(card, counts))
    rng = random.Random(500 + i % 2)
    pool = [k for k in range(34) for _ in range(4)] + [34] * 8 + [46] * 8
    for _ in range(30):
        counts = [0] * 47
        for t in rng.sample(pool, 13):
            counts[t] += 1
        out.append([(d.line.key, d.away) for d in tiles_away(card, counts, nearest=5)])
    return out


def advisor(i: int) -> Any:
    from mahjong_table.advisor import advise
    from mahjong_table.engine import Game
    from mahjong_table.players import make_bot
    from mahjong_table.rules import get_rule_set
    from mahjong_table.tui.hints import hint_lines

    out: list[Any] = []
    for rules_name in ("american", "hongkong"):
        rules = get_rule_set(rules_name)
        seed = f"race-adv/{rules_name}/{i % 2}"
        game = Game(rules, seed, max_hands=1)
        bots = [make_bot("normal", f"{seed}/{p}", rules=rules) for p in range(4)]
        n = 0
        while not game.is_over and n < 60:
            p = game.to_act()[0]
            view = game.view(p)
            if n % 4 == 0:
                advice = advise(view, rules)
                out.append([str(advice.action), list(view.table_counts()),
                            hint_lines(view, rules)])
            game.apply(bots[p].choose(view))
            n += 1
    return out


def judgement(i: int) -> Any:
    from mahjong_table.engine import Game
    from mahjong_table.judgement import judge
    from mahjong_table.players import make_bot
    from mahjong_table.rules import get_rule_set

    out: list[Any] = []
    for name, options in (("hongkong", {}), ("chinese", {"scoring": "mcr"})):
        rules = get_rule_set(name, **options)
        seed = f"race-judge/{name}/{i % 2}"
        game = Game(rules, seed, max_hands=1)
        bots = [make_bot("hard", f"{seed}/{p}", rules=rules) for p in range(4)]
        n = 0
        while not game.is_over and n < 50:
            p = game.to_act()[0]
            view = game.view(p)
            if n % 3 == 0:
                j = judge(view, rules)
                out.append([(str(e.action), round(e.points, 9), e.plan) for e in j.estimates])
            game.apply(bots[p].choose(view))
            n += 1
    return out


def i18n(i: int) -> Any:
    from mahjong_table.i18n import _, use_language
    from mahjong_table.message import Message, shown

    out = []
    lang = ("it", "en")[i % 2]
    with use_language(lang):
        for msgid in ("Pass", "Mahjong", "East", "seat {number} ({name})", "Chat",
                      "too many messages: slow down"):
            out.append(_(msgid))
        for n in range(20):
            m = Message("Pung of {tile}", tile=Message("White dragons"))
            out.append(m.shown())
            out.append(shown(str(Message("{n} fan", n=n))))
    return out


def planes(i: int) -> Any:
    from mahjong_table.engine import Game
    from mahjong_table.env.planes import PublicHistory
    from mahjong_table.players import make_bot
    from mahjong_table.rules import get_rule_set

    rules = get_rule_set("hongkong")
    out = []
    for g in range(3):
        seed = f"race-planes/{i % 2}/{g}"
        game = Game(rules, seed, max_hands=1)
        bots = [make_bot("efficiency", f"{seed}/{p}", rules=rules) for p in range(4)]
        history = PublicHistory()
        while not game.is_over:
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
            history.update(game.events)
            out.append([list(d) for d in history.discards])
    return out[-1] + out[len(out) // 2]


def board(i: int) -> Any:
    from mahjong_table.engine import Game
    from mahjong_table.players import make_bot
    from mahjong_table.rules import get_rule_set
    from mahjong_table.web.board import board_for

    class FakeTable:  # what board_for reads of a LiveTable
        def __init__(self, game: Any) -> None:
            self.game = game
            self.id = "race"
            self.released = len(game.events)

    out = []
    for rules_name in ("hongkong", "american"):
        rules = get_rule_set(rules_name)
        seed = f"race-board/{rules_name}/{i % 2}"
        game = Game(rules, seed, max_hands=1)
        bots = [make_bot("efficiency", f"{seed}/{p}", rules=rules) for p in range(4)]
        table = FakeTable(game)
        for _n in range(40):
            if game.is_over:
                break
            p = game.to_act()[0]
            game.apply(bots[p].choose(game.view(p)))
            table.released = len(game.events)
            view = game.view(0).to_json()
            out.append(board_for(table, 0, view))  # type: ignore[arg-type]
    return json.loads(json.dumps(out))


SCENARIOS: dict[str, Scenario] = {
    "shanten": shanten, "shanten_no_table": shanten_no_table, "vector_ids": vector_ids,
    "waits": waits,
    "decompose": decompose, "game_hongkong": game_hongkong, "game_mcr": game_mcr,
    "game_american": game_american, "american_card": american_card,
    "american_matcher": american_matcher, "advisor": advisor, "judgement": judgement,
    "i18n": i18n,
    "planes": planes, "board": board,
}
#: scenarios that need an optional package, by that package
NEEDS = {"planes": "numpy", "board": "starlette", "advisor": "textual"}
#: what must hold once every thread of a scenario is done (each thread's result matches one
#: thread's alone besides): the practice card is loaded once, so every thread has the same
AFTER: dict[str, Callable[[], bool]] = {
    "american_card": lambda: len({id(c) for c in _CARDS}) == 1,
}
#: scenarios with a set-up step (called with -1 before the threads start)
SET_UP = {"shanten_no_table", "american_matcher"}


def _run_threads(fn: Scenario, threads: int) -> dict[str, Any]:
    results: list[Any] = [None] * threads
    errors: list[str | None] = [None] * threads
    barrier = threading.Barrier(threads)

    def work(i: int) -> None:
        try:
            barrier.wait()
            results[i] = fn(i)
        except BaseException:
            errors[i] = traceback.format_exc()

    ts = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return {"results": results, "errors": errors}


def main(argv: list[str]) -> int:
    name, mode, threads = argv[0], argv[1], int(argv[2])
    out: dict[str, Any] = {}
    if mode == "race":
        sys.setswitchinterval(1e-6)  # threads interleave inside the tables' first fill
        fn = SCENARIOS[name]
        if name in SET_UP:
            fn(-1)
        out[name] = _run_threads(fn, threads)
        if name in AFTER:
            out[name]["after"] = AFTER[name]()
    else:
        names = list(SCENARIOS) if name == "all" else [name]
        for n in names:
            fn = SCENARIOS[n]
            if n in SET_UP:
                fn(-1)
            got: dict[str, Any] = {"results": [], "errors": []}
            for i in range(threads):
                try:
                    got["results"].append(fn(i))
                    got["errors"].append(None)
                except BaseException:
                    got["results"].append(None)
                    got["errors"].append(traceback.format_exc())
            out[n] = got
            if n in SET_UP:
                from mahjong_table.analysis._distance import use_shipped_table

                use_shipped_table(True)
    from mahjong_table._build import is_compiled

    out["build"] = {"compiled": is_compiled()}
    print(json.dumps(out, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
