// Every spec imports `test` and `expect` from here instead of from @playwright/test.
//
// - The automatic `browserErrors` fixture fails a test that logged a console error or threw an
//   uncaught exception in the page (a failed request for a script, style or .wasm shows up as a
//   console error too), and names each one.
// - `expectNoAxeViolations(page, label)` runs axe-core (WCAG 2.1 A and AA rules) on the page as
//   it is now, its frames included, and lists every violation with the elements it found;
//   `expectNoAxeViolationsInBothSchemes` runs it in the light scheme and then in the dark one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  browserErrors: [
    async ({ page }, use) => {
      const errors = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      page.on('pageerror', (error) => {
        errors.push(`uncaught ${error.name}: ${error.message}`);
      });
      await use(errors);
      expect(errors, 'the page logged errors or threw while the test ran').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The browserErrors fixture for a spec that opens an unknown address on purpose: a document
 * answered 404 is reported by the browser as a failed resource, and that one console error is
 * what the spec asks for, so it is the only one allowed. test.use({ browserErrors: notFoundDocumentAllowed }).
 */
export const notFoundDocumentAllowed = [async ({ page }, use) => {
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await use(errors);
  expect(errors, 'the 404 page logged no other error').toEqual([]);
}, { auto: true }];

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The colour schemes a lesson page is scanned in, by its language: light for English, dark for
 * Chinese. The Chinese page is the English one in other words, under the same styles, so a
 * lesson's two pages hold the same colours in a scheme and each scheme is scanned once per
 * lesson; the rules that are a language's own (its lang, the language switch) do not depend on
 * the scheme. The site's chrome is scanned in both schemes in both languages (the
 * lesson-passes-axe and zh- specs).
 */
export const SCANNED_SCHEMES = Object.freeze({ English: ['light'], Chinese: ['dark'] });

function describeViolations(violations) {
  return violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ') ?? ''}`);
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${targets.join('\n')}`;
    })
    .join('\n');
}

// axe-core itself, put into each frame of the page once and run there. (@axe-core/playwright's
// AxeBuilder puts it in again on every scan and opens a page of its own to merge the frames'
// results: 3-5 s a scan on a lesson page on a 2-CPU machine, against 1.5-2.4 s this way, and a
// suite scans some hundred times.)
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// What axe's colour-contrast rule checks: every element, except the glyphs of a formula that
// takes the colours of the text around it. A lesson's formulas are MathML (KaTeX's output), each
// glyph an element of its own: checking each one repeats the check of its paragraph, on the same
// colours, and is a third of a scan on a page full of formulas. A formula that sets a colour of
// its own (\color in TeX: mathcolor, mathbackground) is still checked, glyph by glyph; the
// site's styles give math no colour of their own.
const CONTRAST_CHECKED = [
  '*:not(math *)',
  ...['mathcolor', 'mathbackground'].flatMap((attribute) => [`math [${attribute}]`, `math [${attribute}] *`]),
].join(', ');

/**
 * Fails with a readable list if axe finds any WCAG 2.1 A/AA violation on the page, in any of its
 * frames (a frame on another origin included).
 * @param {import('@playwright/test').Page} page
 * @param {string} label what was scanned, e.g. "catalogue, dark scheme"
 * @param {{ soft?: boolean }} [options] soft: the test goes on after violations and fails at its end
 */
export async function expectNoAxeViolations(page, label, { soft = false } = {}) {
  for (const frame of page.frames()) {
    // A lesson's text fields come a moment after its widget's numbers (fields-later.js): the
    // scan waits for them, so it covers them on every lesson page.
    await expect(frame.locator('template[data-exercise-form], template[data-embed-snippets]'),
      `${label}: the exercises' and "Embed this" fields are in place`).toHaveCount(0);
    if (!await frame.evaluate(() => 'axe' in window)) await frame.evaluate(AXE_SOURCE);
    // The top frame asks each frame's axe for its results by postMessage, which axe answers
    // only for its own origin unless told otherwise.
    await frame.evaluate((contrastSelector) => window.axe.configure({
      allowedOrigins: ['<unsafe_all_origins>'],
      rules: [{ id: 'color-contrast', selector: contrastSelector }],
    }), CONTRAST_CHECKED);
  }
  const violations = await page.evaluate((tags) => window.axe.run(document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations'],
    // axe gives each frame this long to answer its first message, and leaves a frame that has
    // not answered out of the results without a word. Its default, half a second, was too short
    // for a frame on another origin (another process) on a busy 2-CPU machine: the scan passed
    // without the frame. Every frame has axe (above), so the wait ends at its answer.
    pingWaitTime: 10_000,
  }).then((results) => results.violations), WCAG_TAGS);
  (soft ? expect.soft : expect)(violations, `axe found violations on ${label}:\n${describeViolations(violations)}`).toEqual([]);
}

/** How an element is drawn: its text colour on its background. */
const looks = (locator) => locator.evaluate((element) => {
  const style = getComputedStyle(element);
  return `${style.color} on ${style.backgroundColor}`;
});

/**
 * Scans the page as it is in the light scheme, then in the dark one (expectNoAxeViolations,
 * labelled "<label>, light page" and "<label>, dark page"): a state set up once is checked in
 * both schemes, where a test per scheme would open the page and set the state up twice. Each
 * scan is soft: violations in the light scheme do not keep the dark scan from running, so a
 * failing run lists both schemes' violations.
 * `beforeScan(scheme)` runs once the page has taken the scheme, before its scan: what the state
 * needs in that scheme, such as a widget pinned to the other one.
 * `restyled` names parts of the page (the page's body, a widget) that must be drawn otherwise
 * in the dark scheme than in the light one, their text colour or their background, before the
 * dark scan: the page took the scheme, so the dark scan is not the light page read again.
 * @param {import('@playwright/test').Page} page
 * @param {string} label what is scanned, e.g. "two widgets and a refused value"
 * @param {{ beforeScan?: (scheme: 'light' | 'dark') => Promise<unknown>, restyled?: Record<string, import('@playwright/test').Locator> }} [options]
 *   restyled: each part by what it is, e.g. { 'the page': page.locator('body') }
 */
export async function expectNoAxeViolationsInBothSchemes(page, label, { beforeScan, restyled = {} } = {}) {
  const lightLooks = new Map();
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await beforeScan?.(scheme);
    for (const [part, locator] of Object.entries(restyled)) {
      const drawn = await looks(locator);
      if (scheme === 'light') lightLooks.set(part, drawn);
      else expect(drawn, `${label}: ${part} is drawn in the dark scheme's colours, not the light scheme's`).not.toBe(lightLooks.get(part));
    }
    await expectNoAxeViolations(page, `${label}, ${scheme} page`, { soft: true });
  }
}

/**
 * Holds every request whose URL matches `url` (a glob or a RegExp, as page.route takes) until
 * the returned release() is called; then each goes to the network, or to `answer(route)` if
 * given. What a page shows while its script or its core is on the way, on any machine.
 * @param {import('@playwright/test').Page} page
 * @param {string | RegExp} url
 * @param {{ answer?: (route: import('@playwright/test').Route) => Promise<void> }} [options]
 * @returns {Promise<() => void>} release
 */
export async function holdRequests(page, url, { answer = (route) => route.continue() } = {}) {
  let release;
  const released = new Promise((resolve) => { release = resolve; });
  await page.route(url, async (route) => {
    await released;
    await answer(route);
  });
  return release;
}

/**
 * Watches functions of the cores' JS APIs from the page's start (call before page.goto), so a
 * spec can count the core's work for a change and reach a widget's refusal path through the
 * learner's own controls. The cores hand the page frozen objects, so an init script wraps each
 * named function on its way into Object.freeze. Every call is counted in
 * `window.coreCalls[name]`; a function given `spoiled` refuses on demand: while
 * `setCoreRefusing(page, true)` holds, it passes the core NaN in place of argument `index` (or
 * of that argument's option `key`), so the refusal is the core's own error in its own words.
 * @param {import('@playwright/test').Page} page
 * @param {Record<string, { spoiled?: { index: number, key?: string } }>} functions by name
 */
export async function watchCore(page, functions) {
  await page.addInitScript((watched) => {
    window.coreCalls = {};
    window.coreRefusing = false;
    const freeze = Object.freeze;
    Object.freeze = (object) => {
      if (object !== null && typeof object === 'object' && !Object.isFrozen(object)) {
        for (const [name, { spoiled }] of Object.entries(watched)) {
          const call = object[name];
          if (typeof call !== 'function') continue;
          window.coreCalls[name] = 0;
          object[name] = function watchedCall(...args) {
            window.coreCalls[name] += 1;
            if (spoiled && window.coreRefusing) {
              args[spoiled.index] = spoiled.key == null ? Number.NaN : { ...args[spoiled.index], [spoiled.key]: Number.NaN };
            }
            return call.apply(this, args);
          };
        }
      }
      return freeze(object);
    };
  }, functions);
}

/** Switches the refusal of watchCore's spoiled functions on or off. */
export const setCoreRefusing = (page, on) => page.evaluate((value) => { window.coreRefusing = value; }, on);

/**
 * From now on, notes each write of an attribute inside the element's shadow tree that leaves it
 * as it was: on a phone's slow CPU every write is styled again, even one of the value already
 * there. `sameWrites(page)` lists them, each as `name="value" on tag.class`.
 * @param {import('@playwright/test').Locator} host the element
 */
export const watchSameWrites = (host) => host.evaluate((element) => {
  const same = (record) => record.oldValue === record.target.getAttribute(record.attributeName);
  const describe = (record) => `${record.attributeName}="${record.oldValue}" on ${record.target.localName}.${record.target.className}`;
  window.sameWrites = [];
  const watch = new MutationObserver((records) => window.sameWrites.push(...records.filter(same).map(describe)));
  watch.observe(element.shadowRoot, { subtree: true, attributes: true, attributeOldValue: true });
  window.takeSameWrites = () => [...window.sameWrites, ...watch.takeRecords().filter(same).map(describe)];
});

/** The writes watchSameWrites has noted so far. */
export const sameWrites = (page) => page.evaluate(() => window.takeSameWrites());

/**
 * From now on, counts the writes to the text of the element's alerts (`[role="alert"]` in its
 * shadow tree): a message a drag refuses at every step is written once, not at each step.
 * `alertWrites(page)` gives the count.
 * @param {import('@playwright/test').Locator} host the element
 */
export const watchAlertWrites = (host) => host.evaluate((element) => {
  const inAlert = (node) => (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement)?.closest('[role="alert"]');
  const count = (records) => records.filter((record) => inAlert(record.target)).length;
  let writes = 0;
  const watch = new MutationObserver((records) => { writes += count(records); });
  watch.observe(element.shadowRoot, { subtree: true, childList: true, characterData: true });
  window.takeAlertWrites = () => writes + count(watch.takeRecords());
});

/** The writes watchAlertWrites has counted so far. */
export const alertWrites = (page) => page.evaluate(() => window.takeAlertWrites());

/**
 * Presses the mouse at `from` and moves it to `to` in `steps` moves, the button still down: a
 * drag under way (the caller lets go with page.mouse.up()).
 * @param {import('@playwright/test').Page} page
 * @param {{ x: number, y: number }} from page coordinates
 * @param {{ x: number, y: number }} to
 */
export async function pressAndMove(page, from, to, steps = 6) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
}

/**
 * From the page's start, keeps every layout shift that no input caused, as "value: what moved
 * from where to where"; layoutShifts(page) reads them. Call before page.goto.
 * @param {import('@playwright/test').Page} page
 */
export async function recordLayoutShifts(page) {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        const at = (rect) => `(${rect.x.toFixed(1)}, ${rect.y.toFixed(1)}) ${rect.width.toFixed(1)} x ${rect.height.toFixed(1)}`;
        const moved = entry.sources.map((source) => `${source.node?.localName}.${source.node?.className} from ${at(source.previousRect)} to ${at(source.currentRect)}`);
        window.__layoutShifts.push(`${entry.value.toFixed(4)}: ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recordLayoutShifts has kept so far. */
export const layoutShifts = (page) => page.evaluate(() => window.__layoutShifts);

/** Resolves once the page has drawn a frame since the call (two animation frames). */
/**
 * Waits until the course element in `locator` shows its numbers: defined first (a lesson page
 * loads the element's code after its own load event), then its ready().
 */
export const widgetReady = (locator) => locator.evaluate(async (element) => {
  await customElements.whenDefined(element.localName);
  await element.ready();
});

export const painted = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
