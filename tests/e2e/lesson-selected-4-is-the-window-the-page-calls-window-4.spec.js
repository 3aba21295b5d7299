// `selected` counts windows as the page names them: selected="4" is the button labelled
// "Window 4", the one the lesson's "Tap window 4" means. On the 4 x 4 picture 0..15 with 2 x 2
// windows and stride 2, that is the bottom-right patch, 10, 11, 14 and 15, whose average is
// (10 + 11 + 14 + 15) / 4 = 12.5. The iframe route's ?window=4 is the same window.
import { test, expect } from './widget-page.js';

const BOTTOM_RIGHT = [10, 11, 14, 15];

async function expectWindow4(widget) {
  await expect(widget.windowButton(4), 'the window the page calls window 4 is selected').toHaveAttribute('aria-pressed', 'true');
  await expect(widget.formula, 'the formula explains window 4, the bottom-right patch').toContainText('Window 4: (10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5');
  const marked = await widget.inputCells.evaluateAll((cells) => cells.flatMap((cell, i) => (cell.getAttribute('aria-current') === 'true' ? [i] : [])));
  expect(marked, 'the bottom-right cells are the window\'s').toEqual(BOTTOM_RIGHT);
  await expect(widget.outputCells.nth(3), 'and its output, 12.5, the fourth').toHaveAttribute('aria-current', 'true');
  await expect(widget.outputCells.nth(3)).toHaveText('12.5');
}

test('selected="4" highlights window 4, the bottom-right one whose average is 12.5, and getState says 4', async ({ widget }) => {
  await widget.open();
  await widget.root.evaluate((element) => element.setAttribute('selected', '4'));
  await expectWindow4(widget);
  expect(await widget.root.evaluate((element) => element.getState().selected), 'getState counts as the page does').toBe(4);

  await widget.windowButton(1).click();
  await expect(widget.root, 'a tap on window 1 writes selected="1"').toHaveAttribute('selected', '1');
  await widget.root.evaluate((element) => element.setState({ selected: 4 }));
  await expectWindow4(widget);
});

test('the iframe route\'s ?window=4 opens window 4, and an older link\'s ?selected=3 still does', async ({ page, widget }) => {
  for (const query of ['window=4', 'selected=3']) {
    await widget.open(`/embed/patches-of-a-picture/?${query}`);
    await expectWindow4(widget);
    await expect(widget.root, `?${query} becomes selected="4"`).toHaveAttribute('selected', '4');
  }
  expect(page.url()).toContain('selected=3');
});
