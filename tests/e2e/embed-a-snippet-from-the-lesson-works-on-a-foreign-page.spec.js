import { test, expect } from './fixtures.js';
import { FOREIGN_ORIGIN } from './embed-origins.js';

test('a script snippet copied from the lesson brings the same widget to a foreign page', async ({ page }) => {
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const widget = page.locator('pool-widget');
  await widget.getByRole('button', { name: 'Gradient', exact: true }).click();
  await widget.getByRole('button', { name: 'Window 3' }).click();
  const script = page.getByRole('region', { name: 'Embed this' }).getByRole('textbox', { name: 'Script tag and element' });
  await expect(script, 'the snippet has caught up with the learner').toHaveValue(/selected="3"/);
  const snippet = await script.inputValue();

  await page.goto(`${FOREIGN_ORIGIN}/snippet.html?html=${encodeURIComponent(snippet)}`);
  const pasted = page.locator('pool-widget');
  await expect(pasted.getByRole('button', { name: 'Gradient', exact: true }), 'in the gradient view').toHaveAttribute('aria-pressed', 'true');
  await expect(pasted.getByRole('button', { name: 'Window 3' }), 'with window 3 selected').toHaveAttribute('aria-pressed', 'true');
  // Upstream gradients 4, 8, 12, 16, each shared equally by the 4 cells of its window.
  await expect(pasted.getByRole('table', { name: 'Input gradients, 4 by 4' }).getByRole('cell'), 'and the lesson\'s gradients').toHaveText([
    '1', '1', '2', '2', '1', '1', '2', '2', '3', '3', '4', '4', '3', '3', '4', '4',
  ]);
  await expect(pasted.locator('p.formula'), 'explaining window 3').toContainText('12 / 4 = 3');
});
