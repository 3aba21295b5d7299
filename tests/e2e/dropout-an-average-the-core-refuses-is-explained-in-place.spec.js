// Core work an element does as it draws is held to the same check as its numbers: dropout's
// "Average 1000 masks" draws the mean over a thousand of the core's masks, and a mask the core
// refuses there hides the body and gives the core's reason in the widget's alert, in place,
// never thrown to the page; the press is taken back, and the widget draws again with the next
// settings the core takes, its button working after that.
//
// The page makes the core refuse on demand (watchCore, fixtures.js): while the refusal is on,
// dropoutMask is passed a length of NaN. The widget's numbers were computed before the press and
// are kept, so only the drawing of the mean asks the core.
import { setCoreRefusing, watchCore } from './fixtures.js';
import { expect, test } from './dropout-page.js';

const REASON = 'length must be an integer, got NaN';

test.beforeEach(({ page }) => watchCore(page, { dropoutMask: { spoiled: { index: 0 } } }));

test('an average the core refuses is explained in place, never thrown to the page, and the widget works again', async ({ page, dropout }) => {
  const thrown = [];
  page.on('pageerror', (error) => thrown.push(`${error.name}: ${error.message}`));
  await dropout.open();
  const average = dropout.button('Average 1000 masks');
  await expect(average, 'the widget draws its button').toBeVisible();

  await setCoreRefusing(page, true);
  await average.click();
  await expect(dropout.alert, 'the alert gives the core\'s reason').toHaveText(REASON);
  expect(thrown, 'the refusal is not thrown to the page').toEqual([]);
  await expect(dropout.drawn, 'nothing is drawn for the refused average').toBeHidden();
  expect(await dropout.root.evaluate((widget) => widget.getState().error), 'getState says why').toBe(REASON);

  await setCoreRefusing(page, false);
  await dropout.root.evaluate((widget) => widget.setState({ seed: 7 }));
  await expect(dropout.alert, 'the alert is empty once the core takes the settings').toHaveCount(0);
  await expect(average, 'the press was taken back: the masks are drawn one at a time').toHaveAttribute('aria-pressed', 'false');
  await average.click();
  await expect(average, 'the button works again').toHaveAttribute('aria-pressed', 'true');
  await expect(dropout.status, 'and its average is announced').toHaveText('Averaged 1000 masks');
});
