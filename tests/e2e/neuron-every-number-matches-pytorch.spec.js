import { readFileSync } from 'node:fs';
import { expectShown, NeuronPage, test } from './neuron-page.js';

// PyTorch 1.13's numbers for these neurons, from tests/e2e/neuron-expected.py.
const { cases } = JSON.parse(readFileSync(new URL('./neuron-expected.json', import.meta.url), 'utf8'));

const attributesOf = (testCase) => {
  const attributes = {
    activation: testCase.activation,
    inputs: testCase.inputs.join(' '),
    weights: testCase.weights.join(' '),
    bias: testCase.bias,
    'grad-output': testCase.gradOutput,
  };
  for (const name of ['approximate', 'beta', 'alpha']) if (name in testCase) attributes[name] = testCase[name];
  return attributes;
};

for (const testCase of cases) {
  test(`every number of the neuron is PyTorch's: ${testCase.name}`, async ({ neuron }) => {
    await neuron.open(NeuronPage.tag(attributesOf(testCase)));
    const shown = await neuron.numbers();
    const { expected } = testCase;
    expectShown(shown.sum, expected.sum, 'the weighted sum');
    expectShown(shown.x, expected.sum, 'x beside the plot');
    expectShown(shown.output, expected.output, 'the output');
    expectShown(shown.fx, expected.output, 'f(x) beside the plot');
    expectShown(shown.derivative, expected.derivative, "f'(x) beside the plot");
    expectShown(shown.gradSum, expected.gradSum, 'the gradient at the bend');
    expectShown(shown.gradBias, expected.gradBias, 'the bias gradient');
    expected.gradWeights.forEach((value, i) => expectShown(shown.gradWeights[i], value, `the gradient of weight ${i + 1}`));
    expected.gradInputs.forEach((value, i) => expectShown(shown.gradInputs[i], value, `the gradient of input ${i + 1}`));
  });
}
