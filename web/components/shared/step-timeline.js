// The timeline of the recurrent widgets (<rnn-widget>, <lstm-widget>): a table with a column per
// step under a row of step buttons, and "Add a step" and "Remove the last step" below it. A
// step's button selects the step (the widget works it out) and, pressed again, lets it go; the
// selected step's button is pressed and its column highlighted. The buttons are one Tab stop:
// Left and Right move along them, Home and End go to the first and the last (rovingFocus), Enter
// and Space press. When the number of steps changes the columns follow at the end, one at a
// time: the columns that stay keep their nodes, so a tap lays out one column, not the table, and
// a field that has the focus keeps it.
//
// The widget's settings hold `input` (a number per step) and `selected` (0 for none, or a step
// from 1). Its words (`w`, under its tag) hold timeline.step ({step}), timeline.inputField
// ({step}), steps.add, steps.remove, steps.limits ({min}, {max}), status.selected ({step}),
// status.unselected and status.resized ({steps}).
import { markPressed, rovingFocus } from './aria-grid.js';
import { resizeButtons } from './class-scores.js';
import { element, keepChildren, numberField } from './element.js';

/** The timeline's rules, for an element's shadow styles (colours from palette.js). */
export const stepTimelineCss = `
table.steps thead td { position: sticky; inset-inline-start: 0; z-index: 1; background: var(--pool-surface); }
button.step { inline-size: 100%; min-inline-size: 44px; white-space: nowrap; border-radius: 0.375rem; font-variant-numeric: tabular-nums; }
button.step[aria-pressed="true"] { background: var(--pool-accent); border-color: var(--pool-accent); color: var(--pool-on-accent); }
table.steps td.selected { background: var(--pool-highlight); }
`;

/**
 * The SettingsWidget options that tie the timeline of a widget's tree (els.timeline) to the
 * widget: the timeline's listeners on each new tree, and its columns following the settings.
 * @param {() => object} widgetOf the element's SettingsWidget (asked when needed: the first
 *   tree's listeners are set while SettingsWidget builds it, before the element holds it)
 * @returns {{ listen: (els: object) => void, sync: () => void }}
 */
export function stepTimelineOptions(widgetOf) {
  return {
    listen: (els) => els.timeline.listen(widgetOf),
    sync: () => widgetOf().els.timeline.follow(widgetOf()),
  };
}

/**
 * @typedef {object} TimelineRow a row of the core's numbers under the inputs
 * @property {string} name its cells' key in `cells` (not `inputs`, the inputs' row)
 * @property {string | (Node | string)[]} head the row's heading
 * @property {(step: number) => HTMLTableCellElement} cell a new cell for a step (from 1)
 * @property {Record<string, string>} [attributes] the row's own attributes
 */

/**
 * One tree's timeline, in the words it was built with (a widget builds its tree again, with a
 * new timeline, when its language changes). Its table starts with no columns: `follow` gives it
 * the settings' steps.
 */
export class StepTimeline {
  /** @type {HTMLTableElement} the table, for the widget to place */
  table;

  /** @type {HTMLTableCaptionElement} the table's caption, for the widget to fill in */
  caption;

  /** @type {HTMLElement} the add and remove buttons and their limits, for under the table */
  resizeRow;

  /** @type {HTMLButtonElement[]} a button per step, in order (the same array as steps come and go) */
  steps = [];

  /** @type {Record<string, HTMLTableCellElement[]>} a cell per step for each row by name; `inputs` holds the inputs' fields */
  cells = {};

  #w;
  #max;
  #add;
  #remove;
  #head;
  // The rows under the buttons, the inputs' first, each with how to make a step's cell.
  #rows;

  /**
   * @param {object} options
   * @param {(key: string, params?: object) => string} options.w the widget's words
   * @param {number} options.max the most steps the widget takes (the least is 1)
   * @param {string | (Node | string)[]} options.inputHead the heading of the inputs' row
   * @param {TimelineRow[]} options.rows the rows of the core's numbers, top to bottom
   * @param {string} [options.caption] the caption's words, if they do not change
   */
  constructor({ w, max, inputHead, rows, caption }) {
    this.#w = w;
    this.#max = max;
    const inputs = {
      name: 'inputs',
      head: inputHead,
      attributes: { class: 'given' },
      cell: (step) => element('td', {}, [numberField(w('timeline.inputField', { step }), { key: 'input', index: step - 1 })]),
    };
    this.#rows = [inputs, ...rows].map(({ name, head, cell, attributes = {} }) => {
      this.cells[name] = [];
      return { name, cell, row: element('tr', attributes, [element('th', { scope: 'row' }, head)]) };
    });
    this.#head = element('tr', {}, [element('td')]);
    // One row, as long as it may grow: Up and Down have nowhere to go.
    rovingFocus(this.#head, this.steps, max);
    this.caption = element('caption', { class: 'caption' }, caption);
    this.table = element('table', { class: 'steps' }, [
      this.caption, element('thead', {}, [this.#head]), element('tbody', {}, this.#rows.map(({ row }) => row)),
    ]);
    const { add, remove, buttons } = resizeButtons(w, 'steps', { min: 1, max });
    this.#add = add;
    this.#remove = remove;
    this.resizeRow = buttons;
  }

  /**
   * Gives the table `count` columns, adding or removing them at the end; true if it changed
   * (the new inputs' fields are then to be filled in from the settings).
   */
  resize(count) {
    if (count === this.steps.length) return false;
    // Each row starts with its heading (the buttons' row with an empty corner), so child i is step i.
    const heads = keepChildren(this.#head, count + 1, (step) => element('th', { scope: 'col' }, [
      element('button', {
        type: 'button', class: 'step', 'aria-pressed': 'false', 'data-step': step, tabindex: step === 1 ? '0' : '-1',
      }, this.#w('timeline.step', { step })),
    ])).slice(1);
    // In place: rovingFocus holds the buttons' array, and the cells' arrays are handed out.
    this.steps.splice(0, this.steps.length, ...heads.map((head) => head.firstElementChild));
    for (const { name, row, cell } of this.#rows) {
      this.cells[name].splice(0, this.cells[name].length, ...keepChildren(row, count + 1, cell).slice(1));
    }
    // The row stays one Tab stop: a removed button that was it hands it to the new last one.
    if (count > 0 && !this.steps.some((button) => button.tabIndex === 0)) this.steps[count - 1].tabIndex = 0;
    this.#add.disabled = count >= this.#max;
    this.#remove.disabled = count <= 1;
    return true;
  }

  /** Shows `step` (0 for none) selected: its button pressed and the Tab stop, its column highlighted. */
  select(step) {
    const index = step === 0 ? null : step - 1;
    markPressed(this.steps, index, index);
    for (const cells of Object.values(this.cells)) {
      cells.forEach((cell, i) => cell.classList.toggle('selected', i === index));
    }
  }

  /**
   * Puts the number of steps of the settings into the table. For the widget's `sync`, after
   * which SettingsWidget fills in new inputs' fields with the others.
   * @param {object} widget the element's SettingsWidget
   */
  follow(widget) {
    this.resize(widget.settings.input.length);
  }

  /**
   * Listens for the learner's presses: a step's button selects it or lets it go, and the add and
   * remove buttons add an input of 0 at the end or remove the last (a selection on it moves to
   * the step before). Each is drawn, announced and reported by the widget.
   * @param {() => object} widgetOf the element's SettingsWidget (asked at each press: the
   *   listeners are set while SettingsWidget builds its first tree, before the element holds it)
   */
  listen(widgetOf) {
    this.#head.addEventListener('click', (event) => {
      const button = event.target.closest?.('button.step');
      if (button) this.#select(widgetOf(), Number(button.dataset.step));
    });
    this.#add.addEventListener('click', () => this.#resizeBy(widgetOf(), +1));
    this.#remove.addEventListener('click', () => this.#resizeBy(widgetOf(), -1));
  }

  #select(widget, step) {
    if (!widget.settings) return;
    const selected = widget.settings.selected === step ? 0 : step;
    widget.apply('selected', selected, selected === 0 ? this.#w('status.unselected') : this.#w('status.selected', { step }));
  }

  #resizeBy(widget, by) {
    const { settings } = widget;
    if (!settings) return;
    const steps = settings.input.length + by;
    if (steps < 1 || steps > this.#max) return;
    if (settings.selected > steps) widget.change('selected', undefined, steps);
    // apply hands the focus on from a button that has just disabled itself (Add at the last step).
    widget.apply('input', by > 0 ? [...settings.input, 0] : settings.input.slice(0, steps), this.#w('status.resized', { steps }));
  }
}
