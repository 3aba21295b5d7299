import { loadLearning } from 'pooling-course/learning';
import { markPressed, showNumber } from '../shared/aria-grid.js';
import { setAttributeIfChanged, setText } from '../shared/element.js';
import { readableNumber, subscript, termNumber } from '../shared/format-number.js';
import { fitMatrixGrids } from '../shared/matrix-grid.js';
import { spokenList } from '../shared/spoken.js';
import { SettingsElement } from '../shared/settings-element.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { linearNumbers, LISTS, selectedValue, termsOf } from './model.js';
import { CHANGE_EVENT, parseSelection, selectionText, SETTINGS, settingsFromAttributes } from './settings.js';
import { buildSkeleton, COMPUTED, EDITABLE, placeOf } from './template.js';
import { cssText } from './styles.js';

/**
 * @tag linear-widget
 * @summary Backpropagation through one linear layer (PyTorch's nn.Linear, F.linear): the forward
 * pass y = x Wᵀ + b for a batch of N inputs, and the backward pass for an upstream gradient
 * G = ∂L/∂y: ∂L/∂x = G W, ∂L/∂W = Gᵀ X and ∂L/∂b = the column sums of G. X, W, b and G are
 * number fields; every computed cell is a button that highlights the numbers entering it and
 * writes out its sum. Every number comes from the WASM learning core (linear, linearBackward).
 *
 * Lists of numbers are separated by spaces (or commas), row-major.
 *
 * @attr {number} batch - N, 1 to 4 (default 2).
 * @attr {number} in-features - in_features, 1 to 4 (default 3).
 * @attr {number} out-features - out_features, 1 to 4 (default 2).
 * @attr {string} input - N × in numbers, [N, in] (default "1 2 -1 0.5 -2 3").
 * @attr {string} weight - out × in numbers, [out, in] as nn.Linear holds them (default "0.5 -1 2 1 0.25 -0.5").
 * @attr {string} bias - out numbers, or "null" for no bias, nn.Linear(bias=False) (default "0.5 -1").
 * @attr {string} grad-output - The upstream gradient: "ones" (default) or N × out numbers.
 * @attr {string} selected - The computed cell whose sum is written out: "output R,C",
 *   "grad_input R,C", "grad_weight R,C" or "grad_bias C", from 1 (default "output 1,1").
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * Without an attribute its default is used; a list default that does not fit other sizes is
 * the default's numbers taken over again in order. The widget writes what the learner changes
 * back to these attributes. A bad value never throws to the page: the widget shows why in its
 * place (role=alert, quoting the attribute) and warns on the console.
 *
 * @method getState - { batch, inFeatures, outFeatures, input, weight, bias, gradOutput,
 *   selected, colorScheme } (gradOutput as its numbers; bias null for no bias),
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object. null removes a setting (its default
 *   returns), except bias: null is no bias, as getState writes it.
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("selected=grad_bias 1") over the
 *   attributes the page gave it; true if it applied.
 * @fires linear-widget-change - The learner changed a number or selected a cell. detail:
 *   { state: getState(), byUser: true }. Not fired for changes made from code.
 *
 * @csspart forward - The forward pass: X, W, b and Y.
 * @csspart backward - The backward pass: G, ∂L/∂x, ∂L/∂W and ∂L/∂b.
 * @csspart input - A grid of number fields.
 * @csspart grid - A grid of computed cells.
 * @csspart sum - The selected cell's sum.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class LinearWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;
  // The numbers (with their sizes and the selected cell) that the learner last heard of, or that
  // the page last set: what the live sentence counts the changed cells against.
  #heard = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      fromAttributes: settingsFromAttributes,
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => linearNumbers(core, settings),
      viewOnly: ['selected'],
      draw: (settings, core, numbers, { newFromPage }) => this.#draw(settings, numbers, newFromPage),
      announce: (what, drawn) => this.#sentence(what, drawn),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  // Rendering ------------------------------------------------------------------------------

  // Every number on screen, from the core; the grids follow the sizes (the SettingsWidget writes
  // the fields after the drawing, a new grid's too).
  #draw(settings, numbers, newFromPage) {
    const { t } = this.#widget;
    const els = this.#els;
    const w = (key, params) => t(`linear-widget.${key}`, params);
    const sizes = `${settings.batch},${settings.inFeatures},${settings.outFeatures},${settings.bias === null}`;
    if (els.built !== sizes) {
      els.built = sizes;
      fitMatrixGrids(els, { editable: EDITABLE, computed: COMPUTED }, settings, w, { placeOf: (key, r, c) => placeOf(t, key, r, c), named: true });
    }
    const noBias = settings.bias === null;
    els.panels.bias.figure.hidden = noBias;
    els.panels.grad_bias.figure.hidden = noBias;
    setText(els.upstream, w(settings.gradOutput.every((value) => value === 1) ? 'backward.ones' : 'backward.given'));

    const selection = parseSelection(settings.selected);
    for (const { key: grid, shape } of COMPUTED) {
      const values = numbers[LISTS[grid]];
      const buttons = els.buttons[grid];
      const [, columns] = shape(settings);
      if (values) {
        buttons.forEach((button, i) => {
          showNumber(button, values[i]);
          setAttributeIfChanged(button, 'aria-label', w(`cells.${grid}`, {
            place: placeOf(t, grid, Math.floor(i / columns), i % columns), value: readableNumber(values[i]),
          }));
        });
      }
      const pressed = selection.grid === grid ? selection.row * columns + selection.column : null;
      markPressed(buttons, pressed, pressed);
    }

    // The cells that enter the selected one.
    const { terms, cells } = termsOf(settings, selection);
    for (const { key } of EDITABLE) {
      const entering = new Set(cells[key] ?? []);
      els.cells[key].forEach((cell, i) => cell.classList.toggle('in-window', entering.has(i)));
    }
    const value = selectedValue(numbers, settings, selection);
    setText(els.sum, sumText(settings, selection, terms, value));
    if (newFromPage) this.#heard = { numbers, sizes, selected: settings.selected };
    return { numbers, sizes, selection, value, selected: settings.selected };
  }

  // The live sentence: what the learner changed, how many cells of each result grid changed
  // since the last sentence (a screen reader user cannot see the other grids follow; new sizes
  // change every grid, and go unsaid), and the selected cell's number. Spoken, so cells are
  // named "∂L/∂w row 1, column 2", not with the sum's subscripts.
  #sentence(what, { numbers, sizes, selection, value, selected }) {
    const { t } = this.#widget;
    const w = (key, params) => t(`linear-widget.${key}`, params);
    const heard = this.#heard;
    this.#heard = { numbers, sizes, selected };
    // The same numbers and another cell: only the selection moved (it computes nothing).
    if (heard?.numbers === numbers && heard.selected !== selected) return w('status.selectedSentence', { what, value: readableNumber(value) });
    let changes = '';
    if (heard?.sizes === sizes) {
      const changed = COMPUTED.map(({ key: grid }) => {
        const [now, then] = [numbers[LISTS[grid]], heard.numbers[LISTS[grid]]];
        return { grid, count: now && then ? now.filter((number, i) => !Object.is(number, then[i])).length : 0 };
      }).filter(({ count }) => count > 0);
      const grids = changed.map(({ grid, count }) => w(`status.changedCells.${count === 1 ? 'one' : 'other'}`, {
        count, grid: w(`status.gridNames.${grid}`),
      }));
      changes = grids.length === 0 ? w('status.unchanged') : w('status.changed', { grids: spokenList(t.lang, grids) });
    }
    return w('status.sentence', { what, changed: changes, name: spokenName(t, selection), value: readableNumber(value) });
  }

  // Interaction ----------------------------------------------------------------------------

  // The number fields are the SettingsWidget's; a computed cell selects itself.
  #listen(els) {
    els.root.addEventListener('click', (event) => {
      const button = event.target.closest?.('button.computed');
      if (!button || !this.#widget.settings) return;
      const selection = { grid: button.dataset.grid, row: Number(button.dataset.row), column: Number(button.dataset.column) };
      const { t } = this.#widget;
      this.#widget.apply('selected', selectionText(selection), t('linear-widget.status.selected', { name: spokenName(t, selection) }));
    });
  }
}

// The sum, written out ---------------------------------------------------------------------

// Each list's symbol and its number of columns, for a cell's name (x₂,₃, w₁,₂, b₂, g₁,₁).
const SYMBOLS = {
  input: ['x', (s) => s.inFeatures], weight: ['w', (s) => s.inFeatures], bias: ['b', null], gradOutput: ['g', (s) => s.outFeatures],
};

function symbolOf(settings, key, index) {
  const [symbol, columnsOf] = SYMBOLS[key];
  if (!columnsOf) return `${symbol}${subscript(String(index + 1))}`;
  const columns = columnsOf(settings);
  return `${symbol}${subscript(`${Math.floor(index / columns) + 1},${(index % columns) + 1}`)}`;
}

/** A cell's name as a screen reader says it: "output y row 1, column 1", "∂L/∂b 2". */
function spokenName(t, { grid, row, column }) {
  return t(`linear-widget.names.${grid}`, { place: placeOf(t, grid, row, column) });
}

/** The selected cell's name as the sum writes it: y₁,₁, ∂L/∂x₂,₁, ∂L/∂w₁,₂, ∂L/∂b₂. */
function nameOf({ grid, row, column }) {
  const place = subscript(grid === 'grad_bias' ? `${column + 1}` : `${row + 1},${column + 1}`);
  return { output: 'y', grad_input: '∂L/∂x', grad_weight: '∂L/∂w', grad_bias: '∂L/∂b' }[grid] + place;
}

/**
 * "y₁,₁ = x₁,₁ × w₁,₁ + ... + b₁ = 1 × 0.5 + ... + 0.5 = −3": the cell's name, its terms by name,
 * the same terms with the numbers shown, and the core's result.
 */
function sumText(settings, selection, terms, result) {
  const join = (write) => terms.map((factors) => factors.map(write).join(' × ')).join(' + ');
  const names = join(([key, index]) => symbolOf(settings, key, index));
  const values = join(([key, index]) => termNumber(settings[key][index]));
  return `${nameOf(selection)} = ${names} = ${values} = ${readableNumber(result)}`;
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadLearning);
