/* polyx serve: view3d.js owns the turnable view of a 3D puzzle. From each cell's `space`
   centre it paints cubes (cube grid) as shaded faces back to front, or balls (sphere
   grid) as shaded discs sorted by depth; dragging turns the view. A solution colours the
   cells by piece; without one, open cells are pale grey and pre-placed ones coloured.
   Exposes window.polyxView3d = {create(geometry, solution) -> {element, update}}. */
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const SIZE = 420;
  const LIGHT = normalise([0.35, 0.75, 0.55]);

  function normalise(v) {
    const n = Math.hypot(v[0], v[1], v[2]) || 1;
    return [v[0] / n, v[1] / n, v[2] / n];
  }

  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (parent) parent.appendChild(node);
    return node;
  }

  /** World coordinates: x right (picture column), y up (layer), z towards the viewer
      (picture row). */
  function world(space) {
    return [space[0], space[2] || 0, space[1]];
  }

  /** Turns a point by yaw (about the vertical) and then pitch (about the screen's x). */
  function turn(p, yaw, pitch) {
    const cy = Math.cos(yaw), sy = Math.sin(yaw), cp = Math.cos(pitch), sp = Math.sin(pitch);
    const x = cy * p[0] + sy * p[2];
    const z0 = -sy * p[0] + cy * p[2];
    return [x, cp * p[1] - sp * z0, sp * p[1] + cp * z0];
  }

  /** The smallest distance between two cell centres: a cube's side, a ball's diameter. */
  function spacing(points) {
    let best = Infinity;
    const n = Math.min(points.length, 400);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const d = Math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1], points[i][2] - points[j][2]);
        if (d > 1e-6 && d < best) best = d;
      }
    }
    return isFinite(best) ? best : 1;
  }

  /** The cells to show, each {p: world centre, colour}. */
  function solids(geometry, solution) {
    const colour = new Map();
    const key = window.polyxDraw.key;
    for (const c of geometry.cells) {
      if (c.state === "placed") colour.set(key(c.at), window.polyxDraw.colourOf(geometry, c.label));
    }
    for (const p of solution || []) {
      const fill = window.polyxDraw.colourOf(geometry, p.piece);
      for (const at of p.cells) colour.set(key(at), fill);
    }
    const out = [];
    for (const c of geometry.cells) {
      if (c.state === "blocked") continue;
      out.push({ p: world(c.space || [c.centre[0], c.centre[1], 0]), colour: colour.get(key(c.at)) || "#d9dde3" });
    }
    const centre = [0, 1, 2].map((i) => out.reduce((s, c) => s + c.p[i], 0) / Math.max(out.length, 1));
    for (const c of out) c.p = c.p.map((v, i) => v - centre[i]);
    return out;
  }

  function shade(hex, light) {
    const n = parseInt(hex.slice(1), 16);
    const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(Math.min(255, v * light)));
    return "rgb(" + ch.join(",") + ")";
  }

  const FACES = [
    { n: [1, 0, 0], c: [[1, -1, -1], [1, 1, -1], [1, 1, 1], [1, -1, 1]] },
    { n: [-1, 0, 0], c: [[-1, -1, -1], [-1, -1, 1], [-1, 1, 1], [-1, 1, -1]] },
    { n: [0, 1, 0], c: [[-1, 1, -1], [-1, 1, 1], [1, 1, 1], [1, 1, -1]] },
    { n: [0, -1, 0], c: [[-1, -1, -1], [1, -1, -1], [1, -1, 1], [-1, -1, 1]] },
    { n: [0, 0, 1], c: [[-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]] },
    { n: [0, 0, -1], c: [[-1, -1, -1], [-1, 1, -1], [1, 1, -1], [1, -1, -1]] },
  ];

  /** The visible faces of the cubes, each {depth, points, fill}. */
  function cubeFaces(cells, side, yaw, pitch, scale) {
    const at = (p) => p.map((v) => Math.round((v / side) * 2)).join(",");
    const filled = new Set(cells.map((c) => at(c.p)));
    const faces = [];
    for (const cell of cells) {
      for (const f of FACES) {
        const next = cell.p.map((v, i) => v + f.n[i] * side);
        if (filled.has(at(next))) continue;
        const normal = turn(f.n, yaw, pitch);
        if (normal[2] <= 0) continue;
        const corners = f.c.map((k) => turn(cell.p.map((v, i) => v + (k[i] * side) / 2), yaw, pitch));
        const depth = corners.reduce((s, q) => s + q[2], 0) / 4;
        const light = 0.62 + 0.45 * Math.max(0, normal[0] * LIGHT[0] + normal[1] * LIGHT[1] + normal[2] * LIGHT[2]);
        const pts = corners.map((q) => (q[0] * scale).toFixed(2) + "," + (-q[1] * scale).toFixed(2)).join(" ");
        faces.push({ depth, pts, fill: shade(cell.colour, light) });
      }
    }
    return faces.sort((a, b) => a.depth - b.depth);
  }

  function paintCubes(svg, cells, side, view, scale) {
    const g = el("g", { class: "cubes" }, svg);
    for (const f of cubeFaces(cells, side, view.yaw, view.pitch, scale)) {
      el("polygon", { points: f.pts, fill: f.fill, stroke: "#1d2330", "stroke-width": 0.8, "stroke-linejoin": "round" }, g);
    }
  }

  function paintBalls(svg, cells, side, view, scale) {
    const defs = el("defs", {}, svg);
    const gradients = new Map();
    const gradient = (colour) => {
      if (gradients.has(colour)) return gradients.get(colour);
      const id = "ball" + gradients.size;
      const g = el("radialGradient", { id, cx: "35%", cy: "30%", r: "70%" }, defs);
      el("stop", { offset: "0%", "stop-color": shade(colour, 1.45) }, g);
      el("stop", { offset: "55%", "stop-color": colour }, g);
      el("stop", { offset: "100%", "stop-color": shade(colour, 0.55) }, g);
      gradients.set(colour, id);
      return id;
    };
    const placed = cells.map((c) => ({ q: turn(c.p, view.yaw, view.pitch), colour: c.colour }));
    placed.sort((a, b) => a.q[2] - b.q[2]);
    const g = el("g", { class: "balls" }, svg);
    for (const b of placed) {
      el("circle", {
        cx: (b.q[0] * scale).toFixed(2), cy: (-b.q[1] * scale).toFixed(2), r: ((side / 2) * 0.97 * scale).toFixed(2),
        fill: "url(#" + gradient(b.colour) + ")", stroke: "#1d2330", "stroke-width": 0.6,
      }, g);
    }
  }

  /** The view's scale: the farthest cell (plus one cell) fits the picture. */
  function fitScale(cells, side) {
    let r = 0;
    for (const c of cells) r = Math.max(r, Math.hypot(c.p[0], c.p[1], c.p[2]));
    return (SIZE / 2 - 8) / (r + side);
  }

  function paint(svg, geometry, cells, side, view) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const scale = fitScale(cells, side);
    if (geometry.grid === "sphere") paintBalls(svg, cells, side, view, scale);
    else paintCubes(svg, cells, side, view, scale);
    svg.setAttribute("data-yaw", view.yaw.toFixed(3));
    svg.setAttribute("data-pitch", view.pitch.toFixed(3));
  }

  /** Dragging turns the view: horizontal moves the yaw, vertical the pitch. */
  function attachDrag(svg, view, redraw) {
    let last = null;
    svg.addEventListener("pointerdown", (e) => {
      last = [e.clientX, e.clientY];
      if (svg.setPointerCapture) svg.setPointerCapture(e.pointerId);
      e.preventDefault();
    });
    svg.addEventListener("pointermove", (e) => {
      if (!last) return;
      view.yaw += (e.clientX - last[0]) * 0.01;
      view.pitch = Math.max(-1.5, Math.min(1.5, view.pitch + (e.clientY - last[1]) * 0.01));
      last = [e.clientX, e.clientY];
      redraw();
    });
    const stop = () => { last = null; };
    svg.addEventListener("pointerup", stop);
    svg.addEventListener("pointercancel", stop);
  }

  /** A turnable view of the puzzle; update(solution) recolours it. */
  function create(geometry, solution) {
    const element = document.createElement("div");
    element.className = "view3d-inner";
    const svg = el("svg", {
      xmlns: SVG, width: SIZE, height: SIZE, viewBox: [-SIZE / 2, -SIZE / 2, SIZE, SIZE].join(" "),
      "data-testid": "view3d-svg", class: "view3d-svg",
    });
    element.appendChild(svg);
    const caption = document.createElement("div");
    caption.className = "caption";
    caption.textContent = "Drag to turn.";
    element.appendChild(caption);
    const view = { yaw: -0.6, pitch: 0.5 };
    let cells = solids(geometry, solution);
    const side = spacing(cells.map((c) => c.p));
    const redraw = () => paint(svg, geometry, cells, side, view);
    attachDrag(svg, view, redraw);
    redraw();
    return {
      element,
      update(next) { cells = solids(geometry, next); redraw(); },
    };
  }

  window.polyxView3d = { create };
})();
