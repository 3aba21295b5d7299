import { test, expect } from './fixtures.js';

test('printed, a lesson shows its text and the widget\'s current numbers, without the site\'s chrome', async ({ page }) => {
  await page.goto('lessons/pictures/patches-of-a-picture/');
  const widget = page.locator('pool-widget');
  await widget.getByRole('button', { name: 'Window 4' }).click();
  await expect(widget.getByRole('status'), 'the learner picked window 4').toContainText('= 12.5');

  await page.emulateMedia({ media: 'print' });
  for (const [part, why] of [
    [page.getByRole('banner'), 'the site header'],
    [page.getByRole('contentinfo'), 'the footer'],
    [page.getByRole('navigation', { name: 'Breadcrumb' }), 'the breadcrumb'],
    [page.getByRole('navigation', { name: 'Previous and next lesson' }), 'the pager'],
    [page.getByRole('region', { name: 'Embed this' }), '"Embed this"'],
    [page.getByRole('button', { name: 'Check' }).first(), 'the exercises\' buttons'],
  ]) {
    await expect(part, `${why} is not printed`).toBeHidden();
  }
  await expect(page.getByRole('heading', { level: 1 }), 'the lesson\'s title is').toHaveText('Patches of a picture');
  await expect(page.locator('.lesson__body p').first(), 'and its text').toBeVisible();
  await expect(widget.getByRole('table', { name: /^Output/ }).getByRole('cell'), 'and the widget\'s numbers')
    .toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect(widget.locator('p.formula'), 'as the learner left them').toContainText('= 12.5');
  await expect(widget.locator('p.formula'), 'on the paper').toBeVisible();
});
