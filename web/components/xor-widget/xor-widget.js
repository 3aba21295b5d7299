import { loadLearning } from 'pooling-course/learning';
import { afterPaint, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { SettingsElement } from '../shared/settings-element.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { drawHiddenSpace } from './hidden-space.js';
import { drawLossCurve } from './loss-curve.js';
import { pictureGrid, POINTS, TARGETS, XorTrainer } from './model.js';
import { drawPlaneMarks, paintPlane } from './plane.js';
import { CHANGE_EVENT, MAX_SEED, MAX_STEPS, SETTINGS } from './settings.js';
import { buildColumns, buildSkeleton } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag xor-widget
 * @summary A 2 → H → 1 network learning XOR: the four points (0,0)→0, (0,1)→1, (1,0)→1,
 * (1,1)→0, hidden = act(x W1ᵀ + b1), p = σ(hidden W2ᵀ + b2), trained by full-batch SGD on
 * binary cross-entropy with logits from a seeded start (nn.Linear's bounds). The learner moves
 * the training a step at a time and sees the input plane coloured by p with each hidden unit's
 * line, the four points in the hidden space (two units), the loss curve, the points' features
 * and probabilities, and the weights. Every number comes from the WASM learning core (xorInit,
 * xorTrain, xorForward).
 *
 * @attr {"tanh"|"relu"|"sigmoid"} activation - The hidden units' activation (default tanh).
 * @attr {number} hidden-units - Hidden units H, 1 to 16 (default 2); `hidden` in links and
 *   lessons (not the attribute: HTML's own `hidden` would hide the element).
 * @attr {number} lr - SGD's learning rate, from 0 to 10 (default 0.5).
 * @attr {number} momentum - SGD's momentum, from 0 to below 1 (default 0).
 * @attr {number} seed - The start's seed, a whole number from 0 to 4294967295 (default 1).
 * @attr {number} steps - Steps of training shown, 0 to 5000 (default 0).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * The widget writes what the learner changes back to these attributes ("New start" writes the
 * next seed); changing an attribute re-renders. A bad value never throws to the page: the
 * widget shows why in its place (role=alert, quoting the attribute) and warns on the console.
 *
 * @method getState - { activation, hidden, lr, momentum, seed, steps, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object; null removes one (its default returns).
 * @method ready - Resolves after the pending render (the input plane's colours follow a frame
 *   later).
 * @method applyQuery - Sets the widget up from a link's query ("seed=3&steps=300") over the
 *   attributes the page gave it; true if it applied.
 * @fires xor-widget-change - The learner changed a setting, took steps or asked for a new start.
 *   detail: { state: getState(), byUser: true }. Not fired for changes made from code.
 *
 * @csspart controls - The activation, hidden units, lr, momentum, the seed and "New start".
 * @csspart steps - "Back a step", "One more step", "+100 steps" and the number of steps.
 * @csspart plane - The input plane: p's colours, the hidden units' lines, the four points.
 * @csspart hidden-space - The four points in the hidden space (two hidden units).
 * @csspart loss - The loss curve and the loss after the last step.
 * @csspart points - The table of the four points.
 * @csspart weights - The table of the weights.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class XorWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;
  #trainer = null;
  // The network the input plane shows (or is about to), for a repaint in another scheme.
  #shown = null;
  #scheme = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      // The training the screen shows (the trainer resumes from its nearest checkpoint); a start
      // or options the core refuses throw.
      numbers: (settings, core) => this.#trainerOf(core).train(settings),
      draw: (settings, core, numbers) => this.#draw(settings, core, numbers),
      announce: (what, numbers, settings) => this.#widget.t(`xor-widget.status.${settings.steps === 1 ? 'sentenceOne' : 'sentence'}`, {
        what, steps: settings.steps, loss: readableNumber(numbers.losses[settings.steps]),
      }),
      sync: (settings) => this.#sync(settings),
    });
  }

  connectedCallback() {
    super.connectedCallback();
    // The plane's colours are painted, not styled: a page that changes scheme gets them again.
    this.#scheme ??= window.matchMedia?.('(prefers-color-scheme: dark)') ?? null;
    this.#scheme?.addEventListener('change', this.#repaint);
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.#scheme?.removeEventListener('change', this.#repaint);
  }

  get #els() {
    return this.#widget.els;
  }

  #trainerOf(core) {
    this.#trainer ??= new XorTrainer(core);
    return this.#trainer;
  }

  // Rendering ------------------------------------------------------------------------------

  #sync(settings) {
    const els = this.#els;
    els.back.disabled = settings.steps === 0;
    els.forward.disabled = settings.steps === MAX_STEPS;
    els.hundred.disabled = settings.steps === MAX_STEPS;
  }

  // Every number on screen, from the core: the text and the cheap pictures now, the input
  // plane's colours (a forward pass over the grid) once they have painted.
  #draw(settings, core, numbers) {
    const { t } = this.#widget;
    const els = this.#els;
    const w = (key, params) => t(`xor-widget.${key}`, params);
    const n = readableNumber;
    const { losses, params, hidden, probabilities } = numbers;
    const { steps } = settings;
    const H = settings.hidden;
    if (els.columns !== H) buildColumns(els, H, t);
    const after = steps === 0 ? 'start' : steps === 1 ? 'afterOne' : 'after';

    setText(els.lossText, w(`loss.${after}`, { steps, loss: n(losses[steps]) }));
    drawLossCurve(els.curve, losses);

    setText(els.pointsTitle, w(`points.${after}`, { steps }));
    [...els.pointsRows.children].forEach((row, k) => {
      const cells = row.children;
      const values = [...POINTS[k], TARGETS[k], ...hidden.subarray(k * H, (k + 1) * H), probabilities[k]];
      setText(cells[0], String(k + 1));
      values.forEach((value, i) => setText(cells[i + 1], n(value)));
    });
    setText(els.weightsTitle, w(`weights.${after}`, { steps }));
    [...els.weightsRows.children].forEach((row, j) => {
      const [, w1x1, w1x2, b1, w2] = row.children;
      setText(w1x1, n(params.w1[2 * j]));
      setText(w1x2, n(params.w1[2 * j + 1]));
      setText(b1, n(params.b1[j]));
      setText(w2, n(params.w2[j]));
    });
    setText(els.outputBias, w('weights.b2', { value: n(params.b2[0]) }));

    const two = H === 2;
    els.space.box.hidden = !two;
    els.spaceKeys.hidden = !two;
    setText(els.spaceNote, two ? '' : w('space.onlyTwo', { hidden: H }));
    if (two) drawHiddenSpace(els.space, settings.activation, hidden, params);

    drawPlaneMarks(els.plane, params, probabilities, n);
    this.#shown = { params, activation: settings.activation, core };
    this.#repaint();
    return numbers;
  }

  // The input plane's colours for the network shown, after the next paint, if it still shows it.
  #repaint = () => {
    const shown = this.#shown;
    if (!shown) return;
    afterPaint(() => {
      if (this.#shown !== shown || !this.#els) return;
      const { probabilities } = shown.core.xorForward(shown.params, pictureGrid(), { activation: shown.activation });
      paintPlane(this.#els.plane, probabilities);
    });
  };

  // Interaction ----------------------------------------------------------------------------

  // The fields, sliders and the choice are the SettingsWidget's; the step buttons and "New
  // start" are ours. Each handler reads this.#widget when it runs: the first tree's listeners
  // are set up before attachWidget has returned it.
  #listen(els) {
    const step = (by) => this.#widget.stepBy(by, {
      max: MAX_STEPS, forward: 'xor-widget.status.forward', back: 'xor-widget.status.back',
    });
    els.back.addEventListener('click', () => step(-1));
    els.forward.addEventListener('click', () => step(1));
    els.hundred.addEventListener('click', () => step(100));
    els.newStart.addEventListener('click', () => {
      const settings = this.#widget.settings;
      if (!settings) return;
      const seed = settings.seed === MAX_SEED ? 0 : settings.seed + 1;
      this.#widget.apply('seed', seed, this.#widget.t('xor-widget.status.newStart', { seed }));
    });
  }
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadLearning);
