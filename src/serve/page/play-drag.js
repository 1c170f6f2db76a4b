/* polyx serve page: play-drag.js, moving the Play panel's pieces.
 *
 * Owns the pointer (mouse, pen or touch) and the keys: a press on a tray piece or a
 * placed piece grabs it by one of its cells, past a few pixels it becomes a drag, and
 * the drop snaps it to the grid (the placement whose cells[i] is the board cell under
 * the grabbed cell, if it is free) or sends it back to the tray. Rotate and flip (buttons,
 * R and F, the context menu) turn the dragged piece, the selected tray piece or a placed
 * piece where it lies, by each orientation's `rotate` and `flip` indices. Shares through
 * `window.polyxPlayParts`.
 */
(function () {
  'use strict';

  const P = window.polyxPlayParts;
  const { play, key, coverOf, placementAt, turned } = P;
  const { centroid, insidePolygon, placeShape, el, points, drawPiece, render } = P;
  const panel = () => P.panel(); // play.js
  const status = (text, kind) => P.status(text, kind); // play.js

  const DRAG_THRESHOLD = 4; // pixels a pointer moves before a press becomes a drag

  /* ---------- turning pieces ---------- */

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

  document.addEventListener('keydown', onKey);

  Object.assign(P, { turnSelected, pointerDown, pointerMove, pointerUp, pointerCancel, contextMenu });
})();
