import { test, expect } from './widget-page.js';

test('editing an upstream gradient updates the cells of its window as you type', async ({ widget }) => {
  await widget.open();
  await widget.gradientButton.click();

  const cells = widget.inputCells;
  const lastGradient = widget.gradientField(4);
  await expect(lastGradient, 'the lesson starts output 4 at 16').toHaveValue('16');

  await lastGradient.fill('20');
  await expect(cells, 'only window 4\'s cells change, each to 20 / 4').toHaveText([
    '1', '1', '2', '2', '1', '1', '2', '2', '3', '3', '5', '5', '3', '3', '5', '5',
  ]);

  await lastGradient.fill('-2');
  await expect(cells.nth(15), 'a negative gradient is shared out too').toHaveText('-0.5');

  await lastGradient.fill('');
  await expect(widget.alert, 'an empty gradient asks for a number').toContainText(
    'Upstream gradient of output 4 needs a number',
  );
  await expect(lastGradient, 'the bad field is marked invalid').toHaveAttribute('aria-invalid', 'true');
  await expect(cells.nth(15), 'the last good value stays in use').toHaveText('-0.5');

  await lastGradient.blur();
  await expect(lastGradient, 'leaving the field restores the last good value').toHaveValue('-2');
  await expect(widget.alertEvenIfHidden, 'and clears the message').toHaveText('');
});
