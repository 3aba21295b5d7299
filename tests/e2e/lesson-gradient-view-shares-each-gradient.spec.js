import { test, expect } from './fixtures.js';

test('the gradient view shares each upstream gradient equally over its window', async ({ page }) => {
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const widget = page.locator('pool-widget');
  const average = widget.getByRole('button', { name: 'Average', exact: true });
  const gradient = widget.getByRole('button', { name: 'Gradient', exact: true });

  await expect(average, 'the widget opens on the forward pass').toHaveAttribute('aria-pressed', 'true');
  await gradient.click();
  await expect(gradient, 'the gradient view is on').toHaveAttribute('aria-pressed', 'true');
  await expect(average, 'the average view is off').toHaveAttribute('aria-pressed', 'false');

  const upstream = widget.getByRole('grid', { name: /output/i }).getByRole('spinbutton');
  await expect(upstream, 'one editable upstream gradient per output').toHaveCount(4);
  for (const [index, value] of ['4', '8', '12', '16'].entries()) {
    await expect(
      widget.getByRole('spinbutton', { name: `Upstream gradient of output ${index + 1}` }),
      `the lesson's upstream gradient of output ${index + 1}`,
    ).toHaveValue(value);
  }

  await expect(
    widget.getByRole('grid', { name: /input/i }).getByRole('gridcell'),
    'each cell receives a quarter of its window\'s gradient',
  ).toHaveText(['1', '1', '2', '2', '1', '1', '2', '2', '3', '3', '4', '4', '3', '3', '4', '4']);

  await widget.getByRole('button', { name: 'Window 4' }).click();
  await expect(widget.getByRole('status'), 'window 4 splits 16 over its 4 cells').toContainText('16 / 4 = 4');

  await average.click();
  await expect(
    widget.getByRole('grid', { name: /output/i }).getByRole('gridcell'),
    'switching back shows the averages again',
  ).toHaveText(['2.5', '4.5', '10.5', '12.5']);
});
