import { test, expect } from './fixtures.js';

test('the lesson widget shows the 4 x 4 picture and the average of each 2 x 2 patch', async ({ page }) => {
  await page.goto('/lessons/pictures/patches-of-a-picture/');
  const widget = page.locator('pool-widget');

  const input = widget.getByRole('grid', { name: /input/i });
  await expect(input, 'the input grid is named with its size').toHaveAccessibleName(/4 by 4/);
  await expect(input.getByRole('gridcell'), 'cell i of the picture holds i, row by row').toHaveText(
    Array.from({ length: 16 }, (_, i) => String(i)),
  );

  const output = widget.getByRole('grid', { name: /output/i });
  await expect(output, 'the output grid is named with its size').toHaveAccessibleName(/2 by 2/);
  await expect(output.getByRole('row'), 'the output has 2 rows').toHaveCount(2);
  await expect(output.getByRole('gridcell'), 'each output is the mean of its 2 x 2 patch').toHaveText([
    '2.5',
    '4.5',
    '10.5',
    '12.5',
  ]);
});
