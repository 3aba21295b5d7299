import { test, expect } from './widget-page.js';

test('selecting a window shows the sum and the average of its patch', async ({ widget }) => {
  await widget.open();
  const { formula, inputCells, outputCells } = widget;

  await expect(widget.windowButtons, 'one button per window').toHaveCount(4);

  const first = widget.windowButton(1);
  await first.click();
  await expect(first, 'the chosen window is shown as pressed').toHaveAttribute('aria-pressed', 'true');
  await expect(formula, 'window 1 adds 0, 1, 4 and 5 and divides by 4').toContainText(
    '(0 + 1 + 4 + 5) / 4 = 10 / 4 = 2.5',
  );
  for (const index of [0, 1, 4, 5]) {
    await expect(inputCells.nth(index), `input cell ${index} is marked as part of window 1`).toHaveAttribute('aria-current', 'true');
  }
  await expect(inputCells.nth(2), 'input cell 2 is outside window 1').toHaveAttribute('aria-current', 'false');
  await expect(outputCells.nth(0), 'output 1 is marked').toHaveAttribute('aria-current', 'true');

  await widget.windowButton(4).click();
  await expect(first, 'only one window is pressed at a time').toHaveAttribute('aria-pressed', 'false');
  await expect(formula, 'window 4 adds 10, 11, 14 and 15').toContainText(
    '(10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5',
  );
  await expect(inputCells.nth(15), 'input cell 15 is marked as part of window 4').toHaveAttribute('aria-current', 'true');
  await expect(inputCells.nth(0), 'window 1 is no longer marked').toHaveAttribute('aria-current', 'false');
});
