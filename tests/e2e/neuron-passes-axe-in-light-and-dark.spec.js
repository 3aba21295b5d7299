import { expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { expect, NeuronPage, test } from './neuron-page.js';
import { otherScheme, pinScheme } from './settings-widget-page.js';

test('the widget passes axe in the light and dark schemes, with a comparison, a stopped gradient and a refused value', async ({ neuron, page }) => {
  // axe reads two neurons four times.
  test.setTimeout(90_000);
  await neuron.open(NeuronPage.tag({ activation: 'swish', beta: '2', compare: 'relu', bias: '-3' })
    + NeuronPage.tag({ activation: 'relu', 'color-scheme': 'dark', weights: '-1 1' }));
  // The second neuron is pinned to the scheme the page is not in (dark for the first scan, the
  // light page's).
  const second = page.locator(NeuronPage.TAG).last();
  const pinnedAgainstThePage = { beforeScan: (scheme) => pinScheme(second, otherScheme(scheme)) };
  await expectNoAxeViolationsInBothSchemes(page, 'two neurons', pinnedAgainstThePage);
  await neuron.field('Bias b').fill('1,5');
  await expect(neuron.alert).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, 'a refused value', pinnedAgainstThePage);
});
