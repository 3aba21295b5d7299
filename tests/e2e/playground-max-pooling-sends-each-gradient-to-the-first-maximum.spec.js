// Max pooling's backward pass in the max pooling lesson: each output's gradient goes whole to the
// first maximum of its window, and a cell that wins several windows adds their gradients up.
import { MAX_URL, expect, test } from './playground-page.js';

test('max pooling sends each gradient to the first maximum, adding up where windows overlap', async ({ playground }) => {
  await playground.open(MAX_URL);
  // PyTorch 1.13 for this input, kernel 2, stride 1 and gradients 1..9 (presets.json,
  // "max-ties-and-overlap"): the ties go to the first maximum, the 4 at (3, 3) collects 28.
  await expect(playground.outputCells, 'the maxima').toHaveText(['3', '3', '3', '3', '4', '4', '2', '4', '4']);
  await expect(playground.gradInputCells, 'the gradients').toHaveText(
    ['0', '3', '3', '0', '0', '4', '0', '0', '0', '0', '28', '0', '7', '0', '0', '0'],
  );
  await expect(playground.root.getByRole('grid', { name: /^grad_input/ }), 'numbers alone, nothing to focus: a table, not a grid').toHaveCount(0);

  await playground.outputButton(0).click();
  await expect(playground.detail, 'window 1 holds 3 twice and takes the first').toContainText(
    'max(1, 3, 2, 3) = 3, taken from input row 1, column 2, the first cell holding it',
  );
  await expect(playground.root.getByText('all of its gradient, 1, to input row 1, column 2'), 'and sends it there').toBeVisible();

  await playground.gradOutputField(3, 3).fill('10');
  await expect(playground.gradInputCells.nth(10), 'the shared winner now gets 5 + 6 + 8 + 10').toHaveText('29');
  await expect(playground.gradInputCells.nth(6), 'a cell that wins nothing still gets 0').toHaveText('0');
});
