import { test, expect } from './widget-page.js';

// The widget writes the learner's gradients back into its grad-output attribute (which the
// "Embed this" snippet copies): the gradients the learner did not touch keep their exact text.
test('editing one upstream gradient keeps the others exactly as they were given', async ({ widget }) => {
  await widget.open();
  await widget.root.evaluate((element) => element.setAttribute('grad-output', '0.123456 1 1 1'));
  await widget.gradientButton.click();
  await expect(widget.gradientField(1), 'the field shows the given gradient, rounded for reading').toHaveValue('0.1235');

  await widget.gradientField(2).fill('5');
  await expect(widget.root, 'the untouched gradients keep their exact text').toHaveAttribute('grad-output', '0.123456 5 1 1');
  await expect(widget.inputCells.first(), 'and window 1 still shares 0.123456 over its 4 cells').toHaveText('0.03086');
});
