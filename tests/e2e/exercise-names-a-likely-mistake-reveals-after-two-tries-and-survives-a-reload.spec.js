// An exercise that lists likely mistakes says what a wrong answer suggests; after two wrong tries
// the learner may reveal the answer with its working; and what the learner did is still there
// after a reload (this browser's storage only).
import { KNOBS_URL, expect, test } from './playground-page.js';

test('an exercise names a likely mistake, reveals after two tries and survives a reload', async ({ page, playground }) => {
  await playground.open(KNOBS_URL);
  // "Back to the corner window, with count_include_pad off": 1, and 0.25 is dividing by all four places.
  const exercise = page.getByRole('group', { name: 'Exercise 3', exact: true });
  const answer = exercise.getByRole('textbox', { name: 'Your answer' });
  const check = exercise.getByRole('button', { name: 'Check' });
  const status = exercise.getByRole('status');
  const reveal = exercise.getByRole('button', { name: 'Show the answer' });

  await expect(reveal, 'no answer to reveal before any try').toBeHidden();
  await answer.fill('0.25');
  await check.click();
  await expect(status, 'the likely mistake is named').toHaveText(
    'Not quite: 0.25. You divided by all four places; with count_include_pad off, the padding places do not count.',
  );
  await expect(reveal, 'one wrong try is not enough to reveal').toBeHidden();
  await answer.fill('0.5');
  await check.click();
  await expect(status, 'any other wrong answer').toHaveText('Not quite: 0.5 is not it. Have another go, or open the hint.');
  await reveal.click();
  await expect(exercise.getByText(/^Answer: 1\./), 'the answer with its working').toBeVisible();

  await answer.fill('1');
  await check.click();
  await expect(status).toHaveText('Right: 1.');

  await page.reload();
  await expect(playground.outputGrid).toBeVisible();
  await expect(answer, 'the answer typed is still there').toHaveValue('1');
  await expect(status, 'and still right').toHaveText('Right: 1.');
  await expect(exercise.getByText(/^Answer: 1\./), 'and still revealed').toBeVisible();
});

test('an answer rounded to fewer digits than the exercise checks is called close, in both languages, and is no try', async ({ page }) => {
  for (const [url, name, close] of [
    ['/lessons/a-layer/softmax/', 'Exercise 1', 'Close: 0.11 is the answer rounded to fewer digits than this exercise checks. Give it to 3 digits after the point.'],
    ['/zh/lessons/a-layer/softmax/', '练习 1', '接近了：0.11 是答案四舍五入后的值，但这道题要求更多位小数。请保留 3 位小数。'],
  ]) {
    await page.goto(url);
    // softmax([3, 1, 0.1])'s second probability is 0.114, checked to within 0.001.
    const exercise = page.getByRole('group', { name, exact: true });
    const answer = exercise.getByRole('textbox');
    for (let i = 0; i < 2; i += 1) {
      await answer.fill('0.11');
      await exercise.getByRole('button').first().click();
      await expect(exercise.getByRole('status')).toHaveText(close);
    }
    await expect(answer).toHaveAttribute('aria-invalid', 'true');
    // (The Chinese page shares the English one's progress, solved by then.)
    if (!url.startsWith('/zh/')) await expect(exercise.locator('.exercise__reveal'), 'two close answers are not two wrong tries').toBeHidden();
    await answer.fill('0.114');
    await exercise.getByRole('button').first().click();
    await expect(exercise.getByRole('status')).toHaveText(url.startsWith('/zh/') ? '正确：0.114。' : 'Right: 0.114.');
  }
});
