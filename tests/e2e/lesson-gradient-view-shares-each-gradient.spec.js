import { test, expect } from './widget-page.js';

test('the gradient view shares each upstream gradient equally over its window', async ({ widget }) => {
  await widget.open();
  const average = widget.averageButton;
  const gradient = widget.gradientButton;

  await expect(average, 'the widget opens on the forward pass').toHaveAttribute('aria-pressed', 'true');
  for (const [index, name] of ['Window 1: 2.5', 'Window 2: 4.5', 'Window 3: 10.5', 'Window 4: 12.5'].entries()) {
    await expect(widget.windowButtons.nth(index), 'each window\'s button names its average, as the output shows it').toHaveAccessibleName(name);
  }
  await gradient.click();
  await expect(gradient, 'the gradient view is on').toHaveAttribute('aria-pressed', 'true');
  await expect(average, 'the average view is off').toHaveAttribute('aria-pressed', 'false');

  await expect(widget.gradientFields, 'one editable upstream gradient per output').toHaveCount(4);
  await expect(widget.root.getByRole('grid', { name: 'Output gradients, 2 by 2' }), 'fields to focus make the output a grid').toBeVisible();
  await expect(widget.inputGrid, 'and the gradients at the input, numbers alone, a table').toHaveAccessibleName('Input gradients, 4 by 4');
  const tabStops = () => widget.gradientFields.evaluateAll((fields) => fields.map((field) => field.tabIndex));
  await expect.poll(tabStops, 'the four fields are one Tab stop: the first is in the Tab order, the others not').toEqual([0, -1, -1, -1]);
  for (const [index, value] of ['4', '8', '12', '16'].entries()) {
    await expect(
      widget.gradientField(index + 1),
      `the lesson's upstream gradient of output ${index + 1}`,
    ).toHaveValue(value);
  }

  await expect(widget.inputCells, 'each cell receives a quarter of its window\'s gradient').toHaveText([
    '1', '1', '2', '2', '1', '1', '2', '2', '3', '3', '4', '4', '3', '3', '4', '4',
  ]);

  for (const [index, name] of ['Window 1: gradient 4', 'Window 2: gradient 8', 'Window 3: gradient 12', 'Window 4: gradient 16'].entries()) {
    await expect(widget.windowButtons.nth(index), 'in the gradient view, its upstream gradient').toHaveAccessibleName(name);
  }
  await widget.windowButton(4).click();
  await expect(widget.formula, 'window 4 splits 16 over its 4 cells').toContainText('16 / 4 = 4');
  await widget.gradientField(2).fill('-2.5');
  await expect(widget.windowButton(2), 'a typed gradient renames its window').toHaveAccessibleName('Window 2: gradient -2.5');
  await expect.poll(tabStops, 'the field last used is the grid\'s Tab stop').toEqual([-1, 0, -1, -1]);

  await average.click();
  await expect(widget.outputCells, 'switching back shows the averages again').toHaveText([
    '2.5', '4.5', '10.5', '12.5',
  ]);
});
