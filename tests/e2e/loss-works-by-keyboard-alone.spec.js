// The mean squared error lesson's widget by keyboard alone: Tab reaches the controls, then each
// prediction's slider; the arrow keys move a prediction and the loss and gradients follow
// (PyTorch's numbers from loss-expected.json's claims); a choice changes the reduction.
import { readFileSync } from 'node:fs';
import { expect, expectShown, test } from './loss-page.js';

const { claims } = JSON.parse(readFileSync(new URL('./loss-expected.json', import.meta.url), 'utf8'));
const claim = (predictions, reduction, what) => claims.find((c) => c.settings.predictions.join() === predictions
  && (c.settings.reduction ?? 'mean') === reduction && c.settings.loss === 'mse' && c.what === what).pytorch;

test('Tab reaches prediction 3; ArrowLeft moves it onto its target and the loss falls to PyTorch\'s', async ({ page, loss }) => {
  await page.goto('/lessons/the-error/mean-squared-error/');
  await expect(loss.handle(3)).toBeVisible();
  await loss.choice('Loss').focus();
  const reached = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const name = await loss.root.evaluate((widget) => widget.shadowRoot.activeElement?.getAttribute('aria-label') ?? '');
    reached.push(name);
    if (name === 'Prediction 3 on the axis') break;
  }
  expect(reached, 'the Tab order: the reduction, compare, then the sliders in order').toEqual(['Reduction', '', 'Prediction 1 on the axis', 'Prediction 2 on the axis', 'Prediction 3 on the axis']);
  await expect(loss.handle(3)).toHaveAttribute('aria-valuenow', '4');
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
  await expect(loss.handle(3)).toHaveAttribute('aria-valuenow', '1');
  await expect(loss.field('Prediction 3')).toHaveValue('1');
  await expect(loss.status).toContainText('Prediction 3 moved to 1');
  const shown = await loss.numbers();
  expectShown(shown.loss, claim('3,1,1', 'mean', 'loss'), 'the loss with prediction 3 on its target');
  expect(shown.gradients[2], 'a point on its target feels no pull').toBe(0);

  await page.keyboard.press('End');
  await expect(loss.handle(3)).toHaveAttribute('aria-valuenow', '6');
  await page.keyboard.press('Home');
  await expect(loss.handle(3)).toHaveAttribute('aria-valuenow', '-2');
  for (let i = 0; i < 6; i++) await page.keyboard.press('PageUp');
  await expect(loss.handle(3), 'Page Up moves ten steps').toHaveAttribute('aria-valuenow', '4');

  // The reduction by keyboard: focus it and pick sum.
  await loss.choice('Reduction').focus();
  await loss.choice('Reduction').selectOption('sum');
  await expect(loss.status).toContainText('Reduction: sum');
  const summed = await loss.numbers();
  expectShown(summed.loss, claim('3,1,4', 'sum', 'loss'), 'the summed loss');
  expectShown(summed.gradients[2], claim('3,1,4', 'sum', 'grad 3'), 'the summed gradient of point 3');
});
