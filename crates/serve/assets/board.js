// The Tabula board page: sets up games, sends clicks as moves, polls while an engine
// thinks, steps through plies. The server checks everything; this script only shows what
// it answers and offers the legal moves it lists.
"use strict";

const $ = (id) => document.getElementById(id);
let catalog = null;   // GET /api/games
let view = null;      // the session shown
let selected = null;  // {cell, level} of the first click
let polling = null;

// Every request but a GET says it sends JSON, as the server asks of every request that
// changes something (docs/serve.md).
async function api(method, path, body) {
  const init = { method, headers: {} };
  if (method !== "GET") init.headers["Content-Type"] = "application/json";
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = { error: text }; }
  if (!response.ok) throw new Error((data && data.error) || response.statusText);
  return data;
}

function showError(message) {
  const el = $("error");
  el.textContent = message || "";
  el.hidden = !message;
}

async function guarded(action) {
  try {
    showError("");
    await action();
  } catch (e) {
    showError(e.message);
  }
}

// ---- setup form ----

function gameInfo() {
  return catalog.games.find((g) => g.name === $("game").value);
}

function fillSetup() {
  const info = gameInfo();
  const players = $("players");
  const chosen = Number(players.value) || info.default_players;
  players.replaceChildren(...info.players.map((n) => new Option(String(n), String(n))));
  players.value = String(info.players.includes(chosen) ? chosen : info.default_players);
  const options = $("options");
  options.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Rule options" }));
  for (const opt of info.options) {
    const label = document.createElement("label");
    label.title = `${opt.doc} (${opt.values})`;
    label.append(opt.key + " ");
    const input = document.createElement("input");
    input.type = "text";
    input.dataset.key = opt.key;
    input.dataset.default = opt.default;
    input.value = opt.default;
    label.append(input);
    options.append(label);
  }
  fillSeats();
}

function fillSeats() {
  const info = gameInfo();
  const n = Number($("players").value);
  const seats = $("seats");
  const old = [...seats.querySelectorAll("input")].map((i) => i.value);
  seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Seats" }));
  for (let s = 0; s < n; s++) {
    const label = document.createElement("label");
    const dot = document.createElement("span");
    dot.className = "seat";
    dot.style.background = catalog.palette[s % catalog.palette.length];
    label.append(dot, `seat ${s} `);
    const kind = document.createElement("select");
    kind.id = `seat-kind-${s}`;
    kind.append(new Option("person", "person"));
    for (const searcher of info.searchers) kind.append(new Option(searcher.name, searcher.name));
    const spec = document.createElement("input");
    spec.type = "text";
    spec.id = `seat-${s}`;
    const engine = info.default_engines[info.players.indexOf(n)] || "alphabeta";
    spec.value = old[s] || (s === 0 ? "person" : engine);
    kind.value = spec.value.split(":")[0];
    if (!kind.value) kind.value = "person";
    kind.addEventListener("change", () => { spec.value = kind.value; });
    label.append(kind, spec);
    seats.append(label);
  }
}

function thinkMs() {
  const choice = $("think").value;
  if (choice === "custom") return Math.round(Number($("think-custom").value) * 1000);
  return Number(choice);
}

async function startGame() {
  const options = {};
  for (const input of $("options").querySelectorAll("input")) {
    if (input.value.trim() !== input.dataset.default) options[input.dataset.key] = input.value.trim();
  }
  const n = Number($("players").value);
  const seats = [];
  for (let s = 0; s < n; s++) seats.push($(`seat-${s}`).value.trim() || "person");
  const request = { game: $("game").value, players: n, options, seats, think_ms: thinkMs() };
  const created = await api("POST", "/api/sessions", request);
  replaceSession(created);
}

async function loadRecord() {
  const text = $("record-text").value;
  const game = Number($("record-game").value) || 1;
  const created = await api("POST", "/api/replays", { records: text, game });
  replaceSession(created);
}

function replaceSession(created) {
  if (view && view.id !== created.id) {
    fetch(`/api/sessions/${view.id}`, { method: "DELETE", keepalive: true }).catch(() => {});
  }
  selected = null;
  show(created);
}

// ---- the board ----

function sameSpot(spot, cell, level) {
  return spot && spot.cell === cell && (spot.level == null || level == null || spot.level === level);
}

function personToMove() {
  return view && view.to_move != null && view.seats[view.to_move] === "person" && !view.search;
}

function candidatesFrom(cell, level) {
  return view.legal.filter((m) => m.from && sameSpot(m.from, cell, level));
}

function onBoardClick(event) {
  const target = event.target.closest("[data-cell]");
  if (!target || !personToMove()) return;
  const cell = target.dataset.cell;
  const level = target.dataset.level ? Number(target.dataset.level) : null;
  hideChooser();
  if (selected) {
    const moves = candidatesFrom(selected.cell, selected.level).filter((m) => m.to.cell === cell);
    if (moves.length === 1) return guarded(() => play(moves[0].text));
    if (moves.length > 1) return showChooser(moves);
  }
  if (candidatesFrom(cell, level).length > 0) {
    selected = { cell, level };
  } else {
    selected = null;
  }
  markSelection();
}

function markSelection() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const el of svg.querySelectorAll(".selected, .dest")) el.classList.remove("selected", "dest");
  if (!selected) return;
  for (const el of svg.querySelectorAll(`[data-cell="${selected.cell}"]`)) {
    const level = el.dataset.level ? Number(el.dataset.level) : null;
    if (el.classList.contains("piece") && sameSpot(selected, el.dataset.cell, level)) el.classList.add("selected");
  }
  const dests = new Set(candidatesFrom(selected.cell, selected.level).map((m) => m.to.cell));
  for (const el of svg.querySelectorAll(".cell[data-cell]")) {
    if (dests.has(el.dataset.cell)) el.classList.add("dest");
  }
}

function showChooser(moves) {
  const chooser = $("chooser");
  chooser.replaceChildren(document.createTextNode("Which move? "));
  for (const m of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = m.text;
    button.dataset.move = m.text;
    button.addEventListener("click", () => guarded(() => play(m.text)));
    chooser.append(button);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = "cancel";
  cancel.addEventListener("click", hideChooser);
  chooser.append(cancel);
  chooser.hidden = false;
}

function hideChooser() {
  $("chooser").hidden = true;
  $("chooser").replaceChildren();
}

async function play(text) {
  selected = null;
  hideChooser();
  show(await api("POST", `/api/sessions/${view.id}/moves`, { move: text }));
}

async function goto(ply) {
  if (!view) return;
  const target = Math.max(0, Math.min(ply, view.plies));
  show(await api("POST", `/api/sessions/${view.id}/ply`, { ply: target }));
}

// ---- showing a session ----

function show(next) {
  view = next;
  const board = $("board");
  board.innerHTML = view.svg;
  markSelection();
  const seatOf = (s) => `seat ${s} (${view.seats[s]})`;
  let status = `${view.game} · ply ${view.ply} of ${view.plies}`;
  if (view.to_move != null) status += ` · ${seatOf(view.to_move)} to move`;
  if (view.search) status += " · thinking…";
  $("status").textContent = status;
  $("ply").textContent = `ply ${view.ply} of ${view.plies}`;
  const result = $("result");
  if (view.result) {
    result.textContent = `Game over: ${view.result.text} (${view.result.reason})`;
    result.hidden = false;
  } else {
    result.hidden = true;
    result.textContent = "";
  }
  if (view.engine_error) showError(view.engine_error);
  showMoves();
  showEngine();
  $("position").value = view.position;
  $("stop").disabled = !view.search;
  $("undo").disabled = view.plies === 0;
  $("first").disabled = $("prev").disabled = view.ply === 0;
  $("next").disabled = $("last").disabled = view.ply === view.plies;
  const others = $("other-moves");
  others.replaceChildren();
  if (personToMove()) {
    for (const m of view.legal.filter((m) => !m.from)) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = m.text;
      button.dataset.move = m.text;
      button.addEventListener("click", () => guarded(() => play(m.text)));
      others.append(button);
    }
  }
  const record = $("record");
  if (view.record) {
    const tags = view.record.tags.map(([k, v]) => `${k}: ${v}`).join("; ");
    record.textContent = `Record game ${view.record.number} of ${view.record.games}, result ${view.record.result}. ${tags}`;
  } else {
    record.textContent = "";
  }
  schedulePoll();
}

function showMoves() {
  const list = $("moves");
  list.replaceChildren();
  for (const m of view.moves) {
    const li = document.createElement("li");
    li.dataset.ply = String(m.ply);
    const dot = document.createElement("span");
    dot.className = "seat";
    dot.style.background = catalog.palette[m.seat % catalog.palette.length];
    const text = document.createElement("span");
    text.className = "move";
    text.textContent = m.text;
    li.append(dot, text);
    if (m.ply === view.ply) li.classList.add("current");
    li.addEventListener("click", () => guarded(() => goto(m.ply)));
    list.append(li);
  }
  const current = list.querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function showEngine() {
  const info = view.search || view.last_search;
  const dl = $("engine");
  dl.replaceChildren();
  if (!info) return;
  const rows = [
    ["seat", `${info.seat}${info.running ? " (thinking)" : " (last move)"}`],
    ["depth", info.depth],
    ["score", info.score],
    ["nodes", info.nodes],
    ["nodes/s", info.nps],
    ["time", `${(info.ms / 1000).toFixed(1)} s`],
    ["pv", info.pv.join(" ")],
  ];
  for (const [k, v] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = String(v);
    dd.dataset.key = k;
    dl.append(dt, dd);
  }
}

// While an engine is to move (or thinks) the page asks again a few times a second.
function schedulePoll() {
  clearTimeout(polling);
  const engineTurn = view.to_move != null && view.seats[view.to_move] !== "person" && view.ply === view.plies;
  if (view.search || (engineTurn && !view.engine_error)) {
    polling = setTimeout(() => guarded(async () => show(await api("GET", `/api/sessions/${view.id}`))), 250);
  }
}

// ---- start ----

async function init() {
  catalog = await api("GET", "/api/games");
  $("game").replaceChildren(...catalog.games.map((g) => new Option(g.name, g.name)));
  const think = $("think");
  for (const [name, ms] of catalog.think_presets) think.append(new Option(`${name}: ${ms / 1000} s`, String(ms)));
  think.append(new Option("custom", "custom"));
  const params = new URLSearchParams(location.search);
  if (params.get("game")) $("game").value = params.get("game");
  fillSetup();
  $("game").addEventListener("change", () => { $("players").value = ""; fillSetup(); });
  $("players").addEventListener("change", fillSeats);
  think.addEventListener("change", () => { $("think-custom-label").hidden = think.value !== "custom"; });
  $("start").addEventListener("click", () => guarded(startGame));
  $("record-file").addEventListener("change", () => {
    const file = $("record-file").files[0];
    if (!file) return;
    file.text().then((text) => { $("record-text").value = text; guarded(loadRecord); });
  });
  $("record-load").addEventListener("click", () => guarded(loadRecord));
  $("board").addEventListener("click", onBoardClick);
  $("undo").addEventListener("click", () => guarded(async () => {
    selected = null;
    show(await api("POST", `/api/sessions/${view.id}/undo`));
  }));
  $("flip").addEventListener("click", () => $("board").classList.toggle("flipped"));
  $("stop").addEventListener("click", () => guarded(async () => show(await api("POST", `/api/sessions/${view.id}/stop`))));
  $("first").addEventListener("click", () => guarded(() => goto(0)));
  $("prev").addEventListener("click", () => guarded(() => goto(view.ply - 1)));
  $("next").addEventListener("click", () => guarded(() => goto(view.ply + 1)));
  $("last").addEventListener("click", () => guarded(() => goto(view.plies)));
  $("copy").addEventListener("click", () => {
    $("position").select();
    if (navigator.clipboard) navigator.clipboard.writeText(view ? view.position : "").catch(() => {});
  });
  await startGame();
}

guarded(init);
