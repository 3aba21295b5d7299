// A link whose settings cannot be read leaves the lesson's own settings in force, and says so.
import { KNOBS_URL, expect, test } from './playground-page.js';

test('a garbage URL falls back to the defaults with a visible note', async ({ playground }) => {
  await playground.open(`${KNOBS_URL}?kernel_size=banana&stride=1`);
  await expect(playground.note, 'the note names what could not be read').toBeVisible();
  await expect(playground.note).toHaveText(
    'This link\'s settings could not be read (kernel_size must be a whole number, not "banana"), so the playground starts from the lesson\'s settings instead.',
  );
  await expect(playground.outputCells, 'the lesson\'s own 4 × 4 example, not stride 1').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect(playground.sizeField('stride', 'height'), 'nothing of the broken link is used').toHaveValue('2');
});

test('an input that does not fit its size is garbage too', async ({ playground }) => {
  await playground.open(`${KNOBS_URL}?input=2x2:1,2,3`);
  await expect(playground.note).toContainText('input has 3 numbers, but a 2x2 grid needs 4');
  await expect(playground.outputCells).toHaveText(['2.5', '4.5', '10.5', '12.5']);
});
