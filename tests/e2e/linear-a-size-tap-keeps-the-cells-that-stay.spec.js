// <linear-widget> fits its grids to a change of the layer's sizes rather than building them
// again. The sizes come from the page (attributes, setState, a link's query): a change that
// shapes no grid (a selection, a typed number, the upstream gradient) keeps every node; a size
// adds or removes only the rows and columns that come or go, bias off empties b and ∂L/∂b and
// bias on fills them again, with the other grids kept; the grids' names and captions follow the
// sizes, and a focused field keeps the focus through a change.
import { formatNumber } from '../../web/components/shared/format-number.js';
import { allKept, keptNodes, keptPlaces, tagNodes } from './kept-nodes.js';
import { expect, test } from './linear-page.js';

const EVERY_NODE = '.panel[data-grid], input[data-key], button.computed';
const fieldsOf = (key) => `input[data-key="${key}"]`;
const cellsOf = (grid) => `button.computed[data-grid="${grid}"]`;

// Sets attributes (null removes one) as a teacher's page would, and waits for the drawing.
function setSizes(linear, attributes) {
  return linear.root.evaluate((widget, given) => {
    for (const [name, value] of Object.entries(given)) {
      if (value === null) widget.removeAttribute(name);
      else widget.setAttribute(name, value);
    }
    return widget.ready();
  }, attributes);
}

// A grid's accessible name and its panel's caption.
async function expectNamed(linear, grid, name, caption) {
  const panel = linear.root.locator(`.panel[data-grid="${grid}"]`);
  await expect(panel.getByRole('grid'), `${grid}'s grid is named for its sizes`).toHaveAttribute('aria-label', name);
  await expect(panel.locator('.caption'), `${grid}'s caption follows its sizes`).toHaveText(caption);
}

test('a selection, a typed number and a new upstream gradient keep every node', async ({ linear }) => {
  await linear.open();
  const count = await tagNodes(linear, EVERY_NODE);
  expect(count, 'the default layer: 8 panels, 18 fields, 18 computed cells').toBe(44);
  await linear.cell('grad_weight', 2, 3).click();
  await expect(linear.root).toHaveAttribute('selected', 'grad_weight 2,3');
  await linear.field('Input x row 1, column 2').fill('4');
  await linear.field('Input x row 1, column 2').press('Enter');
  await expect(linear.root).toHaveAttribute('input', '1 4 -1 0.5 -2 3');
  await setSizes(linear, { 'grad-output': '1 0 0 2' });
  await expect(linear.cell('grad_bias', 1, 2), 'the new gradient is drawn').toHaveText(formatNumber(2));
  expect(await keptNodes(linear, EVERY_NODE), 'no node made again').toEqual(allKept(count));
});

test('in_features one larger adds a column where in shapes a grid; every other cell stays', async ({ linear }) => {
  await linear.open();
  await tagNodes(linear, EVERY_NODE);
  await setSizes(linear, { 'in-features': '4' });
  for (const key of ['input', 'weight']) {
    expect(await keptNodes(linear, fieldsOf(key)), `${key}: columns 1 to 3 kept`).toEqual(keptPlaces(2, 4, 2, 3));
  }
  for (const grid of ['grad_input', 'grad_weight']) {
    expect(await keptNodes(linear, cellsOf(grid)), `${grid}: columns 1 to 3 kept`).toEqual(keptPlaces(2, 4, 2, 3));
  }
  expect(await keptNodes(linear, fieldsOf('bias')), 'b is out numbers still').toEqual(allKept(2));
  expect(await keptNodes(linear, fieldsOf('gradOutput')), 'G is N × out still').toEqual(allKept(4));
  expect(await keptNodes(linear, cellsOf('output')), 'Y is N × out still').toEqual(allKept(4));
  expect(await keptNodes(linear, cellsOf('grad_bias')), '∂L/∂b is out numbers still').toEqual(allKept(2));
  expect(await keptNodes(linear, '.panel[data-grid]'), 'every panel stays').toEqual(allKept(8));

  // The kept fields read their new places in the refitted defaults: x 2,1 was input 4, now 5.
  expect(await linear.fields('input').evaluateAll((fields) => fields.map((field) => [field.dataset.index, field.value])), 'X\'s fields, row-major')
    .toEqual([1, 2, -1, 0.5, -2, 3, 1, 2].map((value, i) => [String(i), formatNumber(value)]));
  await expect(linear.field('Input x row 2, column 4'), 'the new column is named for its place').toBeVisible();
  await expect(linear.cell('output', 1, 1), 'y 1,1 = 1×0.5 + 2×(−1) + (−1)×2 + 0.5×1 + 0.5').toHaveText(formatNumber(-2.5));
  await expect(linear.cell('grad_input', 2, 4), 'the new column shows its number').toHaveText(/\d/);
  await expectNamed(linear, 'input', 'Input X, 2 by 4', 'X (input), 2 × 4');
  await expectNamed(linear, 'weight', 'Weight W, 2 by 4', 'W (weight), 2 × 4');
  await expectNamed(linear, 'grad_weight', 'Gradient ∂L/∂W, 2 by 4', '∂L/∂W = Gᵀ X, 2 × 4');
  await expectNamed(linear, 'output', 'Output Y, 2 by 2', 'Y = X Wᵀ + b, 2 × 2');

  // Each grid is still one Tab stop.
  const stops = await linear.root.evaluate((host) => [...host.shadowRoot.querySelectorAll('[role="grid"]')]
    .map((grid) => [...grid.querySelectorAll('input, button')].filter((item) => item.tabIndex === 0).length));
  expect(stops, 'one Tab stop in each of the 8 grids').toEqual(Array(8).fill(1));
});

test('a smaller batch removes a row; the rows that stay keep their cells', async ({ linear }) => {
  await linear.open();
  await tagNodes(linear, EVERY_NODE);
  await setSizes(linear, { batch: '1' });
  expect(await keptNodes(linear, fieldsOf('input')), 'X: row 1 kept').toEqual(allKept(3));
  expect(await keptNodes(linear, fieldsOf('gradOutput')), 'G: row 1 kept').toEqual(allKept(2));
  expect(await keptNodes(linear, cellsOf('output')), 'Y: row 1 kept').toEqual(allKept(2));
  expect(await keptNodes(linear, cellsOf('grad_input')), '∂L/∂x: row 1 kept').toEqual(allKept(3));
  expect(await keptNodes(linear, `${fieldsOf('weight')}, ${fieldsOf('bias')}, ${cellsOf('grad_weight')}, ${cellsOf('grad_bias')}`),
    'W, b and their gradients do not depend on the batch').toEqual(allKept(16));
  await expectNamed(linear, 'input', 'Input X, 1 by 3', 'X (input), 1 × 3');
  await expectNamed(linear, 'gradOutput', 'Upstream gradient G, 1 by 2', 'G = ∂L/∂y, 1 × 2');
  await expectNamed(linear, 'grad_input', 'Gradient ∂L/∂x, 1 by 3', '∂L/∂x = G W, 1 × 3');
});

test('bias off empties b and ∂L/∂b, bias on fills them again, and the other grids stay', async ({ linear }) => {
  await linear.open();
  await tagNodes(linear, EVERY_NODE);
  const others = `${fieldsOf('input')}, ${fieldsOf('weight')}, ${fieldsOf('gradOutput')}, ${cellsOf('output')}, ${cellsOf('grad_input')}, ${cellsOf('grad_weight')}`;
  await setSizes(linear, { bias: 'null' });
  await expect(linear.fields('bias'), 'no bias field').toHaveCount(0);
  await expect(linear.cells('grad_bias'), 'no ∂L/∂b cell').toHaveCount(0);
  await expect(linear.root.locator('.panel[data-grid="bias"]'), 'b\'s panel is hidden').toBeHidden();
  await expect(linear.root.locator('.panel[data-grid="grad_bias"]'), '∂L/∂b\'s panel is hidden').toBeHidden();
  expect(await keptNodes(linear, others), 'X, W, G, Y, ∂L/∂x and ∂L/∂W kept').toEqual(allKept(32));
  await expect(linear.cell('output', 1, 1), 'y 1,1 without b 1: −3 − 0.5').toHaveText(formatNumber(-3.5));

  await setSizes(linear, { bias: null });
  await expect(linear.root.locator('.panel[data-grid="bias"]'), 'b\'s panel is back').toBeVisible();
  expect(await keptNodes(linear, `${fieldsOf('bias')}, ${cellsOf('grad_bias')}`), 'b and ∂L/∂b are made again').toEqual([false, false, false, false]);
  expect(await linear.fields('bias').evaluateAll((fields) => fields.map((field) => field.value)), 'b\'s default').toEqual([0.5, -1].map(formatNumber));
  await expectNamed(linear, 'bias', 'Bias b, 2 numbers', 'b (bias), 2');
  expect(await keptNodes(linear, others), 'the other grids kept still').toEqual(allKept(32));
});

test('a focused field keeps the focus while in_features changes', async ({ linear }) => {
  await linear.open();
  const field = linear.field('Weight w row 2, column 2');
  await field.focus();
  await linear.root.evaluate((widget) => {
    widget.setState({ inFeatures: 4 });
    return widget.ready();
  });
  await expect(linear.fields('weight'), 'W took the new size').toHaveCount(8);
  await expect(field, 'w 2,2 is the node it was, focus and all').toBeFocused();
  await expect(field, 'it shows w 2,2 of the refitted defaults (index 5)').toHaveValue(formatNumber(-0.5));
});
