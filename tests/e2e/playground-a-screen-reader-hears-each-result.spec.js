// What a screen reader hears in the playground: after each change, once the learner pauses, a
// polite summary reads the result's numbers (the output's, or after an edit of the upstream
// gradients the input's gradient), in the page's language; each window's button is named by
// its number and the value it shows.
import { expect, test } from './playground-page.js';

test('typing a cell, a fill button and a gradient edit are each read out with their numbers', async ({ page, playground }) => {
  await playground.open();
  const summary = playground.root.getByRole('status', { name: 'Result summary' });
  await expect(summary, 'the lesson\'s picture 0..15 in 2 × 2 windows').toHaveText('Output 2 × 2: 2.5, 4.5, 10.5, 12.5.');
  await expect(playground.outputButton(1)).toHaveAccessibleName('Window 2: 4.5');

  await playground.inputField(1, 1).fill('8');
  await expect(summary, 'a typed cell: (8 + 1 + 4 + 5) / 4').toHaveText('Output 2 × 2: 4.5, 4.5, 10.5, 12.5.');
  await expect(playground.outputButton(0)).toHaveAccessibleName('Window 1: 4.5');

  await playground.root.getByRole('button', { name: '1 to 9 (3 × 3)' }).click();
  await expect(summary, 'a fill button: 1..9 in 3 × 3 gives one whole window, (1 + 2 + 4 + 5) / 4').toHaveText('Output 1 × 1: 3.');

  await playground.root.getByRole('button', { name: '1 to 16 (4 × 4)' }).click();
  await expect(summary).toHaveText('Output 2 × 2: 3.5, 5.5, 11.5, 13.5.');
  await playground.gradOutputField(1, 1).fill('4');
  await expect(summary, 'an upstream gradient: window 1 shares its 4 over its cells, the others their 1').toHaveText(
    'Gradient at the input 4 × 4: 1, 1, 0.25, 0.25, 1, 1, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25.');

  await playground.sizeField('kernel_size', 'height').fill('1');
  await playground.sizeField('kernel_size', 'width').fill('1');
  await playground.sizeField('stride', 'height').fill('1');
  await playground.sizeField('stride', 'width').fill('1');
  await expect(summary, '16 numbers are read out').toHaveText('Output 4 × 4: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16.');
  await playground.root.getByRole('button', { name: '1 to 25 (5 × 5)' }).click();
  await expect(summary, 'more: the size alone, and the grid holds them').toHaveText('Output 5 × 5.');
});

test('the Chinese lesson reads its results in Chinese', async ({ page }) => {
  await page.goto('/zh/lessons/pictures/every-knob-of-pooling/');
  const root = page.locator('pool-playground');
  await expect(root.getByRole('status', { name: '结果摘要' })).toHaveText('输出 2 × 2：2.5，4.5，10.5，12.5。');
  await expect(root.getByRole('grid', { name: /^输出/ }).getByRole('button').first()).toHaveAccessibleName('窗口 1：2.5');
});
