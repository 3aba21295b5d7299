import { readFileSync } from 'node:fs';
import { expectPyTorchNumbers, NeuronPage, test } from './neuron-page.js';
import { checkCasesSideBySide } from './settings-widget-page.js';

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

// The lessons' own neurons (the cases with a url) are checked on their pages, with axe:
// neuron-lessons-show-pytorchs-numbers-and-pass-axe.
test('every number of the neuron is PyTorch\'s in every case', ({ page }) => checkCasesSideBySide(page, NeuronPage, cases.filter((candidate) => !candidate.url),
  (testCase) => attributesOf(testCase), (neuron, testCase) => expectPyTorchNumbers(neuron, testCase.expected)));
