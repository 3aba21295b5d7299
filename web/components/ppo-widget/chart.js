// The chart of <ppo-widget>: each sample's ratio (the core's, after 0, 1, ... epochs steps) as a
// line with a marker per epoch, over the band from 1 − ε to 1 + ε, shaded and its edges
// labelled, with the selected epoch marked by a line across. A sample's marker has its own shape
// as well as its own colour, so neither alone tells the samples apart. The only arithmetic here
// maps epochs, ratios and the clip setting to the picture's units.
import {
  element, keepChildren, setAttributeIfChanged, setText, svgElement as svg,
} from '../shared/element.js';
import { setPlotViewBox } from '../shared/plot-text.js';

const WIDTH = 360;
const HEIGHT = 190;
// A marker's radius, and how much the selected epoch's marker is scaled; the diamond reaches
// 1.4 radii from its centre, so the first and last epochs' markers reach this far beyond the
// plot's sides.
const RADIUS = 3.5;
const SELECTED_SCALE = 1.6;
const MARKER_REACH = 1.4 * RADIUS * SELECTED_SCALE;
const PAD = { left: 30, right: 54, top: 10, bottom: 26 };
const INNER = { width: WIDTH - PAD.left - PAD.right, height: HEIGHT - PAD.top - PAD.bottom };

/** The markers' shapes, one per sample, centred on (0, 0). */
const SHAPES = Object.freeze([
  (r) => svg('circle', { r }),
  (r) => svg('rect', { x: -r, y: -r, width: 2 * r, height: 2 * r }),
  (r) => svg('path', { d: `M0 ${-1.3 * r}L${1.2 * r} ${r}H${-1.2 * r}Z` }),
  (r) => svg('path', { d: `M0 ${-1.4 * r}L${1.4 * r} 0L0 ${1.4 * r}L${-1.4 * r} 0Z` }),
]);

/** A sample's marker (from 0), as the chart and the legend draw it. */
export function sampleMarker(sample, radius = RADIUS) {
  return svg('g', { class: `marker series-${sample + 1}` }, [SHAPES[sample % SHAPES.length](radius)]);
}

/** A small picture of a sample's line and marker, for its name in the legend. */
export function legendSwatch(sample) {
  return svg('svg', { class: 'swatch', viewBox: '-12 -6 24 12', width: 24, height: 12, 'aria-hidden': 'true' }, [
    svg('line', { class: `series-line series-${sample + 1}`, x1: -12, y1: 0, x2: 12, y2: 0 }),
    sampleMarker(sample, 4),
  ]);
}

/** The picture's parts, empty until drawn; its title (id `titleId`) names the picture. */
export function buildChart(titleId) {
  const title = svg('title', { id: titleId });
  const band = svg('rect', { class: 'band', x: PAD.left, width: INNER.width });
  const bandEdges = svg('path', { class: 'band-edge' });
  const one = svg('line', { class: 'one', x1: PAD.left, x2: PAD.left + INNER.width });
  const axes = svg('path', { class: 'axis', d: `M${PAD.left} ${PAD.top}V${HEIGHT - PAD.bottom}H${WIDTH - PAD.right}` });
  const selected = svg('line', { class: 'selected-epoch', y1: PAD.top, y2: HEIGHT - PAD.bottom });
  const lines = svg('g', { class: 'lines' });
  // The labels: the band's edges beside them, the ratio axis's 1 and 0, the epoch axis's ends
  // and its name. Where a label's place or words follow the numbers, drawChart writes them.
  const text = (x, y, anchor, extra = {}) => svg('text', { x, y, 'text-anchor': anchor, ...extra });
  // The labels beside the plot keep clear of the first and last epochs' markers, however large
  // they are drawn.
  const right = PAD.left + INNER.width + MARKER_REACH + 3;
  const left = PAD.left - MARKER_REACH - 2;
  const below = HEIGHT - 8;
  const labels = {
    bandHigh: text(right, 0, 'start'),
    bandLow: text(right, 0, 'start'),
    one: text(left, 0, 'end'),
    zero: text(left, HEIGHT - PAD.bottom + 4, 'end'),
    first: text(PAD.left, below, 'middle'),
    last: text(PAD.left + INNER.width, below, 'middle'),
    name: text(PAD.left + INNER.width / 2, below, 'middle', { class: 'axis-name' }),
  };
  labels.zero.textContent = '0';
  labels.first.textContent = '0';
  // The picture is named by its title alone: its labels, hidden from assistive technology,
  // would read as a run of numbers after the name.
  const root = svg('svg', { class: 'chart', role: 'img' },
    [title, band, bandEdges, one, axes, selected, lines, svg('g', { class: 'labels', 'aria-hidden': 'true' }, Object.values(labels))]);
  setPlotViewBox(root, WIDTH, HEIGHT);
  return { box: element('div', { class: 'chart-box' }, [root]), title, band, bandEdges, one, selected, lines, labels };
}

/**
 * Draws the ratios: `ratio` is ppoTrain's flat history [epochs + 1, N]; the band follows
 * `clip`, and `words` gives the labels ({ bandLow, bandHigh, epoch }).
 */
export function drawChart(chart, { ratio, samples, epochs, clip, selected }, words) {
  const finite = Array.from(ratio).filter(Number.isFinite);
  // The axis runs from 0 to a little above the band or the largest ratio, whichever is higher.
  const top = Math.max(1 + clip, ...finite) * 1.1;
  const toX = (epoch) => PAD.left + (epoch / epochs) * INNER.width;
  const toY = (value) => PAD.top + INNER.height * (1 - Math.min(Math.max(value, 0), top) / top);
  const [low, high] = [toY(1 - clip), toY(1 + clip)];
  setAttributeIfChanged(chart.band, 'y', high.toFixed(1));
  setAttributeIfChanged(chart.band, 'height', (low - high).toFixed(1));
  const across = `H${(PAD.left + INNER.width).toFixed(1)}`;
  setAttributeIfChanged(chart.bandEdges, 'd', `M${PAD.left} ${high.toFixed(1)}${across}M${PAD.left} ${low.toFixed(1)}${across}`);
  setAttributeIfChanged(chart.one, 'y1', toY(1).toFixed(1));
  setAttributeIfChanged(chart.one, 'y2', toY(1).toFixed(1));
  setAttributeIfChanged(chart.selected, 'x1', toX(selected).toFixed(1));
  setAttributeIfChanged(chart.selected, 'x2', toX(selected).toFixed(1));

  // A group per sample: its line, then a marker per epoch, the selected one larger. A sample or
  // an epoch that stays keeps its group and markers; only those that come or go are made or removed.
  const seriesGroup = (n) => svg('g', {}, [svg('polyline', { class: `series-line series-${n + 1}` })]);
  keepChildren(chart.lines, samples, seriesGroup).forEach((group, n) => {
    const [path, ...markers] = keepChildren(group, epochs + 2, () => sampleMarker(n));
    const points = [];
    markers.forEach((marker, epoch) => {
      const value = ratio[epoch * samples + n];
      const shown = Number.isFinite(value);
      setAttributeIfChanged(marker, 'visibility', shown ? null : 'hidden');
      if (!shown) return;
      const [x, y] = [toX(epoch).toFixed(1), toY(value).toFixed(1)];
      points.push(`${x},${y}`);
      const scale = epoch === selected ? ` scale(${SELECTED_SCALE})` : '';
      setAttributeIfChanged(marker, 'transform', `translate(${x} ${y})${scale}`);
    });
    setAttributeIfChanged(path, 'points', points.join(' '));
  });

  const { labels } = chart;
  // The band's edges labelled beside them, pushed apart when the band is thin.
  const gap = Math.max(0, 11 - (low - high)) / 2;
  setAttributeIfChanged(labels.bandHigh, 'y', (high - gap + 4).toFixed(1));
  setAttributeIfChanged(labels.bandLow, 'y', (low + gap + 4).toFixed(1));
  setAttributeIfChanged(labels.one, 'y', (toY(1) + 4).toFixed(1));
  setText(labels.bandHigh, words.bandHigh);
  setText(labels.bandLow, words.bandLow);
  setText(labels.one, '1');
  setText(labels.last, String(epochs));
  setText(labels.name, words.epoch);
}
