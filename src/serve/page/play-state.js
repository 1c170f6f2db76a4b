/* polyx serve page: play-state.js, the Play panel's game state.
 *
 * Owns `window.polyxPlayParts` (the namespace the play-*.js files share, loaded in the
 * order play-state.js, play-board.js, play-drag.js, play.js) and the game in it: the
 * challenge's geometry and request, the placements indexed by their first cell and by
 * their cell set, per piece the copies left in the tray and the orientation shown, the
 * player's pieces and the cells they cover, the selection, the hint and the drag. It
 * answers what is free (`placementAt`: a piece turned so that its cell i lies on board
 * cell c, if all of its cells are free), what the API's `placed` is, and lays a solution.
 */
(function () {
  'use strict';

  const P = (window.polyxPlayParts = window.polyxPlayParts || {});
  const layout = (g) => P.layout(g); // play-board.js

  const key = (c) => c[0] + ',' + c[1];

  /** The key of a cell as the API writes it: [x, y], or on the grids of segments
      Puzzler's [x, y, d] (the geometry cells' `segment`). */
  function apiKey(c) {
    if (!play.bySegment) return key(c);
    return play.bySegment.get(c.join(',')) || 'none';
  }

  /** Board cell `c` as the API reads it. */
  function apiCell(c) {
    const cell = play.cells.get(key(c));
    return cell && cell.segment ? cell.segment : [c[0], c[1]];
  }

  /* ---------- the game's state ---------- */

  const play = {
    geometry: null, // the answer of POST /api/puzzle
    base: null, // the request of the challenge: {board_toml}
    origin: null, // the request generate starts from
    cells: new Map(), // key -> cell of the geometry
    bySegment: null, // on the grids of segments: "x,y,d" -> key
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
    play.bySegment = g.cells.length && g.cells[0].segment
      ? new Map(g.cells.map((c) => [c.segment.join(','), key(c.at)]))
      : null;
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
      return { piece: g.pieces[p.piece].name, cells: p.cells.map(apiCell) };
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

  function turned(piece, orientation, how) {
    const next = play.geometry.pieces[piece].orientations[orientation][how];
    return next === null || next === undefined ? orientation : next;
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
      const pi = play.bySet.get(piece + '|' + p.cells.map(apiKey).sort().join(' '));
      if (pi === undefined) continue;
      play.placed.push(pi);
      play.left[piece] -= 1;
    }
    coverOf();
  }

  Object.assign(P, {
    key, apiKey, play, pieceIndex, preplacedCopies, reset, coverOf, isFull, request, placementAt, turned, lay,
  });
})();
