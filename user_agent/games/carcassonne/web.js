// Carcassonne's board in the browser (served at /games/carcassonne.js; docs/web-carcassonne.md).
// The gateway sends the board as data (user_agent/games/carcassonne/web.py): tiles [x, y, key],
// `shapes[key]` (cities, roads, junction, cloister, follower anchors; tile units, y down),
// followers [x, y, segment, seat, role], the drawn tile and the seats' colours. This script
// draws it as SVG and turns clicks into the pending request's options:
//   place_tile: a green square is a cell where the drawn tile fits; a click shows the tile there
//     at its first legal rotation, a click on the tile (or r) turns it to the next legal one,
//     ✓ (or Enter) places it — one option [x, y, rotation];
//   deploy: a ghost follower stands on each free segment of the tile just placed; a click puts
//     the follower there; ✗ keeps the followers (the option `skip`).
"use strict";

(() => {
  const NS = "http://www.w3.org/2000/svg";
  const C = {
    field: "#7eb054", grid: "#4e6e36", city: "#cea468", cityEdge: "#825c32", road: "#f2eee0",
    roadEdge: "#786e60", junction: "#5a5046", chapel: "#ece2ce", roof: "#b43c30",
    pennant: "#2846aa", last: "#d08a00", cand: "#2e8b57", pick: "#1e6fd9",
  };
  const WORDS = {
    en: {
      tile: "tile", left: "tiles left", none: "no tile drawn", placeHint: "click a green square to put the tile there",
      turnHint: "click the tile (or r) to turn it · ✓ (or Enter) places it", deployHint: "click a ghost follower to put a follower there, or",
      skip: "✗ no follower", place: "✓ place", turn: "↻ turn", zoomIn: "zoom in (+)", zoomOut: "zoom out (−)",
      at: "at", turned: "turned", rotations: "rotations",
    },
    zh: {
      tile: "板块", left: "块剩余", none: "未抽板块", placeHint: "点击绿色格子放置板块",
      turnHint: "点击板块（或 r）旋转 · ✓（或回车）放置", deployHint: "点击虚影放置跟随者，或",
      skip: "✗ 不放跟随者", place: "✓ 放置", turn: "↻ 旋转", zoomIn: "放大 (+)", zoomOut: "缩小 (−)",
      at: "位于", turned: "旋转", rotations: "种朝向",
    },
  };
  const ZOOMS = [28, 34, 40, 52, 64, 80, 100, 124];
  let zoom = 5;  // index in ZOOMS: pixels per tile (80)
  // the page's own state between draws: the cell chosen for the pending placement, which of
  // its legal rotations is shown, where the board's origin was (to keep the scroll put)
  const st = { req: null, cell: null, k: 0, origin: null, centred: null, colours: "", fitted: false, fit: false };
  let last = null;  // the last (el, page, ui) drawn, to redraw on a key

  function s(tag, attrs = {}, ...kids) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.setAttribute("class", v);
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined)
      e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    return e;
  }

  const pts = (poly) => poly.map(([x, y]) => `${x},${y}`).join(" ");

  // A follower: a meeple of height 1 centred on (0, 0); a farmer lies on its side.
  const MEEPLE = "M-.46 .5 L-.16 .06 L-.44 -.04 Q-.52 -.2 -.3 -.2 L-.14 -.2 A.17 .17 0 1 1 .14 -.2 " +
    "L.3 -.2 Q.52 -.2 .44 -.04 L.16 .06 L.46 .5 L.1 .5 L0 .3 L-.1 .5 Z";

  function meeple(at, colour, role, attrs = {}) {
    const [x, y] = at;
    const turn = role === "farmer" ? " rotate(90)" : "";
    return s("g", { transform: `translate(${x},${y}) scale(.25)${turn}`, ...attrs },
      s("path", { d: MEEPLE, fill: colour, stroke: "#fff", "stroke-width": .09, "stroke-linejoin": "round" }));
  }

  // Where a follower may go (the deploy step): a dashed ring around a faint follower, with the
  // option's number; clicking anywhere in the ring picks it.
  function ghost(at, colour, role, number, attrs) {
    const [x, y] = at;
    return s("g", { transform: `translate(${x},${y})`, ...attrs },
      s("circle", { r: GHOST, class: "ring", fill: "#fff", "fill-opacity": .8, stroke: colour, "stroke-width": .03,
        "stroke-dasharray": ".05 .03" }),
      s("g", { class: "who", transform: "scale(.8)" }, meeple([0, 0], colour, role)),
      s("g", { transform: "translate(.115,-.115)" },
        s("circle", { r: .07, fill: "#222" }),
        s("text", { class: "label", y: .035, style: "font-size:.1px" }, number)));
  }

  // Ghosts closer than their size are pushed apart (a small field beside a road), staying on
  // the tile; the same anchors give the same places.
  const GHOST = .14;
  function spread(spots) {
    const out = spots.map(([x, y]) => [x, y]);
    for (let round = 0; round < 30; round++) {
      let moved = false;
      for (let a = 0; a < out.length; a++) for (let b = a + 1; b < out.length; b++) {
        let dx = out[b][0] - out[a][0], dy = out[b][1] - out[a][1];
        let d = Math.hypot(dx, dy);
        if (d >= 2.1 * GHOST) continue;
        if (d < 1e-6) { dx = 1; dy = 0; d = 1; }
        const push = (2.1 * GHOST - d) / 2 + .005;
        out[a][0] -= dx / d * push; out[a][1] -= dy / d * push;
        out[b][0] += dx / d * push; out[b][1] += dy / d * push;
        moved = true;
      }
      for (const p of out) { p[0] = Math.min(1 - GHOST, Math.max(GHOST, p[0])); p[1] = Math.min(1 - GHOST, Math.max(GHOST, p[1])); }
      if (!moved) break;
    }
    return out;
  }

  // One tile in tile units (0..1, y down), drawn from its shapes.
  function tile(shape, attrs = {}) {
    const g = s("g", attrs, s("rect", { width: 1, height: 1, fill: C.field }));
    for (const c of shape.cities)
      g.append(s("polygon", { points: pts(c.poly), fill: C.city, stroke: C.cityEdge, "stroke-width": .015, "data-seg": c.seg }));
    for (const r of shape.roads) for (const [[ax, ay], [bx, by]] of r.lines)
      g.append(s("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: C.roadEdge, "stroke-width": .13 }));
    for (const r of shape.roads) for (const [[ax, ay], [bx, by]] of r.lines)
      g.append(s("line", { x1: ax, y1: ay, x2: bx, y2: by, stroke: C.road, "stroke-width": .095, "data-seg": r.seg }));
    if (shape.junction) g.append(s("rect", { x: .43, y: .43, width: .14, height: .14, fill: C.junction }));
    if (shape.cloister) {
      g.append(s("rect", { x: .36, y: .44, width: .28, height: .2, fill: C.chapel, stroke: C.roadEdge, "stroke-width": .015, "data-seg": "CL" }));
      g.append(s("polygon", { points: ".33,.44 .5,.3 .67,.44", fill: C.roof }));
    }
    for (const c of shape.cities) if (c.pennant) {
      const [px, py] = c.pennant;
      const h = .075;
      g.append(s("polygon", { points: pts([[px - h, py - h], [px + h, py - h], [px + h, py], [px, py + h + .03], [px - h, py]]),
        fill: C.pennant, stroke: "#fff", "stroke-width": .012 }));
    }
    g.append(s("rect", { width: 1, height: 1, fill: "none", stroke: C.grid, "stroke-width": .012 }));
    return g;
  }

  function words(ui) { return WORDS[ui.lang] || WORDS.en; }

  // The pending request's options on the board: per cell "x,y" its [option, rotation] pairs.
  function placements(req) {
    const cells = new Map();
    if (!req || req.kind !== "place_tile") return cells;
    req.options.forEach((o, i) => {
      if (!Array.isArray(o.value)) return;
      const [x, y, r] = o.value;
      const k = `${x},${y}`;
      if (!cells.has(k)) cells.set(k, { x, y, opts: [] });
      cells.get(k).opts.push({ i, r });
    });
    for (const c of cells.values()) c.opts.sort((a, b) => a.r - b.r);
    return cells;
  }

  function choose(ui, cell) {
    if (st.cell === cell) st.k += 1;
    else { st.cell = cell; st.k = 0; }
    redraw();
  }

  function place(ui, cells) {
    const c = st.cell && cells.get(st.cell);
    if (!c) return false;
    ui.pick(c.opts[st.k % c.opts.length].i);
    return true;
  }

  function board(el, page, ui) {
    last = { el, page, ui };
    const b = page.board;
    const w = words(ui);
    const req = ui.request;
    if ((req ? req.id : null) !== st.req) { st.req = req ? req.id : null; st.cell = null; st.k = 0; }
    const cells = placements(req);
    if (st.cell && !cells.has(st.cell)) st.cell = null;
    const deploy = req && req.kind === "deploy" && Array.isArray(req.at) ? req : null;
    seatColours(b.colours);

    // the grid: every tile and candidate cell, and one empty ring around them
    const xs = b.tiles.map((t) => t[0]), ys = b.tiles.map((t) => t[1]);
    for (const c of cells.values()) { xs.push(c.x); ys.push(c.y); }
    if (!xs.length) { xs.push(0); ys.push(0); }
    const x0 = Math.min(...xs) - 1, x1 = Math.max(...xs) + 1, y0 = Math.min(...ys) - 1, y1 = Math.max(...ys) + 1;
    if (b.over && !st.fitted) fit(el, x1 - x0 + 1, y1 - y0 + 1);
    st.fitted = b.over;
    const T = ZOOMS[zoom];
    const at = (x, y) => `translate(${x - x0},${y1 - y})`;
    const where = new Map(b.tiles.map(([x, y, k]) => [`${x},${y}`, k]));

    const root = s("g", { transform: `scale(${T})` });
    const drawn = new Map();  // "x,y" -> the tile's element
    for (const [x, y, k] of b.tiles) {
      const g = tile(b.shapes[k], { transform: at(x, y), class: "tile", "data-cell": `${x},${y}`, "data-key": k });
      drawn.set(`${x},${y}`, g);
      g.append(s("title", {}, `${k[0]} ${w.at} (${x},${y}) ${w.turned} ${Number(k.slice(1)) * 90}°`));
      root.append(g);
    }
    if (b.last) root.append(s("rect", { transform: at(b.last[0], b.last[1]), width: 1, height: 1, class: "last",
      fill: "none", stroke: C.last, "stroke-width": .04 }));
    for (const [x, y, seg, seat, role] of b.followers) {
      const k = where.get(`${x},${y}`);
      const spot = k && b.shapes[k].anchors[seg];
      if (!spot) continue;
      const g = s("g", { transform: at(x, y), class: "follower", "data-seat": seat, "data-seg": seg });
      g.append(meeple(spot, b.colours[seat] || "#888", role));
      root.append(g);
    }
    // place_tile: the cells where the drawn tile fits; the chosen one shows the tile turned
    for (const [name, c] of cells) {
      const chosen = st.cell === name;
      const g = s("g", { transform: at(c.x, c.y), class: chosen ? "cand chosen" : "cand", "data-cell": name,
        onclick: () => choose(ui, name) });
      if (chosen) {
        const o = c.opts[st.k % c.opts.length];
        const shape = b.shapes[`${b.drawn}${o.r}`];
        if (shape) g.append(tile(shape, { class: "preview", "data-option": o.i }));
        g.append(s("rect", { width: 1, height: 1, fill: "none", stroke: C.pick, "stroke-width": .05 }));
        g.append(s("g", { class: "place", "data-option": o.i, transform: "translate(.84,.84)",
          onclick: (ev) => { ev.stopPropagation(); ui.pick(o.i); } },
          s("title", {}, w.place),
          s("circle", { r: .14, fill: C.pick, stroke: "#fff", "stroke-width": .025 }),
          s("text", { class: "label", y: .055 }, "✓")));
        if (c.opts.length > 1) g.append(s("g", { class: "turn", transform: "translate(.16,.84)" },
          s("title", {}, w.turn),
          s("circle", { r: .12, fill: "#fff", stroke: C.pick, "stroke-width": .025 }),
          s("text", { class: "label dark", y: .05 }, "↻")));
      } else {
        const first = b.shapes[`${b.drawn}${c.opts[0].r}`];
        if (first) g.append(tile(first, { class: "ghost-tile" }));
        g.append(s("rect", { width: 1, height: 1, class: "mark", fill: C.cand, "fill-opacity": .28,
          stroke: C.cand, "stroke-width": .03, "stroke-dasharray": ".08 .05" }));
        g.append(s("text", { class: "coord", x: .5, y: .55 }, name));
        if (c.opts.length > 1) g.append(s("text", { class: "coord small", x: .5, y: .75 }, `${c.opts.length} ${w.rotations}`));
      }
      root.append(g);
    }
    // deploy: a ghost follower on each free segment of the tile just placed
    if (deploy) {
      const [x, y] = deploy.at;
      const k = where.get(`${x},${y}`);
      if (k) {
        const shape = b.shapes[k];
        root.append(s("rect", { transform: at(x, y), width: 1, height: 1, fill: "none", stroke: C.pick, "stroke-width": .04 }));
        const g = s("g", { transform: at(x, y) });
        const free = deploy.options.map((o, i) => ({ o, i, spot: shape.anchors[o.value] })).filter((f) => f.spot);
        const spots = spread(free.map((f) => f.spot));
        const parts = (seg) => [...(drawn.get(`${x},${y}`) || root).querySelectorAll(`[data-seg="${seg}"]`)];
        free.forEach(({ o, i }, n) => {
          const role = { field: "farmer" }[shape.segments[o.value]] || "";
          const one = ghost(spots[n], b.colours[ui.viewer] || "#888", role, i + 1, {
            class: "ghost", "data-option": i, "data-seg": o.value, onclick: () => ui.pick(i),
            onmouseenter: () => parts(o.value).forEach((e) => e.classList.add("hl")),
            onmouseleave: () => parts(o.value).forEach((e) => e.classList.remove("hl")),
          });
          one.append(s("title", {}, o.label));
          g.append(one);
        });
        root.append(g);
      }
    }

    const svg = s("svg", { xmlns: NS, width: (x1 - x0 + 1) * T, height: (y1 - y0 + 1) * T, class: "carc" }, root);
    const wrap = document.createElement("div");
    wrap.className = "carc-wrap";
    wrap.append(svg);
    el.replaceChildren(toolbar(page, ui, cells, deploy), wrap);
    scroll(el, { x0, y1, T }, cells, deploy, b);
  }

  function toolbar(page, ui, cells, deploy) {
    const b = page.board;
    const w = words(ui);
    const bar = ui.el("div", { class: "carc-bar" });
    if (b.drawn) {
      const c = st.cell && cells.get(st.cell);
      const r = c ? c.opts[st.k % c.opts.length].r : 0;
      const shape = b.shapes[`${b.drawn}${r}`];
      if (shape) bar.append(s("svg", { width: 44, height: 44, class: "drawn", "data-tile": b.drawn },
        tile(shape, { transform: "scale(44)" })));
      bar.append(ui.el("span", { class: "what" }, `${w.tile} ${b.drawn} · ${b.left} ${w.left}`));
    } else {
      bar.append(ui.el("span", { class: "what" }, `${b.left} ${w.left}`));
    }
    if (cells.size) bar.append(ui.el("span", { class: "hint" }, st.cell ? w.turnHint : w.placeHint));
    if (deploy) {
      bar.append(ui.el("span", { class: "hint" }, w.deployHint));
      const skip = deploy.options.findIndex((o) => o.value === "skip");
      if (skip >= 0) bar.append(ui.el("button", { class: "skip", "data-option": skip, onclick: () => ui.pick(skip) }, w.skip));
    }
    bar.append(ui.el("span", { class: "zoom" },
      ui.el("button", { class: "zoom-out", title: w.zoomOut, onclick: () => setZoom(zoom - 1) }, "−"),
      ui.el("button", { class: "zoom-in", title: w.zoomIn, onclick: () => setZoom(zoom + 1) }, "+")));
    return bar;
  }

  // Keep what a person looks at in view: the board's origin moves as it grows west or north
  // (the scroll follows it); a new request centres its cells (or the tile taking a follower),
  // another seat's new tile centres that tile.
  function scroll(el, grid, cells, deploy, b) {
    const { x0, y1, T } = grid;
    const prev = st.origin;
    if (prev) {
      el.scrollLeft += (prev.x0 - x0) * T;
      el.scrollTop += (y1 - prev.y1) * T;
    }
    st.origin = { x0, y1, T };
    let target = null;
    let why = null;
    if (st.fit) {
      st.fit = false;
      const xs = b.tiles.map((t) => t[0]), ys = b.tiles.map((t) => t[1]);
      target = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
      why = `tile${b.last}`;  // the last tile is in the picture: no centring on it after
    } else if (cells.size && st.centred !== `req${st.req}`) {
      const cs = [...cells.values()];
      const mx = (Math.min(...cs.map((c) => c.x)) + Math.max(...cs.map((c) => c.x))) / 2;
      const my = (Math.min(...cs.map((c) => c.y)) + Math.max(...cs.map((c) => c.y))) / 2;
      target = [mx, my];
      why = `req${st.req}`;
    } else if (deploy && st.centred !== `req${st.req}`) {
      target = deploy.at;  // the tile just placed, its ghosts in the middle of the box
      why = `req${st.req}`;
    } else if (b.last && st.centred !== `tile${b.last}` && !cells.size && !deploy) {
      target = b.last;
      why = `tile${b.last}`;
    }
    if (!target) return;
    st.centred = why;
    const px = (target[0] - x0 + 0.5) * T, py = (y1 - target[1] + 0.5) * T;
    el.scrollLeft = px - el.clientWidth / 2;
    el.scrollTop = py - el.clientHeight / 2;
  }

  // The game over: the largest zoom showing the whole board, centred.
  function fit(el, cols, rows) {
    const room = [el.clientWidth, Math.max(el.clientHeight - 48, 200)];
    let z = 0;
    ZOOMS.forEach((t, i) => { if (cols * t <= room[0] && rows * t <= room[1]) z = i; });
    zoom = z;
    st.origin = null;
    st.fit = true;
  }

  function setZoom(z) {
    const next = Math.max(0, Math.min(ZOOMS.length - 1, z));
    if (next === zoom || !last) return;
    const el = last.el;
    const was = ZOOMS[zoom], now = ZOOMS[next];
    const cx = (el.scrollLeft + el.clientWidth / 2) / was, cy = (el.scrollTop + el.clientHeight / 2) / was;
    zoom = next;
    st.origin = null;
    redraw();
    el.scrollLeft = cx * now - el.clientWidth / 2;
    el.scrollTop = cy * now - el.clientHeight / 2;
  }

  function redraw() { if (last) board(last.el, last.page, last.ui); }

  // The seat panels get their seat's colour (the shared page draws them).
  function seatColours(colours) {
    const text = (colours || []).map((c, n) =>
      `body[data-game="carcassonne"] .seat[data-seat="${n}"] { border-left: 8px solid ${c}; }`).join("\n");
    if (text === st.colours) return;
    st.colours = text;
    let style = document.getElementById("carc-seats");
    if (!style) { style = document.createElement("style"); style.id = "carc-seats"; document.head.append(style); }
    style.textContent = text;
  }

  const style = document.createElement("style");
  style.textContent = `
    .carc-bar { position: sticky; top: 0; left: 0; z-index: 2; display: flex; gap: .6em; align-items: center;
      flex-wrap: wrap; padding: .3em .6em; background: #fffdf8; border-bottom: 1px solid #c9c1b0; }
    .carc-bar .what { font-weight: bold; }
    .carc-bar .hint { color: #555; }
    .carc-bar .zoom { margin-left: auto; }
    .carc-bar button { font: inherit; cursor: pointer; }
    .carc-bar .skip { border: 2px solid ${C.pick}; border-radius: 4px; background: #fff; }
    .carc-bar svg.drawn { border: 1px solid #4e6e36; }
    svg.carc { display: block; margin: 0 auto; background: #e9e4d6; }
    svg.carc .cand { cursor: pointer; }
    svg.carc .cand .ghost-tile { opacity: 0; transition: opacity .1s; }
    svg.carc .cand:hover .ghost-tile { opacity: .7; }
    svg.carc .cand:hover .mark { fill-opacity: .08; }
    svg.carc .cand .coord { font: .16px system-ui, sans-serif; text-anchor: middle; fill: #1c4d2f; pointer-events: none; }
    svg.carc .cand .coord.small { font-size: .11px; }
    svg.carc .cand:hover .coord { opacity: 0; }
    svg.carc .place, svg.carc .turn, svg.carc .ghost { cursor: pointer; }
    svg.carc .label { font: bold .19px system-ui, sans-serif; text-anchor: middle; fill: #fff; pointer-events: none; }
    svg.carc .label.dark { fill: ${C.pick}; }
    svg.carc .ghost .who { opacity: .45; }
    svg.carc .ghost:hover .who { opacity: 1; }
    svg.carc .ghost:hover .ring { fill-opacity: 1; stroke-width: .045; }
    svg.carc .hl { stroke: ${C.pick}; stroke-width: .04; }
    svg.carc line.hl { stroke: #9cc3ff; }
    .carc-wrap { background: #e9e4d6; min-height: 100%; }
  `;
  document.head.append(style);

  // Keys while a placement is pending: r turns the chosen tile (R back), Enter or space places
  // it, Escape forgets the cell; + and − zoom. Taken before the shared page's keys (capture).
  window.addEventListener("keydown", (ev) => {
    if (document.body.dataset.game !== "carcassonne" || !last) return;
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    const ui = last.ui;
    const cells = placements(ui.request);
    let done = true;
    if (ev.key === "+" || ev.key === "=") setZoom(zoom + 1);
    else if (ev.key === "-" || ev.key === "_") setZoom(zoom - 1);
    else if (cells.size && (ev.key === "r" || ev.key === "R")) {
      if (!st.cell) { st.cell = cells.keys().next().value; st.k = 0; }
      else {
        const n = cells.get(st.cell).opts.length;
        st.k = (st.k + (ev.key === "r" ? 1 : n - 1)) % n;
      }
      redraw();
    } else if (st.cell && (ev.key === "Enter" || ev.key === " ")) place(ui, cells);
    else if (st.cell && ev.key === "Escape") { st.cell = null; redraw(); }
    else done = false;
    if (done) { ev.preventDefault(); ev.stopImmediatePropagation(); }
  }, true);

  SGS.register("carcassonne", { board });
})();
