import { test, expect } from './widget-page.js';

test('the lesson widget shows the 4 x 4 picture and the average of each 2 x 2 patch', async ({ widget }) => {
  await widget.open();

  await expect(widget.inputGrid, 'the input grid is named with its size').toHaveAccessibleName(/4 by 4/);
  await expect(widget.inputCells, 'cell i of the picture holds i, row by row').toHaveText(
    Array.from({ length: 16 }, (_, i) => String(i)),
  );

  await expect(widget.outputGrid, 'the output grid is named with its size').toHaveAccessibleName(/2 by 2/);
  await expect(widget.outputRows, 'the output has 2 rows').toHaveCount(2);
  await expect(widget.outputCells, 'each output is the mean of its 2 x 2 patch').toHaveText([
    '2.5',
    '4.5',
    '10.5',
    '12.5',
  ]);
  // Numbers to read with nothing to focus are tables: a grid promises arrow keys among its cells.
  await expect(widget.root.getByRole('table'), 'the picture and the output are tables').toHaveCount(2);
  await expect(widget.root.getByRole('grid'), 'and no grid is left with nothing to focus in it').toHaveCount(0);
});
