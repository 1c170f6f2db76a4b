/* polyx serve page: play-board.js, the Play panel's picture.
 *
 * Owns the lattice geometry (the polygons of src/geom for any cell of the plane grids),
 * the layout (the tray right of the board or below it, its slots packed in shelves, as
 * large as the room allows) and drawing the board, the pre-placed and placed pieces, the
 * hint and the tray into `#play-svg` (`render`), with the test handles on them: the
 * cells `play-cell-X-Y`, tray pieces and slots (`data-piece-index`, `data-orientation`,
 * cells by `data-index`), placed pieces and the solved message. Shares through
 * `window.polyxPlayParts`.
 */
(function () {
  'use strict';

  const P = window.polyxPlayParts;
  const { play, key, pieceIndex, isFull } = P;
  const panel = () => P.panel(); // play.js
  const status = (text, kind) => P.status(text, kind); // play.js

  const SVGNS = 'http://www.w3.org/2000/svg';
  const ROW = Math.sqrt(3) / 2;

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

  /* ---------- layout: the board on the left, the tray on the right ---------- */

  /** The polygons of an orientation, drawn from the lattice (or as the geometry gives
      them, on the grids of segments), and their bounds. */
  function shapeOf(grid, o) {
    const polys = o.polygons || o.cells.map((c) => cellPolygon(grid, c[0], c[1]));
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

  Object.assign(P, {
    SVGNS, cellPolygon, centroid, insidePolygon, layout, placeShape, el, points, drawPiece, render,
  });
})();
