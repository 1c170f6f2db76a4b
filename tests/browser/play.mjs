// The Play panel's browser test: generated challenges (NOI2005's, then one on the hex and
// one on the triangle grid) played to completion by dragging each piece from the tray with
// the mouse, after turning it with the Rotate and Flip buttons (or the R and F keys) to the
// orientation its unique solution needs. e2e.mjs runs it; alone:
//   node tests/browser/play.mjs [http://127.0.0.1:PORT] [SHOTS_DIR]     (from the repository root)
// (without an address it starts target/debug/polyx serve --port 0 itself; set BOARDS to
// a comma-separated list of built-in boards to play their seed-1 challenges in full
// instead).

import fs from 'node:fs';
import path from 'node:path';

const CHALLENGE = { board: 'noi2005', seed: 1, count: 1 };

async function api(base, route, body) {
  const res = await fetch(new URL(route, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${route}: ${res.status} ${text}`);
  return text;
}

const key = (c) => `${c[0]},${c[1]}`;
const cellSet = (cells) => cells.map(key).sort().join(' ');

/** The rotate/flip presses that turn orientation `from` of `piece` into `to`. */
function turns(piece, from, to) {
  const seen = new Map([[from, []]]);
  const queue = [from];
  while (queue.length) {
    const o = queue.shift();
    if (o === to) return seen.get(o);
    for (const how of ['rotate', 'flip']) {
      const next = piece.orientations[o][how];
      if (next === null || next === undefined || seen.has(next)) continue;
      seen.set(next, [...seen.get(o), how]);
      queue.push(next);
    }
  }
  throw new Error(`orientation ${to} of ${piece.name} is not reachable from ${from}`);
}

/** The centre of an element's box on the screen. */
async function centre(locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box');
  return [b.x + b.width / 2, b.y + b.height / 2];
}

async function drag(page, from, to) {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2 + 10, { steps: 4 });
  await page.mouse.move(to[0], to[1], { steps: 4 });
  await page.mouse.up();
}

function expect(cond, what) {
  if (!cond) throw new Error('play: ' + what);
}

/**
 * Opens the challenge as a user would: the built-in board in the Puzzles tab, then the
 * Play tab's New challenge with the seed. Without app.js's tabs, play.js opens it alone.
 */
async function openChallenge(page, challenge, toml) {
  const builtins = page.locator('[data-testid="tab-builtins"]');
  if (await builtins.count()) {
    await builtins.click();
    await page.locator(`[data-testid="builtin-${challenge.board}"]`).click();
    await page.waitForFunction((n) => document.getElementById('current-name').textContent.startsWith(n), challenge.board);
    await page.locator('[data-testid="tab-play"]').click();
    await page.locator('#play[data-ready="true"]').waitFor();
    await page.locator('[data-testid="play-seed"]').fill(String(challenge.seed));
    await page.locator('[data-testid="play-new"]').click();
    await page.locator('#play-status[data-kind="challenge"]').waitFor();
    return;
  }
  await page.waitForFunction(() => window.polyxPlay && window.polyxPlay.openRequest);
  await page.evaluate((t) => window.polyxPlay.openRequest({ board_toml: t }), toml);
  await page.locator('#play[data-ready="true"]').waitFor();
}

/**
 * Turns tray piece `index` to `orientation` with the Rotate and Flip buttons (or the R
 * and F keys); returns its locator.
 */
async function turnInTray(page, geometry, index, orientation, keys) {
  const tray = page.locator(`[data-testid="play-tray-piece"][data-piece-index="${index}"]`);
  await page.mouse.click(...(await centre(tray.locator('polygon[data-index="0"]'))));
  const now = Number(await tray.getAttribute('data-orientation'));
  for (const how of turns(geometry.pieces[index], now, orientation)) {
    if (keys) await page.keyboard.press(how === 'rotate' ? 'r' : 'f');
    else await page.locator(`[data-testid="play-${how}"]`).click();
  }
  const got = Number(await tray.getAttribute('data-orientation'));
  expect(got === orientation, `${geometry.pieces[index].name} shows orientation ${got}, not ${orientation}`);
  return tray;
}

/** Drags one piece of the solution from the tray to its place. */
async function place(page, geometry, move, keys) {
  const placed = page.locator('[data-testid="play-placed"]');
  const before = await placed.count();
  const tray = await turnInTray(page, geometry, move.piece, move.orientation, keys);
  const from = await centre(tray.locator('polygon[data-index="0"]'));
  const [x, y] = move.cells[0];
  const to = await centre(page.locator(`[data-testid="play-cell-${x}-${y}"]`));
  await drag(page, from, to);
  const after = await placed.count();
  expect(after === before + 1, `dropping ${geometry.pieces[move.piece].name} placed ${after - before} pieces`);
}

/** Drags the last placed piece back to the tray and checks it is there again. */
async function takeBack(page, geometry, move) {
  const piece = page.locator('[data-testid="play-placed"]').last();
  const from = await centre(piece.locator('polygon[data-index="0"]'));
  const slot = page.locator(`[data-testid="play-slot"][data-piece-index="${move.piece}"]`);
  await drag(page, from, await centre(slot));
  const back = page.locator(`[data-testid="play-tray-piece"][data-piece-index="${move.piece}"]`);
  expect((await back.count()) === 1, `${geometry.pieces[move.piece].name} is not back in the tray`);
}

/** The solution's moves: each piece the player places, with its orientation and cells. */
export function moves(geometry, solution) {
  const byName = new Map(geometry.pieces.map((p, i) => [p.name, i]));
  const bySet = new Map(geometry.placements.map((p) => [`${p.piece}|${cellSet(p.cells)}`, p]));
  // Solution lines write segments as Puzzler's [x, y, d]; the geometry's cells say where each is.
  const bySegment = new Map(geometry.cells.filter((c) => c.segment).map((c) => [c.segment.join(','), c.at]));
  const atOf = (c) => bySegment.get(c.join(',')) || c;
  const list = [];
  for (const p of solution.placements) {
    if (p.fixed) continue;
    const found = bySet.get(`${byName.get(p.piece)}|${cellSet(p.cells.map(atOf))}`);
    expect(found, `the solution's ${p.piece} is no placement of /api/puzzle`);
    list.push(found);
  }
  return list;
}

async function askServer(page, button, attribute) {
  await page.locator(`[data-testid="play-${button}"]`).click();
  const status = page.locator('[data-testid="play-status"]');
  await page.waitForFunction((a) => document.querySelector('#play-status').dataset[a], attribute);
  const value = await status.getAttribute(`data-${attribute}`);
  await page.evaluate((a) => { delete document.querySelector('#play-status').dataset[a]; }, attribute);
  return value;
}

/**
 * A piece placed where the unique solution does not have it: Check says the board
 * cannot be finished, Hint marks that piece to take off, and it is dragged back.
 */
async function wrongThenTakeOff(page, geometry, todo) {
  const elsewhere = (right) => geometry.placements.find((p) => p.piece === right.piece && cellSet(p.cells) !== cellSet(right.cells));
  const right = todo.find(elsewhere);
  const wrong = elsewhere(right);
  await place(page, geometry, wrong);
  const check = await askServer(page, 'check', 'check');
  expect(check === 'none', `Check said ${check} with a piece out of place`);
  const hint = await askServer(page, 'hint', 'hint');
  expect(hint === 'remove', `Hint said ${hint} with a piece out of place`);
  const marked = await page.locator('[data-testid="play-hint-remove"]').getAttribute('data-piece');
  const name = geometry.pieces[right.piece].name;
  expect(marked === name, `Hint marked ${marked} to take off, not ${name}`);
  await takeBack(page, geometry, right);
}

/** Show solution fills the board; Restart empties it again. */
async function revealAndRestart(page, pieces) {
  await page.locator('[data-testid="play-solution"]').click();
  await page.locator('#play-status[data-kind="shown"]').waitFor();
  const shown = await page.locator('[data-testid="play-placed"]').count();
  expect(shown === pieces, `Show solution placed ${shown} pieces, not ${pieces}`);
  expect((await page.locator('[data-testid="play-solved"]').count()) === 0, 'a shown solution counts as solved');
  await page.locator('[data-testid="play-restart"]').click();
  const tray = await page.locator('[data-testid="play-tray-piece"]').count();
  expect(tray === pieces, `after Restart the tray holds ${tray} pieces, not ${pieces}`);
}

/** The challenges e2e.mjs plays after NOI2005's: one on the hex grid, one on the triangle grid. */
const OTHER_GRIDS = ['tetrahexes-4x7', 'hexiamonds-6x6'];

/**
 * A board of sticks played whole: the 8 polysticks of 1 to 3 segments dragged onto the
 * clipped 3 by 3 (built-in polysticks-123-3x3) to one of its solutions, with a Hint midway
 * (the player's pieces go to the server as Puzzler's segments, and come back so).
 */
export async function playSticks(page, base, shots) {
  const request = { board: 'polysticks-123-3x3' };
  const geometry = JSON.parse(await api(base, '/api/puzzle', request));
  const lines = (await api(base, '/api/solve', { ...request, limit: 1, symmetry: 'keep' }))
    .split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const todo = moves(geometry, lines.find((l) => l.type === 'solution'));
  expect(todo.length === 8, `the solution places ${todo.length} pieces, not 8`);
  await page.waitForFunction(() => window.polyxPlay && window.polyxPlay.openRequest);
  await page.evaluate((t) => window.polyxPlay.openRequest({ board_toml: t }), geometry.toml);
  await page.locator('#play[data-ready="true"]').waitFor();
  const prefix = 'play-polysticks-123-3x3';
  for (const [n, move] of todo.entries()) {
    await place(page, geometry, move, n % 2 === 1);
    if (n === 3) {
      const hint = await askServer(page, 'hint', 'hint');
      expect(hint !== 'remove', `Hint asked to remove a piece of a solution (${hint})`);
      await page.screenshot({ path: path.join(shots, `${prefix}-2-midway.png`) });
    }
  }
  await page.locator('[data-testid="play-solved"]').waitFor();
  await page.screenshot({ path: path.join(shots, `${prefix}-3-solved.png`) });
}

/**
 * The Play panel's step of e2e.mjs: NOI2005's seed-1 challenge in full (Show solution,
 * Restart, a misplaced piece that Check and Hint catch, then every piece placed), then the
 * challenges of OTHER_GRIDS placed piece by piece.
 */
export async function play(page, base, shots) {
  await playChallenge(page, base, shots, CHALLENGE, true);
  for (const board of OTHER_GRIDS) await playChallenge(page, base, shots, { ...CHALLENGE, board }, false);
  await playSticks(page, base, shots);
}

/**
 * Plays a generated challenge to completion and saves play-1-challenge.png,
 * play-2-midway.png and play-3-solved.png (prefixed with the board's name for a board
 * other than NOI2005) in `shots`. With `full`, also tries Show solution, Restart, Check and
 * Hint.
 */
export async function playChallenge(page, base, shots, challenge, full) {
  const prefix = challenge === CHALLENGE ? 'play' : `play-${challenge.board}`;
  const gen = JSON.parse(await api(base, '/api/generate', challenge));
  const toml = gen.challenges[0].toml;
  const geometry = JSON.parse(await api(base, '/api/puzzle', { board_toml: toml }));
  const lines = (await api(base, '/api/solve', { board_toml: toml, limit: 2, symmetry: 'keep' }))
    .split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const solutions = lines.filter((l) => l.type === 'solution');
  expect(solutions.length === 1, `the challenge has ${solutions.length} solutions, not 1`);
  const todo = moves(geometry, solutions[0]);
  expect(todo.length === gen.challenges[0].pieces_left, 'pieces left differ from generate');

  await openChallenge(page, challenge, toml);
  const trayCount = await page.locator('[data-testid="play-tray-piece"]').count();
  expect(trayCount === todo.length, `the tray holds ${trayCount} pieces, not ${todo.length}`);
  await page.screenshot({ path: path.join(shots, `${prefix}-1-challenge.png`) });
  if (full) {
    await revealAndRestart(page, todo.length);
    await wrongThenTakeOff(page, geometry, todo);
  }
  await playMoves(page, geometry, todo, { shots, prefix, check: full });
}

/**
 * Places `todo` (placements of `geometry`) from the tray one by one; the first is also
 * dragged back to the tray and placed again. With `check`, asks Check and Hint midway.
 * Ends on the solved message, with screenshots midway and solved.
 */
export async function playMoves(page, geometry, todo, { shots, prefix, check }) {
  const half = Math.floor(todo.length / 2);
  for (const [n, move] of todo.entries()) {
    await place(page, geometry, move, n % 2 === 1);
    if (n === 0) {
      await takeBack(page, geometry, move);
      await place(page, geometry, move);
    }
    if (n === half) {
      if (check) {
        const result = await askServer(page, 'check', 'check');
        expect(result === 'unique', `Check said ${result} on a correct half board`);
        const hint = await askServer(page, 'hint', 'hint');
        expect(hint !== 'remove', 'Hint asked to remove a correct piece');
      }
      await page.screenshot({ path: path.join(shots, `${prefix}-2-midway.png`) });
    }
  }
  await page.locator('[data-testid="play-solved"]').waitFor();
  await page.screenshot({ path: path.join(shots, `${prefix}-3-solved.png`) });
}

/* ---------- alone: node tests/browser/play.mjs ---------- */

async function startServer() {
  const { spawn } = await import('node:child_process');
  const server = spawn('target/debug/polyx', ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[\d.]+:\d+/);
      if (m) resolve(m[0]);
    });
    server.on('exit', (code) => reject(new Error(`polyx serve exited with ${code}: ${out}`)));
  });
  return { server, base };
}

async function main() {
  const { chromium } = await import('playwright-core');
  let base = process.argv[2];
  let server = null;
  if (!base) ({ server, base } = await startServer());
  const shots = process.argv[3] || 'target/browser-shots';
  fs.mkdirSync(shots, { recursive: true });
  const userDataDir = fs.mkdtempSync('/tmp/polyx-play-');
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1200, height: 900 },
  });
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(new URL('/', base).href);
    if (process.env.BOARDS) {
      for (const board of process.env.BOARDS.split(',')) {
        await playChallenge(page, base, shots, { ...CHALLENGE, board }, true);
      }
    } else {
      await play(page, base, shots);
    }
    console.log(`play: solved; screenshots in ${shots}`);
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    if (server) server.kill();
  }
}

if (import.meta.url === 'file://' + process.argv[1]) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
