// Harmony of Elements' board in the browser (user_agent/games/harmony/web.py gives `page.board`):
// North's field above the midline (back row on top), South's below it (front row first), lanes
// a..e from South's left; under each field's back row, the damage that went through each lane
// to that side this round. A placement is a product (cell x role x element): a click on a
// green cell picks the cell, then the palette's role and element buttons the rest.
"use strict";

(() => {
  const CSS = `
  .hoe { padding: .6em; }
  .hoe-grid { display: grid; grid-template-columns: 8.5em repeat(5, 5.4em); gap: 4px; align-items: center; }
  .hoe-grid .lab { font-size: .85em; color: #666; text-align: right; padding-right: .4em; }
  .hoe-grid .lane { text-align: center; font-weight: bold; color: #555; }
  .hoe-grid .mid { grid-column: 1 / span 6; border-top: 2px dashed #a89f8c; text-align: right;
    font-size: .75em; color: #888; height: .9em; }
  .hoe-cell { height: 4.1em; border: 1px solid #c9c1b0; border-radius: 6px; background: #fbfaf6;
    display: flex; flex-direction: column; align-items: center; justify-content: center;
    position: relative; font-size: .8em; }
  .hoe-cell.mine { background: #fff8dc; }
  .hoe-cell .role { font-size: 1.9em; font-weight: bold; line-height: 1; }
  .hoe-cell .elem { font-size: .85em; }
  .hoe-cell.e-w { background: #d6e6ff; color: #1e4fa0; }
  .hoe-cell.e-f { background: #ffdcd2; color: #b22222; }
  .hoe-cell.e-e { background: #efe2bf; color: #7a5a10; }
  .hoe-cell.e-l { background: #eedcff; color: #7a2db0; }
  .hoe-cell.exhausted { opacity: .45; }
  .hoe-cell.exhausted::after { content: "✕"; position: absolute; top: 1px; right: 4px; color: #555; }
  .hoe-cell.open { border: 2px solid #2e8b57; box-shadow: 0 0 0 2px #2e8b57 inset; cursor: pointer; background: #e5f5ea; }
  .hoe-cell.open:hover { background: #c9ecd4; }
  .hoe-cell.chosen { outline: 3px solid #d08a00; }
  .hoe-through { text-align: center; font-size: .8em; color: #b22222; }
  .hoe-palette { margin-top: .7em; display: flex; flex-wrap: wrap; gap: .3em; align-items: center; }
  .hoe-palette .what { font-weight: bold; margin-right: .3em; }
  .hoe-palette button { font: inherit; padding: .25em .55em; border-radius: 5px; border: 1px solid #c9c1b0; background: #fff; }
  .hoe-palette button.open { border: 2px solid #2e8b57; cursor: pointer; }
  .hoe-palette button:disabled { opacity: .5; }
  .hoe-palette button.e-w { color: #1e4fa0; } .hoe-palette button.e-f { color: #b22222; }
  .hoe-palette button.e-e { color: #7a5a10; } .hoe-palette button.e-l { color: #7a2db0; }
  .hoe-prompt { margin-top: .4em; color: #2e8b57; font-weight: bold; }
  `;
  const ROW_WORD = { F: "front", M: "middle", B: "back" };

  function style() {
    if (document.getElementById("hoe-style")) return;
    const s = document.createElement("style");
    s.id = "hoe-style";
    s.textContent = CSS;
    document.head.append(s);
  }

  // The product's step now: "cell", "role", "element", or "" (no placement asked).
  function step(ui, b) {
    const req = ui.request;
    if (!req || req.kind !== "place_piece" || req.form !== "product") return "";
    return ["cell", "role", "element"][(ui.chosen || []).length] || "";
  }

  function board(root, page, ui) {
    style();
    const b = page.board;
    const el = ui.el;
    const w = b.words;
    const values = ui.marks().values;
    const now = step(ui, b);
    const req = ui.request;
    const chosen = ui.chosen || [];
    const chosenCell = now && chosen.length ? req.axes_raw[0][chosen[0]] : null;
    const chosenRole = now && chosen.length > 1 ? req.axes_raw[1][chosen[1]] : null;
    const roleOf = Object.fromEntries(b.roles.map((r) => [r.code, r]));
    const elementOf = Object.fromEntries(b.elements.map((e) => [e.code, e]));

    const grid = el("div", { class: "hoe-grid" });
    const through = (seat) => {
      grid.append(el("div", { class: "lab" }, `${w.through} → ${b.sides[seat].name}`));
      for (const lane of b.lanes) {
        const n = b.through[seat][lane];
        grid.append(el("div", { class: "hoe-through", "data-through": `${seat}:${lane}` }, n ? String(n) : ""));
      }
    };
    const row = (seat, r) => {
      const side = b.sides[seat];
      grid.append(el("div", { class: "lab" }, `${side.name} ${w[ROW_WORD[r]]} (${r})`));
      for (const lane of b.lanes) {
        const cell = `${lane}/${r}`;
        const piece = side.cells[cell];
        const mine = seat === b.viewer;
        const open = !piece && mine && now === "cell" && values.has(JSON.stringify(cell));
        const cls = ["hoe-cell", mine ? "mine" : "", piece ? `e-${piece.element}` : "",
          piece && piece.exhausted ? "exhausted" : "", open ? "open" : "",
          mine && cell === chosenCell ? "chosen" : ""].join(" ");
        let kids = [];
        if (piece) {
          kids = [el("span", { class: "role" }, piece.role),
            el("span", { class: "elem" }, elementOf[piece.element].name)];
        } else if (mine && cell === chosenCell) {
          kids = [el("span", { class: "role" }, chosenRole || "?")];
        } else {
          kids = [el("span", { class: "elem" }, cell)];
        }
        const role = piece ? roleOf[piece.role] : null;
        const title = piece
          ? `${cell}: ${piece.name} (${role.damage} ${w.damage}, ${role.defence} ${w.defence})${piece.exhausted ? ` · ${w.exhausted}` : ""}`
          : cell;
        grid.append(el("div", {
          class: cls, "data-side": seat, "data-cell": cell, "data-piece": piece ? piece.code : null, title,
          onclick: () => open && ui.pickValue(cell),
        }, ...kids));
      }
    };
    grid.append(el("div", {}), ...[...b.lanes].map((l) => el("div", { class: "lane" }, l)));
    through(1);
    for (const r of [...b.rows].reverse()) row(1, r);
    grid.append(el("div", { class: "mid" }, w.midline));
    for (const r of b.rows) row(0, r);
    through(0);

    const palette = el("div", { class: "hoe-palette" },
      el("span", { class: "what" }, `${w.role}:`),
      ...b.roles.map((r) => {
        const open = now === "role" && values.has(JSON.stringify(r.code));
        return el("button", { class: open ? "open" : "", "data-role": r.code, disabled: !open,
          title: `${r.damage} ${w.damage}, ${r.defence} ${w.defence}`,
          onclick: () => ui.pickValue(r.code) }, `${r.code} ${r.name} ${r.damage}/${r.defence}`);
      }),
      el("span", { class: "what" }, ` ${w.element}:`),
      ...b.elements.map((e) => {
        const open = now === "element" && values.has(JSON.stringify(e.code));
        return el("button", { class: [`e-${e.code}`, open ? "open" : ""].join(" "), "data-element": e.code,
          disabled: !open, onclick: () => ui.pickValue(e.code) }, `${e.code} ${e.name}`);
      }));
    const prompt = now ? el("div", { class: "hoe-prompt" }, w[`pick_${now}`]) : null;
    root.replaceChildren(el("div", { class: "hoe" }, grid, palette, prompt));
  }

  SGS.register("harmony", { board });
})();
