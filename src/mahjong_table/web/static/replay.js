// mahjong-table: the replay viewer (issue 46). Vanilla JS, no build. It fetches the frames of
// a finished game (GET /api/replay/GAME?seat=N&full=0|1, made by web/replay.py from the
// stored actions with the engine's public API) and draws each with board.js, as the table
// was drawn at play. Keys: Left/Right a step, PageUp/PageDown a hand, Home/End.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const t = window.MTText.t;
  const game = document.body.dataset.game;
  const params = new URLSearchParams(location.search);
  let seat = Number(params.get("seat") || "0");
  if (![-1, 0, 1, 2, 3].includes(seat)) seat = 0;
  let full = params.get("full") === "1";
  let data = null;
  let at = 0;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function tile(name, cls) {
    const img = document.createElement("img");
    img.className = "tile " + (cls || "");
    if (name === null) { img.src = "/tile/back.svg"; img.alt = t("face-down tile"); }
    else { img.src = "/tile/" + name + ".svg"; img.alt = name; img.title = name; }
    img.draggable = false;
    return img;
  }
  function parseTiles(text) {
    const out = [];
    let digits = [];
    for (const ch of text || "") {
      if (ch >= "0" && ch <= "9") digits.push(ch);
      else if ("mpszfgj".includes(ch)) { for (const d of digits) out.push(d + ch); digits = []; }
    }
    return out;
  }
  function tilesRow(text, cls) {
    const div = el("div", "tiles " + (cls || ""));
    for (const n of parseTiles(text)) div.appendChild(tile(n, "small"));
    return div;
  }
  function place(p) {
    const base = seat < 0 ? 0 : seat;
    return ["bottom", "right", "top", "left"][(p - base + 4) % 4];
  }

  function describe(e) { // the table page's words for the events (table.js)
    const n = (p) => (p === undefined || p === null ? "" : data.names[p]);
    const own = e.player === undefined || e.player === null || e.player === seat;
    switch (e.type) {
      case "hand_start": return t("Hand {number} begins, {name} deals", { number: e.hand_number + 1, name: n(e.dealer) });
      case "draw": return e.tile ? t("{name} draws {tile}", { name: n(e.player), tile: e.tile }) : t("{name} draws", { name: n(e.player) });
      case "replacement": return e.tile ? t("{name} draws a replacement {tile}", { name: n(e.player), tile: e.tile })
        : t("{name} draws a replacement", { name: n(e.player) });
      case "discard": return t("{name} discards {tile}", { name: n(e.player), tile: e.tile });
      case "bonus": return t("{name} shows bonus tile {tile}", { name: n(e.player), tile: e.tile });
      case "claim": return t("{name} claims {tile} for {meld_kind} {meld}", { name: n(e.player), tile: e.tile, meld_kind: t(e.kind), meld: e.meld || "" });
      case "concealed_kong": return t("{name} declares a concealed kong {meld}", { name: n(e.player), meld: e.meld });
      case "added_kong": return t("{name} adds {tile} to a pung", { name: n(e.player), tile: e.tile });
      case "kong_completed": return t("{name} completes the kong {meld}", { name: n(e.player), meld: e.meld });
      case "declare_mahjong": return t("{name} declares Mahjong!", { name: n(e.player) });
      case "hand_end": return t("The hand ends");
      case "game_end": return t("The game is over");
      case "charleston_stage": return t("Charleston: {stage}", { stage: window.MTText.tc("stage", e.stage.replace(/_/g, " ")) });
      case "charleston_pass": return t("Tiles are passed");
      case "passed": return own ? t("You passed {tiles}", { tiles: e.tiles || "" }) : null;
      case "received": return own ? t("You received {tiles}", { tiles: e.tiles || "" }) : null;
      case "joker_exchange": return t("{name} exchanges {tile} for a joker", { name: n(e.player), tile: e.tile });
      case "dead_hand": return t("{name}'s hand is dead", { name: n(e.player) });
      case "play_start": return t("Play begins");
      default: return null; // (dealing, claim windows, answers: nothing to read)
    }
  }

  function renderResult(f) {
    const box = $("result");
    const h = f.hand_end;
    if (!h) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    box.replaceChildren();
    const names = data.names;
    const r = h.result;
    const outcome = r.reason === "mahjong" ? t("{name} wins", { name: names[r.winner] }) :
      r.reason === "draw" ? t("a drawn hand (the wall is exhausted)") : t("false Mahjong");
    box.appendChild(el("h2", "", t("Hand {number}: {outcome}", { number: r.hand_number + 1, outcome: outcome })));
    if (h.revealed_hand) {
      const p = el("div", "winning");
      p.appendChild(tilesRow(h.revealed_hand.replace(/[\[\]()]/g, " "), "small"));
      if (h.win_tile) p.appendChild(el("span", "win-tile", t("winning tile {tile}", { tile: h.win_tile })));
      box.appendChild(p);
    }
    if (r.score && r.score.valid) {
      const s = r.score;
      const unit = s.points !== undefined ? "points" : "fan";
      const items = el("table", "items");
      const head = el("tr");
      head.appendChild(el("th", "", t("scoring item")));
      head.appendChild(el("th", "", unit === "points" ? t("points") : "fan"));
      items.appendChild(head);
      for (const it of s.items) {
        const row = el("tr");
        row.appendChild(el("td", "", it.name));
        row.appendChild(el("td", "", String(it[unit] !== undefined ? it[unit] : it.fan)));
        items.appendChild(row);
      }
      const tot = el("tr");
      tot.appendChild(el("th", "", t("total")));
      tot.appendChild(el("th", "", String(s[unit])));
      items.appendChild(tot);
      box.appendChild(items);
    }
    const pay = el("table", "payments");
    const ph = el("tr");
    for (const w of [t("player"), t("payment"), t("total")]) ph.appendChild(el("th", "", w));
    pay.appendChild(ph);
    r.payments.forEach((x, i) => {
      const row = el("tr");
      row.appendChild(el("td", "", names[i]));
      row.appendChild(el("td", "", (x > 0 ? "+" : "") + x));
      row.appendChild(el("td", "", String(h.scores[i])));
      pay.appendChild(row);
    });
    box.appendChild(pay);
  }

  function render() {
    if (!data || !data.frames.length) return;
    const f = data.frames[at];
    const v = f.view;
    const state = { view: v, board: f.board, names: data.names, stage: null, game_end: null, actions: [] };
    const ctx = { mySeat: seat, tile: tile, replay: true };
    for (const s of v.seats) {
      const box = $("seat-" + place(s.player));
      MTBoard.seat(box, s, v, state, ctx);
      if (f.hands && s.player !== seat && f.hands[s.player]) {
        const up = tilesRow(f.hands[s.player], "small face-up");
        up.setAttribute("aria-label", t("the concealed tiles of {name}", { name: data.names[s.player] }));
        box.querySelector(".seat-info").appendChild(up);
        const backs = box.querySelector(".back-row");
        if (backs) backs.remove();
      }
    }
    MTBoard.centre($("centre-info"), state, { mySeat: -1, token: "", tile: tile, send: () => {} });
    const hand = $("hand");
    hand.replaceChildren();
    const mine = seat >= 0 ? v.concealed : (f.hands ? null : "");
    if (seat >= 0 && mine) {
      hand.appendChild(el("h3", "", t("The hand of {name}", { name: data.names[seat] })));
      hand.appendChild(tilesRow(mine, "hand-row"));
    } else if (seat < 0) {
      hand.appendChild(el("p", "spectating", t("Watched as a spectator: concealed tiles stay hidden unless every hand is face up.")));
    }
    const ev = $("replay-events");
    ev.replaceChildren();
    const ol = el("ol", "events");
    for (const e of f.events) { const text = describe(e); if (text) ol.appendChild(el("li", "", text)); }
    ev.appendChild(ol);
    renderResult(f);
    $("replay-pos").textContent = t("step {n} of {total}", { n: at + 1, total: data.frames.length });
    $("replay-slider").max = String(data.frames.length - 1);
    $("replay-slider").value = String(at);
  }

  function handStarts() {
    const out = [];
    data.frames.forEach((f, i) => { if (f.events.some((e) => e.type === "hand_start")) out.push(i); });
    return out;
  }
  function go(i) {
    if (!data) return;
    at = Math.max(0, Math.min(data.frames.length - 1, i));
    render();
  }
  function hand(dir) {
    const starts = handStarts();
    if (dir > 0) { const n = starts.find((i) => i > at); go(n === undefined ? data.frames.length - 1 : n); }
    else { const p = starts.filter((i) => i < at); go(p.length ? p[p.length - 1] : 0); }
  }

  async function load(keepStep) {
    const step = data && data.frames[at] ? data.frames[at].step : 0;
    $("replay-pos").textContent = t("loading…");
    const r = await fetch("/api/replay/" + encodeURIComponent(game) + "?seat=" + seat + "&full=" + (full ? "1" : "0"));
    if (!r.ok) { $("replay-pos").textContent = t("this game cannot be replayed"); return; }
    data = await r.json();
    at = 0;
    if (keepStep) {
      let best = 0;
      data.frames.forEach((f, i) => { if (f.step <= step) best = i; });
      at = best;
    }
    const q = new URLSearchParams(location.search);
    q.set("seat", String(seat)); if (full) q.set("full", "1"); else q.delete("full");
    history.replaceState(null, "", location.pathname + "?" + q.toString());
    render();
  }

  $("replay-seat").value = String(seat);
  $("replay-full").checked = full;
  $("replay-seat").addEventListener("change", () => { seat = Number($("replay-seat").value); document.body.dataset.seat = String(seat); load(true); });
  $("replay-full").addEventListener("change", () => { full = $("replay-full").checked; load(true); });
  $("replay-first").onclick = () => go(0);
  $("replay-last").onclick = () => go(data ? data.frames.length - 1 : 0);
  $("replay-prev").onclick = () => go(at - 1);
  $("replay-next").onclick = () => go(at + 1);
  $("replay-prev-hand").onclick = () => hand(-1);
  $("replay-next-hand").onclick = () => hand(1);
  $("replay-slider").addEventListener("input", () => go(Number($("replay-slider").value)));
  document.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" && e.target.type !== "range" || e.target.tagName === "SELECT")) return;
    const keys = { ArrowRight: () => go(at + 1), ArrowLeft: () => go(at - 1), Home: () => go(0),
      End: () => go(data ? data.frames.length - 1 : 0), PageDown: () => hand(1), PageUp: () => hand(-1) };
    const f = keys[e.key];
    if (f) { e.preventDefault(); f(); }
  });
  load(false);
})();
