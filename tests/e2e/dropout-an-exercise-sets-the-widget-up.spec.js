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

test('what the learner does after a set-up is kept in its entry: a jump within the page and Back lose nothing', async ({ page, dropout }) => {
  await page.goto('/lessons/a-layer/dropout/');
  await expect(dropout.rows.first()).toBeVisible();
  await page.locator('a[data-playground-query="p=0.75&seed=0"]').click();
  await expect(dropout.root).toHaveAttribute('p', '0.75');
  await dropout.button('New mask').click();
  await dropout.button('New mask').click();
  await expect(dropout.root).toHaveAttribute('seed', '2');
  await page.evaluate(() => { window.location.hash = 'main'; });
  await page.goBack();
  await expect(page).toHaveURL(/\?p=0\.75&seed=0$/);
  await expect(dropout.root, 'the learner\'s mask, not the exercise\'s again').toHaveAttribute('seed', '2');
  await page.goBack();
  await expect(dropout.root, 'Back to the exercise: the lesson\'s settings').toHaveAttribute('p', '0.5');
  await page.goForward();
  await expect(dropout.root, 'Forward: what the learner made of the set-up').toHaveAttribute('seed', '2');
  await expect(dropout.root).toHaveAttribute('p', '0.75');
});

test('a sentence still waiting when the widget is set up from code is dropped, not said over the new settings', async ({ dropout }) => {
  await dropout.open();
  const spoken = await dropout.root.evaluate(async (widget) => {
    const said = [];
    const status = widget.shadowRoot.querySelector('[role="status"]');
    new MutationObserver(() => said.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
    // "New mask", then, before its sentence is said, the widget set up from code.
    widget.shadowRoot.querySelector('button.new-mask').click();
    widget.applyQuery('p=0.75&seed=0');
    // A timer set now for longer than the pause fires after the sentence's would have.
    await new Promise((resolve) => { setTimeout(resolve, 1000); });
    return said;
  });
  await expect(dropout.root).toHaveAttribute('p', '0.75');
  expect(spoken, 'the mask\'s sentence no longer holds, and is not said').toEqual([]);
});
