import { loadLayers } from 'pooling-course/layers';
import { drawBars } from '../shared/bars.js';
import { chooseClassByBar, listenToSlider, resizeClasses, syncClassFields } from '../shared/class-scores.js';
import { formatNumber, readableNumber } from '../shared/format-number.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { setAttributeIfChanged, setText } from '../shared/element.js';
import { SettingsElement } from '../shared/settings-element.js';
import { translator } from '../../i18n/i18n.js';
import { scaleProblem, softmaxNumbers } from './model.js';
import { CHANGE_EVENT, MAX_SCORES, MAX_TEMPERATURE, MIN_SCORES, MIN_TEMPERATURE, SETTINGS } from './settings.js';
import { cssText } from './styles.js';
import { buildSkeleton } from './template.js';

/**
 * @tag softmax-widget
 * @summary Softmax over a few scores: the scores (editable, 3 to 8), divided by a temperature
 * and shifted by their largest value (the stable form, so 1000 and 1001 work), the
 * probabilities as bars with their values written beside them, and the backward pass for one
 * chosen class: the gradient of that class's probability with respect to every score,
 * p_k (δ_kj − p_j) / T. The probabilities are the WASM layers core's softmax, the gradient its
 * softmaxBackward with a one-hot gradOutput; the shifted scores are the element's only
 * arithmetic (float32, as the core's kernel).
 *
 * @attr {string} scores - 3 to 8 scores, space-separated (default "2 1 0.1").
 * @attr {number} temperature - Divides the scores before softmax, from 0.01 (nearly argmax) to
 *   100 (nearly uniform) (default 1).
 * @attr {number} grad-class - The class whose probability the backward pass differentiates,
 *   counted from 0 (default 0).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang, else the page's, else English. Numbers read the same in both.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the
 *   system.
 *
 * The widget writes what the learner changes back to these attributes. A bad value never throws
 * to the page: the widget shows why in its place (role=alert, quoting the attribute) and sends
 * the same message to console.warn.
 *
 * @method getState - { scores, temperature, gradClass, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object (null removes one); a value it cannot store
 *   is refused with a console.warn naming the key. Fires no event.
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query (its settings' link names, as an
 *   exercise's "set the widget up" link writes them) over the settings the page gave it; true
 *   if it applied, false (with a console warning) if the query cannot be read.
 *
 * @fires softmax-change - The learner changed a score, the temperature (once, when the slider
 *   is let go or the field committed), the number of scores or the class. detail: { state:
 *   getState(), byUser: true }. Not fired for attributes or state set from code.
 *
 * @csspart controls - The temperature's slider and field.
 * @csspart scores - The score fields, the add and remove buttons and the shifted scores.
 * @csspart probabilities - The probabilities' bars (buttons choosing the class).
 * @csspart backward - The class choice and the gradient's bars.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class SoftmaxWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: checkedNumbers,
      draw: (settings, core, numbers) => this.#draw(settings, numbers),
      announce: (what, numbers, settings) => this.#widget.t('softmax-widget.status.sentence', {
        what,
        probabilities: listText(numbers.probabilities),
        best: numbers.argmax,
        probability: readableNumber(numbers.probabilities[numbers.argmax]),
        temperature: readableNumber(settings.temperature),
        // The chosen class's gradient is said too: a new choice changes nothing else.
        k: settings.gradClass,
        gradient: listText(numbers.gradient),
      }),
      sync: () => this.#sync(),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  // Puts one field per score and one choice per class into the controls (the slider and the
  // buttons follow in #draw, which every change reaches).
  #sync() {
    const els = this.#els;
    syncClassFields(this.#widget, {
      container: els.scoreFields, select: els.gradClass, key: 'scores',
      fieldKey: 'softmax-widget.scores.field', labelKey: 'softmax-widget.scores.label', optionKey: 'softmax-widget.backward.option',
    });
  }

  // Every number on screen, from the core (the shifted scores excepted: see model.js).
  #draw(settings, numbers) {
    const { t } = this.#widget;
    const els = this.#els;
    const count = settings.scores.length;
    els.slider.value = String(Math.log10(settings.temperature));
    setAttributeIfChanged(els.slider, 'aria-valuetext', `T = ${readableNumber(settings.temperature)}`);
    els.add.disabled = count >= MAX_SCORES;
    els.remove.disabled = count <= MIN_SCORES;
    const T = readableNumber(settings.temperature);
    const largest = readableNumber(numbers.largest);
    setText(els.shifted, settings.temperature === 1
      ? t('softmax-widget.scores.shifted', { largest, shifted: listText(numbers.shifted) })
      : t('softmax-widget.scores.shiftedT', { largest, shifted: listText(numbers.shifted), temperature: T }));
    const k = settings.gradClass;
    drawBars(els.probabilityBars, Array.from(numbers.probabilities, (p, i) => ({
      label: t('softmax-widget.probabilities.label', { index: i }),
      value: p,
      text: formatNumber(p),
      name: t(i === k ? 'softmax-widget.probabilities.nameChosen' : 'softmax-widget.probabilities.name', { index: i, value: formatNumber(p) }),
      pressed: i === k,
    })), { min: 0, max: 1, buttons: true });
    // The sum is the lesson's check that these are probabilities; the core's values, added.
    const sum = numbers.probabilities.reduce((total, p) => total + p, 0);
    setText(els.total, t('softmax-widget.probabilities.total', { sum: readableNumber(sum) }));

    setText(els.formula, settings.temperature === 1
      ? t('softmax-widget.backward.formula', { k, p: readableNumber(numbers.probabilities[k]) })
      : t('softmax-widget.backward.formulaT', { k, p: readableNumber(numbers.probabilities[k]), temperature: T }));
    const reach = Math.max(...Array.from(numbers.gradient, Math.abs)) || 1;
    drawBars(els.gradientBars, Array.from(numbers.gradient, (g, j) => ({
      label: t('softmax-widget.backward.label', { k, index: j }),
      value: g,
      text: formatNumber(g),
    })), { min: -reach, max: reach });
    return numbers;
  }

  // Interaction ----------------------------------------------------------------------------

  // The number fields and the class choice are the SettingsWidget's; the slider, the buttons
  // and the bars are ours.
  #listen(els) {
    // The slider gives log10(T); T is kept to three significant digits, so links stay short.
    listenToSlider(() => this.#widget, els.slider, {
      key: 'temperature',
      read: (log) => Math.min(MAX_TEMPERATURE, Math.max(MIN_TEMPERATURE, Number((10 ** log).toPrecision(3)))),
      what: (temperature) => this.#widget.t('softmax-widget.status.temperatureSet', { temperature: readableNumber(temperature) }),
    });
    els.add.addEventListener('click', () => this.#resize(+1));
    els.remove.addEventListener('click', () => this.#resize(-1));
    chooseClassByBar(() => this.#widget, els.probabilityBars, 'gradClass', (index) => this.#widget.t('softmax-widget.status.classChosen', { index }));
  }

  // Adds a score of 0 at the end, or removes the last (the chosen class stays in range).
  #resize(step) {
    const count = resizeClasses(this.#widget, { key: 'scores', classKey: 'gradClass', step, min: MIN_SCORES, max: MAX_SCORES });
    if (count === null) return;
    this.#widget.commit(this.#widget.t(step > 0 ? 'softmax-widget.status.added' : 'softmax-widget.status.removed', { count }));
  }
}

// Shared by every widget on the page -------------------------------------------------------

/** One core per page, shared by every widget. */
const sharedCore = sharedLoader(loadLayers);

// The softmax's numbers for these settings, or why they cannot be shown: the scores divided by T
// must stay within float32, and the core judges the rest (its LayerError names the setting).
// Messages are English here; the widget reads them into its language.
function checkedNumbers(settings, core) {
  const tooLarge = scaleProblem(settings);
  if (tooLarge) throw new Error(translator('en')('softmax-widget.errors.tooLarge', { reason: tooLarge }));
  return softmaxNumbers(core, settings);
}

const listText = (values) => Array.from(values, readableNumber).join(', ');
