// The output grid of the view the learner is not on is built while the page is idle, so even
// the first switch of the view only puts a grid back: on a phone's slow CPU, building the
// gradient's fields during the tap (the page's first number fields) made most of its wait.
import { expect, test } from './widget-page.js';

test('the first switch to the gradient view makes no element', async ({ page, widget }) => {
  await widget.open();
  // The widget asks for its idle period when it renders; one asked for now comes after it.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve())));
  await page.evaluate(() => {
    window.made = [];
    window.makeElement = Document.prototype.createElement;
    Document.prototype.createElement = function createElement(tag, options) {
      const made = window.makeElement.call(this, tag, options);
      window.made.push(made);
      return made;
    };
  });
  await widget.gradientButton.click();
  const made = await widget.root.evaluate(async (host) => {
    await host.ready();
    Document.prototype.createElement = window.makeElement;
    // The page's own scripts may still be loading chunks (Vite adds a <link> to the head for
    // each); only what the widget made, drawn or thrown away, counts.
    return window.made.filter((made) => made.getRootNode() !== document).map((made) => made.localName);
  });
  expect(made, 'the switch made no element: the gradient grid was there already').toEqual([]);
  await expect(widget.gradientButton, 'the gradient view is on').toHaveAttribute('aria-pressed', 'true');
  await expect(widget.gradientFields, 'one upstream gradient per output').toHaveCount(4);
  for (const [index, value] of ['4', '8', '12', '16'].entries()) {
    await expect(widget.gradientField(index + 1), `the lesson's upstream gradient of output ${index + 1}`).toHaveValue(value);
  }
  await expect(widget.inputCells, 'each cell receives a quarter of its window\'s gradient').toHaveText([
    '1', '1', '2', '2', '1', '1', '2', '2', '3', '3', '4', '4', '3', '3', '4', '4',
  ]);
});
