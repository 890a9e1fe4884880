// The sgs browser client's page: one WebSocket to the gateway (`sgs web`), which folds the
// seat's events and sends the page its table as JSON (docs/web.md). This script draws the
// parts every game shares (seats, hand, request, log, replay controls); a game's own script
// (/games/<game>.js) draws its board. No build step: plain modern JavaScript.
"use strict";

const SGS = (() => {
  const WORDS = {
    en: {
      tables: "Tables", table: "table", game: "game", seats: "seats", state: "state",
      decisions: "decisions", queues: "queue", waitingFor: "waiting", refresh: "Refresh", queue: "Join a queue", mode: "mode",
      players: "players", name: "name", join: "Join", take: "Take a seat by its token",
      seat: "seat", token: "token", sit: "Sit down", replays: "Replays", turn: "turn",
      decision: "decision", watch: "watch", default: "Default", cancel: "Cancel",
      done: "Done", back: "Back", you: "you", left: "s left", waiting: "waiting in the queue",
      seated: "seated at", over: "The game is over", noreplays: "no replays (sgs web --replays DIR)",
      connecting: "connecting…", connected: "", lost: "connection lost: reconnecting…",
      asSeat: "as seat", omniscient: "omniscient", step: "step", of: "of",
      piles: "piles", place: "where does it go?", chosen: "chosen", yourTurn: "your decision",
      keys: "keys: 1-9 choose · ↑↓ move · Enter confirm · d default · c cancel · Backspace back",
      replayKeys: "keys: → ← one step · ] [ one decision · } { one turn · Home End the start, the end",
      helpKey: "this help (Esc closes it)",
    },
    zh: {
      tables: "牌桌", table: "牌桌", game: "游戏", seats: "座位", state: "状态",
      decisions: "决定", queues: "队列", waitingFor: "等待", refresh: "刷新", queue: "排队", mode: "模式", players: "人数",
      name: "名字", join: "加入", take: "凭口令入座", seat: "座位", token: "口令",
      sit: "入座", replays: "录像", turn: "回合", decision: "决定", watch: "观战",
      default: "默认", cancel: "取消", done: "确定", back: "返回", you: "你", left: "秒",
      waiting: "排队中", seated: "已入座", over: "游戏结束", noreplays: "没有录像（sgs web --replays 目录）",
      connecting: "连接中…", connected: "", lost: "连接断开：重连中…", asSeat: "以座位",
      omniscient: "全知", step: "步", of: "/", piles: "牌堆", place: "放到哪里？",
      chosen: "已选", yourTurn: "你的决定",
      keys: "按键：1-9 选择 · ↑↓ 移动 · 回车 确认 · d 默认 · c 取消 · 退格 返回",
      replayKeys: "按键：→ ← 一步 · ] [ 一个决定 · } { 一个回合 · Home End 开头、结尾",
      helpKey: "本帮助（Esc 关闭）",
    },
  };
  const games = {};
  const $ = (sel) => document.querySelector(sel);
  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined)
      e.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    return e;
  };

  let lang = "en";
  const w = (key) => (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  let ws = null;
  let retry = 250;
  let hello = null;       // the session's hello (game, seats, viewer, mode)
  let page = null;        // the last state's page
  let told = 0;           // sentences shown
  const requests = new Map();  // id -> request
  let picker = null;      // {req, marked:Set, axes:[], placed:[], cursor}
  let countdown = null;
  // While a pointer button is down on the page, frames wait (the page does not change under
  // it): a click's press and release then land on the same element, so a redraw arriving in
  // between (the table's next state, a new request) cannot turn the click into nothing, nor
  // aim it at another request than the one it was pressed on.
  let pressed = false;
  const held = [];

  // --- the connection ------------------------------------------------------------------------

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
    ws = new WebSocket(url);
    $("#conn").textContent = w("connecting");
    ws.onopen = () => {
      retry = 250;
      $("#conn").textContent = "";
      route(true);
    };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (pressed) { held.push(msg); document.body.dataset.held = String(held.length); }
      else receive(msg);
    };
    ws.onclose = () => {
      $("#conn").textContent = w("lost");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    };
  }

  // The page's place is its hash: #/ (lobby), #/seat/TABLE/SEAT[/TOKEN], #/join/GAME,
  // #/watch/TABLE, #/replay/FILE[?seat=N]. A token in the hash (a join link) is kept in this
  // tab's storage and taken out of the address at once.
  function route(reconnected) {
    const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
    const where = parts[0] || "";
    if (where === "seat" && parts.length > 3) {
      sessionStorage.setItem(`sgs-token:${parts[1]}:${parts[2]}`, parts[3]);
      history.replaceState(null, "", `#/seat/${encodeURIComponent(parts[1])}/${parts[2]}`);
      return route(reconnected);
    }
    const saved = sessionStorage.getItem("sgs-session:" + location.hash);
    if (where === "") { send({ t: "detach" }); showLobby(); return; }
    if (saved && reconnected !== "fresh") { send({ t: "resume", session: saved }); return; }
    open(parts);
  }

  function open(parts) {
    const where = parts[0];
    if (where === "seat") {
      const token = sessionStorage.getItem(`sgs-token:${parts[1]}:${parts[2]}`) || "";
      send({ t: "seat", table: parts[1], seat: Number(parts[2]), token });
    } else if (where === "join") {
      send({ t: "join", game: parts[1], mode: parts[2] || "", players: Number(parts[3] || 0), name: parts[4] || "browser" });
    } else if (where === "watch") {
      send({ t: "watch", table: parts[1] });
    } else if (where === "replay") {
      const [file, query] = parts.slice(1).join("/").split("?");
      const m = /seat=(\d+)/.exec(query || "");
      send({ t: "replay", file, seat: m ? Number(m[1]) : null });
    }
  }

  function go(hash) {
    sessionStorage.removeItem("sgs-session:" + hash);
    if (location.hash === hash) route("fresh");
    else location.hash = hash;
  }

  // --- what the gateway says -------------------------------------------------------------------

  function receive(msg) {
    switch (msg.t) {
      case "session":
        sessionStorage.setItem("sgs-session:" + location.hash, msg.id);
        break;
      case "expired":
        sessionStorage.removeItem("sgs-session:" + location.hash);
        route("fresh");
        break;
      case "hello": start(msg); break;
      case "state": state(msg); break;
      case "request": request(msg); break;
      case "answered": answered(msg); break;
      case "position": position(msg); break;
      case "tables": tables(msg); break;
      case "replays": replays(msg); break;
      case "queued":
        $("#queued").textContent = `${w("waiting")}: ${msg.game} ${msg.mode} (${msg.waiting}/${msg.needed})`;
        showLobby(true);
        break;
      case "seated":
        $("#queued").textContent = `${w("seated")} ${msg.table}, ${w("seat")} ${msg.seat}`;
        break;
      case "notice": $("#notice").textContent = msg.text; break;
      case "ended":
        requests.clear(); picker = null; drawRequest();
        $("#notice").textContent = msg.reason === "game_over" ? w("over") : `${w("over")} (${msg.reason})`;
        document.body.classList.add("ended");
        break;
      case "error": showError(msg); break;
      case "closed": $("#notice").textContent = msg.reason; break;
      case "left": showLobby(); break;
    }
  }

  function showError(msg) {
    const box = $("#errors");
    const line = el("div", { class: "error" }, `${msg.code}: ${msg.message}`);
    box.append(line);
    while (box.children.length > 5) box.firstChild.remove();
    setTimeout(() => line.remove(), 8000);
  }

  function start(h) {
    hello = h;
    lang = h.lang || "en";
    document.documentElement.lang = lang;
    translate();
    $("#lobby").hidden = true;
    $("#game").hidden = false;
    document.body.dataset.game = h.game;
    document.body.dataset.mode = h.mode;
    document.body.classList.remove("ended");
    $("#replay").hidden = h.mode !== "replay";
    $("#log").replaceChildren();
    told = 0;
    requests.clear();
    picker = null;
    drawRequest();
    const title = h.mode === "replay"
      ? `${h.title} · ${h.file} · ${h.viewer === null ? w("omniscient") : `${w("asSeat")} ${h.viewer}`}`
      : h.mode === "watch" ? `${h.title} · ${w("watch")} ${h.table}`
      : `${h.title} · ${h.table} · ${w("seat")} ${h.viewer}`;
    document.title = title;
    $("#status").textContent = title;
    if (h.script && !games[h.game]) {
      const s = el("script", { src: `/games/${h.game}.js` });
      s.onload = () => draw();
      document.head.append(s);
    }
  }

  function state(msg) {
    page = msg.page;
    const log = $("#log");
    if (msg.told < told || msg.lines.length > msg.told - told) { log.replaceChildren(); }
    for (const line of msg.lines) log.append(el("li", {}, line));
    while (log.children.length > 400) log.firstChild.remove();
    told = msg.told;
    log.scrollTop = log.scrollHeight;
    draw();
  }

  function position(msg) {
    $("#where").textContent = `${w("step")} ${msg.pos} ${w("of")} ${msg.steps} · ${w("turn")} ${msg.turn}/${msg.turns} · ${w("decision")} ${msg.decision}/${msg.decisions}`;
  }

  // --- the table ---------------------------------------------------------------------------------

  function marks() {
    // seat -> option index, card id -> option index, value -> option index (the current step)
    const out = { seats: new Map(), cards: new Map(), values: new Map() };
    if (!picker) return out;
    const req = picker.req;
    if (req.form === "product") {
      const axis = (req.axes_raw || [])[picker.axes.length] || [];
      axis.forEach((v, i) => out.values.set(JSON.stringify(v), i));
      return out;
    }
    req.options.forEach((o, i) => {
      if (o.seat !== undefined && !out.seats.has(o.seat)) out.seats.set(o.seat, i);
      if (o.card !== undefined && !out.cards.has(o.card)) out.cards.set(o.card, i);
      if (o.value !== undefined) out.values.set(JSON.stringify(o.value), i);
    });
    return out;
  }

  const ui = {
    get lang() { return lang; },
    get viewer() { return hello ? hello.viewer : null; },
    get request() { return picker ? picker.req : null; },
    // a product's options chosen so far (their indices on the axes before the current one)
    get chosen() { return picker && picker.req.form === "product" ? [...picker.axes] : []; },
    el,
    marks,
    pickValue(value) {
      const i = marks().values.get(JSON.stringify(value));
      if (i !== undefined) pick(i);
      return i !== undefined;
    },
    pick: (i) => pick(i),
  };

  function draw() {
    if (!page || !hello) return;
    const m = marks();
    $("#status").dataset.page = page.status || "";
    if (page.status) $("#status").textContent = page.status;
    const seats = $("#seats");
    seats.replaceChildren(...(page.seats || []).map((s) => {
      const opt = m.seats.get(s.seat);
      const marked = picker && picker.req.form === "subset" && opt !== undefined && picker.marked.has(opt);
      const cls = ["seat", s.me ? "me" : "", s.current ? "current" : "", s.dead ? "dead" : "",
        opt !== undefined ? "target" : "", marked ? "marked" : ""].join(" ");
      return el("div", { class: cls, "data-seat": s.seat, onclick: () => opt !== undefined && pick(opt) },
        el("div", { class: "title" }, s.title, opt !== undefined ? el("span", { class: "key" }, ` [${opt + 1}]`) : null),
        ...(s.tags || []).map((t) => el("span", { class: "tag" }, t)),
        ...(s.lines || []).map((l) => el("div", { class: "line" }, l)));
    }));
    const g = games[hello.game];  // a game's script may take a hand card's click (`card(id, ui)`)
    const hand = $("#hand");
    hand.replaceChildren(...(page.hand || []).map((c) => {
      const opt = m.cards.get(c.id);
      const marked = picker && opt !== undefined && picker.marked.has(opt);
      const cls = ["card", c.color || "", opt !== undefined ? "playable" : "", marked ? "marked" : "",
        picker && picker.req.playing === c.id ? "playing" : ""].join(" ");
      return el("button", { class: cls, "data-card": c.id, title: c.text || "", disabled: opt === undefined,
        onclick: () => opt !== undefined && !(g && g.card && g.card(c.id, ui)) && pick(opt) }, c.label);
    }));
    const board = $("#board");
    if (g && page.board !== undefined) {
      g.board(board, page, ui);
    } else if (page.text) {
      board.replaceChildren(el("pre", { class: "text" }, page.text.join("\n")));
    } else {
      board.replaceChildren();
    }
  }

  // --- requests ----------------------------------------------------------------------------------

  function request(req) {
    req.received = performance.now();
    requests.set(req.id, req);
    if (!picker) next();
  }

  function answered(msg) {
    requests.delete(msg.id);
    if (picker && picker.req.id === msg.id) { picker = null; next(); }
  }

  function next() {
    const ids = [...requests.keys()].sort((a, b) => a - b);
    picker = ids.length ? { req: requests.get(ids[0]), marked: new Set(), axes: [], placed: [], cursor: 0 } : null;
    drawRequest();
    draw();
    if (picker) {
      const id = picker.req.id;
      requestAnimationFrame(() => send({ t: "drawn", id }));
    }
  }

  function labels() {
    const req = picker.req;
    if (req.form === "product") return req.axes[picker.axes.length] || [];
    if (req.form === "arrange") return req.piles;
    return req.options.map((o) => o.label);
  }

  function reply(choice) {
    const id = picker.req.id;
    send({ t: "reply", id, choice });
    requests.delete(id);
    picker = null;
    next();
  }

  function pick(i) {
    if (!picker) return;
    const req = picker.req;
    if (i < 0 || i >= labels().length) return;
    picker.cursor = i;
    if (req.form === "choice") return reply(i);
    if (req.form === "subset") {
      if (picker.marked.has(i)) picker.marked.delete(i); else picker.marked.add(i);
    } else if (req.form === "product") {
      picker.axes.push(i);
      picker.cursor = 0;
      if (picker.axes.length === req.axes.length) return reply([...picker.axes]);
    } else if (req.form === "arrange") {
      picker.placed.push(i);
      if (picker.placed.length === req.options.length) {
        const out = [];
        req.piles.forEach((_, p) => {
          if (p) out.push(-1);
          picker.placed.forEach((q, item) => q === p && out.push(item));
        });
        return reply(out);
      }
    }
    drawRequest();
    draw();
  }

  function confirm() {
    if (!picker) return;
    if (picker.req.form === "subset") {
      const n = picker.marked.size;
      if (n >= picker.req.min && n <= picker.req.max) reply([...picker.marked].sort((a, b) => a - b));
    } else pick(picker.cursor);
  }

  function back() {
    if (!picker) return;
    if (picker.req.form === "product") picker.axes.pop();
    else if (picker.req.form === "arrange") picker.placed.pop();
    else if (picker.req.form === "subset") picker.marked.clear();
    drawRequest(); draw();
  }

  function drawRequest() {
    const box = $("#request");
    clearInterval(countdown);
    if (!picker) { box.hidden = true; box.replaceChildren(); delete box.dataset.id; return; }
    const req = picker.req;
    box.hidden = false;
    box.dataset.id = String(req.id);
    box.dataset.kind = req.kind;
    const opts = labels();
    let step = req.title;
    if (req.form === "product") step = `${req.title} — ${req.axis_names[picker.axes.length] || ""}`;
    if (req.form === "arrange") step = `${req.title} — ${req.options[picker.placed.length].label}: ${w("place")}`;
    const list = el("ol", { class: "options" }, ...opts.map((label, i) => {
      const marked = req.form === "subset" && picker.marked.has(i);
      return el("li", {}, el("button", {
        class: ["option", i === picker.cursor ? "cursor" : "", marked ? "marked" : ""].join(" "),
        "data-option": i, onclick: () => pick(i),
      }, `${i + 1}. ${label}`));
    }));
    const timer = el("span", { class: "timer" });
    const buttons = el("div", { class: "buttons" },
      req.form === "subset" ? el("button", { class: "done", onclick: confirm }, `${w("done")} (${picker.marked.size})`) : null,
      (req.form === "product" && picker.axes.length) || (req.form === "arrange" && picker.placed.length)
        ? el("button", { class: "back", onclick: back }, w("back")) : null,
      el("button", { class: "default", onclick: () => reply(req.default_choice) }, `${w("default")}: ${req.default}`),
      req.cancel ? el("button", { class: "cancel", onclick: () => reply(null) }, w("cancel")) : null,
      timer);
    box.replaceChildren(el("div", { class: "ask" }, el("strong", {}, `${w("yourTurn")} #${req.id}: `), step),
      list, buttons, el("div", { class: "keys" }, w("keys")));
    if (req.deadline > 0) {
      const end = req.received + req.deadline * 1000;
      const tick = () => { timer.textContent = ` ${Math.max(0, Math.ceil((end - performance.now()) / 1000))}${w("left")}`; };
      tick();
      countdown = setInterval(tick, 500);
    }
  }

  function toggleHelp() {
    const box = $("#help");
    const replaying = hello && hello.mode === "replay";
    const lines = [replaying ? w("replayKeys") : w("keys"), "? " + w("helpKey")];
    if (hello && hello.help) lines.push("", hello.help);
    box.querySelector("pre").textContent = lines.join("\n");
    box.hidden = !box.hidden;
  }

  function release() {
    pressed = false;
    delete document.body.dataset.held;
    while (held.length && !pressed) receive(held.shift());
  }
  document.addEventListener("pointerdown", () => { pressed = true; }, true);
  // the click comes after the release, in the same task: the frames wait until it is handled
  for (const type of ["pointerup", "pointercancel"])
    document.addEventListener(type, () => setTimeout(release, 0), true);
  window.addEventListener("blur", release);

  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    if (ev.key === "?" || (ev.key === "Escape" && !$("#help").hidden)) { toggleHelp(); ev.preventDefault(); return; }
    if (hello && hello.mode === "replay") {
      const steps = { ArrowRight: "next", ArrowLeft: "prev", "]": "next_decision", "[": "prev_decision",
        "}": "next_turn", "{": "prev_turn", Home: "start", End: "end", " ": "next" };
      if (steps[ev.key]) { send({ t: "step", to: steps[ev.key], value: 0 }); ev.preventDefault(); }
      return;
    }
    if (!picker) return;
    const n = labels().length;
    if (/^[1-9]$/.test(ev.key)) pick(Number(ev.key) - 1);
    else if (ev.key === "ArrowDown") { picker.cursor = (picker.cursor + 1) % n; drawRequest(); }
    else if (ev.key === "ArrowUp") { picker.cursor = (picker.cursor + n - 1) % n; drawRequest(); }
    else if (ev.key === "Enter") confirm();
    else if (ev.key === "d") reply(picker.req.default_choice);
    else if (ev.key === "c" && picker.req.cancel) reply(null);
    else if (ev.key === "Backspace") back();
    else return;
    ev.preventDefault();
  });

  // --- the lobby ---------------------------------------------------------------------------------

  function showLobby(keep) {
    $("#game").hidden = true;
    $("#lobby").hidden = false;
    document.body.dataset.mode = "lobby";
    hello = null; page = null;
    if (!keep) { send({ t: "status" }); send({ t: "replays" }); }
  }

  function tables(msg) {
    const body = $("#tables tbody");
    body.replaceChildren(...msg.tables.map((t) => el("tr", {},
      el("td", {}, t.name), el("td", {}, `${t.game} ${t.mode || ""}`), el("td", {}, `${t.seated}/${t.seats}`),
      el("td", {}, t.state), el("td", {}, t.decisions),
      el("td", {}, msg.watch ? el("a", { href: `#/watch/${encodeURIComponent(t.name)}`, class: "watch" }, w("watch")) : ""))));
    $("#queues tbody").replaceChildren(...(msg.queues || []).map((q) => el("tr", {},
      el("td", {}, q.game), el("td", {}, q.mode || ""), el("td", {}, q.players || ""),
      el("td", {}, `${q.waiting}/${q.needed}`),
      el("td", {}, el("a", { href: `#/join/${encodeURIComponent(q.game)}/${encodeURIComponent(q.mode || "")}/${q.players || 0}/browser`, class: "join" }, w("join"))))));
    const select = $("#join select");
    if (!select.children.length) select.append(...msg.games.map((g) => el("option", { value: g }, g)));
  }

  function replays(msg) {
    const list = $("#replays");
    list.replaceChildren(...(msg.files.length ? msg.files.map((f) => el("li", {},
      el("a", { href: `#/replay/${f}`, class: "replay" }, f))) : [el("li", {}, w("noreplays"))]));
  }

  function translate() {
    for (const e of document.querySelectorAll("[data-w]")) e.textContent = w(e.dataset.w);
  }

  function boot() {
    const params = new URLSearchParams(location.search);
    if (params.get("lang")) lang = params.get("lang");
    translate();
    $("#refresh").onclick = () => send({ t: "status" });
    $("#join").onsubmit = (ev) => {
      ev.preventDefault();
      const f = new FormData(ev.target);
      go(`#/join/${f.get("game")}/${f.get("mode") || ""}/${f.get("players") || 0}/${encodeURIComponent(f.get("name") || "browser")}`);
    };
    $("#seat").onsubmit = (ev) => {
      ev.preventDefault();
      const f = new FormData(ev.target);
      sessionStorage.setItem(`sgs-token:${f.get("table")}:${f.get("seat")}`, f.get("token"));
      ev.target.reset();
      go(`#/seat/${encodeURIComponent(f.get("table"))}/${f.get("seat")}`);
    };
    for (const b of document.querySelectorAll("[data-step]"))
      b.onclick = () => send({ t: "step", to: b.dataset.step, value: 0 });
    window.addEventListener("hashchange", () => route(false));
    connect();
  }

  document.addEventListener("DOMContentLoaded", boot);
  return { register: (game, hooks) => { games[game] = hooks; draw(); }, ui };
})();
