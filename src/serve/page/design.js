/* polyx serve: design.js owns the Design tab: the uniqueness check (/api/check, the
   differing cells marked), a hint (/api/hint), generating challenges (/api/generate,
   each opened in Solve or Play) and the printable book (/api/book, downloaded).
   Exposes window.polyxDesign = {setup}. */
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);

  function polyx() { return window.polyx; }

  function needPuzzle() {
    if (polyx().state.geometry) return true;
    polyx().message("Pick a puzzle first.", true);
    return false;
  }

  function result(text) {
    $("design-result").textContent = text;
  }

  function picture(nodes) {
    const box = $("design-picture");
    box.textContent = "";
    for (const n of nodes) box.appendChild(n);
  }

  function busy(on) {
    for (const id of ["design-check", "design-hint", "design-generate", "design-book"]) $(id).disabled = on;
  }

  /** Runs one design request with the buttons disabled and errors shown. */
  async function run(what, fn) {
    if (!needPuzzle()) return;
    busy(true);
    result(what + "…");
    try {
      await fn();
    } catch (err) {
      result("");
      polyx().showError(err);
    } finally {
      busy(false);
    }
  }

  const placementsOf = (s) => (Array.isArray(s) ? s : s.placements);

  async function check() {
    const r = await polyx().api.post("/api/check", polyx().api.puzzle());
    const say = { unique: "The puzzle has exactly one solution.", none: "The puzzle has no solution.", several: "The puzzle has several solutions; the cells where two of them differ are marked." };
    result(say[r.result] || r.result);
    $("design-result").dataset.result = r.result;
    const g = polyx().state.geometry;
    const pics = (r.solutions || []).map((s) => polyx().draw.board(g, { solution: placementsOf(s), highlight: r.differing || [] }));
    picture(pics);
  }

  async function hint() {
    const r = await polyx().api.post("/api/hint", polyx().api.puzzle());
    result((r.kind ? r.kind + ": " : "") + (r.message || ""));
    $("design-result").dataset.kind = r.kind || "";
    const g = polyx().state.geometry;
    // `remove` names pre-placed pieces to take off: marked, not drawn over.
    const remove = r.kind === "remove";
    const cells = (r.placements || []).flatMap((p) => p.cells);
    picture([polyx().draw.board(g, remove ? { highlight: cells } : { solution: r.placements || [] })]);
  }

  function generateFields() {
    const f = {
      count: Math.max(1, Math.min(20, parseInt($("gen-count").value, 10) || 1)),
      seed: Math.max(0, parseInt($("gen-seed").value, 10) || 0),
      min: $("gen-min").checked,
    };
    if ($("gen-level").value) f.level = $("gen-level").value;
    return f;
  }

  /** The request fields of a generated challenge: its board, the current piece set. */
  function challengeFields(c) {
    const f = { board_toml: c.toml };
    const current = polyx().state.puzzle || {};
    if (current.pieces_toml) f.pieces_toml = current.pieces_toml;
    return f;
  }

  async function openChallenge(c, i, tab) {
    try {
      await polyx().setPuzzle(challengeFields(c), "challenge " + (i + 1));
      polyx().showTab(tab);
    } catch (err) {
      polyx().showError(err);
    }
  }

  function button(text, testid, onClick) {
    const b = document.createElement("button");
    b.textContent = text;
    b.dataset.testid = testid;
    b.addEventListener("click", onClick);
    return b;
  }

  async function generate() {
    const r = await polyx().api.post("/api/generate", polyx().api.puzzle(generateFields()));
    const list = $("challenges");
    list.textContent = "";
    (r.challenges || []).forEach((c, i) => {
      const li = document.createElement("li");
      li.dataset.testid = "challenge-" + i;
      li.textContent = "Challenge " + (i + 1) + ": " + c.level + ", " + c.pieces_left + " pieces to place, " + c.guesses + " guesses ";
      li.append(
        button("Open", "challenge-" + i + "-open", () => openChallenge(c, i, "solve")),
        button("Play", "challenge-" + i + "-play", () => openChallenge(c, i, "play")),
        button("Solution", "challenge-" + i + "-solution", () => {
          picture([polyx().draw.board(polyx().state.geometry, { solution: c.solution || [] })]);
        }),
        button("TOML", "challenge-" + i + "-toml", () => polyx().download(new Blob([c.toml], { type: "application/toml" }), "challenge-" + (i + 1) + ".toml")),
      );
      list.appendChild(li);
    });
    result((r.challenges || []).length + " challenge(s) generated.");
  }

  async function book() {
    const format = $("book-format").value;
    const b = await polyx().api.blob("/api/book", polyx().api.puzzle(Object.assign(generateFields(), { format })));
    polyx().download(b, polyx().fileName(polyx().state.name) + "-book." + format);
    result("Book downloaded.");
  }

  function setup() {
    $("design-check").addEventListener("click", () => run("Checking", check));
    $("design-hint").addEventListener("click", () => run("Looking for a hint", hint));
    $("design-generate").addEventListener("click", () => run("Generating", generate));
    $("design-book").addEventListener("click", () => run("Drawing the book", book));
  }

  window.polyxDesign = { setup };
})();
