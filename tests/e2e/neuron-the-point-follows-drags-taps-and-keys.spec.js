import { pressAndMove } from './fixtures.js';
import { expect, test } from './neuron-page.js';

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
  await expect(neuron.field('Bias'), 'moving the point changes the bias').toHaveValue('0.1');
  await expect(neuron.status, 'the live region says what changed').toHaveText(/Point moved\. Sum z = 0\.1, ReLU\(z\) = 0\.1, slope 1\./);

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
