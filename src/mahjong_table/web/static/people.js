// mahjong-table: the waiting room of a lobby room (issue 46). Vanilla JS, no build. It polls
// the room's JSON (GET /api/rooms/ROOM) every second, draws the seats, Ready and the host's
// controls (POST /api/rooms/ROOM/OP with the page's CSRF token), and moves to the seat's
// table when the game starts.
"use strict";
(function () {
  const box = document.getElementById("waiting");
  const errorBox = document.getElementById("waiting-error");
  const room = box.dataset.room;
  const csrf = box.dataset.csrf;
  const WORDS = (() => {
    try { return JSON.parse(document.getElementById("mt-words").textContent) || {}; } catch (e) { return {}; }
  })();
  function t(msg, vals) {
    const s = typeof WORDS[msg] === "string" ? WORDS[msg] : msg;
    return vals ? s.replace(/\{(\w+)\}/g, (m, k) => (k in vals ? String(vals[k]) : m)) : s;
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  let last = null;
  let moved = false;

  async function op(name, fields) {
    const body = new URLSearchParams(Object.assign({ csrf: csrf }, fields || {}));
    const r = await fetch("/api/rooms/" + encodeURIComponent(room) + "/" + name, { method: "POST", body: body });
    const data = await r.json().catch(() => ({ error: t("the server could not be reached") }));
    if (!r.ok) { errorBox.hidden = false; errorBox.textContent = data.error || String(r.status); return; }
    errorBox.hidden = true;
    draw(data);
  }
  function button(id, text, fn, cls) {
    const b = el("button", cls || "act", text);
    b.type = "button";
    if (id) b.id = id;
    b.onclick = fn;
    return b;
  }

  function statusText(r) {
    const status = [];
    if (r.locked) status.push(t("locked: nobody else may join"));
    status.push(r.public ? t("listed in the public lobby") : t("private: not listed"));
    if (r.fill_in !== null && r.fill_in !== undefined) status.push(t("bots fill the open seats in {seconds} s", { seconds: Math.ceil(r.fill_in) }));
    return status.join(" · ");
  }
  function draw(r) {
    if (r.play && !moved) { moved = true; location.href = r.play; return; }
    // redrawn only when something but the countdown changed (a host's choice in a
    // select is not reset by the next poll)
    const key = JSON.stringify(Object.assign({}, r, { fill_in: null }));
    const shown = document.getElementById("room-status");
    if (key === last && shown) { shown.textContent = statusText(r); return; }
    last = key;
    box.replaceChildren();
    if (!r.waiting) {
      box.appendChild(el("p", "", t("The game has started.")));
      if (r.watch) { const a = el("a", "", t("Watch")); a.href = r.watch; box.appendChild(a); }
      return;
    }
    const st = el("p", "room-status", statusText(r));
    st.id = "room-status";
    box.appendChild(st);
    const ol = el("ol", "waiting-seats");
    ol.id = "waiting-seats";
    for (const s of r.seats) {
      const li = el("li", "waiting-seat " + s.kind);
      li.dataset.seat = String(s.seat);
      let text = s.kind === "open" ? t("open seat") : s.kind === "bot" ? t("{name} (bot)", { name: s.name }) : s.name;
      if (s.kind === "person" && s.account) text += " (" + (s.rating === null ? t("unrated") : t(s.provisional ? "rating {value} (provisional)" : "rating {value}", { value: Math.round(s.rating) })) + ")";
      if (s.kind === "person") text += s.ready ? " ✓ " + t("ready") : " · " + t("not ready");
      if (r.you === s.seat) text += " " + t("(you)");
      li.appendChild(el("span", "", text));
      if (r.host && s.kind === "person" && r.you !== s.seat) li.appendChild(button("", t("Remove"), () => op("remove", { seat: s.seat }), "act small"));
      ol.appendChild(li);
    }
    box.appendChild(ol);
    const acts = el("div", "waiting-actions");
    if (r.you !== null && r.you !== undefined) {
      const mine = r.seats[r.you];
      acts.appendChild(mine.ready ? button("unready-btn", t("Not ready"), () => op("unready"))
        : button("ready-btn", t("Ready"), () => op("ready")));
      acts.appendChild(button("leave-btn", t("Leave"), () => op("leave")));
    } else if (r.open && !r.locked) {
      const f = document.createElement("form");
      f.method = "post"; f.action = "/lobby/join";
      for (const [k, v] of [["csrf", csrf], ["room", room], ["seat", ""]]) {
        const i = document.createElement("input"); i.type = "hidden"; i.name = k; i.value = v; f.appendChild(i);
      }
      const b = el("button", "act", t("Join")); b.type = "submit"; b.id = "join-btn"; f.appendChild(b);
      acts.appendChild(f);
    }
    box.appendChild(acts);
    if (r.host) {
      const h = el("fieldset", "host-controls");
      h.id = "host-controls";
      h.appendChild(el("legend", "", t("Host")));
      h.appendChild(button("start-btn", t("Start now (bots take the open seats)"), () => op("start")));
      h.appendChild(r.locked ? button("unlock-btn", t("Unlock"), () => op("unlock")) : button("lock-btn", t("Lock"), () => op("lock")));
      h.appendChild(r.public ? button("private-btn", t("Make private"), () => op("private")) : button("public-btn", t("Make public"), () => op("public")));
      const people = r.seats.filter((s) => s.kind !== "bot");
      if (people.length >= 2) {
        const a = document.createElement("select"), b = document.createElement("select");
        a.id = "swap-a"; b.id = "swap-b";
        a.setAttribute("aria-label", t("swap this seat"));
        b.setAttribute("aria-label", t("with this seat"));
        for (const s of people) {
          for (const sel of [a, b]) { const o = el("option", "", t("seat {number}", { number: s.seat + 1 })); o.value = String(s.seat); sel.appendChild(o); }
        }
        b.selectedIndex = 1;
        h.appendChild(a); h.appendChild(b);
        h.appendChild(button("swap-btn", t("Swap seats"), () => op("swap", { a: a.value, b: b.value })));
      }
      box.appendChild(h);
    }
  }

  async function poll() {
    try {
      const r = await fetch("/api/rooms/" + encodeURIComponent(room), { cache: "no-store" });
      if (r.ok) draw(await r.json());
    } catch (e) { /* offline: try again */ }
    if (!moved) setTimeout(poll, 1000);
  }
  poll();
})();
