// The page object of <rnn-widget> specs: put widgets on the foreign test host (a teacher's page
// on another origin, loading /embed/rnn-widget.js) or find a lesson's, and read their parts by
// role and label. Specs import `test` from here to get an `rnn` fixture.
import { expect, expectRounded, SettingsWidgetPage, toNumber, withPageObject } from './settings-widget-page.js';

// The parameters' gradients as the widget lists them, under the keys of rnn-expected.json.
export const GRADIENTS = ['gradWHh', 'gradWIh', 'gradBias', 'gradH0'];

export class RnnPage extends SettingsWidgetPage {
  static TAG = 'rnn-widget';

  static CHANGE_EVENT = 'rnn-widget-change';

  get drawn() {
    return this.root.locator('table.steps tbody tr').nth(1).locator('td').first();
  }

  /** The timeline's table. */
  get timeline() {
    return this.root.locator('table.steps');
  }

  /** The button of step N (from 1). */
  step(step) {
    return this.root.getByRole('button', { name: `Step ${step}`, exact: true });
  }

  /** The selected step's section: its title, the state's line, the gradient's line and the notes. */
  get workedOut() {
    return this.root.locator('section.selected');
  }

  /**
   * What the widget shows, as text: the inputs' fields, the states' and the gradients' cells,
   * the bars' heights (percent of their track), the parameters' gradients, and the worked-out
   * step's lines.
   */
  async read() {
    return this.root.evaluate((widget) => {
      const root = widget.shadowRoot;
      const rows = [...root.querySelectorAll('table.steps tbody tr')];
      const cells = (row) => [...row.querySelectorAll('td')].map((td) => td.textContent);
      return {
        steps: [...root.querySelectorAll('table.steps thead button')].map((button) => button.textContent),
        pressed: [...root.querySelectorAll('table.steps thead button')].map((button) => button.getAttribute('aria-pressed')),
        input: [...rows[0].querySelectorAll('input')].map((input) => input.value),
        states: cells(rows[1]),
        gradHidden: cells(rows[2]),
        bars: [...rows[3].querySelectorAll('.bar-fill')].map((fill) => {
          const track = fill.parentElement.getBoundingClientRect().height;
          return track ? (100 * fill.getBoundingClientRect().height) / track : 0;
        }),
        gradients: [...root.querySelectorAll('section.gradients td')].map((td) => td.textContent),
        selected: widget.getState().selected,
        // Per step: whether its column's cells have a background of their own ('all', 'none' or 'some').
        highlighted: Array.from(rows[0].querySelectorAll('td'), (_, i) => {
          const shaded = rows.map((row) => getComputedStyle(row.querySelectorAll('td')[i]).backgroundColor !== 'rgba(0, 0, 0, 0)');
          return shaded.every(Boolean) ? 'all' : shaded.some(Boolean) ? 'some' : 'none';
        }),
        title: root.querySelector('section.selected h3').textContent,
        forward: root.querySelector('.equation.forward').textContent,
        backward: root.querySelector('.equation.backward').textContent,
        slope: root.querySelector('.slope').textContent,
        note: root.querySelector('.note').textContent,
      };
    });
  }
}

export const test = withPageObject('rnn', RnnPage);

export { expect };

/** The attributes of a case of rnn-expected.json (its settings as a teacher would write them). */
export function attributesOf(settings) {
  const names = { input: 'input', wIh: 'w-ih', wHh: 'w-hh', bias: 'bias', h0: 'h0', nonlinearity: 'nonlinearity', selected: 'selected' };
  return Object.fromEntries(Object.entries(names).filter(([key]) => settings[key] !== undefined)
    .map(([key, name]) => [name, Array.isArray(settings[key]) ? settings[key].join(' ') : String(settings[key])]));
}

/** The bar's height a gradient has on the widget's log scale, 1e-4 (none) to 1e3 (full), in percent. */
export function barPercent(gradient) {
  const size = Math.abs(gradient);
  if (!(size > 0)) return 0;
  return 100 * Math.min(1, Math.max(0, (Math.log10(size) + 4) / 7));
}

/**
 * Every number the widget shows is torch.nn.RNN(1, 1)'s for its case (rnn-expected.json): a
 * column per step, the fields hold the inputs, each column its state and the gradient reaching
 * it, the bars their sizes on the log scale, and the parameters' gradients; the selected step's
 * button is pressed and its column highlighted, and no other.
 */
export async function expectRnnNumbers(rnn, expected) {
  const { settings } = expected;
  const shown = await rnn.read();
  const steps = settings.input.length;
  expect(shown.steps, 'a column per step').toHaveLength(steps);
  expect(shown.pressed, `step ${shown.selected}'s button is pressed, and no other`).toEqual(settings.input.map((_, i) => String(i + 1 === shown.selected)));
  expect(shown.highlighted, `step ${shown.selected}'s column is highlighted, and no other`).toEqual(settings.input.map((_, i) => (i + 1 === shown.selected ? 'all' : 'none')));
  expect(shown.input.map(toNumber), 'the input fields').toEqual(settings.input);
  for (const key of ['states', 'gradHidden']) {
    expect(shown[key], `${key}: one per step`).toHaveLength(steps);
    expected[key].forEach((value, i) => expectRounded(shown[key][i], value, `${key} at step ${i + 1}`));
  }
  expected.gradHidden.forEach((value, i) => {
    expect(Math.abs(shown.bars[i] - barPercent(value)), `the bar of step ${i + 1} (∂L/∂h ${value})`).toBeLessThanOrEqual(1.5);
  });
  expect(shown.gradients).toHaveLength(GRADIENTS.length);
  GRADIENTS.forEach((key, i) => expectRounded(shown.gradients[i], expected[key], key));
}
