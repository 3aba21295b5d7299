import { test, expect } from './fixtures.js';

// The widget writes the learner's gradients back into its grad-output attribute (which the
// "Embed this" snippet copies): the gradients the learner did not touch keep their exact text.
test('editing one upstream gradient keeps the others exactly as they were given', async ({ page }) => {
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const widget = page.locator('pool-widget');
  await widget.evaluate((element) => element.setAttribute('grad-output', '0.123456 1 1 1'));
  await widget.getByRole('button', { name: 'Gradient', exact: true }).click();
  const firstGradient = widget.getByRole('spinbutton', { name: 'Upstream gradient of output 1' });
  await expect(firstGradient, 'the field shows the given gradient, rounded for reading').toHaveValue('0.1235');

  await widget.getByRole('spinbutton', { name: 'Upstream gradient of output 2' }).fill('5');
  await expect(widget, 'the untouched gradients keep their exact text').toHaveAttribute('grad-output', '0.123456 5 1 1');
  await expect(
    widget.getByRole('grid', { name: /input/i }).getByRole('gridcell').first(),
    'and window 1 still shares 0.123456 over its 4 cells',
  ).toHaveText('0.03086');
});
