/* polyx serve page: play.js, the Play panel.
 *
 * A challenge (a board with pre-placed pieces) is drawn as the board and a tray of the
 * pieces still to place; the player drags them onto the board. This file owns the panel:
 * its buttons and status line, the server calls (Hint, Check and Show solution ask POST
 * /api/hint, /api/check, /api/solve with the player's pieces as `placed`; New challenge
 * asks POST /api/generate), and opening a puzzle for play (the plane grids and those of
 * segments; a puzzle in space gets a message instead). It is loaded last of the play-*.js files:
 * play-state.js (the game's state), play-board.js (layout and drawing), play-drag.js
 * (dragging, snapping, turning), which share through `window.polyxPlayParts`.
 *
 * Hooks: app.js calls `window.polyxPlay.open(geometry)` with the answer of POST
 * /api/puzzle; `window.polyxPlay.openRequest(request)` fetches that answer itself
 * (e.g. `{board_toml}` of a generated challenge). Everything draws into
 * `<section id="play">`, which this file fills if it is empty. Test handles: ids `play-*`
 * and `data-testid` on the buttons, the status (`data-kind`, `data-check`, `data-hint`),
 * and those play-board.js draws.
 */
(function () {
  'use strict';

  const P = window.polyxPlayParts;
  const { play, apiKey, reset, isFull, request, lay } = P;
  const { SVGNS, cellPolygon, layout, el, render } = P;
  /** The grids Play draws: the plane's cells and the grids of segments. */
  const PLANE = ['square', 'hex', 'triangle', 'sticks', 'trigs', 'twigs'];
  const { turnSelected, pointerDown, pointerMove, pointerUp, pointerCancel, contextMenu } = P;

  /* ---------- the server ---------- */

  async function post(path, body) {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) {
      let message = res.status + ' ' + res.statusText;
      try {
        message = JSON.parse(text).error.message || message;
      } catch (e) { /* not JSON: keep the status */ }
      throw new Error(message);
    }
    return text;
  }

  const postJson = async (path, body) => JSON.parse(await post(path, body));

  /** The solutions of POST /api/solve's JSON Lines. */
  async function solve(body) {
    const text = await post('/api/solve', body);
    return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l))
      .filter((o) => o.type === 'solution');
  }

  /* ---------- the panel's controls ---------- */

  const BUTTONS = [
    ['rotate', 'Rotate (R)', () => turnSelected('rotate')],
    ['flip', 'Flip (F)', () => turnSelected('flip')],
    ['hint', 'Hint', () => hint()],
    ['check', 'Check', () => check()],
    ['solution', 'Show solution', () => showSolution()],
    ['restart', 'Restart', () => restart()],
  ];

  function panel() {
    let root = document.getElementById('play');
    if (!root) {
      root = document.createElement('section');
      root.id = 'play';
      document.body.appendChild(root);
    }
    if (!root.querySelector('#play-svg')) build(root);
    return root;
  }

  function build(root) {
    const bar = document.createElement('div');
    bar.className = 'row play-bar';
    for (const [id, text, action] of BUTTONS) {
      const b = document.createElement('button');
      b.type = 'button';
      b.id = 'play-' + id;
      b.setAttribute('data-testid', 'play-' + id);
      b.textContent = text;
      b.addEventListener('click', action);
      bar.appendChild(b);
    }
    bar.appendChild(generateControls());
    const st = document.createElement('div');
    st.id = 'play-status';
    st.setAttribute('data-testid', 'play-status');
    st.setAttribute('role', 'status');
    st.textContent = 'Open a puzzle, then generate a challenge or play its board.';
    const svg = el('svg', {
      id: 'play-svg', 'data-testid': 'play-board', xmlns: SVGNS,
      style: 'display: block; width: 100%; touch-action: none; user-select: none;',
    });
    svg.addEventListener('pointerdown', pointerDown);
    svg.addEventListener('pointermove', pointerMove);
    svg.addEventListener('pointerup', pointerUp);
    svg.addEventListener('pointercancel', pointerCancel);
    svg.addEventListener('contextmenu', contextMenu);
    root.append(bar, st, svg);
  }

  function generateControls() {
    const span = document.createElement('span');
    span.className = 'play-generate';
    span.innerHTML =
      '<label>Level <select id="play-level" data-testid="play-level">' +
      '<option value="">any</option><option>starter</option><option>junior</option>' +
      '<option>expert</option><option>master</option></select></label> ' +
      '<label>Seed <input id="play-seed" data-testid="play-seed" type="number" min="0" value="1" style="width: 6em"></label> ' +
      '<label><input id="play-min" data-testid="play-min" type="checkbox"> fewest pieces given</label> ';
    const b = document.createElement('button');
    b.type = 'button';
    b.id = 'play-new';
    b.setAttribute('data-testid', 'play-new');
    b.textContent = 'New challenge';
    b.addEventListener('click', () => generate());
    span.appendChild(b);
    return span;
  }

  const STATUS_COLOURS = { bad: '#b42318', error: '#b42318', good: '#1a7f37', solved: '#1a7f37' };

  function status(text, kind) {
    const s = panel().querySelector('#play-status');
    s.textContent = text;
    s.dataset.kind = kind || '';
    s.style.color = STATUS_COLOURS[kind] || '';
  }

  /* ---------- hint, check, solution, generate ---------- */

  async function busy(text, work) {
    const root = panel();
    const buttons = root.querySelectorAll('.play-bar button');
    buttons.forEach((b) => { b.disabled = true; });
    status(text, 'busy');
    try {
      await work();
    } catch (err) {
      status('Error: ' + err.message, 'error');
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  }

  /**
   * Asks POST /api/hint. The player's pieces go as `placed`, so a board that cannot be
   * finished gets one of them to take off, never one of the challenge's.
   */
  function hint() {
    if (!play.geometry) return;
    busy('Looking for a hint…', async () => {
      const h = await postJson('/api/hint', request());
      const placements = h.placements || [];
      const message = h.message || h.kind;
      const cells = placements.flatMap((p) => p.cells.map(apiKey));
      play.hint = cells.length ? { cells, remove: h.kind === 'remove', piece: (placements[0] || {}).piece } : null;
      render();
      status(message, h.kind === 'remove' ? 'bad' : 'hint');
      panel().querySelector('#play-status').dataset.hint = h.kind;
    });
  }

  function check() {
    if (!play.geometry) return;
    if (play.placed.length > 0 && isFull()) {
      if (play.shown) status('The board shows a solution; Restart to play.', 'shown');
      else status('Solved: every cell is covered.', 'solved');
      return;
    }
    busy('Checking…', async () => {
      const c = await postJson('/api/check', request());
      if (c.result === 'none') status('This board cannot be finished: take a piece off.', 'bad');
      else status('This board can still be finished.', 'good');
      panel().querySelector('#play-status').dataset.check = c.result;
    });
  }

  function showSolution() {
    if (!play.geometry) return;
    busy('Solving…', async () => {
      let sols = await solve(request({ limit: 1 }));
      let text = 'A solution that keeps your pieces.';
      if (sols.length === 0 && play.placed.length > 0) {
        sols = await solve(Object.assign({}, play.base, { limit: 1 }));
        text = 'Your pieces cannot all stay: here is a solution without them.';
      }
      if (sols.length === 0) {
        status('This challenge has no solution.', 'bad');
        return;
      }
      play.shown = true;
      play.hint = null;
      lay(sols[0]);
      render();
      status(text, 'shown');
    });
  }

  function restart() {
    if (!play.geometry) return;
    const opened = play.opened;
    open(play.geometry, play.base, play.origin);
    play.opened = opened;
  }

  function generate() {
    if (!play.origin) return;
    const root = panel();
    const body = Object.assign({}, play.origin, {
      count: 1,
      seed: Number(root.querySelector('#play-seed').value || 1),
      min: root.querySelector('#play-min').checked,
    });
    const level = root.querySelector('#play-level').value;
    if (level) body.level = level;
    busy('Generating a challenge…', async () => {
      const gen = await postJson('/api/generate', body);
      const ch = (gen.challenges || [])[0];
      if (!ch) throw new Error('no challenge of that level for this seed');
      // A piece set of the origin's own goes along: the challenge's file names it.
      const base = { board_toml: ch.toml };
      if (play.origin.pieces) base.pieces = play.origin.pieces;
      if (play.origin.pieces_toml) base.pieces_toml = play.origin.pieces_toml;
      const geometry = await postJson('/api/puzzle', base);
      open(geometry, base, play.origin);
      status('Challenge: ' + ch.pieces_left + ' pieces to place, level ' + ch.level + '.', 'challenge');
    });
  }

  /* ---------- opening ---------- */

  /**
   * Opens a puzzle's geometry (the answer of POST /api/puzzle) for play. `base` is the
   * request that describes it (default: its own TOML); `origin` the board that "New
   * challenge" generates from (default: the same).
   */
  function open(geometry, base, origin) {
    const root = panel();
    if (!geometry) {
      play.geometry = null;
      play.opened = null;
      render();
      status('Pick a puzzle first (the Puzzles, Editor or TOML tab).');
      return;
    }
    // app.js opens the tab's puzzle each time the tab opens: keep a game in progress.
    if (!base && geometry === play.opened && play.geometry) {
      play.layout = layout(play.geometry); // the room may have changed while hidden
      render();
      return;
    }
    play.opened = base ? play.opened : geometry;
    play.base = base || appRequest(geometry) || ownRequest(geometry);
    play.origin = origin || play.base;
    const old = root.querySelector('[data-testid="play-3d"]');
    if (old) old.remove();
    if (geometry.dimension === 3 || !PLANE.includes(geometry.grid)) {
      play.geometry = null;
      render();
      const m = document.createElement('p');
      m.setAttribute('data-testid', 'play-3d');
      m.textContent = 'Play is on the plane grids only (' + PLANE.join(', ') + '); ' +
        'this puzzle is on the ' + geometry.grid + ' grid.';
      root.querySelector('#play-status').after(m);
      status('');
      return;
    }
    reset(geometry);
    render();
    const left = play.left.reduce((a, b) => a + b, 0);
    status((geometry.name ? geometry.name + ': ' : '') + left + ' piece' + (left === 1 ? '' : 's') +
      ' to place. Drag them onto the board; R rotates, F flips.');
    root.dataset.ready = 'true';
  }

  /** The request fields app.js holds for this geometry, if it is the page's puzzle. */
  function appRequest(geometry) {
    const app = window.polyx;
    if (app && app.state && app.state.geometry === geometry && app.state.puzzle) {
      return Object.assign({}, app.state.puzzle);
    }
    return null;
  }

  /** The request that describes a geometry: its board file and its pieces file, if any. */
  function ownRequest(geometry) {
    const req = { board_toml: geometry.toml };
    if (geometry.pieces_toml) req.pieces_toml = geometry.pieces_toml;
    return req;
  }

  async function openRequest(req) {
    const geometry = await postJson('/api/puzzle', req);
    open(geometry, req);
    return geometry;
  }

  window.addEventListener('resize', () => {
    if (!play.geometry || play.drag) return;
    play.layout = layout(play.geometry);
    render();
  });

  Object.assign(P, { panel, status });

  window.polyxPlay = {
    open,
    openRequest,
    state: play,
    cellPolygon,
  };
})();
