// The input plane of <xor-widget>: x1 and x2 from −0.5 to 1.5, coloured by the core's
// probability p at each cell of a GRID x GRID grid (one xorForward call, painted through
// ImageData onto a small canvas that CSS scales up), and over it an SVG with each hidden unit's
// line w1[j]·x + b1[j] = 0 (where the unit's sum changes sign), labelled h1 ... hH, and the four
// points' markers, each labelled with its probability. The colours of p = 0, 0.5 and 1 are the
// palette's (styles.js), read from three swatches, so the picture follows the colour scheme.
import { element } from '../shared/element.js';
import { setPlotViewBox } from '../shared/plot-text.js';
import { GRID, POINTS, TARGETS, VIEW } from './model.js';
import { cutLine, moveMarker, pointMarker, svg } from './svg-parts.js';

const SIZE = 320;
const toX = (x) => ((x - VIEW[0]) / (VIEW[1] - VIEW[0])) * SIZE;
const toY = (y) => SIZE - ((y - VIEW[0]) / (VIEW[1] - VIEW[0])) * SIZE;

/** The picture's parts: the canvas, the SVG over it and what it holds, the colour swatches. */
export function buildPlane(titleText) {
  const canvas = element('canvas', { class: 'probabilities', width: GRID, height: GRID, 'aria-hidden': 'true' });
  const title = svg('title', { id: 'plane-svg-title' }, [titleText]);
  // The title alone names the picture: its words and numbers, hidden from assistive technology,
  // would follow the name as a run of digits (the tables hold every number).
  const cuts = svg('g', { class: 'cuts', 'aria-hidden': 'true' });
  const markers = svg('g', { class: 'markers' }, TARGETS.map(pointMarker));
  const labels = svg('g', { class: 'labels', 'aria-hidden': 'true' });
  const axes = svg('g', { class: 'axes', 'aria-hidden': 'true' }, [
    svg('text', { x: 4, y: SIZE - 4 }, ['x1 −0.5']), svg('text', { x: SIZE - 4, y: SIZE - 4, 'text-anchor': 'end' }, ['1.5']),
    svg('text', { x: 4, y: 14 }, ['x2 1.5']),
  ]);
  const root = svg('svg', { class: 'plane', role: 'img' }, [title, cuts, markers, labels, axes]);
  setPlotViewBox(root, SIZE, SIZE);
  const swatches = ['zero', 'half', 'one'].map((name) => element('span', { class: `swatch ${name}`, 'aria-hidden': 'true' }));
  const box = element('div', { class: 'plane-box' }, [canvas, root, ...swatches]);
  return { box, canvas, svg: root, title, cuts, markers: [...markers.children], labels, swatches };
}

const rgbOf = (text) => (text.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);

/**
 * Paints the core's probabilities (GRID x GRID, row by row from the top) onto the canvas: 0, 0.5
 * and 1 in the swatches' colours, values between them mixed in proportion.
 * @param {Float32Array} probabilities
 */
export function paintPlane(plane, probabilities) {
  const [zero, half, one] = plane.swatches.map((swatch) => rgbOf(getComputedStyle(swatch).color));
  const context = plane.canvas.getContext('2d');
  const image = context.createImageData(GRID, GRID);
  const { data } = image;
  for (let i = 0; i < probabilities.length; i++) {
    const p = Number.isFinite(probabilities[i]) ? probabilities[i] : 0.5;
    const [from, to, f] = p < 0.5 ? [zero, half, 2 * p] : [half, one, 2 * p - 1];
    data[4 * i] = from[0] + (to[0] - from[0]) * f;
    data[4 * i + 1] = from[1] + (to[1] - from[1]) * f;
    data[4 * i + 2] = from[2] + (to[2] - from[2]) * f;
    data[4 * i + 3] = 255;
  }
  context.putImageData(image, 0, 0);
}

/**
 * Draws each hidden unit's line (the network's w1 and b1), labelled h1 ... hH near one end, and
 * the four points' markers with their probabilities as `format` writes them.
 */
export function drawPlaneMarks(plane, params, probabilities, format) {
  const hidden = params.b1.length;
  const parts = [];
  for (let j = 0; j < hidden; j++) {
    const ends = cutLine(params.w1[2 * j], params.w1[2 * j + 1], params.b1[j], VIEW, VIEW);
    if (!ends) continue;
    const [[xa, ya], [xb, yb]] = ends.map(([x, y]) => [toX(x), toY(y)]);
    parts.push(svg('line', { class: 'cut', x1: xa.toFixed(1), y1: ya.toFixed(1), x2: xb.toFixed(1), y2: yb.toFixed(1) }));
    // The label sits a little way in from the line's first end, so it stays inside the picture.
    const lx = xa + (xb - xa) * 0.12;
    const ly = ya + (yb - ya) * 0.12;
    parts.push(svg('text', { class: 'cut-label', x: lx.toFixed(1), y: ly.toFixed(1), 'text-anchor': 'middle', dy: '0.35em' }, [`h${j + 1}`]));
  }
  plane.cuts.replaceChildren(...parts);
  const labels = POINTS.map(([x, y], k) => {
    moveMarker(plane.markers[k], toX(x), toY(y));
    // Below the points on the x1 axis, above the others: away from the picture's middle.
    return svg('text', { class: 'point-label', x: toX(x).toFixed(1), y: (toY(y) + (y === 0 ? 22 : -14)).toFixed(1), 'text-anchor': 'middle' },
      [format(probabilities[k])]);
  });
  plane.labels.replaceChildren(...labels);
}
