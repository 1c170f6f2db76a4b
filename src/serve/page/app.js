/* polyx serve: app.js owns the page's state, the tabs, the API calls, the built-in list,
   the TOML tab (check and load, errors at their line), the Solve tab (first, N, count
   with live progress and Cancel, browsing and downloading solutions).

   Hooks for the other scripts (play.js, editor.js, design.js), all on window.polyx:
     polyx.api              the API client: json(method, path, body), post(path, body),
                            blob(path, body), puzzle(extra) (the current puzzle's request
                            fields merged with `extra`), stream(path, body, onLine)
     polyx.draw             draw.js (window.polyxDraw): board(geometry, opts), key(at), …
     polyx.view3d           view3d.js (window.polyxView3d): create(geometry, solution)
     polyx.state            {builtins, puzzle, geometry, solutions, index, job}: `puzzle`
                            is the current puzzle's request fields ({board} or
                            {board_toml, pieces_toml}), `geometry` its /api/puzzle answer
     polyx.setPuzzle(fields, name)  loads a puzzle (POST /api/puzzle), returns geometry
     polyx.showTab(name)    switches tab ("builtins", "editor", "toml", "solve", "play",
                            "design")
     polyx.message(text, isError)   the status line under the header
     polyx.download(blob, filename), polyx.fileName(name) (a name fit for a file)
     polyx.showError(err)   shows an API error (a located TOML error goes to the TOML tab)
   When the Play tab opens, app.js calls window.polyxPlay.open(geometry) if play.js
   defined window.polyxPlay (geometry is null when no puzzle is loaded). */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const draw = window.polyxDraw;
  const view3d = window.polyxView3d;

  const state = { builtins: null, puzzle: null, geometry: null, name: "", solutions: [], index: 0, job: null, events: null };

  /* ---------- API ---------- */

  class ApiError extends Error {
    constructor(status, body) {
      const e = (body && body.error) || {};
      super(e.message || "HTTP " + status);
      this.status = status;
      this.error = e;
    }
  }

  async function json(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const res = await fetch(path, init);
    const text = await res.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (_) { data = { error: { message: text } }; }
    if (!res.ok) throw new ApiError(res.status, data);
    return data;
  }

  async function blob(path, body) {
    const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!res.ok) {
      let data = null;
      try { data = await res.json(); } catch (_) { /* not JSON */ }
      throw new ApiError(res.status, data);
    }
    return res.blob();
  }

  /** POSTs and calls onLine for each JSON line of the streamed answer. */
  async function stream(path, body, onLine, signal) {
    const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal });
    if (!res.ok) {
      let data = null;
      try { data = await res.json(); } catch (_) { /* not JSON */ }
      throw new ApiError(res.status, data);
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (value) buffer += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line) onLine(JSON.parse(line));
      }
      if (done) break;
    }
    if (buffer.trim()) onLine(JSON.parse(buffer));
  }

  const api = {
    json, blob, stream, ApiError,
    post: (path, body) => json("POST", path, body),
    puzzle: (extra) => Object.assign({}, state.puzzle || {}, extra || {}),
  };

  /* ---------- small helpers ---------- */

  function message(text, isError) {
    const m = $("message");
    m.textContent = text || "";
    m.classList.toggle("error", !!isError);
  }

  /** A name fit for a downloaded file. */
  function fileName(name) {
    return String(name).trim().replace(/[^A-Za-z0-9._-]+/g, "-") || "puzzle";
  }

  function download(data, filename) {
    const url = URL.createObjectURL(data);
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  function showError(err) {
    message(err && err.message ? err.message : String(err), true);
  }

  function formatMs(ms) {
    if (ms == null) return "";
    const s = Math.round(ms / 1000);
    if (s < 60) return s + " s";
    const m = Math.floor(s / 60);
    if (m < 60) return m + " min " + (s % 60) + " s";
    return Math.floor(m / 60) + " h " + (m % 60) + " min";
  }

  /* ---------- tabs ---------- */

  function showTab(name) {
    if ($("message").classList.contains("error")) message(""); // an error of another tab
    for (const b of document.querySelectorAll("#tabs button")) b.classList.toggle("active", b.dataset.tab === name);
    for (const s of document.querySelectorAll("main > section.tab")) s.classList.toggle("active", s.id === name);
    if (name === "play" && window.polyxPlay) window.polyxPlay.open(state.geometry);
    if (name === "editor" && window.polyxEditor) window.polyxEditor.open();
  }

  /* ---------- loading a puzzle ---------- */

  /** Loads a puzzle: its geometry from /api/puzzle; the Solve tab shows its board. */
  async function setPuzzle(fields, name) {
    const geometry = await json("POST", "/api/puzzle", fields);
    stopJob();
    state.puzzle = fields;
    state.geometry = geometry;
    state.name = name || geometry.name || "puzzle";
    state.solutions = [];
    state.index = 0;
    $("current-name").textContent = state.name + " (" + geometry.grid + ")";
    $("current-name").dataset.name = state.name;
    $("solve-summary").textContent = "";
    $("progress").hidden = true;
    renderSolution();
    message("Loaded " + state.name + ": " + geometry.cells.filter((c) => c.state === "open").length + " open cells, " + geometry.pieces.length + " pieces.");
    document.dispatchEvent(new CustomEvent("polyx:puzzle", { detail: geometry }));
    return geometry;
  }

  /** The TOML on screen: the TOML tab's text or the editor's board while one of them
      is open, else the loaded puzzle's own file. {board, pieces, name} or null. */
  function tomlOnScreen() {
    const tab = document.querySelector("main > section.tab.active");
    const id = tab ? tab.id : "";
    if (id === "toml" && $("toml-board").value.trim()) {
      return { board: $("toml-board").value, pieces: $("toml-pieces").value.trim() ? $("toml-pieces").value : "", name: "board" };
    }
    if (id === "editor" && window.polyxEditor && window.polyxEditor.boardToml()) {
      return { board: window.polyxEditor.boardToml(), pieces: window.polyxEditor.piecesToml(), name: "my-board" };
    }
    if (!state.geometry) return null;
    const p = state.puzzle || {};
    return { board: state.geometry.toml || p.board_toml || "", pieces: state.geometry.pieces_toml || p.pieces_toml || "", name: state.name };
  }

  function downloadToml() {
    const toml = tomlOnScreen();
    if (!toml) { message("Nothing to download yet: pick or write a puzzle.", true); return; }
    download(new Blob([toml.board], { type: "application/toml" }), fileName(toml.name || "board") + ".toml");
    // A piece set of the puzzle's own is the file the board names: pieces.toml.
    if (toml.pieces) download(new Blob([toml.pieces], { type: "application/toml" }), "pieces.toml");
  }

  /* ---------- built-ins ---------- */

  async function loadBuiltins() {
    try {
      state.builtins = await json("GET", "/api/builtins");
    } catch (err) {
      showError(err);
      return;
    }
    renderBuiltins();
    document.dispatchEvent(new CustomEvent("polyx:builtins", { detail: state.builtins }));
  }

  function renderBuiltins() {
    const list = $("builtin-list");
    const grid = $("builtin-grid").value;
    list.textContent = "";
    for (const b of state.builtins.boards) {
      if (grid && b.grid !== grid) continue;
      const li = document.createElement("li");
      li.dataset.testid = "builtin-" + b.name;
      li.dataset.name = b.name;
      li.title = b.description || "";
      const thumb = document.createElement("div");
      thumb.className = "thumb";
      thumb.innerHTML = b.thumbnail || "";
      const name = document.createElement("div");
      name.className = "name";
      name.textContent = b.name;
      const meta = document.createElement("div");
      meta.className = "meta";
      meta.textContent = b.grid + " · " + b.cells + " cells · " + b.pieces;
      const desc = document.createElement("div");
      desc.className = "desc";
      desc.textContent = b.description || "";
      li.append(thumb, name, meta, desc);
      li.addEventListener("click", () => pickBuiltin(b.name));
      list.appendChild(li);
    }
  }

  async function pickBuiltin(name) {
    try {
      await setPuzzle({ board: name }, name);
      showTab("solve");
    } catch (err) {
      showError(err);
    }
  }

  /* ---------- the TOML tab ---------- */

  function tomlFields() {
    const fields = { board_toml: $("toml-board").value };
    const pieces = $("toml-pieces").value;
    if (pieces.trim()) fields.pieces_toml = pieces;
    return fields;
  }

  function clearTomlError() {
    $("toml-error").hidden = true;
    $("toml-ok").hidden = true;
    $("toml-board-lines").textContent = "";
    $("toml-pieces-lines").textContent = "";
  }

  /** Marks line `line` of a textarea's overlay and selects it in the textarea. */
  function markLine(area, overlay, line) {
    const lines = area.value.split("\n");
    overlay.textContent = "";
    lines.forEach((text, i) => {
      if (i + 1 === line) {
        const mark = document.createElement("mark");
        mark.dataset.testid = "error-line";
        mark.textContent = text || " ";
        overlay.appendChild(mark);
      } else {
        overlay.appendChild(document.createTextNode(text));
      }
      if (i + 1 < lines.length) overlay.appendChild(document.createTextNode("\n"));
    });
    let start = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
    const end = start + (lines[line - 1] || "").length;
    area.focus();
    area.setSelectionRange(start, end);
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (line - 3) * lineHeight);
    overlay.scrollTop = area.scrollTop;
  }

  function showTomlError(e) {
    const isPieces = e.file === "pieces.toml";
    const area = $(isPieces ? "toml-pieces" : "toml-board");
    const overlay = $(isPieces ? "toml-pieces-lines" : "toml-board-lines");
    $("toml-error").hidden = false;
    $("toml-ok").hidden = true;
    const where = (e.file || "board.toml") + (e.line ? ", line " + e.line : "") + (e.column ? ", column " + e.column : "");
    $("toml-error-where").textContent = where + ":";
    $("toml-error-where").dataset.line = e.line || "";
    // The box says where; the message without its "file:line:column: " prefix.
    $("toml-error-message").textContent = (e.message || "").replace(/^[^\s:]+:\d+:\d+: /, "");
    $("toml-error-hint").textContent = e.hint ? "hint: " + e.hint : "";
    if (e.line) markLine(area, overlay, e.line);
  }

  /** POST /api/check-input on the TOML boxes; true when the input is good. */
  async function checkToml() {
    clearTomlError();
    try {
      const r = await json("POST", "/api/check-input", tomlFields());
      const ok = $("toml-ok");
      ok.hidden = false;
      ok.textContent = "OK: " + r.grid + " grid, " + r.cells + " cells, " + r.pieces + " pieces, " + r.placements + " placements.";
      message("");
      return true;
    } catch (err) {
      if (err.error) showTomlError(err.error);
      message(err.message, true);
      return false;
    }
  }

  async function loadToml() {
    if (!(await checkToml())) return;
    try {
      await setPuzzle(tomlFields());
      showTab("solve");
    } catch (err) {
      if (err.error) showTomlError(err.error);
      showError(err);
    }
  }

  function setupToml() {
    $("toml-check").addEventListener("click", checkToml);
    $("toml-load").addEventListener("click", loadToml);
    $("toml-file").addEventListener("change", async (e) => {
      const file = e.target.files[0];
      if (!file) return;
      const text = await file.text();
      // A piece set (it has [[piece]] tables) goes to the pieces box, a board to its own.
      $(/^\s*\[\[piece\]\]/m.test(text) ? "toml-pieces" : "toml-board").value = text;
      e.target.value = "";
      clearTomlError();
      checkToml();
    });
    for (const id of ["toml-board", "toml-pieces"]) {
      const area = $(id), overlay = $(id + "-lines");
      area.addEventListener("scroll", () => { overlay.scrollTop = area.scrollTop; overlay.scrollLeft = area.scrollLeft; });
      area.addEventListener("input", () => { overlay.textContent = ""; });
    }
  }

  /** Puts a puzzle's TOML into the TOML tab (the editor's "Edit as TOML"). */
  function editToml(boardToml, piecesToml) {
    $("toml-board").value = boardToml || "";
    $("toml-pieces").value = piecesToml || "";
    clearTomlError();
    showTab("toml");
  }

  /* ---------- the Solve tab ---------- */

  function renderSolution() {
    const pic = $("solve-picture");
    pic.textContent = "";
    const g = state.geometry;
    const box3d = $("solve-3d");
    if (!g) { box3d.hidden = true; return; }
    const sol = state.solutions[state.index];
    const placements = sol ? sol.placements : null;
    pic.appendChild(draw.board(g, { solution: placements }));
    $("browse").hidden = state.solutions.length === 0;
    $("sol-index").textContent = state.solutions.length ? "solution " + (state.index + 1) + " of " + state.solutions.length : "";
    box3d.hidden = g.dimension !== 3;
    if (g.dimension === 3) {
      if (!state.view || state.view.geometry !== g) {
        box3d.textContent = "";
        state.view = { geometry: g, view: view3d.create(g, placements) };
        box3d.appendChild(state.view.view.element);
      } else {
        state.view.view.update(placements);
      }
    }
  }

  function solveBody(limit) {
    return api.puzzle({ limit, symmetry: $("solve-symmetry").value, seed: 0 });
  }

  async function runSolve(limit) {
    if (!state.geometry) { message("Pick a puzzle first.", true); return; }
    stopJob();
    state.solutions = [];
    state.index = 0;
    renderSolution();
    $("solve-summary").textContent = "Searching…";
    setBusy(true);
    state.abort = new AbortController();
    try {
      await stream("/api/solve", solveBody(limit), (line) => {
        if (line.type === "solution") {
          state.solutions.push(line);
          if (state.solutions.length === 1) renderSolution();
          else $("sol-index").textContent = "solution " + (state.index + 1) + " of " + state.solutions.length;
        } else if (line.type === "summary") {
          showSummary(line);
        }
      }, state.abort.signal);
      message(state.solutions.length ? "" : "No solution.");
    } catch (err) {
      if (err.name !== "AbortError") showError(err);
    } finally {
      state.abort = null;
      setBusy(false);
    }
  }

  /** A count as the API sends it (a number up to 2^53 - 1, a string of digits past it),
      exactly, with thousands separators. */
  function countText(n) {
    return (typeof n === "string" ? BigInt(n) : (n || 0)).toLocaleString("en");
  }

  function showSummary(s) {
    const parts = [String(s.solutions) + " solution" + (s.solutions === 1 ? "" : "s") + (s.complete ? " (all)" : "")];
    parts.push("symmetry " + s.symmetry);
    if (s.nodes != null) parts.push(s.nodes.toLocaleString("en") + " nodes");
    if (s.elapsed_ms != null) parts.push(s.elapsed_ms + " ms");
    $("solve-summary").textContent = parts.join(" · ");
  }

  function setBusy(busy) {
    for (const id of ["solve-first", "solve-many", "solve-count"]) $(id).disabled = busy;
    $("solve-cancel").disabled = !busy;
  }

  function showProgress(st) {
    $("progress").hidden = false;
    const bar = $("progress-bar");
    if (st.done != null) bar.value = st.done; else bar.removeAttribute("value");
    const parts = [countText(st.solutions) + " solutions"];
    if (st.done != null) parts.push((st.done * 100).toFixed(1) + "% done");
    if (st.eta_ms != null) parts.push("ETA " + formatMs(st.eta_ms));
    if (st.nodes != null) parts.push(st.nodes.toLocaleString("en") + " nodes");
    if (st.state && st.state !== "running") parts.push(st.state);
    const text = $("progress-text");
    text.textContent = parts.join(" · ");
    text.dataset.solutions = String(st.solutions || 0);
    text.dataset.done = st.done != null ? st.done : "";
    text.dataset.nodes = st.nodes != null ? st.nodes : "";
    text.dataset.state = st.state || "";
  }

  async function runCount() {
    if (!state.geometry) { message("Pick a puzzle first.", true); return; }
    stopJob();
    $("solve-summary").textContent = "Counting…";
    let started;
    try {
      started = await json("POST", "/api/count", api.puzzle({ symmetry: $("solve-symmetry").value }));
    } catch (err) {
      showError(err);
      return;
    }
    state.job = started.job;
    $("progress").dataset.job = started.job;
    setBusy(true);
    showProgress({ state: "running", solutions: 0 });
    const events = new EventSource("/api/jobs/" + encodeURIComponent(started.job) + "/events");
    state.events = events;
    events.addEventListener("progress", (e) => showProgress(JSON.parse(e.data)));
    events.addEventListener("end", (e) => endCount(JSON.parse(e.data)));
    events.onerror = () => { if (state.events === events && events.readyState === EventSource.CLOSED) endCount(null); };
  }

  function endCount(st) {
    if (state.events) state.events.close();
    state.events = null;
    state.job = null;
    setBusy(false);
    if (!st) { $("solve-summary").textContent = "The progress stream ended."; return; }
    showProgress(st);
    const what = st.state === "done" ? "Counted" : st.state === "cancelled" ? "Cancelled after" : "Stopped after";
    $("solve-summary").textContent = what + " " + countText(st.solutions) + " solutions (" + $("solve-symmetry").value + "), " + formatMs(st.elapsed_ms) + ".";
  }

  /** Cancels what runs: the count job on the server (DELETE), or the solve stream. */
  async function cancel() {
    if (state.abort) { state.abort.abort(); return; }
    const job = state.job;
    if (!job) return;
    try {
      const r = await json("DELETE", "/api/jobs/" + encodeURIComponent(job));
      message("Job " + job + " " + r.state + ".");
    } catch (err) {
      showError(err);
    }
  }

  function stopJob() {
    if (state.abort) state.abort.abort();
    if (state.job) json("DELETE", "/api/jobs/" + encodeURIComponent(state.job)).catch(() => {});
    if (state.events) state.events.close();
    state.events = null;
    state.job = null;
    setBusy(false);
  }

  async function downloadPicture(format) {
    const sol = state.solutions[state.index];
    const body = api.puzzle({ format });
    if (sol) body.solution = sol.placements;
    try {
      const b = await blob("/api/render", body);
      download(b, fileName(state.name) + (sol ? "-" + (state.index + 1) : "") + "." + format);
    } catch (err) {
      showError(err);
    }
  }

  function downloadJson() {
    const text = state.solutions.map((s) => JSON.stringify(s)).join("\n") + "\n";
    download(new Blob([text], { type: "application/x-ndjson" }), fileName(state.name) + "-solutions.jsonl");
  }

  function browse(step) {
    if (!state.solutions.length) return;
    state.index = (state.index + step + state.solutions.length) % state.solutions.length;
    renderSolution();
  }

  function setupSolve() {
    $("solve-first").addEventListener("click", () => runSolve(1));
    $("solve-many").addEventListener("click", () => runSolve(Math.max(1, Math.min(1000, parseInt($("solve-n").value, 10) || 1))));
    $("solve-count").addEventListener("click", runCount);
    $("solve-cancel").addEventListener("click", cancel);
    $("sol-prev").addEventListener("click", () => browse(-1));
    $("sol-next").addEventListener("click", () => browse(1));
    $("dl-svg").addEventListener("click", () => downloadPicture("svg"));
    $("dl-png").addEventListener("click", () => downloadPicture("png"));
    $("dl-json").addEventListener("click", downloadJson);
  }

  /* ---------- start ---------- */

  function setup() {
    for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
    $("download-toml").addEventListener("click", downloadToml);
    $("builtin-grid").addEventListener("change", renderBuiltins);
    setupToml();
    setupSolve();
    if (window.polyxEditor) window.polyxEditor.setup();
    if (window.polyxDesign) window.polyxDesign.setup();
    loadBuiltins();
  }

  window.polyx = { api, draw, view3d, state, setPuzzle, showTab, message, download, fileName, showError, editToml, renderSolution };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();
