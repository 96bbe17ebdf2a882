"""The score calculator's one entry (issue 47, ``mahjong_table.calculator``): for every hand of
tests/score_cases.py the page's answer is exactly what ``mahjong-table score --json`` prints
(the exit status, the JSON object, the error line), the command line it shows gives the same,
the page's fields are checked, its words follow the language, a hand one tile short lists
the tiles that complete it, and a person's own American card is scored as ``--card FILE``
scores it. The web routes, the bundle the page's Pyodide runs and the runtime's fetch are
tested here without a browser; tests/test_score_browser.py drives the page in Chromium."""

from __future__ import annotations

import io
import json
import os
import shlex
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from mahjong_table.calculator import FieldError, calculate, command_args, score_command
from score_cases import ALL, AMERICAN, HONGKONG, MCR, cli, fields_for


def test_there_are_ten_hands_of_each_rule_set() -> None:
    assert len(HONGKONG) >= 10 and len(MCR) >= 10 and len(AMERICAN) >= 10


@pytest.mark.parametrize("case", ALL, ids=[c.id for c in ALL])
def test_the_answer_is_what_the_score_command_prints(case) -> None:  # type: ignore[no-untyped-def]
    status, data, err = cli(case.command)
    got = calculate(fields_for(case), completions=False)
    assert got["exit"] == status, (got, err)
    assert got["json"] == data
    if status == 2:
        assert got["error"] == err
        assert got["shown"]["problem"] and got["shown"]["problem"] in err
    else:
        assert got["error"] is None
    # the command line the page shows gives the same
    words = shlex.split(got["command"])
    assert words[:2] == ["mahjong-table", "score"] and words[-1] == "--json"
    again = cli(words[2:-1])
    assert again[0] == status and again[1] == data


def test_score_command_is_the_command_without_a_process() -> None:
    case = HONGKONG[0]
    status, data, _err = cli(case.command)
    assert score_command(case.command) == {"exit": status, "json": data, "error": None}
    bad = score_command(["--rules", "hongkong", "123m", "--seat-wind", "X"])
    assert bad["exit"] == 2 and bad["json"] is None
    assert "--seat-wind" in bad["error"] and "X" in bad["error"]


def test_the_fields_become_the_commands_arguments() -> None:
    assert command_args({"rules": "mcr", "hand": "123m", "from": "self", "extra":
                         "last-of-kind,last-tile"}) == [
        "--rules", "chinese", "--scoring", "mcr", "123m", "--seat-wind", "E", "--round-wind",
        "E", "--self-drawn", "--last-tile", "--last-of-kind"]
    assert command_args({"rules": "american", "hand": "11j", "seat": "s", "from": "W"},
                        card="/tmp/x.card") == [
        "--rules", "american", "11j", "--seat-wind", "S", "--discarder", "W", "--card",
        "/tmp/x.card"]


@pytest.mark.parametrize("fields, words", [
    ({"rules": "riichi", "hand": "1m"}, ["rules", "riichi"]),
    ({"rules": "hongkong", "hand": "1m", "seat": "X"}, ["seat", "'X'"]),
    ({"rules": "hongkong", "hand": "1m", "from": "Q"}, ["from", "'Q'"]),
    ({"rules": "hongkong", "hand": "1m", "extra": "joker-exchange"}, ["extra",
                                                                      "joker-exchange"]),
    ({"rules": "american", "hand": "1m", "bonus": "1f"}, ["bonus"]),
    ({"rules": "hongkong", "hand": "1m" * 150}, ["hand", "200"]),
])
def test_a_bad_field_is_named(fields: dict[str, str], words: list[str]) -> None:
    with pytest.raises(FieldError) as err:
        command_args(fields)
    for word in words:
        assert word in str(err.value)
    got = calculate(fields)
    assert got["exit"] == 2 and got["json"] is None and got["command"] is None
    assert got["shown"]["problem"] == str(err.value)


def test_the_words_follow_the_language() -> None:
    fields = fields_for(HONGKONG[0])
    en, it = calculate(fields), calculate(fields, lang="it")
    assert en["json"] == it["json"]  # the JSON is the same in every language
    assert [i["name"] for i in en["shown"]["items"]] == [
        "Pung of Red dragons", "Pung of East wind (round wind)", "No flowers or seasons"]
    assert it["shown"]["items"][0]["name"] == "Pung di Drago Rosso"
    assert en["shown"]["items"][0]["source"] == "rule book 004 s07"
    assert it["shown"]["items"][0]["source"] == "regolamento 004 s07"
    mcr = calculate(fields_for(MCR[0]))
    assert mcr["shown"]["items"][0]["source"].startswith("MCR fan table (清龙)")
    american = calculate(fields_for(AMERICAN[0]), lang="it")
    assert american["shown"]["items"][0]["source"].startswith("la carta: 2026 n. 1")
    assert american["shown"]["line"] == "2026 n. 1  2026a 666b 666c NNNN"
    bad = calculate({"rules": "hongkong", "hand": "22222m123p678s4m11z"}, lang="it")
    assert bad["error"].startswith("mahjong-table score: errore: 5 copie")


def test_a_hand_one_tile_short_lists_the_tiles_that_complete_it() -> None:
    fields = {"rules": "hongkong", "hand": "234s567p777z111z8m", "seat": "S", "from": "W"}
    got = calculate(fields)
    assert got["exit"] == 1
    assert got["shown"]["missing"].startswith("1 more tile to go")
    assert got["shown"]["completions"] == [{"tile": "8m", "value": 3, "base": 8,
                                            "limit": None}]
    # every candidate scored by the command: the ones it accepts are exactly the list
    accepted = [t for t in ("7m", "8m", "9m", "1z") if score_command(
        command_args({**fields, "hand": fields["hand"] + t, "win": t}))["exit"] == 0]
    assert accepted == ["8m"]
    mcr = calculate({"rules": "mcr", "hand": "123m456m789m123p5s", "from": "self"})
    assert [c["tile"] for c in mcr["shown"]["completions"]] == ["5s"]
    assert mcr["shown"]["completions"][0]["value"] == 24
    far = calculate({"rules": "american", "hand": "1111m1111p"})
    assert far["shown"]["missing"] == "6 more tiles to go: an American hand is 14 tiles"
    assert "completions" not in far["shown"]


def test_a_persons_card_is_scored_as_card_file_scores_it(tmp_path: Path) -> None:
    from mahjong_table.rules.american.card import practice_card_text

    text = practice_card_text()
    mine = text.replace("kong of North)  X 25", "kong of North)  X 40", 1)
    assert mine != text
    path = tmp_path / "my card.card"
    path.write_text(mine, "utf-8")
    case = AMERICAN[0]
    status, data, _err = cli([*case.command, "--card", str(path)])
    got = calculate(fields_for(case), card=("my card.card", mine))
    assert status == got["exit"] == 0 and got["json"] == data
    assert data["points"] == 40
    assert "--card FILE" in got["command"]
    broken = calculate(fields_for(case), card=("broken.card", "this is no card"))
    assert broken["exit"] == 2 and "broken.card" in broken["shown"]["problem"]


# ----- the web routes -------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from mahjong_table.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'score.db'}")) as c:
        yield c


def test_the_page_links_its_manifest_and_labels_every_key(client) -> None:  # type: ignore[no-untyped-def]
    from mahjong_table.web.score import KEY_TILES

    page = client.get("/score")
    assert page.status_code == 200
    html = page.text
    assert '<link rel="manifest" href="/score/manifest.webmanifest">' in html
    for tile in KEY_TILES:
        assert f'data-tile="{tile}" aria-label="' in html
    assert 'aria-label="5 Circles"' in html
    it = client.get("/score?lang=it")
    assert 'aria-label="5 Cerchi"' in it.text and "Calcola il punteggio" in it.text
    assert client.get("/score/shell/it").headers["content-language"] == "it"
    assert client.get("/score/shell/xx").status_code == 404
    manifest = client.get("/score/manifest.webmanifest").json()
    assert manifest["start_url"] == "/score" and manifest["display"] == "standalone"
    sizes = {i["sizes"] for i in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    png = client.get("/score/static/icon-512.png").content
    assert png.startswith(b"\x89PNG") and int.from_bytes(png[16:20], "big") == 512
    assert "score-link" in client.get("/").text


def test_the_api_answers_what_calculate_answers(client) -> None:  # type: ignore[no-untyped-def]
    case = MCR[1]
    got = client.post("/score/api", json={"fields": fields_for(case), "lang": "it"})
    assert got.status_code == 200
    assert got.json() == calculate(fields_for(case), lang="it")
    for body in ({"fields": "x"}, {"fields": {"hand": 3}}, {"nope": 1},
                 {"fields": {}, "lang": "xx"}, {"fields": {}, "card": {"name": 1}}):
        bad = client.post("/score/api", json=body)
        assert bad.status_code == 400 and "fields" in bad.json()["error"]
    big = client.post("/score/api", content=b"x" * 300_000,
                      headers={"content-type": "application/json"})
    assert big.status_code == 413


def test_the_api_scores_at_most_api_slots_hands_at_once(client, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A flood of requests waits its turn: at most ``API_SLOTS`` scorings run at once, so
    that the worker threads the tables need are never all taken by the calculator."""
    import threading
    import time
    from concurrent.futures import ThreadPoolExecutor

    from mahjong_table.web import score

    running = [0, 0]  # now, the most at once
    lock = threading.Lock()

    def slow(fields, **kwargs):  # type: ignore[no-untyped-def]
        with lock:
            running[0] += 1
            running[1] = max(running[1], running[0])
        time.sleep(0.15)
        with lock:
            running[0] -= 1
        return calculate(fields, **kwargs)

    monkeypatch.setattr(score, "calculate", slow)
    body = {"fields": fields_for(HONGKONG[0]), "lang": "en"}
    with ThreadPoolExecutor(6) as pool:
        replies = list(pool.map(lambda _: client.post("/score/api", json=body), range(6)))
    assert [r.status_code for r in replies] == [200] * 6
    assert all(r.json() == replies[0].json() for r in replies)
    assert running[1] == score.API_SLOTS


def test_the_service_worker_lists_what_the_server_serves(client) -> None:  # type: ignore[no-untyped-def]
    sw = client.get("/score/sw.js")
    assert sw.headers["service-worker-allowed"] == "/score"
    assets = json.loads(sw.text.split("const ASSETS = ", 1)[1].split(";\n", 1)[0])
    assert "/score/shell/en" in assets and "/score/shell/it" in assets
    for url in assets:
        got = client.get(url, headers={"accept-encoding": "gzip"})
        assert got.status_code == 200, url
    from mahjong_table.web import runtime

    if runtime.runtime_dir() is not None:
        assert f"/score/pyodide/{runtime.VERSION}/pyodide.asm.wasm" in assets
        wasm = client.get(f"/score/pyodide/{runtime.VERSION}/pyodide.asm.wasm",
                          headers={"accept-encoding": "gzip"})
        assert wasm.headers["content-type"] == "application/wasm"
        assert wasm.headers["content-encoding"] == "gzip"
        assert "immutable" in wasm.headers["cache-control"]
    assert client.get("/score/pyodide/0.0.1/pyodide.mjs").status_code == 404
    assert client.get("/score/py/0000000000000000.zip").status_code == 404
    assert client.get("/score/static/../app.py").status_code == 404


def test_the_bundle_scores_alone_as_the_server_does(tmp_path: Path) -> None:
    """The zip the page's Pyodide runs holds every module scoring needs: in a Python that
    has nothing but the standard library and the bundle, ``calculate`` answers what this
    process answers, for a hand of each rule set."""
    pytest.importorskip("starlette")
    from mahjong_table.web.score import package_bundle

    data, digest = package_bundle()
    assert package_bundle() == (data, digest)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        z.extractall(tmp_path / "bundle")
    assert "mahjong_table/calculator.py" in names
    assert "mahjong_table/locale/it/LC_MESSAGES/mahjong_table.mo" in names
    assert not any(n.startswith(("mahjong_table/web/", "mahjong_table/tui/")) for n in names)
    cases = [HONGKONG[0], MCR[0], AMERICAN[0]]
    script = ("import json, sys\nfrom mahjong_table.calculator import calculate\n"
              "out = [calculate(f, lang='it') for f in json.loads(sys.argv[1])]\n"
              "print(json.dumps(out))\n")
    done = subprocess.run([sys.executable, "-S", "-I", "-c",
                           f"import sys; sys.path.insert(0, {str(tmp_path / 'bundle')!r})\n"
                           + script, json.dumps([fields_for(c) for c in cases])],
                          capture_output=True, text=True, check=True, timeout=120)
    assert json.loads(done.stdout) == [calculate(fields_for(c), lang="it") for c in cases]


def test_the_runtime_is_found_only_complete_and_refused_when_not_the_one_pinned(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mahjong_table.web import runtime

    monkeypatch.setenv(runtime.ENV, str(tmp_path / "rt"))
    assert runtime.runtime_dir() is None
    assert str(tmp_path / "rt") in runtime.missing_reason()
    # a stand-in for npm that packs a tarball which is not Pyodide's: refused, nothing kept
    fake = tmp_path / "npm"
    fake.write_text("#!/bin/sh\n"
                    f"exec {shlex.quote(sys.executable)} -c 'import sys,tarfile,io\n"
                    "dest=sys.argv[sys.argv.index(\"--pack-destination\")+1]\n"
                    "t=tarfile.open(dest+\"/pyodide-" + runtime.VERSION + ".tgz\",\"w:gz\")\n"
                    "t.close()' \"$@\"\n")
    fake.chmod(0o755)
    with pytest.raises(RuntimeError, match="integrity"):
        runtime.fetch(tmp_path / "rt", npm=str(fake), quiet=True)
    assert not (tmp_path / "rt").exists()
    with pytest.raises(RuntimeError, match="npm not found"):
        runtime.fetch(tmp_path / "rt", npm=str(tmp_path / "no-npm"), quiet=True)
    # complete: every file and the marker of the pinned version
    folder = tmp_path / "rt"
    folder.mkdir()
    for name in runtime.FILES:
        (folder / name).write_bytes(b"x")
    assert runtime.runtime_dir() is None
    (folder / runtime.MARKER).write_text(runtime.VERSION + "\n")
    assert runtime.runtime_dir() == folder
    assert runtime.fetch(folder, npm=str(tmp_path / "no-npm")) == folder  # nothing to do
    os.remove(folder / runtime.FILES[0])
    assert runtime.runtime_dir() is None
    assert tarfile  # the module the stand-in uses
