/* polyx serve: editor.js owns the board editor (the Editor tab). A new board is a full
   frame on the chosen grid (a rectangle or parallelogram, a box of cubes, or stepped
   square layers of balls), drawn from /api/puzzle's geometry; clicking and dragging
   opens or blocks cells (every layer of a 3D board is a panel of the same picture). The
   pieces come from a built-in set with a count per piece. The editor writes the board
   TOML (and a piece-set TOML when the counts differ from the set's; on the grids of
   segments both as lists of segments [x, y, d]), which it loads as
   the current puzzle or hands to the TOML tab. Exposes window.polyxEditor = {setup,
   open, boardToml, piecesToml}. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const SPACE = new Set(["cube", "sphere"]);
  // On the grids of segments a board and a piece are lists of segments [x, y, d].
  const SEGMENTS = new Set(["sticks", "trigs", "twigs"]);
  const PREFERRED = {
    square: "pentominoes", hex: "tetrahexes", triangle: "hexiamonds", cube: "soma", sphere: "noi2005-balls",
    sticks: "polysticks-123", trigs: "tritrigs", twigs: "pentatwigs",
  };
  const ed = { geometry: null, grid: "square", set: "", states: new Map(), counts: new Map(), painting: null };

  function polyx() { return window.polyx; }

  /* ---------- the frame ---------- */

  function frameBody(grid, w, h, d) {
    if (grid === "cube") return "size = [" + w + ", " + h + ", " + d + "]\n";
    if (grid === "sphere") {
      const layers = [];
      for (let z = 0; z < d && w - z > 0 && h - z > 0; z++) {
        layers.push('"""\n' + (".".repeat(w - z) + "\n").repeat(h - z) + '"""');
      }
      return "layers = [" + layers.join(", ") + "]\n";
    }
    return "size = [" + w + ", " + h + "]\n";
  }

  /** The TOML of the empty frame, every cell open, pieces and cells optional. */
  function frameToml(grid, w, h, d, set) {
    return 'name = "my-board"\ngrid = "' + grid + '"\npieces = "' + set + '"\n' +
      "use_all_pieces = false\ncover_all_cells = false\n" + frameBody(grid, w, h, d);
  }

  function setsOf(grid) {
    const b = polyx().state.builtins;
    return b ? b.sets.filter((s) => s.grid === grid) : [];
  }

  function fillSets() {
    const grid = $("ed-grid").value;
    const select = $("ed-set");
    const previous = select.value;
    select.textContent = "";
    for (const s of setsOf(grid)) {
      const o = document.createElement("option");
      o.value = s.name;
      o.textContent = s.name + " (" + s.pieces + ")";
      select.appendChild(o);
    }
    const options = [...select.options].map((o) => o.value);
    if (options.includes(previous)) select.value = previous;
    else if (options.includes(PREFERRED[grid])) select.value = PREFERRED[grid];
    for (const el of document.querySelectorAll(".space-only")) el.hidden = !SPACE.has(grid);
  }

  function clampInput(id, lo, hi) {
    return Math.max(lo, Math.min(hi, parseInt($(id).value, 10) || lo));
  }

  async function newBoard() {
    const grid = $("ed-grid").value;
    const set = $("ed-set").value;
    if (!set) { polyx().message("No built-in piece set on the " + grid + " grid.", true); return; }
    const w = clampInput("ed-w", 1, 40), h = clampInput("ed-h", 1, 40), d = clampInput("ed-d", 1, 12);
    const asked = (ed.asked = (ed.asked || 0) + 1);
    let geometry;
    try {
      geometry = await polyx().api.post("/api/puzzle", { board_toml: frameToml(grid, w, h, d, set) });
    } catch (err) {
      polyx().showError(err);
      return;
    }
    if (asked !== ed.asked) return; // a newer board was asked for meanwhile
    ed.geometry = geometry;
    ed.frame = grid + " " + w + "x" + h + (SPACE.has(grid) ? "x" + d : "");
    ed.grid = grid;
    ed.set = set;
    ed.states = new Map(ed.geometry.cells.map((c) => [polyx().draw.key(c.at), "open"]));
    ed.counts = new Map(ed.geometry.pieces.map((p) => [p.name, p.count]));
    renderBoard();
    renderPieces();
    updateArea();
  }

  /* ---------- painting ---------- */

  function paintMode() {
    const checked = document.querySelector('input[name="ed-paint"]:checked');
    return checked ? checked.value : "toggle";
  }

  function paint(k, poly, to) {
    ed.states.set(k, to);
    poly.setAttribute("class", "cell cell-" + to);
    poly.dataset.state = to;
  }

  function onCell(cell, e, poly) {
    const k = polyx().draw.key(cell.at);
    if (e.type === "pointerdown") {
      e.preventDefault();
      const mode = paintMode();
      ed.painting = mode === "toggle" ? (ed.states.get(k) === "open" ? "blocked" : "open") : mode;
    } else if (!ed.painting || !(e.buttons & 1)) {
      return;
    }
    paint(k, poly, ed.painting);
    updateArea();
  }

  function renderBoard() {
    const box = $("ed-board");
    box.textContent = "";
    box.appendChild(polyx().draw.board(ed.geometry, { editing: true, states: ed.states, onCell }));
    box.dataset.grid = ed.grid;
    box.dataset.frame = ed.frame;
  }

  /* ---------- pieces ---------- */

  function renderPieces() {
    const box = $("ed-pieces");
    box.textContent = "";
    for (const p of ed.geometry.pieces) {
      const label = document.createElement("label");
      label.className = "piece-count";
      const swatch = document.createElement("span");
      swatch.className = "swatch";
      swatch.style.background = p.colour;
      const input = document.createElement("input");
      input.type = "number";
      input.min = 0;
      input.max = 99;
      input.value = ed.counts.get(p.name);
      input.dataset.testid = "ed-count-" + p.name;
      input.addEventListener("input", () => {
        ed.counts.set(p.name, Math.max(0, parseInt(input.value, 10) || 0));
        updateArea();
      });
      label.append(swatch, document.createTextNode(p.name + " "), input);
      box.appendChild(label);
    }
  }

  function piecesArea() {
    let area = 0;
    for (const p of ed.geometry.pieces) area += (ed.counts.get(p.name) || 0) * p.orientations[0].cells.length;
    return area;
  }

  function openCells() {
    let n = 0;
    for (const s of ed.states.values()) if (s === "open") n += 1;
    return n;
  }

  function updateArea() {
    if (!ed.geometry) return;
    const open = openCells(), area = piecesArea();
    $("ed-area").textContent = open + " open cells; the pieces cover " + area + (open === area ? " (they match)." : ".");
  }

  /* ---------- writing TOML ---------- */

  /** Picture lines of cells [[x, y, ch]]: rows from 0, columns literal, `fill` between. */
  function picture(cells, fill, rows) {
    const lines = [];
    for (let r = 0; r < rows; r++) lines.push([]);
    for (const [x, y, ch] of cells) {
      const line = lines[y];
      while (line.length < x) line.push(fill);
      line[x] = ch;
    }
    const text = lines.map((l) => Array.from(l, (c) => c || fill).join("").replace(/\s+$/, ""));
    // A row with no cell would be a blank line, which a picture drops; pieces keep it.
    return text.map((l) => (l || fill.trim())).join("\n") + "\n";
  }

  /** `shape = """…"""` or `layers = [...]` of cells [[x, y, z, ch]]. */
  function pictureKey(cells, fill, space) {
    const rows = 1 + Math.max(...cells.map((c) => c[1]));
    if (!space) return 'shape = """\n' + picture(cells.map((c) => [c[0], c[1], c[3]]), fill, rows) + '"""\n';
    const depth = 1 + Math.max(...cells.map((c) => c[2]));
    const layers = [];
    for (let z = 0; z < depth; z++) {
      const layer = cells.filter((c) => c[2] === z).map((c) => [c[0], c[1], c[3]]);
      layers.push('"""\n' + picture(layer, fill, rows) + '"""');
    }
    return "layers = [" + layers.join(", ") + "]\n";
  }

  function customCounts() {
    return ed.geometry.pieces.some((p) => ed.counts.get(p.name) !== p.count);
  }

  function boardToml() {
    if (!ed.geometry) return "";
    let t = 'name = "my-board"\ngrid = "' + ed.grid + '"\n';
    // A set of the editor's own is sent as pieces_toml and downloaded as pieces.toml.
    t += 'pieces = "' + (customCounts() ? "pieces.toml" : ed.set) + '"\n';
    if (!$("ed-all-pieces").checked) t += "use_all_pieces = false\n";
    if (!$("ed-all-cells").checked) t += "cover_all_cells = false\n";
    const cells = ed.geometry.cells.map((c) => [c.at[0], c.at[1], c.at[2] || 0, ed.states.get(polyx().draw.key(c.at)) === "blocked" ? "#" : "."]);
    if (SEGMENTS.has(ed.grid)) {
      const open = ed.geometry.cells.filter((c) => ed.states.get(polyx().draw.key(c.at)) !== "blocked");
      return t + "segments = " + segmentList(open.map((c) => c.segment)) + "\n";
    }
    return t + pictureKey(cells, " ", SPACE.has(ed.grid));
  }

  /** `[[x, y, d], ...]` of segments. */
  function segmentList(segments) {
    return "[" + segments.map((s) => "[" + s.join(", ") + "]").join(", ") + "]";
  }

  /** A piece's first orientation moved to the picture's corner (on triangles by a shift
      that keeps every triangle's direction). */
  function pieceCells(orientation, label) {
    const cells = orientation.cells.map((c) => [c[0], c[1], c[2] || 0]);
    let dx = -Math.min(...cells.map((c) => c[0]));
    const dy = -Math.min(...cells.map((c) => c[1]));
    const dz = -Math.min(...cells.map((c) => c[2]));
    if (ed.grid === "triangle" && (dx + dy) % 2 !== 0) dx += 1;
    return cells.map((c) => [c[0] + dx, c[1] + dy, c[2] + dz, label]);
  }

  function piecesToml() {
    if (!ed.geometry || !customCounts()) return "";
    let t = 'name = "' + ed.set + '-custom"\ngrid = "' + ed.grid + '"\n';
    for (const p of ed.geometry.pieces) {
      const count = ed.counts.get(p.name) || 0;
      if (!count) continue;
      const o = p.orientations[0];
      t += "\n[[piece]]\nname = " + JSON.stringify(p.name) + "\nlabel = " + JSON.stringify(p.label) +
        "\ncount = " + count + '\ncolor = "' + p.colour + '"\n';
      // On the plane grids a piece without a flip is one-sided; in space `flip` is a
      // half turn, and pieces keep the grid's default (rotations only).
      if (!SPACE.has(ed.grid) && o.flip == null) t += "mirror = false\n";
      if (SEGMENTS.has(ed.grid)) t += "segments = " + segmentList(o.segments) + "\n";
      else t += pictureKey(pieceCells(o, p.label), ed.grid === "hex" ? " " : ".", SPACE.has(ed.grid));
    }
    return t;
  }

  function fields() {
    const f = { board_toml: boardToml() };
    const pieces = piecesToml();
    if (pieces) f.pieces_toml = pieces;
    return f;
  }

  async function usePuzzle() {
    if (!ed.geometry) return;
    try {
      await polyx().setPuzzle(fields(), "my-board");
      polyx().showTab("solve");
    } catch (err) {
      polyx().showError(err);
    }
  }

  /* ---------- wiring ---------- */

  function setup() {
    $("ed-grid").addEventListener("change", fillSets);
    $("ed-new").addEventListener("click", newBoard);
    $("ed-use").addEventListener("click", usePuzzle);
    $("ed-to-toml").addEventListener("click", () => {
      const f = fields();
      polyx().editToml(f.board_toml, f.pieces_toml || "");
    });
    window.addEventListener("pointerup", () => { ed.painting = null; });
    document.addEventListener("polyx:builtins", fillSets);
    fillSets();
  }

  function open() {
    if (!ed.geometry && $("ed-set").value) newBoard();
  }

  window.polyxEditor = { setup, open, boardToml, piecesToml };
})();
