// The hidden space of <xor-widget>, for two hidden units: the four points where the hidden layer
// puts them, at (h1, h2) as the core computes them, on axes that suit the activation (tanh's
// values lie in [−1, 1], the sigmoid's in [0, 1], ReLU's from 0 up to the largest feature), and
// the output unit's line w2·h + b2 = 0, where p = 0.5, which the output draws through them.
//
// The axes' ends are written as the core gives them, and ReLU's largest feature has no bound
// (1103.3408 after 5000 steps at lr 2 and momentum 0.999), so the room left of the square is as
// wide as its longest label, measured as drawn. A narrower picture draws its labels larger
// (plot-text.js), so the picture is laid out again whenever its drawn width changes. Each marker
// is named by its input point, in the first place around it clear of the axes' labels, the
// markers and the names before it (placeNames, shared/label-places.js): training can move points
// onto one place.
import { element, setAttributeIfChanged as set, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { placeNames } from '../shared/label-places.js';
import {
  layOutOnResize, measureTexts, placeText, setPlotViewBox,
} from '../shared/plot-text.js';
import { POINTS, TARGETS } from './model.js';
import { cutLine, moveMarker, pointMarker, svg } from './svg-parts.js';

const SIZE = 300;
// From the picture's edge to a label; from a label to what it labels; from a marker's centre to
// the edge of its halo (svg-parts.js), which the axes' labels keep clear of.
const EDGE = 2;
const GAP = 4;
const REACH = 7;

/** The picture's parts, empty until drawn. */
export function buildHiddenSpace(titleText) {
  const title = svg('title', { id: 'space-svg-title' }, [titleText]);
  const frame = svg('rect', { class: 'frame' });
  const line = svg('line', { class: 'output-cut' });
  const markers = svg('g', { class: 'markers', 'aria-hidden': 'true' }, TARGETS.map(pointMarker));
  // Every label is written from its box's left end (text-anchor start): the layout places boxes.
  const ticks = { xLow: svg('text'), xHigh: svg('text'), yLow: svg('text'), yHigh: svg('text') };
  const axisNames = { h1: svg('text', {}, ['h1']), h2: svg('text', {}, ['h2']) };
  const names = POINTS.map((point) => svg('text', { class: 'point-name' }, [`(${point.join(', ')})`]));
  const root = svg('svg', { class: 'space', role: 'img' }, [
    title, frame, line, markers,
    svg('g', { class: 'axes', 'aria-hidden': 'true' }, [...Object.values(ticks), ...Object.values(axisNames)]),
    svg('g', { class: 'point-names', 'aria-hidden': 'true' }, names),
  ]);
  setPlotViewBox(root, SIZE, SIZE);
  const space = {
    box: element('div', { class: 'space-box' }, [root]), svg: root, title, frame, line,
    markers: [...markers.children], ticks, axisNames, names, drawn: null,
  };
  layOutOnResize(root, () => layOutHiddenSpace(space));
  return space;
}

/** The axes' range for an activation and the four points' features [4, 2]. */
export function hiddenRange(activation, features) {
  if (activation === 'tanh') return [-1, 1];
  if (activation === 'sigmoid') return [0, 1];
  const largest = Math.max(...Array.from(features).filter(Number.isFinite));
  return [0, largest > 0 ? largest : 1];
}

/**
 * Draws the four points at their features (hidden [4, 2] row by row) and the output's line
 * (w2, b2) over the activation's range.
 */
export function drawHiddenSpace(space, activation, hidden, params) {
  const range = hiddenRange(activation, hidden);
  const [low, high] = range.map(readableNumber);
  const { ticks } = space;
  setText(ticks.xLow, low);
  setText(ticks.yLow, low);
  setText(ticks.xHigh, high);
  setText(ticks.yHigh, high);
  space.drawn = { range, hidden, params };
  layOutHiddenSpace(space);
}

/**
 * Places the square, its labels, the markers, their names and the output's line from the sizes
 * of the labels as drawn. A picture not drawn (hidden, or not yet on a page) has none: it is laid
 * out once it is, when its observer sees it get a width.
 */
function layOutHiddenSpace(space) {
  const { drawn, ticks, axisNames, names } = space;
  if (!drawn) return;
  const boxes = measureTexts([...Object.values(ticks), ...Object.values(axisNames), ...names]);
  if (!boxes) return;
  const size = (text) => boxes.get(text);
  const widest = (list) => Math.max(...list.map((text) => size(text).width));
  const line = size(ticks.xLow).height;

  // Left of the square, its h2 axis's ends and name, then the markers' reach; below it, the h1
  // axis's ends, then its name; above and right of it, a marker's reach and half a line (the h2
  // axis's high end stands level with the square's top). The square takes the rest; what is left
  // over goes above it and to its right, where points' names may stand.
  const left = EDGE + widest([ticks.yLow, ticks.yHigh, axisNames.h2]) + GAP + REACH;
  const bottom = REACH + GAP + line + size(axisNames.h1).height + EDGE;
  const top = EDGE + Math.max(REACH, line / 2);
  const right = EDGE + REACH;
  const inner = Math.min(SIZE - left - right, SIZE - top - bottom);
  const x0 = left;
  const y1 = SIZE - bottom;
  for (const [name, value] of [['x', x0], ['y', y1 - inner], ['width', inner], ['height', inner]]) set(space.frame, name, value.toFixed(1));

  const [low, high] = drawn.range;
  const toX = (h) => x0 + ((h - low) / (high - low)) * inner;
  const toY = (h) => y1 - ((h - low) / (high - low)) * inner;
  const clamp = (v) => Math.min(SIZE, Math.max(0, v));
  const points = space.markers.map((marker, k) => {
    const x = clamp(toX(drawn.hidden[2 * k]));
    const y = clamp(toY(drawn.hidden[2 * k + 1]));
    moveMarker(marker, x, y);
    return { x, y };
  });
  const ends = cutLine(drawn.params.w2[0], drawn.params.w2[1], drawn.params.b2[0], drawn.range, drawn.range);
  if (ends) {
    const [[xa, ya], [xb, yb]] = ends;
    for (const [name, value] of [['x1', toX(xa)], ['y1', toY(ya)], ['x2', toX(xb)], ['y2', toY(yb)]]) set(space.line, name, value.toFixed(1));
  }
  set(space.line, 'hidden', !ends);

  const place = (text, boxLeft, boxTop) => placeText(text, size(text), boxLeft, boxTop);
  // The h2 axis's ends stand left of the square, level with its ends; the h1 axis's ends below
  // it, within its width (the low one from the square's left edge: centred on the corner, it
  // would run into the h2 axis's low end).
  const yEnd = x0 - REACH - GAP;
  const xEnds = y1 + REACH + GAP;
  const labels = [
    place(ticks.yLow, yEnd - size(ticks.yLow).width, y1 - line / 2),
    place(ticks.yHigh, yEnd - size(ticks.yHigh).width, y1 - inner - line / 2),
    place(ticks.xLow, x0, xEnds),
    place(ticks.xHigh, x0 + inner - size(ticks.xHigh).width, xEnds),
    place(axisNames.h1, x0 + (inner - size(axisNames.h1).width) / 2, xEnds + line),
    place(axisNames.h2, EDGE, y1 - (inner + size(axisNames.h2).height) / 2),
  ];
  const markerBoxes = points.map(({ x, y }) => ({ left: x - REACH, top: y - REACH, width: 2 * REACH, height: 2 * REACH }));
  const named = points.map((point, k) => ({ ...point, width: size(names[k]).width, height: size(names[k]).height }));
  placeNames(named, [...labels, ...markerBoxes], { left: EDGE, top: EDGE, width: SIZE - 2 * EDGE, height: SIZE - 2 * EDGE }).forEach((box, k) => place(names[k], box.left, box.top));
}
