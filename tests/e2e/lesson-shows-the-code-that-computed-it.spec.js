import { test, expect } from './fixtures.js';

test('the code panel shows the C++ function that computed the numbers on screen', async ({ page }) => {
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const widget = page.locator('pool-widget');
  const code = widget.getByRole('region', { name: /C\+\+ source of/ });

  await widget.getByText('The code that computed this').click();
  await expect(code, 'the forward kernel is named').toHaveAccessibleName(/avg_pool2d_forward/);
  await expect(code, 'its definition is shown, not just its name').toContainText(/void avg_pool2d_forward\w*\(/);
  await expect(code, 'the whole body is shown, up to its closing brace').toContainText(/\}\s*$/);

  await widget.getByRole('button', { name: 'Gradient', exact: true }).click();
  await expect(code, 'the gradient view shows the backward kernel').toHaveAccessibleName(/avg_pool2d_backward/);
  await expect(code, 'with its definition').toContainText(/void avg_pool2d_backward\w*\(/);
});
