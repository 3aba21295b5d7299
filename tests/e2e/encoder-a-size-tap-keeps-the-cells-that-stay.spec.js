// <encoder-widget> fits its grids to a change rather than building them again: a change that
// shapes no grid (the activation, the norm order, a new start, a selection) keeps every node,
// the norm order moving the stages' panels into its order; a size adds or removes only the
// rows, columns and heads that come or go, and a focused field keeps the focus through it.
import { allKept, keptNodes, keptPlaces, tagNodes } from './kept-nodes.js';
import { expect, STAGES, test } from './encoder-page.js';

const EVERY_NODE = '.panel[data-grid], input[data-key="input"], button.computed';
const cellsOf = (grid) => `.panel[data-grid="${grid}"] button.computed`;
// The defaults: 3 tokens of d_model 4, 2 heads, 8 hidden units.
const columnsOf = (stage, dModel) => (stage === 'hidden' ? 8 : dModel);

test('the activation, the norm order, a new start and a selection keep every node', async ({ encoder }) => {
  await encoder.open();
  const count = await tagNodes(encoder, EVERY_NODE);
  expect(count, 'the default block: 9 computed panels, 12 fields, 18 head cells, 96 stage cells').toBe(135);
  await encoder.choice('Activation').selectOption('gelu');
  await expect(encoder.root).toHaveAttribute('activation', 'gelu');
  await expect(encoder.panel('hidden').locator('.caption'), 'the hidden stage names its activation').toContainText('after gelu');
  await encoder.root.getByRole('checkbox', { name: 'norm_first: layer norm before each part' }).check();
  await expect(encoder.root).toHaveAttribute('norm-first', 'true');
  await encoder.button('New start').click();
  await expect(encoder.root).toHaveAttribute('seed', '1');
  await encoder.cell('norm2', 3, 1).click();
  await expect(encoder.root).toHaveAttribute('selected', '3');
  expect(await keptNodes(encoder, EVERY_NODE), 'no node made again').toEqual(allKept(count));
  const shown = await encoder.read();
  expect(shown.stages, 'the panels moved into the pre-norm order').toEqual(STAGES.pre);
});

test('one token more adds a row to every grid and a column to each head; the other cells stay', async ({ encoder }) => {
  await encoder.open();
  await tagNodes(encoder, EVERY_NODE);
  await encoder.button('One token more').click();
  await expect(encoder.root).toHaveAttribute('tokens', '4');
  expect(await keptNodes(encoder, 'input[data-key="input"]'), 'input: rows 1 to 3 kept').toEqual(keptPlaces(4, 4, 3, 4));
  for (const head of ['head-1', 'head-2']) {
    expect(await keptNodes(encoder, cellsOf(head)), `${head}: queries and keys 1 to 3 kept`).toEqual(keptPlaces(4, 4, 3, 3));
  }
  for (const stage of STAGES.post) {
    const columns = columnsOf(stage, 4);
    expect(await keptNodes(encoder, cellsOf(stage)), `${stage}: rows 1 to 3 kept`).toEqual(keptPlaces(4, columns, 3, columns));
  }
  expect(await keptNodes(encoder, '.panel[data-grid]'), 'every panel stays').toEqual(allKept(9));
  await expect(encoder.cell('norm2', 4, 4), 'the new row shows its numbers').toHaveText(/\d/);
});

test('d_model one larger adds a column where d_model shapes a grid, and the one head left keeps its panel', async ({ encoder }) => {
  await encoder.open();
  await tagNodes(encoder, EVERY_NODE);
  await encoder.button('d_model one larger').click();
  await expect(encoder.root).toHaveAttribute('d-model', '5');
  await expect(encoder.root, '2 heads do not divide 5').toHaveAttribute('nhead', '1');
  expect(await keptNodes(encoder, 'input[data-key="input"]'), 'input: columns 1 to 4 kept').toEqual(keptPlaces(3, 5, 3, 4));
  expect(await keptNodes(encoder, cellsOf('head-1')), 'head 1 is tokens by tokens still').toEqual(allKept(9));
  await expect(encoder.panel('head-2'), 'head 2 is gone').toHaveCount(0);
  for (const stage of STAGES.post) {
    expect(await keptNodes(encoder, cellsOf(stage)), `${stage}: its columns that stay kept`).toEqual(keptPlaces(3, columnsOf(stage, 5), 3, columnsOf(stage, 4)));
  }
});

test('a focused input field keeps the focus while the tokens change', async ({ encoder }) => {
  await encoder.open();
  const field = encoder.inputs.first();
  await field.focus();
  await encoder.root.evaluate((widget) => {
    widget.setState({ tokens: 5 });
    return widget.ready();
  });
  await expect(encoder.inputs, 'the input took the new size').toHaveCount(20);
  await expect(field, 'input 1,1 is the node it was, focus and all').toBeFocused();
});
