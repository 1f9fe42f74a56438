// The phone's page: one seat of the game on the table. It draws what the table sends (the board,
// this player's coins and races, the column, whose turn, the log) and sends back the intents the
// table offered, unchanged, or a distribution of tokens filled in with its steppers. It decides
// nothing: the table judges every intent with the engine and says why when it refuses.
"use strict";
(function () {
  const code = location.pathname.split("/").filter(Boolean)[0] || "";
  const TERRAIN = { farmland: "#d8cf7a", forest: "#5f8f4e", hill: "#a9b86a", mountain: "#9a8f86",
    swamp: "#7d8a6a", sea: "#6fa3c8", lake: "#8cbbd8" };
  const $ = (id) => document.getElementById(id);
  let ws = null, board = null, view = null, n = 0, wasMine = false, bye = "", retry = 0;
  let draftOpen = false, draft = null, chosen = "", confirmDecline = false, pending = {};
  let placing = "", heroOrder = [];   // "heroes" | "encampments" while the player places them
  const hook = { view: null, board: null, said: [], rtt: [], vibrated: 0, turns: 0, connected: false, bye: "" };
  window.__phone = hook;          // read by the tests; every move is still a tap on the page

  function w(key) { return (view && view.words && view.words[key]) || key; }
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) { if (k === "class") e.className = attrs[k]; else e.setAttribute(k, attrs[k]); }
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svg(tag, attrs) {
    const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }

  function connect() {
    if (bye === "taken_back" || bye === "stopped") return;
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/" + code + "/ws";
    ws = new WebSocket(url);
    ws.onopen = () => { retry = 0; hook.connected = true; bye = ""; $("curtain").hidden = true;
      const saved = localStorage.getItem("sw-lang"); if (saved) send({ t: "lang", lang: saved }); };
    ws.onmessage = (ev) => { let m; try { m = JSON.parse(ev.data); } catch (e) { return; } receive(m); };
    ws.onclose = () => { hook.connected = false; ws = null;
      if (bye === "taken_back" || bye === "stopped" || bye === "replaced") return curtain(w(bye));
      setTimeout(connect, Math.min(3000, 300 * (++retry))); };
  }
  function send(msg) {
    if (!ws || ws.readyState !== 1) return false;
    msg.n = ++n; ws.send(JSON.stringify(msg)); return msg.n;
  }
  const sentAt = {};
  function act(a) { const k = send({ t: "act", a: a }); if (k) sentAt[k] = performance.now(); return k; }
  function curtain(text) { $("curtain-text").textContent = text; $("curtain").hidden = false; }

  function receive(m) {
    if (m.t === "board") { board = m; hook.board = m; drawBoard(); return; }
    if (m.t === "view") { setView(m); return; }
    if (m.t === "said") { hook.said.push(m); said(m);
      if (m.ok && sentAt[m.n] !== undefined) hook.rtt.push(performance.now() - sentAt[m.n]);
      delete sentAt[m.n]; const p = pending[m.n]; delete pending[m.n];
      if (p && m.ok) p(); return; }
    if (m.t === "bye") { bye = m.why; hook.bye = m.why; }
  }
  function said(m) {
    const box = $("said");
    if (m.ok) { box.hidden = true; return; }
    box.className = "said"; box.textContent = m.text || w(m.why); box.hidden = false;
  }

  function setView(v) {
    const turned = v.mine && !wasMine;
    if (!view || v.phase !== view.phase || v.actor !== view.actor || !v.mine) {
      draftOpen = false; draft = null; placing = ""; heroOrder = []; }
    if (!v.mine) { chosen = ""; confirmDecline = false; }
    view = v; hook.view = v; wasMine = v.mine;
    document.documentElement.lang = v.lang;
    $("lang").value = v.lang;
    if (placing && !spec()) { placing = ""; draftOpen = false; draft = null; heroOrder = []; }
    if (!placing && v.draft && (v.phase === "redeploy" || v.phase === "withdraw" || v.draft.kind === "withdraw"))
      draftOpen = true;
    if (draftOpen && spec() && !draft) draft = Object.assign({}, spec().counts);
    let buzzed = false;
    if (turned) { $("said").hidden = true; hook.turns++;
      if (navigator.vibrate) { try { buzzed = navigator.vibrate([200, 100, 200]); } catch (e) { buzzed = false; } }
      if (buzzed) hook.vibrated++; }
    render(turned, buzzed);
  }

  function render(turned, buzzed) {
    const v = view, me = v.players[v.me];
    $("me-name").textContent = me.name;
    $("me-chip").style.background = me.colour;
    $("coins-n").textContent = v.coins;
    const st = $("status");
    if (v.over) { st.className = "status"; st.textContent = w("game_over"); }
    else if (v.mine && v.asked) { st.className = "status asked"; st.textContent = v.words.asked_line || w("asked"); }
    else if (v.mine) { st.className = "status mine";
      st.textContent = v.words.your_turn_line + (buzzed ? " · " + w("vibrated") : ""); }
    else { st.className = "status"; st.textContent = v.words.waiting_line + " · " + v.words.round_line; }
    $("h-races").textContent = w("you"); $("h-column").textContent = w("column"); $("h-log").textContent = w("log");
    $("l-lang").textContent = w("language");
    drawBoard(); drawSheet(); drawDraft(); drawActions(); drawRaces(); drawColumn(); drawPlayers(); drawLog();
  }

  // -- the board -------------------------------------------------------------------------------
  function movesAt(rid) { return (view && view.mine && !placing && view.targets && view.targets[rid]) || []; }
  function drawBoard() {
    if (!board || !view) return;
    const began = performance.now();
    const root = $("board");
    root.setAttribute("viewBox", "0 0 " + board.width + " " + board.height);
    if (defsFor !== board) makeDefs(root);
    while (root.lastChild && root.lastChild !== defs) root.removeChild(root.lastChild);
    pics.drawn = pics.plain = 0;
    const rooms = board.regions.map((r) => r.room || 50).sort((a, b) => a - b);
    const d = Math.max(44, Math.min(64, rooms[rooms.length >> 1] * 1.1));    // a token, by how big regions are
    const lit = {}, veil = [];
    const anyLit = view.mine && ((view.targets && Object.keys(view.targets).length) || (draftOpen && draft));
    for (const r of board.regions) {
      const p = svg("polygon", { points: r.points, fill: r.colour || TERRAIN[r.terrain] || "#ccc", "data-rid": r.id, id: "r-" + r.id });
      const t = svg("title", {}); t.textContent = r.name; p.appendChild(t);
      const moves = movesAt(r.id);
      const inDraft = draftOpen && draft && r.id in draft;
      const here = view.regions[r.id];
      if (moves.length || inDraft) {
        let cls = "lit";
        if (inDraft) cls += " own";
        else if (moves.every((m) => m.kind === "reinforce" || m.kind === "ghouls_reinforce")) cls += " amber";
        else if (!moves.some((m) => m.kind === "conquer")) cls += " power";
        if (chosen === r.id || picked(r.id)) cls += " chosen";
        p.setAttribute("class", cls);
        p.addEventListener("click", () => tapRegion(r.id));
        lit[r.id] = cls;
      } else if (anyLit && !(here && here.owner === view.turn)) veil.push(r);
      root.appendChild(p);
    }
    const deco = svg("g", { class: "deco" });
    root.appendChild(deco);
    for (const r of board.regions) {
      if (PATTERNS[r.terrain]) deco.appendChild(svg("polygon", { points: r.points, fill: "url(#pat-" + r.terrain + ")" }));
      if (lit[r.id] && lit[r.id].includes("amber")) deco.appendChild(svg("polygon", { points: r.points, fill: "url(#pat-die)" }));
    }
    for (const r of veil) deco.appendChild(svg("polygon", { points: r.points, fill: "#100c0a", "fill-opacity": 0.3 }));
    for (const r of board.regions) {             // the lit outlines over their neighbours' edges
      if (lit[r.id]) deco.appendChild(svg("polygon", { points: r.points, class: lit[r.id] + " edge", fill: "none" }));
    }
    for (const r of board.regions) {
      const here = view.regions[r.id] || {};
      const [x, y] = r.spot;
      const cost = movesAt(r.id).map((m) => m.cost).filter((c) => c !== null && c !== undefined);
      const inDraft = draftOpen && draft && r.id in draft;
      const n = inDraft ? draftCount(r.id) : (here.tokens || here.lost_tribe || 0);
      const stacked = !!((here.tokens || here.lost_tribe) && (here.rid || here.lost_tribe)) || inDraft;
      const g = svg("g", { class: "region", "data-rid": r.id });
      const feats = r.features || [];
      if (feats.length) {                         // the printed features, under the stack (or in its place)
        const f = d * 0.5, below = stacked || cost.length ? y + d * 0.65 + f / 2 + 2 : y;
        const fy = Math.min(below, board.height - f * 0.6);         // kept on the board at its edges
        let fx = Math.max(f * 0.6, Math.min(x - (feats.length - 1) * f / 2, board.width - f * (feats.length - 0.4)));
        for (const k of feats) { if (!picture(g, "feature:" + k, fx, fy, f * 1.1)) plain(g, fx, fy, f, k, "#ece0c4", false); fx += f; }
      }
      if (stacked) {
        const owner = here.owner !== null && here.owner !== undefined ? view.players[here.owner] : null;
        stack(g, x, y, d, here.tokens || inDraft ? here : Object.assign({}, here, { rid: "lost_tribe" }), n, owner);
      }
      const marks = shownMarkers(r.id, here);
      if (marks.length) markers(g, x, y, d, marks);
      if (cost.length) {
        const moves = movesAt(r.id);
        costBadge(g, x, y, d, Math.min.apply(null, cost), moves.every((m) => m.kind === "reinforce"),
          LIT[(lit[r.id] || "lit").split(" ")[1]] || LIT.lit);
      }
      if (g.firstChild) deco.appendChild(g);
    }
    pics.ms = performance.now() - began;
  }
  // a region's markers as the board shows them: while Heroes or Encampments are being placed,
  // where the player has put them so far (in the draft's regions) instead of where they stand
  const FIXED = ["lair", "fortress", "hole", "hero", "dragon"];
  function shownMarkers(rid, here) {
    const list = (here && here.markers) || [];
    if (!(placing && draftOpen && draft && rid in draft)) return list;
    const kind = placing === "heroes" ? "hero" : "encampment";
    const n = placing === "heroes" ? (heroOrder.indexOf(rid) >= 0 ? 1 : 0) : draft[rid];
    const rest = list.filter((m) => m[0] !== kind);
    if (!n) return rest;
    const at = kind === "hero" ? rest.filter((m) => FIXED.indexOf(m[0]) >= 0 && FIXED.indexOf(m[0]) < 3).length
      : rest.filter((m) => FIXED.indexOf(m[0]) >= 0).length;
    return rest.slice(0, at).concat([[kind, n]], rest.slice(at));
  }
  function draftCount(rid) {
    const d = spec();
    if (d.kind === "heroes" || d.kind === "encampments") return view.regions[rid] ? view.regions[rid].tokens : 0;
    return d.kind === "withdraw" ? d.base[rid] + draft[rid] : draft[rid];
  }

  // -- the board's pieces: the pictures, the stacks, the markers, the badges ------------------------
  // Drawn as the table draws it: each region in its colour with its terrain's pattern, the
  // feature icons, the stacks (up to three tokens of the race's own picture, Active or In
  // Decline, on a ring in the owner's colour with the owner's shape, the count on a red badge),
  // the markers beside them, the lit targets with their cost. The pictures come once with the
  // board (an SVG's text or a PNG); each becomes one <symbol> that every stack <use>s. A piece
  // with no picture (or one that cannot be drawn) gets a plain disc with its initial.
  const LIT = { lit: "#46c85a", amber: "#f0aa28", own: "#50aafa", power: "#c86ef0" };
  const PATTERNS = {
    farmland: [22, 22, '<path d="M-4,26 L26,-4 M7,26 L26,7 M-4,15 L15,-4" stroke="#5a4620" stroke-opacity=".22" stroke-width="2.2"/>'],
    forest: [26, 24, '<circle cx="7" cy="8" r="5.5" fill="#0e2a0c" fill-opacity=".32"/><circle cx="6" cy="7" r="3" fill="#8ccc70" fill-opacity=".28"/>' +
      '<circle cx="20" cy="19" r="5.5" fill="#0e2a0c" fill-opacity=".32"/><circle cx="19" cy="18" r="3" fill="#8ccc70" fill-opacity=".28"/>'],
    hill: [30, 24, '<path d="M3,18 Q11,5 19,18" fill="none" stroke="#3c4c1c" stroke-opacity=".35" stroke-width="2"/>' +
      '<path d="M16,8 Q22,0 28,8" fill="none" stroke="#fffbe0" stroke-opacity=".3" stroke-width="1.6"/>'],
    mountain: [28, 26, '<path d="M3,22 L13,5 L23,22 Z" fill="#3c342c" fill-opacity=".3"/><path d="M13,5 L10,11 L13,10 L16,11 Z" fill="#fff" fill-opacity=".55"/>'],
    swamp: [24, 22, '<path d="M5,16 L5,6 M8,16 L9,8 M2,16 L1,9" stroke="#24301a" stroke-opacity=".4" stroke-width="1.5"/>' +
      '<ellipse cx="17" cy="18" rx="5" ry="2" fill="#405a60" fill-opacity=".35"/>'],
    sea: [34, 24, '<path d="M4,12 Q9,7 14,12 T24,12" fill="none" stroke="#eaf4fa" stroke-opacity=".3" stroke-width="1.8"/>'],
    lake: [30, 22, '<path d="M4,11 Q8,7 12,11 T20,11" fill="none" stroke="#f0fafc" stroke-opacity=".32" stroke-width="1.6"/>'],
  };
  // what the board drew, for the tests: pictures sent, loaded and failed (by name), pieces drawn
  // from a picture and plain, the last drawing's time (ms)
  const pics = { sent: 0, loaded: 0, failed: 0, drawn: 0, plain: 0, ms: 0 };
  hook.pictures = pics;
  let picIds = {}, defs = null, defsFor = null, loaded = new Set();

  function makeDefs(root) {
    defs = svg("defs", {});
    picIds = {}; loaded = new Set(); pics.sent = pics.loaded = pics.failed = 0;
    let i = 0;
    const all = board.pictures || {};
    for (const name in all) {
      const data = all[name];
      if (typeof data !== "string") continue;
      const href = data.startsWith("data:image/png;base64,") ? data
        : "data:image/svg+xml;charset=utf-8," + encodeURIComponent(data);
      const id = "pic-" + (i++);
      const sym = svg("symbol", { id: id, viewBox: "0 0 100 100" });
      const img = svg("image", { href: href, x: 0, y: 0, width: 100, height: 100 });
      img.addEventListener("load", () => { loaded.add(name); pics.loaded = loaded.size; });
      img.addEventListener("error", () => { if (picIds[name]) { pics.failed++; delete picIds[name]; drawBoard(); } });
      sym.appendChild(img); defs.appendChild(sym);
      picIds[name] = id; pics.sent++;
    }
    for (const t in PATTERNS) {
      const [w, h, body] = PATTERNS[t];
      const p = svg("pattern", { id: "pat-" + t, width: w, height: h, patternUnits: "userSpaceOnUse" });
      p.innerHTML = body;
      defs.appendChild(p);
    }
    const stripes = svg("pattern", { id: "pat-die", width: 16, height: 16, patternUnits: "userSpaceOnUse",
      patternTransform: "rotate(45)" });
    stripes.innerHTML = '<rect width="6" height="16" fill="' + LIT.amber + '" fill-opacity=".55"/>';
    defs.appendChild(stripes);
    root.textContent = "";
    root.appendChild(defs);
    defsFor = board;
  }
  function picture(g, name, x, y, size) {
    const id = picIds[name];
    if (!id) return false;
    g.appendChild(svg("use", { href: "#" + id, x: x - size / 2, y: y - size / 2, width: size, height: size,
      class: "pic", "data-pic": name }));
    pics.drawn++;
    return true;
  }
  function txt(g, x, y, s, size, fill) {
    const t = svg("text", { x: x, y: y, fill: fill });
    t.style.fontSize = size + "px";
    t.textContent = s;
    g.appendChild(t);
    return t;
  }
  function ink(colour) {              // dark ink on a light colour, light on a dark one (as the table)
    const c = parseInt((colour || "#888888").slice(1), 16);
    const lum = 0.299 * (c >> 16) + 0.587 * ((c >> 8) & 255) + 0.114 * (c & 255);
    return lum > 140 ? "#2c221a" : "#faf4e6";
  }
  function shape(g, symbol, x, y, r, fill) {   // the owner's colour with its shape (for colour-blind eyes)
    const light = ink(fill), k = Math.max(2, r * 0.55), w = Math.max(1.5, r / 4);
    g.appendChild(svg("circle", { cx: x, cy: y + 1, r: r + 1, fill: "#140e0a" }));
    g.appendChild(svg("circle", { cx: x, cy: y, r: r, fill: fill }));
    const line = (d) => g.appendChild(svg("path", { d: d, stroke: light, "stroke-width": w, fill: "none" }));
    if (symbol === "circle") g.appendChild(svg("circle", { cx: x, cy: y, r: k, fill: "none", stroke: light, "stroke-width": w }));
    else if (symbol === "square") g.appendChild(svg("rect", { x: x - k + 1, y: y - k + 1, width: 2 * k - 2, height: 2 * k - 2, fill: light }));
    else if (symbol === "triangle") g.appendChild(svg("path", { d: `M${x},${y - k}L${x + k},${y + k - 1}L${x - k},${y + k - 1}Z`, fill: light }));
    else if (symbol === "diamond") g.appendChild(svg("path", { d: `M${x},${y - k}L${x + k},${y}L${x},${y + k}L${x - k},${y}Z`, fill: light }));
    else if (symbol === "cross") line(`M${x - k},${y - k}L${x + k},${y + k}M${x - k},${y + k}L${x + k},${y - k}`);
    else if (symbol === "plus") line(`M${x - k},${y}L${x + k},${y}M${x},${y - k}L${x},${y + k}`);
    else if (symbol === "bar") line(`M${x - k},${y}L${x + k},${y}`);
  }
  function plain(g, x, y, d, label, fill, decline) {   // a piece without its picture
    g.appendChild(svg("circle", { cx: x, cy: y, r: d * 0.45, fill: decline ? "#a89c88" : fill,
      stroke: "#2c221a", "stroke-width": 3, "stroke-dasharray": decline ? "6 4" : "" }));
    txt(g, x, y, (label || "?").slice(0, 1).toUpperCase(), d * 0.5, decline ? "#3a2d25" : ink(fill));
    pics.plain++;
  }
  function stack(g, x, y, d, here, n, owner) {
    const race = here.lost_tribe && !here.tokens ? "lost_tribe" : here.rid;
    const decline = race !== "lost_tribe" && here.decline;
    const layers = Math.min(Math.max(n, 1), 3), lift = Math.max(2, d / 10);
    const top = y - (layers - 1) * lift / 2;
    if (owner) {
      const ring = d / 2 + Math.max(4, d * 0.16), by = top + (layers - 1) * lift;
      g.appendChild(svg("circle", { cx: x + 1, cy: by + 2, r: ring + 2, fill: "#140e0a" }));
      g.appendChild(svg("circle", { cx: x, cy: by, r: ring, fill: owner.colour, stroke: "#140e0a", "stroke-width": 1.5 }));
    }
    const name = (decline ? "decline:" : "token:") + race;
    for (let i = layers - 1; i >= 0; i--) {
      if (!picture(g, name, x, top + i * lift, d)) { plain(g, x, top + i * lift, d, here.race || race, owner ? owner.colour : "#c8784a", decline); break; }
    }
    const half = d * 0.65;
    if (owner && owner.symbol) { const r = Math.max(7, d * 0.24); shape(g, owner.symbol, x - half + r, y + half - r, r, owner.colour); }
    if (n !== 1) {
      const size = Math.max(13, d * 0.46), rad = size * 0.62 + (String(n).length > 1 ? size * 0.2 : 0);
      const cx = x + half - rad - 1, cy = y + half - rad - 1;
      g.appendChild(svg("circle", { cx: cx, cy: cy, r: rad + 2, fill: "#100c0a" }));
      g.appendChild(svg("circle", { cx: cx, cy: cy, r: rad, fill: "#96221e", stroke: "#f0dcb4", "stroke-width": Math.max(1, d / 28) }));
      txt(g, cx, cy, n, size, "#fff").setAttribute("class", "count");
    }
  }
  function chip(g, x, y, m, label) {   // "×3" on a marker, or "+4" more markers
    const size = Math.max(10, m * 0.5), w = size * 0.62 * label.length + 6;
    g.appendChild(svg("rect", { x: x - w / 2 - 1.5, y: y - size * 0.6 - 1.5, width: w + 3, height: size * 1.2 + 3,
      rx: size * 0.6 + 1.5, fill: "#f0dcb4" }));
    g.appendChild(svg("rect", { x: x - w / 2, y: y - size * 0.6, width: w, height: size * 1.2, rx: size * 0.6, fill: "#241e2c" }));
    txt(g, x, y, label, size, "#fff");
  }
  function markers(g, x, y, d, list) {   // beside the stack, two at most (then the first and "+N")
    let kinds = list, more = 0;
    if (kinds.length > 2) { more = kinds.reduce((a, k) => a + k[1], 0) - 1; kinds = kinds.slice(0, 1); }
    const m = d * 0.66, x0 = Math.min(x + d * 0.65 + m / 2, board.width - m * 0.6);
    let y0 = y - (kinds.length * m) / 2 + m / 2;
    for (const [kind, count] of kinds) {
      if (!picture(g, "marker:" + kind, x0, y0, m * 1.2)) plain(g, x0, y0, m, kind, "#d6c6a4", false);
      if (more) chip(g, x0 + m / 2, y0 + m / 2, m, "+" + more);
      else if (count > 1) chip(g, x0 + m / 2, y0 + m / 2, m, "×" + count);
      y0 += m;
    }
  }
  function costBadge(g, x, y, d, cost, die, colour) {   // on the stack's upper left; a die's square
    const size = Math.max(11, d * 0.42) * 1.25, rad = size * 0.55 + 2;
    const cx = x - d * 0.65 + rad - 1, cy = y - d * 0.65 + rad - 1;
    if (die) {
      g.appendChild(svg("rect", { x: cx - rad - 2, y: cy - rad - 2, width: 2 * rad + 4, height: 2 * rad + 4, rx: rad / 2 + 2, fill: "#100c0a" }));
      g.appendChild(svg("rect", { x: cx - rad, y: cy - rad, width: 2 * rad, height: 2 * rad, rx: rad / 2, fill: colour }));
      g.appendChild(svg("circle", { cx: cx + rad - 5, cy: cy - rad + 5, r: Math.max(1.5, rad / 6), fill: "#100c0a" }));
    } else {
      g.appendChild(svg("circle", { cx: cx, cy: cy, r: rad + 2, fill: "#100c0a" }));
      g.appendChild(svg("circle", { cx: cx, cy: cy, r: rad, fill: colour }));
    }
    txt(g, cx, cy, cost, size, "#140e0a").setAttribute("class", "cost-t");
  }

  function tapRegion(rid) {
    if (draftOpen && draft && rid in draft) { step(rid, 1); return; }
    const moves = movesAt(rid);
    const take = moves.find((m) => m.kind === "conquer");     // a lit region conquers at a tap, as on the table
    if (take) { chosen = ""; act(take.a); return; }
    chosen = chosen === rid ? "" : rid;
    render(false);
  }
  function drawSheet() {
    const box = $("sheet");
    box.textContent = "";
    const moves = chosen ? movesAt(chosen) : [];
    if (!moves.length) { box.hidden = true; return; }
    box.hidden = false;
    const name = (board.regions.find((r) => r.id === chosen) || {}).name || chosen;
    box.appendChild(el("div", { class: "pool" }, name));
    for (const m of moves) {
      const label = m.kind === "reinforce" ? w("button.roll_die") : m.label;
      const b = el("button", { id: "move-" + m.kind, class: m.kind === "abandon" ? "" : "primary" },
        label + (m.cost !== null && m.cost !== undefined ? " · " + m.cost : ""));
      b.addEventListener("click", () => { chosen = ""; act(m.a); });
      box.appendChild(b);
    }
  }

  // -- tokens to place with steppers -------------------------------------------------------------
  function pool() {
    let used = 0; for (const k in draft) used += draft[k];
    return spec().total - used;
  }
  function step(rid, d) {
    if (spec().kind === "heroes") { toggleHero(rid); return; }
    const min = spec().kind === "withdraw" ? 0 : spec().min;
    if (d > 0 && pool() <= 0) return;
    if (d < 0 && draft[rid] <= min) return;
    draft[rid] += d;
    render(false);
  }
  function draftAction(fill) {
    const counts = Object.assign({}, draft), d = spec();
    if (d.kind === "heroes") return { kind: "heroes", regions: heroOrder.slice() };
    if (d.kind === "encampments") {
      for (const k of Object.keys(counts)) if (!counts[k]) delete counts[k];
      return { kind: "encampments", counts: counts };
    }
    if (fill) { let left = pool();
      for (const k of Object.keys(d.suggest)) { if (left <= 0) break;
        const add = Math.min(left, d.suggest[k]); counts[k] = (counts[k] || 0) + add; left -= add; } }
    return d.kind === "withdraw" ? { kind: "withdraw", player: d.player, counts: counts }
      : { kind: "redeploy", counts: counts };
  }
  let warnedPool = false;
  function drawDraft() {
    const box = $("draft");
    box.textContent = "";
    const d = spec();
    if (!view.mine || !d || !draftOpen || !draft) { box.hidden = true; return; }
    box.hidden = false;
    if (d.kind === "heroes") { drawHeroes(box, d); return; }
    box.appendChild(el("div", { class: "pool", id: "pool" }, d.kind === "encampments"
      ? d.pool_line.replace("{count}", pool()) : w("pool") + w("sep") + pool()));
    for (const rid of d.order) {
      if (!(rid in draft)) continue;
      const row = el("div", { class: "row", "data-rid": rid });
      const name = (board && board.regions.find((r) => r.id === rid) || {}).name || rid;
      row.appendChild(el("span", { class: "name" }, name));
      const minus = el("button", { class: "step quiet", id: "minus-" + rid }, "−");
      minus.addEventListener("click", () => step(rid, -1));
      const plus = el("button", { class: "step quiet", id: "plus-" + rid }, "+");
      plus.addEventListener("click", () => step(rid, 1));
      row.appendChild(minus); row.appendChild(el("span", { class: "count", id: "count-" + rid },
        d.kind === "encampments" ? draft[rid] : draftCount(rid)));
      row.appendChild(plus);
      box.appendChild(row);
    }
    const place = el("button", { class: "primary", id: "draft-send" },
      d.kind === "withdraw" ? w("button.place_tokens") : d.kind === "encampments" ? d.place : w("place"));
    place.addEventListener("click", () => {
      const left = pool();
      if (left > 0 && d.kind === "withdraw" && !warnedPool) {
        warnedPool = true; said({ ok: false, text: w("leftover") }); return; }
      warnedPool = false;
      const a = draftAction(left > 0);
      const sent = act(a);
      if (sent && d.kind === "redeploy") pending[sent] = () => { draftOpen = false; draft = null; };
      if (sent && d.kind === "encampments") pending[sent] = () => closePlacing();
    });
    box.appendChild(place);
  }

  // -- Heroes and Encampments, placed as on the table ----------------------------------------------
  function spec() {           // the distribution being filled in: the turn's own, or the pieces'
    if (!view) return null;
    if (placing === "heroes") return view.heroes || null;
    if (placing === "encampments") return view.camps || null;
    return view.draft || null;
  }
  function picked(rid) { return placing === "heroes" && heroOrder.indexOf(rid) >= 0; }
  function openPlacing(kind) {
    if (placing === kind) { closePlacing(); return; }
    const d = kind === "heroes" ? view.heroes : view.camps;
    if (!d) return;
    placing = kind; heroOrder = []; chosen = ""; confirmDecline = false;
    draftOpen = true; draft = Object.assign({}, d.counts);
    render(false);
  }
  function closePlacing() {
    placing = ""; heroOrder = []; draft = null;
    draftOpen = !!(view && view.draft && (view.phase === "redeploy" || view.phase === "withdraw"));
    if (draftOpen) draft = Object.assign({}, view.draft.counts);
    render(false);
  }
  function toggleHero(rid) {      // as on the table: a tap picks or drops; one too many drops the first
    const d = view.heroes;
    const k = heroOrder.indexOf(rid);
    if (k >= 0) heroOrder.splice(k, 1);
    else { heroOrder.push(rid); while (heroOrder.length > Math.max(1, d.want)) heroOrder.shift(); }
    for (const r in draft) draft[r] = heroOrder.indexOf(r) >= 0 ? 1 : 0;
    render(false);
  }
  function drawHeroes(box, d) {
    box.appendChild(el("div", { class: "pool", id: "pool" }, d.label + w("sep") + heroOrder.length + " / " + d.want));
    for (const rid of d.order) {
      const row = el("div", { class: "row", "data-rid": rid });
      const name = (board && board.regions.find((r) => r.id === rid) || {}).name || rid;
      row.appendChild(el("span", { class: "name" }, name));
      const on = heroOrder.indexOf(rid) >= 0;
      const b = el("button", { class: "step" + (on ? " on" : " quiet"), id: "hero-" + rid }, on ? "★" : "☆");
      b.addEventListener("click", () => toggleHero(rid));
      row.appendChild(b);
      box.appendChild(row);
    }
    const place = el("button", { class: "primary", id: "draft-send" }, d.place);
    if (heroOrder.length !== d.want) place.disabled = true;
    place.addEventListener("click", () => {
      const sent = act(draftAction(false));
      if (sent) pending[sent] = () => closePlacing();
    });
    box.appendChild(place);
  }

  // -- the buttons ---------------------------------------------------------------------------------
  function button(id, label, cls, fn, enabled) {
    const b = el("button", { id: "btn-" + id, class: cls || "" }, label);
    if (enabled === false) b.disabled = true;
    b.addEventListener("click", fn);
    return b;
  }
  function drawActions() {
    const box = $("actions");
    box.textContent = "";
    const v = view;
    if (!v.mine) return;
    box.appendChild(button("undo", w("button.undo"), "quiet", () => send({ t: "undo" }), v.can_undo));
    for (const [kind, d] of [["encampments", v.camps], ["heroes", v.heroes]])
      if (d) box.appendChild(button(kind, d.label, placing === kind ? "on" : "", () => openPlacing(kind)));
    if (v.draft && v.draft.kind === "redeploy" && v.phase === "conquer")
      box.appendChild(button("redeploy", w("button.redeploy"), draftOpen && !placing ? "on" : "", () => {
        placing = ""; heroOrder = [];
        draftOpen = !draftOpen; draft = draftOpen ? Object.assign({}, v.draft.counts) : null; render(false); }));
    for (const b of v.buttons || []) {
      if (b.id === "decline") {
        box.appendChild(button("decline", confirmDecline ? b.confirm : b.label, confirmDecline ? "on" : "", () => {
          if (confirmDecline) { confirmDecline = false; act(b.a); } else { confirmDecline = true; render(false); } }));
        continue;
      }
      box.appendChild(button(b.id.replace(/[^a-z0-9_-]/gi, "_"), b.label, b.style || "", () => {
        if (b.id === "end_turn" && !placing && draftOpen && draft && v.draft && v.draft.kind === "redeploy" && changed()) {
          const sent = act(draftAction(pool() > 0));
          if (sent) pending[sent] = () => act(b.a);
          return;
        }
        act(b.a);
      }));
    }
  }
  function changed() { for (const k in draft) if (draft[k] !== view.draft.counts[k]) return true; return false; }

  function drawRaces() {
    const box = $("race-list");
    box.textContent = "";
    const me = view.players[view.me];
    const holds = (me.active ? [me.active] : []).concat(me.declines);
    for (const h of holds) {
      const d = el("div", { class: "combo" });
      const title = el("div", { class: "title" });
      title.appendChild(el("span", { class: "tag" + (h.decline ? " decline" : "") }, h.decline ? w("in_decline") : w("active")));
      title.appendChild(document.createTextNode(" " + h.name +
        (h.hand ? " · " + w("tokens") + w("sep") + h.hand : "")));
      d.appendChild(title);
      d.appendChild(el("div", { class: "text" }, h.text));
      box.appendChild(d);
    }
  }
  function drawColumn() {
    const box = $("column");
    box.textContent = "";
    const picks = (view.mine && view.picks) || {};
    for (const c of view.column) {
      const d = el("div", { class: "combo", id: "combo-" + c.index });
      d.appendChild(el("span", { class: "cost" }, w("cost") + " " + c.cost + (c.coins ? " · +" + c.coins : "")));
      d.appendChild(el("div", { class: "title" }, c.name));
      d.appendChild(el("div", { class: "text" }, c.text));
      const a = picks[c.index];
      if (a) { const b = el("button", { id: "pick-" + c.index, class: "primary" }, w("pick"));
        b.addEventListener("click", () => act(a)); d.appendChild(b); }
      box.appendChild(d);
    }
  }
  function drawPlayers() {
    const box = $("players");
    box.textContent = "";
    for (const p of view.players) {
      const d = el("div", { class: "player" + (p.seat === view.actor ? " turn" : "") });
      const chip = el("span", { class: "chip" }); chip.style.background = p.colour;
      d.appendChild(chip);
      d.appendChild(el("b", {}, p.name));
      const races = (p.active ? [p.active.race] : []).concat(p.declines.map((h) => h.race + " ✝"));
      d.appendChild(el("span", {}, races.join(", ")));
      box.appendChild(d);
    }
    if (view.over && view.ranking) {
      const d = el("div", { class: "pool" }, w("winners") + w("sep") + (view.winners || []).join(", "));
      box.appendChild(d);
      for (const r of view.ranking) box.appendChild(el("div", { class: "player" }, r.place + ". " + r.name + " · " + r.coins));
    }
  }
  function drawLog() {
    const box = $("log");
    box.textContent = "";
    for (const line of view.log.slice(-30)) box.appendChild(el("li", {}, line));
    box.scrollTop = box.scrollHeight;
  }

  $("lang").addEventListener("change", (e) => { localStorage.setItem("sw-lang", e.target.value);
    send({ t: "lang", lang: e.target.value }); });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !ws && !bye) connect(); });
  connect();
})();
