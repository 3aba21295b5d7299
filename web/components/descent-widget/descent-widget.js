import { loadOptim } from 'pooling-course/optim';
import { afterPaint, element, keepChildren, setAttributeIfChanged, setText } from '../shared/element.js';
import { readableNumber } from '../shared/format-number.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { SettingsElement } from '../shared/settings-element.js';
import { descentNumbers, stateRows, zeroOverZeroStep } from './model.js';
import { drawLevels, drawSurface, drawWalks, gridOf, projection } from './plot.js';
import { CHANGE_EVENT, MAX_STEPS, OPTIONS_OF, SETTINGS, VIEWS } from './settings.js';
import { buildSkeleton } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag descent-widget
 * @summary An optimiser walking down a surface: SGD (with momentum), RMSprop or Adam, from a
 * start point, for a number of steps the learner moves one at a time. The picture shows the
 * surface's level curves and the walk; the table gives where the walk stands, the gradient
 * there and the optimiser's state (PyTorch's names: momentum_buffer, square_avg, exp_avg,
 * exp_avg_sq); with compare, plain gradient descent (SGD, no momentum, the same lr) walks
 * beside it. Every number comes from the WASM optim core (descend, surface).
 *
 * @attr {"bowl"|"ravine"|"rosenbrock"} surface - The surface (default ravine): bowl
 *   0.5 (x² + y²), ravine 0.5 (x² + 25 y²), rosenbrock (1 − x)² + 100 (y − x²)².
 * @attr {"sgd"|"rmsprop"|"adam"} optimizer - The optimiser (default sgd).
 * @attr {number} lr - The learning rate, from 0 to 10 (default 0.02).
 * @attr {number} momentum - SGD's and RMSprop's momentum, from 0 to below 1 (default 0).
 * @attr {number} alpha - RMSprop's smoothing constant, from 0 to 1 (default 0.99).
 * @attr {string} betas - Adam's two betas, each from 0 to below 1 (default "0.9 0.999").
 * @attr {number} eps - RMSprop's and Adam's eps, from 0 to 1 (default 1e-8).
 * @attr {string} start - Where the walk starts, "x y" (default "-4 1").
 * @attr {number} steps - How many steps are shown, 0 to 200 (default 20).
 * @attr {boolean} compare - Plain gradient descent walks beside it (default false).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * The widget writes what the learner changes back to these attributes; changing an attribute
 * re-renders. A bad value never throws to the page: the widget shows why in its place
 * (role=alert, quoting the attribute) and warns on the console.
 *
 * @method getState - { surface, optimizer, lr, momentum, alpha, betas, eps, start, steps,
 *   compare, colorScheme }, plus { error } while the attributes cannot be drawn (README.md,
 *   "getState").
 * @method setState - Takes any part of that object; null removes one (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("lr=0.1&momentum=0.9") over the
 *   attributes the page gave it; true if it applied.
 * @fires descent-change - The learner changed a setting, a step, compare or the start (a tap
 *   on the picture). detail: { state: getState(), byUser: true }. Not fired for changes made
 *   from code.
 *
 * @csspart controls - The optimiser, the surface, the options, the start and compare.
 * @csspart steps - "Back a step", "One more step" and the number of steps.
 * @csspart plot - The picture of the surface and the walks.
 * @csspart numbers - The table after the last step.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class DescentWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => descentNumbers(core, settings),
      draw: (settings, core, numbers) => this.#draw(settings, core, numbers),
      announce: (what, numbers, settings) => this.#widget.t(`descent-widget.status.${settings.steps === 1 ? 'sentenceOne' : 'sentence'}`, {
        what, steps: settings.steps, value: readableNumber(numbers.walk.values[settings.steps]),
      }),
      sync: (settings) => this.#sync(settings),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  // The options the optimiser reads are shown, the others hidden; the box and the buttons
  // follow the settings.
  #sync(settings) {
    const els = this.#els;
    const read = OPTIONS_OF[settings.optimizer];
    for (const option of els.options) option.hidden = !read.includes(option.dataset.option);
    els.compare.checked = settings.compare;
    els.back.disabled = settings.steps === 0;
    els.forward.disabled = settings.steps === MAX_STEPS;
  }

  // Every number on screen, from the core.
  #draw(settings, core, numbers) {
    const { t } = this.#widget;
    const els = this.#els;
    const w = (key, params) => t(`descent-widget.${key}`, params);
    const { walk, plain, at, here } = numbers;
    const view = VIEWS[settings.surface];
    if (els.plot.surface !== settings.surface) {
      drawSurface(els.plot, settings.surface, view);
      // The level curves are most of a surface's first draw (the core's values over the grid,
      // then the tracing): they follow once the numbers have painted, if the picture still
      // shows that surface then.
      const { plot } = els;
      const { surface } = settings;
      afterPaint(() => {
        if (plot.surface === surface) drawLevels(plot, view, core.surfaceGrid(surface, gridOf(view)));
      });
    }
    const drawn = drawWalks(els.plot, view, walk, plain);
    const n = readableNumber;
    setText(els.plot.title, w(settings.steps === 1 ? 'plot.svgTitleOne' : 'plot.svgTitle', {
      surface: w(`surfaces.${settings.surface}.name`), optimizer: w(`optimizers.${settings.optimizer}`), steps: settings.steps,
      x0: n(settings.start[0]), y0: n(settings.start[1]), x: n(at[0]), y: n(at[1]),
    }));
    setText(els.caption, w(`surfaces.${settings.surface}.hint`));

    const { steps } = settings;
    setText(els.tableTitle, steps === 0 ? w('table.start') : w(steps === 1 ? 'table.afterOne' : 'table.after', { steps }));
    // Each row: its label, its x and y, and whether the label is PyTorch's name for a state.
    const rows = [
      [w('table.position'), at, false],
      [w('table.gradient'), here.gradient, false],
      ...stateRows(settings.optimizer, walk.state).map(([name, values]) => [name, values, true]),
      ...(plain ? [[w('table.plain'), plain.points.slice(2 * settings.steps, 2 * settings.steps + 2), false]] : []),
    ];
    keepChildren(els.rows, rows.length, () => element('tr', {}, [element('th', { scope: 'row' }), element('td', { class: 'number' }), element('td', { class: 'number' })]))
      .forEach((row, i) => {
        const [label, values, isName] = rows[i];
        const [head, x, y] = row.children;
        setText(head, label);
        setAttributeIfChanged(head, 'class', isName ? 'code' : null);
        setText(x, n(values[0]));
        setText(y, n(values[1]));
      });
    const value = walk.values[settings.steps];
    setText(els.value, plain
      ? w('table.valueCompared', { value: n(value), plain: n(plain.values[settings.steps]) })
      : w('table.value', { value: n(value) }));
    // A walk that turns NaN from finite numbers has not left for being too fast: say why.
    const notANumber = zeroOverZeroStep(settings, walk);
    let note = '';
    if (notANumber !== null) note = w('table.zeroOverZero', { step: notANumber });
    else if (drawn.left) note = w('table.left');
    setText(els.note, note);
    setText(els.update, w(`update.${settings.optimizer}`));
    return numbers;
  }

  // Interaction ----------------------------------------------------------------------------

  // The fields, sliders and choices are the SettingsWidget's; the step buttons, the compare
  // box and a tap on the picture are ours. Each handler reads this.#widget when it runs: the
  // first tree's listeners are set up before attachWidget has returned it.
  #listen(els) {
    const step = (by) => this.#widget.stepBy(by, {
      max: MAX_STEPS, forward: 'descent-widget.status.forward', back: 'descent-widget.status.back',
    });
    els.back.addEventListener('click', () => step(-1));
    els.forward.addEventListener('click', () => step(1));
    els.compare.addEventListener('change', () => {
      const { checked } = els.compare;
      this.#widget.apply('compare', checked, this.#widget.t(checked ? 'descent-widget.status.compareOn' : 'descent-widget.status.compareOff'));
    });
    // A tap on the picture starts the walk there (to one decimal); the start's fields do the
    // same from the keyboard.
    els.plot.svg.addEventListener('pointerdown', (event) => {
      const settings = this.#widget.settings;
      if (!settings || event.button !== 0) return;
      const box = els.plot.svg.getBoundingClientRect();
      const { width, height, fromPicture } = projection(VIEWS[settings.surface]);
      const point = fromPicture(((event.clientX - box.left) / box.width) * width, ((event.clientY - box.top) / box.height) * height)
        .map((value) => Math.round(value * 10) / 10);
      const changedX = this.#widget.change('start', 0, point[0]);
      const changedY = this.#widget.change('start', 1, point[1]);
      this.#widget.syncFields({ all: true });
      this.#widget.commit(this.#widget.t('descent-widget.status.started', { x: readableNumber(point[0]), y: readableNumber(point[1]) }), { changed: changedX || changedY });
    });
  }
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadOptim);
