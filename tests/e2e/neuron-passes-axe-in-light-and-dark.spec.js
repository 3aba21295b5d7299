import { expectNoAxeViolations } from './fixtures.js';
import { expect, NeuronPage, test } from './neuron-page.js';

for (const scheme of ['light', 'dark']) {
  test(`the widget passes axe in the ${scheme} scheme, with a comparison, a stopped gradient and a refused value`, async ({ neuron, page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await neuron.open(NeuronPage.tag({ activation: 'swish', beta: '2', compare: 'relu', bias: '-3' })
      + NeuronPage.tag({ activation: 'relu', 'color-scheme': scheme === 'light' ? 'dark' : 'light', weights: '-1 1' }));
    await expectNoAxeViolations(page, `two neurons, ${scheme} page`);
    await neuron.field('Bias b').fill('1,5');
    await expect(neuron.alert).toBeVisible();
    await expectNoAxeViolations(page, `a refused value, ${scheme} page`);
  });
}
