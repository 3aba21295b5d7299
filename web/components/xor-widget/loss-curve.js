// The loss curve of <xor-widget>: the core's loss after 0, 1, ... N steps (xorTrain's steps + 1
// values), from 0 up to the largest, with the current step marked at its end. The only
// arithmetic here maps steps and losses to the picture's units.
import { element } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { setPlotViewBox } from '../shared/plot-text.js';
import { svg } from './svg-parts.js';

const WIDTH = 320;
const HEIGHT = 150;
const PAD = { left: 50, right: 12, top: 10, bottom: 22 };
// At most this many points make the curve: one per half of a picture's unit, where a long
// training would give thousands.
const MOST_POINTS = 640;

/** The picture's parts, empty until drawn. */
export function buildLossCurve(titleText) {
  const title = svg('title', { id: 'loss-svg-title' }, [titleText]);
  const axes = svg('path', { class: 'axis', d: `M${PAD.left} ${PAD.top}V${HEIGHT - PAD.bottom}H${WIDTH - PAD.right}` });
  const path = svg('polyline', { class: 'curve' });
  const dot = svg('circle', { class: 'now', r: 4 });
  const labels = svg('g', { class: 'axes', 'aria-hidden': 'true' });
  const root = svg('svg', { class: 'curve-plot', role: 'img' }, [title, axes, path, dot, labels]);
  setPlotViewBox(root, WIDTH, HEIGHT);
  return { box: element('div', { class: 'curve-box' }, [root]), svg: root, title, path, dot, labels };
}

/** Draws `losses` (the loss after 0 ... N steps); N is its length − 1. */
export function drawLossCurve(curve, losses) {
  const steps = losses.length - 1;
  const finite = Array.from(losses).filter(Number.isFinite);
  const top = finite.length ? Math.max(...finite) : 1;
  const high = top > 0 ? top : 1;
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const toX = (step) => PAD.left + (steps === 0 ? 0 : (step / steps) * innerWidth);
  const toY = (loss) => PAD.top + innerHeight - (Math.min(Math.max(loss, 0), high) / high) * innerHeight;
  const stride = Math.max(1, Math.ceil(losses.length / MOST_POINTS));
  const points = [];
  for (let step = 0; step <= steps; step += stride) {
    if (Number.isFinite(losses[step])) points.push(`${toX(step).toFixed(1)},${toY(losses[step]).toFixed(1)}`);
  }
  if (steps % stride !== 0 && Number.isFinite(losses[steps])) points.push(`${toX(steps).toFixed(1)},${toY(losses[steps]).toFixed(1)}`);
  curve.path.setAttribute('points', points.join(' '));
  const last = Number.isFinite(losses[steps]) ? losses[steps] : 0;
  curve.dot.setAttribute('cx', toX(steps).toFixed(1));
  curve.dot.setAttribute('cy', toY(last).toFixed(1));
  const n = readableNumber;
  const text = (words, x, y, anchor) => svg('text', { x, y, 'text-anchor': anchor }, [words]);
  curve.labels.replaceChildren(
    text(n(high), PAD.left - 4, PAD.top + 8, 'end'), text('0', PAD.left - 4, HEIGHT - PAD.bottom, 'end'),
    text('0', PAD.left, HEIGHT - 6, 'middle'), text(String(steps), WIDTH - PAD.right, HEIGHT - 6, 'end'),
  );
}
