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
    const root = $("board");
    root.setAttribute("viewBox", "0 0 " + board.width + " " + board.height);
    root.textContent = "";
    const lit = [];
    for (const r of board.regions) {
      const p = svg("polygon", { points: r.points, fill: TERRAIN[r.terrain] || "#ccc", "data-rid": r.id, id: "r-" + r.id });
      const t = svg("title", {}); t.textContent = r.name; p.appendChild(t);
      const moves = movesAt(r.id);
      const inDraft = draftOpen && draft && r.id in draft;
      if (moves.length || inDraft) {
        let cls = "lit";
        if (inDraft) cls += " own";
        else if (moves.every((m) => m.kind === "reinforce" || m.kind === "ghouls_reinforce")) cls += " amber";
        else if (!moves.some((m) => m.kind === "conquer")) cls += " power";
        if (chosen === r.id || picked(r.id)) cls += " chosen";
        p.setAttribute("class", cls);
        p.addEventListener("click", () => tapRegion(r.id));
        lit.push(r);
      }
      root.appendChild(p);
    }
    for (const r of board.regions) {
      const here = view.regions[r.id];
      const [x, y] = r.spot;
      if (here && (here.tokens || here.lost_tribe)) {
        const g = svg("g", { class: "stack" });
        const owner = here.owner !== null && here.owner !== undefined ? view.players[here.owner] : null;
        const fill = owner ? owner.colour : "#8a7c68";
        g.appendChild(svg("circle", { cx: x, cy: y, r: 22, fill: fill, stroke: here.decline ? "#3a2d25" : "#faf4e6",
          "stroke-width": here.decline ? 6 : 3, opacity: here.decline ? 0.75 : 1 }));
        const t = svg("text", { x: x, y: y, fill: "#2c221a" });
        const count = draftOpen && draft && r.id in draft ? draftCount(r.id) : (here.tokens || here.lost_tribe);
        t.textContent = count;
        g.appendChild(t);
        const label = svg("text", { x: x, y: y + 34, fill: "#2c221a", "font-size": "14" });
        label.style.fontSize = "14px";
        label.textContent = (here.race || "").slice(0, 10);
        g.appendChild(label);
        root.appendChild(g);
      }
      if (here && here.flags && here.flags.length) {
        const f = svg("text", { x: x + 26, y: y - 24, fill: "#2c221a" });
        f.style.fontSize = "15px";
        f.textContent = here.flags.map((k) => ({ mountain: "▲", lair: "◆", fortress: "■", hero: "★", dragon: "♦",
          hole: "●", encampments: "⌂" })[k] || "•").join("");
        root.appendChild(f);
      }
    }
    for (const r of lit) {
      const moves = movesAt(r.id);
      const cost = moves.map((m) => m.cost).filter((c) => c !== null && c !== undefined);
      if (!cost.length) continue;
      const [x, y] = r.spot;
      const g = svg("g", { class: "cost" });
      g.appendChild(svg("rect", { x: x - 18, y: y - 62, width: 36, height: 28, rx: 8, class: "cost-bg" }));
      const t = svg("text", { x: x, y: y - 48, class: "cost-t" });
      t.textContent = Math.min.apply(null, cost);
      g.appendChild(t);
      root.appendChild(g);
    }
  }
  function draftCount(rid) {
    const d = spec();
    if (d.kind === "heroes" || d.kind === "encampments") return view.regions[rid] ? view.regions[rid].tokens : 0;
    return d.kind === "withdraw" ? d.base[rid] + draft[rid] : draft[rid];
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
