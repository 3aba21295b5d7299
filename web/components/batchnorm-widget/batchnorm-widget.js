import { loadLayers } from 'pooling-course/layers';
import { fitText, shadeCells, showNumber } from '../shared/aria-grid.js';
import { readableNumber } from '../shared/format-number.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { setText } from '../shared/element.js';
import { SettingsElement } from '../shared/settings-element.js';
import { afterTrainingStep, batchNumbers, PER_CHANNEL } from './model.js';
import { BATCH, CHANGE_EVENT, CHANNELS, HEIGHT, indexOf, SETTINGS, WIDTH } from './settings.js';
import { buildSkeleton } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag batchnorm-widget
 * @summary Batch normalisation (PyTorch's BatchNorm2d) over a batch of N = 2 samples with
 * C = 2 channels of 2 x 2 values, one channel near 1 and one near 1000: per channel the batch's
 * mean and variance, the normalised values, gamma and beta, the output; the running statistics
 * a "Training step" moves with momentum; evaluation mode, which uses them and leaves them as
 * they are; and the backward pass (gradInput, gradWeight, gradBias). Every number comes from
 * the WASM layers core (`batchNorm2d`, `batchNorm2dBackward`); the biased variance is the
 * core's unbiased one times (n - 1) / n.
 *
 * Lists of numbers are separated by spaces (or commas); the batch is in [N, C, H, W] order.
 *
 * @attr {string} input - The batch's 16 numbers (default: channel 1 holds 0, 1, 2, 1 and
 *   2, 1, 0, 1; channel 2 holds 990, 1000, 1010, 1000 and 1010, 1000, 990, 1000).
 * @attr {string} weight - gamma, one per channel (default "1 1").
 * @attr {string} bias - beta, one per channel (default "0 0").
 * @attr {string} running-mean - The running mean now, one per channel (default "0 0").
 * @attr {string} running-var - The running variance now, one per channel (default "1 1").
 * @attr {number} steps - How many training steps the learner has taken (default 0).
 * @attr {boolean} training - "true" (default): normalise by the batch's statistics;
 *   "false": evaluation, by the running statistics.
 * @attr {number} momentum - In [0, 1] (default 0.1).
 * @attr {number} eps - Added to the variance, in (0, 1] (default 1e-5).
 * @attr {string} grad-output - The upstream gradient: "ones" (default) or 16 numbers.
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang, else the page's, else English. Numbers read the same in both.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * The widget writes what the learner changes back to these attributes (a training step writes
 * running-mean, running-var and steps), so a link made from them shows the same numbers. A bad
 * value never throws to the page: the widget shows why in its place (role=alert, quoting the
 * attribute) and sends the same message to console.warn.
 *
 * @method getState - Returns { input, weight, bias, runningMean, runningVar, steps, training,
 *   momentum, eps, gradOutput, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object and applies it through the attributes; null
 *   removes one (its default returns). A value it cannot store is refused with a console.warn
 *   naming the key. Fires no event.
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query (its settings' link names, as an
 *   exercise's "set the widget up" link writes them) over the settings the page gave it; true
 *   if it applied, false (with a console warning) if the query cannot be read.
 *
 * @fires batchnorm-change - The learner changed something: a number, the mode, a training step
 *   or a reset. detail: { state: getState(), byUser: true }. Not fired for attributes or state
 *   set from code.
 *
 * @csspart controls - The mode, momentum, the training step, reset and the step counter.
 * @csspart steps - The step counter.
 * @csspart channel - One channel's card.
 * @csspart input - A sample's grid of input fields.
 * @csspart grid - A grid of numbers (normalised, output, gradient).
 * @csspart statistics - A channel's mean and variances.
 * @csspart running - A channel's running statistics, now and after the next step.
 * @csspart backward - A channel's backward pass (a disclosure).
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 *
 * @cssproperty --pool-font-family - Type face (default: the system's UI font).
 */
export class BatchnormWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;
  // The settings on screen and their numbers: a training step takes its running statistics
  // from them rather than from another call of the core.
  #shown = { settings: null, numbers: null };
  // The values each grid of cells shows now: a grid whose values did not change (a training
  // step changes only the running statistics) is not written again.
  #filled = new WeakMap();

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => batchNumbers(core, settings),
      draw: (settings, core, numbers) => this.#draw(settings, numbers),
      announce: (what, numbers, settings) => this.#sentence(what, numbers, settings),
      sync: (settings) => this.#sync(settings),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  #sync(settings) {
    const els = this.#els;
    els.mode.value = settings.training ? 'train' : 'eval';
    els.step.disabled = !settings.training;
  }

  // Every number on screen, from the core.
  #draw(settings, numbers) {
    const { t } = this.#widget;
    const els = this.#els;
    const w = (key, params) => t(`batchnorm-widget.${key}`, params);
    setText(els.steps, w('controls.steps', { steps: settings.steps }));
    setText(els.modeNote, w(settings.training ? 'mode.training' : 'mode.evaluation'));
    setText(els.upstream, settings.gradOutput === 'ones' ? w('backward.ones') : w('backward.given'));
    const fill = (cells, values, c) => {
      if (sameNumbers(this.#filled.get(cells), values)) return;
      this.#filled.set(cells, values);
      for (let n = 0; n < BATCH; n++) {
        const own = [];
        for (let h = 0; h < HEIGHT; h++) for (let x = 0; x < WIDTH; x++) own.push(values[indexOf(n, c, h, x)]);
        cells[n].forEach((cell, i) => {
          showNumber(cell, own[i]);
          // A rounding residue (0.000006914) has more digits than a cell holds: a number below
          // 0.001 is written with its power of ten, to the same four significant digits
          // (6.914e-6), which widens the cells of its grid less (fitText).
          const value = own[i];
          if (value !== 0 && Math.abs(value) < 1e-3) {
            const text = Number(value.toPrecision(4)).toExponential();
            setText(cell, text);
            fitText(cell, text);
          }
        });
      }
      // One value scale per channel and row, across both samples.
      shadeCells(cells.flat(), cells.flatMap((_, n) => Array.from({ length: HEIGHT * WIDTH }, (__, i) => values[indexOf(n, c, Math.floor(i / WIDTH), i % WIDTH)])));
    };
    const { training } = settings;
    els.cards.forEach((card, c) => {
      setText(card.runningTitle, w(training ? 'channel.runningTitle' : 'channel.runningTitleKept'));
      // The statistics beside x̂ are the ones it is normalised by: in evaluation the running
      // ones, as in PyTorch's eval mode; the batch's unbiased variance then feeds nothing shown.
      setText(card.normalisedTitle, w(training ? 'channel.normalisedRow' : 'channel.normalisedRowRunning'));
      setText(card.meanTerm, w(training ? 'channel.mean' : 'channel.meanRunning'));
      setText(card.varianceTerm, w(training ? 'channel.variance' : 'channel.varianceRunning'));
      setText(card.mean, readableNumber(training ? numbers.mean[c] : settings.runningMean[c]));
      setText(card.variance, readableNumber(training ? numbers.variance[c] : settings.runningVar[c]));
      const [unbiasedTerm, unbiased] = card.unbiased;
      unbiasedTerm.hidden = !training;
      unbiased.hidden = !training;
      setText(unbiased, w('channel.unbiasedValue', { value: readableNumber(numbers.unbiasedVariance[c]), less: PER_CHANNEL - 1 }));
      fill(card.normalised, numbers.normalised, c);
      fill(card.output, numbers.output, c);
      fill(card.gradInput, numbers.gradInput, c);
      const next = (now, after) => w(training ? 'channel.runningNext' : 'channel.runningKept', {
        now: readableNumber(now), next: readableNumber(after),
      });
      setText(card.runningMean, next(settings.runningMean[c], numbers.nextRunningMean[c]));
      setText(card.runningVar, next(settings.runningVar[c], numbers.nextRunningVar[c]));
      setText(card.gradWeight, readableNumber(numbers.gradWeight[c]));
      setText(card.gradBias, readableNumber(numbers.gradBias[c]));
    });
    this.#shown = { settings, numbers };
    return numbers;
  }

  #sentence(what, numbers, settings) {
    const { t } = this.#widget;
    const channels = Array.from({ length: CHANNELS }, (_, c) => t('batchnorm-widget.status.channel', {
      channel: c + 1, mean: readableNumber(numbers.mean[c]), variance: readableNumber(numbers.variance[c]),
      runningMean: readableNumber(settings.runningMean[c]), runningVar: readableNumber(settings.runningVar[c]),
    })).join(t('batchnorm-widget.status.separator'));
    return t(`batchnorm-widget.status.${settings.steps === 1 ? 'sentenceOne' : 'sentence'}`, {
      what, channels, mode: t(settings.training ? 'batchnorm-widget.controls.train' : 'batchnorm-widget.controls.eval'), steps: settings.steps,
    });
  }

  // Interaction ----------------------------------------------------------------------------

  // The number fields are the SettingsWidget's; the mode, the step and the reset are ours.
  #listen(els) {
    els.mode.addEventListener('change', () => {
      this.#widget.apply('training', els.mode.value === 'train', this.#widget.t('shared.widget.choice', {
        what: els.mode.getAttribute('aria-label'), text: els.mode.selectedOptions[0]?.textContent ?? els.mode.value,
      }));
    });
    els.step.addEventListener('click', () => {
      const settings = this.#widget.settings;
      if (!settings || !settings.training) return;
      const shown = this.#shown.settings === settings ? this.#shown.numbers : null;
      this.#apply(afterTrainingStep(this.#widget.core, settings, shown), this.#widget.t('batchnorm-widget.status.stepped', { steps: settings.steps + 1 }));
    });
    els.reset.addEventListener('click', () => {
      if (!this.#widget.settings) return;
      const fallback = (key) => structuredClone(SETTINGS.find((row) => row.key === key).fallback);
      const changed = this.#apply({ runningMean: fallback('runningMean'), runningVar: fallback('runningVar'), steps: 0 }, this.#widget.t('batchnorm-widget.status.reset'));
      // A press that finds nothing to reset is still answered: silence would leave a screen
      // reader's user wondering whether it worked.
      if (!changed) this.#widget.say(this.#widget.t('batchnorm-widget.status.resetNone'));
    });
  }

  // Stores several settings at once, then draws, announces and reports them once, and says
  // whether any changed. (The running statistics and the step count have no fields: the fields
  // need no sync.)
  #apply(values, what) {
    let changed = false;
    for (const [key, value] of Object.entries(values)) changed = this.#widget.change(key, undefined, value) || changed;
    this.#widget.commit(what, { changed });
    return changed;
  }
}

// Whether two lists hold the same numbers (Object.is: NaN is NaN, -0 is not 0).
function sameNumbers(a, b) {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** One core per page, shared by every widget. */
const sharedCore = sharedLoader(loadLayers);
