// Every spec imports `test` and `expect` from here instead of from @playwright/test.
//
// - The automatic `browserErrors` fixture fails a test that logged a console error or threw an
//   uncaught exception in the page (a failed request for a script, style or .wasm shows up as a
//   console error too), and names each one.
// - `expectNoAxeViolations(page, label)` runs axe-core (WCAG 2.1 A and AA rules) on the page as
//   it is now and lists every violation with the elements it found.
import AxeBuilder from '@axe-core/playwright';
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

function describeViolations(violations) {
  return violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ') ?? ''}`);
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${targets.join('\n')}`;
    })
    .join('\n');
}

/**
 * Fails with a readable list if axe finds any WCAG 2.1 A/AA violation on the page.
 * @param {import('@playwright/test').Page} page
 * @param {string} label what was scanned, e.g. "catalogue, dark scheme"
 */
export async function expectNoAxeViolations(page, label) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations, `axe found violations on ${label}:\n${describeViolations(violations)}`).toEqual([]);
}
