// With ceil_mode, the formula with the learner's numbers can promise one window more than PyTorch
// keeps: the playground says why the last one is dropped.
import { KNOBS_URL, expect, test } from './playground-page.js';

test('the tutorial\'s ceil_mode example explains the window PyTorch drops', async ({ playground }) => {
  await playground.open(KNOBS_URL);
  await playground.example('5 × 5, kernel 2, stride 2, padding 1, ceil_mode on').click();
  const formula = playground.root.getByRole('definition').first();
  await expect(formula, 'the height formula with ceil_mode gives 4').toContainText('= ⌊6 / 2⌋ + 1 = 4');
  await expect(formula, 'and says why PyTorch keeps 3').toContainText('so PyTorch drops it: 3');
  await expect(playground.outputGrid).toHaveAccessibleName('Output, 3 × 3');
});

test('the windows only ceil_mode adds are marked, and their smaller divisors explained', async ({ playground }) => {
  await playground.open(KNOBS_URL);
  await playground.example('5 × 5, kernel 2, stride 2, ceil_mode on, no padding').click();
  const legend = /windows that only ceil_mode adds/;
  await expect(playground.outputButton(2), 'the third window of the first row is an extra one').toHaveAccessibleDescription(legend);
  await expect(playground.outputButton(0), 'the first is not').not.toHaveAccessibleDescription(legend);
  await playground.outputButton(8).click();
  await expect(playground.detail, 'the corner window divides by its one real cell').toHaveText(
    'Output row 3, column 3: (25) / 1 = 25 / 1 = 25. The window has 1 cell of input and divides by 1 (its 3 places past the padded edge never count).',
  );
});
