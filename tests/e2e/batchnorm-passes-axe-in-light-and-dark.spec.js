import { expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { BatchnormPage, expect, test } from './batchnorm-page.js';
import { otherScheme, pinScheme } from './settings-widget-page.js';

test('the widget passes axe in the light and dark schemes, in evaluation, with the backward pass open and a refused value', async ({ batchnorm, page }) => {
  // axe reads two widgets of 48 grids four times.
  test.setTimeout(180_000);
  await batchnorm.open(BatchnormPage.tag({ training: 'false', 'running-mean': '0.1 100', 'running-var': '0.9571 6.614', steps: '1' })
    + BatchnormPage.tag({ 'color-scheme': 'dark', weight: '2 0.5', bias: '3 -1' }));
  // The second widget is pinned to the scheme the page is not in (dark for the first scan, the
  // light page's).
  const second = page.locator(BatchnormPage.TAG).last();
  const pinnedAgainstThePage = { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) };
  await batchnorm.channel(1).getByText('Backward pass of channel 1 (training mode)').click();
  await expectNoAxeViolationsInBothSchemes(page, 'two batches', pinnedAgainstThePage);
  await batchnorm.field('β (bias) of channel 2').fill('1,5');
  await expect(batchnorm.alert).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, 'a refused value', pinnedAgainstThePage);
});
