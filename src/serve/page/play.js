/* polyx serve page: play.js, the Play panel.
 *
 * A challenge (a board with pre-placed pieces) is drawn as the board and a tray of the
 * pieces still to place. The player drags a piece onto the board with pointer events
 * (mouse, pen or touch); it snaps to the grid: a piece grabbed by its i-th cell and
 * dropped with that cell over board cell c becomes the placement of its piece and
 * orientation whose cells[i] == c, if all of that placement's cells are free. Rotate and
 * flip follow each orientation's `rotate` and `flip` indices from POST /api/puzzle.
 * Hint, Check and Show solution ask the server (POST /api/hint, /api/check, /api/solve)
 * with the player's pieces as `placed`; New challenge asks POST /api/generate. Play is on
 * the plane grids; a puzzle in space gets a message instead.
 *
 * Hooks: app.js calls `window.polyxPlay.open(geometry)` with the answer of POST
 * /api/puzzle; `window.polyxPlay.openRequest(request)` fetches that answer itself
 * (e.g. `{board_toml}` of a generated challenge). Everything draws into
 * `<section id="play">`, which this file fills if it is empty. Test handles: ids `play-*`
 * and `data-testid` on the buttons, the status (`data-kind`, `data-check`, `data-hint`),
 * the board cells (`play-cell-X-Y`), tray pieces and slots (`data-piece-index`,
 * `data-orientation`, cells by `data-index`), placed pieces and the solved message.
 */
(function () {
  'use strict';

  const SVGNS = 'http://www.w3.org/2000/svg';
  const ROW = Math.sqrt(3) / 2;
  const DRAG_THRESHOLD = 4; // pixels a pointer moves before a press becomes a drag

  /* ---------- lattice geometry: the polygons of src/geom, for any cell ---------- */

  /** The polygon of cell (x, y) in picture units, as src/geom's `polygon` draws it. */
  function cellPolygon(grid, x, y) {
    if (grid === 'hex') {
      const r = 1 / Math.sqrt(3);
      const cx = x / 2 + 0.5;
      const cy = y * ROW + r;
      return [[cx, cy - r], [cx + 0.5, cy - r / 2], [cx + 0.5, cy + r / 2],
        [cx, cy + r], [cx - 0.5, cy + r / 2], [cx - 0.5, cy - r / 2]];
    }
    if (grid === 'triangle') {
      const left = x / 2;
      const top = y * ROW;
      if ((((x + y) % 2) + 2) % 2 === 0) {
        return [[left + 0.5, top], [left + 1, top + ROW], [left, top + ROW]];
      }
      return [[left, top], [left + 1, top], [left + 0.5, top + ROW]];
    }
    return [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]];
  }

  function centroid(poly) {
    let sx = 0;
    let sy = 0;
    for (const [x, y] of poly) {
      sx += x;
      sy += y;
    }
    return [sx / poly.length, sy / poly.length];
  }

  function bounds(polys) {
    let b = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (const poly of polys) {
      for (const [x, y] of poly) {
        b = { x0: Math.min(b.x0, x), y0: Math.min(b.y0, y), x1: Math.max(b.x1, x), y1: Math.max(b.y1, y) };
      }
    }
    return b;
  }

  function insidePolygon(poly, px, py) {
    let inside = false;
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i];
      const [xj, yj] = poly[j];
      if ((yi > py) !== (yj > py) && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) {
        inside = !inside;
      }
    }
    return inside;
  }

  const key = (c) => c[0] + ',' + c[1];

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

  /* ---------- the game's state ---------- */

  const play = {
    geometry: null, // the answer of POST /api/puzzle
    base: null, // the request of the challenge: {board_toml}
    origin: null, // the request generate starts from
    cells: new Map(), // key -> cell of the geometry
    byStart: new Map(), // "piece|orientation|key of cells[0]" -> placement index
    bySet: new Map(), // "piece|sorted keys" -> placement index
    left: [], // per piece: copies still in the tray
    turn: [], // per piece: the orientation its tray copy shows
    slots: [], // per piece: the tray slot {x, y, size} or null
    inTray: [], // per piece: whether the tray has a slot for it (copies left at the start)
    placed: [], // the player's pieces: placement indices
    covered: new Map(), // key -> index into placed
    selected: null, // {from: 'tray', piece} or {from: 'board', at}
    hint: null, // {cells: [keys], remove: bool, piece: name}
    drag: null,
    shown: false, // the solution was revealed
    layout: null,
    opened: null, // the geometry app.js last opened
  };

  /** Piece indices by label (board pictures) or by name (solution lines, `placed`). */
  const pieceIndex = (g, by) => new Map(g.pieces.map((p, i) => [p[by], i]));

  /** Copies of each piece pre-placed on the board: its label's cells over its size. */
  function preplacedCopies(g) {
    const index = pieceIndex(g, 'label');
    const cells = g.pieces.map(() => 0);
    for (const c of g.cells) {
      if (c.state === 'placed' && index.has(c.label)) cells[index.get(c.label)] += 1;
    }
    return g.pieces.map((p, i) => Math.round(cells[i] / p.orientations[0].cells.length));
  }

  function indexPlacements(g) {
    play.byStart = new Map();
    play.bySet = new Map();
    const usable = g.pieces.map(() => false);
    g.placements.forEach((p, i) => {
      play.byStart.set(p.piece + '|' + p.orientation + '|' + key(p.cells[0]), i);
      play.bySet.set(p.piece + '|' + p.cells.map(key).sort().join(' '), i);
      usable[p.piece] = true;
    });
    return usable;
  }

  function reset(g) {
    play.geometry = g;
    play.cells = new Map(g.cells.map((c) => [key(c.at), c]));
    const usable = indexPlacements(g);
    const pre = preplacedCopies(g);
    play.left = g.pieces.map((p, i) => (usable[i] ? Math.max(0, p.count - pre[i]) : 0));
    play.inTray = play.left.map((n) => n > 0);
    play.turn = g.pieces.map(() => 0);
    play.placed = [];
    play.covered = new Map();
    play.selected = null;
    play.hint = null;
    play.drag = null;
    play.shown = false;
    play.layout = layout(g);
  }

  function coverOf() {
    play.covered = new Map();
    play.placed.forEach((pi, n) => {
      for (const c of play.geometry.placements[pi].cells) play.covered.set(key(c), n);
    });
  }

  const openCells = () => play.geometry.cells.filter((c) => c.state === 'open');
  const isFull = () => openCells().every((c) => play.covered.has(key(c.at)));

  /** The player's pieces as the API's `placed`. */
  function placedField() {
    const g = play.geometry;
    return play.placed.map((pi) => {
      const p = g.placements[pi];
      return { piece: g.pieces[p.piece].name, cells: p.cells.map((c) => [c[0], c[1]]) };
    });
  }

  const request = (extra) => Object.assign({}, play.base, { placed: placedField() }, extra || {});

  /** The placement of `piece` turned to `orientation` whose cells[i] is board cell c. */
  function placementAt(piece, orientation, i, c) {
    const o = play.geometry.pieces[piece].orientations[orientation];
    const dx = c[0] - o.cells[i][0];
    const dy = c[1] - o.cells[i][1];
    const start = [o.cells[0][0] + dx, o.cells[0][1] + dy];
    const pi = play.byStart.get(piece + '|' + orientation + '|' + key(start));
    if (pi === undefined) return null;
    const free = play.geometry.placements[pi].cells.every((cc) => !play.covered.has(key(cc)));
    return free ? pi : null;
  }

  /* ---------- layout: the board on the left, the tray on the right ---------- */

  /** The polygons of an orientation, drawn from the lattice, and their bounds. */
  function shapeOf(grid, o) {
    const polys = o.cells.map((c) => cellPolygon(grid, c[0], c[1]));
    return { polys, b: bounds(polys) };
  }

  function slotSize(g, piece) {
    let size = 1;
    for (const o of piece.orientations) {
      const { b } = shapeOf(g.grid, o);
      size = Math.max(size, b.x1 - b.x0, b.y1 - b.y0);
    }
    return size + 0.6;
  }

  /** Shelf packing of square slots in rows at most `width` wide, in piece order. */
  function packTray(items, width) {
    const slots = new Map();
    let x = 0;
    let y = 0;
    let row = 0;
    let w = 0;
    for (const { piece, size } of items) {
      if (x > 0 && x + size > width) {
        y += row;
        x = 0;
        row = 0;
      }
      slots.set(piece, { x, y, size });
      x += size;
      w = Math.max(w, x);
      row = Math.max(row, size);
    }
    return { slots, w, h: y + row };
  }

  /** The room the picture has on screen, in pixels. */
  function room() {
    const svg = document.getElementById('play-svg');
    const w = (svg && svg.clientWidth) || 1000;
    const top = svg && svg.clientWidth ? Math.max(0, svg.getBoundingClientRect().top) : 100;
    return [w, Math.max(300, (window.innerHeight || 800) - top - 8)];
  }

  /**
   * Places the tray right of the board or below it, its slots packed in shelves, so that
   * the picture is drawn as large as the room allows.
   */
  function layout(g) {
    const board = bounds(g.cells.map((c) => c.polygon));
    const bw = board.x1 - board.x0;
    const bh = board.y1 - board.y0;
    const items = g.pieces.map((p, piece) => ({ piece, size: slotSize(g, p) }))
      .filter(({ piece }) => play.inTray[piece]);
    const total = items.reduce((a, it) => a + it.size, 0);
    const [rw, rh] = room();
    const pad = 0.3;
    let best = null;
    for (let width = 1; width <= total + 1; width += 0.5) {
      const tray = packTray(items, width);
      for (const right of [true, false]) {
        const w = (right ? bw + 1 + tray.w : Math.max(bw, tray.w)) + 2 * pad;
        const h = (right ? Math.max(bh, tray.h) : bh + 1 + tray.h) + 2 * pad;
        const scale = Math.min(rw / w, rh / h);
        if (!best || scale > best.scale + 1e-9) best = { scale, tray, right, w, h };
      }
    }
    const x0 = best.right ? board.x1 + 1 : board.x0;
    const y0 = best.right ? board.y0 : board.y1 + 1;
    play.slots = g.pieces.map((p, piece) => {
      const slot = best.tray.slots.get(piece);
      return slot ? { x: x0 + slot.x, y: y0 + slot.y, size: slot.size } : null;
    });
    // Drawn at `scale` pixels a unit: the picture's height is set, its width follows.
    return { board, view: [board.x0 - pad, board.y0 - pad, best.w, best.h], height: best.scale * best.h };
  }

  /** An orientation's polygons centred in a slot, or with cell i's centre at (px, py). */
  function placeShape(g, o, at) {
    const { polys, b } = shapeOf(g.grid, o);
    let dx;
    let dy;
    if (at.slot) {
      dx = at.slot.x + (at.slot.size - (b.x1 - b.x0)) / 2 - b.x0;
      dy = at.slot.y + (at.slot.size - (b.y1 - b.y0)) / 2 - b.y0;
    } else {
      const [cx, cy] = centroid(polys[at.i]);
      dx = at.px - cx;
      dy = at.py - cy;
    }
    return polys.map((poly) => poly.map(([x, y]) => [x + dx, y + dy]));
  }

  /* ---------- drawing ---------- */

  function el(name, attrs, parent) {
    const e = document.createElementNS(SVGNS, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  const points = (poly) => poly.map(([x, y]) => x.toFixed(4) + ',' + y.toFixed(4)).join(' ');

  function drawBoard(svg) {
    const g = play.geometry;
    const layer = el('g', { 'data-testid': 'play-board-cells' }, svg);
    const byLabel = pieceIndex(g, 'label');
    for (const c of g.cells) {
      let fill = '#e8e8e8';
      if (c.state === 'blocked') fill = '#555';
      if (c.state === 'placed') fill = byLabel.has(c.label) ? g.pieces[byLabel.get(c.label)].colour : '#999';
      el('polygon', {
        points: points(c.polygon), fill, stroke: '#bbb', 'stroke-width': 1, 'vector-effect': 'non-scaling-stroke',
        'data-testid': 'play-cell-' + c.at[0] + '-' + c.at[1], 'data-state': c.state,
      }, layer);
      if (c.state === 'placed') {
        el('circle', { cx: c.centre[0], cy: c.centre[1], r: 0.08, fill: '#0006' }, layer);
      }
    }
  }

  /** The sides of a piece's polygons that no other of its cells shares: its outline. */
  function outline(polys) {
    const pt = (q) => q[0].toFixed(3) + ',' + q[1].toFixed(3);
    const count = new Map();
    const sides = [];
    for (const poly of polys) {
      poly.forEach((a, i) => {
        const b = poly[(i + 1) % poly.length];
        const k = [pt(a), pt(b)].sort().join(' ');
        count.set(k, (count.get(k) || 0) + 1);
        sides.push([k, a, b]);
      });
    }
    return sides.filter(([k]) => count.get(k) === 1).map(([, a, b]) => 'M' + pt(a) + 'L' + pt(b)).join('');
  }

  /** A piece's cells (data-index = the cell's index in its orientation) and outline. */
  function drawPiece(group, polys, colour, selected) {
    polys.forEach((poly, n) => {
      el('polygon', {
        points: points(poly), fill: colour, stroke: '#0004', 'stroke-width': 1, 'vector-effect': 'non-scaling-stroke',
        'data-index': n, style: 'cursor: grab',
      }, group);
    });
    el('path', {
      d: outline(polys), fill: 'none', stroke: selected ? '#000' : '#222',
      'stroke-width': selected ? 3.5 : 2, 'stroke-linecap': 'round', 'pointer-events': 'none',
      'vector-effect': 'non-scaling-stroke',
    }, group);
  }

  /** The outlines of the pre-placed pieces, one per label. */
  function drawPreplaced(svg) {
    const byLabel = new Map();
    for (const c of play.geometry.cells) {
      if (c.state !== 'placed') continue;
      if (!byLabel.has(c.label)) byLabel.set(c.label, []);
      byLabel.get(c.label).push(c.polygon);
    }
    const layer = el('g', { 'data-testid': 'play-preplaced', 'pointer-events': 'none' }, svg);
    for (const polys of byLabel.values()) {
      el('path', { d: outline(polys), fill: 'none', stroke: '#222', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke' }, layer);
    }
  }

  function drawPlaced(svg) {
    const g = play.geometry;
    play.placed.forEach((pi, n) => {
      const p = g.placements[pi];
      const piece = g.pieces[p.piece];
      const sel = play.selected && play.selected.from === 'board' && play.selected.at === n;
      const group = el('g', {
        'data-testid': 'play-placed', 'data-piece': piece.label, 'data-at': n,
        class: 'play-piece' + (sel ? ' play-selected' : ''),
      }, svg);
      drawPiece(group, p.cells.map((c) => play.cells.get(key(c)).polygon), piece.colour, sel);
    });
  }

  function drawTray(svg) {
    const g = play.geometry;
    const tray = el('g', { 'data-testid': 'play-tray' }, svg);
    g.pieces.forEach((piece, i) => {
      const slot = play.slots[i];
      if (!slot) return;
      const dragged = play.drag && play.drag.active && play.drag.piece === i ? 1 : 0;
      const left = play.left[i] - dragged;
      // An empty slot is only a faint outline: the piece's place to come back to.
      el('rect', {
        x: slot.x + 0.1, y: slot.y + 0.1, width: slot.size - 0.2, height: slot.size - 0.2,
        rx: 0.2, fill: left > 0 ? '#f6f6f6' : 'none', stroke: left > 0 ? '#ddd' : '#eee',
        'stroke-width': 1, 'stroke-dasharray': left > 0 ? 'none' : '4 4', 'vector-effect': 'non-scaling-stroke',
        'data-testid': 'play-slot', 'data-piece-index': i,
      }, tray);
      if (left <= 0) return;
      const sel = play.selected && play.selected.from === 'tray' && play.selected.piece === i;
      const o = piece.orientations[play.turn[i]];
      const group = el('g', {
        'data-testid': 'play-tray-piece', 'data-piece': piece.label, 'data-name': piece.name,
        'data-piece-index': i, 'data-orientation': play.turn[i], 'data-left': left,
        class: 'play-piece' + (sel ? ' play-selected' : ''),
      }, tray);
      drawPiece(group, placeShape(g, o, { slot }), piece.colour, sel);
      if (left > 1) {
        const t = el('text', { x: slot.x + 0.25, y: slot.y + 0.55, 'font-size': 0.4, fill: '#444' }, group);
        t.textContent = '×' + left;
      }
    });
  }

  function drawHint(svg) {
    if (!play.hint) return;
    const group = el('g', {
      'data-testid': play.hint.remove ? 'play-hint-remove' : 'play-hint-cells',
      'data-piece': play.hint.piece || '',
    }, svg);
    for (const k of play.hint.cells) {
      const cell = play.cells.get(k);
      if (!cell) continue;
      el('polygon', {
        points: points(cell.polygon), fill: play.hint.remove ? '#f004' : '#ff04',
        stroke: play.hint.remove ? '#c00' : '#b80', 'stroke-width': 3, 'vector-effect': 'non-scaling-stroke',
        'stroke-dasharray': '6 4', 'pointer-events': 'none',
      }, group);
    }
  }

  function render() {
    const root = panel();
    const svg = root.querySelector('#play-svg');
    svg.textContent = '';
    if (!play.geometry) {
      svg.style.height = '0';
      return;
    }
    svg.setAttribute('viewBox', play.layout.view.join(' '));
    svg.setAttribute('preserveAspectRatio', 'xMinYMin meet');
    svg.style.height = Math.floor(play.layout.height) + 'px';
    drawBoard(svg);
    drawPreplaced(svg);
    drawPlaced(svg);
    drawHint(svg);
    drawTray(svg);
    play.dragLayer = el('g', { 'data-testid': 'play-drag', 'pointer-events': 'none' }, svg);
    showSolved();
  }

  const STATUS_COLOURS = { bad: '#b42318', error: '#b42318', good: '#1a7f37', solved: '#1a7f37' };

  function status(text, kind) {
    const s = panel().querySelector('#play-status');
    s.textContent = text;
    s.dataset.kind = kind || '';
    s.style.color = STATUS_COLOURS[kind] || '';
  }

  function showSolved() {
    const root = panel();
    const old = root.querySelector('[data-testid="play-solved"]');
    const solved = !play.shown && play.placed.length > 0 && isFull();
    if (solved && !old) {
      const m = document.createElement('div');
      m.id = 'play-solved';
      m.setAttribute('data-testid', 'play-solved');
      m.className = 'play-solved';
      m.style.cssText = 'font-size: 1.4em; font-weight: bold; color: #1a7f37;';
      m.textContent = 'Solved!';
      root.querySelector('#play-status').after(m);
      status('Every cell is covered: the challenge is solved.', 'solved');
    } else if (!solved && old) {
      old.remove();
    }
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

  /* ---------- turning pieces ---------- */

  function turned(piece, orientation, how) {
    const next = play.geometry.pieces[piece].orientations[orientation][how];
    return next === null || next === undefined ? orientation : next;
  }

  function turnSelected(how) {
    if (!play.geometry) return;
    if (play.drag && play.drag.active) {
      play.drag.orientation = turned(play.drag.piece, play.drag.orientation, how);
      drawDrag();
      return;
    }
    const s = play.selected;
    if (s && s.from === 'board') {
      turnOnBoard(s.at, how);
      return;
    }
    if (!s || s.from !== 'tray') {
      status('Rotate and Flip turn the piece selected in the tray (click it) or the one being dragged.');
      return;
    }
    if (how === 'flip' && play.geometry.pieces[s.piece].orientations[play.turn[s.piece]].flip == null) {
      status('This piece may not be turned over.');
      return;
    }
    play.turn[s.piece] = turned(s.piece, play.turn[s.piece], how);
    render();
  }

  /**
   * Turns the player's n-th piece where it lies: the turned placement that keeps one of
   * its cells where it was (the first that fits, trying the cells in order).
   */
  function turnOnBoard(n, how) {
    const g = play.geometry;
    const was = play.placed[n];
    const p = g.placements[was];
    const o = turned(p.piece, p.orientation, how);
    play.placed.splice(n, 1);
    coverOf();
    let found = null;
    for (let i = 0; i < p.cells.length && found === null; i++) {
      found = placementAt(p.piece, o, i, p.cells[i]);
    }
    play.placed.splice(n, 0, found === null ? was : found);
    coverOf();
    if (found === null) status('There is no room to turn the ' + g.pieces[p.piece].name + ' here.');
    play.hint = null;
    render();
  }

  function onKey(e) {
    if (!play.geometry || e.ctrlKey || e.metaKey || e.altKey) return;
    const root = document.getElementById('play');
    if (!root || root.offsetParent === null || root.hidden) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT')) return;
    const k = e.key.toLowerCase();
    if (k === 'r') turnSelected('rotate');
    else if (k === 'f') turnSelected('flip');
    else if (k === 'escape' && play.drag) pointerCancel();
    else return;
    e.preventDefault();
  }

  /* ---------- dragging ---------- */

  function svgPoint(e) {
    const svg = panel().querySelector('#play-svg');
    const m = svg.getScreenCTM().inverse();
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
    return [p.x, p.y];
  }

  /** What a press at this target grabs: a tray piece or a placed piece, and its cell. */
  function grabbed(target) {
    const poly = target.closest && target.closest('polygon[data-index]');
    const group = poly && poly.parentNode;
    if (!group || !group.dataset) return null;
    const i = Number(poly.dataset.index);
    if (group.dataset.testid === 'play-tray-piece') {
      const piece = Number(group.dataset.pieceIndex);
      return { from: 'tray', piece, orientation: play.turn[piece], i };
    }
    if (group.dataset.testid === 'play-placed') {
      const index = Number(group.dataset.at);
      const p = play.geometry.placements[play.placed[index]];
      return { from: 'board', index, piece: p.piece, orientation: p.orientation, i };
    }
    return null;
  }

  function pointerDown(e) {
    if (!play.geometry || e.button > 0 || play.drag) return;
    const g = grabbed(e.target);
    if (!g) return;
    e.preventDefault();
    const [px, py] = svgPoint(e);
    const polys = g.from === 'tray'
      ? placeShape(play.geometry, play.geometry.pieces[g.piece].orientations[g.orientation], { slot: play.slots[g.piece] })
      : play.geometry.placements[play.placed[g.index]].cells.map((c) => play.cells.get(key(c)).polygon);
    const [cx, cy] = centroid(polys[g.i]);
    play.drag = Object.assign(g, {
      pointer: e.pointerId, sx: e.clientX, sy: e.clientY, active: false,
      offset: [cx - px, cy - py], at: [cx, cy], target: null,
    });
    e.currentTarget.setPointerCapture(e.pointerId);
  }

  function startDrag() {
    const d = play.drag;
    d.active = true;
    play.hint = null;
    if (d.from === 'board') {
      play.placed.splice(d.index, 1);
      coverOf();
      play.left[d.piece] += 1;
      play.selected = { from: 'tray', piece: d.piece };
      play.turn[d.piece] = d.orientation;
    } else {
      play.selected = { from: 'tray', piece: d.piece };
    }
    render();
  }

  function pointerMove(e) {
    const d = play.drag;
    if (!d || e.pointerId !== d.pointer) return;
    if (!d.active) {
      if (Math.hypot(e.clientX - d.sx, e.clientY - d.sy) < DRAG_THRESHOLD) return;
      startDrag();
    }
    const [px, py] = svgPoint(e);
    d.at = [px + d.offset[0], py + d.offset[1]];
    drawDrag();
  }

  /** The board cell under a point, or null. */
  function cellAt(x, y) {
    for (const c of play.geometry.cells) {
      if (c.state === 'open' && insidePolygon(c.polygon, x, y)) return c;
    }
    return null;
  }

  function drawDrag() {
    const d = play.drag;
    const layer = play.dragLayer;
    if (!layer) return;
    layer.textContent = '';
    const g = play.geometry;
    const piece = g.pieces[d.piece];
    const cell = cellAt(d.at[0], d.at[1]);
    d.target = cell ? placementAt(d.piece, d.orientation, d.i, cell.at) : null;
    if (d.target !== null) {
      for (const c of g.placements[d.target].cells) {
        el('polygon', {
          points: points(play.cells.get(key(c)).polygon), fill: piece.colour,
          'fill-opacity': 0.45, stroke: '#000', 'stroke-width': 1, 'vector-effect': 'non-scaling-stroke',
        }, layer);
      }
    }
    const o = piece.orientations[d.orientation];
    const group = el('g', { 'data-testid': 'play-dragged', 'fill-opacity': 0.8 }, layer);
    drawPiece(group, placeShape(g, o, { i: d.i, px: d.at[0], py: d.at[1] }), piece.colour, true);
  }

  function pointerUp(e) {
    const d = play.drag;
    if (!d || e.pointerId !== d.pointer) return;
    play.drag = null;
    if (!d.active) {
      play.selected = d.from === 'tray' ? { from: 'tray', piece: d.piece } : { from: 'board', at: d.index };
      render();
      return;
    }
    const [px, py] = svgPoint(e);
    d.at = [px + d.offset[0], py + d.offset[1]];
    play.drag = d;
    drawDrag();
    play.drag = null;
    drop(d);
  }

  function drop(d) {
    const g = play.geometry;
    play.turn[d.piece] = d.orientation;
    if (d.target !== null) {
      play.placed.push(d.target);
      play.left[d.piece] -= 1;
      coverOf();
      play.selected = null;
      if (!play.shown) status(play.placed.length + ' piece' + (play.placed.length === 1 ? '' : 's') + ' placed.');
    } else {
      status('The ' + g.pieces[d.piece].name + ' went back to the tray.');
    }
    render();
  }

  function pointerCancel() {
    if (!play.drag) return;
    const d = play.drag;
    d.target = null;
    play.drag = null;
    if (d.active) drop(d);
  }

  function contextMenu(e) {
    if (!play.geometry) return;
    e.preventDefault();
    if (play.drag && play.drag.active) {
      turnSelected('rotate');
      return;
    }
    const g = grabbed(e.target);
    if (g && g.from === 'tray') {
      play.selected = { from: 'tray', piece: g.piece };
      turnSelected('rotate');
    }
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
      const cells = placements.flatMap((p) => p.cells.map(key));
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

  /** Lays the pieces of a solution line on the board, as the player's. */
  function lay(solution) {
    const g = play.geometry;
    const index = pieceIndex(g, 'name');
    play.placed = [];
    const pre = preplacedCopies(g);
    play.left = g.pieces.map((p, i) => (play.inTray[i] ? Math.max(0, p.count - pre[i]) : 0));
    for (const p of solution.placements) {
      const piece = index.get(p.piece);
      const pi = play.bySet.get(piece + '|' + p.cells.map(key).sort().join(' '));
      if (pi === undefined) continue;
      play.placed.push(pi);
      play.left[piece] -= 1;
    }
    coverOf();
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
    if (geometry.dimension === 3 || !['square', 'hex', 'triangle'].includes(geometry.grid)) {
      play.geometry = null;
      render();
      const m = document.createElement('p');
      m.setAttribute('data-testid', 'play-3d');
      m.textContent = 'Play is on the plane grids only (square, hex, triangle); ' +
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

  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', () => {
    if (!play.geometry || play.drag) return;
    play.layout = layout(play.geometry);
    render();
  });

  window.polyxPlay = {
    open,
    openRequest,
    state: play,
    cellPolygon,
  };
})();
