import { test, expect } from './fixtures.js';
import { FOREIGN_ORIGIN } from './embed-origins.js';

// Expected values written out from PyTorch's definitions, not asked of the core:
// avg_pool2d(arange(16).view(1, 4, 4), 2) averages each 2 x 2 block; max_pool2d(x, 3, stride=1,
// padding=1) on the 5 x 5 picture below takes the largest value of each 3 x 3 neighbourhood
// (padding never wins), e.g. the corner (0, 0) sees 0, 7, 10, 17 and gives 17.
const PICTURE_5X5 = [
  0, 7, 14, 21, 3,
  10, 17, 24, 6, 13,
  20, 2, 9, 16, 23,
  5, 12, 19, 1, 8,
  15, 22, 4, 11, 18,
];
const MAX_3X3_STRIDE_1_PAD_1 = [
  17, 24, 24, 24, 21,
  20, 24, 24, 24, 23,
  20, 24, 24, 24, 23,
  22, 22, 22, 23, 23,
  22, 22, 22, 19, 18,
];
const texts = (numbers) => numbers.map(String);

test('two widgets embedded on a foreign page with a strict CSP each show their own numbers', async ({ page }) => {
  await page.goto(`${FOREIGN_ORIGIN}/two-widgets.html`);
  const lessonWidget = page.getByRole('region', { name: "The lesson's widget" });
  const maxWidget = page.getByRole('region', { name: 'Max pooling, 3 by 3 windows' });

  await expect(
    lessonWidget.getByRole('table', { name: 'Output, 2 by 2' }).getByRole('cell'),
    'a bare <pool-widget> is the lesson\'s 2 x 2 average of 0..15',
  ).toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect(
    lessonWidget.getByRole('table', { name: 'Input picture, 4 by 4' }).getByRole('cell'),
    'its picture holds 0 to 15',
  ).toHaveText(texts(Array.from({ length: 16 }, (_, i) => i)));
  await expect(lessonWidget.getByRole('button', { name: 'Average', exact: true }), 'it averages').toBeVisible();

  await expect(
    maxWidget.getByRole('table', { name: 'Input picture, 5 by 5' }).getByRole('cell'),
    'the second widget shows its own picture',
  ).toHaveText(texts(PICTURE_5X5));
  await expect(
    maxWidget.getByRole('table', { name: 'Output, 5 by 5' }).getByRole('cell'),
    'and the 3 x 3 maxima, stride 1, padding 1',
  ).toHaveText(texts(MAX_3X3_STRIDE_1_PAD_1));
  await expect(maxWidget.getByRole('button', { name: 'Maximum', exact: true }), 'it takes maxima').toBeVisible();
  await expect(maxWidget.getByRole('button', { name: /^Window \d+: / }), 'one window per output').toHaveCount(25);

  await maxWidget.getByRole('button', { name: 'Window 1: 17', exact: true }).click();
  await expect(maxWidget.getByRole('status'), 'window 1 covers only real cells of the corner').toHaveText(
    'Window 1: max(0, 7, 10, 17) = 17',
  );
  await expect(lessonWidget.locator('p.formula'), 'the other widget keeps its own selection').toHaveText(
    'No window selected yet.',
  );
});
