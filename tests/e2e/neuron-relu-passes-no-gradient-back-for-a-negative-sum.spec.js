import { expect, NeuronPage, test } from './neuron-page.js';

test('the backward pass shows what reaches each weight, input and the bias, and ReLU passes nothing back for a negative sum', async ({ neuron }) => {
  await neuron.open(NeuronPage.tag({ inputs: '1 -2', weights: '0.5 0.25', bias: '1' }));
  await neuron.field('Upstream gradient ∂L/∂y').fill('2');
  let shown = await neuron.numbers();
  expect(shown.sum, 'sum 1 × 0.5 + (−2) × 0.25 + 1').toBe(1);
  expect(shown.gradSum, 'at the bend: 2 × ReLU′(1) = 2').toBe(2);
  expect(shown.gradWeights, 'weight i gets 2 × input i').toEqual([2, -4]);
  expect(shown.gradInputs, 'input i gets 2 × weight i').toEqual([1, 0.5]);
  expect(shown.gradBias, 'the bias gets the bend\'s gradient').toBe(2);
  await expect(neuron.stopNote, 'nothing is stopped').toBeHidden();

  await neuron.field('Bias b').fill('-1');
  await neuron.field('Bias b').press('Enter');
  shown = await neuron.numbers();
  expect(shown.sum, 'a negative sum').toBe(-1);
  expect(shown.output).toBe(0);
  expect(shown.derivative, 'ReLU is flat there').toBe(0);
  expect([shown.gradSum, ...shown.gradWeights, ...shown.gradInputs, shown.gradBias].every((value) => value === 0), 'every gradient is 0').toBe(true);
  await expect(neuron.stopNote).toHaveText('ReLU passes no gradient back for a negative sum: every weight, input and the bias get 0.');
  await expect(neuron.status, 'the live region says so too').toContainText('ReLU passes no gradient back');
});

test('the sigmoid passes almost nothing back once the sum is large', async ({ neuron }) => {
  await neuron.open(NeuronPage.tag({ activation: 'sigmoid', inputs: '4 3', weights: '2 1.5' }));
  await expect(neuron.stopNote).toHaveText(/Sigmoid′\(z\) is only 0\.0000\d+: the bend is flat here, so almost no gradient passes back\./);
});
