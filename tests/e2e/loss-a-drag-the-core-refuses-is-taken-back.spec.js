// A drag of a prediction is drawn as it moves (SettingsWidget's `move`), each step checked as a
// committed change is: a step whose numbers the core refuses is taken back. The prediction, its
// slider and the attribute stay where they were drawn; the field's alert says why, once; nothing
// is thrown to the page or reported when the drag ends; and the next drag the core takes is drawn.
//
// The page makes the core refuse on demand (watchCore, fixtures.js): while the refusal is on,
// mseLossBackward is passed NaN for its reduction, so the refusal is the core's own error.
import { alertWrites, pressAndMove, setCoreRefusing, watchAlertWrites, watchCore } from './fixtures.js';
import { expect, test } from './loss-page.js';

test.beforeEach(({ page }) => watchCore(page, { mseLossBackward: { spoiled: { index: 3, key: 'reduction' } } }));

test('a drag the core refuses is taken back, explained in place and never reported', async ({ loss, page }) => {
  const thrown = [];
  page.on('pageerror', (error) => thrown.push(`${error.name}: ${error.message}`));
  await loss.open();
  await loss.recordChanges();
  const handle = loss.handle(1);
  const valueBefore = await handle.getAttribute('aria-valuenow');
  const numbersBefore = await loss.numbers();
  const attributeBefore = await loss.root.evaluate((widget) => widget.getAttribute('predictions'));
  await watchAlertWrites(loss.root);

  await setCoreRefusing(page, true);
  const start = await loss.pagePointAt(1, Number(valueBefore));
  const end = await loss.pagePointAt(1, Number(valueBefore) + 1.5);
  await pressAndMove(page, start, end);
  await expect(loss.alert, 'the alert gives the core\'s reason, naming the argument it refused, and says what the widget does')
    .toHaveText('Attribute reduction: reduction must be \'mean\', \'sum\' or \'none\', got NaN. The widget goes back to the settings it showed.');
  await page.mouse.up();
  expect(await alertWrites(page), 'the alert is written once, not at every refused step').toBe(1);
  expect(thrown, 'the refusal is not thrown to the page').toEqual([]);
  await expect(handle, 'the prediction stays where it was drawn').toHaveAttribute('aria-valuenow', valueBefore);
  expect(await loss.numbers(), 'and so do the numbers').toEqual(numbersBefore);
  expect(await loss.root.evaluate((widget) => widget.getAttribute('predictions')), 'the attribute is as it was').toBe(attributeBefore);
  expect(await loss.changes(), 'a refused drag is not reported when it ends').toEqual([]);

  // The alert has moved the strip down: the drag's points are read again.
  await setCoreRefusing(page, false);
  const from = await loss.pagePointAt(1, Number(valueBefore));
  const to = await loss.pagePointAt(1, Number(valueBefore) + 1.5);
  await pressAndMove(page, from, to);
  await page.mouse.up();
  await expect.poll(async () => Number(await handle.getAttribute('aria-valuenow')), { message: 'the next drag the core takes is drawn' })
    .toBeCloseTo(Number(valueBefore) + 1.5, 1);
  await expect(loss.alert, 'the alert is empty once other settings are drawn').toHaveCount(0);
  expect((await loss.changes()).length, 'and reported once, when it ends').toBe(1);
});
