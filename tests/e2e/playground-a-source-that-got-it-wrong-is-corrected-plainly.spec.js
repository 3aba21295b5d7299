// Where a source printed numbers PyTorch does not give, the worked example quotes the claim, says
// plainly that it is wrong, and shows PyTorch's numbers.
import { KNOBS_URL, expect, test } from './playground-page.js';

test('the reference page\'s padding example says plainly that PyTorch gives 4 x 4, not 2 x 2', async ({ playground }) => {
  await playground.open(KNOBS_URL);
  await playground.example('3 × 3, 1 to 9, kernel 2, stride 1, padding 1').click();
  await expect(playground.comparison, 'the source\'s claim is quoted').toContainText('prints a 2 × 2 output, 1.5, 3.5, 4.5 and 6.5');
  await expect(playground.comparison, 'and corrected').toContainText('That is not what these settings give');
  await expect(playground.outputGrid, 'the grid is PyTorch\'s 4 x 4').toHaveAccessibleName('Output, 4 × 4');
});

test('the tutorial\'s count_include_pad example gets PyTorch\'s 1, 2, 3, 4 rather than 2.5', async ({ playground }) => {
  await playground.open(KNOBS_URL);
  await playground.example('2 × 2, kernel 2, padding 1, count_include_pad off').click();
  await expect(playground.comparison, 'the claim is quoted').toContainText('writes the result as (1 + 2 + 3 + 4) / 4 = 2.5');
  await expect(playground.comparison, 'and corrected').toContainText('It does have padding');
  await expect(playground.outputCells, 'PyTorch\'s numbers').toHaveText(['1', '2', '3', '4']);
});
