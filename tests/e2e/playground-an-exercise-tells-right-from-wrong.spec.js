// An exercise written in the lesson's Markdown checks the learner's answer, offers its hint and
// sets the playground up for its question.
import { KNOBS_URL, expect, test } from './playground-page.js';

test('an exercise tells a right answer from a wrong one', async ({ page, playground }) => {
  await playground.open(KNOBS_URL);
  const exercise = page.getByRole('group', { name: 'Exercise 1' });
  const answer = exercise.getByRole('textbox', { name: 'Your answer' });
  const check = exercise.getByRole('button', { name: 'Check' });
  const status = exercise.getByRole('status');

  await answer.fill('3');
  await check.click();
  await expect(status, 'a wrong answer is called so').toHaveText('Not quite: 3 is not it. Have another go, or open the hint.');
  await expect(answer, 'and marked').toHaveAttribute('aria-invalid', 'true');

  await answer.fill('seven');
  await answer.press('Enter');
  await expect(status, 'Enter checks too; words are not numbers').toContainText('"seven" is not a number I can read');

  await exercise.getByText('Hint').click();
  await expect(exercise.getByText('Its cells are 1, 2, 5 and 6.'), 'the hint opens').toBeVisible();

  await answer.fill('7/2');
  await check.click();
  await expect(status, 'a right answer, even as a fraction').toHaveText('Right: 3.5.');
  await expect(answer).not.toHaveAttribute('aria-invalid', /.*/);
});
