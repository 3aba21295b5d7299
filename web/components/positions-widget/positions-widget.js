import { loadTransformer } from 'pooling-course/transformer';
import { setAttributeIfChanged, setText } from '../shared/element.js';
import { formatNumber, readableNumber, subscript } from '../shared/format-number.js';
import { SettingsElement } from '../shared/settings-element.js';
import { numberProblem, readNumber } from '../shared/settings-table.js';
import { sharedLoader } from '../shared/settings-widget.js';
import { syncStepper } from '../shared/stepper.js';
import { localiseError } from '../../i18n/localise-error.js';
import { positionsNumbers } from './model.js';
import { CHANGE_EVENT, CHOSEN, SETTINGS, SIZES, withPositions } from './settings.js';
import { buildSkeleton, columnName, fitTable } from './template.js';
import { cssText, SHADE_STEPS } from './styles.js';

/**
 * @tag positions-widget
 * @summary The sinusoidal positional encoding of PyTorch's tutorial: L positions of d_model
 * numbers, column 2i = sin(pos · ωᵢ) and column 2i + 1 = cos(pos · ωᵢ), ωᵢ = 10000^(−2i/d_model).
 * The table is a heat map (rows are positions; a cell's focus or hover reads its number, and
 * focusing or pressing one selects its position); each pair of columns is a clock whose hand
 * points at (sin, cos), up at position 0, turning ωᵢ radians a position. The selected
 * position's hands are drawn solid, a compared position's dashed on the same clocks, and both
 * rows' numbers are listed. Positions, columns and clocks count from 0, as the formula does.
 * Every number comes from the WASM transformer core (positionalEncoding).
 *
 * @attr {number} positions - L, the table's rows, 1 to 64 (default 16).
 * @attr {number} d-model - d_model, the table's columns, 2 to 64 and even (default 8).
 * @attr {number} selected - The position whose clocks are shown, 0 to L − 1 (default 1).
 * @attr {number} compare - A second position, drawn dashed on the same clocks, 0 to L − 1 (default 0).
 * @attr {string} lang - "en" or "zh-CN" (any tag of Chinese in simplified characters); default the
 *   nearest ancestor's lang.
 * @attr {"light"|"dark"|"auto"} color-scheme - Pins the colours; "auto" (default) follows the page.
 *
 * The widget writes what the learner changes back to these attributes. A bad value never
 * throws to the page: the widget shows why in its place (role=alert, quoting the attribute) and
 * warns on the console.
 *
 * @method getState - { positions, dModel, selected, compare, colorScheme },
 *   plus { error } while the attributes cannot be drawn (README.md, "getState").
 * @method setState - Takes any part of that object; null removes a setting (its default returns).
 * @method ready - Resolves after the pending render.
 * @method applyQuery - Sets the widget up from a link's query ("d_model=16&selected=3") over
 *   the attributes the page gave it; true if it applied.
 * @fires positions-widget-change - The learner changed a size or a position. detail:
 *   { state: getState(), byUser: true }. Not fired for changes made from code.
 *
 * @csspart controls - The four steppers.
 * @csspart map - The table as a heat map.
 * @csspart clocks - A clock per pair of columns.
 * @csspart rows - The selected and compared positions' numbers.
 * @csspart status - The polite live line saying what changed.
 * @csspart error - The alert: why the widget cannot be shown, or why a typed value is not used.
 */
export class PositionsWidget extends SettingsElement {
  static settingsTable = SETTINGS;

  #widget = null;
  // The core's numbers on screen, for the line that reads a cell out.
  #shown = null;

  constructor() {
    super();
    this.#widget = this.attachWidget(cssText, {
      loadCore: sharedCore,
      changeEvent: CHANGE_EVENT,
      build: buildSkeleton,
      listen: (els) => this.#listen(els),
      numbers: (settings, core) => positionsNumbers(core, settings),
      // The chosen positions pick rows of the table: choosing one redraws the hands, not the table.
      viewOnly: CHOSEN,
      draw: (settings, core, numbers) => this.#draw(settings, numbers),
      announce: (what, numbers, settings) => this.#widget.t('positions-widget.status.sentence', {
        what, selected: settings.selected, compare: settings.compare,
      }),
      sync: (settings) => this.#sync(settings),
    });
  }

  get #els() {
    return this.#widget.els;
  }

  #w(key, params) {
    return this.#widget.t(`positions-widget.${key}`, params);
  }

  // Rendering ------------------------------------------------------------------------------

  // The steppers follow the settings: a size's field shows its value (unless it holds a refused
  // one; written only when it differs, as the SettingsWidget writes the positions' fields), and
  // each button is disabled at its limit.
  #sync(settings) {
    const { steppers } = this.#els;
    const limits = {
      positions: [1, SIZES[0].max], dModel: [2, SIZES[1].max], selected: [0, settings.positions - 1], compare: [0, settings.positions - 1],
    };
    for (const [key, [low, high]] of Object.entries(limits)) {
      const { field } = steppers[key];
      const text = String(settings[key]);
      if (field.dataset.size && field.value !== text && field.getAttribute('aria-invalid') !== 'true') field.value = text;
      syncStepper(steppers[key], settings[key], { min: low, max: high });
    }
  }

  // Every number on screen, from the core; the heat map, clocks and rows follow the sizes.
  #draw(settings, numbers) {
    const els = this.#els;
    const { positions, dModel, selected, compare } = settings;
    const { built } = els;
    this.#shown = numbers;
    if (built?.positions !== positions || built.dModel !== dModel) {
      // A position's numbers do not depend on L, so a new L paints only the rows it adds; a new
      // d_model changes every column's frequency, so every cell.
      const kept = built?.dModel === dModel ? built.positions : 0;
      els.built = { positions, dModel };
      fitTable(els, settings, this.#widget.t);
      this.#paint(numbers, settings, kept * dModel);
    }
    setText(els.mapCaption, this.#w('map.title', { positions, dModel }));
    this.#mark(numbers, settings);
    this.#drawClocks(numbers, settings);
    setText(els.rowsTitle, this.#w('rows.title', { selected, compare }));
    setText(els.head.selected, this.#w('rows.position', { position: selected }));
    setText(els.head.compare, this.#w('rows.position', { position: compare }));
    els.rowCells.forEach(([own, other], j) => {
      setText(own, formatNumber(numbers.table[selected * dModel + j]));
      setText(other, formatNumber(numbers.table[compare * dModel + j]));
    });
    return numbers;
  }

  // The heat map's colours and names: each cell shaded by its number, −1 to 1 (the sign picks
  // the hue, the size its strength), and named with it; the cells before `from` are painted
  // already. What a cell already shows is not written again.
  #paint(numbers, settings, from) {
    const { cells } = this.#els;
    for (let i = from; i < cells.length; i++) {
      const cell = cells[i];
      const value = numbers.table[i];
      const shade = `map-cell ${value < 0 ? 'n' : 'p'}${Math.round(Math.min(1, Math.abs(value)) * SHADE_STEPS)}`;
      if (cell.className !== shade) cell.className = shade;
      this.#name(cell, i, numbers, settings);
    }
  }

  // A cell's name: its position, its column and its number. A cell of the compared row says so,
  // as the map shows that row by its outline alone.
  #name(cell, i, numbers, { dModel, compare }) {
    const position = Math.floor(i / dModel);
    setAttributeIfChanged(cell, 'aria-label', this.#w(position === compare ? 'map.cellCompared' : 'map.cell', {
      position, name: columnName(i % dModel), value: readableNumber(numbers.table[i]),
    }));
  }

  // The selected and compared rows marked; a row that becomes or stops being the compared one
  // names its cells again. The grid's Tab stop moves to the selected row, keeping its column.
  #mark(numbers, settings) {
    const { dModel, selected, compare } = settings;
    const { cells, rowHeads } = this.#els;
    rowHeads.forEach((head, position) => {
      const row = head.parentElement;
      row.classList.toggle('selected', position === selected);
      if (row.classList.contains('compare') === (position === compare)) return;
      row.classList.toggle('compare');
      for (let i = position * dModel; i < (position + 1) * dModel; i++) this.#name(cells[i], i, numbers, settings);
    });
    const stop = cells.findIndex((cell) => cell.tabIndex === 0);
    const column = stop < 0 ? 0 : stop % dModel;
    cells.forEach((cell, i) => {
      const inRow = Math.floor(i / dModel) === selected;
      setAttributeIfChanged(cell, 'aria-selected', String(inRow));
      const tabIndex = inRow && i % dModel === column ? 0 : -1;
      if (cell.tabIndex !== tabIndex) cell.tabIndex = tabIndex;
    });
  }

  // Each clock's hands at the table's (sin, cos) of the two positions: x = sin, y = cos, so
  // position 0 (sin 0, cos 1) points up (SVG's y grows downwards).
  #drawClocks(numbers, { dModel, selected, compare }) {
    const { clocks, clocksTitle, handKeys } = this.#els;
    setText(clocksTitle, this.#w('clocks.title', { selected, compare }));
    setText(handKeys.selected, this.#w('clocks.selectedKey', { position: selected }));
    setText(handKeys.compare, this.#w('clocks.compareKey', { position: compare }));
    const at = (position, j) => numbers.table[position * dModel + j];
    clocks.forEach(({ picture, hands, tips, omega }, i) => {
      const omegaText = `ω${subscript(i)} = ${readableNumber(numbers.frequencies[i])}`;
      setText(omega, omegaText);
      for (const [kind, position] of [['selected', selected], ['compare', compare]]) {
        const x = String(at(position, 2 * i));
        const y = String(-at(position, 2 * i + 1));
        setAttributeIfChanged(hands[kind], 'x2', x);
        setAttributeIfChanged(hands[kind], 'y2', y);
        setAttributeIfChanged(tips[kind], 'cx', x);
        setAttributeIfChanged(tips[kind], 'cy', y);
      }
      setAttributeIfChanged(picture, 'aria-label', this.#w('clocks.label', {
        clock: i, omega: omegaText,
        selected, sinSelected: readableNumber(at(selected, 2 * i)), cosSelected: readableNumber(at(selected, 2 * i + 1)),
        compare, sinCompare: readableNumber(at(compare, 2 * i)), cosCompare: readableNumber(at(compare, 2 * i + 1)),
      }));
    });
  }

  // A cell's number in the line under the heat map, for a pointer or the focus on it.
  #read(cell) {
    const numbers = this.#shown;
    if (!numbers || !cell?.dataset.position) return;
    const position = Number(cell.dataset.position);
    const column = Number(cell.dataset.column);
    const { dModel } = this.#widget.settings;
    setText(this.#els.readout, this.#w('map.readout', {
      position, column, name: columnName(column), value: readableNumber(numbers.table[position * dModel + column]),
    }));
  }

  // Interaction ----------------------------------------------------------------------------

  // The positions' fields are the SettingsWidget's; the sizes' fields, the −/+ buttons and the
  // heat map are ours. Each handler reads this.#widget when it runs: the first tree's listeners
  // are set up before attachWidget has returned it.
  #listen(els) {
    els.root.addEventListener('click', (event) => {
      const step = event.target.closest?.('button.step');
      if (step && this.#widget.settings) this.#step(step.dataset.step, Number(step.dataset.by));
    });
    for (const { key } of SIZES) {
      const { field } = els.steppers[key];
      field.addEventListener('change', () => this.#typedSize(key, field));
      field.addEventListener('focusout', () => {
        // A refused size gives way to the one in use when the learner leaves the field.
        if (field.getAttribute('aria-invalid') !== 'true' || !this.#widget.settings) return;
        field.removeAttribute('aria-invalid');
        field.value = String(this.#widget.settings[key]);
        els.fieldAlert.textContent = '';
      });
    }
    // Focusing a cell (by the arrow keys, a click or a tap) selects its position.
    els.mapBox.addEventListener('focusin', (event) => {
      const cell = event.target.closest?.('.map-cell');
      if (!cell || !this.#widget.settings) return;
      this.#read(cell);
      const position = Number(cell.dataset.position);
      this.#widget.apply('selected', position, this.#w('status.selected', { position }));
    });
    els.mapBox.addEventListener('pointerover', (event) => this.#read(event.target.closest?.('.map-cell')));
  }

  // A −/+ button: a size by its step (a smaller L keeps the chosen positions among its rows), or
  // a chosen position by one.
  #step(key, by) {
    const widget = this.#widget;
    const { settings } = widget;
    const size = SIZES.find((candidate) => candidate.key === key);
    const value = settings[key] + by * (size?.step ?? 1);
    const [low, high] = size ? [size.min, size.max] : [0, settings.positions - 1];
    if (value < low || value > high) return;
    if (size) this.#resize(key, value);
    else widget.apply(key, value, this.#w(`status.${key}`, { position: value }));
  }

  #resize(key, value) {
    const widget = this.#widget;
    if (key === 'positions') {
      const next = withPositions(widget.settings, value);
      for (const chosen of CHOSEN) {
        if (next[chosen] !== widget.settings[chosen]) widget.change(chosen, undefined, next[chosen]);
      }
    }
    widget.apply(key, value, this.#w(`status.${key}`, { size: value }));
  }

  // A size typed into its field, used when committed (Enter or leaving it): refused in words if
  // it is not a number, or breaks its row's rule.
  #typedSize(key, field) {
    const widget = this.#widget;
    if (!widget.settings) return;
    const { t } = widget;
    const label = field.getAttribute('aria-label');
    const typed = numberProblem(field.value);
    let problem = typed === null ? null : t('shared.widget.problem', { label, reason: localiseError(typed, t.lang) });
    const value = readNumber(field.value);
    if (problem === null) {
      SETTINGS.find((row) => row.key === key).check({ ...widget.settings, [key]: value }, (reason) => {
        problem ??= t('shared.widget.reason', { label, reason: localiseError(reason, t.lang) });
      });
    }
    if (problem !== null) {
      field.setAttribute('aria-invalid', 'true');
      this.#els.fieldAlert.textContent = t('shared.widget.refused', { problem, kept: readableNumber(widget.settings[key]) });
      return;
    }
    field.removeAttribute('aria-invalid');
    this.#els.fieldAlert.textContent = '';
    this.#resize(key, value);
  }
}

/** One core per page, shared by every widget of the family. */
const sharedCore = sharedLoader(loadTransformer);
