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

  // An emptied field is on its way to a number until the learner commits it.
  await lastGradient.fill('');
  await lastGradient.press('Enter');
  await expect(widget.alert, 'an empty gradient, committed, asks for a number').toContainText(
    'Upstream gradient of output 4 needs a number',
  );
  await expect(lastGradient, 'the bad field is marked invalid').toHaveAttribute('aria-invalid', 'true');
  await expect(cells.nth(15), 'the last good value stays in use').toHaveText('-0.5');

  await lastGradient.blur();
  await expect(lastGradient, 'leaving the field restores the last good value').toHaveValue('-2');
  await expect(lastGradient).not.toHaveAttribute('aria-invalid');
  await expect(widget.alertEvenIfHidden, 'and the message keeps saying what the widget keeps').toHaveText(
    'Upstream gradient of output 4 needs a number; the widget keeps -2 until you type one.');
});

test('switching to the values and back keeps each view as it was: the averages, then the edited gradient', async ({ widget }) => {
  await widget.open();
  await widget.gradientButton.click();
  await widget.gradientField(4).fill('20');
  await expect(widget.inputCells.nth(15), 'window 4 shares out 20').toHaveText('5');

  await widget.averageButton.click();
  await expect(widget.outputCells, 'the values view shows the four averages').toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await expect(widget.inputCells.nth(15), 'and the picture').toHaveText('15');

  await widget.gradientButton.click();
  await expect(widget.gradientFields, 'the gradient view has its four fields').toHaveCount(4);
  await expect(widget.gradientField(4), 'with the gradient the learner typed').toHaveValue('20');
  await expect(widget.inputCells.nth(15), 'still shared out').toHaveText('5');

  // Without an edit the model stays, and the same switches put the grids built before back.
  await widget.averageButton.click();
  await expect(widget.outputCells).toHaveText(['2.5', '4.5', '10.5', '12.5']);
  await widget.gradientButton.click();
  await expect(widget.gradientField(1), 'an untouched field keeps the lesson\'s gradient').toHaveValue('4');
  await expect(widget.gradientField(4)).toHaveValue('20');
});

test('a decimal comma is refused in words: "2,5" is never 25, and leaving the field puts back the number in use', async ({ page, widget }) => {
  await widget.open();
  await widget.gradientButton.click();
  const lastGradient = widget.gradientField(4);
  await lastGradient.fill('');
  // A text field, so "2,5" is what it shows (a number field would show "2,5" and use 25).
  await lastGradient.pressSequentially('2,5');
  await expect(widget.alert, 'said once the typing pauses, with the number to write').toHaveText(
    'Upstream gradient of output 4: "2,5" has a decimal comma: write 2.5, with a point; the widget keeps 2 until you type one it can hold.');
  await expect(lastGradient, 'the field is marked invalid').toHaveAttribute('aria-invalid', 'true');
  await expect(lastGradient, 'and described by the alert').toHaveAccessibleDescription(/decimal comma/);
  await expect(widget.inputCells.nth(15), 'the cells share out the 2 typed before the comma: 2 / 4').toHaveText('0.5');
  await lastGradient.blur();
  await expect(lastGradient, 'leaving the field puts back the number in use').toHaveValue('2');
  await expect(lastGradient).not.toHaveAttribute('aria-invalid');

  await lastGradient.fill('2.5');
  await expect(widget.inputCells.nth(15), 'the point the alert asks for is used: 2.5 / 4').toHaveText('0.625');
  await expect(widget.alertEvenIfHidden, 'a gradient drawn ends the sentence').toHaveText('');
  await lastGradient.fill('25');
  await expect(widget.inputCells.nth(15), 'and 25 typed on its own is 25').toHaveText('6.25');

  // A real paste, from the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText('3,5'));
  await lastGradient.fill('');
  await lastGradient.press('Control+V');
  await expect(widget.alert, 'a pasted comma is refused too').toContainText('"3,5" has a decimal comma: write 3.5');
  await expect(widget.inputCells.nth(15), 'the cells keep 25 / 4').toHaveText('6.25');

  // A word, which a text field takes, is refused as well.
  await lastGradient.fill('ten');
  await lastGradient.press('Enter');
  await expect(widget.alert, 'a word is not a number').toHaveText(
    'Upstream gradient of output 4: "ten" is not a number; the widget keeps 25 until you type one it can hold.');
  await expect(widget.inputCells.nth(15), 'and the cells keep 25 / 4').toHaveText('6.25');
});
