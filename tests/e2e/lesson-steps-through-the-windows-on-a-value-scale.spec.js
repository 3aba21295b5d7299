// The lesson widget steps its window across the picture one position at a time, with the
// arithmetic of each, and its cells carry a value scale (light to dark) as well as their numbers.
import { expect, test } from './widget-page.js';

test('Next window steps across the picture with each window\'s arithmetic, and Previous steps back', async ({ widget }) => {
  await widget.open();
  const next = widget.root.getByRole('button', { name: 'Next window' });
  const previous = widget.root.getByRole('button', { name: 'Previous window' });
  const steps = [
    ['Window 1: (0 + 1 + 4 + 5) / 4 = 10 / 4 = 2.5', 1],
    ['Window 2: (2 + 3 + 6 + 7) / 4 = 18 / 4 = 4.5', 2],
    ['Window 3: (8 + 9 + 12 + 13) / 4 = 42 / 4 = 10.5', 3],
    ['Window 4: (10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5', 4],
    ['Window 1: (0 + 1 + 4 + 5) / 4 = 10 / 4 = 2.5', 1],
  ];
  for (const [text, window] of steps) {
    await next.click();
    await expect(widget.formula, `Next shows window ${window}`).toHaveText(text);
    await expect(widget.windowButton(window)).toHaveAttribute('aria-pressed', 'true');
  }
  await previous.click();
  await expect(widget.formula, 'Previous from window 1 goes to the last window').toHaveText(steps[3][0]);
});

test('the cells shade from the smallest value to the largest, and keep their numbers', async ({ widget }) => {
  await widget.open();
  const shade = (cell) => cell.evaluate((node) => node.style.getPropertyValue('--shade'));
  await expect(widget.inputCells.first(), 'the number is still there').toHaveText('0');
  expect(await shade(widget.inputCells.nth(0)), 'cell 0 holds the smallest value').toBe('0.000');
  expect(await shade(widget.inputCells.nth(15)), 'cell 15 the largest').toBe('1.000');
  expect(await shade(widget.inputCells.nth(5)), 'cell 5 is a third of the way').toBe('0.333');
  expect(await shade(widget.outputCells.nth(3)), 'the output is shaded on its own scale: 12.5 is its largest').toBe('1.000');
  const [low, high] = await Promise.all([0, 15].map((i) => widget.inputCells.nth(i).evaluate((node) => getComputedStyle(node).backgroundColor)));
  expect(low, 'and the two ends look different').not.toBe(high);
});
