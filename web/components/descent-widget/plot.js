// The picture of <descent-widget>: the surface's level curves (each joins the points where the
// core gives the surface one value), its minimum, and the walks on it. An SVG in user units;
// the element sizes it with CSS. The walk's polyline is the core's points as they are: the
// only arithmetic here maps the plane's coordinates to the picture's, and traces the curves
// between the core's values on a grid (marching squares, with linear interpolation).
import { element, keepChildren } from '../shared/element.js';
import {
  layOutOnResize, measureTexts, placeText, setPlotViewBox,
} from '../shared/plot-text.js';

const NS = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
// Grid cells across the picture: fine enough for smooth curves in Rosenbrock's narrow valley
// (the core's values come in one call, once per surface).
const COLUMNS = 96;
// Level curves at 1 and 3 times each power of ten, from a ten-thousandth of the surface's
// highest value in the picture up: lower ones would crowd the floor with curves the grid
// cannot resolve.
const LEVELS = [-3, -2, -1, 0, 1, 2, 3, 4].flatMap((power) => [1, 3].map((m) => m * 10 ** power));
const LOWEST_LEVEL = 1e-4;
// From the picture's edge to an axis's label in its corner.
const EDGE = 4;

const svg = (tag, attributes = {}, children = []) => {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
};

/** The picture's parts, empty until drawn. */
export function buildPlot() {
  const title = svg('title', { id: 'plot-svg-title' });
  const levels = svg('path', { class: 'levels' });
  const plainPath = svg('polyline', { class: 'path plain' });
  const walkPath = svg('polyline', { class: 'path walk' });
  const dots = svg('g', { class: 'dots' });
  const minimum = svg('path', { class: 'minimum-mark' });
  const here = svg('circle', { class: 'here', r: 5 });
  const plainHere = svg('circle', { class: 'here plain', r: 4 });
  const labels = svg('g', { class: 'labels', 'aria-hidden': 'true' });
  const root = svg('svg', { class: 'plot', role: 'img' },
    [title, levels, minimum, plainPath, walkPath, dots, plainHere, here, labels]);
  const box = element('div', { class: 'plot-box' }, [root]);
  const plot = { box, svg: root, title, levels, plainPath, walkPath, dots, minimum, here, plainHere, labels, surface: null, corners: null };
  layOutOnResize(root, () => placeCornerLabels(plot));
  return plot;
}

/** Maps the plane's view to the picture's user units. */
export function projection(view) {
  const [x0, x1] = view.x;
  const [y0, y1] = view.y;
  const height = Math.round((WIDTH * (y1 - y0)) / (x1 - x0));
  return {
    width: WIDTH,
    height,
    toX: (x) => ((x - x0) / (x1 - x0)) * WIDTH,
    toY: (y) => height - ((y - y0) / (y1 - y0)) * height,
    // The plane's point under a place in the picture (for a tap).
    fromPicture: (px, py) => [x0 + (px / WIDTH) * (x1 - x0), y0 + ((height - py) / height) * (y1 - y0)],
  };
}

/** The grid the level curves are traced through: `columns` x `rows` cells over the view. */
export function gridOf(view) {
  const { width, height } = projection(view);
  return { x: view.x, y: view.y, columns: COLUMNS, rows: Math.round((COLUMNS * height) / width) };
}

/**
 * Sets the picture up for the surface `name` over `view`: its box, its minimum and the axes'
 * ends, with no level curves yet (drawLevels). Done once per surface (the element keeps
 * `plot.surface`).
 */
export function drawSurface(plot, name, view) {
  const { width, height, toX, toY } = projection(view);
  setPlotViewBox(plot.svg, width, height);
  plot.levels.setAttribute('d', '');
  const [mx, my] = view.minimum;
  const [cx, cy] = [toX(mx), toY(my)];
  plot.minimum.setAttribute('d', `M${cx - 6} ${cy}h12M${cx} ${cy - 6}v12`);
  const n = (value) => String(value).replace('-', '−');
  // Written from their boxes' left ends (text-anchor start): placeCornerLabels places the boxes.
  const corners = {
    xLow: svg('text', {}, [`x ${n(view.x[0])}`]), xHigh: svg('text', {}, [n(view.x[1])]), yHigh: svg('text', {}, [`y ${n(view.y[1])}`]), width, height,
  };
  plot.labels.replaceChildren(corners.xLow, corners.xHigh, corners.yHigh);
  plot.corners = corners;
  placeCornerLabels(plot);
  plot.surface = name;
}

/**
 * The axes' ends in the picture's corners, by their boxes as drawn: a narrow picture draws them
 * larger (plot-text.js), so a label at a fixed baseline would reach past the picture's top on a
 * 320 px phone. Placed again when the picture's drawn width changes.
 */
function placeCornerLabels(plot) {
  const { corners } = plot;
  if (!corners) return;
  const { xLow, xHigh, yHigh, width, height } = corners;
  const boxes = measureTexts([xLow, xHigh, yHigh]);
  if (!boxes) return;
  const size = (text) => boxes.get(text);
  placeText(xLow, size(xLow), EDGE, height - EDGE - size(xLow).height);
  placeText(xHigh, size(xHigh), width - EDGE - size(xHigh).width, height - EDGE - size(xHigh).height);
  placeText(yHigh, size(yHigh), EDGE, EDGE);
}

/**
 * Draws the surface's level curves over `view` through the core's values on the grid
 * `gridOf(view)` (one per grid point, row by row from the view's lowest y).
 * @param {Float32Array} values
 */
export function drawLevels(plot, view, values) {
  const { toX, toY } = projection(view);
  const { columns, rows } = gridOf(view);
  const xs = Array.from({ length: columns + 1 }, (_, i) => view.x[0] + ((view.x[1] - view.x[0]) * i) / columns);
  const ys = Array.from({ length: rows + 1 }, (_, j) => view.y[0] + ((view.y[1] - view.y[0]) * j) / rows);
  const grid = ys.map((_, j) => Array.from(values.subarray(j * (columns + 1), (j + 1) * (columns + 1))));
  const finite = grid.flat().filter(Number.isFinite);
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  let d = '';
  for (const level of LEVELS.filter((l) => l > low && l > high * LOWEST_LEVEL && l < high)) d += levelCurve(grid, xs, ys, level, toX, toY);
  plot.levels.setAttribute('d', d);
}

// The segments where the grid crosses `level`, as path data. A cell's four corners are read
// once each and nothing is allocated per cell: on a phone this runs over some 9,000 cells for
// every level before the picture first shows.
function levelCurve(grid, xs, ys, level, toX, toY) {
  const parts = [];
  const at = (a, b, va, vb) => a + ((level - va) / (vb - va)) * (b - a);
  const point = (x, y) => `${toX(x).toFixed(1)} ${toY(y).toFixed(1)}`;
  for (let j = 0; j + 1 < ys.length; j++) {
    const low = grid[j];
    const high = grid[j + 1];
    for (let i = 0; i + 1 < xs.length; i++) {
      const v0 = low[i], v1 = low[i + 1], v2 = high[i + 1], v3 = high[i];
      const b0 = v0 < level, b1 = v1 < level, b2 = v2 < level, b3 = v3 < level;
      // All four on one side (or a value that is not finite): no curve in this cell.
      if ((b0 === b1 && b1 === b2 && b2 === b3) || !(Number.isFinite(v0) && Number.isFinite(v1) && Number.isFinite(v2) && Number.isFinite(v3))) continue;
      // The points where each edge (bottom, right, top, left) crosses the level, paired in that
      // order: two make one segment, four (a saddle cell) two.
      const crossings = [];
      if (b0 !== b1) crossings.push(point(at(xs[i], xs[i + 1], v0, v1), ys[j]));
      if (b1 !== b2) crossings.push(point(xs[i + 1], at(ys[j], ys[j + 1], v1, v2)));
      if (b3 !== b2) crossings.push(point(at(xs[i], xs[i + 1], v3, v2), ys[j + 1]));
      if (b0 !== b3) crossings.push(point(xs[i], at(ys[j], ys[j + 1], v0, v3)));
      for (let k = 0; k + 1 < crossings.length; k += 2) parts.push(`M${crossings[k]}L${crossings[k + 1]}`);
    }
  }
  return parts.join('');
}

// A point far off the picture is drawn at most this many pictures away: the browser draws a
// line towards it without coordinates it cannot hold.
const FAR = 10;

/** The points of a walk as a polyline's points, up to its first point that is not finite. */
function pointsText(points, { width, height, toX, toY }) {
  const parts = [];
  for (let i = 0; i + 1 < points.length; i += 2) {
    const [x, y] = [toX(points[i]), toY(points[i + 1])];
    if (!Number.isFinite(x) || !Number.isFinite(y)) break;
    const clamp = (value, size) => Math.min(FAR * size, Math.max(-FAR * size, value));
    parts.push(`${clamp(x, width).toFixed(1)},${clamp(y, height).toFixed(1)}`);
  }
  return parts;
}

/**
 * Draws the walk (and plain gradient descent's, or none) over the surface.
 * @returns {{ left: boolean }} whether the walk leaves the picture (or stops at a point that
 *   is not finite)
 */
export function drawWalks(plot, view, walk, plain) {
  const projected = projection(view);
  const walkPoints = pointsText(walk.points, projected);
  plot.walkPath.setAttribute('points', walkPoints.join(' '));
  // A dot per point while they can be told apart.
  const dots = walkPoints.length <= 60 ? walkPoints : [];
  keepChildren(plot.dots, dots.length, () => svg('circle', { r: 2 })).forEach((dot, i) => {
    const [cx, cy] = dots[i].split(',');
    if (dot.getAttribute('cx') !== cx) dot.setAttribute('cx', cx);
    if (dot.getAttribute('cy') !== cy) dot.setAttribute('cy', cy);
  });
  const last = walkPoints.at(-1)?.split(',') ?? ['-99', '-99'];
  plot.here.setAttribute('cx', last[0]);
  plot.here.setAttribute('cy', last[1]);
  const plainPoints = plain ? pointsText(plain.points, projected) : [];
  plot.plainPath.setAttribute('points', plainPoints.join(' '));
  const plainLast = plainPoints.at(-1)?.split(',') ?? ['-99', '-99'];
  plot.plainHere.setAttribute('cx', plainLast[0]);
  plot.plainHere.setAttribute('cy', plainLast[1]);
  plot.plainHere.toggleAttribute('hidden', !plain);
  const inside = (text) => {
    const [x, y] = text.split(',').map(Number);
    return x >= 0 && x <= projected.width && y >= 0 && y <= projected.height;
  };
  return { left: walkPoints.length < walk.points.length / 2 || !walkPoints.every(inside) };
}
