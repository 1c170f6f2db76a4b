/* polyx serve: draw.js owns drawing a board as SVG from /api/puzzle's geometry.
   Every grid is drawn the same way: each cell is its `polygon` (picture units, the layers
   of a 3D puzzle already side by side in panels). Cells are coloured by state (open,
   blocked, pre-placed); a solution's placements are drawn as one <g class="piece"> each,
   filled in the piece's colour and outlined along the sides no other cell of the piece
   shares. Exposes window.polyxDraw = {board, key, colourOf, pieceGroups}. */
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";

  /** "x,y,z" for a cell given as [x, y] or [x, y, z]. */
  function key(at) {
    return at[0] + "," + at[1] + "," + (at.length > 2 ? at[2] : 0);
  }

  /** A function from a cell as the API's answers write it ([x, y], [x, y, z], or on the
      grids of segments Puzzler's [x, y, d], the cells' `segment`) to its key. */
  function keyOfApi(geometry) {
    if (!geometry.cells.length || !geometry.cells[0].segment) return key;
    const bySegment = new Map(geometry.cells.map((c) => [key(c.segment), key(c.at)]));
    return (c) => bySegment.get(key(c)) || "none";
  }

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  function points(polygon) {
    return polygon.map((p) => p[0].toFixed(4) + "," + p[1].toFixed(4)).join(" ");
  }

  /** The colour of a piece named by its name or label. */
  function colourOf(geometry, piece) {
    const found = geometry.pieces.find((p) => p.name === piece || p.label === piece);
    return found ? found.colour : "#999999";
  }

  /** The bounding box of every polygon, with a margin. */
  function bounds(cells, margin) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const c of cells) {
      for (const [x, y] of c.polygon) {
        x0 = Math.min(x0, x); y0 = Math.min(y0, y);
        x1 = Math.max(x1, x); y1 = Math.max(y1, y);
      }
    }
    if (!cells.length) return [0, 0, 1, 1];
    return [x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin];
  }

  /** The pieces to draw: the solution's placements, then the pre-placed cells that no
      placement covers, grouped by label. Each is {piece, cells: [keys]}. */
  function pieceGroups(geometry, solution) {
    const groups = [];
    const covered = new Set();
    const keyOf = keyOfApi(geometry);
    for (const p of solution || []) {
      const keys = p.cells.map(keyOf);
      keys.forEach((k) => covered.add(k));
      groups.push({ piece: p.piece, cells: keys });
    }
    const byLabel = new Map();
    for (const c of geometry.cells) {
      const k = key(c.at);
      if (c.state !== "placed" || covered.has(k)) continue;
      if (!byLabel.has(c.label)) byLabel.set(c.label, []);
      byLabel.get(c.label).push(k);
    }
    for (const [label, cells] of byLabel) groups.push({ piece: label, cells, preplaced: true });
    return groups;
  }

  /** The sides of a group's polygons that only one of them has: its outline. */
  function outlineSides(polygons) {
    const count = new Map();
    const round = (p) => p[0].toFixed(3) + " " + p[1].toFixed(3);
    for (const poly of polygons) {
      for (let i = 0; i < poly.length; i++) {
        const a = poly[i], b = poly[(i + 1) % poly.length];
        const ka = round(a), kb = round(b);
        const k = ka < kb ? ka + "|" + kb : kb + "|" + ka;
        const entry = count.get(k);
        if (entry) entry.n += 1; else count.set(k, { n: 1, a, b });
      }
    }
    return [...count.values()].filter((e) => e.n === 1);
  }

  function drawPiece(svg, geometry, group, byKey) {
    const colour = colourOf(geometry, group.piece);
    const g = el("g", { class: "piece", "data-piece": group.piece, "data-testid": "piece" }, svg);
    const polygons = [];
    for (const k of group.cells) {
      const cell = byKey.get(k);
      if (!cell) continue;
      polygons.push(cell.polygon);
      el("polygon", {
        points: points(cell.polygon), fill: colour, stroke: colour, "stroke-width": 0.03,
        "data-at": k, class: "cell cell-piece",
      }, g);
    }
    let d = "";
    for (const s of outlineSides(polygons)) {
      d += "M" + s.a[0].toFixed(4) + " " + s.a[1].toFixed(4) + "L" + s.b[0].toFixed(4) + " " + s.b[1].toFixed(4);
    }
    el("path", { d, class: "outline" }, g);
    return g;
  }

  /** Captions over the layer panels of a 3D puzzle. */
  function drawLayerCaptions(svg, geometry) {
    if (geometry.dimension !== 3) return;
    const left = new Map();
    let top = Infinity;
    for (const c of geometry.cells) {
      const z = c.at[2] || 0;
      for (const [x, y] of c.polygon) {
        left.set(z, Math.min(left.has(z) ? left.get(z) : Infinity, x));
        top = Math.min(top, y);
      }
    }
    for (const [z, x] of left) {
      const t = el("text", { x, y: top - 0.2, "font-size": 0.45, fill: "#667085", class: "layer-caption" }, svg);
      t.textContent = "layer " + z;
    }
  }

  /** An SVG of the board. opts: solution (placements), highlight (cells to mark),
      onCell(cell, event, polygonElement) for the editor, title. */
  function board(geometry, opts) {
    opts = opts || {};
    const margin = geometry.dimension === 3 ? 0.9 : 0.3;
    const box = bounds(geometry.cells, margin);
    const scale = Math.max(12, Math.min(48, 640 / Math.max(box[2], 1)));
    const svg = el("svg", {
      xmlns: SVG, viewBox: box.map((v) => v.toFixed(3)).join(" "),
      width: Math.round(box[2] * scale), height: Math.round(box[3] * scale),
      "data-testid": "board-svg", class: "board",
    });
    const byKey = new Map(geometry.cells.map((c) => [key(c.at), c]));
    const groups = opts.editing ? [] : pieceGroups(geometry, opts.solution);
    const inPiece = new Set(groups.flatMap((g) => g.cells));
    for (const c of geometry.cells) {
      const k = key(c.at);
      if (inPiece.has(k)) continue;
      const state = opts.states ? opts.states.get(k) || c.state : c.state;
      const poly = el("polygon", {
        points: points(c.polygon), class: "cell cell-" + state, "data-at": k, "data-state": state,
      }, svg);
      if (opts.onCell) {
        poly.addEventListener("pointerdown", (e) => opts.onCell(c, e, poly));
        poly.addEventListener("pointerenter", (e) => opts.onCell(c, e, poly));
      }
    }
    for (const g of groups) drawPiece(svg, geometry, g, byKey);
    const keyOf = keyOfApi(geometry);
    for (const at of opts.highlight || []) {
      const cell = byKey.get(keyOf(at));
      if (cell) el("polygon", { points: points(cell.polygon), class: "cell-differ", fill: "none", "data-testid": "differ" }, svg);
    }
    drawLayerCaptions(svg, geometry);
    return svg;
  }

  window.polyxDraw = { board, key, keyOfApi, colourOf, pieceGroups, el };
})();
