// The hidden space of <xor-widget>, for two hidden units: the four points where the hidden layer
// puts them, at (h1, h2) as the core computes them, on axes that suit the activation (tanh's
// values lie in [−1, 1], the sigmoid's in [0, 1], ReLU's from 0 up to the largest feature), and
// the output unit's line w2·h + b2 = 0, where p = 0.5, which the output draws through them. Each
// marker names its input point, since training can move two of them onto one place: (0, 0)'s
// name stands to its left, the others' to their right, so two that meet stay readable.
import { element } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { setPlotViewBox } from '../shared/plot-text.js';
import { POINTS, TARGETS } from './model.js';
import { cutLine, moveMarker, pointMarker, svg } from './svg-parts.js';

const SIZE = 300;
// Room around the square for the axes' words.
const PAD = 46;

/** The picture's parts, empty until drawn. */
export function buildHiddenSpace(titleText) {
  const title = svg('title', { id: 'space-svg-title' }, [titleText]);
  const frame = svg('rect', { class: 'frame', x: PAD, y: PAD, width: SIZE - 2 * PAD, height: SIZE - 2 * PAD });
  const line = svg('line', { class: 'output-cut' });
  const markers = svg('g', { class: 'markers', 'aria-hidden': 'true' }, TARGETS.map((target, k) => {
    const marker = pointMarker(target);
    const left = k === 0;
    marker.append(svg('text', { class: 'point-name', x: left ? -10 : 10, dy: '0.35em', 'text-anchor': left ? 'end' : 'start' }, [`(${POINTS[k].join(', ')})`]));
    return marker;
  }));
  const labels = svg('g', { class: 'axes', 'aria-hidden': 'true' });
  const root = svg('svg', { class: 'space', role: 'img' }, [title, frame, line, markers, labels]);
  setPlotViewBox(root, SIZE, SIZE);
  return { box: element('div', { class: 'space-box' }, [root]), svg: root, title, line, markers: [...markers.children], labels };
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
  const [low, high] = range;
  const inner = SIZE - 2 * PAD;
  const toX = (h) => PAD + ((h - low) / (high - low)) * inner;
  const toY = (h) => SIZE - PAD - ((h - low) / (high - low)) * inner;
  const clamp = (v) => Math.min(SIZE, Math.max(0, v));
  space.markers.forEach((marker, k) => moveMarker(marker, clamp(toX(hidden[2 * k])), clamp(toY(hidden[2 * k + 1]))));
  const ends = cutLine(params.w2[0], params.w2[1], params.b2[0], range, range);
  if (ends) {
    const [[xa, ya], [xb, yb]] = ends;
    for (const [name, value] of [['x1', toX(xa)], ['y1', toY(ya)], ['x2', toX(xb)], ['y2', toY(yb)]]) space.line.setAttribute(name, value.toFixed(1));
  }
  space.line.toggleAttribute('hidden', !ends);
  const n = readableNumber;
  const text = (words, x, y, anchor) => svg('text', { x, y, 'text-anchor': anchor }, [words]);
  // The h1 axis's ends stand within the frame's width, the low one from its left edge: centred
  // on the corner, it would run into the h2 axis's low end, which stands left of the frame,
  // however large a narrow picture draws them.
  space.labels.replaceChildren(
    text(n(low), PAD, SIZE - PAD + 16, 'start'), text(n(high), SIZE - PAD, SIZE - PAD + 16, 'end'),
    text('h1', SIZE / 2, SIZE - 6, 'middle'),
    text(n(low), PAD - 6, SIZE - PAD + 4, 'end'), text(n(high), PAD - 6, PAD + 4, 'end'),
    text('h2', 10, SIZE / 2, 'middle'),
  );
}
