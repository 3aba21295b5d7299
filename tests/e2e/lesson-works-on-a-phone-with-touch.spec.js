import { test, expect } from './widget-page.js';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('the lesson widget fits a phone and works with taps', async ({ widget }) => {
  await widget.open();
  const windowButton = (n) => widget.windowButton(n);

  await expect(widget.outputGrid, 'the output is shown').toBeVisible();
  const box = await widget.root.boundingBox();
  expect(box.x, 'the widget starts inside the screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'the widget ends inside a 390 px screen').toBeLessThanOrEqual(390);

  for (const n of [1, 2, 3, 4]) {
    const target = await windowButton(n).boundingBox();
    expect(target.width, `window ${n} is at least 44 px wide`).toBeGreaterThanOrEqual(44);
    expect(target.height, `window ${n} is at least 44 px tall`).toBeGreaterThanOrEqual(44);
  }

  await windowButton(2).tap();
  await expect(windowButton(2), 'a tap selects window 2').toHaveAttribute('aria-pressed', 'true');
  await expect(widget.formula, 'window 2 averages 2, 3, 6 and 7').toContainText(
    '(2 + 3 + 6 + 7) / 4 = 18 / 4 = 4.5',
  );

  const gradient = widget.gradientButton;
  const toggleBox = await gradient.boundingBox();
  expect(toggleBox.height, 'the view toggle is at least 44 px tall').toBeGreaterThanOrEqual(44);
  await gradient.tap();
  await expect(gradient, 'a tap switches to the gradient').toHaveAttribute('aria-pressed', 'true');
  await windowButton(3).tap();
  await expect(widget.formula, 'window 3 splits 12 over its 4 cells').toContainText('12 / 4 = 3');

  const field = widget.gradientField(3);
  const fieldBox = await field.boundingBox();
  expect(fieldBox.height, 'a gradient field is at least 44 px tall').toBeGreaterThanOrEqual(44);
  await field.tap();
  await field.fill('6');
  await expect(widget.formula, 'the new gradient is split at once').toContainText('6 / 4 = 1.5');
});
