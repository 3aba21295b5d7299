// An exercise of the dropout lesson sets the widget up for its question: its "Set the
// playground up" link applies its query over the lesson's own settings (not over what the
// learner changed since), and the widget then shows PyTorch's number for the exercise. Each
// set-up is a history entry whose address holds its settings: Back returns the widget to what
// the learner had, Forward and a reload set it up again.
import { readFileSync } from 'node:fs';
import { expect, test } from './dropout-page.js';

const { exercises } = JSON.parse(readFileSync(new URL('./dropout-expected.json', import.meta.url), 'utf8'));

test('each exercise link sets the widget up, and the widget shows the number PyTorch gives for it', async ({ page, dropout }) => {
  await page.goto('/lessons/a-layer/dropout/');
  await expect(dropout.rows.first()).toBeVisible();
  await dropout.button('New mask').click();
  await expect(dropout.root).toHaveAttribute('seed', '1');

  const evaluation = exercises.find((exercise) => exercise.playground === 'p=0.5&mode=eval');
  await page.locator(`a[data-playground-query="${evaluation.playground}"]`).click();
  await expect(dropout.root).toHaveAttribute('mode', 'eval');
  expect((await dropout.numbers()).output[4], 'output 5 in evaluation mode').toBe(evaluation.pytorch);
  await expect(page).toHaveURL(/\/lessons\/a-layer\/dropout\/\?p=0\.5&mode=eval$/);

  await page.goBack();
  await expect(page, 'Back: the lesson\'s address').toHaveURL(/\/lessons\/a-layer\/dropout\/$/);
  await expect(dropout.root, 'and the learner\'s mask').toHaveAttribute('mode', 'train');
  expect(await dropout.root.evaluate((widget) => widget.getState().seed)).toBe(1);
  await page.goForward();
  await expect(dropout.root, 'Forward: set up again').toHaveAttribute('mode', 'eval');
  await page.reload();
  await expect(dropout.root, 'a reload keeps the set-up').toHaveAttribute('mode', 'eval');
  await expect.poll(async () => (await dropout.numbers()).output[4]).toBe(evaluation.pytorch);

  const kept = exercises.find((exercise) => exercise.playground === 'p=0.75&seed=0');
  await page.locator(`a[data-playground-query="${kept.playground}"]`).click();
  await expect(dropout.root).toHaveAttribute('p', '0.75');
  await expect(dropout.root).toHaveAttribute('mode', 'train');
  expect(await dropout.root.evaluate((widget) => widget.getState().seed), 'the lesson\'s seed, not the learner\'s').toBe(0);
  expect((await dropout.numbers()).output[7], 'output 8 at p = 0.75').toBe(kept.pytorch);
  await expect(dropout.scale).toHaveText('The survivors are multiplied by 1 / (1 − p) = 4.');
});
