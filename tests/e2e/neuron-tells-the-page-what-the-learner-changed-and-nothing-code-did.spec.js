import { expect, test } from './neuron-page.js';

test('neuron-change fires for what the learner changes, never for attributes or state set from code', async ({ neuron, page }) => {
  await neuron.open();
  await neuron.recordChanges();
  await neuron.root.evaluate((widget) => widget.setState({ activation: 'elu', alpha: 0.5, inputs: [1, -2, 3], weights: [1, 1, -1] }));
  await neuron.root.evaluate((widget) => widget.setAttribute('bias', '0.5'));
  await neuron.root.evaluate((widget) => widget.setState({ compare: 'relu' }));
  await expect(neuron.root).toHaveAttribute('compare', 'relu');
  await neuron.root.evaluate((widget) => widget.setState({ compare: null }));
  await expect(neuron.root, 'null removes a setting').not.toHaveAttribute('compare');
  await neuron.root.evaluate((widget) => widget.ready());
  await expect(neuron.field('ELU α'), 'setState reaches the fields').toHaveValue('0.5');
  await expect(neuron.field('Weight 3')).toHaveValue('-1');
  expect(await neuron.changes(), 'no event for code').toEqual([]);
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await neuron.root.evaluate((widget) => widget.setState({ range: [4, 1] }));
  await expect.poll(() => warnings.join('\n'), { message: 'a value setState cannot store is refused with a warning' }).toContain('range: the min (4) must be less than the max (1)');

  await neuron.choice('Activation').selectOption('gelu');
  await expect(neuron.field('ELU α'), "alpha is ELU's own").toBeHidden();
  await neuron.choice('GELU form').selectOption('tanh');
  await neuron.field('Weight 2').fill('2');
  await neuron.field('Weight 2').blur();
  const changes = await neuron.changes();
  expect(changes.map((detail) => [detail.byUser, detail.state.activation, detail.state.approximate, detail.state.weights])).toEqual([
    [true, 'gelu', 'none', [1, 1, -1]],
    [true, 'gelu', 'tanh', [1, 1, -1]],
    [true, 'gelu', 'tanh', [1, 2, -1]],
  ]);
  await expect(neuron.root, 'the widget writes the learner\'s changes to its attributes').toHaveAttribute('weights', '1 2 -1');
  await expect(neuron.root).toHaveAttribute('approximate', 'tanh');
});
