import { test, expect } from './fixtures.js';
import { FOREIGN_ORIGIN } from './embed-origins.js';

test('each embedded widget tells the host page what the learner did there, and nothing set from code', async ({ page }) => {
  await page.goto(`${FOREIGN_ORIGIN}/two-widgets.html`);
  const lessonWidget = page.getByRole('region', { name: "The lesson's widget" });
  const maxWidget = page.getByRole('region', { name: 'Max pooling, 3 by 3 windows' });
  await expect(maxWidget.getByRole('button', { name: 'Window 25' }), 'the second widget is drawn').toBeVisible();
  await expect(lessonWidget.getByRole('button', { name: 'Window 4' }), 'and the first').toBeVisible();

  // The host page listens as an embedder would: on the document, telling widgets apart by id.
  await page.evaluate(() => {
    window.poolEvents = [];
    for (const type of ['pool-select', 'pool-change']) {
      document.addEventListener(type, (event) => {
        window.poolEvents.push({ from: event.target.id, type, detail: event.detail });
      });
    }
  });
  const events = () => page.evaluate(() => window.poolEvents);

  await maxWidget.getByRole('button', { name: 'Window 7: 24', exact: true }).click();
  await expect.poll(events, { message: 'a tap fires pool-select, then pool-change with the new state' }).toEqual([
    // Window 7 is output (1, 1): its 3 x 3 window covers rows 0-2 and columns 0-2 of the
    // picture, whose largest value is 24.
    { from: 'max-widget', type: 'pool-select', detail: { index: 6, window: 7, row: 1, column: 1, cells: [0, 1, 2, 5, 6, 7, 10, 11, 12], value: 24, byUser: true } },
    {
      from: 'max-widget',
      type: 'pool-change',
      detail: expect.objectContaining({
        byUser: true,
        state: expect.objectContaining({
          op: 'max',
          view: 'forward',
          inputHeight: 5,
          inputWidth: 5,
          kernelSize: [3, 3],
          stride: [1, 1],
          padding: [1, 1],
          ceilMode: false,
          selected: 7,
          gradOutput: Array(25).fill(1),
        }),
      }),
    },
  ]);

  await lessonWidget.getByRole('button', { name: 'Gradient', exact: true }).click();
  await expect
    .poll(async () => (await events()).at(-1), { message: 'switching view is a change of the first widget' })
    .toMatchObject({ from: 'default-widget', type: 'pool-change', detail: { byUser: true, state: { view: 'backward' } } });

  await lessonWidget.getByRole('textbox', { name: 'Upstream gradient of output 2' }).fill('8');
  await expect
    .poll(async () => (await events()).at(-1), { message: 'editing a gradient reports the new gradients' })
    .toMatchObject({ from: 'default-widget', type: 'pool-change', detail: { state: { gradOutput: [1, 8, 1, 1] } } });
  const byLearner = (await events()).length;

  // The same kinds of change, made by the host page's code: visible, but silent.
  await page.evaluate(() => {
    document.getElementById('max-widget').setState({ selected: 1, view: 'backward' });
    document.getElementById('default-widget').setAttribute('stride', '1');
  });
  await expect(maxWidget.getByRole('button', { name: /^Window 1: / }), 'setState selects').toHaveAttribute('aria-pressed', 'true');
  await expect(maxWidget.getByRole('button', { name: 'Gradient', exact: true }), 'and switches the view').toHaveAttribute('aria-pressed', 'true');
  await expect(lessonWidget.getByRole('grid', { name: 'Output gradients, 3 by 3' }), 'an attribute re-renders').toBeVisible();
  expect(await events(), 'changes made from code fire no event').toHaveLength(byLearner);

  const state = await page.evaluate(() => document.getElementById('max-widget').getState());
  expect(state, 'getState reports what setState set').toMatchObject({ selected: 1, view: 'backward', op: 'max' });
});
