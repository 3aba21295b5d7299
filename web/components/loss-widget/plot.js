// The two SVG figures: the strip (one lane per point: its target, its prediction as a slider
// the learner drags, and an arrow for the pull of the gradient on it) and the curve of the
// loss of one point against p − t (with Huber's kinks at ±δ marked). Only plotting coordinates
// are computed here; every value drawn came from the core.
//
// The curve's height is written as the core's largest term gives it, and can be long (mean
// squared error of a gap of 1000 reaches some million, "1100000"), so the room left of the curve
// widens to that label, measured as drawn; a narrower picture draws its labels larger
// (plot-text.js), so the curve is laid out again whenever its drawn width changes. Each point's
// number stands in the first place around its dot clear of the labels, the dots and the numbers
// before it (label-places.js): points with one gap share a place.
import { keepChildren, setAttributeIfChanged as set, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { placeNames } from '../shared/label-places.js';
import {
  layOutOnResize, measureTexts, placeText, setPlotViewBox,
} from '../shared/plot-text.js';
import { CURVE_HEIGHT, PLOT_WIDTH as WIDTH, STRIP as STRIP_SIZES, stripHeight } from './geometry.js';

const SVG = 'http://www.w3.org/2000/svg';
const LANE = STRIP_SIZES.lane;
const STRIP = { ...STRIP_SIZES, left: 30, right: WIDTH - 12 };
// The curve's room: from the picture's edge to a label, from a label to what it labels, above
// the curve's area and right of it; how far a point's dot reaches from its centre (its radius
// and half its outline).
const EDGE = 2;
const GAP = 4;
const TOP = 10;
const RIGHT = 10;
const DOT_REACH = 6;
// The least room left of the curve: the height's usual labels (4.2, 110) fit in it at every
// drawn width, so a drag that changes the height among them leaves the curve where it stands.
const LEAST_LEFT = 42;
// The most label sizes kept between measurements (sizesAsDrawn).
const MOST_MEASURED = 200;
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
  const strip = { svg: root, title, axis, lanes, handles: [], toX: null, count: 0, ends: null };
  layOutOnResize(root, () => keepZeroClear(strip));
  return strip;
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
  const ends = { low: label(readableNumber(min), STRIP.left, bottom + 20, 'start'), high: label(readableNumber(max), STRIP.right, bottom + 20, 'end'), zero: null };
  const children = [svg('line', { class: 'axis', x1: STRIP.left, x2: STRIP.right, y1: bottom + 2, y2: bottom + 2 }), ends.low, ends.high];
  if (min < 0 && max > 0) {
    ends.zero = label('0', toX(0), bottom + 20, 'middle');
    children.push(svg('line', { class: 'zero', x1: toX(0), x2: toX(0), y1: STRIP.top, y2: bottom + 2 }), ends.zero);
  }
  strip.axis.replaceChildren(...children);
  strip.ends = ends;
  keepZeroClear(strip);
}

/**
 * Leaves out the axis's 0 where it would meet the label of an end (a range such as −0.5 to
 * 999.5 puts 0 beside its low end): its line still marks it. Measured as drawn, once per axis and
 * again when the strip's drawn width changes, which sizes the labels anew.
 */
function keepZeroClear(strip) {
  const { low, high, zero } = strip.ends ?? {};
  if (!zero) return;
  set(zero, 'display', null);
  const boxes = measureTexts([low, high, zero]);
  if (!boxes) return;
  const span = (text) => {
    const left = Number(text.getAttribute('x')) + boxes.get(text).dx;
    return [left, left + boxes.get(text).width];
  };
  const [zeroLeft, zeroRight] = span(zero);
  set(zero, 'display', zeroLeft < span(low)[1] + GAP || zeroRight > span(high)[0] - GAP ? 'none' : null);
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

/** The empty curve plot: its SVG, its title, its axes and their labels. */
export function buildCurve() {
  const title = svg('title', { id: 'curve-svg-title' });
  // Every label is written from its box's left end (text-anchor start): the layout places boxes.
  const ticks = { high: svg('text'), min: svg('text'), max: svg('text'), zero: svg('text', {}, ['0']) };
  const axes = { x: svg('line', { class: 'axis' }), y: svg('line', { class: 'axis' }) };
  const grid = svg('g', { class: 'grid-lines', 'aria-hidden': 'true' }, [axes.x, axes.y, ...Object.values(ticks)]);
  const curves = svg('g', { class: 'curves', 'aria-hidden': 'true' });
  const points = svg('g', { class: 'points', 'aria-hidden': 'true' });
  const root = svg('svg', { class: 'curve-plot', part: 'curve', role: 'img' }, [title, grid, curves, points]);
  setPlotViewBox(root, WIDTH, CURVE_HEIGHT);
  const plot = {
    svg: root, title, grid, curves, points, axes, ticks, kinkSlots: [],
    // What is drawn: the scale, the data, the labels' sizes as drawn, the area they leave.
    scale: null, data: null, sizes: null, area: null, paths: [],
    // The sizes of the labels measured at this drawn width, by their class and words.
    measured: new Map(),
  };
  layOutOnResize(root, () => {
    plot.measured.clear();
    layOutCurve(plot);
  });
  return plot;
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
  const shown = kinks.filter((kink) => kink > min && kink < max);
  // Moving a prediction often leaves the curves and their axes as they were: then only the
  // points are placed again, by the labels' sizes measured before. A curve whose values are the
  // very array drawn last is the same curve (the widget keeps each curve the core gave it).
  const { scale } = plot;
  const sameScale = scale && scale.high === high && scale.min === min && scale.max === max && String(scale.kinks) === String(shown);
  if (!sameScale) {
    plot.scale = { min, max, high, kinks: shown };
    writeAxisLabels(plot);
  }
  const named = plot.points.childElementCount === points.length;
  // One group per point (its dot and its number), kept and moved.
  keepChildren(plot.points, points.length, (i) => svg('g', {}, [svg('circle', { class: 'dot', r: 5 }), label(String(i + 1), 0, 0, 'start', { class: 'dot-label' })]));
  plot.data = { ds, curves, points };
  // New axes or a new point's number lay the picture out again, from the labels' sizes as drawn
  // (sizesAsDrawn); so does a new drawn width (layOutOnResize), which sizes them anew.
  if (!sameScale || !named || !plot.sizes) {
    layOutCurve(plot);
  } else {
    drawPaths(plot);
    placePoints(plot);
  }
}

// The highest finite value of a curve, by its values (an array the widget never changes).
const peaks = new WeakMap();
function peakOf({ values }) {
  if (!peaks.has(values)) peaks.set(values, Math.max(-Infinity, ...values.filter(Number.isFinite)));
  return peaks.get(values);
}

/** The axes' labels and the labels at ±δ (a line and a label per kink, kept while it is shown). */
function writeAxisLabels(plot) {
  const { min, max, high, kinks } = plot.scale;
  const { ticks, kinkSlots } = plot;
  setText(ticks.min, readableNumber(min));
  setText(ticks.max, readableNumber(max));
  setText(ticks.high, readableNumber(Number(high.toPrecision(2))));
  while (kinkSlots.length > kinks.length) for (const node of Object.values(kinkSlots.pop())) node.remove();
  while (kinkSlots.length < kinks.length) {
    const slot = { line: svg('line', { class: 'kink' }), label: label('', 0, 0, 'start', { class: 'kink-label' }) };
    plot.grid.append(slot.line, slot.label);
    kinkSlots.push(slot);
  }
  kinks.forEach((kink, i) => setText(kinkSlots[i].label, kink > 0 ? 'δ' : '−δ'));
}

/** The picture's units of d = p − t and of a point's loss, in the area the labels leave. */
function scaleOf(plot) {
  const { area, scale: { min, max, high } } = plot;
  return {
    toX: (x) => area.left + ((x - min) / (max - min)) * (area.right - area.left),
    toY: (y) => area.bottom - (Math.min(y, high) / high) * (area.bottom - area.top),
  };
}

/**
 * Lays the picture out from its labels' sizes as drawn (sizesAsDrawn): left of the area, the
 * height's label, as wide as it is; below it, the ends of d and its 0; at the top, δ's labels
 * beside their lines; the curves; the points and their numbers. A picture not drawn (hidden, or
 * not on a page) has no sizes, and is laid out once it is.
 */
function layOutCurve(plot) {
  const { data, ticks, kinkSlots } = plot;
  if (!data) return;
  const names = [...plot.points.children].map((group) => group.lastElementChild);
  const sizes = sizesAsDrawn(plot.measured, [...Object.values(ticks), ...kinkSlots.map((slot) => slot.label), ...names]);
  plot.sizes = sizes;
  if (!sizes) return;
  const size = (text) => sizes.get(text);
  const line = size(ticks.zero).height;
  plot.area = {
    left: Math.max(LEAST_LEFT, EDGE + size(ticks.high).width + GAP), right: WIDTH - RIGHT, top: TOP, bottom: CURVE_HEIGHT - (GAP + line + EDGE),
  };
  const { left, right, top, bottom } = plot.area;
  const { toX } = scaleOf(plot);
  const zeroX = toX(0);
  const { x: xAxis, y: yAxis } = plot.axes;
  for (const [name, value] of [['x1', left], ['x2', right], ['y1', bottom], ['y2', bottom]]) set(xAxis, name, value.toFixed(2));
  for (const [name, value] of [['x1', zeroX], ['x2', zeroX], ['y1', top], ['y2', bottom]]) set(yAxis, name, value.toFixed(2));

  const place = (text, boxLeft, boxTop) => placeText(text, size(text), boxLeft, boxTop);
  plot.labels = [
    // The height's label level with the area's top, the height it names.
    place(ticks.high, left - GAP - size(ticks.high).width, Math.max(EDGE, top - line / 2)),
    place(ticks.min, left, bottom + GAP),
    place(ticks.max, right - size(ticks.max).width, bottom + GAP),
    place(ticks.zero, zeroX - size(ticks.zero).width / 2, bottom + GAP),
  ];
  // Each δ label stands outside its line, away from 0 (a small δ puts the two lines side by
  // side), unless that leaves the area; then inside it.
  plot.scale.kinks.forEach((kink, i) => {
    const { line: kinkLine, label: text } = kinkSlots[i];
    const x = toX(kink);
    for (const [name, value] of [['x1', x], ['x2', x], ['y1', top], ['y2', bottom]]) set(kinkLine, name, value.toFixed(2));
    const { width } = size(text);
    const outward = kink < 0 ? x - GAP - width : x + GAP;
    const inward = kink < 0 ? x + GAP : x - GAP - width;
    const fits = outward >= left && outward + width <= right;
    plot.labels.push(place(text, fits ? outward : inward, top));
  });
  drawPaths(plot);
  placePoints(plot);
}

/**
 * The sizes of `texts` as drawn, from `measured` (sizes by a label's class and words, at the
 * picture's drawn width) where it has them: only the labels whose words are new there are
 * measured, in one measureTexts, which lays the page out; a compare box ticked on and off, or a
 * drag back and forth, shows words measured before. Null while the picture is not drawn.
 */
function sizesAsDrawn(measured, texts) {
  const key = (text) => `${text.getAttribute('class') ?? ''} ${text.textContent}`;
  // A long drag shows many heights: the sizes kept stay few. They are let go before the texts
  // missing are found, so every text asked for is measured or kept.
  if (measured.size > MOST_MEASURED) measured.clear();
  const missing = texts.filter((text) => !measured.has(key(text)));
  if (missing.length > 0) {
    const boxes = measureTexts(missing);
    if (!boxes) return null;
    for (const [text, box] of boxes) measured.set(key(text), box);
  }
  return new Map(texts.map((text) => [text, measured.get(key(text))]));
}

/** The curves' paths, each written again only when its values or the area or scale changed. */
function drawPaths(plot) {
  const { data: { ds, curves }, area, scale } = plot;
  const key = `${area.left} ${area.bottom} ${scale.min} ${scale.max} ${scale.high}`;
  const { toX, toY } = scaleOf(plot);
  const path = (values) => values.map((y, i) => `${i ? 'L' : 'M'}${toX(ds[i]).toFixed(2)} ${toY(y).toFixed(2)}`).join('');
  plot.paths.length = curves.length;
  keepChildren(plot.curves, curves.length, () => svg('path')).forEach((node, i) => {
    set(node, 'class', `curve ${curves[i].kind}`);
    const drawn = plot.paths[i];
    if (drawn?.values !== curves[i].values || drawn.key !== key) {
      set(node, 'd', path(curves[i].values));
      plot.paths[i] = { values: curves[i].values, key };
    }
  });
}

/**
 * Each point's dot at its gap and term, and its number in the first place around it clear of
 * the axes' labels, the dots and the numbers before it (placeNames): points with one gap share
 * a place, and points beyond the curve's ends or above its top stand on its edge.
 */
function placePoints(plot) {
  const { data: { points }, area, scale: { min, max, high }, sizes } = plot;
  if (!area) return;
  const { toX, toY } = scaleOf(plot);
  const groups = [...plot.points.children];
  const spots = points.map(({ gap, term }, i) => {
    const x = toX(Math.min(max, Math.max(min, gap)));
    const y = toY(Number.isFinite(term) ? term : high);
    const dot = groups[i].firstElementChild;
    set(dot, 'cx', x.toFixed(2));
    set(dot, 'cy', y.toFixed(2));
    return { x, y, ...sizes.get(groups[i].lastElementChild) };
  });
  const dots = spots.map(({ x, y }) => ({ left: x - DOT_REACH, top: y - DOT_REACH, width: 2 * DOT_REACH, height: 2 * DOT_REACH }));
  const bounds = { left: EDGE, top: EDGE, width: WIDTH - 2 * EDGE, height: CURVE_HEIGHT - 2 * EDGE };
  placeNames(spots, [...plot.labels, ...dots], bounds).forEach((box, i) => {
    const name = groups[i].lastElementChild;
    placeText(name, sizes.get(name), box.left, box.top);
  });
}
