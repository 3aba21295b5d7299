// A long number is shown whole in its cell on a desktop: in smaller type, on one line, its
// grid's cells widened where one is too narrow, never cut off at the cell's edge. The same grids
// are held to their cells on a 320 px phone by widgets-keep-each-number-whole-..., in the page
// load that checks their lines there; no breakpoint of a grid lies between 320 px and the 390 px
// of a common phone, and every cell is the same size at both. A desktop's width lays the
// playground out otherwise (its input cells are wider), so it gets a page load of its own.
import { test } from './fixtures.js';
import { expectLongNumbersInsideTheirCells, LONG_NUMBER_GRIDS, openWidgetWith } from './long-numbers.js';

test.use({ viewport: { width: 1280, height: 800 } });

for (const [name, url, tag, attributes] of LONG_NUMBER_GRIDS) {
  test(`${name}: every long number shows whole`, async ({ page }) => {
    await expectLongNumbersInsideTheirCells(await openWidgetWith(page, url, tag, attributes));
  });
}
