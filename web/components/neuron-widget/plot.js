// The SVG plot: the curves of an activation and its derivative (and of a second activation to
// compare), the axes, and the point at the sum. Only plotting coordinates are computed here;
// every value plotted came from the core.
//
// The vertical axis's ends are written as the core's values give them, and can be long (ELU with
// α 1000000 falls to −1100000; ReLU over 1000000 to 1000100 rises past 1100000), so the room left
// of the curves widens to the longer end, measured as drawn; a narrower plot draws its labels
// larger (plot-text.js), so the plot is laid out again whenever its drawn width changes.
import { setAttributeIfChanged as set } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { layOutOnResize, measureTexts, setPlotViewBox } from '../shared/plot-text.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 360;
const HEIGHT = 240;
// The area of the curves, but for its left edge, which the labels move (plot.area).
const AREA = { right: WIDTH - 10, top: 10, bottom: HEIGHT - 26 };
// The least room on the left: the vertical axis's usual labels (−0.36) fit in it at every drawn
// width, so switching the activation or the comparison among them leaves the x axis where it
// stands. From the picture's edge to a label, and from a label to the area.
const LEAST_LEFT = 52;
const EDGE = 2;
const GAP = 4;

function svg(tag, attributes = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** The empty plot: its SVG, its title and the point (a slider), whose accessible name is `pointName`. */
export function buildPlot(pointName) {
  const title = svg('title', { id: 'plot-svg-title' });
  const grid = svg('g', { class: 'grid-lines', 'aria-hidden': 'true' });
  const curves = svg('g', { class: 'curves', 'aria-hidden': 'true' });
  const guide = svg('line', { class: 'guide', 'aria-hidden': 'true' });
  const marker = svg('circle', { class: 'marker', r: 6 });
  const slopeMarker = svg('circle', { class: 'marker slope', r: 4.5 });
  // The transparent disc makes the point a touch target of at least 44 px across.
  const target = svg('circle', { class: 'target', r: 23 });
  const point = svg('g', {
    class: 'point', role: 'slider', tabindex: 0, part: 'point', 'aria-label': pointName,
    'aria-orientation': 'horizontal',
  }, [target, slopeMarker, marker]);
  const root = svg('svg', { class: 'plot', part: 'plot', role: 'group' }, [title, grid, curves, guide, point]);
  setPlotViewBox(root, WIDTH, HEIGHT);
  const plot = {
    svg: root, title, grid, curves, guide, point, marker, slopeMarker, target,
    // What is drawn: the curves and their labels, the area they leave, the scale, the point.
    data: null, area: { ...AREA, left: LEAST_LEFT }, scale: null, placed: null,
  };
  layOutOnResize(root, () => {
    if (layOutPlot(plot) && plot.placed) placePoint(plot, ...plot.placed);
  });
  return plot;
}

/**
 * Draws the curves over `xs`, the axes and their labels, and sets the plot's scale (placePoint
 * puts the point on it). The point moves far more often than the curves change, so the two
 * are drawn apart.
 * @param {ReturnType<typeof buildPlot>} plot
 * @param {{ xs: number[], curves: { values, slopes, kind }[], range: [number, number] }} data
 */
export function drawCurves(plot, { xs, curves, range }) {
  const finite = curves.flatMap((curve) => [...curve.values, ...curve.slopes]).filter(Number.isFinite);
  let low = Math.min(0, ...finite);
  let high = Math.max(1, ...finite);
  const margin = (high - low) * 0.06;
  low -= margin;
  high += margin;
  const [min, max] = range;
  // The x axis and its ends, the vertical axis's ends, and the vertical axis with its 0 where
  // the range holds 0: placed by layOutPlot.
  const parts = {
    xAxis: svg('line', { class: 'axis' }),
    min: label(readableNumber(min), 0, HEIGHT - 8, 'start'),
    max: label(readableNumber(max), AREA.right, HEIGHT - 8, 'end'),
    high: label(readableNumber(Number(high.toPrecision(2))), 0, AREA.top + 8, 'end'),
    low: label(readableNumber(Number(low.toPrecision(2))), 0, AREA.bottom, 'end'),
  };
  if (min < 0 && max > 0) Object.assign(parts, { yAxis: svg('line', { class: 'axis' }), zero: label('0', 0, HEIGHT - 8, 'middle') });
  plot.grid.replaceChildren(...Object.values(parts));
  plot.data = { xs, curves, range, low, high, parts };
  layOutPlot(plot);
}

/**
 * Lays the curves, the axes and their labels out in the area the vertical axis's labels leave,
 * as they are drawn (measured once for both); while the plot is not drawn (hidden, not yet on a
 * page) they have no size, and the area keeps its least room until it is. True if it moved them.
 */
function layOutPlot(plot) {
  const { data } = plot;
  if (!data) return false;
  const { xs, curves, range: [min, max], low, high, parts } = data;
  const boxes = measureTexts([parts.high, parts.low]);
  const widest = boxes ? Math.max(...[...boxes.values()].map((box) => box.width)) : 0;
  const area = { ...AREA, left: Math.max(LEAST_LEFT, EDGE + widest + GAP) };
  // A new drawn width that leaves the room as it was leaves the plot as it was.
  if (plot.laidOut === data && plot.area.left === area.left) return false;
  plot.laidOut = data;
  plot.area = area;
  const toX = (x) => area.left + ((x - min) / (max - min)) * (area.right - area.left);
  const toY = (y) => area.bottom - ((y - low) / (high - low)) * (area.bottom - area.top);
  plot.scale = { toX, toY };

  const path = (values) => {
    let d = '';
    let pen = 'M';
    values.forEach((y, i) => {
      if (!Number.isFinite(y)) {
        pen = 'M';
        return;
      }
      d += `${pen}${toX(xs[i]).toFixed(2)} ${toY(y).toFixed(2)}`;
      pen = 'L';
    });
    return d;
  };
  plot.curves.replaceChildren(...curves.flatMap((curve) => [
    svg('path', { class: `curve ${curve.kind}`, d: path(curve.values) }),
    svg('path', { class: `curve ${curve.kind} slope`, d: path(curve.slopes) }),
  ]));

  const put = (node, attributes) => Object.entries(attributes).forEach(([name, value]) => set(node, name, value.toFixed(2)));
  const zeroY = toY(0);
  put(parts.xAxis, { x1: area.left, x2: area.right, y1: zeroY, y2: zeroY });
  put(parts.min, { x: area.left });
  put(parts.high, { x: area.left - GAP });
  put(parts.low, { x: area.left - GAP });
  if (parts.yAxis) {
    const zeroX = toX(0);
    put(parts.yAxis, { x1: zeroX, x2: zeroX, y1: area.top, y2: area.bottom });
    put(parts.zero, { x: zeroX });
  }
  return true;
}

/**
 * Puts the point at the sum, on the scale of the curves drawn last.
 * @param {ReturnType<typeof buildPlot>} plot
 * @param {[number, number]} range
 * @param {{ sum, output, derivative }} point
 */
export function placePoint(plot, [min, max], point) {
  plot.placed = [[min, max], point];
  const { toX, toY } = plot.scale;
  const inside = point.sum >= min && point.sum <= max;
  plot.point.classList.toggle('off-plot', !inside);
  const px = toX(Math.min(max, Math.max(min, point.sum)));
  const py = toY(Number.isFinite(point.output) ? point.output : 0);
  for (const circle of [plot.marker, plot.target]) {
    circle.setAttribute('cx', px.toFixed(2));
    circle.setAttribute('cy', py.toFixed(2));
  }
  plot.slopeMarker.setAttribute('cx', px.toFixed(2));
  plot.slopeMarker.setAttribute('cy', toY(point.derivative).toFixed(2));
  for (const [name, value] of Object.entries({ x1: px, x2: px, y1: AREA.top, y2: AREA.bottom })) plot.guide.setAttribute(name, value.toFixed(2));
}

function label(text, x, y, anchor) {
  const node = svg('text', { x, y, 'text-anchor': anchor });
  node.textContent = text;
  return node;
}

/** The x a pointer at clientX stands for on the plot's axis (unclamped). */
export function plotX(plot, clientX, [min, max]) {
  const box = plot.svg.getBoundingClientRect();
  // The viewBox keeps its aspect ratio, centred: the drawn width is the smaller scale's.
  const scale = Math.min(box.width / WIDTH, box.height / HEIGHT);
  const offset = (box.width - WIDTH * scale) / 2;
  const viewX = (clientX - box.left - offset) / scale;
  const { left, right } = plot.area;
  return min + ((viewX - left) / (right - left)) * (max - min);
}
