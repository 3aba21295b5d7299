// The page object of <lamb-widget> specs: put widgets on the foreign test host (a teacher's
// page on another origin, loading /embed/lamb-widget.js) or find a lesson's, and read their
// parts by role and label. Specs import `test` from here to get a `lamb` fixture.
import { expect, SettingsWidgetPage, toNumber, withPageObject } from './settings-widget-page.js';

// The rows of a layer's table after its fields, top to bottom, under the keys of
// lamb-expected.json's layers.
export const RESULT_ROWS = ['before', 'expAvg', 'expAvgSq', 'update', 'param'];

export class LambPage extends SettingsWidgetPage {
  static TAG = 'lamb-widget';

  get drawn() {
    return this.layer(1).locator('table.values tbody tr').last().locator('td').first();
  }

  /** Layer L's section (1 or 2). */
  layer(layer) {
    return this.root.locator(`section.layer[data-layer="${layer}"]`);
  }

  /** Layer L's parameter or gradient fields ('param' or 'grad'), in order. */
  fields(layer, which) {
    return this.layer(layer).locator(`input[data-key="${which}${layer}"]`);
  }

  /** The trust ratio line of layer L. */
  ratio(layer) {
    return this.layer(layer).locator('.ratio');
  }

  /** Layer L's step-by-step box. */
  history(layer) {
    return this.layer(layer).locator('.history');
  }

  /**
   * What layer L shows: the fields' values, each result row's numbers and labels, the ratio
   * line, and the step-by-step rows ([step, ratio, ...parameter]), all as text.
   */
  async read(layer) {
    return this.layer(layer).evaluate((section) => {
      const rows = [...section.querySelectorAll('table.values tbody tr')];
      const cells = (row) => [...row.querySelectorAll('td')].map((td) => td.textContent);
      return {
        param: [...rows[0].querySelectorAll('input')].map((input) => input.value),
        grad: [...rows[1].querySelectorAll('input')].map((input) => input.value),
        labels: rows.slice(2).map((row) => row.querySelector('th').textContent),
        results: rows.slice(2).map(cells),
        ratio: section.querySelector('.ratio').textContent,
        history: [...section.querySelectorAll('.history tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent)),
      };
    });
  }

  /** Collects the widget's lamb-widget-change events, for `changes()`. */
  async recordChanges() {
    await this.root.evaluate((widget) => {
      window.widgetChanges = [];
      widget.addEventListener('lamb-widget-change', (event) => window.widgetChanges.push(event.detail));
    });
  }
}

export const test = withPageObject('lamb', LambPage);

export { expect };

/** The attributes of a case of lamb-expected.json (its settings as a teacher would write them). */
export function attributesOf(settings) {
  const names = {
    param1: 'param1', grad1: 'grad1', param2: 'param2', grad2: 'grad2', lr: 'lr', betas: 'betas', eps: 'eps', weightDecay: 'weight-decay', steps: 'steps',
  };
  return Object.fromEntries(Object.entries(names).filter(([key]) => settings[key] !== undefined)
    .map(([key, name]) => [name, Array.isArray(settings[key]) ? settings[key].join(' ') : String(settings[key])]));
}

/**
 * A number as the widget shows it is the expected one, within the core's agreement with the
 * golden LAMB (core/learning/README.md: max(1e-6, 1e-5 |expected|)) and the widget's rounding
 * (4 decimals, or 4 significant digits below 1): half a unit of the last digit shown.
 */
export function expectNumber(text, expected, what) {
  const shown = toNumber(text);
  const size = Math.abs(expected);
  const lastDigit = Number.isInteger(expected) ? 0 : size < 1 ? 10 ** (Math.floor(Math.log10(size)) - 3) : 1e-4;
  const tolerance = lastDigit / 2 + Math.max(1e-6, 1e-5 * size);
  expect(Math.abs(shown - expected), `${what}: shows ${text}, expected ${expected}`).toBeLessThanOrEqual(tolerance);
}

/**
 * Every number the widget shows for both layers is the golden LAMB's for its case
 * (lamb-expected.json): the fields hold the settings, each result row the last step's numbers
 * (labelled with the step), the ratio line the last step's ratio, and the step-by-step table a
 * row per step with that step's ratio and the parameter after it.
 */
export async function expectLambNumbers(lamb, expected) {
  const { settings, layers } = expected;
  for (const [i, layer] of layers.entries()) {
    const l = i + 1;
    const shown = await lamb.read(l);
    expect(shown.param.map(toNumber), `layer ${l}'s parameter fields`).toEqual(settings[`param${l}`]);
    expect(shown.grad.map(toNumber), `layer ${l}'s gradient fields`).toEqual(settings[`grad${l}`]);
    expect(shown.labels[0], 'the row before the last step names it').toContain(String(settings.steps));
    RESULT_ROWS.forEach((key, row) => {
      expect(shown.results[row], `layer ${l} ${key}: one number per value`).toHaveLength(layer[key].length);
      layer[key].forEach((value, j) => expectNumber(shown.results[row][j], value, `layer ${l} ${key} ${j + 1}`));
    });
    expectNumber(shown.ratio.slice(shown.ratio.lastIndexOf('=') + 1), layer.trustRatio, `layer ${l}'s trust ratio`);
    expect(shown.history, `layer ${l}: a row per step`).toHaveLength(settings.steps);
    layer.history.forEach((step, k) => {
      const [number, ratio, ...param] = shown.history[k];
      expect(number).toBe(String(k + 1));
      expectNumber(ratio, step.trustRatio, `layer ${l} step ${k + 1}'s ratio`);
      expect(param, `layer ${l} step ${k + 1}: one number per value`).toHaveLength(step.param.length);
      step.param.forEach((value, j) => expectNumber(param[j], value, `layer ${l} step ${k + 1}'s parameter ${j + 1}`));
    });
  }
}
