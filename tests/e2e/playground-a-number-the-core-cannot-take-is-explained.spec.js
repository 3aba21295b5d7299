// A number the core cannot take is explained where the learner is looking, and the cell keeps
// the number in use: "1,5" is neither 1.5 nor 15 until the learner says which, and 1e40 is more
// than float32, which the core computes with, can hold.
import { KNOBS_URL, expect, test } from './playground-page.js';

test('a decimal comma and 1e40 are explained, and the cell keeps its number', async ({ playground }) => {
  await playground.open(KNOBS_URL);
  const cell = playground.inputField(1, 1);
  await cell.fill('1,5');
  await expect(playground.alert, 'the comma is named, with the way to write it').toHaveText(
    'Input row 1, column 1: "1,5" has a decimal comma: write 1.5, with a point. It stays 0 until then.',
  );
  await expect(cell).toHaveAttribute('aria-invalid', 'true');
  await expect(cell, 'the refused cell is described by the alert').toHaveAccessibleDescription(/has a decimal comma/);
  await expect(playground.sizeField('kernel_size', 'height'), 'a knob the alert is not about is not').toHaveAccessibleDescription('');
  await expect(playground.outputCells.first(), 'the output still uses 0').toHaveText('2.5');
  await cell.fill('1e40');
  await expect(playground.alert).toHaveText(
    'Input row 1, column 1: 1e40 is beyond the largest number the core computes with (float32, about 3.4e38). It stays 0 until then.',
  );
  await cell.fill('1.5');
  await expect(cell).not.toHaveAttribute('aria-invalid', /.*/);
  // (1.5 + 1 + 4 + 5) / 4
  await expect(playground.outputCells.first(), 'a good number is used at once').toHaveText('2.875');
  await expect(playground.root.getByRole('alert', { includeHidden: true }), 'and the message goes').toHaveText('');
});

test('a comma never enters a knob: the field shows the number in use, and the alert says to write a point', async ({ playground }) => {
  await playground.open();
  const field = playground.sizeField('kernel_size', 'height');
  await field.fill('');
  await field.pressSequentially('1,5');
  const comma = 'kernel_size height: a number here is written with a point, not a comma (1.5, not 1,5).';
  await expect(playground.alert, 'said at the comma, beside the knob').toHaveText(comma);
  await expect(field, 'neither the comma nor the digit after it, which would make 15, is in the field').toHaveValue('1');
  await expect(field, 'which the alert describes').toHaveAccessibleDescription(comma);
  await expect(playground.outputGrid, 'kernel 1 × 2 on the 4 × 4 picture, stride 2').toHaveAccessibleName('Output, 2 × 2');
  await expect(playground.alert, 'the comma\'s sentence stays').toHaveText(comma);
  await field.press('Backspace');
  await field.pressSequentially('15');
  await expect(field, 'typed on its own, 15 is 15').toHaveValue('15');
  await expect(playground.alert, 'and the core says why it does not fit').toContainText('kernel_size (15, 2) does not fit');
});

// The page's clock is paused once the playground is drawn, so the pause before a refusal ends
// exactly when the test says.
test('a number typed key by key raises no alert on the way; one the core cannot take is refused when the typing pauses, or on Enter', async ({ page, playground }) => {
  await page.clock.install();
  await playground.open(KNOBS_URL);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const cell = playground.inputField(1, 1);
  // Every text the alert takes.
  await playground.root.evaluate((element) => {
    window.alerts = [];
    const alert = element.shadowRoot.querySelector('[role="alert"]');
    new MutationObserver(() => { if (alert.textContent) window.alerts.push(alert.textContent); })
      .observe(alert, { childList: true, characterData: true, subtree: true });
  });

  await cell.fill('');
  await cell.pressSequentially('-2.5');
  await page.clock.runFor(1000);
  // (-2.5 + 1 + 4 + 5) / 4
  await expect(playground.outputCells.first(), 'each key that reads is used').toHaveText('1.875');
  expect(await page.evaluate(() => window.alerts), 'the "-" was a number on its way').toEqual([]);

  await cell.pressSequentially('x');
  await expect(cell, 'not refused while the learner may still be typing').not.toHaveAttribute('aria-invalid');
  await page.clock.runFor(1000);
  await expect(playground.alert, 'refused once the typing pauses').toHaveText(
    'Input row 1, column 1: "-2.5x" is not a number. It stays −2.5 until then.');
  await expect(cell).toHaveAttribute('aria-invalid', 'true');

  await cell.fill('');
  await expect(cell, 'what was refused is gone').not.toHaveAttribute('aria-invalid');
  await expect(playground.root.getByRole('alert', { includeHidden: true }), 'and so is its alert').toHaveText('');
  await cell.pressSequentially('-');
  await page.clock.runFor(1000);
  await expect(cell, 'a sign alone waits for the next key, however long').not.toHaveAttribute('aria-invalid');
  await cell.press('Enter');
  await expect(cell, 'until the learner commits it').toHaveAttribute('aria-invalid', 'true');
  await expect(playground.alert).toHaveText('Input row 1, column 1: "-" is not a number. It stays −2.5 until then.');
  await cell.blur();
  await expect(cell, 'leaving the cell puts back the number in use').toHaveValue('-2.5');
  await expect(cell).not.toHaveAttribute('aria-invalid');
  await expect(cell, 'and is no longer described by the alert').toHaveAccessibleDescription('');
  await expect(playground.alert, 'which still says why, and what the cell keeps').toHaveText(
    'Input row 1, column 1: "-" is not a number. It stays −2.5 until then.');

  // Typed and left at once, before the pause after which typing is refused: leaving refuses it,
  // and the alert still holds the sentence once the focus has moved on.
  await cell.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('abc');
  await page.keyboard.press('Tab');
  await expect(cell, 'the number in use is back').toHaveValue('-2.5');
  await expect(playground.alert, 'the refusal is said').toHaveText('Input row 1, column 1: "abc" is not a number. It stays −2.5 until then.');
  await page.clock.runFor(1000);
  await expect(playground.alert, 'and stays').toContainText('"abc" is not a number');
  await expect(cell).not.toHaveAttribute('aria-invalid');
  await playground.inputField(1, 2).fill('3');
  await expect(playground.root.getByRole('alert', { includeHidden: true }), 'until other settings are drawn').toHaveText('');
});
