import { loadRl } from 'pooling-course/rl';
import { setAttributeIfChanged, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { SettingsElement } from '../shared/settings-element.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { syncStepper } from '../shared/stepper.js';
import { drawChart } from './chart.js';
import { ppoTraining, ppoView } from './model.js';
import { ACTIONS, CHANGE_EVENT, MAX_EPOCHS, MAX_SAMPLES, SETTINGS, withEpochs, withSamples } from './settings.js';
import { buildSkeleton, fitSamples } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag ppo-widget
 * @summary PPO's clipped objective (Schulman et al. 2017) on N samples, each a policy over three
 * actions (a row of logits), the action taken in it and that action's advantage. The old
 * log-probs are the starting policy's; `epochs` SGD steps with `lr` then train the logits on
 * −mean(min(r A, clamp(r, 1 − ε, 1 + ε) A)), r = π(a) / π_old(a). A chart shows each sample's
 * ratio epoch by epoch over the band [1 − ε, 1 + ε]; the selected epoch's logits, every action's
 * log-prob, the ratio, the objective, the ratio's gradient (0 once the ratio has left the band
 * in the direction its advantage favours) and the loss are shown in detail. Every number comes
 * from the WASM rl core (ppo, ppoBackward, ppoTrain).
 *
 * Lists of numbers are separated by spaces (or commas).
 *
 * @attr {number} samples - N, 1 to 4 (default 2).
 * @attr {string} logits - N × 3 numbers, row by row, each from −20 to 20 (default "0 0 0 0 0 0").
 * @attr {string} actions - N actions, each 1, 2 or 3 (default "1 2").
 * @attr {string} advantages - N numbers, each from −100 to 100 (default "1 -1").
 * @attr {number} clip - ε, more than 0 and less than 1 (default 0.2).
 * @attr {number} lr - The step's learning rate, 0 to 100 (default 0.5).
 * @attr {number} epochs - How many steps, 1 to 50 (default 10).
 * @attr {number} selected - The epoch shown in detail, the state after that many steps, 0 to
 *   epochs (default epochs, the last).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * A list left out is its default, taken over again in order until it fits the samples; a list
 * given must fit them exactly. The widget writes what the learner changes back to these
 * attributes. A bad value never throws to the page: the widget shows why in its place
 * (role=alert, quoting the attribute) and warns on the console.
 *
 * @method getState - { samples, logits, actions, advantages, clip, lr, epochs, selected,
 *   colorScheme }, plus { error } while the attributes cannot be drawn (README.md,
 *   "getState").
 * @method setState - Takes any part of that object; null removes a setting (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("lr=5&selected=1") over the
 *   attributes the page gave it; true if it applied.
 * @fires ppo-widget-change - The learner changed a number, an action, the samples or the epoch
 *   shown. detail: { state: getState(), byUser: true }. Not fired for changes made from code.
 *
 * @csspart controls - The samples' stepper and the clip, lr and epochs fields.
 * @csspart samples - A card per sample: its logits, the action taken and its advantage.
 * @csspart chart - The ratios' chart, its legend and the epoch's stepper and slider.
 * @csspart epoch - The loss and each sample's numbers at the epoch shown.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class PpoWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      // The training is the numbers; the epoch shown is a view of it (one forward pass, and a
      // backward one after the last step), so moving the slider trains nothing again.
      numbers: (settings, core) => ppoTraining(core, settings),
      // A typed number of epochs moves the epoch shown with it: the last stays the last, one past
      // the new end becomes it. Each keystroke starts from the settings the field had when it
      // took the focus, so typing "15" over 10 keeps epoch 5 where the "1" on the way would have
      // moved it. A number of epochs the rules refuse moves nothing; they refuse it as it is.
      follow: (next, key, from) => (key === 'epochs' && Number.isInteger(next.epochs) && next.epochs >= 1 && next.epochs <= MAX_EPOCHS
        ? { ...next, selected: withEpochs(from, next.epochs).selected } : next),
      viewOnly: ['selected'],
      view: (settings, core, training) => ppoView(core, settings, training),
      draw: (settings, core, shown) => this.#draw(settings, shown),
      announce: (what, numbers, settings) => this.#widget.t('ppo-widget.status.sentence', {
        what, epoch: settings.selected, ratios: Array.from(numbers.epoch.ratio, readableNumber).join(', '), loss: readableNumber(numbers.epoch.loss),
      }),
      sync: (settings) => this.#sync(settings),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  // The steppers and the slider follow the settings. The slider's new maximum comes before the
  // SettingsWidget writes its value: against the old one, a value beyond it would be cut.
  #sync(settings) {
    const els = this.#els;
    const { samples, epochs, selected } = settings;
    syncStepper({ fewer: els.fewer, more: els.more, value: els.samplesValue }, samples, { min: 1, max: MAX_SAMPLES });
    setAttributeIfChanged(els.slider, 'max', String(epochs));
    syncStepper({ fewer: els.earlier, more: els.later }, selected, { min: 0, max: epochs });
  }

  // Every number on screen, from the core; the cards follow the samples (the SettingsWidget
  // writes the fields after the drawing, a new card's too).
  #draw(settings, numbers) {
    const { t } = this.#widget;
    const els = this.#els;
    const w = (key, params) => t(`ppo-widget.${key}`, params);
    if (els.built !== settings.samples) fitSamples(els, settings.samples, t);
    const { epochs, selected, samples, clip } = settings;
    const epoch = numbers.epoch;
    const eps = readableNumber(clip);

    setText(els.chart.title, w('chart.svgTitle', { epochs, clip: eps, selected }));
    drawChart(els.chart, { ratio: numbers.training.history.ratio, samples, epochs, clip, selected }, {
      bandLow: w('chart.bandLow'), bandHigh: w('chart.bandHigh'), epoch: w('chart.epoch'),
    });
    els.legendItems.forEach((item, n) => setText(item, w('chart.legend', {
      sample: n + 1, action: settings.actions[n], advantage: readableNumber(settings.advantages[n]),
    })));
    setText(els.epochValue, w('epoch.value', { epoch: selected, epochs }));

    setText(els.epochTitle, w(selected === 0 ? 'epoch.start' : 'epoch.title', { epoch: selected }));
    setText(els.loss, w('epoch.loss', { loss: readableNumber(epoch.loss), clip: eps }));
    els.lastNote.hidden = selected !== epochs;
    els.details.forEach((parts, n) => {
      const taken = settings.actions[n] - 1;
      parts.heads.forEach((head, k) => {
        setText(head, w(k === taken ? 'table.actionTaken' : 'table.action', { action: k + 1 }));
        head.classList.toggle('taken', k === taken);
      });
      for (let k = 0; k < ACTIONS; k++) {
        setText(parts.logits[k], readableNumber(epoch.logits[n * ACTIONS + k]));
        setText(parts.logProbs[k], readableNumber(epoch.actionLogProbs[k][n]));
        parts.logits[k].classList.toggle('taken', k === taken);
        parts.logProbs[k].classList.toggle('taken', k === taken);
      }
      setText(parts.ratio, readableNumber(epoch.ratio[n]));
      setText(parts.objective, readableNumber(epoch.objective[n]));
      setText(parts.gradRatio, readableNumber(epoch.gradRatio[n]));
      // Whether the ratio is clipped is the core's gradient: exactly 0 where the clip stops it
      // (an advantage of 0 gives 0 too, and says so).
      const grad = epoch.gradRatio[n];
      const state = grad !== 0 ? (grad < 0 ? 'up' : 'down') : settings.advantages[n] === 0 ? 'still' : 'clipped';
      setText(parts.clipped, w(`detail.${state}`));
      parts.clipped.classList.toggle('stopped', state === 'clipped');
      parts.card.dataset.state = state;
    });
    return numbers;
  }

  // Interaction ----------------------------------------------------------------------------

  // The number fields, the selects and the slider are the SettingsWidget's; the steppers are
  // ours. Each handler reads this.#widget when it runs: the first tree's listeners are set up
  // before attachWidget has returned it.
  #listen(els) {
    els.fewer.addEventListener('click', () => this.#resize(-1));
    els.more.addEventListener('click', () => this.#resize(+1));
    els.earlier.addEventListener('click', () => this.#showEpoch(-1));
    els.later.addEventListener('click', () => this.#showEpoch(+1));
  }

  // One sample more or fewer: the others keep their numbers, a new one takes the default's.
  #resize(by) {
    const widget = this.#widget;
    const { settings, t } = widget;
    if (!settings) return;
    const samples = settings.samples + by;
    if (samples < 1 || samples > MAX_SAMPLES) return;
    const next = withSamples(settings, samples);
    for (const key of ['logits', 'actions', 'advantages']) widget.change(key, undefined, next[key]);
    widget.apply('samples', samples, t('ppo-widget.status.samples', { samples }));
  }

  #showEpoch(by) {
    const widget = this.#widget;
    const { settings, t } = widget;
    if (!settings) return;
    const epoch = Math.min(settings.epochs, Math.max(0, settings.selected + by));
    widget.apply('selected', epoch, t('ppo-widget.status.epoch', { epoch }));
  }
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadRl);
