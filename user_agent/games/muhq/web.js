// muhq's board in the browser (user_agent/games/muhq/web.py gives `page.board`): the map with the
// top row first, each tile's terrain and the permanents on it (crew and equipment under the
// unit they are stacked on); the tiles an option designates (its `tile`, or the tile of its
// `perm`) are green and clickable. A tile with several options opens a menu of them; a click
// on a hand card first narrows the green tiles to where that card goes. Then the viewer's
// store (bought from by a click) and the action stack.
"use strict";

(() => {
  const CSS = `
  .mq { padding: .5em; }
  .mq-grid { display: grid; gap: 3px; align-items: stretch; }
  .mq-grid .lab { font-weight: bold; color: #666; display: flex; align-items: center; justify-content: center; }
  .mq-tile { position: relative; min-height: 5.2em; border: 1px solid #b8ae98; border-radius: 5px; padding: 2px 3px;
    font-size: .78em; line-height: 1.15; background: #f4f0e0; overflow: hidden; }
  .mq-tile .ter { position: absolute; right: 3px; bottom: 1px; color: #6b6250; font-size: .9em; }
  .mq-tile.t-F { background: #e6efb6; } .mq-tile.t-H { background: #ecd5b0; } .mq-tile.t-T { background: #d3cbc2; }
  .mq-tile.t-eq { background: #dcd7ca; } .mq-tile.t-wa { background: #c4e0f4; } .mq-tile.t-de { background: #8fbbe0; }
  .mq-tile.t-S { background: #efe3f7; } .mq-tile.t-K { background: #fbe8bd; } .mq-tile.t-P { background: #cfe3e6; }
  .mq-tile.open { border: 2px solid #2e8b57; box-shadow: 0 0 0 2px #2e8b57 inset; cursor: pointer; }
  .mq-tile.open:hover { filter: brightness(.93); }
  .mq-tile.acting { outline: 3px solid #d08a00; }
  .mq-perm { display: block; border-radius: 3px; padding: 0 2px; margin-bottom: 1px; background: rgba(255,255,255,.75); }
  .mq-perm .ab { font-weight: bold; font-size: 1.25em; }
  .mq-perm.s0 .ab { color: #1e4fa0; } .mq-perm.s1 .ab { color: #b22222; } .mq-perm.s2 .ab { color: #2a7a2a; }
  .mq-perm.s3 .ab { color: #7a2db0; } .mq-perm.sk .ab { color: #0b7a75; }
  .mq-perm.tapped { opacity: .55; font-style: italic; }
  .mq-perm.sub { margin-left: .8em; font-size: .9em; }
  .mq-perm .tok { color: #7a2db0; margin-left: 2px; }
  .mq-menu { position: absolute; z-index: 5; background: #fff; border: 2px solid #2e8b57; border-radius: 6px;
    padding: .3em; box-shadow: 0 3px 10px rgba(0,0,0,.2); min-width: 14em; }
  .mq-menu button { display: block; width: 100%; text-align: left; font: inherit; margin: 1px 0; padding: .2em .4em;
    border: 1px solid #c9c1b0; background: #fbfaf6; border-radius: 4px; cursor: pointer; }
  .mq-side { margin-top: .5em; }
  .mq-store { display: flex; flex-wrap: wrap; gap: .3em; margin-top: .3em; }
  .mq-store button { font: inherit; padding: .25em .5em; border-radius: 5px; border: 1px solid #c9c1b0; background: #fff; }
  .mq-store button.open { border: 2px solid #2e8b57; cursor: pointer; }
  .mq-playing { color: #2e8b57; font-weight: bold; margin-bottom: .3em; }
  .mq-legend { color: #777; font-size: .85em; margin-bottom: .4em; }
  .mq-stack { margin: .3em 0 0; padding-left: 1.5em; }
  `;
  const TERRAIN_CLASS = { "=": "t-eq", "~": "t-wa", "#": "t-de" };
  let last = null;      // [root, page, ui] of the last draw (a hand click redraws)
  let reqId = null;     // the request the local choices below belong to
  let selected = null;  // a hand card clicked first: only its tiles are green
  let menu = null;      // {tile, options} a menu of the options at one tile

  function style() {
    if (document.getElementById("mq-style")) return;
    const s = document.createElement("style");
    s.id = "mq-style";
    s.textContent = CSS;
    document.head.append(s);
  }

  function terrainClass(code) {
    return TERRAIN_CLASS[code] || (/^[SKP]\d$/.test(code) ? `t-${code[0]}` : `t-${code}`);
  }

  // option index -> the tile name it designates ("c1"), from its tile or its permanent's tile
  function designated(req, page) {
    const out = new Map();
    if (!req || req.form !== "choice") return out;
    const permTile = new Map();
    for (const row of page.board.rows) for (const t of row) for (const p of t.perms) permTile.set(p.id, t.name);
    const nameOf = (x, y) => String.fromCharCode(97 + x) + String(y + 1);
    req.options.forEach((o, i) => {
      if (selected !== null && o.card !== selected) return;
      if (Array.isArray(o.tile)) out.set(i, nameOf(o.tile[0], o.tile[1]));
      else if (o.perm !== undefined && permTile.has(o.perm)) out.set(i, permTile.get(o.perm));
    });
    return out;
  }

  function board(root, page, ui) {
    style();
    last = [root, page, ui];
    const req = ui.request;
    const id = req ? req.id : null;
    if (id !== reqId) { reqId = id; selected = null; menu = null; }
    const el = ui.el;
    const b = page.board;
    const where = designated(req, page);
    const atTile = new Map();
    for (const [i, name] of where) {
      if (!atTile.has(name)) atTile.set(name, []);
      atTile.get(name).push(i);
    }
    const acting = req && req.acting !== undefined ? req.acting : null;
    const redraw = () => board(...last);

    const grid = el("div", { class: "mq-grid", style: `grid-template-columns: 1.6em repeat(${b.width}, minmax(5.6em, 1fr))` });
    grid.append(el("div", {}), ...b.columns.map((c) => el("div", { class: "lab" }, c)));
    for (const row of b.rows) {
      grid.append(el("div", { class: "lab" }, String(row[0].y + 1)));
      for (const t of row) {
        const opts = atTile.get(t.name) || [];
        const isActing = acting !== null && t.perms.some((p) => p.id === acting);
        const cls = ["mq-tile", terrainClass(t.terrain), opts.length ? "open" : "", isActing ? "acting" : ""].join(" ");
        const kids = t.perms.map((p) => el("span", {
          class: ["mq-perm", `s${p.mark}`, p.tapped ? "tapped" : "", p.depth ? "sub" : ""].join(" "),
          "data-perm": p.id, title: p.text,
        }, p.depth ? "+ " : "", el("span", { class: "ab" }, p.abbr + p.mark), " ",
        p.max ? `${p.life}/${p.max}` : "", p.durability !== null ? ` d${p.durability}` : "",
        p.poison ? el("span", { class: "tok" }, ` ☠${p.poison}`) : null,
        p.paralysis ? el("span", { class: "tok" }, ` ⌁${p.paralysis}`) : null));
        kids.push(el("span", { class: "ter", title: t.terrain_words }, t.terrain === "." ? "" : t.terrain));
        const tile = el("div", {
          class: cls, "data-tile": t.name, "data-x": t.x, "data-y": t.y, "data-options": opts.length || null,
          title: `${t.name}: ${t.terrain_words}`,
          onclick: (ev) => {
            if (!opts.length) return;
            ev.stopPropagation();
            if (opts.length === 1) { ui.pick(opts[0]); return; }
            menu = { tile: t.name, options: opts };
            redraw();
          },
        }, ...kids);
        grid.append(tile);
      }
    }
    const wrap = el("div", { class: "mq", style: "position: relative" });
    wrap.append(grid);
    if (menu) {
      const at = grid.querySelector(`[data-tile="${menu.tile}"]`);
      const box = el("div", { class: "mq-menu", "data-menu": menu.tile },
        ...menu.options.map((i) => el("button", { "data-option": i, onclick: () => { menu = null; ui.pick(i); } },
          req.options[i].label)),
        el("button", { class: "close", onclick: () => { menu = null; redraw(); } }, "×"));
      wrap.append(box);
      requestAnimationFrame(() => {
        if (!at) return;
        box.style.left = `${at.offsetLeft + at.offsetWidth}px`;
        box.style.top = `${at.offsetTop}px`;
      });
    }
    if (selected !== null) {
      const name = (page.hand.find((c) => c.id === selected) || { label: selected }).label;
      wrap.prepend(el("div", { class: "mq-playing" }, `${name}: click a green tile `,
        el("button", { class: "unselect", onclick: () => { selected = null; redraw(); } }, "×")));
    }
    const side = el("div", { class: "mq-side" }, el("div", { class: "mq-legend" }, b.legend));
    if (b.store.length) {
      side.append(el("strong", {}, "your store"), el("div", { class: "mq-store" }, ...b.store.map((c) => {
        const i = req && req.form === "choice" ? req.options.findIndex((o) => o.store === c.id) : -1;
        return el("button", { class: i >= 0 ? "open" : "", "data-store": c.id, title: c.text, disabled: i < 0,
          onclick: () => i >= 0 && ui.pick(i) }, c.label);
      })));
    }
    if (b.stack.length) {
      side.append(el("div", {}, el("strong", {}, "on the stack (top last)")),
        el("ol", { class: "mq-stack" }, ...b.stack.map((s) => el("li", {}, s))));
    }
    if (b.error) side.append(el("div", { class: "error" }, b.error));
    wrap.append(side);
    root.replaceChildren(wrap);
  }

  // A hand card clicked: with several places to play it, show only those (the map's clicks
  // then pick); with one, let the shared page pick it.
  function card(id, ui) {
    const req = ui.request;
    if (!req || req.form !== "choice" || !last) return false;
    const n = req.options.filter((o) => o.card === id && (o.tile || o.perm !== undefined)).length;
    if (n <= 1) return false;
    selected = selected === id ? null : id;
    menu = null;
    board(...last);
    return true;
  }

  SGS.register("muhq", { board, card });
})();
