// The two SVG figures: the strip (one lane per point: its target, its prediction as a slider
// the learner drags, and an arrow for the pull of the gradient on it) and the curve of the
// loss of one point against p − t (with Huber's kinks at ±δ marked). Only plotting coordinates
// are computed here; every value drawn came from the core.
import { keepChildren, setAttributeIfChanged as set, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { setPlotViewBox } from '../shared/plot-text.js';
import { CURVE_HEIGHT, PLOT_WIDTH as WIDTH, STRIP as STRIP_SIZES, stripHeight } from './geometry.js';

const SVG = 'http://www.w3.org/2000/svg';
const LANE = STRIP_SIZES.lane;
const STRIP = { ...STRIP_SIZES, left: 30, right: WIDTH - 12 };
const AREA = { left: 42, right: WIDTH - 10, top: 10, bottom: CURVE_HEIGHT - 26 };
// The longest arrow, in viewBox units: the largest gradient on screen gets it.
const ARROW = 70;

export function svg(tag, attributes = {}, children = []) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

function label(text, x, y, anchor, extra = {}) {
  const node = svg('text', { x, y, 'text-anchor': anchor, ...extra });
  node.textContent = text;
  return node;
}

const arrowHead = (id, kind) => svg('marker', {
  id, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse',
}, [svg('path', { d: 'M0 0L10 5L0 10z', class: `head ${kind}` })]);

/** The empty strip: its SVG, its title and the group the lanes go in. */
export function buildStrip() {
  const title = svg('title', { id: 'strip-svg-title' });
  const defs = svg('defs', {}, [arrowHead('pull-main', 'main'), arrowHead('pull-compare', 'compare')]);
  const axis = svg('g', { class: 'grid-lines', 'aria-hidden': 'true' });
  const lanes = svg('g', { class: 'lanes' });
  const root = svg('svg', { class: 'strip', part: 'strip', role: 'group' }, [title, defs, axis, lanes]);
  return { svg: root, title, axis, lanes, handles: [], toX: null, count: 0 };
}

/** One slider per point (built again when the number of points changes); `name(i)` is its accessible name. */
export function buildLanes(strip, count, name) {
  strip.count = count;
  setPlotViewBox(strip.svg, WIDTH, stripHeight(count));
  strip.handles = Array.from({ length: count }, (_, i) => {
    const y = STRIP.top + i * LANE + LANE / 2;
    const gap = svg('line', { class: 'gap', y1: y, y2: y, 'aria-hidden': 'true' });
    const target = svg('path', { class: 'target-mark', 'aria-hidden': 'true' });
    const pull = svg('line', { class: 'pull main', y1: y - 5, y2: y - 5, 'marker-end': 'url(#pull-main)', 'aria-hidden': 'true' });
    const pullCompare = svg('line', { class: 'pull compare', y1: y + 5, y2: y + 5, 'marker-end': 'url(#pull-compare)', 'aria-hidden': 'true' });
    const marker = svg('circle', { class: 'marker', r: 8, cy: y });
    // The transparent disc makes the handle a touch target of at least 44 px across.
    const touch = svg('circle', { class: 'touch', r: 24, cy: y });
    const handle = svg('g', {
      class: 'handle', role: 'slider', tabindex: 0, 'aria-label': name(i), 'aria-orientation': 'horizontal', 'data-index': i,
    }, [touch, marker]);
    const laneLabel = label(String(i + 1), 4, y + 4, 'start', { 'aria-hidden': 'true' });
    const lane = svg('g', { class: 'lane' }, [laneLabel, gap, target, pull, pullCompare, handle]);
    return { y, lane, gap, target, pull, pullCompare, marker, touch, handle };
  });
  strip.lanes.replaceChildren(...strip.handles.map((lane) => lane.lane));
}

/**
 * Puts each target, prediction and pull arrow in place.
 * @param {{ predictions, targets, range, gradients: number[], compareGradients: number[] | null }} data
 */
export function drawStrip(strip, { predictions, targets, range, gradients, compareGradients }) {
  const [min, max] = range;
  const toX = (x) => STRIP.left + ((Math.min(max, Math.max(min, x)) - min) / (max - min)) * (STRIP.right - STRIP.left);
  strip.toX = toX;
  // Only what moved is written: an SVG attribute written with its own value still lays its
  // shape out again. The axis depends on the range and the number of lanes alone: a drag leaves it as it is.
  const axisKey = `${min} ${max} ${strip.count}`;
  if (strip.axisKey !== axisKey) {
    drawStripAxis(strip, [min, max], toX);
    strip.axisKey = axisKey;
  }
  const largest = Math.max(...gradients.map(Math.abs), ...(compareGradients ?? []).map(Math.abs), 0);
  const place = (line, x, gradient) => {
    // Gradient descent moves a prediction against its gradient: the arrow points that way.
    const length = largest > 0 && Number.isFinite(gradient) ? (Math.abs(gradient) / largest) * ARROW : 0;
    set(line, 'x1', x.toFixed(2));
    set(line, 'x2', (x - Math.sign(gradient) * length).toFixed(2));
    set(line, 'hidden', length < 1);
  };
  strip.handles.forEach((lane, i) => {
    const px = toX(predictions[i]);
    const tx = toX(targets[i]);
    const { y } = lane;
    set(lane.target, 'd', `M${tx.toFixed(2)} ${y - 10}l7 10l-7 10l-7 -10z`);
    set(lane.gap, 'x1', px.toFixed(2));
    set(lane.gap, 'x2', tx.toFixed(2));
    for (const circle of [lane.marker, lane.touch]) set(circle, 'cx', px.toFixed(2));
    lane.handle.classList.toggle('off-plot', predictions[i] < min || predictions[i] > max);
    place(lane.pull, px, gradients[i]);
    if (compareGradients) place(lane.pullCompare, px, compareGradients[i]);
    else set(lane.pullCompare, 'hidden', true);
  });
}

/** The strip's axis line and its labels. */
function drawStripAxis(strip, [min, max], toX) {
  const bottom = STRIP.top + strip.count * LANE;
  const children = [
    svg('line', { class: 'axis', x1: STRIP.left, x2: STRIP.right, y1: bottom + 2, y2: bottom + 2 }),
    label(readableNumber(min), STRIP.left, bottom + 20, 'start'),
    label(readableNumber(max), STRIP.right, bottom + 20, 'end'),
  ];
  if (min < 0 && max > 0) {
    children.push(svg('line', { class: 'zero', x1: toX(0), x2: toX(0), y1: STRIP.top, y2: bottom + 2 }));
    children.push(label('0', toX(0), bottom + 20, 'middle'));
  }
  strip.axis.replaceChildren(...children);
}

/** The value and the lane a pointer at (clientX, clientY) stands for on the strip. */
export function stripPoint(strip, clientX, clientY, [min, max]) {
  const box = strip.svg.getBoundingClientRect();
  const height = stripHeight(strip.count);
  const scale = Math.min(box.width / WIDTH, box.height / height);
  const viewX = (clientX - box.left - (box.width - WIDTH * scale) / 2) / scale;
  const viewY = (clientY - box.top - (box.height - height * scale) / 2) / scale;
  return {
    value: min + ((viewX - STRIP.left) / (STRIP.right - STRIP.left)) * (max - min),
    lane: Math.min(strip.count - 1, Math.max(0, Math.floor((viewY - STRIP.top) / LANE))),
  };
}

/** The empty curve plot: its SVG and title. */
export function buildCurve() {
  const title = svg('title', { id: 'curve-svg-title' });
  const grid = svg('g', { class: 'grid-lines', 'aria-hidden': 'true' });
  const curves = svg('g', { class: 'curves', 'aria-hidden': 'true' });
  const points = svg('g', { class: 'points', 'aria-hidden': 'true' });
  const root = svg('svg', { class: 'curve-plot', part: 'curve', role: 'img' }, [title, grid, curves, points]);
  setPlotViewBox(root, WIDTH, CURVE_HEIGHT);
  return { svg: root, title, grid, curves, points };
}

/**
 * Draws the loss of one point against d = p − t, for each loss in `curves`, the points at
 * their gaps, and dashed lines at ±δ when a Huber curve is drawn.
 * @param {{ ds: number[], curves: { values: number[], kind: string }[], points: { gap, term }[], kinks: number[] }} data
 */
export function drawCurve(plot, { ds, curves, points, kinks }) {
  const min = ds[0];
  const max = ds[ds.length - 1];
  const high = Math.max(1, ...curves.map(peakOf)) * 1.06;
  const toX = (x) => AREA.left + ((x - min) / (max - min)) * (AREA.right - AREA.left);
  const toY = (y) => AREA.bottom - (Math.min(y, high) / high) * (AREA.bottom - AREA.top);
  const path = (values) => values.map((y, i) => `${i ? 'L' : 'M'}${toX(ds[i]).toFixed(2)} ${toY(y).toFixed(2)}`).join('');
  // Moving a prediction often leaves the curves and their axes as they were: then only the
  // points are drawn again. A curve whose values are the very array drawn last is the same
  // curve (the widget keeps each curve the core gave it). Otherwise the paths, lines and labels
  // already there are kept and only what differs is written: ticking compare adds one curve, and
  // a node built again would be laid out again whole.
  const drawn = plot.drawn;
  const sameScale = drawn && drawn.high === high && drawn.min === min && drawn.max === max;
  const same = sameScale && String(drawn.kinks) === String(kinks)
    && drawn.curves.length === curves.length && curves.every((curve, i) => curve.values === drawn.curves[i].values && curve.kind === drawn.curves[i].kind);
  if (!same) {
    keepChildren(plot.curves, curves.length, () => svg('path')).forEach((node, i) => {
      set(node, 'class', `curve ${curves[i].kind}`);
      if (!sameScale || curves[i].values !== drawn.curves[i]?.values) set(node, 'd', path(curves[i].values));
    });
    drawCurveAxes(plot, { min, max, high, kinks, toX });
    plot.drawn = { high, min, max, kinks, curves: curves.map(({ values, kind }) => ({ values, kind })) };
  }
  // One group per point (its dot and its number), kept and moved.
  keepChildren(plot.points, points.length, (i) => svg('g', {}, [
    svg('circle', { class: 'dot', r: 5 }), label(String(i + 1), 0, 0, 'middle', { class: 'dot-label' }),
  ])).forEach((group, i) => {
    const { gap, term } = points[i];
    const x = toX(Math.min(max, Math.max(min, gap)));
    const y = toY(Number.isFinite(term) ? term : high);
    const [dot, number] = group.children;
    set(dot, 'cx', x.toFixed(2));
    set(dot, 'cy', y.toFixed(2));
    set(number, 'x', String(x));
    set(number, 'y', String(y - 8));
  });
}

// The highest finite value of a curve, by its values (an array the widget never changes).
const peaks = new WeakMap();
function peakOf({ values }) {
  if (!peaks.has(values)) peaks.set(values, Math.max(-Infinity, ...values.filter(Number.isFinite)));
  return peaks.get(values);
}

/** The curve plot's axes, their labels, and the lines at ±δ (a line and a label per kink, kept while it is shown). */
function drawCurveAxes(plot, { min, max, high, kinks, toX }) {
  plot.axes ??= buildCurveAxes(plot.grid);
  const { yAxis, minLabel, maxLabel, zeroLabel, highLabel, kinkSlots } = plot.axes;
  for (const name of ['x1', 'x2']) set(yAxis, name, String(toX(0)));
  setText(minLabel, readableNumber(min));
  setText(maxLabel, readableNumber(max));
  set(zeroLabel, 'x', String(toX(0)));
  setText(highLabel, readableNumber(Number(high.toPrecision(2))));
  const shown = kinks.filter((kink) => kink > min && kink < max);
  while (kinkSlots.length > shown.length) for (const node of Object.values(kinkSlots.pop())) node.remove();
  while (kinkSlots.length < shown.length) {
    const slot = {
      line: svg('line', { class: 'kink', y1: AREA.top, y2: AREA.bottom }),
      label: label('', 0, AREA.top + 8, 'middle', { class: 'kink-label' }),
    };
    plot.grid.append(slot.line, slot.label);
    kinkSlots.push(slot);
  }
  shown.forEach((kink, i) => {
    const { line, label: text } = kinkSlots[i];
    for (const name of ['x1', 'x2']) set(line, name, String(toX(kink)));
    set(text, 'x', String(toX(kink)));
    setText(text, kink > 0 ? 'δ' : '−δ');
  });
}

// The lines and labels every curve plot has, in the order they are painted.
function buildCurveAxes(grid) {
  const axes = {
    xAxis: svg('line', { class: 'axis', x1: AREA.left, x2: AREA.right, y1: AREA.bottom, y2: AREA.bottom }),
    yAxis: svg('line', { class: 'axis', y1: AREA.top, y2: AREA.bottom }),
    minLabel: label('', AREA.left, CURVE_HEIGHT - 8, 'start'),
    maxLabel: label('', AREA.right, CURVE_HEIGHT - 8, 'end'),
    zeroLabel: label('0', 0, CURVE_HEIGHT - 8, 'middle'),
    highLabel: label('', AREA.left - 4, AREA.top + 8, 'end'),
    kinkSlots: [],
  };
  grid.replaceChildren(axes.xAxis, axes.yAxis, axes.minLabel, axes.maxLabel, axes.zeroLabel, axes.highLabel);
  return axes;
}
