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

// Every non-empty text the playground's polite regions take, in order.
async function recordPolite(playground) {
  await playground.root.evaluate((element) => {
    window.polite = [];
    for (const region of element.shadowRoot.querySelectorAll('[role="status"]')) {
      new MutationObserver(() => {
        if (region.textContent) window.polite.push(region.textContent);
      }).observe(region, { childList: true, characterData: true, subtree: true });
    }
  });
}
const politeSaid = (page) => page.evaluate(() => window.polite.splice(0));

test('one action says one thing: a window chosen, its line; a change with a window selected, the summary alone', async ({ page, playground }) => {
  await page.clock.install();
  await playground.open();
  await expect(playground.summary, 'the opening result is said before the test listens').toHaveText('Output 2 × 2: 2.5, 4.5, 10.5, 12.5.');
  await recordPolite(playground);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

  await playground.outputButton(1).click();
  await expect(playground.detail, 'the line shows at once').toHaveText(/^Output row 1, column 2: \(2 \+ 3 \+ 6 \+ 7\) \/ 4 = 18 \/ 4 = 4\.5\./);
  expect(await politeSaid(page), 'nothing is said before the pause').toEqual([]);
  await page.clock.runFor(1000);
  const line = await playground.detail.textContent();
  expect(await politeSaid(page), 'the window chosen is said in its line\'s words, once').toEqual([line]);

  await playground.inputField(1, 3).fill('8');
  await page.clock.runFor(1000);
  await expect(playground.detail, 'the line follows the change on screen').toContainText('(8 + 3 + 6 + 7) / 4 = 24 / 4 = 6');
  expect(await politeSaid(page), 'and the summary alone is said, which holds the window\'s new number').toEqual([
    'Output 2 × 2: 2.5, 6, 10.5, 12.5.',
  ]);

  // Settings the core refuses, then settings it takes: the alert, then the summary, and no
  // "Select an output" between them.
  await playground.sizeField('kernel_size', 'height').fill('9');
  await page.clock.runFor(1000);
  await playground.sizeField('kernel_size', 'height').fill('2');
  await page.clock.runFor(1000);
  expect(await politeSaid(page), 'one sentence for the change that works').toEqual(['Output 2 × 2: 2.5, 6, 10.5, 12.5.']);
});
