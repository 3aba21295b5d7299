// The page object of <positions-widget> specs: put widgets on the foreign test host (a
// teacher's page on another origin, loading /embed/positions-widget.js) or find a lesson's, and
// read their parts by role and label. Specs import `test` from here to get a `positions` fixture.
import { SHADE_STEPS } from '../../web/components/positions-widget/styles.js';
import {
  expect, expectRounded, roundedTolerance, SettingsWidgetPage, toNumber, withPageObject,
} from './settings-widget-page.js';

export class PositionsPage extends SettingsWidgetPage {
  static TAG = 'positions-widget';

  static CHANGE_EVENT = 'positions-widget-change';

  get drawn() {
    return this.cell(0, 0);
  }

  /** The heat map (the ARIA grid). */
  get map() {
    return this.root.getByRole('grid');
  }

  /** A heat map cell, position and column from 0. */
  cell(position, column) {
    return this.root.locator(`.map-cell[data-position="${position}"][data-column="${column}"]`);
  }

  /** A stepper's number field by its words ("Positions L", "Selected position", ...). */
  stepperField(label) {
    return this.root.getByRole('group', { name: label, exact: true }).getByRole('textbox');
  }

  /** What the widget shows, as text and drawing: everything a spec compares with PyTorch. */
  async read() {
    return this.root.evaluate((widget, steps) => {
      const root = widget.shadowRoot;
      const cells = [...root.querySelectorAll('.map-cell')];
      const attribute = (node, name) => node.getAttribute(name);
      return {
        cellLabels: cells.map((cell) => attribute(cell, 'aria-label')),
        // Each cell's shade, as the widget writes it: its sign's hue (n or p) mixed in by its
        // size, in hundredths (the class n37 is −0.37).
        negative: cells.map((cell) => /^n\d+$/.test(cell.classList[1])),
        positive: cells.map((cell) => /^p\d+$/.test(cell.classList[1])),
        strength: cells.map((cell) => Number(cell.classList[1]?.slice(1)) / steps),
        columnHeads: [...root.querySelectorAll('.column-head')].map((head) => head.textContent),
        rowHeads: [...root.querySelectorAll('.row-head')].map((head) => head.textContent),
        selectedRows: [...root.querySelectorAll('.map-row.selected .row-head')].map((head) => Number(head.textContent)),
        compareRows: [...root.querySelectorAll('.map-row.compare .row-head')].map((head) => Number(head.textContent)),
        clocks: [...root.querySelectorAll('.clock-figure')].map((figure) => {
          const hand = (kind) => {
            const line = figure.querySelector(`line.hand.${kind}`);
            return [Number(attribute(line, 'x2')), Number(attribute(line, 'y2'))];
          };
          return {
            name: figure.querySelector('.clock-name').textContent,
            omega: figure.querySelector('.omega').textContent,
            label: attribute(figure.querySelector('svg'), 'aria-label'),
            selected: hand('selected'),
            compare: hand('compare'),
            dashed: getComputedStyle(figure.querySelector('line.hand.compare')).strokeDasharray,
            solid: getComputedStyle(figure.querySelector('line.hand.selected')).strokeDasharray,
          };
        }),
        rows: [...root.querySelectorAll('table.rows tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent)),
        rowsHead: [...root.querySelectorAll('table.rows thead th')].map((head) => head.textContent),
      };
    }, SHADE_STEPS);
  }
}

export const test = withPageObject('positions', PositionsPage);

export { expect, expectRounded };

/** The attributes of a case of positions-expected.json (its settings as a teacher would write them). */
export function attributesOf(settings) {
  const names = { positions: 'positions', dModel: 'd-model', selected: 'selected', compare: 'compare' };
  return Object.fromEntries(Object.entries(names).filter(([key]) => settings[key] !== undefined).map(([key, name]) => [name, String(settings[key])]));
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const sub = (n) => String(n).replace(/\d/g, (digit) => SUBSCRIPTS[Number(digit)]);
const nameOf = (j) => `${j % 2 === 0 ? 'sin' : 'cos'} ω${sub(Math.floor(j / 2))}`;

// The number at the end of a name ("Position 3, sin ω₁: 0.0299", "位置 3，sin ω₁：0.0299", "ω₁ = 0.1").
const tail = (text) => text.split(/[:：=]\s*/).pop();

/**
 * Every number the widget shows is PyTorch's for its case (positions-expected.json): each heat
 * map cell's name (the compared row's saying so) and shade (its hue the sign, its strength the
 * size), the column and row heads, the selected and compared rows marked, each clock's ω and
 * both hands at the table's (sin, cos) with the compared one dashed, and the two rows' numbers. The English words are
 * matched only when `english` is true. A table holds up to 4096 numbers, so the misses are
 * collected (each naming its place) and asserted once.
 */
export async function expectPositionsNumbers(positions, expected, { english = true } = {}) {
  const { settings, table, frequencies } = expected;
  const { positions: length, dModel, selected, compare } = settings;
  const shown = await positions.read();
  const misses = [];
  const rounded = (text, value, what) => {
    if (!(Math.abs(toNumber(text) - value) <= roundedTolerance(value))) misses.push(`${what}: shows ${text}, PyTorch ${value}`);
  };
  const same = (actual, wanted, what) => {
    if (actual !== wanted) misses.push(`${what}: ${actual}, not ${wanted}`);
  };
  expect(shown.cellLabels, 'a cell per number').toHaveLength(length * dModel);
  expect(shown.columnHeads, 'the columns named as the formula names them').toEqual(Array.from({ length: dModel }, (_, j) => nameOf(j)));
  expect(shown.rowHeads, 'positions from 0').toEqual(Array.from({ length }, (_, p) => String(p)));
  table.forEach((value, i) => {
    const place = `cell ${Math.floor(i / dModel)},${i % dModel}`;
    const label = shown.cellLabels[i];
    const position = Math.floor(i / dModel);
    // The compared row is outlined only: its cells say so.
    const which = position === compare ? ' (compared)' : '';
    if (english) same(label.slice(0, label.lastIndexOf(':') + 2), `Position ${position}${which}, ${nameOf(i % dModel)}: `, `${place}'s name`);
    rounded(tail(label), value, place);
    same(shown.negative[i], value < 0, `${place}'s hue (its sign)`);
    same(shown.positive[i], value >= 0, `${place}'s hue (its sign)`);
    // Half a step of the scale, and float32's rounding of the core's number beside PyTorch's.
    if (!(Math.abs(shown.strength[i] - Math.min(1, Math.abs(value))) <= 0.5 / SHADE_STEPS + 1e-6)) misses.push(`${place}'s strength ${shown.strength[i]} for ${value}`);
  });
  expect(shown.selectedRows, 'the selected row is framed').toEqual([selected]);
  expect(shown.compareRows, 'the compared row is framed').toEqual([compare]);
  expect(shown.clocks, 'a clock per pair of columns').toHaveLength(dModel / 2);
  const at = (position, j) => table[position * dModel + j];
  shown.clocks.forEach((clock, i) => {
    rounded(tail(clock.omega), frequencies[i], `clock ${i}'s ω`);
    same(clock.omega.startsWith(`ω${sub(i)} = `), true, `clock ${i}'s ω named (${clock.omega})`);
    for (const [kind, position] of [['selected', selected], ['compare', compare]]) {
      const [x, y] = clock[kind];
      if (!(Math.abs(x - at(position, 2 * i)) <= 1e-6)) misses.push(`clock ${i}'s ${kind} hand: x ${x} is not sin ${at(position, 2 * i)}`);
      // SVG's y grows downwards: up, at position 0, is −cos.
      if (!(Math.abs(y + at(position, 2 * i + 1)) <= 1e-6)) misses.push(`clock ${i}'s ${kind} hand: y ${y} is not −cos ${at(position, 2 * i + 1)}`);
    }
    same(clock.dashed !== 'none', true, `clock ${i}'s compared hand is dashed`);
    same(clock.solid, 'none', `clock ${i}'s selected hand is solid`);
    if (english) {
      same(clock.name, `clock ${i}`, `clock ${i}'s caption`);
      same(clock.label.startsWith(`Clock ${i}, ω${sub(i)} = `), true, `clock ${i}'s name (${clock.label})`);
    }
  });
  expect(shown.rows, 'a row of the table per column').toHaveLength(dModel);
  shown.rows.forEach(([column, name, own, other], j) => {
    same(`${column} ${name}`, `${j} ${nameOf(j)}`, `row ${j} names its column`);
    rounded(own, at(selected, j), `position ${selected}, column ${j}`);
    rounded(other, at(compare, j), `position ${compare}, column ${j}`);
  });
  if (english) expect(shown.rowsHead.slice(2), 'the rows\' positions').toEqual([`Position ${selected}`, `Position ${compare}`]);
  expect(misses, 'every number as PyTorch has it').toEqual([]);
}

export { toNumber };
