import { BatchnormPage, expect, test } from './batchnorm-page.js';

test('batchnorm-change reports a typed number, a training step, the mode and a reset, and nothing set from code', async ({ batchnorm }) => {
  await batchnorm.open(BatchnormPage.tag());
  await batchnorm.recordChanges();

  await batchnorm.root.evaluate((widget) => {
    widget.setState({ momentum: 0.5 });
    widget.setAttribute('weight', '2 1');
  });
  await expect(batchnorm.field('Momentum'), 'code\'s changes are drawn').toHaveValue('0.5');
  await batchnorm.root.evaluate((widget) => widget.ready());
  expect(await batchnorm.changes(), 'no event for code').toEqual([]);

  await batchnorm.field('β (bias) of channel 2').fill('3');
  await batchnorm.field('β (bias) of channel 2').press('Enter');
  await batchnorm.stepButton.click();
  await batchnorm.mode.selectOption('eval');
  await batchnorm.resetButton.click();
  await expect.poll(async () => (await batchnorm.changes()).length, { message: 'one event per change' }).toBe(4);
  const [typed, stepped, mode, reset] = await batchnorm.changes();
  expect(typed).toMatchObject({ byUser: true, state: { bias: [0, 3], weight: [2, 1], momentum: 0.5, steps: 0 } });
  expect(stepped.state.steps, 'the step is in the state').toBe(1);
  expect(stepped.state.runningMean[1], 'momentum 0.5 takes half of the batch mean 1000').toBeCloseTo(500, 3);
  expect(mode.state).toMatchObject({ training: false, steps: 1 });
  expect(reset.state).toMatchObject({ runningMean: [0, 0], runningVar: [1, 1], steps: 0, training: false });
});
