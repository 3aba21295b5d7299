import { test, expect } from './widget-page.js';

test('the code panel shows the C++ function that computed the numbers on screen', async ({ widget }) => {
  await widget.open();
  const code = widget.codePanel;

  await widget.codeSummary.click();
  await expect(code, 'the forward kernel is named').toHaveAccessibleName(/avg_pool2d_forward/);
  await expect(code, 'its definition is shown, not just its name').toContainText(/void avg_pool2d_forward\w*\(/);
  await expect(code, 'the whole body is shown, up to its closing brace').toContainText(/\}\s*$/);

  await widget.gradientButton.click();
  await expect(code, 'the gradient view shows the backward kernel').toHaveAccessibleName(/avg_pool2d_backward/);
  await expect(code, 'with its definition').toContainText(/void avg_pool2d_backward\w*\(/);
});
