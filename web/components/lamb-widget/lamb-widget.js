import { loadLearning } from 'pooling-course/learning';
import { element, keepChildren, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { SettingsElement } from '../shared/settings-element.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { isZeroInFloat32 } from '../shared/settings-table.js';
import { lambNumbers } from './model.js';
import { CHANGE_EVENT, gradKey, LAYERS, MAX_STEPS, MAX_VALUES, paramKey, SETTINGS } from './settings.js';
import { buildColumns, buildSkeleton, RESULT_ROWS } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag lamb-widget
 * @summary LAMB (You et al. 2019) on two layers side by side, each a parameter vector with its
 * own gradient, sharing the optimiser's options. Each layer takes N steps from a fresh state
 * with the same gradient every step (a steady slope). The widget shows, per layer, the
 * parameter before and after the last step, the gradient, exp_avg, exp_avg_sq, the update
 * (before lr and the ratio) and the last step's trust ratio ‖p‖ / ‖update‖, and a table of
 * every step's ratio and the parameter after it. Every number comes from the WASM learning
 * core (lambStep).
 *
 * Lists of numbers are separated by spaces (or commas).
 *
 * @attr {string} param1 - Layer 1's parameter, 1 to 8 numbers (default "3 4").
 * @attr {string} grad1 - Layer 1's gradient, one per parameter value (default "0.5 -0.5",
 *   taken over again in order for a longer parameter).
 * @attr {string} param2 - Layer 2's parameter, 1 to 8 numbers (default "0.03 0.04").
 * @attr {string} grad2 - Layer 2's gradient, as grad1 (default "0.5 -0.5").
 * @attr {number} lr - The learning rate, from 0 to 10 (default 0.01).
 * @attr {string} betas - beta1 and beta2, each from 0 to below 1 (default "0.9 0.999").
 * @attr {number} eps - From 0 to 1 (default 1e-6).
 * @attr {number} weight-decay - weight_decay, from 0 to 10 (default 0).
 * @attr {number} steps - How many steps each layer takes, 1 to 100 (default 1).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * The widget writes what the learner changes back to these attributes. A bad value never
 * throws to the page: the widget shows why in its place (role=alert, quoting the attribute)
 * and warns on the console.
 *
 * @method getState - { param1, grad1, param2, grad2, lr, betas, eps, weightDecay, steps,
 *   colorScheme }, plus { error } while the attributes cannot be drawn (README.md,
 *   "getState").
 * @method setState - Takes any part of that object; null removes one (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("steps=10&weight_decay=0.1")
 *   over the attributes the page gave it; true if it applied.
 * @fires lamb-widget-change - The learner changed a number, the steps, or a layer's number of
 *   values. detail: { state: getState(), byUser: true }. Not fired for changes made from code.
 *
 * @csspart controls - The optimiser's options: lr, betas, eps, weight_decay.
 * @csspart steps - "Back a step", "One more step" and the number of steps.
 * @csspart layer - A layer: its table, its add and remove buttons, its trust ratio and its
 *   step-by-step table.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class LambWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => lambNumbers(core, settings),
      draw: (settings, core, layers) => this.#draw(settings, layers),
      announce: (what, layers, settings) => this.#widget.t('lamb-widget.status.sentence', {
        what, steps: settings.steps, ratio1: readableNumber(layers[0].trustRatio), ratio2: readableNumber(layers[1].trustRatio),
      }),
      sync: (settings) => this.#sync(settings),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  // Each layer's columns follow its number of values (new fields get their values after this,
  // with the others: SettingsWidget); the buttons follow the settings.
  #sync(settings) {
    const els = this.#els;
    LAYERS.forEach((layer, i) => {
      const parts = els.layers[i];
      const count = settings[paramKey(layer)].length;
      if (parts.count !== count) buildColumns(parts, layer, count, this.#widget.t);
      parts.add.disabled = count >= MAX_VALUES;
      parts.remove.disabled = count <= 1;
    });
    els.back.disabled = settings.steps <= 1;
    els.forward.disabled = settings.steps >= MAX_STEPS;
  }

  // Every number on screen, from the core.
  #draw(settings, layers) {
    const { t } = this.#widget;
    const els = this.#els;
    const { steps } = settings;
    const w = (key, params) => t(`lamb-widget.${key}`, { steps, ...params });
    // With eps 0, a value whose gradient is 0 is moved by 0 / (√0 + 0): NaN, as the lesson's
    // PyTorch code gives. Said, so the NaN does not read as the widget's fault.
    const zeroOverZero = isZeroInFloat32(settings.eps) && layers.some((walk) => walk.update.some(Number.isNaN));
    setText(els.nanNote, zeroOverZero ? w('zeroOverZero') : '');
    els.nanNote.hidden = !zeroOverZero;
    layers.forEach((walk, i) => {
      const parts = els.layers[i];
      const count = walk.param.length;
      setText(parts.caption, w('table.caption', { layer: LAYERS[i] }));
      setText(parts.labels.before, w('table.before'));
      setText(parts.labels.param, w('table.after'));
      for (const key of RESULT_ROWS) {
        parts.cells[key].forEach((cell, j) => setText(cell, readableNumber(walk[key][j])));
      }
      setText(parts.ratio, w('layer.ratio', { ratio: readableNumber(walk.trustRatio) }));
      // One row per step: its number, its ratio and the parameter after it.
      keepChildren(parts.historyRows, steps, () => element('tr', {}, [element('th', { scope: 'row' }), element('td', { class: 'number' })]))
        .forEach((row, k) => {
          const { trustRatio, param } = walk.history[k];
          const [head, ratio, ...values] = keepChildren(row, count + 2, () => element('td', { class: 'number' }));
          setText(head, String(k + 1));
          setText(ratio, readableNumber(trustRatio));
          values.forEach((cell, j) => setText(cell, readableNumber(param[j])));
        });
    });
    return layers;
  }

  // Interaction ----------------------------------------------------------------------------

  // The number fields are the SettingsWidget's; the step buttons and each layer's add and
  // remove buttons are ours. Each handler reads this.#widget when it runs: the first tree's
  // listeners are set up before attachWidget has returned it.
  #listen(els) {
    const step = (by) => this.#widget.stepBy(by, {
      min: 1, max: MAX_STEPS, forward: 'lamb-widget.status.forward', back: 'lamb-widget.status.back',
    });
    els.back.addEventListener('click', () => step(-1));
    els.forward.addEventListener('click', () => step(1));
    LAYERS.forEach((layer, i) => {
      els.layers[i].add.addEventListener('click', () => this.#resize(layer, +1));
      els.layers[i].remove.addEventListener('click', () => this.#resize(layer, -1));
    });
  }

  // Adds a value of 0 (with a gradient of 0) at the end of a layer, or removes its last.
  #resize(layer, by) {
    const settings = this.#widget.settings;
    if (!settings) return;
    const param = settings[paramKey(layer)];
    const count = param.length + by;
    if (count < 1 || count > MAX_VALUES) return;
    const grad = settings[gradKey(layer)];
    this.#widget.change(paramKey(layer), undefined, by > 0 ? [...param, 0] : param.slice(0, count));
    this.#widget.change(gradKey(layer), undefined, by > 0 ? [...grad, 0] : grad.slice(0, count));
    this.#widget.syncFields({ all: true });
    this.#widget.commit(this.#widget.t('lamb-widget.status.resized', { layer, count }));
  }
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadLearning);
