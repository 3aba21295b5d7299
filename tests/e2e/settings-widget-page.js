// What the page objects of the settings widgets (<neuron-widget>, <softmax-widget>,
// <loss-widget>, ...) share: a snippet as a teacher pastes it, opened on the foreign test host
// (another origin, loading /embed/<tag>.js); the parts every such widget has, found by role
// and label; its <name>-change events; and how close a shown number is to PyTorch's. A page
// object names its tag (`static TAG`) and the part that shows the widget has drawn (`drawn`).
import { expect, test as base } from './fixtures.js';
import { COURSE_ORIGIN, FOREIGN_ORIGIN } from './embed-origins.js';

/** A number as the widgets write it, with real minus signs (−2.929e−7). */
export const toNumber = (text) => Number(text.trim().replace(/−/g, '-'));
/** The number after the last "=" of a line such as "z = w·x + b = −0.45". */
export const lastNumber = (text) => toNumber(text.slice(text.lastIndexOf('=') + 1));

export class SettingsWidgetPage {
  /** The element's tag name; each page object sets its own. */
  static TAG = '';

  /** The element's change event, where it is not <name>-change for <name>-widget. */
  static CHANGE_EVENT = '';

  constructor(page, root = page.locator(new.target.TAG).first()) {
    this.page = page;
    /** The widget (the first on the page, unless given): its attributes, methods and box. */
    this.root = root;
  }

  /** The HTML of a widget with these attributes (a snippet as a teacher would paste it). */
  static tag(attributes = {}) {
    const text = Object.entries(attributes).map(([name, value]) => ` ${name}="${value}"`).join('');
    return `<${this.TAG}${text}></${this.TAG}>`;
  }

  /**
   * Opens the foreign host with the embed script and this HTML; waits until `drawn` is visible,
   * unless `wait` is false (a snippet the widget refuses draws no numbers).
   */
  async open(html = this.constructor.tag(), { wait = true } = {}) {
    const snippet = `<script type="module" src="${COURSE_ORIGIN}/embed/${this.constructor.TAG}.js"></script>${html}`;
    await this.page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
    if (wait) await expect(this.drawn, `<${this.constructor.TAG}> draws its numbers`).toBeVisible();
  }

  /** A text field by its label ("Input 1", "Temperature", "Seed", or the Chinese). */
  field(label) {
    return this.root.getByRole('textbox', { name: label, exact: true });
  }

  /** A drop-down by its label ("Activation", "Reduction", "Mode"). */
  choice(label) {
    return this.root.getByRole('combobox', { name: label, exact: true });
  }

  /** A button by its accessible name ("New mask", "Remove word 2, cat"). */
  button(name) {
    return this.root.getByRole('button', { name, exact: true });
  }

  /** The alert with a message (the widget keeps an empty one in place). */
  get alert() {
    return this.root.getByRole('alert').filter({ hasText: /./ });
  }

  /** The polite live line that says what changed. */
  get status() {
    return this.root.getByRole('status');
  }

  /** Collects the widget's change events (CHANGE_EVENT, or <name>-change for <name>-widget), for `changes()`. */
  async recordChanges() {
    const { CHANGE_EVENT, TAG } = this.constructor;
    await this.root.evaluate((widget, type) => {
      window.widgetChanges = [];
      widget.addEventListener(type, (event) => window.widgetChanges.push(event.detail));
    }, CHANGE_EVENT || `${TAG.replace(/-widget$/, '')}-change`);
  }

  changes() {
    return this.page.evaluate(() => window.widgetChanges);
  }
}

/** The colour scheme that is not `scheme`: the one a widget pinned against the page's shows. */
export const otherScheme = (scheme) => (scheme === 'light' ? 'dark' : 'light');

/**
 * Pins a widget to a colour scheme (its color-scheme attribute) and waits until it has drawn
 * again: its colours follow the attribute at once (shared/palette.js), and a render follows
 * any attribute. The value it already has changes nothing.
 * @param {import('@playwright/test').Locator} widget
 * @param {'light' | 'dark'} scheme
 */
export const pinScheme = (widget, scheme) => widget.evaluate((element, value) => {
  element.setAttribute('color-scheme', value);
  return element.ready();
}, scheme);

/**
 * The attributes of a case's settings as a teacher would write them: `names` maps a setting to
 * its attribute; a setting left out or false has none, and a list is its numbers with spaces.
 * @param {object} settings
 * @param {Record<string, string>} names
 */
export function attributesFrom(settings, names) {
  return Object.fromEntries(Object.entries(names).filter(([key]) => settings[key] !== undefined && settings[key] !== false)
    .map(([key, name]) => [name, Array.isArray(settings[key]) ? settings[key].join(' ') : String(settings[key])]));
}

/**
 * Checks all of a spec's cases in one test: a widget per case, side by side on one page as a
 * teacher may paste several, each built from its own attributes, and each checked in a step named
 * after its case. The cases share one page load, where a test per case would load the page, the
 * embed script and the core once for each.
 * @param {import('@playwright/test').Page} page
 * @param {typeof SettingsWidgetPage} PageObject
 * @param {{ name: string }[]} cases
 * @param {(testCase: object) => Record<string, string>} attributesOfCase
 * @param {(widget: SettingsWidgetPage, testCase: object) => Promise<void>} check
 */
export async function checkCasesSideBySide(page, PageObject, cases, attributesOfCase, check) {
  await new PageObject(page).open(cases.map((testCase) => PageObject.tag(attributesOfCase(testCase))).join(''), { wait: false });
  for (const [index, testCase] of cases.entries()) {
    const widget = new PageObject(page, page.locator(PageObject.TAG).nth(index));
    await base.step(testCase.name, async () => {
      await expect(widget.drawn, `<${PageObject.TAG}> of "${testCase.name}" draws its numbers`).toBeVisible();
      await check(widget, testCase);
    });
  }
}

/** `test` with a fixture `name` that is a new page object of this class. */
export function withPageObject(name, PageObject, test = base) {
  return test.extend({
    [name]: async ({ page }, use) => {
      await use(new PageObject(page));
    },
  });
}

/** Within what the widget shows: 4 decimals, or 4 significant digits below 1. */
export function expectShown(actual, expected, what) {
  const tolerance = Math.max(6e-5, 6e-4 * Math.abs(expected));
  expect(Math.abs(actual - expected), `${what}: shows ${actual}, PyTorch says ${expected}`).toBeLessThanOrEqual(tolerance);
}

/**
 * A number as the widget shows it is the expected one, within the core's agreement with
 * PyTorch (the core READMEs' max(1e-6, 1e-5 |expected|)) and the widget's rounding (4
 * decimals, or 4 significant digits below 1): half a unit of the last digit shown.
 */
export function expectRounded(text, expected, what) {
  expect(Math.abs(toNumber(text) - expected), `${what}: shows ${text}, expected ${expected}`).toBeLessThanOrEqual(roundedTolerance(expected));
}

/**
 * How far a shown number may be from the expected one (expectRounded's rule), for a spec that
 * checks thousands of numbers and collects the misses before one assertion.
 */
export function roundedTolerance(expected) {
  const size = Math.abs(expected);
  const lastDigit = Number.isInteger(expected) || size === 0 ? 0 : size < 1 ? 10 ** (Math.floor(Math.log10(size)) - 3) : 1e-4;
  return lastDigit / 2 + Math.max(1e-6, 1e-5 * size);
}

export { expect };
