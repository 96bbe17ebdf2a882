// mahjong-table: the table page. Vanilla JS, no build step. The server sends "state"
// messages (this seat's view, the events it was shown, its legal actions); this script draws
// them and sends back the action a person picks. It reconnects by itself.
"use strict";
(function () {
  const body = document.body;
  const token = body.dataset.token;
  const mySeat = Number(body.dataset.seat);
  const $ = (id) => document.getElementById(id);
  // the page's words (board.js reads them: see MTText there); English when missing
  const t = window.MTText.t, tn = window.MTText.tn, tc = window.MTText.tc;
  const WINDS = { E: t("East"), S: t("South"), W: t("West"), N: t("North") };
  // a word the server sends as data (a scoring item, a limit's name): the state's
  // translations of it, else as it is
  const word = (w) => (state && state.words && typeof state.words[w] === "string" ? state.words[w] : w);
  let ws = null;
  let state = null;
  let lastChat = ""; // the last chat message sent (given back if refused)
  let backoff = 500;
  let selected = new Set(); // indexes into the hand, for a Charleston or courtesy pass
  let blind = 0;
  let dismissed = null; // the hand_end already dismissed
  let timer = null;
  let windowAt = 0;

  // ----- tiles ------------------------------------------------------------------------
  function glyph(name) {
    const r = Number(name[0]), s = name[1];
    const cp = { m: 0x1f007 + r - 1, p: 0x1f019 + r - 1, s: 0x1f010 + r - 1 }[s];
    if (cp) return String.fromCodePoint(cp);
    if (s === "z") return String.fromCodePoint([0x1f000, 0x1f001, 0x1f002, 0x1f003, 0x1f006, 0x1f005, 0x1f004][r - 1]);
    if (s === "f") return String.fromCodePoint([0x1f022, 0x1f023, 0x1f025, 0x1f024][(r - 1) % 4]);
    if (s === "g") return String.fromCodePoint(0x1f026 + r - 1);
    return String.fromCodePoint(0x1f02a);
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
  function parseGroups(text) { // "[777z] (1111s) 123m" -> [{tiles, kind}]
    const out = [];
    const re = /\[([^\]]*)\]|\(([^)]*)\)|([^\[\]()\s]+)/g;
    let m;
    while ((m = re.exec(text || "")) !== null) {
      if (m[1] !== undefined) out.push({ tiles: parseTiles(m[1]), kind: "exposed" });
      else if (m[2] !== undefined) out.push({ tiles: parseTiles(m[2]), kind: "concealed" });
      else out.push({ tiles: parseTiles(m[3]), kind: "hand" });
    }
    return out;
  }
  function tile(name, cls) {
    const img = document.createElement("img");
    img.className = "tile " + (cls || "");
    if (name === null) {
      img.src = "/tile/back.svg"; img.alt = t("face-down tile");
    } else {
      img.src = "/tile/" + name + ".svg"; img.alt = glyph(name) + " " + name; img.title = name;
    }
    img.draggable = false;
    return img;
  }
  function row(names, cls) {
    const div = document.createElement("div");
    div.className = "tiles " + (cls || "");
    for (const n of names) div.appendChild(tile(n, cls));
    return div;
  }
  function meldRow(text, cls) {
    const g = parseGroups(text)[0] || { tiles: [], kind: "exposed" };
    const names = g.tiles.slice();
    if (g.kind === "concealed" && names.length === 4) { names[0] = null; names[3] = null; }
    const div = row(names, cls);
    div.classList.add("meld");
    return div;
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // ----- connection -------------------------------------------------------------------
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(proto + "://" + location.host + "/ws/" + token);
    $("status").textContent = t("connecting…");
    ws.onopen = () => { backoff = 500; $("status").textContent = t("connected"); body.classList.add("online"); flushQueue(); };
    ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      body.classList.remove("online");
      if (stopped) { $("status").textContent = t("stopped: this room does not go on"); return; }
      $("status").textContent = t("reconnecting…");
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 4000);
    };
  }
  function send(msg) {
    if (ws && ws.readyState === 1) { ws.send(JSON.stringify(msg)); return true; }
    // offline: an action is refused visibly (its decision may be gone by the time the
    // page is back); anything else is queued and sent on reconnect
    if (msg.type === "action" || msg.type === "hint") { flash(t("offline: not sent")); return false; }
    pending.push(msg);
    flash(t("offline: queued, sent when the connection is back"));
    return true;
  }
  const pending = [];
  function flushQueue() {
    while (pending.length && ws && ws.readyState === 1) ws.send(JSON.stringify(pending.shift()));
  }
  function act(action) {
    const a = Object.assign({}, action);
    delete a.label; delete a.count; delete a.blind_max;
    if (!send({ type: "action", offer: state.offer, action: a })) return;
    state.actions = []; // until the server answers
    renderActions();
    renderHand();
  }

  function onMessage(msg) {
    if (msg.type === "state") {
      const oldStage = state && state.stage && state.stage.name;
      const oldOffer = state && state.offer;
      state = msg;
      // a hint answers one decision: a new decision (another offer) clears it
      if (msg.offer !== oldOffer) $("hints").replaceChildren();
      windowAt = performance.now();
      if (!state.stage || state.stage.name !== oldStage) { selected = new Set(); blind = 0; }
      for (const s of state.view.seats) if (state.names[s.player]) s.name = state.names[s.player];
      clockAt = performance.now();
      render();
      renderRoom();
    } else if (msg.type === "error") {
      flash(msg.message);
      // a refused chat message (too many, too long) is given back to be sent again
      if (msg.code === "chat" && lastChat && !$("chat-text").value) $("chat-text").value = lastChat;
    } else if (msg.type === "chat") {
      addChat(msg.messages);
    } else if (msg.type === "unavailable") {
      // issue 42: the room's take-over failed; it is tried again after a back-off, or it
      // is broken (its game does not go on: its record can be downloaded)
      showUnavailable(msg);
    } else if (msg.type === "new_game") {
      backoff = 100; dismissed = null; $("chat-log").replaceChildren();
      flash(t("A new game starts in this room"));
    } else if (msg.type === "hint") {
      const box = $("hints");
      box.replaceChildren(el("h3", "", t("Hints")));
      const ul = el("ul");
      for (const l of msg.lines) ul.appendChild(el("li", "", l));
      box.appendChild(ul);
    }
  }
  let stopped = false;
  function showUnavailable(msg) {
    let box = $("unavailable");
    if (!box) {
      box = el("p", "error");
      box.id = "unavailable";
      box.setAttribute("role", "alert");
      document.body.insertBefore(box, document.body.firstChild.nextSibling);
    }
    box.replaceChildren(document.createTextNode(msg.message + " "));
    if (msg.broken) {
      stopped = true;
      const a = el("a", "", t("Download its record"));
      a.href = "/record/" + token;
      a.id = "broken-record";
      box.appendChild(a);
    } else {
      backoff = Math.min(Math.max(500, Math.ceil(msg.retry_in * 1000)), 60000);
    }
  }
  function flash(text) {
    const f = el("div", "flash", text);
    f.setAttribute("role", "alert");
    document.body.appendChild(f);
    setTimeout(() => f.remove(), 4000);
  }

  // ----- drawing ----------------------------------------------------------------------
  function relPlace(p) {
    const base = mySeat < 0 ? 0 : mySeat;
    return ["bottom", "right", "top", "left"][(p - base + 4) % 4];
  }
  function render() {
    const v = state.view;
    const names = state.names;
    const info = [];
    info.push(t("Hand {number}", { number: v.hand_number + 1 }));
    if (v.rules !== "american") info.push(t("prevailing wind {wind}", { wind: WINDS[v.round_wind] || v.round_wind }));
    info.push(t("dealer {name}", { name: names[v.dealer] }));
    info.push(v.dead_wall ? t("wall {live} live, {dead} dead", { live: v.live_wall, dead: v.dead_wall })
      : t("wall {live} live", { live: v.live_wall }));
    $("info").textContent = " · " + info.join(" · ");
    for (const s of v.seats) renderSeat(s, v);
    renderCentre();
    renderHand();
    renderActions();
    renderResult();
    renderLog();
    renderPause();
  }
  function renderSeat(s, v) { // drawn by board.js: ponds in rows, claims marked, melds turned
    MTBoard.seat($("seat-" + relPlace(s.player)), s, v, state, { mySeat: mySeat, tile: tile });
  }
  function renderCentre() { // drawn by board.js: the wall, the phase, alerts, the card panel
    MTBoard.centre($("centre-info"), state, { mySeat: mySeat, token: token, tile: tile, send: send });
    updateWindow();
  }
  function updateWindow() {
    const w = $("window");
    if (!state || !state.window) { w.textContent = ""; if (timer) { clearInterval(timer); timer = null; } return; }
    const gone = (performance.now() - windowAt) / 1000;
    const dl = state.window.deadline;
    if (dl !== null && dl !== undefined && state.actions.length) {
      const left = Math.max(0, dl - gone);
      w.textContent = t("Claim? {seconds} s, then the table passes for you", { seconds: left.toFixed(0) });
      w.className = "countdown";
    } else {
      w.textContent = t("waiting for claims…");
      w.className = "waiting";
    }
    if (!timer) timer = setInterval(updateWindow, 250);
  }
  function passEntry() {
    return (state.actions || []).find((a) => a.kind === "charleston_pass" || a.kind === "courtesy_pass");
  }
  function renderHand() {
    const v = state.view;
    const box = $("hand");
    box.replaceChildren();
    if (mySeat < 0) { box.appendChild(el("p", "spectating", t("You are watching: concealed tiles stay hidden."))); return; }
    const hand = parseTiles(v.concealed);
    if (v.drawn) { const i = hand.lastIndexOf(v.drawn); if (i >= 0) hand.splice(i, 1); }
    const discards = new Map();
    for (const a of state.actions || []) if (a.kind === "discard") discards.set(a.tile, a);
    const pass = passEntry();
    const make = (name, idx, extra) => {
      const b = document.createElement("button");
      b.className = "tile-btn " + (extra || "");
      b.appendChild(tile(name, "hand"));
      if (pass) {
        b.setAttribute("aria-pressed", selected.has(idx) ? "true" : "false");
        if (selected.has(idx)) b.classList.add("selected");
        b.disabled = name === "1j";
        b.setAttribute("aria-label", (selected.has(idx) ? t("unselect {tile}", { tile: glyph(name) + " " + name }) : t("select {tile}", { tile: glyph(name) + " " + name })));
        b.onclick = () => { if (selected.has(idx)) selected.delete(idx); else selected.add(idx); renderHand(); renderActions(); };
      } else if (discards.has(name)) {
        b.setAttribute("aria-label", t("discard {tile}", { tile: glyph(name) + " " + name }));
        b.onclick = () => act(discards.get(name));
        b.classList.add("can-discard");
      } else {
        b.disabled = true;
        b.setAttribute("aria-label", glyph(name) + " " + name);
      }
      return b;
    };
    const r = el("div", "tiles hand-row");
    hand.forEach((n, i) => r.appendChild(make(n, i)));
    if (!pass && discards.size) box.appendChild(el("p", "hint", t("Your turn: click a tile to discard it.")));
    box.appendChild(r);
    if (v.drawn) {
      const d = el("div", "tiles drawn");
      d.appendChild(make(v.drawn, hand.length, "drawn-tile"));
      d.title = t("the tile you drew");
      box.appendChild(d);
    }
  }
  function renderActions() {
    const box = $("actions");
    box.replaceChildren();
    if (!state || mySeat < 0) return;
    const acts = state.actions || [];
    const pass = passEntry();
    for (const a of acts) {
      if (a.kind === "discard" || a === pass) continue;
      const b = el("button", "act act-" + a.kind + (a.false ? " act-false" : ""), a.label);
      b.onclick = () => {
        if (a.false && !confirm(a.label + "?")) return;
        const x = Object.assign({}, a); delete x.false; act(x);
      };
      box.appendChild(b);
    }
    if (pass) {
      const hand = parseTiles(state.view.concealed);
      const wrap = el("div", "pass-box");
      const need = pass.count - blind;
      wrap.appendChild(el("span", "", tn("Choose {n} tile to pass ({chosen} chosen)", "Choose {n} tiles to pass ({chosen} chosen)", need, { chosen: selected.size })));
      if (pass.blind_max > 0) {
        const sel = document.createElement("select");
        sel.setAttribute("aria-label", t("tiles passed blind"));
        for (let i = 0; i <= pass.blind_max; i++) {
          const o = el("option", "", i === 0 ? t("no blind pass") : t("+{n} blind (passed on unseen)", { n: i }));
          o.value = String(i); if (i === blind) o.selected = true; sel.appendChild(o);
        }
        sel.onchange = () => { blind = Number(sel.value); renderActions(); };
        wrap.appendChild(sel);
      }
      const b = el("button", "act act-pass-tiles", pass.label);
      b.disabled = selected.size !== need;
      b.onclick = () => {
        const tiles = [...selected].sort((x, y) => x - y).map((i) => hand[i]).join("");
        const action = { kind: pass.kind, tiles: tiles };
        if (blind) action.number = blind;
        selected = new Set(); blind = 0;
        act(action);
      };
      wrap.appendChild(b);
      box.appendChild(wrap);
    }
    if (!acts.length && state.view.phase !== "game_over") box.appendChild(el("span", "idle", t("waiting for the others…")));
  }
  function renderResult() {
    const box = $("result");
    const h = state.last_hand;
    const end = state.game_end;
    const key = JSON.stringify(h) + (end ? "end" : "");
    // issue 46: a hand's result is shown while the finished hand is (final_hands), and
    // gone once the next hand starts
    if (!h && !end || dismissed === key || (!end && !state.final_hands)) { box.hidden = true; return; }
    box.hidden = false;
    box.replaceChildren();
    const names = state.names;
    if (h) {
      const r = h.result;
      const outcome = r.reason === "mahjong" ? t("{name} wins", { name: names[r.winner] }) :
        r.reason === "draw" ? t("a drawn hand (the wall is exhausted)") : t("false Mahjong");
      box.appendChild(el("h2", "", t("Hand {number}: {outcome}", { number: r.hand_number + 1, outcome: outcome })));
      if (r.reason === "mahjong") {
        const self = r.discarder === null || r.discarder === undefined;
        const vals = { name: self ? "" : names[r.discarder], tile: h.win_tile };
        const p = el("p", "", self ? (h.win_tile ? t("Won self-drawn with {tile}", vals) : t("Won self-drawn"))
          : (h.win_tile ? t("Won on {name}'s tile with {tile}", vals) : t("Won on {name}'s tile", vals)));
        box.appendChild(p);
        const hand = el("div", "tiles winning");
        for (const g of parseGroups(h.revealed_hand)) {
          if (g.kind === "hand") hand.appendChild(row(g.tiles, "small"));
          else hand.appendChild(meldRow((g.kind === "exposed" ? "[" : "(") + g.tiles.join("") + (g.kind === "exposed" ? "]" : ")"), "small"));
        }
        box.appendChild(hand);
      }
      if (r.score && r.score.valid) {
        const s = r.score;
        const unit = s.points !== undefined ? "points" : "fan";
        const items = el("table", "items");
        items.appendChild(tr([t("scoring item"), unit === "points" ? t("points") : "fan"], "th"));
        for (const it of s.items) items.appendChild(tr([word(it.name), String(it[unit] !== undefined ? it[unit] : it.fan)]));
        if (!s.items.length) items.appendChild(tr([t("no scoring item (a chicken hand)"), "0"]));
        let total = s.limit ? t("total ({limit})", { limit: word(s.limit) }) : t("total");
        if (s.base) total += t(", base {n} points", { n: s.base });
        items.appendChild(tr([total, String(s[unit])], "th"));
        box.appendChild(items);
        if (s.line) {
          const key = s.line.key ? MTBoard.cardLabel(s.line.key) : JSON.stringify(s.line);
          box.appendChild(el("p", "", s.jokerless ? t("Card line: {line} (jokerless)", { line: key }) : t("Card line: {line}", { line: key })));
        }
      }
      const pay = el("table", "payments");
      pay.appendChild(tr([t("player"), t("payment"), t("total")], "th"));
      r.payments.forEach((x, i) => pay.appendChild(tr([names[i], (x > 0 ? "+" : "") + x, String(h.scores[i])])));
      box.appendChild(pay);
    }
    if (end) {
      box.appendChild(el("h2", "", t("Final standings")));
      const ol = el("ol", "standings");
      for (const p of end.standings) ol.appendChild(el("li", "", names[p] + ": " + end.scores[p]));
      box.appendChild(ol);
      const a = el("a", "record", t("Download the record (mahjong-table replay checks it)"));
      a.href = "/record/" + token;
      box.appendChild(a);
      // issue 43: every decision of this seat (a watcher's: seat 0's) against the judgement
      const rv = el("a", "review", t("Review my play: every decision against the judgement"));
      rv.href = "/review/" + token + (mySeat < 0 ? "?seat=0" : "");
      box.appendChild(document.createTextNode(" "));
      box.appendChild(rv);
    }
    const b = el("button", "act close", end ? t("Close") : t("Continue"));
    b.onclick = () => { dismissed = key; renderResult(); };
    box.appendChild(b);
  }
  function tr(cells, kind) {
    const r = document.createElement("tr");
    for (const c of cells) r.appendChild(el(kind || "td", "", c));
    return r;
  }
  function describe(e) {
    const n = (p) => (p === undefined || p === null ? "" : state.names[p]);
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
      case "charleston_stage": return t("Charleston: {stage}", { stage: tc("stage", e.stage.replace(/_/g, " ")) });
      case "charleston_pass": return t("Tiles are passed");
      case "passed": return t("You passed {tiles}", { tiles: e.tiles || "" });
      case "received": return t("You received {tiles}", { tiles: e.tiles || "" });
      case "joker_exchange": return t("{name} exchanges {tile} for a joker", { name: n(e.player), tile: e.tile });
      case "dead_hand": return t("{name}'s hand is dead", { name: n(e.player) });
      case "play_start": return t("Play begins");
      case "respond": return t("You answered: {answer}", { answer: tc("action", e.action) });
      default: return null;
    }
  }
  function renderLog() {
    const ol = $("log");
    ol.replaceChildren();
    for (const e of state.events) {
      const t = describe(e);
      if (t) ol.appendChild(el("li", "", t));
    }
  }
  // ----- the room: nickname, clock, away, ready, final hands, play again, chat, history -
  let clockAt = 0;
  let clockTimer = null;
  function setupRoom() {
    const room = $("room");
    room.prepend($("result")); // the end-of-hand panel sits at the side, not on the table
    if (mySeat >= 0) {
      const f = el("form", "nick-form");
      f.id = "nick-form";
      const i = el("input"); i.id = "nick"; i.placeholder = t("your nickname"); // checked on send, said if too long
      i.setAttribute("aria-label", t("your nickname"));
      f.appendChild(i);
      f.appendChild(el("button", "", t("Set nickname")));
      f.onsubmit = (ev) => {
        ev.preventDefault();
        const name = i.value.trim();
        if (!name || name.length > 24) { flash(t("nickname: 1 to 24 characters")); return; }
        send({ type: "nick", name: name });
      };
      $("me-box").appendChild(f);
    }
    $("chat-form").onsubmit = (ev) => {
      ev.preventDefault();
      const box = $("chat-text"); // (not "t": that is the page's words)
      const text = box.value.trim();
      // a message too long stays in the field, to be shortened (issue 46)
      if (!text || text.length > 200) { flash(t("chat message: 1 to 200 characters")); return; }
      send({ type: "chat", text: text });
      lastChat = text;
      box.value = "";
      chatLeft();
    };
    $("chat-text").addEventListener("input", chatLeft);
    chatLeft();
  }
  function renderPause() { // issue 46: the host's pause (the server says who may)
    const box = $("pause-box");
    if (!box) return;
    box.replaceChildren();
    if (state.paused) box.appendChild(el("p", "paused", t("The game is paused.")));
    if (mySeat >= 0 && !state.game_end) {
      box.appendChild(button(state.paused ? "resume-btn" : "pause-btn", state.paused ? t("Resume") : t("Pause"),
        () => send({ type: state.paused ? "resume" : "pause" })));
    }
  }
  function chatLeft() { // issue 46: the characters left, counted as the server counts them
    const left = 200 - $("chat-text").value.trim().length;
    const out = $("chat-left");
    if (!out) return;
    out.textContent = left >= 0 ? tn("{n} character left", "{n} characters left", left)
      : tn("{n} character too many", "{n} characters too many", -left);
    out.classList.toggle("over", left < 0);
  }
  function addChat(messages) {
    const ol = $("chat-log");
    for (const m of messages) {
      const li = el("li", "chat-msg");
      // text, never markup; a spectator's name is a word of the page's language
      li.appendChild(el("b", "", (m.seat === -1 ? t("spectator") : m.name) + ": "));
      li.appendChild(document.createTextNode(m.text));
      ol.appendChild(li);
    }
    while (ol.children.length > 100) ol.firstChild.remove();
    ol.scrollTop = ol.scrollHeight;
  }
  function button(id, text, onclick) {
    const b = el("button", "act", text); b.id = id; b.onclick = onclick; return b;
  }
  function updateClock() {
    const c = $("clock");
    const k = state && state.clock;
    if (!k) { c.hidden = true; if (clockTimer) { clearInterval(clockTimer); clockTimer = null; } return; }
    // (a paused game's clock stands still: the state's time left is where it stopped)
    const left = Math.max(0, k.left - (state.paused ? 0 : (performance.now() - clockAt) / 1000));
    c.hidden = false;
    c.textContent = t("your clock: {seconds} s", { seconds: left.toFixed(0) });
    c.classList.toggle("low", left < 5);
    if (!clockTimer) clockTimer = setInterval(updateClock, 250);
  }
  function renderRoom() {
    updateClock();
    // a spectator writes in the chat only where the room allows it: no box otherwise
    const readOnly = mySeat < 0 && !(state.settings && state.settings.spectator_chat);
    $("chat-form").hidden = readOnly;
    const names = state.names;
    // the header names the game being played (Play again may have changed the rule set)
    const room0 = state.room || {};
    const current = (room0.games || []).find((g) => g.no === room0.game_no);
    if (current && $("rules-title")) $("rules-title").textContent = t(current.rules);
    const away = $("away-box");
    away.replaceChildren();
    (state.away || []).forEach((a, s) => {
      if (!a) return;
      if (s === mySeat) {
        away.appendChild(el("p", "away-me", t("You are away: a bot plays your seat.")));
        away.appendChild(button("take-back", t("Take my seat back"), () => send({ type: "back" })));
      } else away.appendChild(el("p", "away-other", t("{name} is away (a bot plays the seat)", { name: names[s] })));
    });
    const ready = $("ready-box");
    ready.replaceChildren();
    if (state.ready) {
      const left = state.ready_left === null ? 0 : state.ready_left;
      ready.appendChild(el("p", "", t("The hand is over. The next starts when everyone is ready, or in {seconds} s. Ready: {who}",
        { seconds: left.toFixed(0), who: state.ready.ready.map((s) => names[s]).join(", ") || t("nobody yet") })));
      if (mySeat >= 0 && state.ready.need.includes(mySeat) && !state.ready.ready.includes(mySeat))
        ready.appendChild(button("ready-btn", t("Ready"), () => send({ type: "ready" })));
    }
    if (state.final_hands) {
      const box = el("div", "final-hands");
      box.id = "final-hands";
      box.appendChild(el("h3", "", t("Every hand, face up")));
      for (const h of state.final_hands) {
        const line = el("div", "final-hand");
        line.appendChild(el("span", "name", names[h.seat]));
        line.appendChild(row(parseTiles(h.concealed), "small"));
        for (const m of h.melds) line.appendChild(meldRow(m, "small"));
        box.appendChild(line);
      }
      ready.appendChild(box);
    }
    const again = $("again-box");
    again.replaceChildren();
    const room = state.room || {};
    if (state.game_end && mySeat >= 0 && room.rule_sets) {
      const f = el("div", "again");
      const rs = document.createElement("select"); rs.id = "again-rules"; rs.setAttribute("aria-label", t("rule set"));
      for (const r of room.rule_sets) { const o = el("option", "", tc("rule set", r)); o.value = r; if (r === room.rules) o.selected = true; rs.appendChild(o); }
      const hands = el("input"); hands.id = "again-hands"; hands.placeholder = t("whole game"); hands.size = 6;
      hands.setAttribute("aria-label", t("hands")); hands.value = room.max_hands === null ? "" : String(room.max_hands);
      const labelled = (text, control) => { const l = el("label", "again-field", text + " "); l.appendChild(control); return l; };
      f.appendChild(el("div", "again-title", t("The next game")));
      f.appendChild(labelled(t("Rule set"), rs));
      f.appendChild(labelled(t("Hands (empty: the whole game)"), hands));
      const kinds = [];
      for (let s = 0; s < 4; s++) {
        const k = document.createElement("select"); k.setAttribute("aria-label", t("seat {number}", { number: s + 1 }));
        for (const b of ["human", ...room.bots]) {
          const person = state.kinds[s] === "human" ? t("{name} (a person)", { name: names[s] }) : t("a person");
          const o = el("option", "", b === "human" ? person : t("{name} bot", { name: tc("bot", b) })); o.value = b;
          if (b === state.kinds[s]) o.selected = true; k.appendChild(o);
        }
        kinds.push(k); f.appendChild(labelled(t("Seat {number}", { number: s + 1 }), k));
      }
      // the chosen rule set's options, as the lobby offers them (kept for the same rules)
      const opts = el("div", "again-options");
      const optionSelects = {};
      const showOptions = () => {
        opts.replaceChildren(el("span", "", t("Options of the rule set:")));
        for (const k of Object.keys(optionSelects)) delete optionSelects[k];
        for (const o of (room.option_choices || {})[rs.value] || []) {
          const label = el("label", "", tc("option", o.name) + " ");
          label.title = t(o.help);
          const sel = document.createElement("select");
          sel.setAttribute("aria-label", t("option {name}", { name: tc("option", o.name) }));
          const current = rs.value === room.rules && room.options && o.name in room.options
            ? room.options[o.name] : o.default;
          for (const c of o.choices) { const x = el("option", "", /^[0-9]+$/.test(c) ? c : tc("option value", c)); x.value = c; if (c === current) x.selected = true; sel.appendChild(x); }
          optionSelects[o.name] = sel; label.appendChild(sel); opts.appendChild(label);
        }
      };
      rs.onchange = showOptions;
      showOptions();
      f.appendChild(opts);
      f.appendChild(button("play-again", t("Play again"), () => {
        const h = hands.value.trim();
        if (h && !/^[0-9]+$/.test(h)) { flash(t("hands: a whole number, or empty")); return; }
        const options = {};
        for (const [name, sel] of Object.entries(optionSelects)) options[name] = sel.value;
        send({ type: "new_game", rules: rs.value, max_hands: h ? Number(h) : null, seats: kinds.map((k) => k.value), options });
      }));
      again.appendChild(f);
    }
    const hist = $("history-list");
    hist.replaceChildren();
    for (const g of room.games || []) {
      const li = el("li", "", t("Game {number}, {rules}: {result}", { number: g.no + 1, rules: t(g.rules), result: g.finished && g.scores
        ? g.standings.map((p) => g.names[p] + " " + g.scores[p]).join(", ") : t("being played") }) + " ");
      if (g.finished) { const a = el("a", "record", t("record")); a.href = "/record/" + token + "?game=" + g.no; li.appendChild(a);
        const rv = el("a", "review", t("review")); rv.href = "/review/" + token + "?game=" + g.no + (mySeat < 0 ? "&seat=0" : "");
        li.appendChild(document.createTextNode(" ")); li.appendChild(rv); }
      hist.appendChild(li);
    }
  }
  setupRoom();
  connect();
})();
