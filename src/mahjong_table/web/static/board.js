// mahjong-table: the table drawn as a table (issue 18 items 4 and 6). Vanilla JS, no build.
// table.js calls MTBoard.seat() and MTBoard.centre() from its renderSeat/renderCentre with its
// own helpers; the state message's `board` field (web/board.py) holds what a view does not:
// the ponds in order with claimed tiles kept and marked, the seat each meld's claimed tile
// came from, the Charleston's outcomes, and for American play the card lines nearest the hand.
// This file also owns the alerts (a beep and the tab title, both switchable, remembered in
// localStorage), the keyboard (arrows, Enter, Esc/p, 1-9, h) and the American card panel.
"use strict";
(function () {
  // ----- words: the page's language --------------------------------------------------
  // The server puts this page's words in its language in <script id="mt-words"> (built
  // from web/jstext.py, whose messages are the catalogue's): English text is the key, so a
  // page without it (or a word it lacks) shows the English. Plural forms are keyed
  // "one\u0000many" -> [one, many]; words with a context "context\u0004word".
  const WORDS = (() => {
    try { return JSON.parse(document.getElementById("mt-words").textContent) || {}; } catch (e) { return {}; }
  })();
  function fill(s, vals) {
    return vals ? s.replace(/\{(\w+)\}/g, (m, k) => (k in vals ? String(vals[k]) : m)) : s;
  }
  function t(msg, vals) { const s = WORDS[msg]; return fill(typeof s === "string" ? s : msg, vals); }
  function tn(one, many, n, vals) {
    const f = WORDS[one + "\u0000" + many];
    const s = Array.isArray(f) ? f[n === 1 ? 0 : 1] : (n === 1 ? one : many);
    return fill(s, Object.assign({ n: n }, vals || {}));
  }
  function tc(ctx, msg, vals) { const s = WORDS[ctx + "\u0004" + msg]; return fill(typeof s === "string" ? s : msg, vals); }
  window.MTText = { t: t, tn: tn, tc: tc };
  const WINDS = { E: t("East"), S: t("South"), W: t("West"), N: t("North") };
  const ARROWS = { bottom: "↓", right: "→", top: "↑", left: "←" };
  const store = (() => { try { return window.localStorage; } catch (e) { return null; } })();
  const baseTitle = document.title;
  const prefs = {
    sound: !(store && store.getItem("mahjong-table.sound") === "off"),
    title: !(store && store.getItem("mahjong-table.title") === "off"),
  };
  let alertedFor = null; // the decision (offer) already announced
  let audio = null;
  let keyboard = false; // the last interaction was the keyboard: keep a focus on the hand
  let focusIndex = 0;
  let card = null; // the card served for this table (American), once fetched
  let cardWanted = false;
  let lastState = null;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
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
  function place(p, mySeat) {
    const base = mySeat < 0 ? 0 : mySeat;
    return ["bottom", "right", "top", "left"][(p - base + 4) % 4];
  }
  function windOf(v, p) {
    const s = v.seats[p];
    return s ? s.wind : "?";
  }

  // ----- one seat ---------------------------------------------------------------------
  // box: the seat's section; s: its seat view; v: the view; state: the state message;
  // ctx: {mySeat, tile(name, cls)} from table.js
  function seat(box, s, v, state, ctx) {
    const where = place(s.player, ctx.mySeat);
    const board = state.board || {};
    box.replaceChildren();
    for (const c of Array.from(box.classList)) if (c.startsWith("place-")) box.classList.remove(c);
    box.classList.add("seat", "place-" + where);
    box.classList.toggle("me", s.player === ctx.mySeat);
    const onTurn = v.current === s.player && v.phase === "turn";
    box.classList.toggle("turn", onTurn);
    box.classList.toggle("dead", !!s.dead);
    box.setAttribute("aria-label", t("{wind}: {name}", { wind: WINDS[s.wind], name: s.name }));

    const info = el("div", "seat-info");
    const head = el("div", "seat-head");
    const wind = el("span", "wind wind-" + s.wind, tc("wind letter", s.wind));
    wind.title = t("{wind} wind", { wind: WINDS[s.wind] });
    head.appendChild(wind);
    // (a replay is watched from a seat: the seat is not "you")
    head.appendChild(el("span", "name", s.player === ctx.mySeat && !ctx.replay ? t("{name} (you)", { name: s.name }) : s.name));
    if (s.player === v.dealer) head.appendChild(el("span", "badge dealer", t("dealer")));
    if (onTurn) head.appendChild(el("span", "badge turn", t("to act")));
    if (s.dead) head.appendChild(el("span", "badge deadb", t("dead hand")));
    const count = el("span", "count", tn("{n} tile", "{n} tiles", s.concealed_count));
    count.title = t("tiles in hand (concealed)");
    head.appendChild(count);
    const score = el("span", "score", String(s.score));
    score.title = t("score");
    head.appendChild(score);
    info.appendChild(head);

    const line = el("div", "seat-tiles");
    // issue 46: at a hand's end every hand is turned face up in place, the winning tile
    // marked (final_hands: sent only while a finished hand is shown, and after the game)
    const final = (state.final_hands || []).find((h) => h.seat === s.player);
    if (final && s.player !== ctx.mySeat) {
      const up = el("div", "tiles small face-up final-up");
      up.setAttribute("aria-label", t("the concealed tiles of {name}", { name: s.name }));
      const names = parseTiles(final.concealed);
      const lh = state.last_hand;
      const win = lh && lh.result && lh.result.winner === s.player ? lh.win_tile : null;
      let marked = win ? names.lastIndexOf(win) : -1;
      names.forEach((n, i) => {
        const img = ctx.tile(n, "small");
        if (i === marked) {
          img.classList.add("win-mark");
          img.alt += t(", the winning tile");
          img.title = t("{tile}, the winning tile", { tile: n });
        }
        up.appendChild(img);
      });
      line.appendChild(up);
    } else if (s.player !== ctx.mySeat && s.concealed_count > 0) {
      const backs = el("div", "tiles small back-row");
      for (let i = 0; i < s.concealed_count; i++) backs.appendChild(ctx.tile(null, "small"));
      backs.setAttribute("aria-label", tn("{n} concealed tile", "{n} concealed tiles", s.concealed_count));
      line.appendChild(backs);
    }
    const melds = (board.melds && board.melds[s.player]) ||
      s.melds.map((m) => ({ meld: m, source: null, tile: null }));
    for (const m of melds) line.appendChild(meld(m, s.player, v, ctx));
    if (s.bonus) {
      const b = el("div", "tiles small bonus");
      for (const x of parseTiles(s.bonus)) b.appendChild(ctx.tile(x, "small"));
      b.title = t("bonus tiles");
      line.appendChild(b);
    }
    info.appendChild(line);
    box.appendChild(info);
    box.appendChild(pond(s, v, board, ctx));
  }

  function meld(m, owner, v, ctx) {
    const text = m.meld || "";
    const concealed = text[0] === "(";
    const names = parseTiles(text);
    const div = el("div", "tiles small meld" + (concealed ? " concealed" : ""));
    let turnedAt = -1;
    if (m.source && m.tile && names.includes(m.tile)) {
      names.splice(names.indexOf(m.tile), 1);
      const from = (owner - m.source + 4) % 4;
      const where = place(from, ctx.mySeat);
      turnedAt = where === "left" ? 0 : where === "right" ? names.length : Math.floor(names.length / 2);
      names.splice(turnedAt, 0, m.tile);
      div.title = t("claimed from {wind} ({name})", { wind: WINDS[windOf(v, from)], name: v.seats[from].name });
    }
    names.forEach((n, i) => {
      const faceDown = concealed && names.length === 4 && (i === 0 || i === 3);
      const img = ctx.tile(faceDown ? null : n, "small");
      if (i === turnedAt) {
        const wrap = el("span", "turned");
        img.alt += t(", claimed from {wind}", { wind: WINDS[windOf(v, (owner - m.source + 4) % 4)] });
        wrap.appendChild(img);
        div.appendChild(wrap);
      } else {
        div.appendChild(img);
      }
    });
    return div;
  }

  function pond(s, v, board, ctx) {
    const div = el("div", "pond-grid");
    div.setAttribute("aria-label", t("discards of {name}", { name: s.name }));
    const ponds = board.ponds && board.ponds[s.player];
    const items = ponds || parseTiles(s.discards).map((t) => ({ tile: t, by: null }));
    const last = board.last;
    items.forEach((d, i) => {
      const cell = el("span", "pond-tile");
      const img = ctx.tile(d.tile, "pond");
      cell.appendChild(img);
      if (d.by !== null && d.by !== undefined) {
        const w = windOf(v, d.by);
        cell.classList.add("claimed");
        const mark = el("span", "claim-mark", ARROWS[place(d.by, ctx.mySeat)] + tc("wind letter", w));
        mark.setAttribute("aria-hidden", "true");
        cell.appendChild(mark);
        cell.title = t("{tile}, taken by {wind} ({name})", { tile: d.tile, wind: WINDS[w], name: v.seats[d.by].name });
        img.alt += t(", taken by {wind}", { wind: WINDS[w] });
      } else if (last && last[0] === s.player && last[1] === i) {
        cell.classList.add("last");
        img.classList.add("last");
        cell.title = t("{tile}, the latest discard", { tile: d.tile });
      }
      div.appendChild(cell);
    });
    return div;
  }

  // ----- the centre -------------------------------------------------------------------
  function stacks(n, cls) {
    const out = [];
    for (let i = 0; i < Math.ceil(n / 2); i++) {
      out.push("stk " + cls + (n % 2 === 1 && i === Math.ceil(n / 2) - 1 ? " one" : ""));
    }
    return out;
  }
  function wall(v, board) {
    const per = (board.wall && board.wall.stacks_per_side) || 18;
    const all = stacks(v.dead_wall || 0, "dead").concat(stacks(v.live_wall || 0, "live"));
    const sides = { top: [], right: [], bottom: [], left: [] };
    const order = ["top", "right", "bottom", "left"];
    all.forEach((c, i) => { const side = order[Math.min(3, Math.floor(i / per))]; sides[side].push(c); });
    const ring = el("div", "wall-ring");
    ring.setAttribute("aria-label", v.dead_wall
      ? t("the wall: {live} tiles live, {dead} in the dead wall", { live: v.live_wall, dead: v.dead_wall })
      : t("the wall: {live} tiles live", { live: v.live_wall }));
    for (const side of order) {
      const d = el("div", "wall-side wall-" + side);
      d.setAttribute("aria-hidden", "true");
      const list = side === "bottom" || side === "left" ? sides[side].slice().reverse() : sides[side];
      for (const c of list) d.appendChild(el("span", c));
      ring.appendChild(d);
    }
    return ring;
  }
  function noteText(n, state) {
    const names = state.names;
    if (n.kind === "vote") return n.agreed ? t("Second Charleston: agreed by all") : t("Second Charleston: stopped (not everyone agreed)");
    if (n.kind === "courtesy_agreed") {
      return tn("Courtesy pass: you and {name} agreed on {n} tile", "Courtesy pass: you and {name} agreed on {n} tiles", n.number, { name: names[n.partner] });
    }
    if (n.kind === "courtesy_pass") {
      const parts = Object.keys(n.passes).map((p) => t("{name} gave {n}", { name: names[Number(p)], n: n.passes[p] }));
      return parts.length ? t("Courtesy pass: {passes}", { passes: parts.join(", ") }) : t("Courtesy pass: nobody passed");
    }
    return "";
  }
  // box: #centre-info; ctx: {mySeat, token, tile, send}
  function centre(box, state, ctx) {
    lastState = state;
    const v = state.view;
    const board = state.board || {};
    box.replaceChildren();
    const ring = wall(v, board);
    const inner = el("div", "ring-inner");
    const phaseWords = {
      charleston: state.stage ? t("Charleston: {stage}", { stage: tc("stage", state.stage.name.replace(/_/g, " ")) }) : "Charleston",
      turn: t("{name} to play", { name: state.names[v.current] }), claim: t("claim window"), rob: t("robbing the kong?"),
      game_over: t("game over"), hand_end: t("hand over: Ready for the next"),
    };
    const stats = el("div", "stats");
    const stat = (big, small, title) => {
      const d = el("div"); d.appendChild(el("b", "", big)); d.appendChild(document.createTextNode(small));
      if (title) d.title = title;
      return d;
    };
    if (!board.card) stats.appendChild(stat(tc("wind letter", v.round_wind), t("{wind} round", { wind: WINDS[v.round_wind] || "" }), t("the prevailing wind")));
    stats.appendChild(stat(String(v.live_wall), t("tiles left"), t("tiles in the live wall")));
    if (v.dead_wall) stats.appendChild(stat(String(v.dead_wall), t("dead wall"), t("tiles in the dead wall (replacements)")));
    inner.appendChild(stats);
    inner.appendChild(el("div", "phase", phaseWords[v.phase] || v.phase));
    if (v.phase === "claim" && v.last_discard) {
      const d = el("div", "on-offer");
      d.appendChild(el("span", "", t("{name} discarded", { name: state.names[v.discarder] }) + " "));
      d.appendChild(ctx.tile(v.last_discard, "offer"));
      inner.appendChild(d);
    }
    const notes = el("div", "notes");
    for (const n of board.notes || []) {
      const t = noteText(n, state);
      if (t) notes.appendChild(el("div", "note", t));
    }
    if (notes.childNodes.length) inner.appendChild(notes);
    if (ctx.mySeat >= 0 && v.phase !== "game_over") {
      const hintBtn = el("button", "hint-btn", t("Hint"));
      hintBtn.title = t("a hint (key h)");
      hintBtn.onclick = () => ctx.send({ type: "hint" });
      inner.appendChild(hintBtn);
    }
    if (state.game_end) {
      const a = el("a", "record", t("Download the record"));
      a.href = "/record/" + ctx.token;
      inner.appendChild(a);
    }
    ring.appendChild(inner);
    box.appendChild(ring);
    announce(state, ctx);
    cardPanel(state, ctx);
    if (keyboard) setTimeout(restoreFocus, 0);
  }

  // ----- alerts -----------------------------------------------------------------------
  function beep(kind) {
    MTBoard.beeps += 1;
    try {
      if (!audio) audio = new (window.AudioContext || window.webkitAudioContext)();
      if (audio.state === "suspended") audio.resume();
      const t = audio.currentTime;
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.type = "sine";
      o.frequency.value = kind === "claim" ? 660 : 880;
      g.gain.setValueAtTime(0.0001, t);
      g.gain.exponentialRampToValueAtTime(0.2, t + 0.01);
      g.gain.exponentialRampToValueAtTime(0.0001, t + 0.18);
      o.connect(g); g.connect(audio.destination);
      o.start(t); o.stop(t + 0.2);
    } catch (e) { /* no audio here: the title still tells */ }
  }
  function announce(state, ctx) {
    const mine = ctx.mySeat >= 0 && (state.actions || []).length > 0 && state.offer !== null;
    if (!mine) {
      document.title = baseTitle;
      document.body.classList.remove("my-turn");
      return;
    }
    const claim = state.view.phase === "claim" || state.view.phase === "rob";
    const words = "● " + (claim ? t("Claim?") : state.view.phase === "charleston" ? "Charleston" : t("Your turn")) + " — ";
    document.title = prefs.title ? words + baseTitle : baseTitle;
    document.body.classList.add("my-turn");
    if (alertedFor !== state.offer) {
      alertedFor = state.offer;
      if (prefs.sound) beep(claim ? "claim" : "turn");
    }
  }
  function toggles() {
    const bar = document.getElementById("bar");
    if (!bar || document.getElementById("alert-toggles")) return;
    const box = el("span", "alert-toggles");
    box.id = "alert-toggles";
    const make = (key, label) => {
      const b = el("button", "toggle toggle-" + key);
      const paint = () => {
        b.textContent = label + " " + (prefs[key] ? t("on") : t("off"));
        b.setAttribute("aria-pressed", prefs[key] ? "true" : "false");
      };
      b.onclick = () => {
        prefs[key] = !prefs[key];
        if (store) store.setItem("mahjong-table." + key, prefs[key] ? "on" : "off");
        paint();
        if (key === "title" && lastState) announce(lastState, { mySeat: Number(document.body.dataset.seat) });
      };
      paint();
      return b;
    };
    box.appendChild(make("sound", "♪ " + t("sound")));
    box.appendChild(make("title", "● " + t("title")));
    bar.appendChild(box);
  }

  // ----- keyboard ---------------------------------------------------------------------
  function handButtons() {
    return Array.from(document.querySelectorAll("#hand .tile-btn")).filter((b) => !b.disabled);
  }
  function restoreFocus() {
    const list = handButtons();
    if (!list.length) return;
    const a = document.activeElement;
    if (a && a !== document.body && a.closest && !a.closest("#hand")) return;
    if (a && list.includes(a)) return;
    list[Math.min(focusIndex, list.length - 1)].focus();
  }
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && t.closest && t.closest("input, textarea, select, [contenteditable]")) return;
    const key = e.key;
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const list = handButtons();
      if (!list.length) return;
      keyboard = true;
      let i = list.indexOf(document.activeElement);
      if (i < 0) i = key === "ArrowRight" ? 0 : list.length - 1;
      else i = (i + (key === "ArrowRight" ? 1 : -1) + list.length) % list.length;
      focusIndex = i;
      list[i].focus();
      e.preventDefault();
    } else if (key === "Enter" || key === " ") {
      // discard (or, in a Charleston, select) the focused tile; the hand is redrawn, so the
      // focus is put back on the same place when the tile is still there
      const a = document.activeElement;
      if (a && a.classList && a.classList.contains("tile-btn") && !a.disabled) {
        keyboard = true;
        e.preventDefault();
        const i = Math.max(0, handButtons().indexOf(a));
        focusIndex = i;
        a.click();
        const again = handButtons();
        if (again.length) again[Math.min(i, again.length - 1)].focus();
      }
    } else if (key === "Escape" || key === "p" || key === "P") {
      const pass = document.querySelector("#actions .act-pass");
      if (pass) { keyboard = true; pass.click(); e.preventDefault(); }
    } else if (key >= "1" && key <= "9") {
      const acts = Array.from(document.querySelectorAll("#actions button.act"));
      const b = acts[Number(key) - 1];
      if (b && !b.disabled) { keyboard = true; b.click(); e.preventDefault(); }
    } else if (key === "h" || key === "H") {
      const h = document.querySelector(".hint-btn");
      if (h) h.click();
    }
  }

  // ----- the American card ------------------------------------------------------------
  function patternNode(text) {
    const span = el("span", "pattern");
    for (const word of text.split(/\s+/)) {
      if (!word) continue;
      const suit = /[abc]$/.test(word) ? word.slice(-1) : "";
      span.appendChild(el("span", "grp" + (suit ? " suit-" + suit : ""), suit ? word.slice(0, -1) : word));
      span.appendChild(document.createTextNode(" "));
    }
    return span;
  }
  function cardPanel(state, ctx) {
    const board = state.board || {};
    if (!board.card) return;
    if (!card) {
      if (!cardWanted) {
        cardWanted = true;
        fetch("/card/" + ctx.token).then((r) => (r.ok ? r.json() : null)).then((data) => {
          if (data) { card = data; buildCard(); markCard(lastState); }
        }).catch(() => { cardWanted = false; });
      }
      return;
    }
    markCard(state);
  }
  function buildCard() {
    if (document.getElementById("card-panel")) return;
    const aside = el("aside", "card-panel");
    aside.id = "card-panel";
    aside.setAttribute("aria-label", t("the card"));
    const det = el("details");
    det.open = true;
    det.appendChild(el("summary", "", t("The card: {name}", { name: card.name })));
    det.appendChild(el("div", "nearest"));
    const list = el("div", "card-lines");
    let section = null;
    let ol = null;
    for (const ln of card.lines) {
      if (ln.section !== section) {
        section = ln.section;
        list.appendChild(el("h4", "", section));
        ol = el("ol", "");
        list.appendChild(ol);
      }
      const li = el("li", "card-line");
      li.dataset.key = ln.key;
      li.appendChild(el("span", "num", "#" + ln.number));
      li.appendChild(patternNode(ln.pattern));
      li.appendChild(el("span", "pts", (ln.concealed ? "C " : "X ") + ln.points));
      if (ln.note) li.title = ln.note;
      ol.appendChild(li);
    }
    det.appendChild(list);
    aside.appendChild(det);
    // in the room's side column when the page has one (so chat and the room's controls stay
    // readable below it); else beside the table (fixed) on a wide screen, below on a phone
    const room = document.getElementById("room");
    if (room) {
      aside.classList.add("in-room");
      room.prepend(aside);
    } else {
      document.body.classList.add("with-card");
      document.body.appendChild(aside);
    }
  }
  function markCard(state) {
    const aside = document.getElementById("card-panel");
    if (!aside || !state) return;
    const lines = (state.board && state.board.lines) || [];
    const near = new Map(lines.map((ln, i) => [ln.key, [i, ln]]));
    for (const li of aside.querySelectorAll(".card-line")) {
      const got = near.get(li.dataset.key);
      li.classList.toggle("near", !!got);
      li.classList.toggle("out", !!got && got[1].tiles_away === null);
      const old = li.querySelector(".away");
      if (old) old.remove();
      if (got) li.appendChild(el("span", "away", awayText(got[1])));
    }
    const box = aside.querySelector(".nearest");
    box.replaceChildren();
    if (!lines.length) return;
    box.appendChild(el("h4", "", t("Nearest to your hand")));
    const ol = el("ol", "near-list");
    for (const ln of lines) {
      const li = el("li", "near-line" + (ln.tiles_away === null ? " out" : ""));
      li.appendChild(el("b", "", cardLabel(ln.key) + " "));
      li.appendChild(patternNode(ln.pattern));
      li.appendChild(el("span", "away", awayText(ln)));
      ol.appendChild(li);
    }
    box.appendChild(ol);
  }
  // a card line by its key ("Singles and Pairs #2": data, in English) as the card served to
  // this page names it (its section in the page's language)
  function cardLabel(key) {
    const ln = card && card.lines.find((x) => x.key === key);
    return ln ? ln.section + " #" + ln.number : key;
  }
  function awayText(ln) {
    if (ln.tiles_away === null) return ln.dead ? t("out of reach: {why}", { why: ln.dead }) : t("out of reach");
    if (ln.tiles_away === 0) return t("complete");
    let text = t("{n} away, needs {tiles}", { n: ln.tiles_away, tiles: parseTiles(ln.needs).join(" ") });
    if (ln.jokers_only) text += " " + t("({tiles} only as jokers)", { tiles: parseTiles(ln.jokers_only).join(" ") });
    return text;
  }

  function init() {
    toggles();
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", (e) => {
      if (e.pointerType) keyboard = false;
      if (!audio && prefs.sound) {
        try { audio = new (window.AudioContext || window.webkitAudioContext)(); } catch (err) { audio = null; }
      }
    }, { capture: true });
  }

  const MTBoard = { seat: seat, centre: centre, beeps: 0, prefs: prefs, cardLabel: cardLabel };
  window.MTBoard = MTBoard;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
