// <positions-widget> fits its heat map, clocks and rows' table to a size change rather than
// building them again: a new L adds or removes a row of the map alone, a new d_model its columns
// (and the clocks and table rows of those columns); every other node stays. A chosen position
// keeps every node, and a focused cell keeps the focus while the sizes change around it.
import { allKept, keptNodes, keptPlaces, tagNodes } from './kept-nodes.js';
import { expect, test } from './positions-page.js';

const EVERY_NODE = '.map-cell, .row-head, .column-head, .clock-figure, table.rows tbody tr';

test('one position more adds a row to the map; every other node stays', async ({ positions }) => {
  await positions.open();
  expect(await tagNodes(positions, EVERY_NODE), 'the defaults, L 16 and d_model 8').toBe(16 * 8 + 16 + 8 + 4 + 8);
  await positions.button('One position more').click();
  await expect(positions.root).toHaveAttribute('positions', '17');
  expect(await keptNodes(positions, '.map-cell'), 'rows 0 to 15 kept, row 16 new').toEqual(keptPlaces(17, 8, 16, 8));
  expect(await keptNodes(positions, '.row-head'), 'row 16\'s head is new').toEqual([...allKept(16), false]);
  expect(await keptNodes(positions, '.column-head, .clock-figure, table.rows tbody tr'), 'the columns did not change').toEqual(allKept(20));
  await expect(positions.cell(16, 7), 'the new row is named with its number').toHaveAttribute('aria-label', /^Position 16, cos ω₃: −?\d/);
});

test('d_model 2 larger adds two columns, a clock and two table rows; every other node stays', async ({ positions }) => {
  await positions.open();
  await tagNodes(positions, EVERY_NODE);
  await positions.button('d_model 2 larger').click();
  await expect(positions.root).toHaveAttribute('d-model', '10');
  expect(await keptNodes(positions, '.map-cell'), 'columns 0 to 7 kept in every row').toEqual(keptPlaces(16, 10, 16, 8));
  expect(await keptNodes(positions, '.row-head'), 'the rows did not change').toEqual(allKept(16));
  expect(await keptNodes(positions, '.column-head'), 'heads 8 and 9 are new').toEqual(keptPlaces(1, 10, 1, 8));
  expect(await keptNodes(positions, '.clock-figure'), 'clock 4 is new').toEqual([...allKept(4), false]);
  expect(await keptNodes(positions, 'table.rows tbody tr'), 'table rows 8 and 9 are new').toEqual(keptPlaces(10, 1, 8, 1));

  await positions.button('d_model 2 smaller').click();
  await expect(positions.root).toHaveAttribute('d-model', '8');
  expect(await keptNodes(positions, EVERY_NODE), 'two fewer removes the new ones alone').toEqual(allKept(16 * 8 + 16 + 8 + 4 + 8));
});

test('a chosen position keeps every node, and a focused cell keeps the focus through a size change', async ({ positions }) => {
  await positions.open();
  const count = await tagNodes(positions, EVERY_NODE);
  await positions.cell(3, 2).click();
  await expect(positions.root).toHaveAttribute('selected', '3');
  await positions.button('Selected position one earlier').click();
  await expect(positions.root).toHaveAttribute('selected', '2');
  expect(await keptNodes(positions, EVERY_NODE), 'no node made again').toEqual(allKept(count));

  await positions.cell(2, 5).focus();
  await positions.root.evaluate((widget) => {
    widget.setState({ positions: 20, dModel: 12 });
    return widget.ready();
  });
  await expect(positions.cell(19, 11), 'the map took the new sizes').toBeVisible();
  await expect(positions.cell(2, 5), 'the focused cell is the node it was, focus and all').toBeFocused();
});
