import { expect, NeuronPage, test } from './neuron-page.js';

test('Tab reaches every control in reading order, and keys alone change the activation, a number and the point', async ({ neuron, page }) => {
  await neuron.open(NeuronPage.tag({ activation: 'swish' }));
  const order = [
    neuron.choice('Activation'), neuron.field('Swish β'), neuron.choice('Compare with'),
    neuron.field('Input 1'), neuron.field('Weight 1'), neuron.field('Input 2'), neuron.field('Weight 2'), neuron.field('Bias b'),
    neuron.point, neuron.field('Plot x from'), neuron.field('Plot x to'), neuron.field('Upstream gradient ∂L/∂y'),
  ];
  await order[0].focus();
  for (const control of order.slice(1)) {
    await page.keyboard.press('Tab');
    await expect(control, 'the next Tab stop').toBeFocused();
  }

  await neuron.field('Swish β').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0');
  await page.keyboard.press('Enter');
  await expect(neuron.status, 'beta 0 makes Swish x / 2').toContainText('Swish β is 0. Sum z = 0, Swish(z) = 0, slope 0.5.');

  await neuron.choice('Activation').focus();
  await page.keyboard.press('ArrowDown');
  await expect(neuron.root, 'an arrow key on the select picks the next activation').toHaveAttribute('activation', 'elu');
  await expect(neuron.field('ELU α'), "ELU's own knob appears").toBeVisible();
  await expect(neuron.field('Swish β')).toBeHidden();

  await neuron.point.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(neuron.point).toHaveAttribute('aria-valuenow', '-0.1');
  await expect(neuron.point).toHaveAttribute('aria-valuetext', 'z = −0.1, ELU(z) = −0.09516, slope 0.9048');
});
