// mahjong-table: the score calculator's service worker (issue 47). The server writes
// VERSION (a digest of what the page is made of), ASSETS (everything the page needs
// offline) and LANGS above this line (web/score.py, service_worker()).
//
// install: every asset is cached (the runtime and the package's source included), so that
// the page works offline as soon as this worker is active. activate: older caches go.
// fetch: a visit to /score goes to the network first and, when it fails (offline), gets the
// page kept for its language; the assets come from the cache first; the scoring API is
// never cached (the page scores in itself when the server cannot be reached).
"use strict";
const CACHE = "mahjong-score-" + VERSION;
const PREF = "/score/__lang";  // the language of the last visit, kept as a tiny response

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(ASSETS.map((url) => new Request(url, {cache: "reload"})));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("mahjong-score-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "lang" && LANGS.includes(data.lang)) {
    event.waitUntil(caches.open(CACHE).then((c) => c.put(PREF, new Response(data.lang))));
  }
});

async function offlinePage(url) {
  const cache = await caches.open(CACHE);
  let lang = url.searchParams.get("lang");
  if (!LANGS.includes(lang)) {
    const pref = await cache.match(PREF);
    lang = pref ? await pref.text() : LANGS[0];
  }
  return (await cache.match("/score/shell/" + lang)) || (await cache.match("/score/shell/" + LANGS[0]))
    || new Response("offline", {status: 503, headers: {"Content-Type": "text/plain"}});
}

function network(request, ms) {
  // a network that hangs (a weak signal) counts as none after ms milliseconds (a navigation
  // request cannot be copied with an abort signal: the race leaves it alone)
  return Promise.race([fetch(request), new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error("timeout")), ms);
  })]);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === "/score") {
    event.respondWith((async () => {
      try {
        const got = await network(request, 4000);
        if (got.ok) return got;
      } catch (e) { /* offline */ }
      return offlinePage(url);
    })());
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, {ignoreVary: true});
    if (hit) return hit;
    return fetch(request);
  })());
});
