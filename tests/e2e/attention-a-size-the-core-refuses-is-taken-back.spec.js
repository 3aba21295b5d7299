// A size stepper changes several settings in one press: one query more adds a row to Q and
// moves nothing else, but the settings it makes (the size, Q's numbers) are checked as a whole
// when they are drawn. Settings the core refuses are taken back, every one of them: the size,
// Q and their attributes return, the grids keep their shape, the field's alert gives the core's
// reason, nothing is announced, reported or thrown to the page, and the stepper works as soon as
// the core takes its settings again.
//
// The page makes the core refuse on demand (watchCore, fixtures.js): while the refusal is on,
// attention is passed NaN in place of its query, so the refusal is the core's own
// SequenceError, quoted with the attribute the press wrote.
import { setCoreRefusing, watchCore } from './fixtures.js';
import { expect, test } from './attention-page.js';

test.beforeEach(({ page }) => watchCore(page, { attention: { spoiled: { index: 0 } } }));

test('a size the core refuses is taken back whole, and the stepper works again', async ({ page, attention }) => {
  const thrown = [];
  page.on('pageerror', (error) => thrown.push(`${error.name}: ${error.message}`));
  await attention.open();
  const before = await attention.read();
  expect(before.query, 'Q starts with 3 rows of 2').toHaveLength(6);
  const attributes = () => attention.root.evaluate((widget) => ['queries', 'query', 'selected'].map((name) => widget.getAttribute(name)));
  const attributesBefore = await attributes();
  await attention.recordChanges();

  await setCoreRefusing(page, true);
  const more = attention.button('One query more');
  await more.click();
  await expect(attention.alert, 'the field\'s alert gives the core\'s reason and says what the widget does')
    .toHaveText('Attribute query="1 0 0 1 1 1 1 0": query must be a Float32Array or an array of numbers, got NaN. '
      + 'The widget goes back to the settings it showed.');
  expect(thrown, 'the refusal is not thrown to the page').toEqual([]);
  await expect(attention.drawn, 'the numbers stay on screen').toBeVisible();
  expect(await attention.read(), 'every field, cell and line is as it was').toEqual(before);
  expect(await attention.root.evaluate((widget) => widget.getState()), 'the size and Q are the ones drawn, with no error')
    .toMatchObject({ queries: 3, query: [1, 0, 0, 1, 1, 1] });
  expect(await attention.root.evaluate((widget) => 'error' in widget.getState()), 'getState holds no error').toBe(false);
  expect(await attributes(), 'the attributes the press wrote are as they were, absent ones absent').toEqual(attributesBefore);
  await expect(more, 'the learner\'s button keeps the focus').toBeFocused();
  expect(await attention.changes(), 'a refused size is not reported').toEqual([]);

  await setCoreRefusing(page, false);
  await more.click();
  await expect(attention.root, 'the next press is taken').toHaveAttribute('queries', '4');
  await expect(attention.alert, 'and the alert is empty').toHaveCount(0);
  await expect(attention.status, 'and announced').toHaveText(/4/);
  expect((await attention.changes()).map(({ state }) => state.queries), 'only the size drawn is reported').toEqual([4]);
});
