// <dropout-widget> by keyboard alone: Tab reaches p's slider, its field, the mode, the seed,
// "New mask" and "Average" in that order; the arrow keys move p; Enter draws a new mask and
// Space averages; the live region says what changed, and the page hears a dropout-change for
// each of the learner's changes but none for setState.
import { readFileSync } from 'node:fs';
import { expect, expectPyTorchNumbers, test } from './dropout-page.js';

const { cases } = JSON.parse(readFileSync(new URL('./dropout-expected.json', import.meta.url), 'utf8'));
const named = (name) => cases.find((testCase) => testCase.name === name);

test('Tab order, arrow keys on p, Enter for a new mask, Space to average, and the mode from the keyboard', async ({ page, dropout }) => {
  await dropout.open();
  await dropout.recordChanges();
  await expect(dropout.root.getByRole('table', { name: 'Input, mask and output', exact: true }), 'the table is named by its heading').toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dropout.slider, 'the slider comes first').toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dropout.field('Dropout probability p'), 'the field follows the slider').toHaveValue('0.55');
  await expect(dropout.root).toHaveAttribute('p', '0.55');
  await page.keyboard.press('ArrowLeft');
  await expect(dropout.root).toHaveAttribute('p', '0.5');
  await expect(dropout.status).toContainText('p = 0.5');
  await expect(dropout.status, 'the setting is said by its name, not the slider\'s').toContainText(/^Dropout probability p is 0\.5\b/);

  await page.keyboard.press('Tab');
  await expect(dropout.field('Dropout probability p')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dropout.mode).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dropout.field('Seed')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dropout.button('New mask')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dropout.field('Seed')).toHaveValue('1');
  await expectPyTorchNumbers(dropout, named('new mask once').expected);
  await expect(dropout.status).toHaveText('New mask, seed 1. 6 of 8 elements kept, p = 0.5.');

  await page.keyboard.press('Tab');
  await expect(dropout.button('Average 1000 masks')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(dropout.button('Average 1000 masks')).toHaveAttribute('aria-pressed', 'true');
  await expectPyTorchNumbers(dropout, named('new mask once').expected, { mean: true });
  await expect(dropout.status).toHaveText('Averaged 1000 masks');

  // Back to the mode, and evaluation chosen with the arrow keys.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(dropout.mode).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dropout.root).toHaveAttribute('mode', 'eval');
  await expect(dropout.status).toContainText('Evaluation mode: all 8 elements pass unchanged.');
  const shown = await dropout.numbers();
  expect(shown.output, 'evaluation passes every input unchanged').toEqual([1, 2, -1, 0.5, 3, -2, 1.5, 4]);
  expect(shown.gradInput, 'and the gradient too').toEqual(new Array(8).fill(1));

  const changes = await dropout.changes();
  expect(changes.length, 'one event per change: p up, p down, new mask, mode').toBe(4);
  expect(changes.every((change) => change.byUser)).toBe(true);
  expect(changes.at(-1).state).toMatchObject({ p: 0.5, seed: 1, mode: 'eval' });

  await dropout.root.evaluate((widget) => widget.setState({ seed: 5, mode: 'train' }));
  await expect(dropout.root).toHaveAttribute('seed', '5');
  await dropout.root.evaluate((widget) => widget.ready());
  expect((await dropout.changes()).length, 'setState fires no event').toBe(4);
});
