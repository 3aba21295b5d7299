// The Huber lesson's widget: the outlier's gradient is capped at δ / n beside mean squared
// error's 2 (p − t) / n (PyTorch's numbers from loss-expected.json's claims); raising δ past every
// gap makes each Huber gradient half of mean squared error's; the curve marks the kinks at ±δ.
import { readFileSync } from 'node:fs';
import { expect, expectShown, test } from './loss-page.js';

const { claims } = JSON.parse(readFileSync(new URL('./loss-expected.json', import.meta.url), 'utf8'));
const claim = (loss, predictions, what) => claims.find((c) => c.settings.loss === loss && c.settings.predictions.join() === predictions && c.what === what).pytorch;

test('the outlier\'s Huber gradient stays at δ / n while its MSE gradient follows the gap; δ = 10 halves MSE\'s', async ({ page, loss }) => {
  await page.goto('/lessons/the-error/the-huber-loss/');
  await expect(loss.handle(3)).toBeVisible();
  const start = await loss.numbers();
  expectShown(start.gradients[2], claim('huber', '1.5,0.5,8', 'grad 3'), 'the outlier\'s Huber gradient');
  expectShown(start.compared[2], claim('mse', '1.5,0.5,8', 'grad 3'), 'the outlier\'s MSE gradient');
  await expect(loss.root.locator('.kink-label'), 'the kinks at ±δ are marked').toHaveText(['−δ', 'δ']);

  await loss.field('Prediction 3').fill('3');
  await loss.field('Prediction 3').press('Enter');
  await expect(loss.status).toContainText('Prediction 3 is 3.');
  const moved = await loss.numbers();
  expectShown(moved.gradients[2], claim('huber', '1.5,0.5,3', 'grad 3'), 'the Huber gradient, still capped');
  expectShown(moved.compared[2], claim('mse', '1.5,0.5,3', 'grad 3'), 'the MSE gradient, smaller with the gap');

  await loss.field('Huber δ').fill('10');
  await loss.field('Huber δ').press('Enter');
  const wide = await loss.numbers();
  wide.gradients.forEach((grad, i) => expectShown(grad, wide.compared[i] / 2, `Huber gradient ${i + 1} inside δ = 10`));
});

test('the curve follows δ and compare, and is drawn the same when they come back', async ({ page, loss }) => {
  await page.goto('/lessons/the-error/the-huber-loss/');
  await expect(loss.handle(3)).toBeVisible();
  const curves = loss.root.locator('path.curve');
  const paths = () => curves.evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute('class')}: ${node.getAttribute('d')}`));
  await expect(curves, 'Huber and, compared, MSE').toHaveCount(2);
  const first = await paths();
  // Each kink's line and label, where they are drawn.
  const kinks = () => loss.root.locator('line.kink, text.kink-label').evaluateAll((nodes) => nodes.map((node) => `${node.textContent || 'line'} at ${node.getAttribute('x1') ?? node.getAttribute('x')}`));
  const firstKinks = await kinks();
  expect(firstKinks, 'a line and a label at each of −δ and δ').toHaveLength(4);

  await loss.field('Huber δ').fill('2');
  await loss.field('Huber δ').press('Enter');
  await expect(loss.status).toContainText('Huber δ is 2.');
  const wider = await paths();
  expect(wider[0], 'the Huber curve bends later with δ = 2').not.toBe(first[0]);
  const widerKinks = await kinks();
  expect(widerKinks.map((kink) => kink.split(' at ')[0]), 'the same lines and labels').toEqual(firstKinks.map((kink) => kink.split(' at ')[0]));
  expect(widerKinks, 'moved out to ±2').not.toEqual(firstKinks);

  await loss.field('Huber δ').fill('1');
  await loss.field('Huber δ').press('Enter');
  await expect(loss.status).toContainText('Huber δ is 1.');
  expect(await paths(), 'back at δ = 1, the same curves').toEqual(first);
  expect(await kinks(), 'and the kinks back at ±1').toEqual(firstKinks);

  // The Huber curve, the axes and their labels are marked, and must still be the plot's nodes
  // after compare goes off and on: the plot is redrawn in place, not built again.
  const marked = (mark) => loss.root.locator('svg.curve-plot').evaluate((plot, setMark) => {
    const nodes = [...plot.querySelectorAll('path.curve.main, .grid-lines > *')];
    if (setMark) nodes.forEach((node) => { node.markedBeforeCompare = true; });
    return `${nodes.filter((node) => node.markedBeforeCompare).length} of ${nodes.length}`;
  }, mark);
  expect(await marked(true), 'the Huber curve, two axes, four labels, and a line and a label at each kink').toBe('11 of 11');
  const compare = loss.root.getByRole('checkbox');
  await compare.uncheck();
  await expect(curves, 'Huber alone').toHaveCount(1);
  await compare.check();
  await expect(curves).toHaveCount(2);
  expect(await paths(), 'compared again, the same curves').toEqual(first);
  expect(await marked(false), 'compare off and on keeps the nodes of the Huber curve and the axes').toBe('11 of 11');
});

test('the kinks go with the Huber curve and come back with it, where they were', async ({ page, loss }) => {
  await page.goto('/lessons/the-error/mean-squared-error/');
  await expect(loss.handle(3)).toBeVisible();
  const compare = loss.root.getByRole('checkbox');
  const kinks = loss.root.locator('line.kink, text.kink-label');
  const places = () => kinks.evaluateAll((nodes) => nodes.map((node) => `${node.textContent || 'line'} at ${node.getAttribute('x1') ?? node.getAttribute('x')}`));
  await compare.check();
  await expect(loss.root.locator('text.kink-label'), 'Huber compared: its kinks are marked').toHaveText(['−δ', 'δ']);
  const marked = await places();
  await compare.uncheck();
  await expect(kinks, 'mean squared error alone has no kink').toHaveCount(0);
  await compare.check();
  await expect(loss.root.locator('text.kink-label'), 'compared again, the kinks are marked again').toHaveText(['−δ', 'δ']);
  expect(await places(), 'at the same places').toEqual(marked);
});
