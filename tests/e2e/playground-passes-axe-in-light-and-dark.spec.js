// The playground lessons pass axe (WCAG 2.1 A and AA) in both colour schemes, with a worked
// example chosen, a window selected, an exercise answered and the photo pooled.
import { expectNoAxeViolations } from './fixtures.js';
import { KNOBS_URL, MAX_URL, expect, test } from './playground-page.js';

for (const colorScheme of ['light', 'dark']) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test(`"Every knob of pooling" passes axe in the ${colorScheme} scheme`, async ({ page, playground }) => {
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
      await expectNoAxeViolations(page, `"Every knob of pooling", ${colorScheme}`);
    });

    test(`"Max pooling" passes axe in the ${colorScheme} scheme, with an error shown`, async ({ page, playground }) => {
      await playground.open(MAX_URL);
      await playground.outputButton(4).click();
      await expectNoAxeViolations(page, `"Max pooling", ${colorScheme}`);
      await playground.sizeField('dilation', 'height').fill('4');
      await expect(playground.alert).toBeVisible();
      await expectNoAxeViolations(page, `"Max pooling" with an error, ${colorScheme}`);
    });
  });
}
