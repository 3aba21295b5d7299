import { loadLosses } from 'pooling-course/losses';
import { element, keepChildren, numberField, setAttributeIfChanged, setText } from '../shared/element.js';
import { niceStep } from '../shared/nice-step.js';
import { readableNumber } from '../shared/format-number.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { SettingsElement } from '../shared/settings-element.js';
import { translator } from '../../i18n/i18n.js';
import { lossLabel, lossNumbers, otherLoss, overflowProblem, samplePoints, termCurve } from './model.js';
import { buildLanes, drawCurve, drawStrip, stripPoint } from './plot.js';
import { buildSkeleton, lossName } from './template.js';
import { CHANGE_EVENT, SETTINGS } from './settings.js';
import { cssText } from './styles.js';

/**
 * @tag loss-widget
 * @summary A loss over a few predictions and their targets: mean squared error or the Huber
 * loss, the loss per point and its total under a reduction (mean, sum or none), and the
 * gradient with respect to each prediction, as a number and as an arrow showing which way
 * (and how hard) the gradient pulls it; the curve of the loss of one point against p − t,
 * with Huber's kinks at ±δ; and, with compare, the other loss's gradients beside them. Every
 * value and gradient comes from the WASM losses core (mseLoss, huberLoss and their backward);
 * the gaps p − t are the element's only arithmetic.
 *
 * With no attributes it is the mean squared error of predictions [2.5, 0, 2] against targets
 * [3, −0.5, 2]. Lists of numbers are separated by spaces (or commas); at most 8 points.
 *
 * @attr {"mse"|"huber"} loss - The loss (default mse).
 * @attr {string} predictions - 1 to 8 predictions (default "2.5 0 2").
 * @attr {string} targets - One target per prediction (default "3 -0.5 2").
 * @attr {"mean"|"sum"|"none"} reduction - How the terms become the loss (default mean).
 * @attr {number} delta - The Huber loss's δ, positive (default 1).
 * @attr {boolean} compare - Shows the other loss's gradients and total beside the first
 *   (default false); "true", "false" or the bare attribute.
 * @attr {string} range - "min max" of the strip's axis (default "-5 5"); a span of at most 1000.
 * @attr {string} lang - The language of its words: "en" or "zh-CN" (any tag of Chinese in
 *   simplified characters); default the nearest ancestor's lang, else the page's, else English.
 *   Numbers read the same in both.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the
 *   page.
 *
 * The widget writes what the learner changes back to these attributes. A bad value never
 * throws to the page: the widget shows why in its place (role=alert, quoting the attribute,
 * with the core's words where the core judged it) and sends the same message to console.warn.
 *
 * @method getState - Returns { loss, predictions, targets, reduction, delta, compare, range,
 *   colorScheme }, plus { error } while the attributes cannot be drawn (README.md,
 *   "getState").
 * @method setState - Takes any part of that object and applies it through the attributes;
 *   null removes one. A value it cannot store is refused with a console.warn. Fires no event.
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query (its settings' link names, as an
 *   exercise's "set the widget up" link writes them) over the settings the page gave it; true
 *   if it applied, false (with a console warning) if the query cannot be read.
 *
 * @fires loss-change - The learner changed a setting (a field, a choice, compare, or a
 *   prediction, once when a drag ends). detail: { state: getState(), byUser: true }.
 *
 * @csspart controls, strip, numbers, loss, curve, curve-figure, status, error
 */
export class LossWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;
  // The lane being dragged (null when none), and whether the drag has moved its prediction.
  #dragging = null;
  #dragMoved = false;
  // Curves the core has drawn, by loss, delta and half-width (see #curve).
  #curves = new Map();

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: checkedNumbers,
      draw: (settings, core, { numbers, compared }) => this.#draw(settings, core, numbers, compared),
      announce: (what, numbers, settings) => this.#sentence(what, numbers, settings),
      sync: (settings) => this.#sync(settings),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  // Puts what is not a number field or a choice into the controls: one row and one lane per
  // point, the compare box, delta where a Huber loss is shown.
  #sync(settings) {
    const els = this.#els;
    const { t } = this.#widget;
    // New rows' fields get their values after this, with the others (SettingsWidget).
    if (els.rowEls.length !== settings.predictions.length) this.#buildRows(settings.predictions.length);
    els.compare.checked = settings.compare;
    els.deltaControl.hidden = settings.loss !== 'huber' && !settings.compare;
    setText(els.compareControl.lastChild, t('loss-widget.controls.compare', { other: lossName(t, otherLoss(settings.loss)) }));
  }

  #buildRows(count) {
    const { t } = this.#widget;
    const els = this.#els;
    els.rowEls = Array.from({ length: count }, (_, i) => {
      const prediction = numberField(t('loss-widget.table.predictionField', { number: i + 1 }), { key: 'predictions', index: i });
      const target = numberField(t('loss-widget.table.targetField', { number: i + 1 }), { key: 'targets', index: i });
      const cells = { gap: element('td', { class: 'number' }), term: element('td', { class: 'number' }), grad: element('td', { class: 'number' }), compare: element('td', { class: 'number compare-col' }) };
      const row = element('tr', {}, [
        element('th', { scope: 'row' }, String(i + 1)), element('td', {}, [prediction]), element('td', {}, [target]),
        cells.gap, cells.term, cells.grad, cells.compare,
      ]);
      return { row, prediction, target, ...cells };
    });
    els.rows.replaceChildren(...els.rowEls.map((row) => row.row));
    buildLanes(els.strip, count, (i) => t('loss-widget.strip.handle', { number: i + 1 }));
  }

  // Every number on screen, from the core.
  #draw(settings, core, numbers, compared) {
    const { t } = this.#widget;
    const els = this.#els;
    const other = settings.compare ? otherLoss(settings.loss) : null;
    const name = lossLabel(settings);
    const n = settings.predictions.length;

    els.table.classList.toggle('comparing', Boolean(other));
    setText(els.gradHeader, t('loss-widget.table.gradient', { name: lossName(t, settings.loss) }));
    setText(els.compareHeader, other ? t('loss-widget.table.gradient', { name: lossName(t, other) }) : '');
    els.rowEls.forEach((row, i) => {
      setText(row.gap, readableNumber(numbers.gaps[i]));
      setText(row.term, readableNumber(numbers.terms[i]));
      setText(row.grad, readableNumber(numbers.gradients[i]));
      setText(row.compare, compared ? readableNumber(compared.gradients[i]) : '');
    });
    setText(els.total, this.#total(settings, numbers, name));
    setText(els.compareTotal, compared ? this.#total(settings, compared, lossLabel(settings, other)) : '');
    setText(els.formula, t(`loss-widget.formula.${settings.loss}.${settings.reduction === 'mean' ? 'mean' : 'sum'}`, { n, delta: readableNumber(settings.delta) }));

    drawStrip(els.strip, { ...settings, gradients: numbers.gradients, compareGradients: compared?.gradients ?? null });
    const [min, max] = settings.range;
    els.strip.handles.forEach((lane, i) => {
      const { handle } = lane;
      setAttributeIfChanged(handle, 'aria-valuemin', String(min));
      setAttributeIfChanged(handle, 'aria-valuemax', String(max));
      setAttributeIfChanged(handle, 'aria-valuenow', String(settings.predictions[i]));
      setAttributeIfChanged(handle, 'aria-valuetext', t('loss-widget.strip.valueText', {
        prediction: readableNumber(settings.predictions[i]), target: readableNumber(settings.targets[i]), gradient: readableNumber(numbers.gradients[i]),
      }));
    });
    setText(els.strip.title, t('loss-widget.strip.svgTitle', { count: n, min: readableNumber(min), max: readableNumber(max) }));
    const pulls = els.stripFigure.querySelectorAll('.key.pull');
    setText(pulls[0], t('loss-widget.strip.pull', { name: lossName(t, settings.loss) }));
    setText(pulls[1], other ? t('loss-widget.strip.pull', { name: lossName(t, other) }) : '');

    const huberShown = settings.loss === 'huber' || other === 'huber';
    const reach = Math.max(2, ...numbers.gaps.map((gap) => Math.abs(gap) * 1.15), huberShown ? settings.delta * 2.5 : 0);
    const half = Number(Math.min(reach, 1000).toPrecision(2));
    const curves = [{ ...this.#curve(core, settings, settings.loss, half), kind: 'main', label: name }];
    if (other) curves.push({ ...this.#curve(core, settings, other, half), kind: 'compare', label: lossLabel(settings, other) });
    drawCurve(els.curve, {
      ds: curves[0].ds, curves, points: numbers.gaps.map((gap, i) => ({ gap, term: numbers.terms[i] })), kinks: huberShown ? [-settings.delta, settings.delta] : [],
    });
    setText(els.curve.title, t('loss-widget.curve.svgTitle', { names: curves.map((curve) => curve.label).join(' / '), half: readableNumber(half) }));
    keepChildren(els.curveLegend, curves.length, () => element('li')).forEach((key, i) => {
      setAttributeIfChanged(key, 'class', `key ${curves[i].kind}`);
      setText(key, curves[i].label);
    });
    return numbers;
  }

  // A loss's curve over [-half, half]: the core's terms at 201 gaps. A drag or a toggle mostly
  // keeps the curves on screen, so each is asked of the core once and kept (the same object,
  // which tells drawCurve it has drawn it already).
  #curve(core, settings, loss, half) {
    const key = `${loss} ${loss === 'huber' ? settings.delta : ''} ${half}`;
    let curve = this.#curves.get(key);
    if (!curve) {
      if (this.#curves.size >= CURVES_KEPT) this.#curves.clear();
      const ds = samplePoints([-half, half]);
      curve = { ds, ...termCurve(core, settings, loss, ds) };
      this.#curves.set(key, curve);
    }
    return curve;
  }

  // "MSE: L = (0.25 + 0.25 + 0) / 3 = 0.1667", or the terms themselves with reduction none.
  #total(settings, numbers, name) {
    const { t } = this.#widget;
    const terms = numbers.terms.map(readableNumber).join(' + ');
    if (settings.reduction === 'none') return t('loss-widget.total.none', { name, terms: numbers.terms.map(readableNumber).join(', ') });
    const key = settings.reduction === 'mean' ? 'loss-widget.total.mean' : 'loss-widget.total.sum';
    return t(key, { name, terms, n: numbers.terms.length, loss: readableNumber(numbers.loss) });
  }

  #sentence(what, numbers, settings) {
    const { t } = this.#widget;
    const result = settings.reduction === 'none'
      ? t('loss-widget.status.terms', { terms: numbers.terms.map(readableNumber).join(', ') })
      : t('loss-widget.status.loss', { loss: readableNumber(numbers.loss) });
    return t('loss-widget.status.sentence', { what, result, gradients: numbers.gradients.map(readableNumber).join(', ') });
  }

  // Interaction ----------------------------------------------------------------------------

  // The number fields and choices are the SettingsWidget's; the strip's sliders and the
  // compare box are ours.
  #listen(els) {
    const { svg } = els.strip;
    els.compare.addEventListener('change', () => {
      const state = this.#widget.t(els.compare.checked ? 'loss-widget.status.on' : 'loss-widget.status.off');
      this.#widget.apply('compare', els.compare.checked, this.#widget.t('loss-widget.status.compareSet', { state }));
    });
    svg.addEventListener('keydown', (event) => {
      const index = event.target.closest?.('.handle')?.dataset.index;
      if (index !== undefined) this.#onHandleKey(event, Number(index));
    });
    svg.addEventListener('pointerdown', (event) => {
      const settings = this.#widget.settings;
      if (!settings || event.button !== 0) return;
      event.preventDefault();
      svg.setPointerCapture(event.pointerId);
      const { value, lane } = stripPoint(els.strip, event.clientX, event.clientY, settings.range);
      this.#dragging = lane;
      els.strip.handles[lane]?.handle.focus();
      this.#dragMoved = this.#movePrediction(lane, value, { commit: false });
    });
    svg.addEventListener('pointermove', (event) => {
      if (this.#dragging === null || !this.#widget.settings) return;
      const { value } = stripPoint(els.strip, event.clientX, event.clientY, this.#widget.settings.range);
      this.#dragMoved = this.#movePrediction(this.#dragging, value, { commit: false }) || this.#dragMoved;
    });
    const endDrag = () => {
      if (this.#dragging === null) return;
      const lane = this.#dragging;
      this.#dragging = null;
      if (this.#widget.settings) this.#widget.commit(this.#moved(lane), { changed: this.#dragMoved });
    };
    svg.addEventListener('pointerup', endDrag);
    svg.addEventListener('pointercancel', endDrag);
  }

  #moved(index) {
    return this.#widget.t('loss-widget.status.moved', { number: index + 1, value: readableNumber(this.#widget.settings.predictions[index]) });
  }

  // Moves prediction `index` to `value` (clamped to the axis, rounded to the key step); true if it
  // moved (as a drag moves: drawn, not refused).
  #movePrediction(index, value, { commit }) {
    const settings = this.#widget.settings;
    const [min, max] = settings.range;
    const step = niceStep((max - min) / 100);
    const clamped = Math.min(max, Math.max(min, value));
    const rounded = Number((Math.round(clamped / step) * step).toPrecision(10));
    if (!commit) return this.#widget.move('predictions', index, rounded);
    const changed = this.#widget.change('predictions', index, rounded);
    this.#widget.syncFields();
    this.#widget.commit(this.#moved(index), { changed });
    return changed;
  }

  #onHandleKey(event, index) {
    const settings = this.#widget.settings;
    if (!settings) return;
    const [min, max] = settings.range;
    const step = niceStep((max - min) / 100);
    const now = settings.predictions[index];
    const targets = {
      ArrowRight: now + step, ArrowUp: now + step, ArrowLeft: now - step, ArrowDown: now - step,
      PageUp: now + 10 * step, PageDown: now - 10 * step, Home: min, End: max,
    };
    if (!(event.key in targets)) return;
    event.preventDefault();
    this.#movePrediction(index, targets[event.key], { commit: true });
  }
}

// Shared by every widget on the page -------------------------------------------------------

/** One core per page, shared by every widget. */
const sharedCore = sharedLoader(loadLosses);

// Enough for the two losses at a few widths; a learner trying many deltas starts again.
const CURVES_KEPT = 8;

// The loss's numbers for these settings (and the compared loss's, or null), or why they cannot
// be shown: the core judges delta (its LossError names it) and each term must stay within
// float32. Messages are English here; the widget reads them into its language.
function checkedNumbers(settings, core) {
  const shown = (loss) => {
    const numbers = lossNumbers(core, settings, loss);
    const problem = overflowProblem(numbers);
    if (problem) throw new Error(translator('en')('loss-widget.errors.tooLarge', { reason: problem }));
    return numbers;
  };
  const numbers = shown(settings.loss);
  return { numbers, compared: settings.compare ? shown(otherLoss(settings.loss)) : null };
}
