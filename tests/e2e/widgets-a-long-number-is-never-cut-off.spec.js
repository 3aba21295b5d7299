// A number as long as the course writes one (11 characters: -0.00001234, -12345.6777) is shown
// whole in its cell, on a phone and on a desktop: in smaller type, and on two lines where one is
// too narrow, never cut off at the cell's edge. The grids of computed numbers of the flagship,
// the playground, batch normalisation and the matrix widgets, each given numbers that make
// such results.
import { expect, test } from './fixtures.js';

const TINY = '-0.00001234';
const LARGE = '12345.678';
const CASES = [
  ['/lessons/pictures/patches-of-a-picture/', 'pool-widget', { input: `${TINY} -${LARGE} ${TINY} 1 2 3 4 5 ${TINY} ${LARGE} ${TINY} 1 2 3 4 -0.00003` }],
  ['/lessons/pictures/patches-of-a-picture/', 'pool-widget', {
    input: `${TINY} -${LARGE} ${TINY} 1 2 3 4 5 ${TINY} ${LARGE} ${TINY} 1 2 3 4 -0.00003`, view: 'backward', 'grad-output': `${TINY} -${LARGE} ${TINY} 1`,
  }],
  ['/lessons/pictures/every-knob-of-pooling/', 'pool-playground', { input: `${TINY} -${LARGE} ${TINY} 1 2 3 4 5 ${TINY} ${LARGE} ${TINY} 1 2 3 4 -0.00003` }],
  ['/lessons/pictures/batch-normalisation/', 'batchnorm-widget', { input: '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16', weight: `${LARGE} -${LARGE}` }],
  ['/lessons/memory-and-attention/attention/', 'attention-widget', { query: `${TINY} 0.00001234 ${TINY} 0.00001234 ${TINY} 0.00001234`, value: '-999.123 0.00001 1 2 3 -777.777' }],
  ['/lessons/learning/backpropagation-through-a-layer/', 'linear-widget', { input: `${TINY} ${LARGE} ${TINY} 1 2 3` }],
];

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test.describe(`${viewport.width} px wide`, () => {
    test.use({ viewport });

    for (const [url, tag, attributes] of CASES) {
      test(`${tag} ${attributes.view ?? ''} shows every long number whole`, async ({ page }) => {
        await page.goto(url);
        const element = page.locator(tag);
        await element.evaluate(async (host, given) => {
          for (const [name, value] of Object.entries(given)) host.setAttribute(name, value);
          await host.ready();
        }, attributes);
        const cells = await element.evaluate((host) => [...host.shadowRoot.querySelectorAll('.cell, .cell button')]
          .filter((cell) => cell.getClientRects().length > 0 && [...cell.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim()))
          .map((cell) => ({
            text: cell.textContent.trim(),
            wide: cell.scrollWidth - cell.clientWidth,
            tall: cell.scrollHeight - cell.clientHeight,
            font: parseFloat(getComputedStyle(cell).fontSize),
          })));
        const long = cells.filter((cell) => cell.text.length >= 9);
        expect(long.length, 'the settings make numbers of 9 characters or more').toBeGreaterThan(0);
        expect(cells.filter((cell) => cell.wide > 1 || cell.tall > 1), 'numbers wider or taller than their cells').toEqual([]);
        expect(Math.min(...long.map((cell) => cell.font)), 'in type no smaller than 10 px').toBeGreaterThanOrEqual(10);
      });
    }
  });
}
