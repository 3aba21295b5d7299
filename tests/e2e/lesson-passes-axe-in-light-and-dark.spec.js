import { expectNoAxeViolations } from './fixtures.js';
import { test, expect } from './widget-page.js';

// The widget's own surface in each scheme (web/components/shared/palette.js): the page's
// scheme must reach the widget, not only the page around it.
const SURFACE = { light: 'rgb(255, 255, 255)', dark: 'rgb(21, 23, 28)' };

for (const colorScheme of ['light', 'dark']) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test(`the lesson passes axe in the ${colorScheme} scheme, forward and backward`, async ({ page, widget }) => {
      await widget.open();
      const surface = await page.locator('pool-widget').evaluate((element) => getComputedStyle(element.shadowRoot.querySelector('.widget')).backgroundColor);
      expect(surface, `the widget itself is drawn in the ${colorScheme} scheme`).toBe(SURFACE[colorScheme]);

      await widget.windowButton(1).click();
      await expect(widget.formula, 'the formula is shown before the scan').toContainText('= 2.5');
      await expectNoAxeViolations(page, `the lesson, ${colorScheme}, window 1 selected`);

      await widget.gradientButton.click();
      await widget.windowButton(4).click();
      await widget.codeSummary.click();
      await expect(widget.codePanel, 'the code panel is open').toBeVisible();
      await expect(widget.formula, 'the gradient split is shown before the scan').toContainText('16 / 4 = 4');
      await expectNoAxeViolations(page, `the lesson, ${colorScheme}, gradient view with the code open`);
    });
  });
}
