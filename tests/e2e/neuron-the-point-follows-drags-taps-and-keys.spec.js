import { pressAndMove } from './fixtures.js';
import { expect, NeuronPage, test } from './neuron-page.js';

test('the point is a slider that arrow keys, Home/End and PageUp/PageDown move, and a drag or a tap moves too', async ({ neuron, page }) => {
  await neuron.open();
  await neuron.recordChanges();
  const { point } = neuron;
  await expect(point, 'the point sits at the sum, 1 × 0.5 + (−2) × 0.25 + 0 = 0').toHaveAttribute('aria-valuenow', '0');
  await expect(point).toHaveAttribute('aria-valuemin', '-5');
  await expect(point).toHaveAttribute('aria-valuemax', '5');

  await point.focus();
  await page.keyboard.press('ArrowRight');
  await expect(point, 'an arrow key moves it one step, a hundredth of the axis').toHaveAttribute('aria-valuenow', '0.1');
  await expect(point).toHaveAttribute('aria-valuetext', 'z = 0.1, ReLU(z) = 0.1, slope 1');
  await expect(neuron.field('Bias b'), 'moving the point changes the bias').toHaveValue('0.1');
  await expect(neuron.status, 'the live region says what changed').toHaveText(/Point moved: bias b set to 0\.1\. Sum z = 0\.1, ReLU\(z\) = 0\.1, slope 1\./);

  await page.keyboard.press('PageDown');
  await expect(point, 'PageDown moves ten steps').toHaveAttribute('aria-valuenow', '-0.9');
  await page.keyboard.press('End');
  await expect(point, 'End goes to the right end of the axis').toHaveAttribute('aria-valuenow', '5');
  await page.keyboard.press('Home');
  await expect(point, 'Home goes to the left end').toHaveAttribute('aria-valuenow', '-5');
  await page.keyboard.press('PageUp');
  await expect(point).toHaveAttribute('aria-valuenow', '-4');
  await page.keyboard.press('ArrowDown');
  await expect(point).toHaveAttribute('aria-valuenow', '-4.1');

  const start = await neuron.pagePointAt(-4.1);
  const end = await neuron.pagePointAt(2.5);
  await pressAndMove(page, start, end, 8);
  await page.mouse.up();
  await expect.poll(() => neuron.sum(), { message: 'a drag takes the point to where it ends' }).toBeCloseTo(2.5, 1);
  const afterDrag = await neuron.numbers();
  expect(afterDrag.output, 'ReLU of a positive sum is the sum').toBeCloseTo(afterDrag.sum, 3);

  const tap = await neuron.pagePointAt(-3);
  await page.mouse.click(tap.x, tap.y);
  await expect.poll(() => neuron.sum(), { message: 'a tap puts the point where it lands' }).toBeCloseTo(-3, 1);
  await point.evaluate((node) => node.blur());
  const again = await neuron.pagePointAt(-2);
  await page.mouse.click(again.x, again.y);
  await expect(point, 'a tap gives the point focus, so the keys move it next').toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => neuron.sum(), { message: 'the key moves it a step from where the tap put it' }).toBeCloseTo(-1.9, 1);

  const changes = await neuron.changes();
  expect(changes.length, 'one neuron-change per key press and per finished drag or tap').toBe(10);
  expect(changes.every((detail) => detail.byUser === true), 'each says the learner made it').toBe(true);
  expect(changes.at(-1).state.bias, 'and carries the state').toBeCloseTo(-1.9, 1);
});

test('however large w·x, a key moves the sum by its step and a drag puts it where it ends, within float32', async ({ neuron, page }) => {
  // float32 holds numbers near 10^6 to 0.0625 and near 12345 to 0.00098: the sum lands within
  // half of that of each target.
  for (const { weights, inputs, bias, spacing } of [
    { weights: '1000 0', inputs: '1000 1000', bias: '-1000000', spacing: 0.0625 },
    { weights: '12345.67 0', inputs: '1 0', bias: '-12345.67', spacing: 2 ** -10 },
  ]) {
    await neuron.open(NeuronPage.tag({ weights, inputs, bias }));
    await neuron.point.focus();
    for (let k = 1; k <= 5; k++) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(async () => Math.abs((await neuron.sum()) - k / 10), { message: `w·x = ${weights.split(' ')[0]} × ${inputs.split(' ')[0]}: step ${k} lands on ${k / 10}` })
        .toBeLessThanOrEqual(spacing / 2);
    }
  }
  await neuron.open(NeuronPage.tag({ weights: '1000 0', inputs: '1000 1000', bias: '-1000000' }));
  await pressAndMove(neuron.page, await neuron.pagePointAt(0), await neuron.pagePointAt(2.5), 8);
  await page.mouse.up();
  await expect.poll(async () => Math.abs((await neuron.sum()) - 2.5), { message: 'w·x = 10^6: the drag ends at 2.5, within a pixel and float32' })
    .toBeLessThanOrEqual(0.1);

  // Where float32 is coarser than the key's step (2 near 2^24, the step 0.2) and the bias is
  // small, a press moves the sum to the next number float32 holds, found at once: stepping
  // the bias there froze the tab.
  await neuron.open(NeuronPage.tag({ weights: '16777216 0', inputs: '1 0', bias: '0', range: '16777210 16777230' }));
  await neuron.point.focus();
  await page.keyboard.press('ArrowRight');
  await expect(neuron.root, 'the bias that puts the sum on 16777218, the next float32').toHaveAttribute('bias', '2');
});
