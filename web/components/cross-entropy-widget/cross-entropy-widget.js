import { loadLosses } from 'pooling-course/losses';
import { drawBars } from '../shared/bars.js';
import { chooseClassByBar, listenToSlider, resizeClasses, syncClassFields } from '../shared/class-scores.js';
import { formatNumber, readableNumber } from '../shared/format-number.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { setText } from '../shared/element.js';
import { SettingsElement } from '../shared/settings-element.js';
import { crossEntropyNumbers } from './model.js';
import { CHANGE_EVENT, MAX_LOGITS, MIN_LOGITS, SETTINGS } from './settings.js';
import { cssText } from './styles.js';
import { buildSkeleton } from './template.js';

/**
 * @tag cross-entropy-widget
 * @summary Cross-entropy for one sample: logits (editable, 3 to 8) and a true class; the loss,
 * −log of the true class's probability (with label smoothing, −Σ q_j log p_j); and as bars
 * with their values written beside them, the probabilities p, the (smoothed) target q and the
 * gradient p − q. The loss and the gradient are the WASM losses core's crossEntropy and
 * crossEntropyBackward (reduction 'sum', gradOutput 1: one sample). The probabilities come
 * from the gradient, p = gradient + q, so the page loads only the losses family's WASM; q is
 * the element's only arithmetic (model.js).
 *
 * @attr {string} logits - 3 to 8 logits, space-separated (default "2 1 0.1").
 * @attr {number} target - The true class, counted from 0 (default 0).
 * @attr {number} label-smoothing - eps from 0 to 1: the target becomes (1 − eps) onehot +
 *   eps / C (default 0).
 * @attr {string} lang - "en" or "zh-CN"; default the nearest ancestor's lang, else the page's.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours (default auto).
 *
 * @method getState - { logits, target, labelSmoothing, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object (null removes one); a value it cannot store
 *   is refused with a console.warn naming the key. Fires no event.
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query (its settings' link names, as an
 *   exercise's "set the widget up" link writes them) over the settings the page gave it; true
 *   if it applied, false (with a console warning) if the query cannot be read.
 *
 * @fires cross-entropy-change - The learner changed a logit, the true class (the select or a
 *   probability bar), label smoothing (once, when the slider is let go or the field
 *   committed) or the number of logits. detail: { state: getState(), byUser: true }.
 *
 * @csspart controls - The true class and label smoothing.
 * @csspart logits - The logit fields, the add and remove buttons and the loss.
 * @csspart probabilities - The probabilities' bars (buttons choosing the true class).
 * @csspart targets - The target's bars.
 * @csspart gradient - The gradient's bars.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert.
 */
export class CrossEntropyWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => crossEntropyNumbers(core, settings),
      draw: (settings, core, numbers) => this.#draw(settings, numbers),
      announce: (what, numbers, settings) => this.#widget.t('cross-entropy-widget.status.sentence', {
        what, loss: readableNumber(numbers.loss), target: settings.target, probability: readableNumber(numbers.probabilities[settings.target]),
      }),
      sync: () => this.#sync(),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // One field per logit and one choice per class (the slider and buttons follow in #draw).
  #sync() {
    const els = this.#els;
    syncClassFields(this.#widget, {
      container: els.logitFields, select: els.target, key: 'logits',
      fieldKey: 'cross-entropy-widget.logits.field', labelKey: 'cross-entropy-widget.logits.label', optionKey: 'cross-entropy-widget.controls.option',
    });
  }

  // Every number on screen, from the core (q, and p = gradient + q, excepted: see model.js).
  #draw(settings, numbers) {
    const { t } = this.#widget;
    const els = this.#els;
    els.slider.value = String(settings.labelSmoothing);
    els.slider.setAttribute('aria-valuetext', `ε = ${readableNumber(settings.labelSmoothing)}`);
    els.add.disabled = settings.logits.length >= MAX_LOGITS;
    els.remove.disabled = settings.logits.length <= MIN_LOGITS;
    const y = settings.target;
    setText(els.loss, settings.labelSmoothing === 0
      ? t('cross-entropy-widget.logits.loss', { target: y, p: readableNumber(numbers.probabilities[y]), loss: readableNumber(numbers.loss) })
      : t('cross-entropy-widget.logits.lossSmoothed', { loss: readableNumber(numbers.loss) }));
    const label = (i) => t('cross-entropy-widget.probabilities.label', { index: i });
    drawBars(els.probabilityBars, numbers.probabilities.map((p, i) => ({
      label: label(i), value: p, text: formatNumber(p), pressed: i === y,
      name: t(i === y ? 'cross-entropy-widget.probabilities.nameTrue' : 'cross-entropy-widget.probabilities.name', { index: i, value: formatNumber(p) }),
    })), { buttons: true });
    drawBars(els.targetBars, numbers.smoothed.map((q, i) => ({ label: label(i), value: q, text: formatNumber(q) })));
    const reach = Math.max(...Array.from(numbers.gradient, Math.abs)) || 1;
    drawBars(els.gradientBars, Array.from(numbers.gradient, (g, i) => ({ label: label(i), value: g, text: formatNumber(g) })), { min: -reach, max: reach });
    return numbers;
  }

  #listen(els) {
    listenToSlider(() => this.#widget, els.slider, {
      key: 'labelSmoothing',
      read: (eps) => Number(eps.toFixed(2)),
      what: (eps) => this.#widget.t('cross-entropy-widget.status.smoothingSet', { eps: readableNumber(eps) }),
    });
    els.add.addEventListener('click', () => this.#resize(+1));
    els.remove.addEventListener('click', () => this.#resize(-1));
    chooseClassByBar(() => this.#widget, els.probabilityBars, 'target', (index) => this.#widget.t('cross-entropy-widget.status.targetChosen', { index }));
  }

  #resize(step) {
    const count = resizeClasses(this.#widget, { key: 'logits', classKey: 'target', step, min: MIN_LOGITS, max: MAX_LOGITS });
    if (count === null) return;
    this.#widget.commit(this.#widget.t(step > 0 ? 'cross-entropy-widget.status.added' : 'cross-entropy-widget.status.removed', { count }));
  }
}

/** One core per page, shared by every widget. */
const sharedCore = sharedLoader(loadLosses);
