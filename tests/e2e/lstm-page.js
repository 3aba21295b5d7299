// The page object of <lstm-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/lstm-widget.js) or find a lesson's, and read their
// parts by role and label. Specs import `test` from here to get an `lstm` fixture.
import { expect, expectRounded, lastNumber, SettingsWidgetPage, toNumber, withPageObject } from './settings-widget-page.js';

/** The timeline's rows of the core's numbers, top to bottom, and where lstm-expected.json holds each. */
export const ROWS = [
  ['input', (expected) => expected.gates.input], ['forget', (expected) => expected.gates.forget],
  ['cell', (expected) => expected.gates.cell], ['output', (expected) => expected.gates.output],
  ['cells', (expected) => expected.cells], ['hidden', (expected) => expected.hidden],
  ['gradCells', (expected) => expected.gradCells], ['gradHidden', (expected) => expected.gradHidden],
];

export class LstmPage extends SettingsWidgetPage {
  static TAG = 'lstm-widget';

  static CHANGE_EVENT = 'lstm-widget-change';

  get drawn() {
    return this.root.locator('tr[data-row="gradHidden"] .value').filter({ hasText: /\d/ }).first();
  }

  /** The timeline's step button of step t (from 1). */
  step(t) {
    return this.button(`Step ${t}`);
  }

  /** The timeline's scrolling box. */
  get timeline() {
    return this.root.locator('.timeline .scroll');
  }

  /**
   * What the widget shows: the gates' fields (four rows of three), the inputs' fields, each
   * timeline row's numbers and bars (percent of the track: start and width), the step buttons
   * ([text, pressed]), whether each step's column is highlighted, and the written-out step's
   * title and lines, all as text.
   */
  async read() {
    return this.root.evaluate((widget) => {
      const root = widget.shadowRoot;
      const rows = {};
      for (const row of root.querySelectorAll('tbody tr[data-row]')) {
        rows[row.dataset.row] = [...row.querySelectorAll('td')].map((td) => td.textContent);
      }
      const bars = {};
      for (const row of root.querySelectorAll('tbody tr[data-row]')) {
        bars[row.dataset.row] = [...row.querySelectorAll('.fill')].map((fill) => [parseFloat(fill.style.insetInlineStart), parseFloat(fill.style.inlineSize)]);
      }
      return {
        gates: [...root.querySelectorAll('.gate-row:not(.head)')].map((row) => [...row.querySelectorAll('input')].map((input) => input.value)),
        input: [...root.querySelectorAll('input[data-key="input"]')].map((input) => input.value),
        rows,
        bars,
        buttons: [...root.querySelectorAll('button.step')].map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
        // Per step: whether its column's cells have a background of their own ('all', 'none' or 'some').
        highlighted: [...root.querySelectorAll('button.step')].map((_, i) => {
          const shaded = [...root.querySelectorAll('tbody tr')].map((row) => getComputedStyle(row.querySelectorAll('td')[i]).backgroundColor !== 'rgba(0, 0, 0, 0)');
          return shaded.every(Boolean) ? 'all' : shaded.some(Boolean) ? 'some' : 'none';
        }),
        title: root.querySelector('#written-title').textContent,
        lines: [...root.querySelectorAll('.lines li')].map((line) => line.textContent),
      };
    });
  }
}

export const test = withPageObject('lstm', LstmPage);

export { expect };

/** The attributes of a case of lstm-expected.json (its settings as a teacher would write them). */
export function attributesOf(settings) {
  const names = {
    input: 'input', inputGate: 'input-gate', forgetGate: 'forget-gate', cellGate: 'cell-gate', outputGate: 'output-gate', selected: 'selected',
  };
  return Object.fromEntries(Object.entries(names).filter(([key]) => settings[key] !== undefined)
    .map(([key, name]) => [name, Array.isArray(settings[key]) ? settings[key].join(' ') : String(settings[key])]));
}

// The number after the first "=" of a sentence ("∂L/∂h₆ = 1, since the loss is L = h₆.", or
// its Chinese).
const firstNumber = (text) => toNumber(text.split('=')[1].split(/[,:，：]/)[0]);

/**
 * Every number the widget shows is torch.nn.LSTM(1, 1)'s and autograd's for its case
 * (lstm-expected.json): the fields hold the settings, a column per step holds that step's
 * gates, cell state, output and gradients, each gate's bar fills its value of the track, and
 * the selected step's lines end on the same numbers.
 */
export async function expectLstmNumbers(lstm, expected) {
  const { settings } = expected;
  const shown = await lstm.read();
  const steps = settings.input.length;
  expect(shown.gates.map((row) => row.map(toNumber)), 'the gates\' fields').toEqual([settings.inputGate, settings.forgetGate, settings.cellGate, settings.outputGate]);
  expect(shown.input.map(toNumber), 'the inputs\' fields').toEqual(settings.input);
  expect(shown.buttons.map(([text]) => Number(text.match(/\d+/)?.[0])), 'a button per step, saying its number').toEqual(settings.input.map((_, i) => i + 1));
  expect(shown.buttons.map(([, pressed]) => pressed === 'true'), 'the selected step is pressed').toEqual(settings.input.map((_, i) => i + 1 === settings.selected));
  expect(shown.highlighted, 'the selected step\'s column is highlighted, and no other').toEqual(settings.input.map((_, i) => (i + 1 === settings.selected ? 'all' : 'none')));
  for (const [name, read] of ROWS) {
    const values = read(expected);
    expect(shown.rows[name], `${name}: one number per step`).toHaveLength(steps);
    values.forEach((value, i) => expectRounded(shown.rows[name][i], value, `${name} at step ${i + 1}`));
  }
  // A sigmoid gate's bar runs from the track's start to its value.
  for (const name of ['input', 'forget', 'output']) {
    expected.gates[name].forEach((value, i) => {
      const [start, width] = shown.bars[name][i];
      expect(start, `${name} gate's bar at step ${i + 1} starts at 0`).toBe(0);
      expect(Math.abs(width - 100 * value), `${name} gate's bar at step ${i + 1}: ${width} % for ${value}`).toBeLessThan(0.01);
    });
  }
  if (settings.selected === 0) {
    expect(shown.lines, 'no step written out: a hint').toHaveLength(1);
    return;
  }
  const k = settings.selected - 1;
  expect(shown.title).toContain(String(settings.selected));
  expect(shown.lines, 'four gates, c, h and two gradients').toHaveLength(8);
  const results = [
    expected.gates.input[k], expected.gates.forget[k], expected.gates.cell[k], expected.gates.output[k], expected.cells[k], expected.hidden[k],
  ];
  results.forEach((value, i) => expectRounded(String(lastNumber(shown.lines[i])), value, `line ${i + 1}: ${shown.lines[i]}`));
  const gradCell = shown.lines[6].includes(' = ∂L/') ? lastNumber(shown.lines[6]) : firstNumber(shown.lines[6]);
  expectRounded(String(gradCell), expected.gradCells[k], `∂L/∂c written out: ${shown.lines[6]}`);
  expectRounded(String(firstNumber(shown.lines[7])), expected.gradHidden[k], `∂L/∂h written out: ${shown.lines[7]}`);
}
