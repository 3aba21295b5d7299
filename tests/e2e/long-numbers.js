// Long numbers in the widgets' grids, for the specs that hold them to their boxes: the numbers,
// the grids given them, and the check that each shows whole inside its cell. One page load of a
// grid on a 320 px phone serves this check and the phone's own
// (widgets-keep-each-number-whole-...); widgets-a-long-number-is-never-cut-off makes it on a
// desktop, where the playground lays its grids out otherwise.
import { expect } from './fixtures.js';

// A tiny fraction (11 characters), a large one, and a picture of 16 that mixes them with short ones.
export const TINY = '-0.00001234';
export const LARGE = '12345.678';
export const MIXED = `${TINY} -${LARGE} ${TINY} 1 2 3 4 5 ${TINY} ${LARGE} ${TINY} 1 2 3 4 -0.00003`;

// The grids of computed numbers of the flagship, the playground, batch normalisation and the
// matrix widgets, each given numbers that make the longest a cell writes: 11 characters for a
// fraction (-0.00001234, -12345.6777), 10 for a whole number below a billion, and a power of ten
// beyond (-2.5e+19; float32's lowest, -3.4028235e+38, 14). [name, lesson, element, attributes].
export const LONG_NUMBER_GRIDS = [
  ['the flagship', '/lessons/pictures/patches-of-a-picture/', 'pool-widget', { input: MIXED }],
  ['the flagship\'s gradients', '/lessons/pictures/patches-of-a-picture/', 'pool-widget', { input: MIXED, view: 'backward', 'grad-output': `${TINY} -${LARGE} ${TINY} 1` }],
  ['the playground', '/lessons/pictures/every-knob-of-pooling/', 'pool-playground', { input: MIXED }],
  ['the playground, wholes beyond a billion', '/lessons/pictures/every-knob-of-pooling/', 'pool-playground', { input: '-1e20 -3e38 -999999936 -1234567890 '.repeat(4).trim() }],
  ['the playground, every average -12345.6777', '/lessons/pictures/every-knob-of-pooling/', 'pool-playground', { input: Array(16).fill('-12345.6777').join(' ') }],
  ['batch normalisation', '/lessons/pictures/batch-normalisation/', 'batchnorm-widget', { input: '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16', weight: `${LARGE} -${LARGE}` }],
  ['attention, tiny queries', '/lessons/memory-and-attention/attention/', 'attention-widget', { query: `${TINY} 0.00001234 ${TINY} 0.00001234 ${TINY} 0.00001234`, value: '-999.123 0.00001 1 2 3 -777.777' }],
  ['a linear layer', '/lessons/learning/backpropagation-through-a-layer/', 'linear-widget', { input: `${TINY} ${LARGE} ${TINY} 1 2 3` }],
];

/**
 * Opens the lesson at `url` and sets `attributes` on its `tag` element, once the element is
 * defined; resolves to the element's locator once it shows the numbers of those settings.
 * @param {import('@playwright/test').Page} page
 */
export async function openWidgetWith(page, url, tag, attributes) {
  await page.goto(url);
  const widget = page.locator(tag);
  await widget.evaluate(async (host, settings) => {
    await customElements.whenDefined(host.localName);
    for (const [name, value] of Object.entries(settings)) host.setAttribute(name, value);
    await host.ready();
  }, attributes);
  return widget;
}

/**
 * Fails the test unless the widget's grid cells show a number of 9 characters or more, every
 * number in a cell stays inside the cell's border, and the long ones are in type of 10 px or more.
 * @param {import('@playwright/test').Locator} widget
 */
export async function expectLongNumbersInsideTheirCells(widget) {
  // How far the number's text reaches past the inside of its cell's border, on any side: a
  // centred number that overflows spills out on both sides, which a scroll size does not see.
  const cells = await widget.evaluate((host) => [...host.shadowRoot.querySelectorAll('.cell, .cell button')]
    .map((cell) => [cell, [...cell.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim())])
    .filter(([cell, text]) => text && cell.getClientRects().length > 0)
    .map(([cell, text]) => {
      const range = document.createRange();
      range.selectNodeContents(text);
      const inner = cell.getBoundingClientRect();
      const style = getComputedStyle(cell);
      const left = inner.left + parseFloat(style.borderLeftWidth);
      const right = inner.right - parseFloat(style.borderRightWidth);
      const top = inner.top + parseFloat(style.borderTopWidth);
      const bottom = inner.bottom - parseFloat(style.borderBottomWidth);
      const reach = [...range.getClientRects()].reduce((most, line) => Math.max(most, left - line.left, line.right - right, top - line.top, line.bottom - bottom), 0);
      return { text: text.textContent.trim(), reach: Math.round(reach * 10) / 10, font: parseFloat(style.fontSize) };
    }));
  const long = cells.filter((cell) => cell.text.length >= 9);
  // Soft: a failure here leaves the checks after it, of the same page load, made and reported too.
  expect.soft(long.length, 'the settings make numbers of 9 characters or more').toBeGreaterThan(0);
  // A line's box is the font's whole height, a pixel taller than the glyphs of digits and a
  // line height of 1: up to a pixel is room the glyphs do not use.
  expect.soft(cells.filter((cell) => cell.reach > 1), 'numbers reaching past their cells').toEqual([]);
  expect.soft(Math.min(...long.map((cell) => cell.font)), 'in type no smaller than 10 px').toBeGreaterThanOrEqual(10);
}
