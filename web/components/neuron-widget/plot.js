// The SVG plot: the curves of an activation and its derivative (and of a second activation to
// compare), the axes, and the point at the sum. Only plotting coordinates are computed here;
// every value plotted came from the core.
import { readableNumber } from '../shared/format-number.js';
import { setPlotViewBox } from '../shared/plot-text.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 360;
const HEIGHT = 240;
// Room on the left for the vertical axis's labels (−0.36), which a narrow plot draws larger
// (plot-text.js).
const AREA = { left: 52, right: WIDTH - 10, top: 10, bottom: HEIGHT - 26 };

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
  return { svg: root, title, grid, curves, guide, point, marker, slopeMarker, target, scale: null };
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
  const toX = (x) => AREA.left + ((x - min) / (max - min)) * (AREA.right - AREA.left);
  const toY = (y) => AREA.bottom - ((y - low) / (high - low)) * (AREA.bottom - AREA.top);
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

  const zeroY = toY(0);
  const children = [
    svg('line', { class: 'axis', x1: AREA.left, x2: AREA.right, y1: zeroY, y2: zeroY }),
    label(readableNumber(min), AREA.left, HEIGHT - 8, 'start'),
    label(readableNumber(max), AREA.right, HEIGHT - 8, 'end'),
    label(readableNumber(Number(high.toPrecision(2))), AREA.left - 4, AREA.top + 8, 'end'),
    label(readableNumber(Number(low.toPrecision(2))), AREA.left - 4, AREA.bottom, 'end'),
  ];
  if (min < 0 && max > 0) {
    children.push(svg('line', { class: 'axis', x1: toX(0), x2: toX(0), y1: AREA.top, y2: AREA.bottom }));
    children.push(label('0', toX(0), HEIGHT - 8, 'middle'));
  }
  plot.grid.replaceChildren(...children);
}

/**
 * Puts the point at the sum, on the scale of the curves drawn last.
 * @param {ReturnType<typeof buildPlot>} plot
 * @param {[number, number]} range
 * @param {{ sum, output, derivative }} point
 */
export function placePoint(plot, [min, max], point) {
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
  return min + ((viewX - AREA.left) / (AREA.right - AREA.left)) * (max - min);
}
