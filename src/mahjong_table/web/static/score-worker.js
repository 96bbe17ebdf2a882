// mahjong-table: the score calculator's scorer in the page (issue 47). A module worker that
// runs the package's own Python (mahjong_table.calculator.calculate, the same function the
// server runs for /score/api) in Pyodide, so that the page scores offline; it never
// scores in JavaScript. Messages in: {type: "init", runtime, bundle}, then
// {type: "score", id, query} (query: {fields, card, lang}). Out: {type: "ready", ms, steps},
// {type: "failed", error}, {type: "result", id, answer, ms}.
"use strict";
let py = null;
let calc = null;
const queue = [];

const GLUE = `
import json, sys
sys.path.insert(0, "/lib/mahjong-table")
from mahjong_table.calculator import calculate

def page_calculate(text):
    q = json.loads(text)
    card = q.get("card")
    return json.dumps(calculate(q["fields"], lang=q.get("lang") or "en",
                                card=(card["name"], card["text"]) if card else None))

# the first scoring imports the rules and scorers: done now, not at the first tap
page_calculate(json.dumps({"fields": {"rules": "hongkong", "hand": "123m456p789s111z22z"}}))
`;

async function init(runtime, bundle) {
  // the time of each step (ms): the runtime loaded and started, the package unpacked, the
  // package imported and a first hand scored
  const start = performance.now();
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  py = await loadPyodide({ indexURL: runtime });
  const loaded = performance.now();
  const got = await fetch(bundle);
  if (!got.ok) throw new Error("the package's source: HTTP " + got.status);
  py.unpackArchive(await got.arrayBuffer(), "zip", { extractDir: "/lib/mahjong-table" });
  const unpacked = performance.now();
  py.runPython(GLUE);
  calc = py.globals.get("page_calculate");
  const end = performance.now();
  return { ms: end - start, runtime: loaded - start, bundle: unpacked - loaded, warm: end - unpacked };
}

function score(msg) {
  const start = performance.now();
  const answer = JSON.parse(calc(JSON.stringify(msg.query)));
  self.postMessage({ type: "result", id: msg.id, answer, ms: performance.now() - start });
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    try {
      const steps = await init(msg.runtime, msg.bundle);
      self.postMessage({ type: "ready", ms: steps.ms, steps });
      while (queue.length) score(queue.shift());
    } catch (err) {
      self.postMessage({ type: "failed", error: String(err && err.message || err) });
    }
  } else if (msg.type === "score") {
    if (calc === null) queue.push(msg);
    else {
      try { score(msg); } catch (err) {
        self.postMessage({ type: "result", id: msg.id, error: String(err && err.message || err) });
      }
    }
  }
};
