import { expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { test, expect } from './widget-page.js';

// The widget's own surface in each scheme (web/components/shared/palette.js): the page's
// scheme must reach the widget, not only the page around it.
const SURFACE = { light: 'rgb(255, 255, 255)', dark: 'rgb(21, 23, 28)' };

test('the lesson passes axe in the light and dark schemes, forward and backward', async ({ page, widget }) => {
  // axe reads the lesson four times.
  test.setTimeout(90_000);
  await widget.open();
  const inTheScheme = {
    beforeScan: async (scheme) => {
      const surface = await widget.root.evaluate((element) => getComputedStyle(element.shadowRoot.querySelector('.widget')).backgroundColor);
      expect(surface, `the widget itself is drawn in the ${scheme} scheme`).toBe(SURFACE[scheme]);
    },
    restyled: { 'the page': page.locator('body') },
  };

  await widget.windowButton(1).click();
  await expect(widget.formula, 'the formula is shown before the scan').toContainText('= 2.5');
  await expectNoAxeViolationsInBothSchemes(page, 'the lesson, window 1 selected', inTheScheme);

  await widget.gradientButton.click();
  await widget.windowButton(4).click();
  await widget.codeSummary.click();
  await expect(widget.codePanel, 'the code panel is open').toBeVisible();
  await expect(widget.formula, 'the gradient split is shown before the scan').toContainText('16 / 4 = 4');
  await expectNoAxeViolationsInBothSchemes(page, 'the lesson, gradient view with the code open', inTheScheme);
});
