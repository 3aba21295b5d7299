// The playground lessons pass axe (WCAG 2.1 A and AA) in both colour schemes, with a worked
// example chosen, a window selected, an exercise answered and the photo pooled. Each state is
// set up once and scanned in the light scheme, then in the dark one.
import { expectNoAxeViolationsInBothSchemes } from './fixtures.js';
import { KNOBS_URL, MAX_URL, expect, test } from './playground-page.js';

/** The page and the playground in it are drawn in the dark scheme when the page is dark. */
const restyled = (page, playground) => ({ restyled: { 'the page': page.locator('body'), 'the playground': playground.root } });

test('"Every knob of pooling" passes axe in the light and dark schemes', async ({ page, playground }) => {
  // axe reads the lesson twice.
  test.setTimeout(60_000);
  await playground.open(KNOBS_URL);
  await playground.example('5 × 5, kernel 2, stride 2, ceil_mode on, no padding').click();
  await playground.outputButton(8).click();
  await expect(playground.detail, 'the window is explained before the scan').toContainText('= 25');
  const exercise = page.getByRole('group', { name: 'Exercise 1' });
  await exercise.getByRole('textbox', { name: 'Your answer' }).fill('2');
  await exercise.getByRole('button', { name: 'Check' }).click();
  await expect(exercise.getByRole('status')).toContainText('Not quite');
  await playground.root.getByRole('button', { name: 'Pool the photo of a cat' }).click();
  await expect(playground.pictureStatus).toContainText('Pooled');
  await expectNoAxeViolationsInBothSchemes(page, '"Every knob of pooling"', restyled(page, playground));
});

test('"Max pooling" passes axe in the light and dark schemes, with an error shown', async ({ page, playground }) => {
  // axe reads the lesson four times.
  test.setTimeout(90_000);
  await playground.open(MAX_URL);
  await playground.outputButton(4).click();
  await expectNoAxeViolationsInBothSchemes(page, '"Max pooling"', restyled(page, playground));
  await playground.sizeField('dilation', 'height').fill('4');
  await expect(playground.alert).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, '"Max pooling" with an error', restyled(page, playground));
});
