import { expectNoAxeViolations } from './fixtures.js';
import { BatchnormPage, expect, test } from './batchnorm-page.js';

for (const scheme of ['light', 'dark']) {
  test(`the widget passes axe in the ${scheme} scheme, in evaluation, with the backward pass open and a refused value`, async ({ batchnorm, page }) => {
    // axe reads two widgets of 48 grids twice.
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: scheme });
    await batchnorm.open(BatchnormPage.tag({ training: 'false', 'running-mean': '0.1 100', 'running-var': '0.9571 6.614', steps: '1' })
      + BatchnormPage.tag({ 'color-scheme': scheme === 'light' ? 'dark' : 'light', weight: '2 0.5', bias: '3 -1' }));
    await batchnorm.channel(1).getByText('Backward pass of channel 1 (training mode)').click();
    await expectNoAxeViolations(page, `two batches, ${scheme} page`);
    await batchnorm.field('β (bias) of channel 2').fill('1,5');
    await expect(batchnorm.alert).toBeVisible();
    await expectNoAxeViolations(page, `a refused value, ${scheme} page`);
  });
}
