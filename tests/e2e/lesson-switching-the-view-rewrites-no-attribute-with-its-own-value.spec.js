// Switching between the average and the gradient writes only the attributes it changes: on a
// phone's slow CPU every write is styled again, even one of the value already there (the
// selection frame's hidden, each window's tabindex). A watch on the whole widget sees no write
// that leaves an attribute as it was.
import { sameWrites, watchSameWrites } from './fixtures.js';
import { expect, test } from './widget-page.js';

test('switching the view rewrites no attribute with the value it has', async ({ page, widget }) => {
  await widget.open();
  await watchSameWrites(widget.root);
  await widget.gradientButton.click();
  await expect(widget.inputCells, 'a quarter of each window\'s gradient').toHaveText([
    '1', '1', '2', '2', '1', '1', '2', '2', '3', '3', '4', '4', '3', '3', '4', '4',
  ]);
  await widget.averageButton.click();
  await expect(widget.outputCells, 'the averages again').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  const writes = await sameWrites(page);
  expect(writes, 'no attribute written with its own value').toEqual([]);
});
