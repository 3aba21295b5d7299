// The page object of <ppo-widget> specs: put widgets on the foreign test host (a teacher's page
// on another origin, loading /embed/ppo-widget.js) or find a lesson's, and read their parts by
// role and label. Specs import `test` from here to get a `ppo` fixture.
import {
  expect, expectRounded, SettingsWidgetPage, toNumber, withPageObject,
} from './settings-widget-page.js';

export class PpoPage extends SettingsWidgetPage {
  static TAG = 'ppo-widget';

  static CHANGE_EVENT = 'ppo-widget-change';

  get drawn() {
    return this.root.locator('[part="epoch"] dd').first();
  }

  /** Every number field of a setting, in order. */
  fields(key) {
    return this.root.locator(`input[data-key="${key}"]`);
  }

  /** The chart of the ratios (its SVG). */
  get chart() {
    return this.root.locator('svg.chart');
  }

  /** The slider of the epoch shown. */
  get slider() {
    return this.root.getByRole('slider', { name: 'Epoch shown' });
  }

  /** What the widget shows, as text: the settings' fields and choices, the chart, and each sample's card at the epoch shown. */
  async read() {
    return this.root.evaluate((widget) => {
      const root = widget.shadowRoot;
      const fields = (key) => [...root.querySelectorAll(`[data-key="${key}"]:not([type="range"])`)].map((field) => field.value);
      const texts = (card, selector) => [...card.querySelectorAll(selector)].map((node) => node.textContent);
      return {
        logits: fields('logits'), actions: fields('actions'), advantages: fields('advantages'),
        title: root.querySelector('#epoch-title').textContent,
        loss: root.querySelector('.loss').textContent,
        slider: root.querySelector('input[type="range"]').value,
        chartTitle: root.querySelector('svg.chart title').textContent,
        markers: [...root.querySelectorAll('svg.chart .lines > g')].map((group) => group.querySelectorAll('.marker').length),
        legend: texts(root, '.legend li'),
        cards: [...root.querySelectorAll('[part="epoch"] .card')].map((card) => {
          const rows = [...card.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
          return {
            heads: texts(card, 'thead th'),
            taken: [...card.querySelectorAll('thead th')].findIndex((head) => head.classList.contains('taken')),
            logits: rows[0], logProbs: rows[1], numbers: texts(card, 'dd'), state: card.dataset.state, sentence: card.querySelector('.clipped').textContent,
          };
        }),
      };
    });
  }
}

export const test = withPageObject('ppo', PpoPage);

export { expect, expectRounded };

/** The attributes of a case of ppo-expected.json (its settings as a teacher would write them). */
export function attributesOf(settings) {
  const names = ['samples', 'logits', 'actions', 'advantages', 'clip', 'lr', 'epochs', 'selected'];
  return Object.fromEntries(names.filter((key) => settings[key] !== undefined)
    .map((key) => [key, Array.isArray(settings[key]) ? settings[key].join(' ') : String(settings[key])]));
}

/**
 * Every number the widget shows is PyTorch's for its case (ppo-expected.json): the fields hold
 * the settings; the chart has a marker per epoch for each sample; the epoch shown has its title
 * and loss, and each sample's card its logits, every action's log-prob (the taken one marked),
 * the ratio, the objective and the ratio's gradient, and says it is clipped exactly where the
 * gradient is 0 with an advantage that is not.
 */
export async function expectPpoNumbers(ppo, expected) {
  const { settings } = expected;
  const shown = await ppo.read();
  const { samples, epochs, selected } = settings;
  expect(shown.logits.map(toNumber), 'the logit fields').toEqual(settings.logits);
  expect(shown.actions.map(Number), 'the actions taken').toEqual(settings.actions);
  expect(shown.advantages.map(toNumber), 'the advantage fields').toEqual(settings.advantages);
  expect(shown.slider, 'the slider is at the epoch shown').toBe(String(selected));
  expect(shown.markers, 'a marker per epoch for each sample').toEqual(Array(samples).fill(epochs + 1));
  expect(shown.legend, 'a legend line per sample').toHaveLength(samples);
  expect(shown.title).toMatch(selected === 0 ? /start|起点/ : new RegExp(`\\b${selected}\\b`));
  expectRounded(shown.loss.replace(/^[^:：]*[:：]\s*/, '').replace(/\s*[(（].*$/, ''), expected.loss, 'the loss');
  expect(shown.cards, 'a card per sample').toHaveLength(samples);
  shown.cards.forEach((card, n) => {
    const what = `sample ${n + 1}`;
    expect(card.taken, `${what}: the taken action is marked`).toBe(settings.actions[n] - 1);
    card.logits.forEach((text, k) => expectRounded(text, expected.logits[n * 3 + k], `${what}: logit ${k + 1}`));
    card.logProbs.forEach((text, k) => expectRounded(text, expected.actionLogProbs[n * 3 + k], `${what}: log-prob of action ${k + 1}`));
    expectRounded(card.logProbs[settings.actions[n] - 1], expected.logProbs[n], `${what}: the taken action's log-prob`);
    const [ratio, objective, gradRatio] = card.numbers;
    expectRounded(ratio, expected.ratio[n], `${what}: ratio`);
    expectRounded(objective, expected.objective[n], `${what}: objective`);
    expectRounded(gradRatio, expected.gradRatio[n], `${what}: the ratio's gradient`);
    const clipped = expected.gradRatio[n] === 0 && settings.advantages[n] !== 0;
    expect(card.state === 'clipped', `${what}: clipped exactly where PyTorch's gradient is 0`).toBe(clipped);
  });
}
