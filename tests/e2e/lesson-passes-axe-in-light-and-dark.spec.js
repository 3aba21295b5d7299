import { test, expect, expectNoAxeViolations } from './fixtures.js';

for (const colorScheme of ['light', 'dark']) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test(`the lesson passes axe in the ${colorScheme} scheme, forward and backward`, async ({ page }) => {
      await page.goto('/lessons/pictures/patches-of-a-picture/');
      const widget = page.locator('pool-widget');

      await widget.getByRole('button', { name: 'Window 1' }).click();
      await expect(widget.getByRole('status'), 'the formula is shown before the scan').toContainText('= 2.5');
      await expectNoAxeViolations(page, `the lesson, ${colorScheme}, window 1 selected`);

      await widget.getByRole('button', { name: 'Gradient', exact: true }).click();
      await widget.getByRole('button', { name: 'Window 4' }).click();
      await widget.getByText('The code that computed this').click();
      await expect(widget.getByRole('region', { name: /C\+\+ source of/ }), 'the code panel is open').toBeVisible();
      await expect(widget.getByRole('status'), 'the gradient split is shown before the scan').toContainText('16 / 4 = 4');
      await expectNoAxeViolations(page, `the lesson, ${colorScheme}, gradient view with the code open`);
    });
  });
}
