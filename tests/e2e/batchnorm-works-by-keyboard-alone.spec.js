import { BatchnormPage, expect, test } from './batchnorm-page.js';

test('Tab reaches the controls and each grid in reading order, and keys alone edit a value, step, switch mode and reset', async ({ batchnorm, page }) => {
  await batchnorm.open(BatchnormPage.tag());
  const first = batchnorm.channel(1);
  const order = [
    batchnorm.mode, batchnorm.field('Momentum'), batchnorm.stepButton, batchnorm.resetButton,
    batchnorm.field('γ (weight) of channel 1'), batchnorm.field('β (bias) of channel 1'),
    batchnorm.field('Channel 1, sample 1, row 1, column 1'), batchnorm.field('Channel 1, sample 2, row 1, column 1'),
    first.getByText('Backward pass of channel 1 (training mode)'),
    batchnorm.field('γ (weight) of channel 2'),
  ];
  await order[0].focus();
  for (const control of order.slice(1)) {
    await page.keyboard.press('Tab');
    await expect(control, 'the next Tab stop').toBeFocused();
  }
  // Only the fields make a grid, which promises arrow keys; what the layer computes is a table
  // of numbers, with nothing to focus (the gradients' sit in the closed disclosure).
  await expect(first.getByRole('grid'), 'a grid of fields per sample\'s input').toHaveCount(2);
  await expect(first.getByRole('table'), 'x̂ and y of each sample are tables').toHaveCount(4);
  await expect(first.getByRole('table', { name: 'Normalised x̂, channel 1, sample 1', exact: true }).getByRole('cell'), 'of 2 x 2 numbers').toHaveText(['-1.4142', '0', '1.4142', '0']);
  await expect(first.getByRole('gridcell'), 'no grid cell outside the fields').toHaveCount(8);

  // Arrow keys move within a sample's grid; a typed number is used when Enter commits it.
  await batchnorm.field('Channel 1, sample 1, row 1, column 1').focus();
  await page.keyboard.press('ArrowDown');
  const cell = batchnorm.field('Channel 1, sample 1, row 2, column 1');
  await expect(cell, 'ArrowDown moves to the row below').toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await expect(batchnorm.status, 'the live line gives the new statistics').toContainText('Channel 1, sample 1, row 2, column 1 is 4.');
  await expect(batchnorm.status).toContainText('channel 1: mean 1.25, variance 1.4375');

  await batchnorm.stepButton.focus();
  await page.keyboard.press('Enter');
  await expect(batchnorm.status, 'one step, in the singular').toContainText('Training step 1. Training (model.train()), 1 step; channel 1: ');
  await page.keyboard.press('Space');
  await expect(batchnorm.steps).toHaveText('Steps taken: 2');
  await expect(batchnorm.status).toContainText('Training step 2. Training (model.train()), 2 steps; channel 1: mean 1.25, variance 1.4375, running mean 0.2375');

  await batchnorm.mode.focus();
  await page.keyboard.press('ArrowDown');
  await expect(batchnorm.root, 'an arrow key on the select switches to evaluation').toHaveAttribute('training', 'false');
  await expect(batchnorm.stepButton).toBeDisabled();

  await batchnorm.resetButton.focus();
  await page.keyboard.press('Enter');
  await expect(batchnorm.steps).toHaveText('Steps taken: 0');
  await expect(batchnorm.status).toContainText('Running statistics reset');
  await page.keyboard.press('Enter');
  await expect(batchnorm.status, 'a second press, with nothing left to reset, is answered too').toHaveText(
    'The running statistics are already where they start: means 0, variances 1, 0 steps.');
});
