// A drag of the point is drawn as it moves (SettingsWidget's `move`), each step checked as a
// committed change is: a step whose numbers the core refuses is taken back. The point, the bias
// and its attribute stay where they were drawn; the field's alert says why, once; nothing is
// thrown to the page or reported when the drag ends; and the next drag the core takes is drawn.
//
// The page makes the core refuse on demand (watchCore, fixtures.js): while the refusal is on,
// reluBackward is passed NaN for its upstream gradient, so the refusal is the core's own error.
import { alertWrites, pressAndMove, setCoreRefusing, watchAlertWrites, watchCore } from './fixtures.js';
import { expect, test } from './neuron-page.js';

test.beforeEach(({ page }) => watchCore(page, { reluBackward: { spoiled: { index: 0 } } }));

test('a drag the core refuses is taken back, explained in place and never reported', async ({ neuron, page }) => {
  const thrown = [];
  page.on('pageerror', (error) => thrown.push(`${error.name}: ${error.message}`));
  await neuron.open();
  await neuron.recordChanges();
  const { point } = neuron;
  await expect(point, 'the point sits at the sum, 0').toHaveAttribute('aria-valuenow', '0');
  const bias = neuron.field('Bias b');
  const biasBefore = await bias.inputValue();
  const attributeBefore = await neuron.root.evaluate((widget) => widget.getAttribute('bias'));

  await watchAlertWrites(neuron.root);
  await setCoreRefusing(page, true);
  const start = await neuron.pagePointAt(0);
  const end = await neuron.pagePointAt(2.5);
  await pressAndMove(page, start, end);
  await expect(neuron.alert, 'the alert gives the core\'s reason, naming the argument it refused, and says what the widget does')
    .toHaveText('Attribute grad-output: gradOutput must be a Float32Array or an array of numbers, got NaN. The widget goes back to the settings it showed.');
  await page.mouse.up();
  expect(await alertWrites(page), 'the alert is written once, not at every refused step').toBe(1);
  expect(thrown, 'the refusal is not thrown to the page').toEqual([]);
  await expect(point, 'the point stays where it was drawn').toHaveAttribute('aria-valuenow', '0');
  await expect(bias, 'and the bias field too').toHaveValue(biasBefore);
  expect(await neuron.root.evaluate((widget) => widget.getAttribute('bias')), 'the attribute is as it was').toBe(attributeBefore);
  expect(await neuron.changes(), 'a refused drag is not reported when it ends').toEqual([]);

  // Read again: an alert may have moved the plot.
  await setCoreRefusing(page, false);
  const from = await neuron.pagePointAt(0);
  const to = await neuron.pagePointAt(2.5);
  await pressAndMove(page, from, to);
  await page.mouse.up();
  await expect.poll(() => neuron.sum(), { message: 'the next drag the core takes is drawn' }).toBeCloseTo(2.5, 1);
  await expect(neuron.alert, 'the alert is empty once other settings are drawn').toHaveCount(0);
  expect((await neuron.changes()).length, 'and reported once, when it ends').toBe(1);
});
