// Keyboard alone: Tab reaches the temperature's slider and field, the scores, the buttons and
// the bars in reading order; the slider's keys move T along its log scale from 0.01 (argmax) to
// 100 (uniform); Enter on a bar chooses the class of the backward pass; each change is said in
// the live region and reported to the page as the learner's.
import { expect, SoftmaxPage, test } from './softmax-page.js';

test('the slider, the fields, the buttons and the bars work from the keyboard', async ({ softmax, page }) => {
  await softmax.open(`<button>before</button>${SoftmaxPage.tag()}`);
  await softmax.recordChanges();
  await page.getByRole('button', { name: 'before' }).focus();
  await page.keyboard.press('Tab');
  await expect(softmax.slider, 'the slider comes first').toBeFocused();
  await expect(softmax.slider).toHaveAttribute('aria-valuetext', 'T = 1');

  await page.keyboard.press('Home');
  await expect(softmax.field('Temperature')).toHaveValue('0.01');
  await expect(softmax.bars.locator('.bar-value'), 'T = 0.01: the argmax (e^-100 is a float32 denormal)').toHaveText(['1', '3.784e-44', '0']);
  await expect(softmax.status).toContainText('Temperature set to 0.01');
  await page.keyboard.press('End');
  await expect(softmax.field('Temperature')).toHaveValue('100');
  await expect(softmax.slider).toHaveAttribute('aria-valuetext', 'T = 100');
  const flat = (await softmax.numbers()).probabilities;
  expect(Math.max(...flat) - Math.min(...flat), 'T = 100: nearly uniform').toBeLessThan(0.01);

  await page.keyboard.press('Tab');
  await expect(softmax.field('Temperature')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('0.05');
  await page.keyboard.press('Enter');
  await expect(softmax.status).toContainText('Temperature is 0.05.');
  await expect(softmax.slider).toHaveAttribute('aria-valuetext', 'T = 0.05');
  await expect(softmax.bars.locator('.bar-value'), 'e^-20 and e^-38 of the whole').toHaveText(['1', '2.061e-9', '3.139e-17']);

  await page.keyboard.press('Tab');
  await expect(softmax.field('x0, score of class 0')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(softmax.root.getByRole('button', { name: 'Add a score' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(softmax.bars, 'a fourth class').toHaveCount(4);
  await expect(softmax.field('x3, score of class 3')).toHaveValue('0');
  await expect(softmax.status).toContainText('A score added: 4 scores');

  await page.keyboard.press('Tab');
  await expect(softmax.root.getByRole('button', { name: 'Remove the last score' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(softmax.bars).toHaveCount(3);

  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(softmax.bars.nth(1), 'then the bars').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(softmax.bars.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(softmax.classChoice).toHaveValue('1');
  await expect(softmax.status).toContainText('Backward pass for class 1');
  await expect(softmax.status, 'with the gradient the choice shows').toContainText('Gradient of p1: −4.122e−8, 4.122e−8, −1.294e−24.');
  expect(await softmax.root.evaluate((widget) => widget.getState())).toEqual({ scores: [2, 1, 0.1], temperature: 0.05, gradClass: 1, colorScheme: 'auto' });

  const changes = await softmax.changes();
  expect(changes.every((change) => change.byUser), 'every change is the learner\'s').toBe(true);
  expect(changes.map((change) => change.state.temperature)).toEqual([0.01, 100, 0.05, 0.05, 0.05, 0.05]);
  expect(changes.at(-1).state.gradClass).toBe(1);
});

test('setting state or attributes from code redraws without an event', async ({ softmax }) => {
  await softmax.open();
  await softmax.recordChanges();
  await softmax.root.evaluate((widget) => widget.setState({ scores: [1000, 1001, 999], gradClass: 2 }));
  await expect(softmax.bars.locator('.bar-value')).toHaveText(['0.2447', '0.6652', '0.09003']);
  await expect(softmax.classChoice).toHaveValue('2');
  expect(await softmax.changes()).toEqual([]);
});
