// A number the core cannot take is explained where the learner is looking, and the cell keeps
// the number in use: "1,5" is neither 1.5 nor 15 until the learner says which, and 1e40 is more
// than float32, which the core computes with, can hold.
import { KNOBS_URL, expect, test } from './playground-page.js';

test('a decimal comma and 1e40 are explained, and the cell keeps its number', async ({ playground }) => {
  await playground.open(KNOBS_URL);
  const cell = playground.inputField(1, 1);
  await cell.fill('1,5');
  await expect(playground.alert, 'the comma is named, with the way to write it').toHaveText(
    'Input row 1, column 1: "1,5" has a decimal comma: write 1.5, with a point. It stays 0 until then.',
  );
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(playground.outputCells.first(), 'the output still uses 0').toHaveText('2.5');
  await cell.fill('1e40');
  await expect(playground.alert).toHaveText(
    'Input row 1, column 1: 1e40 is beyond the largest number the core computes with (float32, about 3.4e38). It stays 0 until then.',
  );
  await cell.fill('1.5');
  await expect(cell).not.toHaveAttribute('aria-invalid', /.*/);
  // (1.5 + 1 + 4 + 5) / 4
  await expect(playground.outputCells.first(), 'a good number is used at once').toHaveText('2.875');
  await expect(playground.root.getByRole('alert', { includeHidden: true }), 'and the message goes').toHaveText('');
});

test('a comma never enters a knob: the field shows the number in use, and the alert says to write a point', async ({ playground }) => {
  await playground.open();
  const field = playground.sizeField('kernel_size', 'height');
  await field.fill('');
  await field.pressSequentially('1,');
  await expect(playground.alert, 'said at the comma, beside the knob').toContainText('kernel_size height: a number here is written with a point, not a comma (1.5, not 1,5).');
  await expect(field, 'the comma is not in the field').toHaveValue('1');
  await expect(playground.outputGrid, 'kernel 1 × 2 on the 4 × 4 picture, stride 2').toHaveAccessibleName('Output, 2 × 2');
});
