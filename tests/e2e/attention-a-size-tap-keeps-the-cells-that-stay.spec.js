// <attention-widget> fits its grids to a size change rather than building them again: a stepper
// adds or removes only the row or column that comes or goes, in the grids that size shapes; the
// other cells, and every grid the size does not shape, keep their nodes. A change that shapes
// nothing (a selection, the mask) keeps every node, a focused field keeps the focus while the
// sizes change around it, and a grid's arrow keys follow its new columns.
import { allKept, keptNodes, keptPlaces, tagNodes } from './kept-nodes.js';
import { expect, test } from './attention-page.js';

const EVERY_NODE = '.panel[data-grid], input[data-key], button.computed';
const fieldsOf = (key) => `input[data-key="${key}"]`;
const cellsOf = (grid) => `.panel[data-grid="${grid}"] button.computed`;

test('one query more adds a row to Q, the scores, the weights and the output; every other node stays', async ({ attention }) => {
  await attention.open();
  expect(await tagNodes(attention, EVERY_NODE), 'the default grids: 6 panels, 18 fields, 24 cells').toBe(48);
  await attention.button('One query more').click();
  await expect(attention.root).toHaveAttribute('queries', '4');
  expect(await keptNodes(attention, fieldsOf('query')), 'Q: rows 1 to 3 kept, row 4 new').toEqual(keptPlaces(4, 2, 3, 2));
  expect(await keptNodes(attention, fieldsOf('key')), 'K is not shaped by the queries').toEqual(allKept(6));
  expect(await keptNodes(attention, fieldsOf('value')), 'V is not shaped by the queries').toEqual(allKept(6));
  for (const grid of ['scores', 'weights']) {
    expect(await keptNodes(attention, cellsOf(grid)), `${grid}: rows 1 to 3 kept, row 4 new`).toEqual(keptPlaces(4, 3, 3, 3));
  }
  expect(await keptNodes(attention, cellsOf('output')), 'output: rows 1 to 3 kept, row 4 new').toEqual(keptPlaces(4, 2, 3, 2));
  expect(await keptNodes(attention, '.panel[data-grid]'), 'every panel stays').toEqual(allKept(6));
  await expect(attention.cell('weights', 4, 3), 'the new row shows its numbers').toHaveText(/\d/);
  await expect(attention.fields('query').nth(7), 'the new row\'s fields hold their numbers').toHaveValue(/\d/);

  await attention.button('One query fewer').click();
  await expect(attention.root).toHaveAttribute('queries', '3');
  expect(await keptNodes(attention, cellsOf('scores')), 'one fewer removes the new row alone').toEqual(allKept(9));
});

test('dv one smaller takes a column from V and the output alone; Q, K, the scores and the weights keep every node', async ({ attention }) => {
  await attention.open();
  await tagNodes(attention, EVERY_NODE);
  await attention.button('dv one smaller').click();
  await expect(attention.root).toHaveAttribute('value-dim', '1');
  expect(await keptNodes(attention, fieldsOf('value')), 'V: its first column kept').toEqual(allKept(3));
  expect(await keptNodes(attention, cellsOf('output')), 'output: its first column kept').toEqual(allKept(3));
  for (const key of ['query', 'key']) expect(await keptNodes(attention, fieldsOf(key)), `${key}: every field`).toEqual(allKept(6));
  for (const grid of ['scores', 'weights']) expect(await keptNodes(attention, cellsOf(grid)), `${grid}: every cell`).toEqual(allKept(9));
  // V's fields say their place in the list of the new width: row r's is r - 1.
  const indices = await attention.fields('value').evaluateAll((fields) => fields.map((field) => field.dataset.index));
  expect(indices, 'V\'s fields index the narrower list').toEqual(['0', '1', '2']);
});

test('a selection and the causal mask keep every node', async ({ attention }) => {
  await attention.open();
  const count = await tagNodes(attention, EVERY_NODE);
  await attention.cell('weights', 2, 1).click();
  await expect(attention.root).toHaveAttribute('selected', '2');
  await attention.root.getByRole('checkbox', { name: 'Causal mask: query i sees keys 1 to i only' }).check();
  await expect(attention.cell('scores', 1, 3)).toHaveText('−∞');
  expect(await keptNodes(attention, EVERY_NODE), 'no node made again').toEqual(allKept(count));
});

test('a focused field keeps the focus through a size change, and a grid\'s arrows follow its new columns', async ({ page, attention }) => {
  await attention.open();
  const field = attention.fields('query').first();
  await field.focus();
  await attention.root.evaluate((widget) => {
    widget.setState({ queries: 4, keys: 4 });
    return widget.ready();
  });
  await expect(attention.cell('scores', 4, 4), 'the grids took the new sizes').toBeVisible();
  await expect(field, 'Q 1,1 is the node it was, focus and all').toBeFocused();

  // The scores are 4 wide now: Right goes to column 4, Down to row 2 of it.
  await attention.cell('scores', 1, 1).focus();
  for (let n = 0; n < 3; n++) await page.keyboard.press('ArrowRight');
  await expect(attention.cell('scores', 1, 4)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(attention.cell('scores', 2, 4)).toBeFocused();
});
