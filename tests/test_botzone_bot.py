"""Botzone's Chinese Standard Mahjong as a second pipe dialect (issue 26, item 4): MCR bots
written for Botzone play at our MCR tables through ``--bots botzone:COMMAND``. The example
bot (``examples/bots/botzone_mcr_bot.py``, written from the protocol alone) plays whole
games in both of Botzone's modes with the same result; the requests are those of Botzone's
protocol, from the seat's own view only; a bad response replaces the bot; other rule sets
refuse the dialect by name (the protocol is MCR's, 001 Part two with MCR scoring)."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

from mahjong_table.cli import main
from mahjong_table.engine import Game
from mahjong_table.players import make_bot, play_game
from mahjong_table.players.botzone_bot import BotzoneBot, from_botzone, to_botzone
from mahjong_table.players.stand_in import bind_players, close_players
from mahjong_table.rules import get_rule_set
from mahjong_table.tiles import Tile

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "examples" / "bots" / "botzone_mcr_bot.py"
#: the example bot, quick to start (no site packages: it needs none)
KEEP = f"botzone:{shlex.quote(sys.executable)} -I -S {shlex.quote(str(BOT))}"
RESTART = KEEP + " --restart"
MCR = get_rule_set("chinese", scoring="mcr")


def _play(kind: str, seed: str, hands: int = 1) -> tuple[Game, BotzoneBot]:
    game = Game(MCR, seed, max_hands=hands, check_invariants=True)
    bot = make_bot(kind, f"{seed}/0", rules=MCR)
    assert isinstance(bot, BotzoneBot)
    bots = [bot] + [make_bot("efficiency", f"{seed}/{p}", rules=MCR) for p in range(1, 4)]
    bind_players(game, bots)
    try:
        play_game(game, bots)
    finally:
        close_players(bots)
    return game, bot


def _write_logging_bot(script: Path, log: Path) -> None:
    """``script`` runs the example bot, every line it reads also written to ``log``."""
    script.write_text(
        "import runpy, sys\n"
        f"log = open({str(log)!r}, 'a')\n"
        "real = sys.stdin\n"
        "class Tee:\n"
        "    def readline(self):\n"
        "        line = real.readline()\n"
        "        log.write(line); log.flush()\n"
        "        return line\n"
        "sys.stdin = Tee()\n"
        f"sys.argv = [{str(BOT)!r}]\n"
        f"runpy.run_path({str(BOT)!r}, run_name='__main__')\n", encoding="utf-8")


def test_botzone_tile_names() -> None:
    """Botzone's names: W characters, B circles, T bamboo, F1-F4 the winds, J1-J3 Red,
    Green, White, H1-H8 the seasons then the flowers; every tile of the MCR set has one,
    and reading it back gives the tile."""
    assert [to_botzone(Tile.parse(t)) for t in ("1m", "9m", "5p", "3s", "1z", "4z", "7z",
                                                "6z", "5z", "1g", "4g", "1f", "4f")] == [
        "W1", "W9", "B5", "T3", "F1", "F4", "J1", "J2", "J3", "H1", "H4", "H5", "H8"]
    for t in MCR.tile_set.all_tiles():
        assert from_botzone(to_botzone(t)) == t
    with pytest.raises(ValueError, match="not a Botzone tile"):
        from_botzone("Z9")


def test_the_example_bot_plays_and_wins_mcr_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """The example bot plays whole MCR hands, every decision its own (never replaced), and
    wins one with its full flush (24 fan or more, over MCR's 8-fan minimum): seed bz/72."""
    game, bot = _play(KEEP, "bz/72")
    assert bot.failure is None and bot.decisions > 20
    result = game.results[0]
    assert result.reason == "mahjong" and result.winner == 0
    assert result.score is not None and result.score.fan >= 8
    assert "for the rest of the game" not in capsys.readouterr().err


def test_both_botzone_modes_play_the_same_game() -> None:
    """Traditional mode (the program answers one request and exits, and is started again
    with the whole history) and long-running mode (kept after
    >>>BOTZONE_REQUEST_KEEP_RUNNING<<<) play the very same hand."""
    kept, bot_a = _play(KEEP, "bz/0")
    restarted, bot_b = _play(RESTART, "bz/0")
    assert bot_a.failure is None and bot_b.failure is None
    assert [e.to_json(full=True) for e in kept.events] == \
        [e.to_json(full=True) for e in restarted.events]


def test_simulate_seats_botzone_bots_and_the_records_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --bots botzone:...`` on MCR: whole games, no bot replaced, and the
    records (which name the bot) replay."""
    record = tmp_path / "games.jsonl"
    assert main(["simulate", "--rules", "chinese", "--option", "scoring=mcr", "--games", "3",
                 "--hands", "2", "--seed", "sim", "--bots", f"{KEEP},efficiency",
                 "--record", str(record)]) == 0
    out, err = capsys.readouterr()
    assert "6 hands" in out and "botzone:" in out
    assert "for the rest of the game" not in err
    assert "botzone:" in record.read_text(encoding="utf-8")
    assert main(["replay", str(record)]) == 0


def test_the_requests_are_botzones_and_show_only_the_seat(tmp_path: Path) -> None:
    """What the program is sent: ``0 ID QUAN`` (ID the seat wind), ``1`` with the bonus
    counts, thirteen tiles of its own and the bonus tiles, ``2 TILE`` for exactly its own
    draws (never a bonus tile), ``3 ID ...`` for what everyone does; never a tile another
    player holds concealed."""
    log = tmp_path / "requests.txt"
    script = tmp_path / "logged.py"
    _write_logging_bot(script, log)
    game, bot = _play(f"botzone:simple:{sys.executable} {script}", "bz/3")
    assert bot.failure is None
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "1"
    wind = game.wind_of(0)
    assert lines[1] == f"0 {wind} 0"
    deal = lines[2].split()
    counts = [int(x) for x in deal[1:5]]
    assert deal[0] == "1" and len(deal) == 5 + 13 + sum(counts)
    assert all(t[0] == "H" for t in deal[18:]) and not any(t[0] == "H" for t in deal[5:18])
    draws = [f"2 {to_botzone(Tile.parse(e.data['tile']))}" for e in game.events
             if e.type in ("draw", "replacement") and e.player == 0
             and str(e.data["tile"])[-1] not in "fg"]
    sent = [x for x in lines[3:] if x.startswith("2 ")]
    # the dealer's fourteenth tile is its first draw in Botzone's deal
    assert sent[-len(draws):] == draws or sent[1:] == draws
    others = [line for line in lines if line.startswith("3 ")]
    assert others and all(line.split()[2] in ("DRAW", "PLAY", "PENG", "CHI", "GANG",
                                             "BUGANG", "BUHUA") for line in others)
    assert not any(line.split()[2] == "GANG" and len(line.split()) > 3 for line in others)


@pytest.mark.parametrize(("answer", "reason"), [
    ("HELLO", "not a response of Botzone's Chinese Standard Mahjong"),
    ("PLAY Z9", "not a Botzone tile"),
    ("PLAY W1", "an illegal discard"),
])
def test_a_bad_response_replaces_the_bot(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         answer: str, reason: str) -> None:
    """A response that is not Botzone's, names no tile, or is illegal fails the bot: the
    default bot plays its seat for the rest of the game, which goes on unharmed."""
    script = tmp_path / "bad.py"
    script.write_text(
        "import sys\nsys.stdin.readline()\n"
        "for line in sys.stdin:\n"
        f"    print('PASS' if not line.startswith('2 ') else {answer!r}, flush=True)\n"
        "    print('>>>BOTZONE_REQUEST_KEEP_RUNNING<<<', flush=True)\n", encoding="utf-8")
    game, bot = _play(f"botzone:{sys.executable} {script}", "bz/1")
    assert game.is_over and sum(game.scores) == 0
    assert bot.failure is not None and reason in bot.failure
    assert "the efficiency bot plays seat 0" in capsys.readouterr().err


@pytest.mark.parametrize(("rules", "options"), [
    ("hongkong", []), ("american", []), ("chinese", []),
])
def test_botzone_bots_play_mcr_only(capsys: pytest.CaptureFixture[str], rules: str,
                                    options: list[str]) -> None:
    """Botzone's game is MCR: other rule sets (and Chinese with simple scoring) refuse a
    botzone: bot before play, naming the rules to use (exit 2)."""
    assert main(["simulate", "--rules", rules, *options, "--games", "1", "--hands", "1",
                 "--bots", f"{KEEP},efficiency"]) == 2
    assert "--rules chinese --option scoring=mcr" in capsys.readouterr().err


def test_arena_takes_a_botzone_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """``arena --bots botzone:...`` at an MCR table: duplicate play, no replacement."""
    assert main(["arena", "--rules", "chinese", "--option", "scoring=mcr", "--bots",
                 f"{KEEP},efficiency", "--hands", "4", "--workers", "1", "--json"]) == 0
    rows = {b["bot"]: b for b in json.loads(capsys.readouterr().out)["bots"]}
    assert rows[KEEP]["hands"] == 4 and rows[KEEP]["replacements"] == 0


def test_a_missing_botzone_program_is_named_as_the_botzone_spec(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Defect: ``--bots botzone:/no/such/bot,efficiency`` was refused as
    "cmd:/no/such/bot: no file ..." (a spec the user never wrote); the error names the
    ``botzone:`` spec. A pipe bot's own errors still say ``cmd:``."""
    missing = tmp_path / "no-such-bot"
    assert main(["simulate", "--rules", "chinese", "--option", "scoring=mcr", "--games", "1",
                 "--hands", "1", "--seed", "1", "--bots",
                 f"botzone:{missing},efficiency"]) == 2
    err = capsys.readouterr().err
    assert f"botzone:{missing}: no file" in err and "cmd:" not in err
    with pytest.raises(ValueError, match=r"^cmd:.*no file"):
        make_bot(f"cmd:{missing}", "1/0", rules=MCR)


@pytest.mark.parametrize(("answer", "pattern", "reason"), [
    ("PLAY W99", r"0 ", "where the only response is PASS (it has no choice there)"),
    ("HU", r"1 ", "where the only response is PASS"),
    ("PLAY W1", r"3 \d DRAW", "where the only response is PASS"),
    ("PENG W1", r"3 \d PLAY", "the rules let it make no claim"),
])
def test_an_answer_outside_a_decision_is_checked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], answer: str, pattern: str,
        reason: str) -> None:
    """Issue 26 (Botzone dialect): a response to a request at which the bot has no decision
    (``0 ID QUAN`` and the deal, another's draw, bonus tile or kong, its own actions, a
    discard it may not claim) was read and dropped unchecked, so a program answering
    ``PLAY W99`` to ``0 ID QUAN`` played on until its first draw. Every response is checked
    against what its request allows (there: ``PASS`` only); a wrong one fails the bot as a
    bad answer to a decision does: the default bot plays its seat for the rest of the game,
    which goes on unharmed."""
    script = tmp_path / "bad.py"
    script.write_text(
        "import re, sys\nsys.stdin.readline()\nseat = None\n"
        "for line in sys.stdin:\n"
        "    words = line.split()\n"
        "    if words[0] == '0':\n"
        "        seat = words[1]\n"
        f"    if re.match({pattern!r}, line) and not (words[0] == '3' and words[1] == seat):\n"
        f"        print({answer!r}, flush=True)\n"
        "    else:\n"
        "        print('PLAY ' + words[1] if words[0] == '2' else 'PASS', flush=True)\n"
        "    print('>>>BOTZONE_REQUEST_KEEP_RUNNING<<<', flush=True)\n", encoding="utf-8")
    game, bot = _play(f"botzone:{sys.executable} {script}", "bz/1")
    assert game.is_over and sum(game.scores) == 0
    assert bot.failure is not None and reason in bot.failure, bot.failure
    assert re.search(f"answered {re.escape(repr(answer))} to '{pattern}", bot.failure)
    assert "the efficiency bot plays seat 0" in capsys.readouterr().err


# ----- Botzone's JSON interaction (issue 44, item 4) ------------------------------------------

JSON_KEEP = f"botzone:json:{shlex.quote(sys.executable)} -I -S {shlex.quote(str(BOT))}"


def test_the_example_bot_plays_the_same_game_in_every_interaction_and_mode() -> None:
    """The example bot (it reads either interaction) plays the very same MCR hand, claims
    and all, in the JSON interaction kept running and restarted every turn, in the simple
    interaction, and with the interaction found by the table (``botzone:`` alone)."""
    games = {}
    for kind in (JSON_KEEP, JSON_KEEP + " --restart",
                 f"botzone:simple:{shlex.quote(sys.executable)} -I -S {shlex.quote(str(BOT))}",
                 KEEP):
        game, bot = _play(kind, "bz/72")
        assert bot.failure is None and bot.decisions > 20
        games[kind] = [e.to_json(full=True) for e in game.events]
        assert bot._mode == ("simple" if "simple:" in kind else "json")
    first = next(iter(games.values()))
    assert all(g == first for g in games.values())
    kinds = {e["type"] for e in first}
    assert "claim" in kinds or "declare_mahjong" in kinds


#: the play of the test bots below: the lowest tile of the hand, rebuilt from the requests
#: and the bot's own responses, at its draws; PASS otherwise
LOWEST = r"""
def lowest(requests, responses):
    hand = []
    for i, req in enumerate(requests[:-1]):
        w = req.split()
        if w[0] == "1":
            hand = w[5:18]
        elif w[0] == "2":
            hand.append(w[1])
            hand.remove(responses[i].split()[1])
    w = requests[-1].split()
    if w[0] == "2":
        return "PLAY " + sorted(hand + [w[1]])[0]
    return "PASS"
"""

#: a Botzone bot in Python written from the published protocol: JSON interaction, started
#: anew for every request (the traditional mode); it checks the data and globaldata the
#: table keeps for it and answers "WRONG" (a bad answer) when they are not what it saved
JSON_DATA_BOT = LOWEST + r"""
import json, sys

given = json.loads(sys.stdin.readline())
requests, responses = given["requests"], given["responses"]
assert len(requests) == len(responses) + 1
turn = len(responses)
data = given["data"]
glob = given["globaldata"]
ok = (data == "" and turn == 0) or data == {"turn": turn - 1, "last": requests[-2]}
hands = glob.get("hands", 0) if isinstance(glob, dict) else 0
if turn == 0 and glob != "":
    ok = ok and glob["hands"] >= 1  # kept from the hand before
response = "WRONG" if not ok else lowest(requests, responses)
print(json.dumps({"response": response, "debug": "turn %d" % turn,
                  "data": {"turn": turn, "last": requests[-1]},
                  "globaldata": {"hands": hands + (turn == 0)}}))
"""


def test_json_data_and_globaldata_are_kept_between_turns(tmp_path: Path) -> None:
    """JSON interaction, traditional: the input is one line of compact JSON with the hand's
    requests and the program's responses; the ``data`` a program saves comes back at its
    next turn, its ``globaldata`` at the next turn and in the hands after (each hand a
    Botzone game). A bot that checks both plays whole hands without being replaced."""
    script = tmp_path / "databot.py"
    script.write_text(JSON_DATA_BOT, encoding="utf-8")
    game, bot = _play(f"botzone:json:{sys.executable} -I -S {script}", "bz/data", hands=2)
    assert game.is_over and len(game.results) == 2
    assert bot.failure is None and bot.decisions > 20
    assert bot._globaldata == {"hands": 2}


#: the same in the simple interaction: its output's second line is debug, the third data,
#: the rest globaldata; its input has the data and globaldata lines once it saved any
SIMPLE_DATA_BOT = LOWEST + r"""
import sys

n = int(sys.stdin.readline())
lines = [sys.stdin.readline().rstrip("\n") for _ in range(2 * n - 1)]
rest = sys.stdin.read().split("\n")
data = rest[0] if rest and rest[0] else ""
glob = rest[1] if len(rest) > 1 else ""
requests, responses = lines[0::2], lines[1::2]
turn = n - 1
ok = (turn == 0 and data == "") or data == "turn %d" % (turn - 1)
hands = int(glob) if glob else 0
print("WRONG" if not ok else lowest(requests, responses))
print("debug line")
print("turn %d" % turn)
print(hands + (turn == 0))
"""


def test_simple_data_and_globaldata_are_kept_between_turns(tmp_path: Path) -> None:
    """Simple interaction, traditional: the lines after the response are debug, data and
    globaldata; the data line and the globaldata lines follow the requests at the next
    turn (the globaldata into the next hand), read to the end of the input."""
    script = tmp_path / "simpledata.py"
    script.write_text(SIMPLE_DATA_BOT, encoding="utf-8")
    game, bot = _play(f"botzone:simple:{sys.executable} -I -S {script}", "bz/sdata",
                      hands=2)
    assert bot.failure is None and bot.decisions > 20
    assert bot._globaldata == "2"


#: a Botzone bot in C++ written from the published protocol, read as the official
#: sample does: JSON (SIMPLEIO 0: the whole input read to its end, as ``cin >> value``
#: with JSONCPP does) or the simple interaction (SIMPLEIO 1); it plays the lowest tile of
#: its hand and passes on everything else
CPP_BOT = r"""
#include <algorithm>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>
using namespace std;

static vector<string> strings_of(const string& text, const string& key) {
    vector<string> out;
    size_t at = text.find("\"" + key + "\"");
    if (at == string::npos) return out;
    at = text.find('[', at);
    size_t end = text.find(']', at);
    while (true) {
        size_t open = text.find('"', at + 1);
        if (open == string::npos || open > end) break;
        string s;
        size_t i = open + 1;
        for (; text[i] != '"'; ++i) {
            if (text[i] == '\\') ++i;
            s += text[i];
        }
        out.push_back(s);
        at = i;
    }
    return out;
}

int main() {
    vector<string> requests, responses;
#if SIMPLEIO
    int n;
    string line;
    cin >> n;
    getline(cin, line);
    for (int i = 0; i < 2 * n - 1; ++i) {
        getline(cin, line);
        (i % 2 ? responses : requests).push_back(line);
    }
#else
    string all((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
    requests = strings_of(all, "requests");
    responses = strings_of(all, "responses");
#endif
    vector<string> hand;
    size_t turn = responses.size();
    for (size_t i = 0; i <= turn && i < requests.size(); ++i) {
        istringstream in(requests[i]);
        int kind;
        in >> kind;
        if (kind == 1) {
            int skip;
            for (int j = 0; j < 4; ++j) in >> skip;
            hand.clear();
            for (int j = 0; j < 13; ++j) { string t; in >> t; hand.push_back(t); }
        } else if (kind == 2) {
            string t;
            in >> t;
            hand.push_back(t);
            if (i < turn) {
                istringstream out(responses[i]);
                string verb, played;
                out >> verb >> played;
                hand.erase(find(hand.begin(), hand.end(), played));
            }
        }
    }
    string response = "PASS";
    istringstream last(requests.back());
    int kind;
    last >> kind;
    if (kind == 2) response = "PLAY " + *min_element(hand.begin(), hand.end());
#if SIMPLEIO
    cout << response << endl;
#else
    cout << "{\"response\":\"" << response << "\"}" << endl;
#endif
    return 0;
}
"""


@pytest.fixture(scope="module")
def cpp_bots(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The C++ bot compiled with g++, in both interactions."""
    import shutil
    import subprocess

    gxx = shutil.which("g++")
    if gxx is None:
        pytest.skip("g++ is not installed (.ci/run installs it)")
    where = tmp_path_factory.mktemp("cppbot")
    source = where / "bot.cpp"
    source.write_text(CPP_BOT, encoding="utf-8")
    out = {}
    for name, simple in (("json", 0), ("simple", 1)):
        exe = where / f"bot_{name}"
        subprocess.run([gxx, "-O1", f"-DSIMPLEIO={simple}", "-o", str(exe), str(source)],
                       check=True, capture_output=True, timeout=300)
        out[name] = exe
    return out


def test_a_cpp_bot_reading_its_input_to_the_end_plays(cpp_bots: dict[str, Path]) -> None:
    """The official C++ sample's behaviour: in the JSON interaction it reads its whole
    input up to its end before answering (it blocked and timed out before issue 44). It is
    given the end of its input once it has read it all, and plays whole hands (found to be
    JSON by the table, or named); in the simple interaction it plays as well."""
    for kind in (f"botzone:{cpp_bots['json']}", f"botzone:json:{cpp_bots['json']}",
                 f"botzone:{cpp_bots['simple']}"):
        game, bot = _play(kind, "bz/cpp")
        assert game.is_over
        assert bot.failure is None and bot.decisions > 20, (kind, bot.failure)
        # the JSON program was seen waiting for the end of its input, and given it
        assert bot._reads_to_end == ("json" in kind or "simple" not in kind.split("bot_")[-1])
    assert bot._mode == "simple"


def test_json_input_is_botzones(tmp_path: Path) -> None:
    """What a JSON program is sent: one line of compact JSON with ``requests`` (the same
    requests as the simple interaction's), ``responses`` (its own), ``data``,
    ``globaldata``, ``time_limit`` (seconds: Botzone's 1 s times 6 for Python, doubled at
    the first request) and ``memory_limit``; kept running, each next request alone on its
    line."""
    log = tmp_path / "inputs.txt"
    script = tmp_path / "logged.py"
    _write_logging_bot(script, log)
    game, bot = _play(f"botzone:json:{sys.executable} {script}", "bz/3")
    assert bot.failure is None
    lines = log.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    assert first == {"requests": [f"0 {game.wind_of(0)} 0"], "responses": [], "data": "",
                     "globaldata": "", "time_limit": 12.0, "memory_limit": 256}
    assert lines[1].startswith("1 ") and all(not x.startswith("{") for x in lines[1:])


def test_botzone_time_limits_by_language() -> None:
    """Botzone's limits: 1 s a request for a compiled program, 2 s JavaScript, 3 s Java,
    6 s Python and C#, twice that at a hand's first request; --bot-timeout replaces them."""
    from mahjong_table.players.botzone_bot import language_limit, language_of

    assert language_of(["./bot"]) == "native" and language_limit(["./bot"]) == 1.0
    assert language_of([sys.executable, "bot.py"]) == "python"
    assert language_limit(["python3", "bot.py"]) == 6.0
    assert language_limit(["java", "-jar", "bot.jar"]) == 3.0
    assert language_limit(["node", "bot.js"]) == 2.0
    assert language_limit(["mono", "Bot.exe"]) == 6.0
    bot = make_bot(JSON_KEEP, 0, rules=MCR)
    assert isinstance(bot, BotzoneBot)
    bot._requests = ["0 0 0"]
    assert bot._limit() == 12.0
    bot._requests.append("1 0 0 0 0")
    assert bot._limit() == 6.0
    bot.timeout = 2.5
    assert bot._limit() == 2.5


def test_a_json_bot_that_answers_no_json_is_replaced(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A program named JSON (``botzone:json:``) that answers plain text fails with a
    message saying what Botzone reads; one whose interaction is found and fits neither is
    refused naming both."""
    script = tmp_path / "plain.py"
    script.write_text("import sys\nsys.stdin.readline()\nprint('PASS')\n", encoding="utf-8")
    game, bot = _play(f"botzone:json:{sys.executable} {script}", "bz/1")
    assert game.is_over and bot.failure is not None
    assert "not the JSON Botzone reads" in bot.failure
    crash = tmp_path / "crash.py"
    crash.write_text("raise SystemExit(3)\n", encoding="utf-8")
    game, bot = _play(f"botzone:{sys.executable} {crash}", "bz/1")
    assert bot.failure is not None
    assert "crashed (exit status 3) (in Botzone's simple interaction; in its JSON " \
           "interaction it crashed (exit status 3))" in bot.failure
