// End-to-end tests of `polyx serve` in a real browser: Debian's Chromium driven by
// playwright-core (which downloads no browser). Usage:
//
//   node tests/browser/e2e.mjs http://127.0.0.1:PORT/ SCREENSHOT_DIR
//
// Each step drives the page as a user would and saves a screenshot (NN-step.png) to
// SCREENSHOT_DIR; a failing step saves NN-step-FAILED.png, prints why and the script
// exits 1. The Play panel's test, `play(page, base, shots)` of play.mjs, is the last
// step, and a required one: without it the run fails. The browser is CHROMIUM (default
// /usr/bin/chromium).
import { chromium } from "playwright-core";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const STEP_TIMEOUT_MS = 90_000;

const [baseArg, shotsArg] = process.argv.slice(2);
if (!baseArg || !shotsArg) {
  console.error("usage: node e2e.mjs http://127.0.0.1:PORT/ SCREENSHOT_DIR");
  process.exit(2);
}
const base = baseArg.endsWith("/") ? baseArg : baseArg + "/";
const shots = shotsArg;
mkdirSync(shots, { recursive: true });

const LAUNCH_ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

function check(condition, what) {
  if (!condition) throw new Error("check failed: " + what);
}

/** Polls `probe` until it returns a truthy value or the time is up. */
async function until(probe, what, timeoutMs = 30_000, everyMs = 200) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error("timed out waiting for " + what);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

async function getJson(path) {
  const res = await fetch(new URL(path, base));
  check(res.ok, "GET " + path + " answered " + res.status);
  return res.json();
}

const pieceCount = (page, box) => page.locator(box + " svg g.piece").count();

async function openBuiltin(page, name) {
  await page.click('[data-testid="tab-builtins"]');
  await page.click(`[data-testid="builtin-${name}"]`);
  await page.waitForSelector("#solve.active");
  await page.waitForFunction((n) => document.getElementById("current-name").dataset.name === n, name);
}

async function solveFirst(page) {
  await page.click('[data-testid="solve-first"]');
  await page.waitForSelector("#solve-picture svg g.piece");
  await page.waitForFunction(() => !document.getElementById("solve-first").disabled);
}

/* ---------- the steps ---------- */

async function loadPage(page) {
  await page.goto(base);
  await page.waitForSelector('[data-testid="builtin-noi2005"]');
  const thumbs = await page.locator("#builtin-list li .thumb svg").count();
  check(thumbs > 10, "the built-ins are listed with thumbnails (" + thumbs + ")");
}

async function solveNoi2005(page) {
  await openBuiltin(page, "noi2005");
  await solveFirst(page);
  const pieces = await pieceCount(page, "#solve-picture");
  check(pieces === 12, "12 pieces drawn for noi2005, saw " + pieces);
  const labels = await page.locator("#solve-picture g.piece").evaluateAll((gs) => new Set(gs.map((g) => g.dataset.piece)).size);
  check(labels === 12, "12 different pieces, saw " + labels);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="download-toml"]')]);
  check(download.suggestedFilename().endsWith(".toml"), "Download TOML gives a .toml file");
}

const BAD_TOML = 'name = "bad"\npieces = "pentominoes"\nsise = [6, 10]\n';

async function tomlError(page) {
  await page.click('[data-testid="tab-toml"]');
  await page.fill('[data-testid="toml-board"]', BAD_TOML);
  await page.click('[data-testid="toml-check"]');
  await page.waitForSelector('[data-testid="toml-error"]:not([hidden])');
  const where = await page.textContent('[data-testid="toml-error-where"]');
  check(/line 3\b/.test(where), "the error is located at line 3: " + where);
  const marked = await page.textContent('[data-testid="error-line"]');
  check(marked.includes("sise"), "line 3 is marked in the text: " + marked);
  const text = await page.textContent('[data-testid="toml-error-message"]');
  check(text.length > 0, "the error's message is shown");
}

/** Drags the mouse from the centre of one element to the centre of another. */
async function dragBetween(page, from, to) {
  const a = await from.boundingBox(), b = await to.boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
}

async function editorBoard(page) {
  await page.click('[data-testid="tab-editor"]');
  await page.selectOption('[data-testid="ed-grid"]', "square");
  await page.fill('[data-testid="ed-w"]', "5");
  await page.fill('[data-testid="ed-h"]', "12");
  await page.selectOption('[data-testid="ed-set"]', "pentominoes");
  await page.click('[data-testid="ed-new"]');
  await page.waitForSelector('#ed-board[data-frame="square 5x12"] polygon');
  check((await page.locator("#ed-board polygon").count()) === 60, "the editor draws the 60 cells of 5x12");
  const cells = page.locator("#ed-board polygon");
  await dragBetween(page, cells.nth(0), cells.nth(4));
  const blocked = await page.locator('#ed-board polygon[data-state="blocked"]').count();
  check(blocked === 5, "dragging across the first row blocks its 5 cells, saw " + blocked);
  await page.screenshot({ path: join(shots, "04-editor-blocked.png") });
  await dragBetween(page, cells.nth(0), cells.nth(4));
  const open = await page.locator('#ed-board polygon[data-state="open"]').count();
  check(open === 60, "dragging again opens them, saw " + open + " open");
  await page.click('[data-testid="ed-use"]');
  await page.waitForFunction(() => document.getElementById("current-name").dataset.name === "my-board");
  await solveFirst(page);
  const pieces = await pieceCount(page, "#solve-picture");
  check(pieces === 12, "the editor's 5x12 board is solved with 12 pieces, saw " + pieces);
}

/** A board of sticks made in the editor: the 3 by 3 squares' 24 edges less two clipped
    corners (the built-in polysticks-123-3x3), written as a segment list and solved. */
async function editorSticks(page) {
  await page.click('[data-testid="tab-editor"]');
  await page.selectOption('[data-testid="ed-grid"]', "sticks");
  await page.fill('[data-testid="ed-w"]', "3");
  await page.fill('[data-testid="ed-h"]', "3");
  await page.selectOption('[data-testid="ed-set"]', "polysticks-123");
  await page.click('[data-testid="ed-new"]');
  await page.waitForSelector('#ed-board[data-frame="sticks 3x3"] polygon');
  const segments = await page.locator("#ed-board polygon").count();
  check(segments === 24, "the editor draws the 24 segments of 3x3 sticks, saw " + segments);
  // Segments [0, 0, 0], [0, 0, 1], [2, 3, 0], [3, 2, 1] at their midpoints in doubled coordinates.
  for (const at of ["1,0,0", "0,1,0", "5,6,0", "6,5,0"]) await page.click('#ed-board polygon[data-at="' + at + '"]');
  const blocked = await page.locator('#ed-board polygon[data-state="blocked"]').count();
  check(blocked === 4, "clicking the corners blocks 4 segments, saw " + blocked);
  const toml = await page.evaluate(() => window.polyxEditor.boardToml());
  check(/segments = \[\[/.test(toml) && !/shape/.test(toml), "the board is written as segments: " + toml);
  await page.click('[data-testid="ed-use"]');
  await page.waitForFunction(() => document.getElementById("current-name").dataset.name === "my-board");
  await solveFirst(page);
  const pieces = await pieceCount(page, "#solve-picture");
  check(pieces === 8, "the editor's sticks board is solved with the 8 polysticks, saw " + pieces);
}

async function designTools(page) {
  await openBuiltin(page, "noi2005");
  await page.click('[data-testid="tab-design"]');
  await page.click('[data-testid="design-check"]');
  await page.waitForFunction(() => document.getElementById("design-result").dataset.result);
  const result = await page.getAttribute('[data-testid="design-result"]', "data-result");
  check(result === "several", "noi2005 has several solutions, the check says " + result);
  const differ = await page.locator('#design-picture [data-testid="differ"]').count();
  check(differ > 0, "the cells where two solutions differ are marked");
  await page.click('[data-testid="design-hint"]');
  await page.waitForFunction(() => document.getElementById("design-result").dataset.kind);
  await page.click('[data-testid="design-generate"]');
  await page.waitForSelector('[data-testid="challenge-0"]', { timeout: 60_000 });
  const [book] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.click('[data-testid="design-book"]')]);
  check(book.suggestedFilename().endsWith(".svg"), "the book is downloaded as SVG");
}

async function countAndCancel(page) {
  await openBuiltin(page, "bedlam-4x4x4");
  await page.selectOption('[data-testid="solve-symmetry"]', "keep");
  await page.click('[data-testid="solve-count"]');
  await page.waitForSelector('[data-testid="progress"]:not([hidden])');
  const job = await until(() => page.getAttribute('[data-testid="progress"]', "data-job"), "the job id");
  const reading = () => page.textContent('[data-testid="progress-text"]');
  const first = await until(async () => {
    const r = await reading();
    return /nodes/.test(r) && r;
  }, "a first progress reading");
  const second = await until(async () => {
    const r = await reading();
    return r !== first && r;
  }, "the progress to move");
  console.log(`  progress: "${first}" then "${second}"`);
  await page.screenshot({ path: join(shots, "06-count-progress.png") });
  await page.click('[data-testid="solve-cancel"]');
  const status = await until(async () => {
    const s = await getJson("api/jobs/" + job);
    return s.state !== "running" && s;
  }, "the job to end", 15_000);
  check(status.state === "cancelled", "the job is cancelled on the server, not " + status.state);
  await page.waitForFunction(() => document.getElementById("progress-text").dataset.state === "cancelled");
  await page.selectOption('[data-testid="solve-symmetry"]', "reduce");
}

const STRIP_TOML = 'name = "strip-2x93"\npieces = "strip-dominoes"\nsize = [93, 2]\n';
const DOMINOES_TOML = 'name = "strip-dominoes"\n[[piece]]\nname = "D"\ncount = 93\nshape = "DD"\n';

/** A count past 2^64 (the 2 x 93 strip's domino tilings, F(94)) is shown exactly: the
    API sends it as a string of digits, the page prints every digit. */
async function bigCount(page) {
  await page.click('[data-testid="tab-toml"]');
  await page.fill('[data-testid="toml-board"]', STRIP_TOML);
  await page.fill('[data-testid="toml-pieces"]', DOMINOES_TOML);
  await page.click('[data-testid="toml-load"]');
  await page.waitForFunction(() => document.getElementById("current-name").dataset.name === "strip-2x93");
  await page.selectOption('[data-testid="solve-symmetry"]', "keep");
  await page.click('[data-testid="solve-count"]');
  await page.waitForFunction(() => document.getElementById("progress-text").dataset.state === "done");
  const shown = await page.getAttribute('[data-testid="progress-text"]', "data-solutions");
  check(shown === "19740274219868223167", "the count past 2^64 is kept exactly, saw " + shown);
  const text = await page.textContent('[data-testid="progress-text"]');
  check(text.includes("19,740,274,219,868,223,167"), "the page prints every digit: " + text);
  await page.selectOption('[data-testid="solve-symmetry"]', "reduce");
}

async function hexPuzzle(page) {
  await openBuiltin(page, "tetrahexes-4x7");
  await solveFirst(page);
  const pieces = await pieceCount(page, "#solve-picture");
  check(pieces === 7, "7 tetrahexes drawn, saw " + pieces);
  const sides = await page.locator("#solve-picture svg polygon").evaluateAll((ps) => ps.map((p) => p.points.numberOfItems));
  check(sides.length === 28 && sides.every((n) => n === 6), "28 hexagons drawn, saw " + sides.length + " cells");
}

/** Drags across the 3D view and checks that it turned. */
async function dragView(page) {
  const view = page.locator('[data-testid="view3d-svg"]');
  const before = { yaw: await view.getAttribute("data-yaw"), html: await view.innerHTML() };
  const box = await view.boundingBox();
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + i * 12, y + i * 4);
  await page.mouse.up();
  const after = { yaw: await view.getAttribute("data-yaw"), html: await view.innerHTML() };
  check(after.yaw !== before.yaw, "dragging turns the view (yaw " + before.yaw + " → " + after.yaw + ")");
  check(after.html !== before.html, "the turned view is drawn again");
}

async function cubePuzzle(page) {
  await openBuiltin(page, "soma-3x3x3");
  await solveFirst(page);
  const pieces = await pieceCount(page, "#solve-picture");
  check(pieces === 7, "the 7 Soma pieces drawn in the layer panels, saw " + pieces);
  const cells = await page.locator("#solve-picture svg g.piece polygon").count();
  check(cells === 27, "27 cubes in the layer panels, saw " + cells);
  await page.waitForSelector('[data-testid="solve-3d"]:not([hidden]) [data-testid="view3d-svg"] polygon');
  await dragView(page);
}

async function ballPuzzle(page) {
  await openBuiltin(page, "noi2005-pyramid");
  await solveFirst(page);
  const pieces = await pieceCount(page, "#solve-picture");
  check(pieces === 12, "the 12 beads drawn in the layer panels, saw " + pieces);
  const balls = await page.locator('[data-testid="view3d-svg"] circle').count();
  check(balls === 55, "55 balls in the 3D view, saw " + balls);
  await dragView(page);
}

/* ---------- running them ---------- */

/** The Play step of play.mjs; its absence is a failure, not a skip. */
async function playStep() {
  const file = join(HERE, "play.mjs");
  if (!existsSync(file)) throw new Error("play.mjs is missing: the Play step is required");
  const mod = await import(file);
  if (typeof mod.play !== "function") throw new Error("play.mjs exports no play(page, base, shots)");
  return mod.play;
}

async function main() {
  const profile = mkdtempSync(join(tmpdir(), "polyx-chromium-"));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: LAUNCH_ARGS,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = browser.pages()[0] || (await browser.newPage());
  page.setDefaultTimeout(30_000);
  const pageErrors = [];
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") console.log("  console: " + m.text()); });

  const steps = [
    ["load", loadPage], ["noi2005-solved", solveNoi2005], ["toml-error", tomlError], ["editor", editorBoard], ["editor-sticks", editorSticks],
    ["design", designTools],
    ["count-cancelled", countAndCancel], ["big-count", bigCount], ["hex", hexPuzzle], ["sphere-3d", ballPuzzle], ["cube-3d", cubePuzzle],
  ];
  const play = await playStep();
  steps.push(["play", (p) => play(p, base, shots)]);

  let failed = 0;
  for (const [i, [name, step]] of steps.entries()) {
    const shot = join(shots, String(i + 1).padStart(2, "0") + "-" + name);
    const started = Date.now();
    try {
      await Promise.race([
        step(page),
        new Promise((_, reject) => setTimeout(() => reject(new Error("step timed out")), STEP_TIMEOUT_MS)),
      ]);
      check(pageErrors.length === 0, "no script error on the page: " + pageErrors.join("; "));
      await page.screenshot({ path: shot + ".png" });
      console.log(`ok   ${name} (${Date.now() - started} ms)`);
    } catch (err) {
      failed += 1;
      pageErrors.length = 0;
      console.log(`FAIL ${name}: ${err && err.message ? err.message : err}`);
      await page.screenshot({ path: shot + "-FAILED.png" }).catch(() => {});
    }
  }
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
  console.log(failed ? `${failed} of ${steps.length} steps failed` : `all ${steps.length} steps passed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
