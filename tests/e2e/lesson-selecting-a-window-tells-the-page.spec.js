import { test, expect } from './widget-page.js';

test('the widget tells the page what the learner did, and only what the learner did', async ({ page, widget }) => {
  await widget.open();
  await expect(widget.windowButton(2), 'the windows are drawn').toBeVisible();
  await page.evaluate(() => {
    window.poolEvents = [];
    for (const type of ['pool-select', 'pool-change']) {
      document.addEventListener(type, (event) => window.poolEvents.push({ type, detail: event.detail }));
    }
  });
  const events = () => page.evaluate(() => window.poolEvents.map(({ type, detail }) => ({ type, ...detail })));

  await widget.windowButton(2).click();
  await expect.poll(events, { message: 'pool-select names the window, its cells and its output' }).toEqual([
    { type: 'pool-select', index: 1, window: 2, row: 0, column: 1, cells: [2, 3, 6, 7], value: 4.5, byUser: true },
    // Selecting is a change of state too: pool-change follows, with the selection in it.
    { type: 'pool-change', byUser: true, state: expect.objectContaining({ selected: 2, view: 'forward' }) },
  ]);

  await widget.gradientButton.click();
  await expect
    .poll(async () => (await events()).at(-1), { message: 'pool-change reports the new view, by the learner' })
    .toMatchObject({ type: 'pool-change', byUser: true, state: { view: 'backward', selected: 2 } });

  await widget.root.evaluate((element) => {
    element.setState({ view: 'forward', selected: 4 });
  });
  await expect(widget.windowButton(4), 'setState selects from code').toHaveAttribute('aria-pressed', 'true');
  await expect(widget.averageButton, 'and sets the view').toHaveAttribute('aria-pressed', 'true');
  expect(await events(), 'changes made from code fire no event').toHaveLength(3);
});
