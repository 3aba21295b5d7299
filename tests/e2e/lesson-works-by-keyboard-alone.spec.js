import { test, expect } from './widget-page.js';

test('the lesson widget works by keyboard alone', async ({ page, widget }) => {
  await widget.open();
  const { averageButton: average, gradientButton: gradient, formula } = widget;
  const windowButton = (n) => widget.windowButton(n);

  // Start from the view toggle; from there on only keys are pressed.
  await average.focus();
  await page.keyboard.press('Tab');
  await expect(gradient, 'Tab moves from Average to Gradient').toBeFocused();
  await page.keyboard.press('Tab');
  await expect(windowButton(1), 'the next Tab stop is the first window').toBeFocused();

  await page.keyboard.press('ArrowRight');
  await expect(windowButton(2), 'ArrowRight moves to the next window').toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(windowButton(4), 'ArrowDown moves one row down').toBeFocused();
  await expect(formula, 'moving focus alone selects nothing').not.toContainText('Window 4');
  await page.keyboard.press('Enter');
  await expect(windowButton(4), 'Enter selects the focused window').toHaveAttribute('aria-pressed', 'true');
  await expect(formula, 'the formula of window 4 is announced').toContainText('(10 + 11 + 14 + 15) / 4 = 50 / 4 = 12.5');

  await page.keyboard.press('Home');
  await expect(windowButton(1), 'Home goes to the first window').toBeFocused();
  await page.keyboard.press(' ');
  await expect(windowButton(1), 'Space selects too').toHaveAttribute('aria-pressed', 'true');
  await expect(formula, 'the formula of window 1 is announced').toContainText('(0 + 1 + 4 + 5) / 4 = 10 / 4 = 2.5');

  await page.keyboard.press('Shift+Tab');
  await expect(gradient, 'the windows are a single Tab stop').toBeFocused();
  await page.keyboard.press('Enter');
  await expect(gradient, 'Enter switches to the gradient view').toHaveAttribute('aria-pressed', 'true');
  await expect(formula, 'the selected window now explains its gradient').toContainText('4 / 4 = 1');

  await page.keyboard.press('Tab');
  await expect(windowButton(1), 'Tab returns to the window last used').toBeFocused();
  await page.keyboard.press('Tab');
  const firstGradient = widget.gradientField(1);
  await expect(firstGradient, 'the next Tab stop is the first upstream gradient').toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('8');
  await expect(widget.inputCells.first(), 'typing a gradient updates its cells').toHaveText('2');
  await expect(formula, 'and the explanation of the selected window').toContainText('8 / 4 = 2');
  await page.keyboard.press('Enter');
  await expect(widget.inputCells.first(), 'Enter on a number in use changes nothing').toHaveText('2');

  // The upstream gradients are one Tab stop, as every grid of fields is: the arrow keys move
  // among them, Left and Right only from the ends of a field's text.
  await page.keyboard.press('ArrowRight');
  await expect(widget.gradientField(2), 'ArrowRight from the end of a field moves to the next gradient').toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(widget.gradientField(4), 'ArrowDown moves one row down').toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(widget.gradientField(4), 'a field arrived at is selected: ArrowLeft first moves its caret').toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(widget.gradientField(3), 'then, from the start of its text, to the gradient on the left').toBeFocused();
  await page.keyboard.press('Home');
  await expect(widget.gradientField(3), 'Home moves the caret and stays in the field').toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(windowButton(1), 'Shift+Tab leaves the gradients at once: they are a single Tab stop').toBeFocused();
  await page.keyboard.press('Tab');
  await expect(widget.gradientField(3), 'Tab returns to the gradient last used').toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await expect(widget.inputCells.nth(8), 'typing into a gradient reached by the arrows shares it out: 4 / 4').toHaveText('1');
});
