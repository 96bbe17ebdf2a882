"""The score calculator for physical tables (issue 47): ``/score`` on ``mahjong-table serve``.

A page made for a phone held at the table: tiles tapped in on a keyboard of tile pictures
(the tile set of the rule set chosen), groups exposed or concealed, the winning tile and how
it came, the winds, bonus tiles, American's card; the result as ``mahjong-table score
--json`` gives it, item by item, recomputed at every tap; a link that reopens the same hand.
It is an installable web app (a manifest and a service worker) and scores offline.

Who scores: always the package's own code, :func:`mahjong_table.calculator.calculate`.
The page runs it in a worker in Pyodide (CPython in WebAssembly, :mod:`.runtime`) from the
package's pure-Python source, which this server bundles (:func:`package_bundle`); until
Pyodide is up (the first seconds of a visit) the page asks this server, which runs the same
function (``POST /score/api``). Offline, the service worker serves the page, the runtime
and the bundle from its cache, and the worker scores. docs/web.md ("The score calculator")
gives the measurements behind the choice.

Routes (all under ``/score``, the service worker's scope):

- ``GET /score``: the page, in the request's language; the hand is in its address
  (``?rules=hongkong|mcr|american&hand=...&win=&from=&seat=&round=&bonus=&extra=``, the
  fields of :data:`mahjong_table.calculator.FIELDS`), read by the page's script.
- ``GET /score/shell/LANG``: the same page in LANG, not keyed by cookies: what the service
  worker keeps for offline visits (``/score?lang=it`` would set the language cookie).
- ``POST /score/api``: ``{"fields": {...}, "card": {"name", "text"} | null, "lang"}`` ->
  :func:`~mahjong_table.calculator.calculate`'s answer (JSON).
- ``GET /score/manifest.webmanifest``, ``GET /score/sw.js`` (the service worker: the list of
  what it caches, named by a digest of it all, so a new server gives a new cache),
  ``GET /score/static/NAME`` (the script, the worker, the style sheet, the icons),
  ``GET /score/pyodide/VERSION/NAME`` (the runtime, gzip-compressed where the browser takes
  it), ``GET /score/py/DIGEST.zip`` (the package's source for the worker).
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import struct
import weakref
import zipfile
import zlib
from functools import lru_cache
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from ..calculator import EXTRAS, MAX_CARD, RULES, SEATS, calculate
from ..i18n import LANGUAGES, N_, _, language, use_language
from ..names import tile_name, wind_letter, wind_name
from ..tiles import TILES, Tile
from . import runtime
from .lang import language_switch

__all__ = ["score_routes", "page_html", "package_bundle", "assets", "SCRIPT_MESSAGES",
           "MAX_REQUEST", "KEY_TILES"]

#: the largest request the API reads (bytes): the fields and a card file
MAX_REQUEST = MAX_CARD * 4 + 8192

#: every literal message of the page's script (``t("...")`` in score.js), in English
SCRIPT_MESSAGES: tuple[str, ...] = (
    N_("Remove {tile}"),
    N_("Remove {group}"),
    N_("{tile}, the winning tile"),
    N_("Concealed"),
    N_("Exposed chow"),
    N_("Exposed pung"),
    N_("Exposed kong"),
    N_("Concealed kong"),
    N_("Exposure"),
    N_("exposed"),
    N_("concealed kong"),
    N_("the last tile added"),
    N_("No tiles yet: tap the tiles of the hand."),
    N_("Not a winning hand"),
    N_("Cannot score this hand"),
    N_("Winning tiles: tap one to add it as the winning tile"),
    N_("Add {tile} as the winning tile"),
    N_("Limit hand"),
    N_("limit"),
    N_("{n} fan"),
    N_("{n} points"),
    N_("base {base}"),
    N_("Payments"),
    N_("winner"),
    N_("Scored in this page: works offline"),
    N_("Offline: scored in this page"),
    N_("Scored by the server while the offline scorer loads"),
    N_("Loading the offline scorer..."),
    N_("Offline: waiting for the offline scorer to load"),
    N_("Offline scoring is not installed on this server: scored by the server"),
    N_("Offline and the offline scorer is not loaded: reconnect to score"),
    N_("The offline scorer failed to load: scored by the server"),
    N_("Copied"),
    N_("Copy the link"),
    N_("Practice card (ours, not the League's)"),
    N_("Your card: {name}"),
    N_("The card file could not be read"),
    N_("Bonus tiles"),
    N_("Line"),
    N_("jokerless"),
    N_("No more {tile}: the tile set holds {n}"),
    N_("A chow starts at 1 to 7 of a suit"),
)

#: the keyboard's tabs: (id, label, tiles, the rule sets that show it)
_TABS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("m", N_("Characters"), tuple(f"{r}m" for r in range(1, 10)), RULES),
    ("p", N_("Circles"), tuple(f"{r}p" for r in range(1, 10)), RULES),
    ("s", N_("Bamboo"), tuple(f"{r}s" for r in range(1, 10)), RULES),
    ("z", N_("Honours"), tuple(f"{r}z" for r in range(1, 8)), RULES),
    ("b", N_("Flowers and seasons"), (*(f"{r}f" for r in range(1, 5)),
                                      *(f"{r}g" for r in range(1, 5))), ("hongkong", "mcr")),
    ("j", N_("Flowers and jokers"), ("1f", "1j"), ("american",)),
)
#: every tile a key shows
KEY_TILES: tuple[str, ...] = tuple(dict.fromkeys(t for _i, _l, tiles, _r in _TABS
                                                 for t in tiles))

_RULE_LABELS = {"hongkong": N_("Hong Kong"), "mcr": N_("Chinese MCR"),
                "american": N_("American")}
_EXTRA_LABELS = {
    "last-tile": N_("Last tile of the wall (or the discard after it)"),
    "robbing-kong": N_("Robbing a kong"),
    "kong-replacement": N_("Kong replacement tile"),
    "heavenly": N_("Heavenly hand (East, the dealt hand)"),
    "earthly": N_("Earthly hand (on East's first discard)"),
    "last-of-kind": N_("Last of its kind (the other three already shown)"),
    "joker-exchange": N_("Right after a joker exchange"),
}


def _static_text(name: str) -> str:
    return resources.files("mahjong_table.web").joinpath("static", name).read_text("utf-8")


# ----- the package's source, for the page's Pyodide ---------------------------------------

#: what the bundle leaves out: the faces that need other packages (Starlette, Textual,
#: NumPy) and never score in the browser
_LEFT_OUT = ("web", "tui", "env")
_KEPT = (".py", ".mo", ".card", ".typed")


@lru_cache(maxsize=1)
def package_bundle() -> tuple[bytes, str]:
    """The package's pure-Python source as a zip (``mahjong_table/...``: every ``.py``, the
    compiled catalogues and the shipped cards, but for :data:`_LEFT_OUT`) and a digest of
    it (16 hex digits): the code the page's worker runs, exactly the code this server runs
    (the ``.py`` files are in the package in both builds; the compiled build's extension
    modules are left out). Made once per process, byte for byte the same for the same
    source."""
    root = Path(__file__).resolve().parent.parent
    files = sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in _KEPT
                   and "__pycache__" not in p.parts
                   and p.relative_to(root).parts[0] not in _LEFT_OUT)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path in files:
            info = zipfile.ZipInfo("mahjong_table/" + path.relative_to(root).as_posix(),
                                   date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())
    data = buf.getvalue()
    return data, hashlib.sha256(data).hexdigest()[:16]


# ----- the icons --------------------------------------------------------------------------

_ICON_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
             '<rect width="64" height="64" rx="12" fill="#1d5c3a"/>'
             '<rect x="14" y="6" width="36" height="52" rx="6" fill="#f6f1e3" stroke="#333"'
             ' stroke-width="2"/><circle cx="32" cy="32" r="11" fill="#c0392b"/></svg>')


def _png(size: int) -> bytes:
    """The app's icon as a PNG of ``size`` pixels (the same drawing as :data:`_ICON_SVG`;
    written with zlib alone, so that nothing more is needed to serve it)."""
    s = size / 64.0
    rows = []
    for y in range(size):
        row = bytearray([0])
        fy = (y + 0.5) / s
        for x in range(size):
            fx = (x + 0.5) / s
            colour = (0x1d, 0x5c, 0x3a)
            if 14 <= fx <= 50 and 6 <= fy <= 58:
                colour = (0x33, 0x33, 0x33) if (fx < 15 or fx > 49 or fy < 7 or fy > 57) \
                    else (0xf6, 0xf1, 0xe3)
                if (fx - 32) ** 2 + (fy - 32) ** 2 <= 121:
                    colour = (0xc0, 0x39, 0x2b)
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


@lru_cache(maxsize=2)
def _icon_png(size: int) -> bytes:
    return _png(size)


# ----- the page -------------------------------------------------------------------------------

_STATIC = {"score.js": "text/javascript", "score-worker.js": "text/javascript",
           "score.css": "text/css"}


def _version_tag() -> str:
    """A digest of what the page is made of (its static files and the package bundle): the
    service worker's cache is named by it, and the static addresses carry it."""
    h = hashlib.sha256()
    for name in sorted(_STATIC):
        h.update(_static_text(name).encode())
    h.update(package_bundle()[1].encode())
    h.update(runtime.VERSION.encode())
    return h.hexdigest()[:12]


def _config() -> dict[str, Any]:
    """What the page's script needs to know: where the runtime and the bundle are (None
    when this server has no runtime), the service worker."""
    have = runtime.runtime_dir() is not None
    tag = _version_tag()
    return {
        "runtime": f"/score/pyodide/{runtime.VERSION}/" if have else None,
        "bundle": f"/score/py/{package_bundle()[1]}.zip" if have else None,
        "worker": f"/score/static/score-worker.js?v={tag}",
        "sw": "/score/sw.js",
        "api": "/score/api",
        "version": tag,
        "lang": language(),
        "rules": list(RULES),
        "extras": EXTRAS,
        "seats": list(SEATS),
    }


def _words() -> dict[str, str]:
    """The script's words in the language in force (each English message to its
    translation), the tiles' names and the winds' names."""
    out = {m: _(m) for m in SCRIPT_MESSAGES}
    for t in TILES:
        out["tile\u0004" + str(t)] = tile_name(t)
    for i, letter in enumerate(SEATS):
        out["wind\u0004" + letter] = wind_name(i)
    return out


def _key(tile: str) -> str:
    name = escape(tile_name(Tile.parse(tile)))
    return (f'<button type="button" class="key" data-tile="{tile}" aria-label="{name}" '
            f'title="{name} ({tile})"><img src="/tile/{tile}.svg" alt="" '
            'width="30" height="40"></button>')


def _seat_buttons(group: str, label: str, *, self_drawn: bool = False) -> str:
    parts = [f'<div class="seg" role="group" aria-label="{escape(label)}" data-group="{group}">']
    if self_drawn:
        parts.append(f'<button type="button" class="opt" data-value="self" aria-pressed="false">'
                     f'{escape(_("Self-drawn"))}</button>')
    for i, letter in enumerate(SEATS):
        word = (_("On {wind}'s discard").format(wind=wind_name(i)) if self_drawn
                else wind_name(i))
        parts.append(f'<button type="button" class="opt" data-value="{letter}" '
                     f'aria-pressed="false" aria-label="{escape(word)}" title="{escape(word)}">'
                     f"{escape(wind_letter(i) if self_drawn else wind_name(i))}</button>")
    parts.append("</div>")
    return "".join(parts)


def page_html(lang: str | None = None) -> str:
    """The page ``/score`` in ``lang`` (default the language in force): the keyboard, the
    forms and empty result areas the script fills; the hand itself is read by the script
    from the address, so one page serves every hand (and is what the service worker keeps
    for offline visits)."""
    with use_language(lang or language()):
        return _page_html()


def _page_html() -> str:
    t = _
    tag = _version_tag()
    rules_buttons = "".join(
        f'<button type="button" class="opt" data-value="{r}" aria-pressed="false">'
        f"{escape(t(_RULE_LABELS[r]))}</button>" for r in RULES)
    tabs = []
    panels = []
    for ident, label, tiles, shown_for in _TABS:
        for_rules = " ".join(shown_for)
        tabs.append(f'<button type="button" role="tab" class="tab" id="tab-{ident}" '
                    f'data-tab="{ident}" data-rules="{for_rules}" aria-selected="false" '
                    f'aria-controls="keys-{ident}"><img src="/tile/{tiles[0]}.svg" alt="" '
                    f'width="15" height="20"> {escape(t(label))}</button>')
        panels.append(f'<div role="tabpanel" class="keys keys-{ident}" id="keys-{ident}" '
                      f'data-rules="{for_rules}" aria-labelledby="tab-{ident}" hidden>'
                      + "".join(_key(x) for x in tiles) + "</div>")
    modes = "".join(
        f'<button type="button" class="opt" data-value="{m}" data-rules="{rules}" '
        f'aria-pressed="false">{escape(t(label))}</button>'
        for m, label, rules in (
            ("hand", N_("Concealed"), "hongkong mcr american"),
            ("chow", N_("Exposed chow"), "hongkong mcr"),
            ("pung", N_("Exposed pung"), "hongkong mcr american"),
            ("kong", N_("Exposed kong"), "hongkong mcr american"),
            ("ckong", N_("Concealed kong"), "hongkong mcr"),
            ("group", N_("Exposure"), "american")))
    extras = "".join(
        f'<label class="check" data-rules="{" ".join(r for r in RULES if e in EXTRAS[r])}">'
        f'<input type="checkbox" name="extra" value="{e}"> {escape(t(_EXTRA_LABELS[e]))}'
        "</label>" for e in dict.fromkeys(x for r in RULES for x in EXTRAS[r]))
    config = json.dumps(_config(), separators=(",", ":")).replace("</", "<\\/")
    words = json.dumps(_words(), ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    switch = language_switch("/score", "")
    title = t("Score a hand")
    return (
        f'<!doctype html><html lang="{language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1, '
        'viewport-fit=cover">'
        f"<title>{escape(title)} · mahjong-table</title>"
        '<link rel="manifest" href="/score/manifest.webmanifest">'
        '<link rel="icon" href="/score/static/icon.svg" type="image/svg+xml">'
        '<link rel="apple-touch-icon" href="/score/static/icon-192.png">'
        '<meta name="theme-color" content="#1d5c3a">'
        f'<link rel="stylesheet" href="/score/static/score.css?v={tag}"></head>'
        '<body class="score-page">'
        f'<header class="bar"><h1><a href="/score">{escape(title)}</a></h1>{switch}</header>'
        '<main id="main">'
        f'<p id="engine" role="status" data-engine="none">'
        f'{escape(t("Loading the offline scorer..."))}</p>'
        f'<noscript><p class="error">{escape(t("This page needs JavaScript."))}</p></noscript>'
        f'<section class="panel" aria-label="{escape(t("Rule set"))}">'
        f'<div class="seg" role="group" id="rules" data-group="rules" '
        f'aria-label="{escape(t("Rule set"))}">{rules_buttons}</div></section>'
        '<section id="summary" class="summary" role="status" aria-live="polite" '
        'aria-atomic="true"></section>'
        f'<section id="hand" class="panel" aria-label="{escape(t("Your hand"))}">'
        f'<h2>{escape(t("Your hand"))}</h2><div id="groups" class="groups"></div>'
        '<div class="row">'
        f'<button type="button" id="undo" class="act">{escape(t("Undo"))}</button>'
        f'<button type="button" id="clear" class="act">{escape(t("Clear"))}</button></div>'
        f'<label class="notation">{escape(t("The hand in notation"))} '
        '<input id="notation" autocomplete="off" autocapitalize="off" spellcheck="false" '
        'inputmode="text" maxlength="200"></label></section>'
        f'<section id="tiles" class="panel" aria-label="{escape(t("Add tiles"))}">'
        f'<h2>{escape(t("Add tiles"))}</h2>'
        f'<div class="seg modes" role="group" id="modes" data-group="mode" '
        f'aria-label="{escape(t("A tap adds"))}">{modes}</div>'
        f'<div class="tabs" role="tablist" aria-label="{escape(t("Tiles"))}">{"".join(tabs)}'
        f'</div>{"".join(panels)}<p id="tap-note" class="note" role="alert"></p></section>'
        f'<section id="win" class="panel" aria-label="{escape(t("The win"))}">'
        f'<h2>{escape(t("The win"))}</h2>'
        f'<label class="field">{escape(t("Winning tile"))} <select id="win-tile"></select>'
        "</label>"
        f'<p class="label">{escape(t("How it came"))}</p>'
        f'{_seat_buttons("from", t("How it came"), self_drawn=True)}'
        f'<p class="label">{escape(t("Seat wind (the winner)"))}</p>'
        f'{_seat_buttons("seat", t("Seat wind (the winner)"))}'
        f'<div data-rules="hongkong mcr"><p class="label">{escape(t("Round wind"))}</p>'
        f'{_seat_buttons("round", t("Round wind"))}</div>'
        f'<div class="checks">{extras}</div></section>'
        f'<section id="card" class="panel" data-rules="american" '
        f'aria-label="{escape(t("The card"))}"><h2>{escape(t("The card"))}</h2>'
        '<p id="card-name"></p>'
        f'<label class="act file">{escape(t("Load a card file"))} '
        '<input type="file" id="card-file" accept=".card,.txt,text/plain"></label> '
        f'<button type="button" id="card-practice" class="act">'
        f'{escape(t("Use the practice card"))}</button>'
        f'<p class="note">{escape(t("A card file you load is kept in this browser only."))}'
        "</p></section>"
        f'<section id="result" class="panel" aria-label="{escape(t("The score"))}" '
        'aria-live="polite"></section>'
        f'<section id="share" class="panel" aria-label="{escape(t("Share this hand"))}">'
        f'<h2>{escape(t("Share this hand"))}</h2>'
        f'<label class="field">{escape(t("A link that reopens this hand"))} '
        '<input id="link" readonly></label>'
        f'<button type="button" id="copy" class="act">{escape(t("Copy the link"))}</button>'
        "</section>"
        f'<details id="details" class="panel"><summary>{escape(t("As the score command gives it"))}'
        f'</summary><p>{escape(t("The same from the command line:"))}</p>'
        '<pre><code id="command"></code></pre><pre id="json"></pre></details>'
        "</main>"
        f'<script type="application/json" id="score-config">{config}</script>'
        f'<script type="application/json" id="score-words">{words}</script>'
        f'<script type="module" src="/score/static/score.js?v={tag}"></script>'
        "</body></html>")


def manifest(lang: str | None = None) -> dict[str, Any]:
    """The web app manifest (``<link rel="manifest">``) in ``lang``."""
    with use_language(lang or language()):
        return {
            "name": _("mahjong-table score calculator"),
            "short_name": _("Mahjong score"),
            "description": _("Tap in a mahjong hand and get its score, item by item: Hong "
                             "Kong, Chinese MCR and American; works offline."),
            "lang": language(),
            "start_url": "/score",
            "scope": "/score",
            "display": "standalone",
            "background_color": "#eef4f0",
            "theme_color": "#1d5c3a",
            "icons": [
                {"src": "/score/static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
                {"src": "/score/static/icon-192.png", "sizes": "192x192", "type": "image/png"},
                {"src": "/score/static/icon-512.png", "sizes": "512x512", "type": "image/png"},
            ],
        }


def assets() -> list[str]:
    """Everything the page needs offline, as the service worker caches it at install: the
    page in each language, its script, worker, style and icons, the manifest, every tile
    picture a key or a hand shows, and (where this server has it) the runtime and the
    package bundle."""
    tag = _version_tag()
    out = [f"/score/shell/{lang}" for lang in LANGUAGES]
    out += [f"/score/static/score.js?v={tag}", f"/score/static/score.css?v={tag}",
            f"/score/static/score-worker.js?v={tag}", "/score/static/icon.svg",
            "/score/static/icon-192.png", "/score/static/icon-512.png",
            "/score/manifest.webmanifest"]
    out += [f"/tile/{t}.svg" for t in KEY_TILES] + ["/tile/back.svg"]
    out += [f"/tile/{t}.svg" for t in (f"{r}f" for r in range(5, 9))]
    if runtime.runtime_dir() is not None:
        out += [f"/score/pyodide/{runtime.VERSION}/{name}" for name in runtime.FILES]
        out.append(f"/score/py/{package_bundle()[1]}.zip")
    return out


def service_worker() -> str:
    """The service worker's script: :data:`static/score-sw.js` with its cache's name and
    the list of :func:`assets`."""
    head = (f"const VERSION = {json.dumps(_version_tag())};\n"
            f"const ASSETS = {json.dumps(assets())};\n"
            f"const LANGS = {json.dumps(list(LANGUAGES))};\n")
    return head + _static_text("score-sw.js")


# ----- the routes -----------------------------------------------------------------------------


async def _page(request: Request) -> Response:
    return HTMLResponse(page_html(), headers={"Cache-Control": "no-cache",
                                              "Content-Language": language()})


async def _shell(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        return PlainTextResponse(_("no such language"), status_code=404)
    return HTMLResponse(page_html(lang), headers={"Cache-Control": "no-cache",
                                                  "Content-Language": lang})


#: scorings at once in this process (a hand takes milliseconds; a hand one tile short, one
#: scoring per candidate tile): more wait their turn, so that a flood of requests cannot take
#: every worker thread from the tables
API_SLOTS = 2
#: one semaphore per event loop (a semaphore belongs to the loop it first waits on)
_SEMAPHORES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = \
    weakref.WeakKeyDictionary()


def _slots() -> asyncio.Semaphore:
    loop = asyncio.get_running_loop()
    if loop not in _SEMAPHORES:
        _SEMAPHORES[loop] = asyncio.Semaphore(API_SLOTS)
    return _SEMAPHORES[loop]


async def _api(request: Request) -> Response:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_REQUEST):
        return JSONResponse({"error": _("the request is too large")}, status_code=413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_REQUEST:
            return JSONResponse({"error": _("the request is too large")}, status_code=413)
    try:
        data = json.loads(body)
        fields = data["fields"]
        if not isinstance(fields, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in fields.items()):
            raise ValueError
        card = data.get("card")
        if card is not None:
            if not (isinstance(card, dict) and isinstance(card.get("name"), str)
                    and isinstance(card.get("text"), str)):
                raise ValueError
            card = (card["name"], card["text"])
        lang = data.get("lang") or language()
        if lang not in LANGUAGES:
            raise ValueError
    except (ValueError, KeyError, TypeError):
        return JSONResponse({"error": _("expected a JSON object: fields (names to texts), "
                                        "card (a name and a text, or null), lang")},
                            status_code=400)
    async with _slots():
        answer = await run_in_threadpool(calculate, fields, card=card, lang=lang)
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


async def _manifest(request: Request) -> Response:
    return JSONResponse(manifest(), media_type="application/manifest+json",
                        headers={"Cache-Control": "no-cache"})


async def _sw(request: Request) -> Response:
    return Response(service_worker(), media_type="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/score"})


async def _static(request: Request) -> Response:
    name = request.path_params["name"]
    if name == "icon.svg":
        return Response(_ICON_SVG, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=86400"})
    if name in ("icon-192.png", "icon-512.png"):
        return Response(_icon_png(int(name[5:8])), media_type="image/png",
                        headers={"Cache-Control": "public, max-age=86400"})
    if name not in _STATIC:
        return PlainTextResponse(_("not found"), status_code=404)
    return Response(_static_text(name), media_type=_STATIC[name],
                    headers={"Cache-Control": "no-cache"})


_RUNTIME_TYPES = {".mjs": "text/javascript", ".wasm": "application/wasm",
                  ".zip": "application/zip", ".json": "application/json"}


async def _pyodide(request: Request) -> Response:
    name = request.path_params["name"]
    folder = runtime.runtime_dir()
    if (folder is None or request.path_params["version"] != runtime.VERSION
            or name not in runtime.FILES):
        return PlainTextResponse(_("not found"), status_code=404)
    media = _RUNTIME_TYPES[Path(name).suffix]
    headers = {"Cache-Control": "public, max-age=31536000, immutable",
               "Vary": "Accept-Encoding"}
    packed = folder / (name + ".gz")
    if packed.is_file() and "gzip" in request.headers.get("accept-encoding", ""):
        data = await run_in_threadpool(packed.read_bytes)
        return Response(data, media_type=media,
                        headers={**headers, "Content-Encoding": "gzip"})
    data = await run_in_threadpool((folder / name).read_bytes)
    return Response(data, media_type=media, headers=headers)


async def _bundle(request: Request) -> Response:
    data, digest = await run_in_threadpool(package_bundle)
    if request.path_params["digest"] != digest:
        return PlainTextResponse(_("not found"), status_code=404)
    return Response(data, media_type="application/zip",
                    headers={"Cache-Control": "public, max-age=31536000, immutable"})


def score_routes() -> list[BaseRoute]:
    """The calculator's routes, to add to the server's (``web/app.py``)."""
    return [
        Route("/score", _page),
        Route("/score/shell/{lang}", _shell),
        Route("/score/api", _api, methods=["POST"]),
        Route("/score/manifest.webmanifest", _manifest),
        Route("/score/sw.js", _sw),
        Route("/score/static/{name}", _static),
        Route("/score/pyodide/{version}/{name}", _pyodide),
        Route("/score/py/{digest}.zip", _bundle),
    ]
