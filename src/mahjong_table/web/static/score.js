// mahjong-table: the score calculator's page (issue 47). It keeps the hand being tapped in,
// writes it in the project's notation (the address holds it: a link reopens it) and shows
// what mahjong_table.calculator.calculate answers, which is what `mahjong-table score
// --json` gives. It scores nothing itself: the package's Python does, in a worker
// (Pyodide: score-worker.js) once loaded, and on the server (/score/api) until then.
"use strict";

const config = JSON.parse(document.getElementById("score-config").textContent);
const WORDS = JSON.parse(document.getElementById("score-words").textContent);
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const SEATS = config.seats;
const CARD_KEY = "mahjong-score-card";

function t(message, values = {}) {
  const text = WORDS[message] || message;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}
const tileName = (tile) => WORDS["tile\u0004" + tile] || tile;
const windName = (letter) => WORDS["wind\u0004" + letter] || letter;

// ----- the hand and its notation ---------------------------------------------------------

const state = {
  rules: "hongkong",
  melds: [],       // {kind: chow|pung|kong|ckong|group, tiles: ["5p", ...]}
  concealed: [],   // in the order tapped: the last is the winning tile unless one is chosen
  bonus: [],       // Hong Kong and MCR flowers and seasons
  win: "",         // a winning tile chosen, "" for the last concealed tile
  from: "",        // "self" or the discarder's seat; "" for the player before the winner
  seat: "E",
  round: "E",
  extras: new Set(),
  raw: null,       // a hand typed or linked that is not plain notation: sent as written
};
let mode = "hand";
let openGroup = -1;  // the American exposure being tapped in (an index of state.melds)
let tab = "m";

const SUITS = "mpszfgj";
const suitOf = (tile) => tile[tile.length - 1];
const rankOf = (tile) => Number(tile.slice(0, -1));

function formatTiles(tiles) {
  // "234s567p": digits of one suit run together, in the order given
  let out = "";
  let run = "";
  let suit = "";
  for (const tile of tiles) {
    if (suitOf(tile) !== suit && run) { out += run + suit; run = ""; }
    suit = suitOf(tile);
    run += tile.slice(0, -1);
  }
  return run ? out + run + suit : out;
}

function parseTiles(text) {
  // "234s1j" -> ["2s", "3s", "4s", "1j"]; null when it is not plain notation
  const out = [];
  const re = /(\d+)([mpszfgj])/y;
  let m;
  re.lastIndex = 0;
  while (re.lastIndex < text.length && (m = re.exec(text)) !== null) {
    for (const digit of m[1]) out.push(digit + m[2]);
  }
  return re.lastIndex === text.length || text.length === 0 ? out : null;
}

function meldKind(tiles, bracket) {
  if (bracket === "(") return "ckong";
  const same = tiles.every((x) => x === tiles[0]);
  if (same && tiles.length === 3) return "pung";
  if (same && tiles.length === 4) return "kong";
  if (tiles.length === 3 && tiles.every((x) => suitOf(x) === suitOf(tiles[0]) && "mps".includes(suitOf(x)))
      && rankOf(tiles[1]) === rankOf(tiles[0]) + 1 && rankOf(tiles[2]) === rankOf(tiles[0]) + 2) return "chow";
  return "group";
}

function handText() {
  if (state.raw !== null) return state.raw;
  const parts = state.melds.filter((m) => m.tiles.length).map((m) =>
    (m.kind === "ckong" ? "(" : "[") + formatTiles(m.tiles) + (m.kind === "ckong" ? ")" : "]"));
  if (state.concealed.length) parts.push(formatTiles(state.concealed));
  return parts.join(" ");
}

function readHand(text) {
  // the hand written in notation into groups; anything else is kept as written
  state.melds = [];
  state.concealed = [];
  state.raw = null;
  openGroup = -1;
  const tokens = text.match(/\[[^\]]*\]|\([^)]*\)|[^\[\]()\s]+/g) || [];
  const rest = text.replace(/\[[^\]]*\]|\([^)]*\)|[^\[\]()\s]+/g, "").trim();
  for (const token of tokens) {
    const bracket = token[0];
    const inner = "[(".includes(bracket) ? token.slice(1, -1) : token;
    const tiles = parseTiles(inner);
    if (tiles === null || rest) { state.melds = []; state.concealed = []; state.raw = text; return; }
    if ("[(".includes(bracket)) state.melds.push({ kind: meldKind(tiles, bracket), tiles });
    else state.concealed.push(...tiles);
  }
}

function allTiles() {
  return [...state.melds.flatMap((m) => m.tiles), ...state.concealed, ...state.bonus];
}

function maxCopies(tile) {
  const s = suitOf(tile);
  if (state.rules === "american" && (s === "f" || s === "j")) return 8;
  if (s === "f" || s === "g") return 1;
  return 4;
}

function countOf(tile) {
  return allTiles().filter((x) => x === tile).length;
}

function previousSeat(seat) {
  return SEATS[(SEATS.indexOf(seat) + 3) % 4];
}

function effectiveFrom() {
  return state.from || previousSeat(state.seat);
}

function fields() {
  const f = { rules: state.rules, hand: handText(), seat: state.seat };
  if (state.win) f.win = state.win;
  const joker = state.extras.has("joker-exchange");
  if (!joker || state.from === "self") f.from = effectiveFrom();
  if (state.rules !== "american") {
    f.round = state.round;
    if (state.bonus.length) f.bonus = formatTiles(state.bonus);
  }
  const extras = (config.extras[state.rules] || []).filter((e) => state.extras.has(e));
  if (extras.length) f.extra = extras.join(",");
  return f;
}

function readAddress() {
  const q = new URLSearchParams(location.search);
  const rules = q.get("rules");
  state.rules = config.rules.includes(rules) ? rules : "hongkong";
  readHand(q.get("hand") || "");
  state.bonus = parseTiles(q.get("bonus") || "") || [];
  state.win = q.get("win") || "";
  const from = q.get("from") || "";
  state.from = from === "self" || SEATS.includes(from) ? from : "";
  state.seat = SEATS.includes(q.get("seat")) ? q.get("seat") : "E";
  state.round = SEATS.includes(q.get("round")) ? q.get("round") : "E";
  state.extras = new Set((q.get("extra") || "").split(",").filter(Boolean));
}

function address() {
  const q = new URLSearchParams(fields());
  return "/score?" + q.toString();
}

// ----- taps ------------------------------------------------------------------------------

function note(text) {
  $("#tap-note").textContent = text || "";
}

function tap(tile) {
  note("");
  const s = suitOf(tile);
  if (state.rules !== "american" && (s === "f" || s === "g")) {
    if (countOf(tile) >= 1) return note(t("No more {tile}: the tile set holds {n}", { tile: tileName(tile), n: maxCopies(tile) }));
    remember();
    state.bonus.push(tile);
    return changed();
  }
  if (state.raw !== null) { remember(); state.raw = (state.raw + " " + tile).trim(); return changed(); }
  let add;
  if (mode === "chow") {
    const r = rankOf(tile);
    if (!"mps".includes(s) || r > 7) return note(t("A chow starts at 1 to 7 of a suit"));
    add = [tile, `${r + 1}${s}`, `${r + 2}${s}`];
  } else if (mode === "pung") add = [tile, tile, tile];
  else if (mode === "kong" || mode === "ckong") add = [tile, tile, tile, tile];
  else add = [tile];
  for (const x of new Set(add)) {
    const need = add.filter((y) => y === x).length;
    if (countOf(x) + need > maxCopies(x)) {
      return note(t("No more {tile}: the tile set holds {n}", { tile: tileName(x), n: maxCopies(x) }));
    }
  }
  remember();
  if (mode === "hand") state.concealed.push(tile);
  else if (mode === "group") {
    if (openGroup < 0 || !state.melds[openGroup]) {
      state.melds.push({ kind: "group", tiles: [] });
      openGroup = state.melds.length - 1;
    }
    state.melds[openGroup].tiles.push(tile);
  } else state.melds.push({ kind: mode, tiles: add });
  changed();
}

function removeConcealed(i) {
  remember();
  const [gone] = state.concealed.splice(i, 1);
  if (gone === state.win && !state.concealed.includes(gone)) state.win = "";
  changed();
}

function removeMeld(i) {
  remember();
  state.melds.splice(i, 1);
  if (openGroup === i) openGroup = -1;
  else if (openGroup > i) openGroup -= 1;
  changed();
}

const past = [];  // the hand before each change, for Undo

function remember() {
  past.push(JSON.stringify({ melds: state.melds, concealed: state.concealed, bonus: state.bonus,
    win: state.win, raw: state.raw, openGroup }));
  if (past.length > 200) past.shift();
}

function undo() {
  const last = past.pop();
  if (last === undefined) return;
  const got = JSON.parse(last);
  Object.assign(state, { melds: got.melds, concealed: got.concealed, bonus: got.bonus, win: got.win, raw: got.raw });
  openGroup = got.openGroup;
  changed();
}

// ----- drawing ---------------------------------------------------------------------------

function tileImg(tile, cls = "") {
  const img = document.createElement("img");
  img.src = `/tile/${tile}.svg`;
  img.alt = "";
  img.className = "tile " + cls;
  return img;
}

function tileButton(tile, label, onclick, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "htile " + cls;
  b.setAttribute("aria-label", label);
  b.title = label;
  b.dataset.tile = tile;
  b.append(tileImg(tile));
  b.addEventListener("click", onclick);
  return b;
}

function drawHand() {
  const box = $("#groups");
  box.replaceChildren();
  if (state.raw !== null) {
    const code = document.createElement("code");
    code.className = "raw";
    code.textContent = state.raw;
    box.append(code);
  }
  state.melds.forEach((m, i) => {
    const g = document.createElement("button");
    g.type = "button";
    g.className = "meld " + m.kind + (i === openGroup && mode === "group" ? " open" : "");
    const written = (m.kind === "ckong" ? "(" : "[") + formatTiles(m.tiles) + (m.kind === "ckong" ? ")" : "]");
    const kind = m.kind === "ckong" ? t("concealed kong") : t("exposed");
    g.setAttribute("aria-label", t("Remove {group}", { group: `${kind} ${m.tiles.map(tileName).join(", ")}` }));
    g.title = written;
    g.dataset.group = written;
    m.tiles.forEach((x, k) => g.append(tileImg(m.kind === "ckong" && (k === 0 || k === 3) ? "back" : x)));
    g.addEventListener("click", () => removeMeld(i));
    box.append(g);
  });
  if (state.concealed.length) {
    const row = document.createElement("div");
    row.className = "concealed";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", t("Concealed"));
    const win = winningTile();
    let marked = false;
    for (let i = state.concealed.length - 1; i >= 0; i--) {
      const x = state.concealed[i];
      const isWin = !marked && x === win;
      if (isWin) marked = true;
      const name = isWin ? t("{tile}, the winning tile", { tile: tileName(x) }) : tileName(x);
      row.prepend(tileButton(x, t("Remove {tile}", { tile: name }), () => removeConcealed(i),
        isWin ? "win" : ""));
    }
    box.append(row);
  }
  if (state.bonus.length) {
    const row = document.createElement("div");
    row.className = "bonus";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", t("Bonus tiles"));
    state.bonus.forEach((x, i) => row.append(tileButton(x, t("Remove {tile}", { tile: tileName(x) }), () => {
      remember();
      state.bonus.splice(i, 1);
      changed();
    })));
    box.append(row);
  }
  if (!box.children.length) {
    const p = document.createElement("p");
    p.className = "note";
    p.textContent = t("No tiles yet: tap the tiles of the hand.");
    box.append(p);
  }
  $("#notation").value = handText();
}

function winningTile() {
  if (state.win) return state.win;
  if (state.extras.has("joker-exchange")) return "1j";
  return state.concealed[state.concealed.length - 1] || "";
}

function drawWinChoices() {
  const sel = $("#win-tile");
  const choices = [...new Set(state.concealed)];
  if (state.win && !choices.includes(state.win)) choices.push(state.win);
  sel.replaceChildren();
  const auto = document.createElement("option");
  auto.value = "";
  const last = state.concealed[state.concealed.length - 1];
  auto.textContent = t("the last tile added") + (last ? ` (${tileName(last)})` : "");
  sel.append(auto);
  for (const x of choices) {
    const o = document.createElement("option");
    o.value = x;
    o.textContent = `${tileName(x)} (${x})`;
    sel.append(o);
  }
  sel.value = state.win;
}

function press(group, value) {
  for (const b of $$(`[data-group="${group}"] .opt`)) {
    b.setAttribute("aria-pressed", String(b.dataset.value === value));
  }
}

function showForRules() {
  for (const el of $$("[data-rules]")) {
    const on = el.dataset.rules.split(" ").includes(state.rules);
    if (el.getAttribute("role") === "tabpanel") continue;
    el.hidden = !on;
  }
  const modes = $$('#modes .opt').filter((b) => !b.hidden).map((b) => b.dataset.value);
  if (!modes.includes(mode)) mode = "hand";
  const tabs = $$('.tab').filter((b) => !b.hidden).map((b) => b.dataset.tab);
  if (!tabs.includes(tab)) tab = tabs[0];
  for (const b of $$(".tab")) {
    const on = b.dataset.tab === tab;
    b.setAttribute("aria-selected", String(on));
    b.tabIndex = on ? 0 : -1;
  }
  for (const p of $$('[role="tabpanel"]')) p.hidden = p.id !== "keys-" + tab;
}

function drawKeys() {
  for (const key of $$(".key")) {
    const tile = key.dataset.tile;
    const full = countOf(tile) >= maxCopies(tile);
    key.disabled = full;
    key.classList.toggle("full", full);
  }
}

function drawForm() {
  press("rules", state.rules);
  press("mode", mode);
  press("seat", state.seat);
  press("round", state.round);
  press("from", effectiveFrom());
  for (const b of $$('[data-group="from"] .opt')) {
    b.disabled = b.dataset.value === state.seat;
  }
  for (const box of $$('input[name="extra"]')) box.checked = state.extras.has(box.value);
  const card = storedCard();
  $("#card-name").textContent = card ? t("Your card: {name}", { name: card.name })
    : t("Practice card (ours, not the League's)");
  $("#card-practice").hidden = !card;
}

function drawLinks() {
  const here = address();
  history.replaceState(null, "", here);
  $("#link").value = location.origin + here;
  for (const a of $$(".lang-switch a[data-lang]")) {
    a.href = here + "&lang=" + a.dataset.lang;
  }
}

function changed() {
  showForRules();
  drawHand();
  drawWinChoices();
  drawKeys();
  drawForm();
  drawLinks();
  recompute();
}

// ----- the result ------------------------------------------------------------------------

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function signed(n) {
  return n > 0 ? "+" + n : String(n);
}

function drawResult(answer) {
  const box = $("#result");
  const summary = $("#summary");
  box.replaceChildren();
  summary.replaceChildren();
  const shown = answer.shown || {};
  const data = answer.json;
  $("#json").textContent = data ? JSON.stringify(data, null, 2) : (answer.error || "");
  $("#command").textContent = answer.command || "";
  box.dataset.exit = String(answer.exit);
  if (answer.exit === 0 && data) {
    const points = "points" in data;
    const total = points ? t("{n} points", { n: data.points }) : t("{n} fan", { n: data.fan });
    const mine = data.payments[state.seat];
    // a limit hand is paid by its limit, not its fan: the line in sight names the limit
    const limitItem = data.limit ? (shown.items || []).find((i) => i.id === data.limit) : null;
    const headline = data.limit ? t("Limit hand") + ": " + (limitItem ? limitItem.name : data.limit) : total;
    summary.append(el("strong", "total", headline), el("span", "base", " · " + t("base {base}", { base: data.base })),
      el("span", "gain", " · " + signed(mine)));
    box.append(el("h2", "", shown.title || ""));
    if (data.limit) box.append(el("p", "limit", headline));
    if (points) {
      box.append(el("p", "line", t("Line") + ": " + (shown.line || "")));
      if (data.jokerless) box.append(el("p", "jokerless", t("jokerless")));
    }
    const head = el("p", "total", total + " · " + t("base {base}", { base: data.base }));
    box.append(head);
    const list = el("ul", "items");
    for (const item of shown.items || []) {
      const li = el("li", "item");
      li.dataset.id = item.id;
      const value = item.id === data.limit ? t("limit") : signed(item.value);
      li.append(el("span", "value", value), el("span", "name", item.name));
      if (item.explanation) li.append(el("span", "why", item.explanation));
      li.append(el("span", "source", item.source));
      list.append(li);
    }
    box.append(list);
    const pay = el("table", "payments");
    pay.append(el("caption", "", t("Payments")));
    const row1 = document.createElement("tr");
    const row2 = document.createElement("tr");
    for (const s of SEATS) {
      const th = el("th", s === state.seat ? "winner" : "", windName(s));
      if (s === state.seat) th.title = t("winner");
      row1.append(th);
      const td = el("td", data.payments[s] > 0 ? "plus" : "minus", signed(data.payments[s]));
      td.dataset.seat = s;
      row2.append(td);
    }
    pay.append(row1, row2);
    box.append(pay);
  } else if (answer.exit === 1) {
    // the line that stays in sight says why too: what is missing, else the reason
    summary.append(el("strong", "refused", t("Not a winning hand")));
    const why = shown.missing || shown.reason;
    if (why) summary.append(el("span", "missing", " · " + why));
    box.append(el("h2", "", t("Not a winning hand")), el("p", "reason", shown.reason || ""));
  } else {
    summary.append(el("strong", "refused", t("Cannot score this hand")));
    const why = shown.problem || answer.error;
    if (why) summary.append(el("span", "missing", " · " + why));
    box.append(el("h2", "", t("Cannot score this hand")), el("p", "reason problem", shown.problem || answer.error || ""));
  }
  if (shown.missing && answer.exit !== 0) box.append(el("p", "missing", shown.missing));
  if (shown.completions && shown.completions.length) {
    box.append(el("p", "label", t("Winning tiles: tap one to add it as the winning tile")));
    const row = el("div", "completions");
    for (const c of shown.completions) {
      const label = t("Add {tile} as the winning tile", { tile: tileName(c.tile) });
      const b = tileButton(c.tile, label, () => { mode = "hand"; state.win = ""; tap(c.tile); });
      b.append(el("span", "value", c.value));
      row.append(b);
    }
    box.append(row);
  }
}

function drawEmpty() {
  $("#summary").replaceChildren(el("span", "note", t("No tiles yet: tap the tiles of the hand.")));
  $("#result").replaceChildren();
  $("#result").dataset.exit = "";
  $("#json").textContent = "";
  $("#command").textContent = "";
}

// ----- who scores: the worker (Pyodide) or the server --------------------------------------

const engine = { status: config.runtime ? "loading" : "absent", worker: null, pending: new Map(), next: 1 };
let seq = 0;
// settled once startWorker has run (whatever came of it): the page may score offline before
let workerStarted;
const whenWorkerStarted = new Promise((resolve) => { workerStarted = resolve; });

function setEngine(status) {
  if (status) engine.status = status;
  document.body.dataset.engineStatus = engine.status;
  const p = $("#engine");
  const last = p.dataset.engine;
  let text;
  if (engine.status === "ready") {
    text = navigator.onLine ? t("Scored in this page: works offline")
      : t("Offline: scored in this page");
  }
  else if (!navigator.onLine) {
    text = engine.status === "loading" ? t("Offline: waiting for the offline scorer to load")
      : t("Offline and the offline scorer is not loaded: reconnect to score");
  } else if (engine.status === "absent") text = t("Offline scoring is not installed on this server: scored by the server");
  else if (engine.status === "failed") text = t("The offline scorer failed to load: scored by the server");
  else text = last === "server" ? t("Scored by the server while the offline scorer loads")
    : t("Loading the offline scorer...");
  p.textContent = text;
}

function startWorker() {
  workerStarted();
  if (!config.runtime || typeof Worker === "undefined") { setEngine("absent"); return; }
  try {
    engine.worker = new Worker(config.worker, { type: "module" });
  } catch (err) {
    setEngine("failed");
    return;
  }
  engine.started = performance.now();
  engine.worker.onmessage = (event) => {
    const msg = event.data;
    if (msg.type === "ready") {
      engine.readyMs = msg.ms;
      document.body.dataset.workerMs = String(Math.round(msg.ms));
      document.body.dataset.workerSteps = JSON.stringify(msg.steps || {});
      setEngine("ready");
      recompute();
    } else if (msg.type === "failed") {
      console.error("offline scorer:", msg.error);
      setEngine("failed");
      for (const [, p] of engine.pending) p.reject(new Error(msg.error));
      engine.pending.clear();
    } else if (msg.type === "result") {
      const p = engine.pending.get(msg.id);
      engine.pending.delete(msg.id);
      if (!p) return;
      if (msg.error) p.reject(new Error(msg.error));
      else p.resolve({ answer: msg.answer, ms: msg.ms });
    }
  };
  engine.worker.onerror = (event) => {
    console.error("offline scorer:", event.message);
    setEngine("failed");
  };
  engine.worker.postMessage({ type: "init", runtime: config.runtime, bundle: config.bundle });
}

async function viaWorker(query) {
  // (offline while the service worker is still being waited for: the worker is not started)
  if (!engine.worker) await whenWorkerStarted;
  if (engine.status === "failed" || engine.status === "absent") throw new Error("the offline scorer is not loaded");
  return new Promise((resolve, reject) => {
    const id = engine.next++;
    engine.pending.set(id, { resolve, reject });
    engine.worker.postMessage({ type: "score", id, query });
  });
}

async function viaServer(query) {
  const start = performance.now();
  const got = await fetch(config.api, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(query),
  });
  if (!got.ok) throw new Error("HTTP " + got.status);
  return { answer: await got.json(), ms: performance.now() - start };
}

async function compute(query) {
  if (engine.status === "ready") return { ...(await viaWorker(query)), where: "page" };
  if (navigator.onLine || engine.status !== "loading") {
    try {
      return { ...(await viaServer(query)), where: "server" };
    } catch (err) {
      if (engine.status !== "loading") throw err;
    }
  }
  // offline before the worker is up: it scores as soon as it is
  return { ...(await viaWorker(query)), where: "page" };
}

function query() {
  const card = state.rules === "american" ? storedCard() : null;
  return { fields: fields(), card, lang: config.lang };
}

async function recompute() {
  const mine = ++seq;
  if (!handText() && !state.bonus.length) {
    document.body.dataset.busy = "0";
    drawEmpty();
    return;
  }
  document.body.dataset.busy = "1";
  const q = query();
  try {
    const got = await compute(q);
    if (mine !== seq) return;
    const p = $("#engine");
    p.dataset.engine = got.where;
    p.dataset.ms = String(Math.round(got.ms * 10) / 10);
    setEngine();
    $("#result").dataset.hand = q.fields.hand;
    drawResult(got.answer);
  } catch (err) {
    if (mine !== seq) return;
    setEngine();
  } finally {
    if (mine === seq) document.body.dataset.busy = "0";
  }
}

// ----- the card ----------------------------------------------------------------------------

function storedCard() {
  try {
    const got = JSON.parse(localStorage.getItem(CARD_KEY) || "null");
    return got && typeof got.name === "string" && typeof got.text === "string" ? got : null;
  } catch (err) {
    return null;
  }
}

// ----- wiring ------------------------------------------------------------------------------

function wire() {
  $("#rules").addEventListener("click", (e) => {
    const b = e.target.closest(".opt");
    if (!b) return;
    state.rules = b.dataset.value;
    state.extras = new Set([...state.extras].filter((x) => (config.extras[state.rules] || []).includes(x)));
    if (state.rules === "american") state.bonus = [];
    changed();
  });
  $("#modes").addEventListener("click", (e) => {
    const b = e.target.closest(".opt");
    if (!b) return;
    mode = b.dataset.value;
    if (mode === "group") openGroup = -1;  // a new exposure
    note("");
    changed();
  });
  for (const key of $$(".key")) key.addEventListener("click", () => tap(key.dataset.tile));
  const tablist = $(".tabs");
  tablist.addEventListener("click", (e) => {
    const b = e.target.closest(".tab");
    if (!b) return;
    tab = b.dataset.tab;
    showForRules();
  });
  tablist.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const tabs = $$(".tab").filter((b) => !b.hidden);
    const i = tabs.findIndex((b) => b.dataset.tab === tab);
    const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    tab = next.dataset.tab;
    showForRules();
    next.focus();
    e.preventDefault();
  });
  for (const panel of $$('[role="tabpanel"]')) {
    panel.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      const keys = $$(".key", panel);
      const i = keys.indexOf(document.activeElement);
      if (i < 0) return;
      keys[(i + (e.key === "ArrowRight" ? 1 : keys.length - 1)) % keys.length].focus();
      e.preventDefault();
    });
  }
  for (const group of ["seat", "round", "from"]) {
    $(`[data-group="${group}"]`).addEventListener("click", (e) => {
      const b = e.target.closest(".opt");
      if (!b || b.disabled) return;
      if (group === "from") state.from = b.dataset.value === previousSeat(state.seat) ? "" : b.dataset.value;
      else state[group] = b.dataset.value;
      if (group === "seat" && state.from === state.seat) state.from = "";
      changed();
    });
  }
  for (const box of $$('input[name="extra"]')) {
    box.addEventListener("change", () => {
      if (box.checked) state.extras.add(box.value); else state.extras.delete(box.value);
      if (box.checked && (box.value === "heavenly" || box.value === "kong-replacement")) state.from = "self";
      if (box.checked && box.value === "earthly") state.from = state.seat === "E" ? "" : "E";
      if (box.checked && box.value === "robbing-kong" && state.from === "self") state.from = "";
      changed();
    });
  }
  $("#win-tile").addEventListener("change", (e) => { state.win = e.target.value; changed(); });
  $("#undo").addEventListener("click", undo);
  $("#clear").addEventListener("click", () => {
    remember();
    state.melds = []; state.concealed = []; state.bonus = []; state.win = ""; state.raw = null;
    openGroup = -1;
    changed();
  });
  $("#notation").addEventListener("change", (e) => { remember(); readHand(e.target.value.trim()); state.win = ""; changed(); });
  $("#copy").addEventListener("click", async () => {
    const link = $("#link").value;
    try {
      await navigator.clipboard.writeText(link);
    } catch (err) {
      $("#link").select();
      document.execCommand("copy");
    }
    $("#copy").textContent = t("Copied");
    setTimeout(() => { $("#copy").textContent = t("Copy the link"); }, 1500);
  });
  $("#card-file").addEventListener("change", (e) => {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    file.text().then((text) => {
      localStorage.setItem(CARD_KEY, JSON.stringify({ name: file.name, text }));
      changed();
    }, () => note(t("The card file could not be read")));
  });
  $("#card-practice").addEventListener("click", () => { localStorage.removeItem(CARD_KEY); changed(); });
  window.addEventListener("online", () => { setEngine(); recompute(); });
  window.addEventListener("offline", () => setEngine());
}

function registerWorker() {
  // resolves once the page is served by the service worker (so that the Pyodide worker's
  // files come from its cache, fetched once: at a first visit its install downloads them),
  // or at once when there is none to wait for (no service workers, refused, failed install)
  if (!("serviceWorker" in navigator)) return Promise.resolve();
  if (navigator.serviceWorker.controller) {  // a later visit (the worker checks for updates)
    navigator.serviceWorker.register(config.sw, { scope: "/score" }).catch((err) => console.warn("service worker:", err));
    navigator.serviceWorker.ready.then(swReady);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
    navigator.serviceWorker.register(config.sw, { scope: "/score" }).then((reg) => {
      // (no registration: a browser that blocks service workers answers so)
      const installing = reg ? reg.installing || reg.waiting : null;
      if (!reg) resolve();
      else if (installing) {
        installing.addEventListener("statechange", () => {
          if (installing.state === "redundant") resolve();
        });
      } else if (!navigator.serviceWorker.controller) resolve();
    }, (err) => {
      console.warn("service worker:", err);
      resolve();
    });
    navigator.serviceWorker.ready.then(swReady);
  });
}

function swReady(reg) {
  document.body.dataset.sw = "ready";
  if (reg.active) reg.active.postMessage({ type: "lang", lang: config.lang });
}

readAddress();
wire();
document.body.dataset.busy = "0";
setEngine();
changed();
registerWorker().then(startWorker);
