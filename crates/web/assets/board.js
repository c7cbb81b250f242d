// The board: geometry of a puzzle (units, peers, areas) and drawing (cells, marks, cages,
// regions, diagonals, highlights, chain links as arrows).

const SVG = "http://www.w3.org/2000/svg";
const SYMBOLS = "123456789ABCDEFGHIJKLMNOP";

export function symbol(d) { return SYMBOLS[d - 1] || "?"; }

export function digitOf(ch) {
  const k = SYMBOLS.indexOf(ch.toUpperCase());
  return k < 0 ? 0 : k + 1;
}

export function bit(d) { return 1 << (d - 1); }

export function digitsOf(mask, n) {
  const out = [];
  for (let d = 1; d <= n; d++) if (mask & bit(d)) out.push(d);
  return out;
}

// Units by kind and index, as the sudoku crate numbers them; areas for conflicts; peers.
export function geometry(puzzle) {
  const n = puzzle.size, br = puzzle.boxRows, bc = puzzle.boxCols;
  const idx = (r, c) => r * n + c;
  const units = { row: [], column: [], box: [], diagonal: [], region: [], cage: [] };
  for (let k = 0; k < n; k++) {
    const row = [], col = [], box = [];
    const perBand = n / bc;
    for (let i = 0; i < n; i++) {
      row.push(idx(k, i));
      col.push(idx(i, k));
      box.push(idx(Math.floor(k / perBand) * br + Math.floor(i / bc), (k % perBand) * bc + (i % bc)));
    }
    units.row.push(row); units.column.push(col); units.box.push(box);
  }
  const cages = [];
  for (const a of puzzle.areas) {
    const cells = a.cells.map(([r, c]) => idx(r, c));
    if (a.kind === "diagonal") units.diagonal.push(cells);
    if (a.kind === "region") units.region.push(cells);
    if (a.kind === "cage") { units.cage.push(cells); cages.push({ label: a.label, sum: a.sum, cells }); }
  }
  const jigsaw = units.region.length > 0;
  const areas = [...units.row, ...units.column, ...(jigsaw ? units.region : units.box), ...units.diagonal, ...units.cage];
  const regionOf = new Array(n * n).fill(-1);
  units.region.forEach((cells, k) => cells.forEach((i) => { regionOf[i] = k; }));
  const peers = Array.from({ length: n * n }, () => new Set());
  for (const a of areas) for (const i of a) for (const j of a) if (i !== j) peers[i].add(j);
  const sub = Math.ceil(Math.sqrt(n));
  // A killer's cells keep their top for the cage sums: the pencil marks sit below.
  const markTop = cages.length ? 0.22 : 0.04;
  return { n, br, bc, sub, subRows: Math.ceil(n / sub), units, areas, peers, cages, jigsaw, regionOf, idx, markTop };
}

// The cells holding a digit twice in one area.
export function conflicts(geo, values) {
  const bad = new Set();
  for (const a of geo.areas) {
    const seen = new Map();
    for (const i of a) {
      const d = values[i];
      if (!d) continue;
      if (seen.has(d)) { bad.add(i); bad.add(seen.get(d)); } else seen.set(d, i);
    }
  }
  return bad;
}

// The candidates left by the digits: every digit no peer holds.
export function candidatesOf(geo, values) {
  const all = (1 << geo.n) - 1;
  return values.map((d, i) => {
    if (d) return bit(d);
    let m = all;
    for (const j of geo.peers[i]) if (values[j]) m &= ~bit(values[j]);
    return m;
  });
}

// Greedy colouring of jigsaw regions (4 colours), so that neighbours differ.
function regionColours(geo) {
  const { n, units, regionOf } = geo;
  const colour = [];
  units.region.forEach((cells, k) => {
    const used = new Set();
    for (const i of cells) {
      const r = Math.floor(i / n), c = i % n;
      for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
        const rr = r + dr, cc = c + dc;
        if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
        const o = regionOf[rr * n + cc];
        if (o !== k && colour[o] !== undefined) used.add(colour[o]);
      }
    }
    let c = 0;
    while (used.has(c)) c++;
    colour[k] = c % 4;
  });
  return colour;
}

// Builds the cells and the fixed drawing (cages, diagonals) for a new puzzle.
export function build(boardEl, svgEl, geo, onCell) {
  const { n, br, bc } = geo;
  boardEl.style.setProperty("--n", n);
  boardEl.classList.toggle("killer", geo.cages.length > 0);
  boardEl.replaceChildren();
  const colours = geo.jigsaw ? regionColours(geo) : [];
  const cells = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const el = document.createElement("div");
      el.className = "cell";
      el.setAttribute("role", "gridcell");
      el.tabIndex = i === 0 ? 0 : -1;
      el.dataset.r = r; el.dataset.c = c; el.dataset.i = i;
      if (geo.jigsaw) {
        const k = geo.regionOf[i];
        el.classList.add(`region-${colours[k]}`);
        if (c < n - 1 && geo.regionOf[i + 1] !== k) el.classList.add("br");
        if (r < n - 1 && geo.regionOf[i + n] !== k) el.classList.add("bb");
      } else {
        if (c % bc === bc - 1 && c < n - 1) el.classList.add("br");
        if (r % br === br - 1 && r < n - 1) el.classList.add("bb");
      }
      el.addEventListener("mousedown", (e) => { e.preventDefault(); onCell(i); });
      boardEl.append(el);
      cells.push(el);
    }
  }
  svgEl.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svgEl.replaceChildren();
  const defs = make("defs");
  for (const kind of ["strong", "weak", "implies"]) {
    const m = make("marker", { id: `arrow-${kind}`, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" });
    m.append(make("path", { d: "M0,0 L10,5 L0,10 z", class: `arrowhead ${kind}` }));
    defs.append(m);
  }
  svgEl.append(defs);
  const fixed = make("g", { id: "fixed" });
  for (const cells of geo.units.diagonal) {
    const [a, b] = [cells[0], cells[cells.length - 1]];
    const p = (i, end) => [(i % n) + (end ? 0.85 : 0.15), Math.floor(i / n) + (end ? 0.85 : 0.15)];
    const [x1, y1] = p(a, false);
    const anti = a % n !== 0;
    const [x2, y2] = p(b, true);
    fixed.append(make("line", anti ? { x1: a % n + 0.85, y1: 0.15, x2: 0.15, y2: n - 0.15, class: "diagonal" } : { x1, y1, x2, y2, class: "diagonal" }));
  }
  const inset = 0.07;
  for (const cage of geo.cages) {
    const set = new Set(cage.cells);
    for (const i of cage.cells) {
      const r = Math.floor(i / n), c = i % n;
      const has = (rr, cc) => rr >= 0 && cc >= 0 && rr < n && cc < n && set.has(rr * n + cc);
      const x0 = c + (has(r, c - 1) ? 0 : inset), x1 = c + 1 - (has(r, c + 1) ? 0 : inset);
      const y0 = r + (has(r - 1, c) ? 0 : inset), y1 = r + 1 - (has(r + 1, c) ? 0 : inset);
      if (!has(r - 1, c)) fixed.append(make("line", { x1: x0, y1: y0, x2: x1, y2: y0, class: "cage-line" }));
      if (!has(r + 1, c)) fixed.append(make("line", { x1: x0, y1, x2: x1, y2: y1, class: "cage-line" }));
      if (!has(r, c - 1)) fixed.append(make("line", { x1: x0, y1: y0, x2: x0, y2: y1, class: "cage-line" }));
      if (!has(r, c + 1)) fixed.append(make("line", { x1, y1: y0, x2: x1, y2: y1, class: "cage-line" }));
    }
    const first = Math.min(...cage.cells);
    const r = Math.floor(first / n), c = first % n;
    const text = String(cage.sum);
    fixed.append(make("rect", { x: c + 0.03, y: r + 0.03, width: 0.15 * text.length + 0.06, height: 0.26, class: "cage-sum-bg" }));
    const t = make("text", { x: c + 0.06, y: r + 0.24, class: "cage-sum", "data-cage": cage.label });
    t.textContent = text;
    fixed.append(t);
  }
  svgEl.append(fixed);
  svgEl.append(make("g", { id: "links" }));
  return cells;
}

function make(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// The centre of candidate `d` of cell `i`, in board units.
function candidatePoint(geo, i, d) {
  const { n, sub, subRows, markTop } = geo;
  const r = Math.floor(i / n), c = i % n, k = d - 1;
  const height = 0.96 - markTop;
  return [c + 0.04 + (0.92 * ((k % sub) + 0.5)) / sub, r + markTop + (height * (Math.floor(k / sub) + 0.5)) / subRows];
}

// Draws a view: `values`, `given`, `marks` (masks; 0 shows nothing), classes by cell,
// classes by candidate ("i:d"), links.
export function render(cells, svgEl, geo, view) {
  const { n } = geo;
  cells.forEach((el, i) => {
    const d = view.values[i];
    const keep = [...el.classList].filter((c) => c === "cell" || c === "br" || c === "bb" || c.startsWith("region-"));
    el.className = keep.join(" ");
    for (const c of view.cellClasses.get(i) || []) el.classList.add(c);
    if (view.given[i]) el.classList.add("given");
    if (view.selected === i) el.classList.add("selected");
    el.replaceChildren();
    const rc = `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
    if (d) {
      el.textContent = symbol(d);
      el.setAttribute("aria-label", `${rc} ${symbol(d)}${view.given[i] ? " given" : ""}`);
    } else {
      const mask = view.marks[i];
      el.setAttribute("aria-label", mask ? `${rc} candidates ${digitsOf(mask, n).map(symbol).join(" ")}` : `${rc} empty`);
      if (mask) {
        const box = document.createElement("div");
        box.className = "marks";
        for (let k = 1; k <= n; k++) {
          const s = document.createElement("span");
          if (mask & bit(k)) {
            s.textContent = symbol(k);
            s.dataset.d = k;
            const cls = view.candClasses.get(`${i}:${k}`);
            if (cls) s.className = cls;
          }
          box.append(s);
        }
        el.append(box);
      }
    }
  });
  const g = svgEl.querySelector("#links");
  g.replaceChildren();
  for (const link of view.links || []) {
    const [r1, c1, d1] = link.from, [r2, c2, d2] = link.to;
    const [x1, y1] = candidatePoint(geo, r1 * n + c1, d1);
    const [x2, y2] = candidatePoint(geo, r2 * n + c2, d2);
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const cut = Math.min(0.12, len / 3);
    const ax = x1 + (dx * cut) / len, ay = y1 + (dy * cut) / len;
    const bx = x2 - (dx * cut) / len, by = y2 - (dy * cut) / len;
    // Bent a little, so that links along one line stay apart.
    const bend = Math.min(0.35, len * 0.15);
    const mx = (ax + bx) / 2 - (dy / len) * bend, my = (ay + by) / 2 + (dx / len) * bend;
    g.append(make("path", { d: `M${ax},${ay} Q${mx},${my} ${bx},${by}`, class: `link ${link.kind}`, "marker-end": `url(#arrow-${link.kind})`, "data-kind": link.kind }));
  }
  g.dataset.count = (view.links || []).length;
}
