import { BatchnormPage, expect, test } from './batchnorm-page.js';

// The foreign host's page has no viewport meta, so the phone is its width and touch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('on a 390 px phone every number shows without sideways scrolling, targets are 44 px, and taps step and disclose', async ({ batchnorm, page }) => {
  await batchnorm.open(BatchnormPage.tag());
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing sticks out to the side').toBeLessThanOrEqual(0);
  const widgetBox = await batchnorm.root.boundingBox();
  expect(widgetBox.width, 'the widget fits the phone').toBeLessThanOrEqual(390);

  for (const label of ['Momentum', 'γ (weight) of channel 2', 'β (bias) of channel 1', 'Channel 2, sample 2, row 2, column 2']) {
    const box = await batchnorm.field(label).boundingBox();
    expect(box.height, `${label} is a 44 px target`).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width, `${label} is on screen`).toBeLessThanOrEqual(390);
  }
  for (const button of [batchnorm.stepButton, batchnorm.resetButton]) {
    expect((await button.boundingBox()).height, 'a 44 px button').toBeGreaterThanOrEqual(44);
  }
  // A rounding residue (channel 2's x̂: 0.000006914) is written with its power of ten, on one
  // line: broken over two, "0.000006 / 914" read as two numbers.
  const lines = await batchnorm.root.evaluate((widget) => [...widget.shadowRoot.querySelectorAll('[role="cell"]')]
    .filter((cell) => cell.offsetParent && cell.firstChild?.nodeType === Node.TEXT_NODE)
    .map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return [cell.textContent, range.getClientRects().length];
    }));
  expect(lines.filter(([, count]) => count > 1), 'no number breaks over two lines').toEqual([]);
  expect(lines.map(([text]) => text), 'the residue in its short form').toContain('6.914e-6');
  const lastCell = batchnorm.channel(2).locator('[part="grid"]').nth(3).getByRole('cell').last();
  const cellBox = await lastCell.boundingBox();
  expect(cellBox.x + cellBox.width, 'the last output cell is on screen').toBeLessThanOrEqual(390);

  await batchnorm.stepButton.tap();
  await expect(batchnorm.steps).toHaveText('Steps taken: 1');
  await expect(batchnorm.channel(2).locator('dl.running dd').first()).toHaveText('100 → 190');

  const summary = batchnorm.channel(1).getByText('Backward pass of channel 1 (training mode)');
  await summary.tap();
  await expect(batchnorm.channel(1).locator('dl.grads dd').last(), 'β gets 8 from the ones').toHaveText('8');
});
