// Every part of the playground answers to the keyboard: native fields take typing and arrow
// keys, the grids move with the arrow keys, and Enter selects a window.
import { expect, test } from './playground-page.js';

test('the playground works by keyboard alone', async ({ page, playground }) => {
  await playground.open();
  const kernelHeight = playground.sizeField('kernel_size', 'height');
  await kernelHeight.focus();
  await page.keyboard.press('ArrowUp');
  await expect(kernelHeight, 'ArrowUp raises kernel_size height').toHaveValue('3');
  await expect(playground.outputGrid, 'and the output follows').toHaveAccessibleName('Output, 1 × 2');
  await page.keyboard.press('ArrowDown');
  await expect(playground.outputGrid).toHaveAccessibleName('Output, 2 × 2');

  const first = playground.outputButton(0);
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(playground.outputButton(1), 'ArrowRight moves along the output').toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(playground.outputButton(3), 'ArrowDown moves a row down').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(playground.outputButton(3), 'Enter selects the window').toHaveAttribute('aria-pressed', 'true');
  await expect(playground.detail, 'and it is explained').toContainText('(10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5');

  const cell = playground.inputField(1, 1);
  await cell.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('8');
  await expect(playground.outputCells.first(), 'typing into an input cell recomputes').toHaveText('4.5');
  await page.keyboard.press('ArrowDown');
  await expect(playground.inputField(2, 1), 'ArrowDown moves to the cell below').toBeFocused();

  await playground.root.getByRole('radio', { name: /Max/ }).focus();
  await page.keyboard.press('Space');
  await expect(playground.root.getByRole('radio', { name: /Max/ }), 'Space picks max pooling').toBeChecked();
  await expect(playground.outputCells, 'the maxima').toHaveText(['8', '7', '13', '15']);
});

// A cell clips what sticks out of it, so the focus ring of the control in a cell must be drawn
// where the cell shows it: inside the cell's box.
test('the focus ring of an output window and of an input cell lies inside its cell, where it shows', async ({ page, playground }) => {
  await playground.open();
  for (const control of [playground.outputButton(0), playground.inputField(1, 1)]) {
    await control.focus();
    // Moved to by the arrow keys, as a learner gets there: the ring shows.
    await page.keyboard.press('ArrowRight');
    const ring = await playground.root.evaluate((widget) => {
      const node = widget.shadowRoot.activeElement;
      const style = getComputedStyle(node);
      const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
      const box = node.getBoundingClientRect();
      const cell = node.closest('.cell').getBoundingClientRect();
      return {
        visible: node.matches(':focus-visible') && style.outlineStyle !== 'none',
        inside: box.left - reach >= cell.left - 0.5 && box.right + reach <= cell.right + 0.5 && box.top - reach >= cell.top - 0.5 && box.bottom + reach <= cell.bottom + 0.5,
      };
    });
    expect(ring, 'a ring, inside the cell').toEqual({ visible: true, inside: true });
  }
});
