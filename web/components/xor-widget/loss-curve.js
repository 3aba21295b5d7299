// The loss curve of <xor-widget>: the core's loss after 0, 1, ... N steps (xorTrain's steps + 1
// values), from 0 up to the largest, with the current step marked at its end. The only
// arithmetic here maps steps and losses to the picture's units. The largest loss is written as
// the core gives it, and a training that blows up makes it long (239.464 after 5000 steps at lr
// 10 and momentum 0.99), so the room left of the axes is as wide as that label, measured as
// drawn, and laid out again when the picture's drawn width changes (plot-text.js).
import { element, setAttributeIfChanged as set, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import {
  layOutOnResize, measureTexts, placeText, setPlotViewBox,
} from '../shared/plot-text.js';
import { svg } from './svg-parts.js';

const WIDTH = 320;
const HEIGHT = 150;
// From the picture's edge to a label, and from a label to its axis; the room above and right of
// the axes.
const EDGE = 2;
const GAP = 4;
const TOP = 10;
const RIGHT = 12;
// At most this many points make the curve: one per half of a picture's unit, where a long
// training would give thousands.
const MOST_POINTS = 640;

/** The picture's parts, empty until drawn. */
export function buildLossCurve(titleText) {
  const title = svg('title', { id: 'loss-svg-title' }, [titleText]);
  const axes = svg('path', { class: 'axis' });
  const path = svg('polyline', { class: 'curve' });
  const dot = svg('circle', { class: 'now', r: 4 });
  // Every label is written from its box's left end (text-anchor start): the layout places boxes.
  const ticks = { high: svg('text'), zero: svg('text', {}, ['0']), first: svg('text', {}, ['0']), last: svg('text') };
  const root = svg('svg', { class: 'curve-plot', role: 'img' }, [
    title, axes, path, dot, svg('g', { class: 'axes', 'aria-hidden': 'true' }, Object.values(ticks)),
  ]);
  setPlotViewBox(root, WIDTH, HEIGHT);
  const curve = { box: element('div', { class: 'curve-box' }, [root]), svg: root, title, axes, path, dot, ticks, drawn: null };
  layOutOnResize(root, () => layOutLossCurve(curve));
  return curve;
}

/** Draws `losses` (the loss after 0 ... N steps); N is its length − 1. */
export function drawLossCurve(curve, losses) {
  const finite = Array.from(losses).filter(Number.isFinite);
  const top = finite.length ? Math.max(...finite) : 1;
  const high = top > 0 ? top : 1;
  setText(curve.ticks.high, readableNumber(high));
  setText(curve.ticks.last, String(losses.length - 1));
  curve.drawn = { losses, high };
  layOutLossCurve(curve);
}

/**
 * Places the axes, their labels, the curve and its dot from the sizes of the labels as drawn;
 * a picture not drawn has none, and is laid out once it is.
 */
function layOutLossCurve(curve) {
  const { drawn, ticks } = curve;
  if (!drawn) return;
  const boxes = measureTexts(Object.values(ticks));
  if (!boxes) return;
  const size = (text) => boxes.get(text);
  const place = (text, boxLeft, boxTop) => placeText(text, size(text), boxLeft, boxTop);
  const line = size(ticks.first).height;
  // Left of the axes, the loss's labels; below them, the steps'.
  const left = EDGE + Math.max(size(ticks.high).width, size(ticks.zero).width) + GAP;
  const bottom = HEIGHT - (GAP + line + EDGE);
  const right = WIDTH - RIGHT;
  set(curve.axes, 'd', `M${left.toFixed(1)} ${TOP}V${bottom.toFixed(1)}H${right}`);
  place(ticks.high, left - GAP - size(ticks.high).width, Math.max(EDGE, TOP - line / 2));
  place(ticks.zero, left - GAP - size(ticks.zero).width, bottom - line / 2);
  // The steps' first label from the axes' corner rightwards: centred on it, it would run into
  // the loss's 0 level with the corner.
  place(ticks.first, left, bottom + GAP);
  place(ticks.last, right - size(ticks.last).width, bottom + GAP);

  const { losses, high } = drawn;
  const steps = losses.length - 1;
  const toX = (step) => left + (steps === 0 ? 0 : (step / steps) * (right - left));
  const toY = (loss) => bottom - (Math.min(Math.max(loss, 0), high) / high) * (bottom - TOP);
  const stride = Math.max(1, Math.ceil(losses.length / MOST_POINTS));
  const points = [];
  for (let step = 0; step <= steps; step += stride) {
    if (Number.isFinite(losses[step])) points.push(`${toX(step).toFixed(1)},${toY(losses[step]).toFixed(1)}`);
  }
  if (steps % stride !== 0 && Number.isFinite(losses[steps])) points.push(`${toX(steps).toFixed(1)},${toY(losses[steps]).toFixed(1)}`);
  set(curve.path, 'points', points.join(' '));
  const last = Number.isFinite(losses[steps]) ? losses[steps] : 0;
  set(curve.dot, 'cx', toX(steps).toFixed(1));
  set(curve.dot, 'cy', toY(last).toFixed(1));
}
