// A long number is shown whole in its cell on a desktop: in smaller type, on one line, its
// grid's cells widened where one is too narrow, never cut off at the cell's edge. The same grids
// are held to their cells on a 320 px phone by widgets-keep-each-number-whole-..., in the page
// load that checks their lines there; no breakpoint of a grid lies between 320 px and the 390 px
// of a common phone, and every cell is the same size at both. A desktop's width lays the
// playground out otherwise (its input cells are wider), so it gets a page load of its own.
// A long number the learner types shows whole too, on a 320 px phone: its field grows with it,
// in a form, a table or a grid, where every cell of the grid widens alike and the columns stay
// in line; a number longer than the screen is wide still leaves the page unscrolled sideways.
import { expect, test } from './fixtures.js';
import {
  expectLongNumbersInsideTheirCells, LONG_NUMBER_GRIDS, openWidgetWith, TINY,
} from './long-numbers.js';

test.use({ viewport: { width: 1280, height: 800 } });

for (const [name, url, tag, attributes] of LONG_NUMBER_GRIDS) {
  test(`${name}: every long number shows whole`, async ({ page }) => {
    await expectLongNumbersInsideTheirCells(await openWidgetWith(page, url, tag, attributes));
  });
}

// A number wider than a phone: 41 characters.
const WIDER_THAN_A_PHONE = `-0.${'0'.repeat(34)}1234`;

// A field of each kind: in a form, in a stepper, in a table that scrolls, in a matrix's grid, in
// a grid in a card, and in the playground's grid. [name, lesson, element, field].
const TYPED_INTO = [
  ['softmax, a score', '/lessons/a-layer/softmax/', 'softmax-widget', 'x0, score of class 0'],
  ['positions, the stepper of L', '/lessons/the-transformer-and-the-reward/positions-as-clocks/', 'positions-widget', 'Positions L'],
  ['dropout, an input in its table', '/lessons/a-layer/dropout/', 'dropout-widget', 'Input 1'],
  ['a linear layer, its input grid', '/lessons/learning/backpropagation-through-a-layer/', 'linear-widget', 'Input x row 1, column 1'],
  ['batch normalisation, a sample\'s grid', '/lessons/pictures/batch-normalisation/', 'batchnorm-widget', 'Channel 1, sample 1, row 1, column 1'],
  ['the playground, its input grid', '/lessons/pictures/every-knob-of-pooling/', 'pool-playground', 'Input row 1, column 1'],
];

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 700 }, hasTouch: true });

  for (const [name, url, tag, fieldName] of TYPED_INTO) {
    test(`${name}: a long number typed shows whole, and one wider than the screen leaves the page unscrolled`, async ({ page }) => {
      const widget = await openWidgetWith(page, url, tag, {});
      const field = widget.getByRole('textbox', { name: fieldName, exact: true });
      // Typed, and drawn with whatever the widget computes from it.
      const type = async (number) => {
        await field.fill(number);
        await widget.evaluate((host) => host.ready());
        await expect(widget.getByRole('alert').filter({ hasText: /./ }), `the widget takes ${number}`).toHaveCount(0);
      };
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

      await type(TINY);
      const past = await field.evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(past, `how far ${TINY} reaches past its field's box`).toBeLessThanOrEqual(0);
      expect(await sideways(), 'the page does not scroll sideways').toBeLessThanOrEqual(0);
      // Each cell of the field's grid, if it is in one, as [left, width] row by row: every row
      // has its cells where the first row has its.
      const rows = await field.evaluate((box) => [...(box.closest('[role="grid"]')?.children ?? [])]
        .map((row) => [...row.children].map((cell) => {
          const { left, width } = cell.getBoundingClientRect();
          return [Math.round(left), Math.round(width)];
        })));
      for (const [index, row] of rows.entries()) expect(row, `the cells of row ${index + 1} sit under those of row 1`).toEqual(rows[0]);

      await type(WIDER_THAN_A_PHONE);
      expect(await sideways(), 'a number wider than the screen does not make the page scroll sideways').toBeLessThanOrEqual(0);
      const right = await widget.evaluate((host) => host.getBoundingClientRect().right - document.documentElement.clientWidth);
      expect(right, 'the widget stays inside the screen').toBeLessThanOrEqual(0);
    });
  }
});
