// The Tabula board page: sets up games, sends clicks as moves, polls while an engine
// thinks, steps through plies. The server checks everything; this script only shows what
// it answers and offers the legal moves it lists.
//
// The session shown is named in the address (`#s=ID`, and `&flip=1` when the board is
// turned), so that a reload, or the address opened again, shows the same game.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["red", "blue", "green", "orange", "purple", "teal"];
let catalog = null;   // GET /api/games
let view = null;      // the session shown
let selected = null;  // {cell, level} of the first click
let turning = null;   // Icelights: the move whose facing is being chosen on the board
let polling = null;
let shownSvg = null;  // the picture on the board, as the server sent it
let shownPly = null;  // "id:ply:plies" of the position on the board
let flipped = false;

// A refused request: its status and the server's one-line reason.
class Refused extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

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
  if (!response.ok) throw new Refused(response.status, (data && data.error) || response.statusText);
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
    // Every 404 a session's request gets means the session is gone.
    if (e instanceof Refused && e.status === 404 && view) {
      sessionGone(view.id);
    } else {
      showError(e.message);
    }
  }
}

// ---- the address ----

function hashParams() {
  return new URLSearchParams(location.hash.slice(1));
}

function writeHash() {
  const params = new URLSearchParams();
  if (view) params.set("s", view.id);
  if (view && flipped) params.set("flip", "1");
  const hash = view ? `#${params}` : "";
  if (location.hash !== hash) history.replaceState(null, "", hash || location.pathname + location.search);
}

// ---- setup form ----

function gameInfo() {
  return catalog.games.find((g) => g.name === $("game").value);
}

function level() {
  const value = $("level").value;
  return value === "custom" ? null : catalog.levels[Number(value)];
}

// The game's default engine for the player count and rule options chosen.
function defaultEngine() {
  const info = gameInfo();
  const players = Number($("players").value);
  const options = changedOptions();
  const byOption = info.default_engines_by_option.find((d) => d.players === players && options[d.key] === d.value);
  return byOption ? byOption.engine : info.default_engines[info.players.indexOf(players)] || "alphabeta";
}

// The spec a level gives an engine seat.
function levelSpec(lv) {
  return lv.engine || defaultEngine();
}

// The players list, the rule options (set to `values`, key to text, else their defaults)
// and the seats of the game chosen.
function fillSetup(values = {}, players = null) {
  const info = gameInfo();
  const select = $("players");
  const chosen = players || Number(select.value) || info.default_players;
  select.replaceChildren(...info.players.map((n) => new Option(String(n), String(n))));
  select.value = String(info.players.includes(chosen) ? chosen : info.default_players);
  const options = $("options");
  options.replaceChildren();
  for (const opt of info.options) options.append(optionControl(opt, values[opt.key] ?? opt.default));
  countChangedOptions();
  fillSeats();
}

// The control an option's declared values call for: a checkbox, a list, a number field
// with its range (empty for none, where none is allowed), or a text field.
function optionControl(opt, value) {
  const label = document.createElement("label");
  label.title = `${opt.doc} (${opt.values}; default ${opt.default})`;
  const control = opt.control || { kind: "text" };
  let input;
  if (control.kind === "switch") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.checked = value === "true";
    label.className = "switch";
    label.append(input, opt.key);
  } else {
    if (control.kind === "choice") {
      input = document.createElement("select");
      for (const choice of control.choices) input.append(new Option(choice, choice));
    } else {
      input = document.createElement("input");
      input.type = control.kind === "text" ? "text" : "number";
      if (control.kind !== "text") {
        input.min = String(control.min);
        input.max = String(control.max);
        input.step = "1";
      }
      if (control.kind === "limit") input.placeholder = "none";
    }
    input.value = control.kind === "limit" && value === "none" ? "" : value;
    label.append(opt.key + " ", input);
  }
  input.dataset.key = opt.key;
  input.dataset.default = opt.default;
  input.dataset.kind = control.kind;
  input.addEventListener("change", () => {
    countChangedOptions();
    applyLevel();
  });
  return label;
}

// The text of an option's control, as the server takes it.
function optionValue(input) {
  if (input.dataset.kind === "switch") return input.checked ? "true" : "false";
  const value = input.value.trim();
  return input.dataset.kind === "limit" && value === "" ? "none" : value;
}

function changedOptions() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-key]")) {
    const value = optionValue(input);
    if (value !== input.dataset.default) options[input.dataset.key] = value;
  }
  return options;
}

function countChangedOptions() {
  const n = Object.keys(changedOptions()).length;
  const all = $("options").querySelectorAll("[data-key]").length;
  $("options-changed").textContent = `(${all}${n ? `, ${n} changed` : ""})`;
}

// One row a seat: person or engine, and under a custom level the engine's spec. `kinds`
// and `specs` keep what was chosen before.
function fillSeats(kinds = null, specs = null) {
  const n = Number($("players").value);
  const seats = $("seats");
  const oldKinds = kinds || [...seats.querySelectorAll("select")].map((s) => s.value);
  const oldSpecs = specs || [...seats.querySelectorAll("input")].map((i) => i.value);
  seats.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Seats" }));
  const info = gameInfo();
  let names = $("searcher-names");
  if (!names) {
    names = document.createElement("datalist");
    names.id = "searcher-names";
    document.body.append(names);
  }
  names.replaceChildren(...info.searchers.map((s) => new Option(s.doc, s.name)));
  for (let s = 0; s < n; s++) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const dot = document.createElement("span");
    dot.className = "seat";
    dot.style.background = catalog.palette[s % catalog.palette.length];
    const kind = document.createElement("select");
    kind.id = `seat-kind-${s}`;
    kind.append(new Option("person", "person"), new Option("engine", "engine"));
    kind.value = oldKinds[s] || (s === 0 ? "person" : "engine");
    const spec = document.createElement("input");
    spec.type = "text";
    spec.id = `seat-${s}`;
    spec.setAttribute("list", "searcher-names");
    spec.spellcheck = false;
    spec.title = "the engine: a searcher and its keys, e.g. alphabeta:threads=2,hash=64";
    const old = oldSpecs[s];
    spec.value = kind.value === "person" ? "person" : old && old !== "person" ? old : engineSpecNow();
    kind.addEventListener("change", () => {
      spec.value = kind.value === "person" ? "person" : engineSpecNow();
      applyLevel();
    });
    spec.addEventListener("change", () => {
      const text = spec.value.trim();
      kind.value = text === "person" || text === "" ? "person" : "engine";
      if (kind.value === "engine" && level() && text !== levelSpec(level())) $("level").value = "custom";
      applyLevel();
    });
    const label = document.createElement("label");
    label.htmlFor = kind.id;
    label.textContent = `seat ${s}`;
    const box = document.createElement("div");
    box.style.flex = "1 1 auto";
    box.append(kind, spec);
    row.append(dot, label, box);
    seats.append(row);
  }
  applyLevel();
}

function engineSpecNow() {
  return level() ? levelSpec(level()) : defaultEngine();
}

// Shows what the level chosen does; under a level the engine seats take its spec, under
// "custom" their specs and the thinking time are written by hand.
function applyLevel() {
  const lv = level();
  $("think-custom-label").hidden = !!lv;
  $("level-doc").textContent = lv
    ? `${lv.doc}${lv.engine ? "" : ` (${defaultEngine()})`}.`
    : "Write each engine seat's searcher and the thinking time.";
  for (const kind of $("seats").querySelectorAll("select")) {
    const spec = $(kind.id.replace("seat-kind-", "seat-"));
    if (kind.value === "engine" && lv) spec.value = levelSpec(lv);
    spec.hidden = kind.value === "person" || !!lv;
  }
}

function thinkMs() {
  const lv = level();
  if (lv) return lv.think_ms;
  const seconds = Number($("think-custom").value);
  if (!(seconds >= 0.01 && seconds <= 3600)) {
    throw new Error(`bad thinking time '${$("think-custom").value}': give 0.01 to 3600 seconds a move`);
  }
  return Math.round(seconds * 1000);
}

function seatSpecs() {
  const n = Number($("players").value);
  const seats = [];
  for (let s = 0; s < n; s++) {
    const person = $(`seat-kind-${s}`).value === "person";
    seats.push(person ? "person" : $(`seat-${s}`).value.trim() || engineSpecNow());
  }
  return seats;
}

async function startGame() {
  const request = { game: $("game").value, options: changedOptions(), seats: seatSpecs(), think_ms: thinkMs() };
  const position = $("start-position").value.trim();
  if (position) {
    // A position names its game first; its player count is its own.
    const name = position.split(/\s/)[0];
    if (catalog.games.some((g) => g.name === name)) request.game = name;
    request.position = position;
  } else {
    request.players = Number($("players").value);
  }
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
    const init = { method: "DELETE", keepalive: true, headers: { "Content-Type": "application/json" } };
    fetch(`/api/sessions/${view.id}`, init).catch(() => {});
  }
  view = null;
  flipped = false;
  show(created);
  // The person's seat at the bottom (seat 0's when no person sits).
  setFlipped(seatAtTop(), false);
  writeHash();
}

// The form set to what session `v` was started with, for a new game like it.
function fillForm(v) {
  $("game").value = v.game;
  const values = {};
  for (const pair of v.options) {
    const at = pair.indexOf("=");
    values[pair.slice(0, at)] = pair.slice(at + 1);
  }
  fillSetup(values, v.players);
  const kinds = v.seats.map((s) => (s === "person" ? "person" : "engine"));
  const engines = v.seats.filter((s) => s !== "person");
  const lv = catalog.levels.findIndex((l) => l.think_ms === v.think_ms && engines.every((s) => s === levelSpec(l)));
  if (engines.length === 0) {
    // No engine sits: the level stays as it was chosen.
  } else if (lv >= 0) {
    $("level").value = String(lv);
  } else {
    $("level").value = "custom";
    $("think-custom").value = String(v.think_ms / 1000);
  }
  fillSeats(kinds, v.seats);
}

// Shows session `id` named in the address, or says that it is gone.
async function openSession(id) {
  let found;
  try {
    found = await api("GET", `/api/sessions/${encodeURIComponent(id)}`);
  } catch (e) {
    if (e instanceof Refused && e.status === 404) return sessionGone(id);
    throw e;
  }
  fillForm(found);
  view = null;
  flipped = hashParams().get("flip") === "1";
  show(found);
  setFlipped(flipped, false);
}

// The session shown (or named in the address) is no longer on the server.
function sessionGone(id) {
  clearTimeout(polling);
  view = null;
  shownSvg = shownPly = null;
  selected = turning = null;
  hideChooser();
  $("board").replaceChildren();
  $("moves").replaceChildren();
  $("engine").replaceChildren();
  $("position").value = "";
  $("record").textContent = "";
  $("result").hidden = true;
  $("other-moves").replaceChildren();
  $("call-clock-label").hidden = true;
  for (const b of ["undo", "flip", "stop", "resign", "first", "prev", "next", "last"]) $(b).disabled = true;
  $("save").removeAttribute("href");
  $("ply").textContent = "no game";
  $("status").textContent = "no game";
  $("status").classList.remove("over");
  const notice = $("notice");
  notice.textContent = `The game '${String(id).slice(0, 40)}' is no longer on the server: it was ended ` +
    "(left alone too long, or replaced by a new game) or the server restarted. " +
    "Start a new game with the form, or load a saved record under Replay a record.";
  notice.hidden = false;
  writeHash();
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
  if (!view) return;
  const facing = event.target.closest(".facing");
  if (facing) return guarded(() => play(facing.dataset.move));
  const target = event.target.closest("[data-cell]");
  if (!target || !personToMove()) return;
  const cell = target.dataset.cell;
  const level = target.dataset.level ? Number(target.dataset.level) : null;
  if (turning) {
    if (turning.cells.has(cell)) {
      turning.focus = cell;
      drawTurning();
      return;
    }
    endTurning();
  }
  hideChooser();
  if (selected) {
    const moves = candidatesFrom(selected.cell, selected.level).filter((m) => m.to.cell === cell);
    if (moves.length === 1) return guarded(() => play(moves[0].text));
    if (moves.length > 1) return choose(moves);
  }
  selected = candidatesFrom(cell, level).length > 0 ? { cell, level } : null;
  markSelection();
}

// Several legal moves share the two clicks: Icelights' facings are chosen on the board,
// Martian Chess's clock call by its checkbox, anything else in the chooser.
function choose(moves) {
  if (view.game === "icelights") return startTurning(moves);
  const texts = moves.map((m) => m.text);
  if (moves.length === 2 && texts.some((t) => texts.includes(`${t}!`))) {
    const call = $("call-clock").checked;
    const move = moves.find((m) => m.text.endsWith("!") === call);
    return guarded(() => play(move.text));
  }
  showChooser(moves);
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

// What a move adds to its two clicks, in words.
function explain(text) {
  if (text.endsWith("!")) return `and call the clock (${clockWords()})`;
  if (/,X/.test(text)) return `and exchange the guards ${text.split(",X")[1].replace("=", " and ")}`;
  if (/^X/.test(text)) return "exchange the guards only";
  if (view.game === "e") return "move only";
  return "";
}

// What calling the clock does, with the game's limit.
function clockWords() {
  const set = view.options.find((o) => o.startsWith("mc.clock_limit="));
  const option = gameOf(view.game).options.find((o) => o.key === "mc.clock_limit");
  const limit = set ? set.split("=")[1] : option ? option.default : "7";
  return `! calls the clock: from then on the game ends after ${limit} plies in a row without a capture, ` +
    "and the most points win";
}

function gameOf(name) {
  return catalog.games.find((g) => g.name === name);
}

function showChooser(moves) {
  const chooser = $("chooser");
  chooser.replaceChildren(document.createTextNode("Which move? "));
  for (const m of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = m.text;
    button.dataset.move = m.text;
    const why = explain(m.text);
    if (why) {
      const span = document.createElement("span");
      span.className = "why";
      span.textContent = ` ${why}`;
      button.append(span);
    }
    button.addEventListener("click", () => guarded(() => play(m.text)));
    chooser.append(button);
  }
  chooser.append(cancelButton());
  chooser.hidden = false;
}

function cancelButton() {
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = "cancel";
  cancel.addEventListener("click", () => {
    endTurning();
    hideChooser();
  });
  return cancel;
}

function hideChooser() {
  $("chooser").hidden = true;
  $("chooser").replaceChildren();
}

// ---- Icelights: the facing chosen on the board ----

// `moves` share their clicks: a move alone (`a2-a3`), with a piece turned (`a2-a3,a3=N`),
// or a piece turned alone (`a3=N`, its square clicked twice). The board shows an arrow for
// each facing the moved piece may take, and outlines every other piece that may turn.
function startTurning(moves) {
  const cells = new Map();
  let plain = null;
  for (const m of moves) {
    const turn = /(?:^|,)([a-h][1-8])=([NESW])$/.exec(m.text);
    if (!turn) {
      plain = m.text;
      continue;
    }
    if (!cells.has(turn[1])) cells.set(turn[1], []);
    cells.get(turn[1]).push({ dir: turn[2], text: m.text });
  }
  const to = moves[0].to.cell;
  turning = { from: moves[0].from.cell, to, plain, cells, focus: cells.has(to) ? to : cells.keys().next().value };
  selected = null;
  markSelection();
  drawTurning();
  const chooser = $("chooser");
  const moved = turning.from !== turning.to;
  chooser.replaceChildren(document.createTextNode(
    moved
      ? "Turn a piece too? Click an arrow for its new facing (outlined pieces can turn instead). "
      : "Click an arrow for the piece's new facing. ",
  ));
  if (plain) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = "no-turn";
    button.textContent = "move without turning";
    button.dataset.move = plain;
    button.addEventListener("click", () => guarded(() => play(plain)));
    chooser.append(button);
  }
  chooser.append(cancelButton());
  chooser.hidden = false;
}

function endTurning() {
  turning = null;
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const overlay = svg.querySelector("#turn-overlay");
  if (overlay) overlay.remove();
  for (const el of svg.querySelectorAll(".turnable")) el.classList.remove("turnable");
}

// The centre and size of a cell of the picture, from its polygon.
function cellShape(svg, cell) {
  const el = svg.querySelector(`.cell[data-cell="${cell}"]`);
  if (!el || !el.points || el.points.numberOfItems === 0) return null;
  const pts = [...Array(el.points.numberOfItems).keys()].map((i) => el.points.getItem(i));
  const cx = pts.reduce((a, p) => a + p.x, 0) / pts.length;
  const cy = pts.reduce((a, p) => a + p.y, 0) / pts.length;
  return { cx, cy, r: Math.hypot(pts[0].x - cx, pts[0].y - cy), points: el.getAttribute("points") };
}

// The facings on the picture, as Icelights draws its turned board: N up-left, E up-right.
const FACING = { N: [-1, -1], E: [1, -1], S: [1, 1], W: [-1, 1] };

function drawTurning() {
  const svg = $("board").querySelector("svg");
  if (!svg || !turning) return;
  const old = svg.querySelector("#turn-overlay");
  if (old) old.remove();
  for (const el of svg.querySelectorAll(".turnable")) el.classList.remove("turnable");
  const overlay = document.createElementNS(SVG, "g");
  overlay.id = "turn-overlay";
  for (const cell of new Set([turning.from, turning.to])) {
    const shape = cellShape(svg, cell);
    if (!shape) continue;
    const mark = document.createElementNS(SVG, "polygon");
    mark.setAttribute("class", "pending");
    mark.setAttribute("points", shape.points);
    overlay.append(mark);
  }
  for (const [cell, facings] of turning.cells) {
    if (cell !== turning.focus) {
      const where = cell === turning.to ? turning.from : cell;
      for (const el of svg.querySelectorAll(`.piece[data-cell="${where}"]`)) el.classList.add("turnable");
      continue;
    }
    const shape = cellShape(svg, cell);
    if (!shape) continue;
    for (const { dir, text } of facings) {
      const [dx, dy] = FACING[dir].map((v) => v / Math.SQRT2);
      const [nx, ny] = [-dy, dx];
      const at = (along, side) => {
        const x = shape.cx + shape.r * (dx * along + nx * side);
        const y = shape.cy + shape.r * (dy * along + ny * side);
        return `${x.toFixed(3)},${y.toFixed(3)}`;
      };
      const arrow = document.createElementNS(SVG, "polygon");
      arrow.setAttribute("class", "facing");
      arrow.setAttribute("points", `${at(0.68, 0)} ${at(0.36, 0.2)} ${at(0.36, -0.2)}`);
      arrow.dataset.move = text;
      arrow.dataset.facing = dir;
      const title = document.createElementNS(SVG, "title");
      title.textContent = `${text}: turn the piece on ${cell} to face ${dir}`;
      arrow.append(title);
      overlay.append(arrow);
    }
  }
  svg.append(overlay);
}

// ---- moves ----

async function play(text) {
  selected = null;
  endTurning();
  hideChooser();
  $("call-clock").checked = false;
  show(await api("POST", `/api/sessions/${view.id}/moves`, { move: text }));
}

async function goto(ply) {
  if (!view) return;
  const target = Math.max(0, Math.min(ply, view.plies));
  show(await api("POST", `/api/sessions/${view.id}/ply`, { ply: target }));
}

// ---- showing a session ----

// Shows `next`, changing only what differs from what is shown: while an engine thinks
// the page asks every 250 ms, and a move list rebuilt each time would lose clicks.
function show(next) {
  const fresh = !view || view.id !== next.id;
  view = next;
  if (fresh) {
    $("notice").hidden = true;
    // For measuring: when each game was first shown (the tests read it).
    performance.mark("tabula:game-shown");
  }
  const where = `${view.id}:${view.ply}:${view.plies}`;
  if (where !== shownPly) {
    shownPly = where;
    selected = null;
    turning = null;
    hideChooser();
  }
  drawBoard();
  const seatOf = (s) => `seat ${s} (${view.seats[s]})`;
  let status = `${view.game} · ply ${view.ply} of ${view.plies}`;
  if (view.result) status += ` · game over: ${view.result.text}`;
  else if (view.to_move != null) status += ` · ${seatOf(view.to_move)} to move`;
  if (view.search) status += " · thinking…";
  setText($("status"), status);
  $("status").classList.toggle("over", !!view.result);
  setText($("ply"), `ply ${view.ply} of ${view.plies}`);
  const result = $("result");
  if (view.result) {
    setText(result, `Game over: ${view.result.text} (${view.result.reason})`);
    result.hidden = false;
  } else {
    result.hidden = true;
  }
  if (view.engine_error) showError(view.engine_error);
  showMoves();
  showEngine();
  if ($("position").value !== view.position) $("position").value = view.position;
  $("stop").disabled = !view.search;
  $("undo").disabled = view.plies === 0 && !view.result;
  $("flip").disabled = false;
  $("resign").disabled = !!view.result || !view.seats.includes("person");
  $("first").disabled = $("prev").disabled = view.ply === 0;
  $("next").disabled = $("last").disabled = view.ply === view.plies;
  showOtherMoves();
  const clock = $("call-clock-label");
  clock.hidden = !(personToMove() && view.legal.some((m) => m.from && m.text.endsWith("!")));
  clock.title = clock.hidden ? "" : clockWords();
  const record = $("record");
  if (view.record) {
    const tags = view.record.tags.map(([k, v]) => `${k}: ${v}`).join("; ");
    setText(record, `Record game ${view.record.number} of ${view.record.games}, result ${view.record.result}. ${tags}`);
  } else {
    setText(record, "");
  }
  const save = $("save");
  save.href = `/api/sessions/${view.id}/record`;
  save.download = `tabula-${view.game}-${view.id}.txt`;
  save.title = "download the game as a records file (tabula and Replay a record read it)";
  writeHash();
  schedulePoll();
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

// The picture, redrawn only when it changed; stacks get their pieces listed on hover.
function drawBoard() {
  if (view.svg === shownSvg) return;
  shownSvg = view.svg;
  const board = $("board");
  board.innerHTML = view.svg;
  board.classList.remove("turning");
  board.classList.toggle("flipped", flipped);
  const svg = board.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    nameStacks(svg);
  }
  orientPieces();
  markSelection();
  drawTurning();
}

// Turns the board half round or back. Its pieces turn back round their cells, so that
// pyramids stand up and stacks keep their bottom piece lowest; Icelights' pieces turn
// with the board, for their facings are directions on it.
function setFlipped(value, animate) {
  flipped = value;
  const board = $("board");
  board.classList.toggle("turning", animate);
  board.classList.toggle("flipped", flipped);
  orientPieces();
}

function orientPieces() {
  const svg = $("board").querySelector("svg");
  if (!svg || !view) return;
  const upright = flipped && view.game !== "icelights";
  const centres = new Map();
  for (const piece of svg.querySelectorAll(".piece[data-cell]")) {
    if (!upright) {
      piece.removeAttribute("transform");
      continue;
    }
    const cell = piece.dataset.cell;
    if (!centres.has(cell)) {
      const el = svg.querySelector(`.cell[data-cell="${cell}"]`);
      const box = el ? el.getBBox() : piece.getBBox();
      centres.set(cell, [box.x + box.width / 2, box.y + box.height / 2]);
    }
    const [x, y] = centres.get(cell);
    piece.setAttribute("transform", `rotate(180 ${x.toFixed(3)} ${y.toFixed(3)})`);
  }
}

// Each piece of a stack of two or more gets a title listing the stack from the bottom.
function nameStacks(svg) {
  const stacks = new Map();
  for (const el of svg.querySelectorAll(".piece[data-level]")) {
    const cell = el.dataset.cell;
    if (!stacks.has(cell)) stacks.set(cell, []);
    stacks.get(cell).push(el);
  }
  for (const [cell, pieces] of stacks) {
    if (pieces.length < 2) continue;
    pieces.sort((a, b) => Number(a.dataset.level) - Number(b.dataset.level));
    const names = pieces.map((el) => {
      const seat = Number((/seat-(\d+)/.exec(el.getAttribute("class")) || [])[1]);
      const kind = el.getAttribute("class").split(/\s+/).filter((c) => !/^(piece|seat-\d+|selected|dest)$/.test(c));
      return `${el.dataset.level}: ${COLOURS[seat % COLOURS.length]} (seat ${seat}) ${kind.join(" ")}`.trim();
    });
    for (const el of pieces) {
      const title = document.createElementNS(SVG, "title");
      title.textContent = `${cell}, piece ${el.dataset.level} of ${pieces.length} from the bottom\n${names.join("\n")}`;
      el.append(title);
    }
  }
}

// Whether the person's seat (seat 0's if no person sits) starts at the top of the
// picture: its home cells (or else its pieces) lie above the middle of the board.
function seatAtTop() {
  const svg = $("board").querySelector("svg");
  if (!svg || !view) return false;
  let seat = view.seats.indexOf("person");
  if (seat < 0) seat = 0;
  let mine = [...svg.querySelectorAll(`.cell.seat-${seat}:not(.goal)`)];
  if (mine.length === 0) mine = [...svg.querySelectorAll(`.piece.seat-${seat}`)];
  const cells = [...svg.querySelectorAll(".cell")];
  if (mine.length === 0 || cells.length === 0) return false;
  const middle = (els) => els.reduce((sum, el) => {
    const box = el.getBBox();
    return sum + box.y + box.height / 2;
  }, 0) / els.length;
  const all = cells.map((el) => el.getBBox());
  const height = Math.max(...all.map((b) => b.y + b.height)) - Math.min(...all.map((b) => b.y));
  return middle(mine) < middle(cells) - height * 0.05;
}

// The move list, changed entry by entry: numbers as long as they need.
function showMoves() {
  const list = $("moves");
  const moves = view.moves;
  while (list.children.length > moves.length) list.lastElementChild.remove();
  list.style.setProperty("--num", `${String(moves.length).length + 1}ch`);
  let bang = false;
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    let li = list.children[i];
    if (!li) {
      li = document.createElement("li");
      const num = document.createElement("span");
      num.className = "num";
      const dot = document.createElement("span");
      dot.className = "seat";
      const text = document.createElement("span");
      text.className = "move";
      li.append(num, dot, text);
      list.append(li);
    }
    if (li.dataset.ply !== String(m.ply) || li.dataset.text !== m.text || li.dataset.seat !== String(m.seat)) {
      li.dataset.ply = String(m.ply);
      li.dataset.text = m.text;
      li.dataset.seat = String(m.seat);
      li.children[0].textContent = `${m.ply}.`;
      li.children[1].style.background = catalog.palette[m.seat % catalog.palette.length];
      li.children[1].title = `seat ${m.seat}`;
      li.children[2].textContent = m.text;
      li.title = m.text.endsWith("!") ? `seat ${m.seat} played ${m.text}: ${clockWords()}` : "";
    }
    bang = bang || m.text.endsWith("!");
    li.classList.toggle("current", m.ply === view.ply);
  }
  $("bang-note").hidden = !bang;
  const current = list.querySelector(".current");
  if (current && list.dataset.current !== String(view.ply)) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  list.dataset.current = String(view.ply);
}

function showEngine() {
  const info = view.search || view.last_search;
  const dl = $("engine");
  if (!info) {
    dl.replaceChildren();
    return;
  }
  const rows = [
    ["seat", `${info.seat}${info.running ? " (thinking)" : " (last move)"}`],
    ["depth", info.depth],
    ["score", info.score],
    ["nodes", info.nodes],
    ["nodes/s", info.nps],
    ["time", `${(info.ms / 1000).toFixed(1)} s`],
    ["pv", info.pv.join(" ")],
  ];
  if (dl.children.length !== rows.length * 2) {
    dl.replaceChildren();
    for (const [k] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = k;
      const dd = document.createElement("dd");
      dd.dataset.key = k;
      dl.append(dt, dd);
    }
  }
  rows.forEach(([, v], i) => setText(dl.children[2 * i + 1], String(v)));
}

// Moves not made on the board (`pass`), as buttons.
function showOtherMoves() {
  const others = $("other-moves");
  const moves = personToMove() ? view.legal.filter((m) => !m.from) : [];
  const key = moves.map((m) => m.text).join(" ");
  if (others.dataset.key === key) return;
  others.dataset.key = key;
  others.replaceChildren();
  for (const m of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = m.text;
    button.dataset.move = m.text;
    if (m.text.endsWith("!")) button.title = clockWords();
    button.addEventListener("click", () => guarded(() => play(m.text)));
    others.append(button);
  }
}

// While an engine is to move (or thinks) the page asks again a few times a second.
function schedulePoll() {
  clearTimeout(polling);
  if (!view) return;
  const engineTurn = view.to_move != null && view.seats[view.to_move] !== "person" && view.ply === view.plies;
  if (view.search || (engineTurn && !view.engine_error)) {
    const id = view.id;
    polling = setTimeout(() => guarded(async () => {
      const next = await api("GET", `/api/sessions/${id}`);
      if (view && view.id === id) show(next);
    }), 250);
  }
}

// ---- start ----

function onSession(action) {
  return () => guarded(async () => {
    if (view) await action();
  });
}

async function init() {
  catalog = await api("GET", "/api/games");
  $("game").replaceChildren(...catalog.games.map((g) => new Option(g.name, g.name)));
  const levels = $("level");
  catalog.levels.forEach((lv, i) => levels.append(new Option(lv.name, String(i))));
  levels.append(new Option("custom", "custom"));
  levels.value = String(catalog.default_level);
  const params = new URLSearchParams(location.search);
  if (params.get("game") && gameOf(params.get("game"))) $("game").value = params.get("game");
  fillSetup();
  $("game").addEventListener("change", () => {
    $("players").value = "";
    fillSetup();
  });
  $("players").addEventListener("change", () => fillSeats());
  levels.addEventListener("change", applyLevel);
  $("start").addEventListener("click", () => guarded(startGame));
  $("record-file").addEventListener("change", () => {
    const file = $("record-file").files[0];
    if (!file) return;
    file.text().then((text) => {
      $("record-text").value = text;
      guarded(loadRecord);
    });
  });
  $("record-load").addEventListener("click", () => guarded(loadRecord));
  $("board").addEventListener("click", onBoardClick);
  $("moves").addEventListener("click", (event) => {
    const li = event.target.closest("li[data-ply]");
    if (li) guarded(() => goto(Number(li.dataset.ply)));
  });
  $("undo").addEventListener("click", onSession(async () => {
    selected = null;
    endTurning();
    show(await api("POST", `/api/sessions/${view.id}/undo`));
  }));
  $("flip").addEventListener("click", () => {
    if (!view) return;
    setFlipped(!flipped, true);
    writeHash();
  });
  $("stop").addEventListener("click", onSession(async () => show(await api("POST", `/api/sessions/${view.id}/stop`))));
  $("resign").addEventListener("click", onSession(async () => {
    show(await api("POST", `/api/sessions/${view.id}/resign`));
  }));
  $("first").addEventListener("click", onSession(() => goto(0)));
  $("prev").addEventListener("click", onSession(() => goto(view.ply - 1)));
  $("next").addEventListener("click", onSession(() => goto(view.ply + 1)));
  $("last").addEventListener("click", onSession(() => goto(view.plies)));
  $("copy").addEventListener("click", () => {
    $("position").select();
    if (navigator.clipboard) navigator.clipboard.writeText(view ? view.position : "").catch(() => {});
  });
  window.addEventListener("hashchange", () => {
    const id = hashParams().get("s");
    if (id && (!view || view.id !== id)) guarded(() => openSession(id));
  });
  const id = hashParams().get("s");
  if (id) await openSession(id);
  else await startGame();
}

guarded(init);
