// The page: the board's state (digits, pencil marks, undo and redo), the API calls, and the
// three views of the board: play, an explanation's steps, the engine's replay.

import { bit, build, candidatesOf, conflicts, digitOf, digitsOf, geometry, render, symbol } from "./board.js";

const $ = (id) => document.getElementById(id);
const DEFAULT = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

const S = {
  puzzle: null, geo: null, cells: [], source: "", variant: "plain",
  values: [], given: [], marks: [], undo: [], redo: [], selected: 0, pencil: false,
  hintLevel: 0, hl: null, mode: "play", explain: null, replay: null,
};

// ---- messages and the API --------------------------------------------------------------

function say(text, error = false) {
  const m = $("message");
  m.textContent = text;
  m.classList.toggle("error", error);
}

async function api(path, body) {
  let res;
  try {
    res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch (e) {
    throw new Error(`the server did not answer (${e.message})`);
  }
  let json = null;
  try { json = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    const err = new Error((json && json.error) || `error ${res.status}`);
    err.detail = json;
    throw err;
  }
  return json;
}

const line = (values) => values.map((d) => (d ? symbol(d) : ".")).join("");
const givensLine = () => line(S.values.map((d, i) => (S.given[i] ? d : 0)));
const cellName = (i) => `r${Math.floor(i / S.geo.n) + 1}c${(i % S.geo.n) + 1}`;

// The request about the board as it stands.
function request(extra = {}) {
  const body = { text: S.source, variant: S.variant, grid: line(S.values), ...extra };
  if (S.variant === "plain" && S.marks.some((m, i) => m && !S.values[i])) body.marks = S.marks.map((m, i) => (S.values[i] ? 0 : m));
  return body;
}

async function run(what, work) {
  try {
    await work();
  } catch (e) {
    say(`${what}: ${e.message}`, true);
    if (e.detail && e.detail.cells) {
      S.hl = { cellClasses: new Map(e.detail.cells.map(([r, c]) => [r * S.geo.n + c, ["marked"]])) };
      draw();
    }
  }
}

// ---- loading ---------------------------------------------------------------------------

function setPuzzle(puzzle, source, marks) {
  S.cells = [];
  S.puzzle = puzzle;
  S.variant = puzzle.variant;
  S.source = source;
  S.geo = geometry(puzzle);
  const n = puzzle.size;
  S.values = [...puzzle.givens].map((ch) => (ch === "." ? 0 : digitOf(ch)));
  S.given = S.values.map((d) => d !== 0);
  S.marks = marks ? marks.map((m, i) => (S.values[i] ? 0 : m)) : new Array(n * n).fill(0);
  S.undo = []; S.redo = []; S.selected = 0; S.hintLevel = 0; S.hl = null;
  closeViews();
  const board = $("board");
  S.cells = build(board, $("overlay"), S.geo, (i) => { select(i); });
  const cellPx = board.clientWidth / n || 40;
  board.style.setProperty("--cell", `${cellPx}px`);
  board.style.setProperty("--sub", S.geo.sub);
  board.style.setProperty("--subrows", S.geo.subRows);
  buildPad();
  $("puzzle-info").textContent = `${n}x${n} ${puzzle.variant}, ${S.given.filter(Boolean).length} givens`;
  const share = puzzle.variant === "plain" || puzzle.variant === "x" ? puzzle.givens : source;
  history.replaceState(null, "", `#v=${puzzle.variant}&p=${encodeURIComponent(share)}`);
  draw();
}

async function load(text, variant) {
  await run("Load", async () => {
    const r = await api("/api/parse", { text, variant });
    const source = r.puzzle.variant === "plain" && !r.marks ? r.puzzle.givens : text;
    setPuzzle(r.puzzle, source, r.marks);
    say(r.clash ? `The givens clash: ${r.clash.message}` : "Loaded.", Boolean(r.clash));
    $("puzzle-text").value = text;
  });
}

function buildPad() {
  const pad = $("pad");
  pad.replaceChildren();
  for (let d = 1; d <= S.geo.n; d++) {
    const b = document.createElement("button");
    b.textContent = symbol(d);
    b.setAttribute("aria-label", `Digit ${symbol(d)}`);
    b.addEventListener("click", () => { enter(d, S.pencil); focusCell(); });
    pad.append(b);
  }
}

// ---- editing ---------------------------------------------------------------------------

function snapshot() { return { values: S.values.slice(), marks: S.marks.slice() }; }

function change(fn) {
  S.undo.push(snapshot());
  if (S.undo.length > 1000) S.undo.shift();
  S.redo = [];
  fn();
  S.hintLevel = 0; S.hl = null;
  draw();
}

function enter(d, pencil) {
  if (S.mode !== "play") return;
  const i = S.selected;
  if (S.given[i]) return;
  change(() => {
    if (pencil) {
      if (!S.values[i]) S.marks[i] ^= bit(d);
    } else {
      S.values[i] = S.values[i] === d ? 0 : d;
    }
  });
}

function erase() {
  const i = S.selected;
  if (S.given[i] || S.mode !== "play") return;
  change(() => { S.values[i] = 0; S.marks[i] = 0; });
}

function undo(back) {
  const from = back ? S.undo : S.redo, to = back ? S.redo : S.undo;
  if (!from.length) return;
  to.push(snapshot());
  const s = from.pop();
  S.values = s.values; S.marks = s.marks; S.hl = null; S.hintLevel = 0;
  draw();
}

function select(i) {
  S.selected = i;
  S.cells.forEach((el, k) => { el.tabIndex = k === i ? 0 : -1; });
  focusCell();
  draw();
}

function focusCell() { if (S.cells[S.selected]) S.cells[S.selected].focus({ preventScroll: true }); }

// ---- drawing ---------------------------------------------------------------------------

function addClass(map, key, cls) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(cls);
}

// Highlights of a step or hint: units, cells, candidates used, eliminations, placements, links.
function stepHighlight(step) {
  const { n, units } = S.geo;
  const cellClasses = new Map(), candClasses = new Map();
  for (const u of step.units || []) for (const i of (units[u.kind] || [])[u.index] || []) addClass(cellClasses, i, "unit");
  for (const [r, c] of step.cells || []) addClass(cellClasses, r * n + c, "used");
  for (const [r, c, d] of step.candidates || []) candClasses.set(`${r * n + c}:${d}`, "use");
  for (const e of step.eliminations || []) for (const d of e.digits) candClasses.set(`${e.cell[0] * n + e.cell[1]}:${d}`, "elim");
  for (const p of step.placements || []) candClasses.set(`${p.cell[0] * n + p.cell[1]}:${p.digit}`, "place");
  return { cellClasses, candClasses, links: step.links || [] };
}

function draw() {
  if (!S.geo || !S.cells.length) return;
  let view;
  if (S.mode === "explain") view = explainView();
  else if (S.mode === "replay") view = replayView();
  else {
    const hl = S.hl || {};
    const cellClasses = new Map(hl.cellClasses || []);
    for (const i of conflicts(S.geo, S.values)) addClass(cellClasses, i, "conflict");
    // A hint past its first level shows the candidates it speaks of.
    const marks = hl.candidates ? candidatesOf(S.geo, S.values).map((m, i) => (S.marks[i] ? S.marks[i] & m : m)) : S.marks;
    view = { values: S.values, given: S.given, marks, cellClasses, candClasses: hl.candClasses || new Map(), links: hl.links || [] };
  }
  view.selected = S.mode === "play" ? S.selected : -1;
  render(S.cells, $("overlay"), S.geo, view);
}

// ---- check, solve, hint, grade, generate -----------------------------------------------

async function check() {
  await run("Check", async () => {
    const r = await api("/api/solve", { text: S.source, variant: S.variant, grid: givensLine() });
    if (r.result !== "unique") { say(describe(r), r.result !== "multiple"); return; }
    const wrong = [];
    S.values.forEach((d, i) => { if (d && !S.given[i] && symbol(d) !== r.solution[i]) wrong.push(i); });
    S.hl = { cellClasses: new Map(wrong.map((i) => [i, ["wrong"]])) };
    const left = S.values.filter((d) => !d).length;
    say(wrong.length ? `${wrong.length} wrong: ${wrong.map(cellName).join(", ")}` : `No wrong digit so far; ${left} cells to fill.`, wrong.length > 0);
    draw();
  });
}

function describe(r) {
  switch (r.result) {
    case "unique": return "One solution.";
    case "multiple": return "Several solutions; two of them differ in the marked cells:";
    case "unsolvable": return `No solution: ${r.message}`;
    case "invalid": return `Invalid: ${r.message}`;
    default: return `Not finished: ${r.message || r.result}`;
  }
}

async function solve() {
  await run("Solve", async () => {
    const r = await api("/api/solve", request());
    const n = S.geo.n;
    if (r.result === "unique") {
      change(() => { S.values = [...r.solution].map(digitOf); });
      say("Solved: the solution is unique.");
    } else if (r.result === "multiple") {
      S.hl = { cellClasses: new Map(r.differ.map(([rr, c]) => [rr * n + c, ["differ"]])) };
      say(describe(r));
      const pre = document.createElement("div");
      pre.className = "solutions";
      pre.textContent = `${r.solutions[0]}\n${r.solutions[1]}`;
      $("message").append(pre);
      draw();
    } else {
      const cells = (r.givens || []).map(([rr, c]) => [rr * n + c, ["marked"]]).concat((r.cells || []).map(([rr, c]) => [rr * n + c, ["marked"]]));
      S.hl = { cellClasses: new Map(cells) };
      say(describe(r), true);
      draw();
    }
  });
}

async function hint() {
  if (S.mode !== "play") closeViews();
  const level = Math.min(3, S.hintLevel + 1);
  await run("Hint", async () => {
    const r = await api("/api/hint", request({ level }));
    S.hintLevel = level;
    if (r.solved) { say("The grid is complete."); return; }
    const rating = r.rating == null ? "" : ` (${r.rating.toFixed(1)})`;
    if (level === 1) {
      S.hl = null;
      say(r.kind === "contradiction" ? "Hint: something is wrong on the board. Press Hint again to see where." : `Hint: look for a ${r.technique}${rating}. Press Hint again for its cells.`);
    } else {
      S.hl = { ...stepHighlight(level === 2 ? { ...r, eliminations: [], placements: [], links: [] } : r), candidates: true };
      say(level === 2 ? `Hint: a ${r.technique}${rating} in the marked cells. Press Hint again for the move.` : `Hint: ${r.text}`);
    }
    $("message").dataset.level = level;
    draw();
  });
}

async function grade() {
  await run("Grade", async () => {
    const r = await api("/api/grade", { text: S.source, variant: S.variant, grid: givensLine() });
    if (r.result === "invalid") { say(describe(r), true); return; }
    const guesses = r.guesses ? `, ${r.guesses} guesses` : "";
    say(`Grade ${r.score.toFixed(1)} (${r.band})${r.hardest ? `: hardest step ${r.hardest}` : ""}${guesses}.`);
  });
}

async function generate() {
  const body = { size: Number($("gen-size").value), band: $("gen-band").value, variant: $("gen-variant").value, seed: Number($("gen-seed").value) || 0 };
  say("Generating...");
  await run("Generate", async () => {
    const r = await api("/api/generate", body);
    setPuzzle(r.puzzle, r.puzzle.variant === "plain" ? r.puzzle.givens : r.text, null);
    $("puzzle-text").value = r.text;
    const g = r.grade ? `, grade ${r.grade.score.toFixed(1)} ${r.grade.band}` : "";
    say(`Generated a ${body.size}x${body.size} ${r.puzzle.variant} puzzle (seed ${body.seed}${g})${r.exact ? "" : "; the closest to the band asked"}.`);
    $("gen-seed").value = body.seed + 1;
  });
}

// ---- explanation -----------------------------------------------------------------------

function closeViews() {
  S.mode = "play";
  S.explain = null;
  if (S.replay) cancelAnimationFrame(S.replay.frame || 0);
  S.replay = null;
  $("step-panel").hidden = true;
  $("replay-panel").hidden = true;
  draw();
}

async function explain() {
  closeViews();
  say("Explaining...");
  await run("Explain", async () => {
    const r = await api("/api/explain", { text: S.source, variant: S.variant, grid: givensLine() });
    const n = S.geo.n, all = (1 << n) - 1;
    const values = S.values.map((d, i) => (S.given[i] ? d : 0));
    const marks = values.map((d) => (d ? bit(d) : all));
    const shown = [], states = [];
    const apply = (step) => {
      for (const p of step.placements) { const i = p.cell[0] * n + p.cell[1]; values[i] = p.digit; marks[i] = bit(p.digit); }
      for (const e of step.eliminations) { const i = e.cell[0] * n + e.cell[1]; for (const d of e.digits) marks[i] &= ~bit(d); }
    };
    for (const step of r.steps) {
      if (step.refuted) continue;
      if (step.kind !== "implied") { states.push({ values: values.slice(), marks: marks.slice() }); shown.push(step); }
      apply(step);
    }
    states.push({ values: values.slice(), marks: marks.slice() });
    S.explain = { steps: shown, states, k: 0, result: r };
    S.mode = "explain";
    $("step-panel").hidden = false;
    const g = r.grade;
    say(`${shown.length} steps; ${r.result}; grade ${g.score.toFixed(1)} (${g.band}).`);
    showStep(0);
  });
}

function showStep(k) {
  const X = S.explain;
  if (!X) return;
  X.k = Math.max(0, Math.min(X.steps.length, k));
  const step = X.steps[X.k];
  $("step-index").textContent = `${X.k + (step ? 1 : 0)} / ${X.steps.length}`;
  $("step-name").textContent = step ? step.technique || step.kind : "solved";
  $("step-rating").textContent = step && step.rating != null ? `rating ${step.rating.toFixed(1)}` : "";
  $("step-text").textContent = step ? step.text : `The end: ${X.result.result}${X.result.solution ? "" : ""}.`;
  draw();
}

function explainView() {
  const X = S.explain;
  const st = X.states[X.k];
  const step = X.steps[X.k];
  const hl = step ? stepHighlight(step) : { cellClasses: new Map(), candClasses: new Map(), links: [] };
  return { values: st.values, given: S.given, marks: st.marks.map((m, i) => (st.values[i] ? 0 : m)), ...hl };
}

// ---- the engine's replay ---------------------------------------------------------------

async function replay() {
  closeViews();
  say("Recording the engine's search...");
  await run("Replay", async () => {
    const r = await api("/api/replay", request({ max_events: 20000 }));
    S.replay = { r, k: 0, playing: false, frame: 0, last: 0, acc: 0 };
    resetReplay();
    S.mode = "replay";
    $("replay-panel").hidden = false;
    say(`${r.events.length} events${r.truncated ? " (the first ones)" : ""}; the search ${r.outcome}, ${r.nodes} nodes.`);
    draw();
  });
}

function resetReplay() {
  const R = S.replay, n = S.geo.n, all = (1 << n) - 1;
  R.k = 0;
  R.state = { marks: new Array(n * n).fill(all), assigned: new Array(n * n).fill(0) };
  R.stack = [];
  R.counts = { decisions: 0, prunings: 0, wipeouts: 0, backtracks: 0, failures: 0 };
  R.current = null;
  updateReplayText();
}

function replayEvent() {
  const R = S.replay;
  if (R.k >= R.r.events.length) return false;
  const e = R.r.events[R.k++];
  const st = R.state, copy = () => ({ marks: st.marks.slice(), assigned: st.assigned.slice() });
  switch (e[0]) {
    case "d": R.stack[e[1]] = copy(); st.marks[e[2]] = bit(e[3]); st.assigned[e[2]] = e[3]; R.counts.decisions++; break;
    case "r": st.marks[e[2]] &= ~bit(e[3]); break;
    case "p": st.marks[e[2]] &= ~bit(e[3]); R.counts.prunings++; break;
    case "a": st.marks[e[2]] = bit(e[3]); st.assigned[e[2]] = e[3]; break;
    case "w": st.marks[e[2]] = 0; R.counts.wipeouts++; break;
    case "f": R.counts.failures++; break;
    case "b": {
      const saved = R.stack[e[1] + 1];
      if (saved) { st.marks = saved.marks; st.assigned = saved.assigned; }
      R.stack.length = e[1] + 1;
      R.counts.backtracks++;
      break;
    }
    default: break;
  }
  R.current = e;
  return true;
}

function eventText(e) {
  if (!e) return "Before the first event.";
  const reason = (k) => S.replay.r.reasons[k];
  const depth = `depth ${e[1]}`;
  switch (e[0]) {
    case "d": return `decision ${cellName(e[2])} = ${symbol(e[3])} (${depth})`;
    case "r": return `refutation ${cellName(e[2])} ≠ ${symbol(e[3])} (${depth})`;
    case "p": return `prune ${cellName(e[2])} ≠ ${symbol(e[3])} by ${reason(e[4])} (${depth})`;
    case "a": return `assign ${cellName(e[2])} = ${symbol(e[3])} by ${reason(e[4])} (${depth})`;
    case "w": return `wipe-out: ${cellName(e[2])} has no value left, by ${reason(e[3])} (${depth})`;
    case "f": return `failure: ${reason(e[2])} (${depth})`;
    case "b": return `backtrack to depth ${e[1]}`;
    case "s": return `solution (${depth})`;
    default: return e[0];
  }
}

function updateReplayText() {
  const R = S.replay;
  $("replay-event").textContent = eventText(R.current);
  const c = R.counts;
  $("replay-counts").textContent = `event ${R.k} / ${R.r.events.length} · decisions ${c.decisions} · prunings ${c.prunings} · wipe-outs ${c.wipeouts} · failures ${c.failures} · backtracks ${c.backtracks}`;
}

function replayView() {
  const R = S.replay, st = R.state;
  const values = st.assigned.slice();
  const cellClasses = new Map(), candClasses = new Map();
  const e = R.current;
  if (e && (e[0] === "d" || e[0] === "a")) addClass(cellClasses, e[2], "used");
  if (e && (e[0] === "p" || e[0] === "r")) addClass(cellClasses, e[2], "unit");
  if (e && e[0] === "w") addClass(cellClasses, e[2], "marked");
  const given = S.given.map((g, i) => g && values[i] === S.values[i]);
  return { values, given, marks: st.marks.map((m, i) => (values[i] ? 0 : m)), cellClasses, candClasses, links: [] };
}

function speed() { return Math.round(10 ** (Number($("replay-speed").value) / 25)); }

function playReplay(on) {
  const R = S.replay;
  if (!R) return;
  R.playing = on;
  $("replay-play").textContent = on ? "Pause" : "Play";
  if (!on) { cancelAnimationFrame(R.frame); return; }
  R.last = performance.now(); R.acc = 0;
  const tick = (now) => {
    if (!S.replay || !R.playing) return;
    R.acc += ((now - R.last) / 1000) * speed();
    R.last = now;
    let more = true;
    while (R.acc >= 1 && more) { more = replayEvent(); R.acc -= 1; }
    updateReplayText();
    draw();
    if (more) R.frame = requestAnimationFrame(tick); else playReplay(false);
  };
  R.frame = requestAnimationFrame(tick);
}

// ---- keys and buttons ------------------------------------------------------------------

function onKey(e) {
  if (!S.geo) return;
  const t = e.target;
  if (t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT" || t.tagName === "SELECT")) return;
  if (S.mode === "explain") {
    if (e.key === "ArrowRight" || e.key === ".") { showStep(S.explain.k + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft" || e.key === ",") { showStep(S.explain.k - 1); e.preventDefault(); }
    else if (e.key === "Escape") closeViews();
    return;
  }
  if (S.mode === "replay") { if (e.key === "Escape") closeViews(); return; }
  const inBoard = t && t.closest && t.closest("#board");
  if (e.ctrlKey || e.metaKey) {
    if (e.key === "z" || e.key === "Z") { undo(!e.shiftKey); e.preventDefault(); }
    else if (e.key === "y") { undo(false); e.preventDefault(); }
    return;
  }
  if (!inBoard) { if (e.key === "h" && t === document.body) hint(); return; }
  const n = S.geo.n, r = Math.floor(S.selected / n), c = S.selected % n;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    select(((r + dr + n) % n) * n + ((c + dc + n) % n));
    e.preventDefault();
    return;
  }
  if (e.key === "Delete" || e.key === "Backspace" || e.key === "0" || e.key === ".") { erase(); e.preventDefault(); return; }
  if (e.key === "p" && n <= 9) { togglePencil(); return; }
  if (e.key === "h" && n <= 9) { hint(); return; }
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code || "");
  let d = m ? Number(m[1]) : 0;
  if (!d && e.key.length === 1 && n > 9) d = digitOf(e.key);
  if (d >= 1 && d <= n) { enter(d, S.pencil || e.shiftKey); e.preventDefault(); }
}

function togglePencil() {
  S.pencil = !S.pencil;
  $("pencil").setAttribute("aria-pressed", String(S.pencil));
}

// The puzzle from the URL's hash (`#v=plain&p=...`); `?theme=dark|light`, and
// `?view=explain&step=K`, `?view=hint&level=L`, `?view=replay&events=N` open a view (the
// screenshots in docs/ are taken so).
async function startFromUrl() {
  const params = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const theme = query.get("theme");
  if (theme) document.documentElement.dataset.theme = theme;
  await load(params.get("p") || DEFAULT, params.get("v") || "auto");
  const view = query.get("view");
  if (view === "explain") {
    await explain();
    showStep(Number(query.get("step") || 1) - 1);
  } else if (view === "hint") {
    for (let l = 0; l < Number(query.get("level") || 1); l++) await hint();
  } else if (view === "replay") {
    await replay();
    for (let k = 0; k < Number(query.get("events") || 0); k++) replayEvent();
    updateReplayText();
    draw();
  }
}

function wire() {
  document.addEventListener("keydown", onKey);
  $("undo").addEventListener("click", () => undo(true));
  $("redo").addEventListener("click", () => undo(false));
  $("pencil").addEventListener("click", togglePencil);
  $("erase").addEventListener("click", erase);
  $("check").addEventListener("click", check);
  $("solve").addEventListener("click", solve);
  $("hint").addEventListener("click", hint);
  $("explain").addEventListener("click", explain);
  $("grade").addEventListener("click", grade);
  $("generate").addEventListener("click", generate);
  $("replay").addEventListener("click", replay);
  $("load-text").addEventListener("click", () => load($("puzzle-text").value, $("variant").value));
  $("file").addEventListener("change", () => {
    const f = $("file").files[0];
    if (!f) return;
    if (f.size > 256 * 1024) { say("Open: the file is larger than 256 KiB", true); return; }
    f.text().then((text) => { $("puzzle-text").value = text; load(text, $("variant").value); });
  });
  $("copy-link").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(location.href); say("Link copied."); } catch { say(`Link: ${location.href}`); }
  });
  $("step-first").addEventListener("click", () => showStep(0));
  $("step-prev").addEventListener("click", () => showStep(S.explain.k - 1));
  $("step-next").addEventListener("click", () => showStep(S.explain.k + 1));
  $("step-last").addEventListener("click", () => showStep(S.explain.steps.length));
  $("step-close").addEventListener("click", closeViews);
  $("replay-play").addEventListener("click", () => playReplay(!S.replay.playing));
  $("replay-step").addEventListener("click", () => { playReplay(false); replayEvent(); updateReplayText(); draw(); });
  $("replay-restart").addEventListener("click", () => { playReplay(false); resetReplay(); draw(); });
  $("replay-close").addEventListener("click", closeViews);
  window.addEventListener("resize", () => {
    if (!S.geo) return;
    $("board").style.setProperty("--cell", `${$("board").clientWidth / S.geo.n}px`);
  });
  window.addEventListener("hashchange", () => { startFromUrl(); });
}

wire();
startFromUrl();
export { S, digitsOf };
