// Adding or removing a score writes only the attributes it changes: on a phone's slow CPU every
// write is styled again, even one of the value already there (a bar's hidden zero line, the
// slider's value text). A watch on the whole widget sees no write that leaves an attribute as
// it was.
import { sameWrites, watchSameWrites } from './fixtures.js';
import { expect, test } from './softmax-page.js';

test('adding and removing a score rewrite no attribute with the value it has', async ({ softmax, page }) => {
  await softmax.open();
  await watchSameWrites(softmax.root);
  await softmax.root.getByRole('button', { name: 'Add a score' }).click();
  await expect(softmax.bars.locator('.bar-value'), 'a fourth class, of score 0').toHaveCount(4);
  await expect(softmax.gradientBars.locator('.bar-value'), 'a gradient for it').toHaveCount(4);
  await softmax.root.getByRole('button', { name: 'Remove the last score' }).click();
  await expect(softmax.bars.locator('.bar-value'), 'three classes again').toHaveCount(3);
  const writes = await sameWrites(page);
  expect(writes, 'no attribute written with its own value').toEqual([]);
});
